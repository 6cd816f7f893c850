import { and, count, eq, sql } from 'drizzle-orm';
import { type contents, contentWatchLogs, courseMembers } from '../../db/schema';
import type { AppContext } from '../../platform/context';

type Item = typeof contents.$inferSelect;

/**
 * Records that a person was at a live or meeting (`live` true while it was on) or came afterwards,
 * adding the seconds reported; one row per item and person, written in one statement.
 */
export async function recordVisit(ctx: AppContext, contentId: number, userId: number, live: boolean, secs: number) {
  const [row] = await ctx.db
    .insert(contentWatchLogs)
    .values({
      contentId,
      userId,
      joinedLive: live ? 1 : 0,
      visited: live ? 0 : 1,
      liveSeconds: live ? secs : 0,
      replaySeconds: live ? 0 : secs,
    })
    .onConflictDoUpdate({
      target: [contentWatchLogs.contentId, contentWatchLogs.userId],
      set: live
        ? {
            joinedLive: 1,
            liveSeconds: sql`${contentWatchLogs.liveSeconds} + ${secs}`,
            lastAt: new Date(),
          }
        : {
            visited: 1,
            replaySeconds: sql`${contentWatchLogs.replaySeconds} + ${secs}`,
            lastAt: new Date(),
          },
    })
    .returning();
  return row!;
}

/**
 * The statistics of spec 2 §3 for a live, recorded lesson or meeting, over the course's current
 * students: joinLiveCount (there while it was on), noJoinVisitCount (not there, came afterwards),
 * joinVisitCount (there, and came again afterwards).
 */
export async function watchStatistics(ctx: AppContext, item: Item) {
  const [row] = await ctx.db
    .select({
      joinLive: sql<number>`count(*) filter (where ${contentWatchLogs.joinedLive} = 1)`,
      noJoinVisit: sql<number>`count(*) filter (where ${contentWatchLogs.joinedLive} = 0 and ${contentWatchLogs.visited} = 1)`,
      joinVisit: sql<number>`count(*) filter (where ${contentWatchLogs.joinedLive} = 1 and ${contentWatchLogs.visited} = 1)`,
    })
    .from(contentWatchLogs)
    .innerJoin(
      courseMembers,
      and(
        eq(courseMembers.userId, contentWatchLogs.userId),
        eq(courseMembers.courseId, item.courseId),
        eq(courseMembers.role, 'student'),
      ),
    )
    .where(eq(contentWatchLogs.contentId, item.id));
  const [students] = await ctx.db
    .select({ n: count() })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, item.courseId), eq(courseMembers.role, 'student')));
  return {
    joinLiveCount: Number(row?.joinLive ?? 0),
    noJoinVisitCount: Number(row?.noJoinVisit ?? 0),
    joinVisitCount: Number(row?.joinVisit ?? 0),
    fullcount: students?.n ?? 0,
  };
}
