import type { Language } from '@paiclass/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../db/prepared';
import { courseMembers, courses, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { inClassSql } from '../classtime/state';
import { inMeetingSql, liveNowSql } from '../live/state';
import { type CourseAction, type CourseRole, can, closedToStudent, OPEN_WHEN_CLOSED } from './courses.policy';
import { type CourseProfile, presentCourse } from './presenters';

/**
 * Course reads that other course services (and other areas) share. They live here, not in
 * `courses.service.ts`, so that services import reads and never each other in a circle.
 */

type Course = typeof courses.$inferSelect;

/** A course's number of students, as a column of a query over `courses`. */
export const studentTotal = sql<number>`(select count(*)::int from ${courseMembers} s where s.course_id = ${courses.id} and s.role = 'student')`;

/**
 * The read-cache tags of everything about a user's courses: the user, and every course they belong
 * to in any role, archived or not (a kept answer goes when any of them changes).
 */
export async function userCourseTags(ctx: AppContext, userId: number) {
  const rows = await ctx.db
    .select({ courseId: courseMembers.courseId })
    .from(courseMembers)
    .where(eq(courseMembers.userId, userId));
  return [`u${userId}`, ...rows.map((r) => `c${r.courseId}`)];
}

/** The caller's membership in a live course, or undefined: the one scoped lookup every course call starts with. */
export async function membership(ctx: AppContext, userId: number, courseId: number) {
  const [row] = await membershipQuery(ctx.db).execute({ userId, courseId });
  return row ? { ...row, role: row.role as Exclude<CourseRole, null> } : undefined;
}
/** The membership read, the first of nearly every course call: built and prepared once (an exam storm's every call). */
const membershipQuery = preparedPerDatabase((db) =>
  db
    .select({ course: courses, role: courseMembers.role, isTop: courseMembers.isTop, archived: courseMembers.archived })
    .from(courseMembers)
    .innerJoin(courses, eq(courses.id, courseMembers.courseId))
    .where(
      and(
        eq(courseMembers.userId, sql.placeholder('userId')),
        eq(courseMembers.courseId, sql.placeholder('courseId')),
        isNull(courses.deletedAt),
      ),
    )
    .prepare('course_membership'),
);

/** A resolved membership: what a top-level service hands to the helpers it calls, so they do not look it up again. */
export type Membership = NonNullable<Awaited<ReturnType<typeof membership>>>;

/**
 * Refuses (30313) a student of an ended course closed to visits: nothing of it is read or written
 * but what `OPEN_WHEN_CLOSED` allows from the course list.
 */
export function refuseClosedCourse(m: Membership, action?: CourseAction) {
  if (closedToStudent(m.role, m.course) && !(action && OPEN_WHEN_CLOSED.includes(action))) throw fail('courseClosed');
}

/**
 * Loads the course for an action. A stranger gets 30202 exactly as for a missing course, so that
 * nobody learns which courses exist; a student of an ended course closed to visits gets 30313; a
 * member without the ability gets 40003.
 */
export async function authorize(ctx: AppContext, user: User, courseId: number, action: CourseAction) {
  const m = await membership(ctx, user.id, courseId);
  if (!m) throw fail('courseGone');
  refuseClosedCourse(m, action);
  if (!can(m.role, action)) throw fail('forbidden');
  return m;
}

/** One course as its list item, with its teacher, student count and class state read in one query. */
export async function presentOne(
  ctx: AppContext,
  course: Course,
  m: { role: CourseRole; isTop: boolean; archived: boolean },
  lang: Language,
  profile: CourseProfile,
) {
  const [extra] = await ctx.db
    .select({
      teacherName: users.username,
      total: studentTotal,
      inClass: inClassSql,
      inMeeting: inMeetingSql,
      liveNow: liveNowSql,
    })
    .from(courses)
    .leftJoin(users, eq(users.id, courses.ownerId))
    .where(eq(courses.id, course.id));
  return presentCourse(course, m, {
    teacherName: extra?.teacherName ?? '',
    total: Number(extra?.total ?? 0),
    lang,
    inClass: Boolean(extra?.inClass),
    inMeeting: Boolean(extra?.inMeeting),
    liveNow: Boolean(extra?.liveNow),
    profile,
  });
}
