import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { classControls, courseQuestionReplies, courseQuestions, speakLetters, speakMutes, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { presentReply } from './presenters';

/**
 * The reads of speaking, questions and the timer. Every one is scoped by a class time or a course
 * that the calling service has already checked the caller belongs to.
 */

/** The class time's controls (everyone muted, the timer), if any were set. */
export async function controlsOf(ctx: AppContext, classTimeId: number) {
  const [row] = await ctx.db.select().from(classControls).where(eq(classControls.classTimeId, classTimeId));
  return row;
}

/** The student's own mute row in the class time: true muted, false let speak, undefined none. */
export async function ownMute(ctx: AppContext, classTimeId: number, userId: number) {
  const [row] = await ctx.db
    .select({ muted: speakMutes.muted })
    .from(speakMutes)
    .where(and(eq(speakMutes.classTimeId, classTimeId), eq(speakMutes.userId, userId)));
  return row?.muted;
}

/** Every student's own mute row in the class time (for the staff's view). */
export async function muteRows(ctx: AppContext, classTimeId: number) {
  return ctx.db
    .select({ userId: speakMutes.userId, muted: speakMutes.muted })
    .from(speakMutes)
    .where(eq(speakMutes.classTimeId, classTimeId))
    .orderBy(asc(speakMutes.userId));
}

/** What the student sent in the class time: how many letters and the latest's time. */
export async function letterUsage(ctx: AppContext, classTimeId: number, userId: number) {
  const [row] = await ctx.db
    .select({
      sent: count(),
      last: sql<Date | null>`max(${speakLetters.createdAt})`.mapWith((v) => (v ? new Date(v) : null)),
    })
    .from(speakLetters)
    .where(and(eq(speakLetters.classTimeId, classTimeId), eq(speakLetters.userId, userId)));
  return { sent: row?.sent ?? 0, last: row?.last ?? null };
}

/** The class time's letters, oldest first (the newest `limit`); only `userId`'s when given. */
export async function lettersOf(ctx: AppContext, classTimeId: number, limit: number, userId?: number) {
  const rows = await ctx.db
    .select({ l: speakLetters, username: users.username, avatar: users.avatar })
    .from(speakLetters)
    .innerJoin(users, eq(users.id, speakLetters.userId))
    .where(and(eq(speakLetters.classTimeId, classTimeId), userId ? eq(speakLetters.userId, userId) : undefined))
    .orderBy(desc(speakLetters.id))
    .limit(limit);
  return rows.reverse();
}

/** The student's questions in the course in the last 24 hours, and the latest's time. */
export async function questionUsage(ctx: AppContext, courseId: number, userId: number) {
  const [row] = await ctx.db
    .select({
      asked: count(),
      last: sql<Date | null>`max(${courseQuestions.createdAt})`.mapWith((v) => (v ? new Date(v) : null)),
    })
    .from(courseQuestions)
    .where(
      and(
        eq(courseQuestions.courseId, courseId),
        eq(courseQuestions.userId, userId),
        sql`${courseQuestions.createdAt} > now() - interval '24 hours'`,
      ),
    );
  return { asked: row?.asked ?? 0, last: row?.last ?? null };
}

/** One question of the course with its asker, or undefined (another course's is not found). */
export async function questionOf(ctx: AppContext, courseId: number, id: number) {
  const [row] = await ctx.db
    .select({ q: courseQuestions, username: users.username, avatar: users.avatar })
    .from(courseQuestions)
    .innerJoin(users, eq(users.id, courseQuestions.userId))
    .where(and(eq(courseQuestions.id, id), eq(courseQuestions.courseId, courseId)));
  return row;
}

/** A page of the course's questions, newest first; only `userId`'s when given; with counts. */
export async function questionsPage(ctx: AppContext, courseId: number, page: number, size: number, userId?: number) {
  const where = and(eq(courseQuestions.courseId, courseId), userId ? eq(courseQuestions.userId, userId) : undefined);
  const [totals] = await ctx.db
    .select({ count: count(), open: sql<number>`count(*) filter (where ${courseQuestions.answeredAt} is null)`.mapWith(Number) })
    .from(courseQuestions)
    .where(where);
  const rows = await ctx.db
    .select({ q: courseQuestions, username: users.username, avatar: users.avatar })
    .from(courseQuestions)
    .innerJoin(users, eq(users.id, courseQuestions.userId))
    .where(where)
    .orderBy(desc(courseQuestions.id))
    .limit(size)
    .offset((page - 1) * size);
  return { count: totals?.count ?? 0, open: totals?.open ?? 0, rows };
}

/** The replies of the questions, oldest first, grouped by question (one query). */
export async function repliesOf(ctx: AppContext, questionIds: number[], after?: number) {
  const byQuestion = new Map<number, ReturnType<typeof presentReply>[]>();
  if (questionIds.length === 0) return byQuestion;
  const rows = await ctx.db
    .select({ r: courseQuestionReplies, username: users.username })
    .from(courseQuestionReplies)
    .innerJoin(users, eq(users.id, courseQuestionReplies.userId))
    .where(and(inArray(courseQuestionReplies.questionId, questionIds), after ? gt(courseQuestionReplies.id, after) : undefined))
    .orderBy(asc(courseQuestionReplies.id));
  for (const { r, username } of rows) {
    const list = byQuestion.get(r.questionId) ?? [];
    list.push(presentReply(r, username));
    byQuestion.set(r.questionId, list);
  }
  return byQuestion;
}
