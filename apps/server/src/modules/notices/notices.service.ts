import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { messageListInput } from '@paiclass/shared';
import type { Db } from '../../db/client';
import { messageNotices } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';

export type NewNotice = Omit<typeof messageNotices.$inferInsert, 'id' | 'isread' | 'createdAt'>;

/** Adds message notices; the areas call it when something happens a user should hear of. */
export async function createNotices(db: Db, notices: NewNotice[]) {
  if (notices.length) await db.insert(messageNotices).values(notices);
}

/** `/MessageApi/lists`: the caller's notices, newest first, 10 a page (spec 1 §9). */
export async function listNotices(ctx: AppContext, user: User, input: z.infer<typeof messageListInput>) {
  const where = and(eq(messageNotices.userId, user.id), input.unread ? eq(messageNotices.isread, false) : undefined);
  const [total] = await ctx.db.select({ n: count() }).from(messageNotices).where(where);
  const [unread] = await ctx.db
    .select({ n: count() })
    .from(messageNotices)
    .where(and(eq(messageNotices.userId, user.id), eq(messageNotices.isread, false)));
  const rows = await ctx.db
    .select()
    .from(messageNotices)
    .where(where)
    .orderBy(desc(messageNotices.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  return {
    total: total?.n ?? 0,
    unread: unread?.n ?? 0,
    page: input.page,
    list: rows.map((n) => ({
      id: n.id,
      contenttype: n.contenttype,
      contentid: n.contentId,
      courseid: n.courseId ?? 0,
      courserole: n.courseRole,
      isread: n.isread ? 1 : 0,
      action: n.action,
      createtime: Math.floor(n.createdAt.getTime() / 1000),
      title: n.title,
      activitylabel: n.activitylabel,
      teacher: { username: n.fromName },
      type: n.contenttype,
      eventtype: n.eventtype,
      coid: '',
    })),
  };
}

/** Marks one of the caller's notices read (isread 0 → 1); another user's notice is "not found". */
export async function readNotice(ctx: AppContext, user: User, id: number) {
  const updated = await ctx.db
    .update(messageNotices)
    .set({ isread: true })
    .where(and(eq(messageNotices.id, id), eq(messageNotices.userId, user.id)))
    .returning({ id: messageNotices.id });
  if (updated.length === 0) throw fail('notFound');
  return { id, isread: 1 };
}

export async function readAllNotices(ctx: AppContext, user: User) {
  const updated = await ctx.db
    .update(messageNotices)
    .set({ isread: true })
    .where(and(eq(messageNotices.userId, user.id), eq(messageNotices.isread, false)))
    .returning({ id: messageNotices.id });
  return { count: updated.length };
}
