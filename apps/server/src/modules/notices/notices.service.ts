import { MEMBER_NOTICE_ACTIONS, type messageListInput, notifyIndexOf } from '@paiclass/shared';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { courseMembers, messageNotices, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { rooms } from '../../realtime/rooms';

export type NewNotice = Omit<typeof messageNotices.$inferInsert, 'id' | 'isread' | 'createdAt'>;

type NoticeRow = typeof messageNotices.$inferSelect;

/** The message-notice shape of spec 1 §3. */
function presentNotice(n: NoticeRow) {
  return {
    id: n.id,
    contenttype: n.contenttype,
    contentid: n.contentId,
    courseid: n.courseId ?? 0,
    courserole: n.courseRole,
    isread: n.isread ? (1 as const) : (0 as const),
    action: n.action,
    createtime: Math.floor(n.createdAt.getTime() / 1000),
    title: n.title,
    activitylabel: n.activitylabel,
    teacher: { username: n.fromName },
    type: n.contenttype,
    eventtype: n.eventtype,
    coid: '',
  };
}

/**
 * Adds message notices and tells each recipient's open sockets, on whichever instance they are:
 * written to the database first, so a client that was away finds them in `/MessageApi/lists`. The
 * notices are one insert and their pushes one batch (one stored-events insert), however many
 * recipients: publishing to a course of 200 costs what publishing to a course of 2 does (issue 23).
 */
export async function createNotices(ctx: AppContext, notices: NewNotice[]) {
  notices = await wantedNotices(ctx, notices);
  if (notices.length === 0) return;
  const rows = await ctx.db.insert(messageNotices).values(notices).returning();
  await ctx.realtime.publishMany(
    rows.map((row) => ({ room: rooms.user(row.userId), cmd: 'Message.notice', data: presentNotice(row) })),
  );
}

/** What a notice to a course's teachers says, in the language of the one it goes to. */
export type StaffNotice = (lang: 'zh' | 'en') => Omit<NewNotice, 'userId' | 'courseId' | 'courseRole'>;

/**
 * Tells the course's teacher and assistants (never its students, never another course's staff) of
 * something a student did, each in their own language. Called with the context of the transaction
 * that made the change, so the notices commit with it or not at all.
 */
export async function tellCourseStaff(ctx: AppContext, courseId: number, notice: StaffNotice) {
  const staff = await ctx.db
    .select({ id: users.id, lang: users.lang })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .where(and(eq(courseMembers.courseId, courseId), inArray(courseMembers.role, ['owner', 'assistant'])));
  await createNotices(
    ctx,
    staff.map((s) => {
      const n = notice(s.lang === 'en' ? 'en' : 'zh');
      // a long course name and title together may pass the column's 200 characters
      return { ...n, title: n.title.slice(0, 200), userId: s.id, courseId, courseRole: 1 };
    }),
  );
}

/**
 * The notices their recipients want: each user's switches notify1-4 (`/UserApi/setNotify`) turn a
 * kind of notice off (`notifyIndexOf`); a notice no switch governs always goes.
 */
async function wantedNotices(ctx: AppContext, notices: NewNotice[]) {
  const governed = notices.filter((n) => notifyIndexOf(n) !== null);
  if (governed.length === 0) return notices;
  const ids = [...new Set(governed.map((n) => n.userId))];
  const rows = await ctx.db.select({ id: users.id, notify: users.notify }).from(users).where(inArray(users.id, ids));
  const switches = new Map(rows.map((r) => [r.id, r.notify]));
  return notices.filter((n) => {
    const index = notifyIndexOf(n);
    return index === null || (switches.get(n.userId)?.[index] ?? 1) !== 0;
  });
}

/** `/MessageApi/lists`: the caller's notices, newest first, 10 a page (spec 1 §9). */
export async function listNotices(ctx: AppContext, user: User, input: z.infer<typeof messageListInput>) {
  const where = and(
    eq(messageNotices.userId, user.id),
    input.unread ? eq(messageNotices.isread, false) : undefined,
    input.courseid ? eq(messageNotices.courseId, input.courseid) : undefined,
    input.kind === 'members' ? inArray(messageNotices.action, [...MEMBER_NOTICE_ACTIONS]) : undefined,
  );
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
    list: rows.map(presentNotice),
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
  return { id, isread: 1 as const };
}

export async function readAllNotices(ctx: AppContext, user: User) {
  const updated = await ctx.db
    .update(messageNotices)
    .set({ isread: true })
    .where(and(eq(messageNotices.userId, user.id), eq(messageNotices.isread, false)))
    .returning({ id: messageNotices.id });
  return { count: updated.length };
}
