import type { noticeReadAnswer } from '@paiclass/shared';
import { CONTENT_TYPES } from '@paiclass/shared';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { contentProgress, contents, courseMembers, courses, messageNotices } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { loadItemById, markDone } from './content.service';
import { todoCount } from './todos.service';

/**
 * `/NoticeApi/unreadNotices`: the announcements (type 7) a student has not read, newest first, for
 * the dialog on the course list (spec 1 §2). Notice shape of spec 1 §3: id, title, courseid,
 * coursename, publishtime (seconds).
 */
export async function unreadNotices(ctx: AppContext, user: User) {
  const rows = await ctx.db
    .select({
      id: contents.id,
      title: contents.title,
      courseid: contents.courseId,
      coursename: courses.coursename,
      publishAt: contents.publishAt,
    })
    .from(contents)
    .innerJoin(
      courseMembers,
      and(eq(courseMembers.courseId, contents.courseId), eq(courseMembers.userId, user.id), eq(courseMembers.role, 'student')),
    )
    .innerJoin(courses, eq(courses.id, contents.courseId))
    .leftJoin(contentProgress, and(eq(contentProgress.contentId, contents.id), eq(contentProgress.userId, user.id)))
    .where(
      and(
        eq(contents.contenttype, 7),
        eq(contents.itemType, 1),
        eq(contents.publishState, 2),
        isNull(contents.deletedAt),
        isNull(courses.deletedAt),
        eq(courseMembers.archived, false),
        isNull(contentProgress.userId),
      ),
    )
    .orderBy(desc(contents.publishAt))
    .limit(20);
  return {
    list: rows.map(({ publishAt, ...r }) => ({ ...r, publishtime: publishAt ? Math.floor(publishAt.getTime() / 1000) : 0 })),
  };
}

/** `/NoticeApi/readNotice`: marks an announcement read without opening it ("got it" in the dialog). */
export async function readNotice(ctx: AppContext, user: User, id: number): Promise<z.output<typeof noticeReadAnswer>> {
  const { item, m } = await loadItemById(ctx, user, id);
  if (item.contenttype !== CONTENT_TYPES.announcement) throw fail('notFound');
  if (m.role === 'student') await markDone(ctx, user.id, item.id);
  return { id: item.id, state: 1 };
}

/** `/MessageApi/getAgencyMsg`: what waits for the caller: to-dos, unread message notices and unread announcements. */
export async function agencySummary(ctx: AppContext, user: User) {
  const [unread] = await ctx.db
    .select({ n: count() })
    .from(messageNotices)
    .where(and(eq(messageNotices.userId, user.id), eq(messageNotices.isread, false)));
  const notices = await unreadNotices(ctx, user);
  return { todo: await todoCount(ctx, user), unread: unread?.n ?? 0, notices: notices.list.length };
}
