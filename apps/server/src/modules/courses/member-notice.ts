import { COURSE_MEMBERS_CMD, type memberSettingInput } from '@paiclass/shared';
import { and, count, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { courseMembers, courses, memberEvents, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { translate } from '../../platform/i18n';
import type { JobHandler } from '../../platform/jobs';
import { inTransaction } from '../../platform/transaction';
import { rooms } from '../../realtime/rooms';
import { createNotices } from '../notices/notices.service';
import { authorize } from './courses.queries';
import { bit } from './presenters';

const DAY_MS = 86_400_000;
export const MEMBER_NOTICE_JOB = 'member-notice';
const jobKey = (courseId: number) => `${MEMBER_NOTICE_JOB}:${courseId}`;

/** The first moment after `from` on `weekday` (0 Sunday) at `time` (HH:MM), in a zone `offsetMinutes` east of UTC. */
export function nextOccurrence(from: Date, weekday: number, time: string, offsetMinutes: number): Date {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  // shift into the school's wall-clock time and read it with the UTC getters
  const local = new Date(from.getTime() + offsetMinutes * 60_000);
  const sameDay = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hours, minutes);
  let at = sameDay + ((weekday - local.getUTCDay() + 7) % 7) * DAY_MS;
  if (at <= local.getTime()) at += 7 * DAY_MS;
  return new Date(at - offsetMinutes * 60_000);
}

/**
 * Tells the course's teacher and assistants that students joined or left, so that the course home's
 * student count and the member lists follow without a reload (issue 25). Called with a transaction's
 * context, it is sent after the commit.
 */
export async function announceMembers(ctx: AppContext, courseId: number) {
  await ctx.realtime.publish(rooms.courseStaff(courseId), COURSE_MEMBERS_CMD, { courseid: courseId }).catch(() => {});
}

/** Records students joining or leaving, for the weekly notice. */
export async function recordMemberEvents(db: Db, courseId: number, userIds: number[], kind: 'join' | 'leave') {
  if (userIds.length) await db.insert(memberEvents).values(userIds.map((userId) => ({ courseId, userId, kind })));
}

/** Puts the course's next weekly notice on the job queue, or takes it off when switched off. */
export async function scheduleMemberNotice(
  ctx: AppContext,
  course: Pick<typeof courses.$inferSelect, 'id' | 'memberNotify' | 'memberNotifyDay' | 'memberNotifyTime'>,
  from = new Date(),
) {
  if (!course.memberNotify) return ctx.jobs.cancel(jobKey(course.id));
  const at = nextOccurrence(from, course.memberNotifyDay, course.memberNotifyTime, ctx.config.tzOffsetMinutes);
  await ctx.jobs.schedule(MEMBER_NOTICE_JOB, at, { courseId: course.id }, jobKey(course.id));
}

/**
 * The weekly job: tells the course's teachers how many students joined and left in the week before
 * it ran (nothing when nobody did), then schedules the next week.
 */
export function memberNoticeJob(ctx: AppContext): JobHandler {
  return async (payload, job) => {
    const courseId = Number(payload.courseId);
    const [course] = await ctx.db
      .select()
      .from(courses)
      .where(and(eq(courses.id, courseId), isNull(courses.deletedAt)));
    if (!course?.memberNotify) return;
    const since = new Date(job.runAt.getTime() - 7 * DAY_MS);
    const counts = await ctx.db
      .select({ kind: memberEvents.kind, n: count() })
      .from(memberEvents)
      .where(and(eq(memberEvents.courseId, courseId), gt(memberEvents.at, since), lte(memberEvents.at, job.runAt)))
      .groupBy(memberEvents.kind);
    const joins = counts.find((c) => c.kind === 'join')?.n ?? 0;
    const leaves = counts.find((c) => c.kind === 'leave')?.n ?? 0;
    if (joins + leaves > 0) {
      const teachers = await ctx.db
        .select({ id: users.id, lang: users.lang })
        .from(courseMembers)
        .innerJoin(users, eq(users.id, courseMembers.userId))
        .where(and(eq(courseMembers.courseId, courseId), inArray(courseMembers.role, ['owner', 'assistant'])));
      await createNotices(
        ctx,
        teachers.map((t) => ({
          userId: t.id,
          courseId,
          courseRole: 1,
          action: 'member_change',
          title: translate(t.lang === 'en' ? 'en' : 'zh', 'notices.memberChange', { course: course.coursename, joins, leaves }),
        })),
      );
    }
    await scheduleMemberNotice(ctx, course, new Date(job.runAt.getTime() + 60_000));
  };
}

export async function getMemberSetting(ctx: AppContext, user: User, courseId: number) {
  const m = await authorize(ctx, user, courseId, 'manageMembers');
  return {
    courseid: courseId,
    notify: bit(m.course.memberNotify),
    weekday: m.course.memberNotifyDay,
    time: m.course.memberNotifyTime,
  };
}

/** `/member/memberSetting`: switches the weekly notice and moves it to another day or time. Teachers only. */
export async function saveMemberSetting(ctx: AppContext, user: User, input: z.infer<typeof memberSettingInput>) {
  await authorize(ctx, user, input.courseid, 'manageMembers');
  // the setting and the job that carries it out change together
  await inTransaction(ctx, async (t) => {
    const [course] = await t.db
      .update(courses)
      .set({ memberNotify: input.notify === 1, memberNotifyDay: input.weekday, memberNotifyTime: input.time })
      .where(eq(courses.id, input.courseid))
      .returning();
    await scheduleMemberNotice(t, course!);
  });
  return getMemberSetting(ctx, user, input.courseid);
}
