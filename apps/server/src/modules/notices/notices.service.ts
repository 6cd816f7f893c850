import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { messageListInput } from '@paiclass/shared';
import { messageNotices } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { userTopic } from '../../realtime/topics';

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
 * written to the database first, so a client that was away finds them in `/MessageApi/lists`.
 */
export async function createNotices(ctx: AppContext, notices: NewNotice[]) {
  if (notices.length === 0) return;
  const rows = await ctx.db.insert(messageNotices).values(notices).returning();
  for (const row of rows)
    await ctx.bus.publish(userTopic(row.userId), { cmd: 'Message.notice', code: 0, msg: '', data: presentNotice(row) });
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
