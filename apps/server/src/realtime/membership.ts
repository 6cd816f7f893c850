import { and, eq, inArray, isNull } from 'drizzle-orm';
import { courseMembers, courses } from '../db/schema';
import { type CourseRole, closedToStudent } from '../modules/courses/courses.policy';
import type { AppContext } from '../platform/context';

/** The bus topic on which a change to who belongs to a course, or in what role, is announced to every instance. */
export const MEMBERS_TOPIC = 'course.members';

export interface MembersChanged {
  courseId: number;
  /** the users whose membership changed; null: everyone's (the course was deleted or ended) */
  userIds: number[] | null;
}

/**
 * Tells every instance that these users' membership of the course changed (removed, left, their role
 * changed), or, without users, that the whole course did (deleted, ended): each instance checks the
 * membership of the sockets that have the course open and takes them out of the rooms they no longer
 * belong to (realtime/classroom.gateway.ts). Called with a transaction's context (`inTransaction`), it
 * is sent after the commit; otherwise call it once the change is written. It resolves once the message
 * is on the bus, so the call that made the change answers after every instance was told.
 */
export async function courseMembersChanged(ctx: AppContext, courseId: number, userIds?: number[]) {
  await ctx.bus.publish(MEMBERS_TOPIC, { courseId, userIds: userIds ?? null } satisfies MembersChanged);
}

/**
 * The roles these users have in a live course in which they may still use the classroom: absent when
 * they are not members, the course is deleted, or it ended closed to its students (one query).
 */
export async function classroomRoles(ctx: AppContext, courseId: number, userIds: number[]) {
  const roles = new Map<number, Exclude<CourseRole, null>>();
  if (userIds.length === 0) return roles;
  const rows = await ctx.db
    .select({
      userId: courseMembers.userId,
      role: courseMembers.role,
      classending: courses.classending,
      canvisit: courses.canvisit,
    })
    .from(courseMembers)
    .innerJoin(courses, eq(courses.id, courseMembers.courseId))
    .where(and(eq(courseMembers.courseId, courseId), inArray(courseMembers.userId, userIds), isNull(courses.deletedAt)));
  for (const r of rows) {
    const role = r.role as Exclude<CourseRole, null>;
    if (!closedToStudent(role, r)) roles.set(r.userId, role);
  }
  return roles;
}
