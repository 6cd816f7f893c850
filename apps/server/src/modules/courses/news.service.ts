import { type markSeenAnswer, NEWS_AREAS, type NewsArea, type newCountsAnswer } from '@paiclass/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { preparedPerDatabase } from '../../db/prepared';
import { contents, courseAreaSeen, courseMembers, courses, enrollments } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { type CourseRole, closedToStudent } from './courses.policy';
import { membership, refuseClosedCourse } from './courses.queries';

/**
 * How many items of an area were published since the member last opened it (since they joined, if
 * never): published or ended, not deleted, not folders, not the member's own; as a column of a query
 * over the caller's `courseMembers` row.
 */
function newSince(area: NewsArea): SQL<number> {
  const types = sql.raw(NEWS_AREAS[area].join(', '));
  return sql<number>`(select count(*)::int from ${contents} c
    where c.course_id = ${courseMembers.courseId} and c.contenttype in (${types}) and c.item_type = 1
      and c.deleted_at is null and c.publish_state in (2, 3) and c.author_id <> ${courseMembers.userId}
      and c.publish_at > coalesce(
        (select s.seen_at from ${courseAreaSeen} s
          where s.user_id = ${courseMembers.userId} and s.course_id = ${courseMembers.courseId} and s.area = ${sql.raw(`'${area}'`)}),
        ${courseMembers.joinedAt}))`;
}

/** The caller's membership and every tile's count, in one query (an app-open read: decision 006). */
const newCountsQuery = preparedPerDatabase((db) =>
  db
    .select({
      role: courseMembers.role,
      classending: courses.classending,
      canvisit: courses.canvisit,
      notice: newSince('notice'),
      material: newSince('material'),
      homework: newSince('homework'),
      topic: newSince('topic'),
      enroll: sql<number>`case when ${courseMembers.role} = 'student' then 0 else
        (select count(*)::int from ${enrollments} e where e.course_id = ${courseMembers.courseId} and e.state = 0) end`,
    })
    .from(courseMembers)
    .innerJoin(courses, eq(courses.id, courseMembers.courseId))
    .where(
      and(
        eq(courseMembers.userId, sql.placeholder('userId')),
        eq(courseMembers.courseId, sql.placeholder('courseId')),
        isNull(courses.deletedAt),
      ),
    )
    .prepare('course_new_counts'),
);

/**
 * `/CourseApi/getNewCounts`: the red numbers of the course home's tiles, for whoever asks (students
 * and teachers alike). A stranger gets 30202 as for a missing course; a student of an ended course
 * closed to visits 30313. Kept in the read cache until the course or the caller changes.
 */
export function getNewCounts(ctx: AppContext, user: User, courseId: number): Promise<z.output<typeof newCountsAnswer>> {
  return ctx.reads.remember(`news ${user.id} ${courseId}`, async () => {
    const [row] = await newCountsQuery(ctx.db).execute({ userId: user.id, courseId });
    if (!row) throw fail('courseGone');
    if (closedToStudent(row.role as CourseRole, row)) throw fail('courseClosed');
    return {
      value: {
        courseid: courseId,
        notice: row.notice,
        material: row.material,
        homework: row.homework,
        topic: row.topic,
        enroll: row.enroll,
      },
      // contents, seen marks, enrolments and memberships all carry the course's tag; the marks the user's
      tags: [`c${courseId}`, `u${user.id}`],
    };
  });
}

/** `/CourseApi/markSeen`: the caller opened an area of a course; its count starts again from now. Members only. */
export async function markSeen(
  ctx: AppContext,
  user: User,
  courseId: number,
  area: NewsArea,
): Promise<z.output<typeof markSeenAnswer>> {
  const m = await membership(ctx, user.id, courseId);
  if (!m) throw fail('courseGone');
  refuseClosedCourse(m);
  // the app's clock, as for the publish times it is compared with
  const seenAt = new Date();
  const [row] = await ctx.db
    .insert(courseAreaSeen)
    .values({ userId: user.id, courseId, area, seenAt })
    .onConflictDoUpdate({ target: [courseAreaSeen.userId, courseAreaSeen.courseId, courseAreaSeen.area], set: { seenAt } })
    .returning({ seenAt: courseAreaSeen.seenAt });
  return { courseid: courseId, area, seentime: Math.floor(row!.seenAt.getTime() / 1000) };
}
