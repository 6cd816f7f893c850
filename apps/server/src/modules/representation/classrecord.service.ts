import {
  CLASS_LEAD_MINUTES,
  CLASS_RECORD_LIMIT,
  type ClassRecord,
  type ClassRecordInput,
  type ClassRecordListAnswer,
  PRESENT_STATES,
} from '@paiclass/shared';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import {
  attendanceRecords,
  attendances,
  barrageMessages,
  classTimes,
  contents,
  courseMembers,
  courseStars,
  coursewareDoubts,
  interactAnswers,
  interactSteps,
  races,
  users,
} from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { authorize } from '../courses/courses.queries';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
/** the end of a class time's window: its end, or now while it is in progress */
const windowEnd = sql`coalesce(${classTimes.endedAt}, now())`;
/**
 * Where a class time's attendances begin (issue 25: a roll taken before 上课 in the same period is that
 * class's): up to CLASS_LEAD_MINUTES before it began, but never before the course's previous class time
 * ended, so that an attendance counts in one class only.
 */
const attendanceWindowStart = sql`greatest(
  ${classTimes.startedAt} - make_interval(mins => ${CLASS_LEAD_MINUTES}),
  coalesce(
    (select max(coalesce(earlier.ended_at, earlier.started_at)) from ${classTimes} earlier
      where earlier.course_id = ${classTimes.courseId} and earlier.started_at < ${classTimes.startedAt}),
    '-infinity'::timestamptz
  )
)`;

/**
 * `/FutureV2/ClassRecord/lists`: each class time of the course, newest first (at most
 * CLASS_RECORD_LIMIT; only `classtimeid` when given, 40004 when it is not the course's), with what
 * happened in it: attendances started during it (or in the lead-up to it: `attendanceWindowStart`) and
 * the students present or late in them, bullet
 * comments, races and their winners, the interactive steps asked with how many answered and were
 * right, courseware doubts marked during it, and the stars given. The teacher and assistants only (40003).
 */
export async function classRecords(ctx: AppContext, user: User, input: ClassRecordInput): Promise<ClassRecordListAnswer> {
  await authorize(ctx, user, input.courseid, 'teachClass');
  const times = await ctx.db
    .select({ id: classTimes.id, startedAt: classTimes.startedAt, endedAt: classTimes.endedAt })
    .from(classTimes)
    .where(and(eq(classTimes.courseId, input.courseid), input.classtimeid ? eq(classTimes.id, input.classtimeid) : undefined))
    .orderBy(desc(classTimes.startedAt), desc(classTimes.id))
    .limit(CLASS_RECORD_LIMIT);
  if (input.classtimeid && times.length === 0) throw fail('notFound');
  const [students] = await ctx.db
    .select({ n: count() })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, input.courseid), eq(courseMembers.role, 'student')));
  if (times.length === 0) return { courseid: input.courseid, students: students?.n ?? 0, list: [] };
  const ids = times.map((t) => t.id);
  const inWindow = (at: typeof attendances.createdAt | typeof coursewareDoubts.createdAt) =>
    and(gte(at, classTimes.startedAt), lt(at, windowEnd));

  const [attended, comments, raceRows, stepRows, doubts, stars] = await Promise.all([
    ctx.db
      .select({
        id: classTimes.id,
        attendances: sql<number>`count(distinct ${attendances.id})::int`.mapWith(Number),
        present:
          sql<number>`(count(distinct ${attendanceRecords.userId}) filter (where ${inArray(attendanceRecords.state, [...PRESENT_STATES])}))::int`.mapWith(
            Number,
          ),
      })
      .from(classTimes)
      .innerJoin(
        attendances,
        and(
          eq(attendances.courseId, classTimes.courseId),
          isNull(attendances.deletedAt),
          gte(attendances.createdAt, attendanceWindowStart),
          lt(attendances.createdAt, windowEnd),
        ),
      )
      .leftJoin(attendanceRecords, eq(attendanceRecords.attendanceId, attendances.id))
      .where(inArray(classTimes.id, ids))
      .groupBy(classTimes.id),
    ctx.db
      .select({ id: barrageMessages.classTimeId, n: count() })
      .from(barrageMessages)
      .where(inArray(barrageMessages.classTimeId, ids))
      .groupBy(barrageMessages.classTimeId),
    ctx.db
      .select({ id: races.id, classTimeId: races.classTimeId, winner: users.username })
      .from(races)
      .leftJoin(users, eq(users.id, races.winnerId))
      .where(inArray(races.classTimeId, ids))
      .orderBy(asc(races.startedAt)),
    ctx.db
      .select({
        id: interactSteps.id,
        classTimeId: interactSteps.classTimeId,
        stem: interactSteps.stem,
        answered: sql<number>`count(${interactAnswers.userId})::int`.mapWith(Number),
        correct: sql<number>`(count(*) filter (where ${interactAnswers.correct} = 1))::int`.mapWith(Number),
      })
      .from(interactSteps)
      .leftJoin(interactAnswers, eq(interactAnswers.stepId, interactSteps.id))
      .where(and(inArray(interactSteps.classTimeId, ids), isNotNull(interactSteps.openedAt)))
      .groupBy(interactSteps.id)
      .orderBy(asc(interactSteps.openedAt)),
    ctx.db
      .select({ id: classTimes.id, n: count() })
      .from(classTimes)
      .innerJoin(contents, eq(contents.courseId, classTimes.courseId))
      .innerJoin(coursewareDoubts, and(eq(coursewareDoubts.contentId, contents.id), inWindow(coursewareDoubts.createdAt)))
      .where(inArray(classTimes.id, ids))
      .groupBy(classTimes.id),
    ctx.db
      .select({ id: courseStars.classTimeId, n: sql<number>`sum(${courseStars.stars})::int`.mapWith(Number) })
      .from(courseStars)
      .where(inArray(courseStars.classTimeId, ids))
      .groupBy(courseStars.classTimeId),
  ]);

  const byId = <T extends { id: number | null }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const attendedOf = byId(attended);
  const commentsOf = byId(comments);
  const doubtsOf = byId(doubts);
  const starsOf = byId(stars);
  const list: ClassRecord[] = times.map((t) => ({
    classtimeid: t.id,
    starttime: seconds(t.startedAt),
    endtime: t.endedAt ? seconds(t.endedAt) : 0,
    attendances: attendedOf.get(t.id)?.attendances ?? 0,
    present: attendedOf.get(t.id)?.present ?? 0,
    barrage: commentsOf.get(t.id)?.n ?? 0,
    races: raceRows.filter((r) => r.classTimeId === t.id).map((r) => ({ raceid: r.id, winner: r.winner ?? '' })),
    steps: stepRows
      .filter((s) => s.classTimeId === t.id)
      .map((s) => ({ stepid: s.id, stem: s.stem, answered: s.answered, correct: s.correct })),
    doubts: doubtsOf.get(t.id)?.n ?? 0,
    stars: starsOf.get(t.id)?.n ?? 0,
  }));
  return { courseid: input.courseid, students: students?.n ?? 0, list };
}
