import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { courseClasses, courseMembers, courses, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { authorize } from '../courses/courses.queries';

/* The address book (issue 27): the caller's courses, each course's teaching team and its students. */

/** `/LetterApi/courseList`: the caller's live courses, with their administrative classes. */
export async function addressCourses(ctx: AppContext, user: User) {
  const rows = await ctx.db
    .select({ id: courses.id, coursename: courses.coursename, classname: courses.classname, role: courseMembers.role })
    .from(courseMembers)
    .innerJoin(courses, eq(courses.id, courseMembers.courseId))
    .where(and(eq(courseMembers.userId, user.id), isNull(courses.deletedAt)))
    .orderBy(desc(courses.id));
  const ids = rows.map((r) => r.id);
  const classes = ids.length
    ? await ctx.db
        .select({ id: courseClasses.id, name: courseClasses.name, courseId: courseClasses.courseId })
        .from(courseClasses)
        .where(inArray(courseClasses.courseId, ids))
        .orderBy(asc(courseClasses.id))
    : [];
  return {
    list: rows.map((r) => ({
      ...r,
      classAdministration: classes.filter((c) => c.courseId === r.id).map(({ id, name }) => ({ id, name })),
    })),
  };
}

/** `/LetterApi/teachTeam`: the course's teacher and assistants (members of the course only). */
export async function teachTeam(ctx: AppContext, user: User, courseId: number) {
  await authorize(ctx, user, courseId, 'view');
  const rows = await ctx.db
    .select({ uid: users.id, username: users.username, avatar: users.avatar, role: courseMembers.role })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .where(and(eq(courseMembers.courseId, courseId), inArray(courseMembers.role, ['owner', 'assistant'])))
    .orderBy(sql`${courseMembers.role} = 'owner' desc`, asc(courseMembers.joinedAt));
  return { list: rows };
}

/** `/LetterApi/friendList`: the course's students (of one administrative class when named), not the caller. */
export async function friendList(ctx: AppContext, user: User, courseId: number, classId?: number) {
  await authorize(ctx, user, courseId, 'view');
  const rows = await ctx.db
    .select({
      friendId: users.id,
      friendUsername: users.username,
      friendAvatar: users.avatar,
      role: courseMembers.role,
      classid: courseMembers.classId,
    })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .where(
      and(
        eq(courseMembers.courseId, courseId),
        eq(courseMembers.role, 'student'),
        ne(courseMembers.userId, user.id),
        classId ? eq(courseMembers.classId, classId) : undefined,
      ),
    )
    .orderBy(asc(users.username), asc(users.id));
  return { list: rows.map((r) => ({ ...r, classid: r.classid ?? 0 })) };
}
