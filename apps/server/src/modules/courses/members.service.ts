import { type studentListInput, USERTYPE_TEACHER } from '@paiclass/shared';
import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { courseClasses, courseMembers, enrollments, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badInput, fail, isUniqueViolation } from '../../platform/errors';
import { courseMembersChanged } from '../../realtime/membership';
import { can } from './courses.policy';
import { authorize } from './courses.queries';
import { leaveCourseGroups } from './groups.service';
import { announceMembers, recordMemberEvents } from './member-notice';

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * `/member`: the course's students, paged, by search and administrative class. Teachers and
 * assistants see student numbers and schools; students see their classmates' names only.
 */
export async function listStudents(ctx: AppContext, user: User, input: z.infer<typeof studentListInput>) {
  const m = await authorize(ctx, user, input.courseid, 'view');
  const full = can(m.role, 'manageMembers');
  const search = input.search ? `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(courseMembers.courseId, input.courseid),
    eq(courseMembers.role, 'student'),
    // students never see student numbers, so they cannot search by them either
    search ? (full ? or(ilike(users.username, search), ilike(users.stno, search)) : ilike(users.username, search)) : undefined,
    input.classid === undefined
      ? undefined
      : input.classid === 0
        ? isNull(courseMembers.classId)
        : eq(courseMembers.classId, input.classid),
  );
  const [total] = await ctx.db
    .select({ n: count() })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .where(where);
  const rows = await ctx.db
    .select({
      uid: users.id,
      username: users.username,
      avatar: users.avatar,
      stno: users.stno,
      school: users.school,
      classId: courseMembers.classId,
      className: courseClasses.name,
      joinedAt: courseMembers.joinedAt,
    })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .leftJoin(courseClasses, eq(courseClasses.id, courseMembers.classId))
    .where(where)
    .orderBy(asc(users.stno), asc(users.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  return {
    total: total?.n ?? 0,
    page: input.page,
    list: rows.map((r) =>
      full
        ? {
            uid: r.uid,
            username: r.username,
            avatar: r.avatar,
            stno: r.stno,
            school: r.school,
            classid: r.classId ?? 0,
            classname: r.className ?? '',
            jointime: epoch(r.joinedAt),
          }
        : { uid: r.uid, username: r.username, avatar: r.avatar },
    ),
  };
}

export async function studentCount(ctx: AppContext, user: User, courseId: number) {
  await authorize(ctx, user, courseId, 'view');
  const [row] = await ctx.db
    .select({ n: count() })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.role, 'student')));
  return { count: row?.n ?? 0 };
}

/** One student's details and enrolment answers, for the course's teachers. */
export async function studentInfo(ctx: AppContext, user: User, courseId: number, uid: number) {
  await authorize(ctx, user, courseId, 'manageMembers');
  const [row] = await ctx.db
    .select({ u: users, classId: courseMembers.classId, className: courseClasses.name, joinedAt: courseMembers.joinedAt })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .leftJoin(courseClasses, eq(courseClasses.id, courseMembers.classId))
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, uid), eq(courseMembers.role, 'student')));
  if (!row) throw fail('notFound');
  const [request] = await ctx.db
    .select({ answers: enrollments.answers })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, uid)));
  const u = row.u;
  return {
    uid: u.id,
    username: u.username,
    avatar: u.avatar,
    stno: u.stno,
    school: u.school,
    department: u.department,
    mobile: u.mobile ?? '',
    email: u.email ?? '',
    classno: u.classno,
    grade: u.grade,
    enrolltime: u.enrolltime,
    classid: row.classId ?? 0,
    classname: row.className ?? '',
    jointime: epoch(row.joinedAt),
    answers: request?.answers ?? [],
  };
}

/** Removes students from the course (their enrolment requests go too). Teachers and assistants. */
export async function removeStudents(ctx: AppContext, user: User, courseId: number, uids: number[]) {
  await authorize(ctx, user, courseId, 'manageMembers');
  const result = await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(courseMembers)
      .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.role, 'student'), inArray(courseMembers.userId, uids)))
      .returning({ uid: courseMembers.userId });
    if (removed.length === 0) throw badInput('validation.chooseOne');
    await tx.delete(enrollments).where(
      and(
        eq(enrollments.courseId, courseId),
        inArray(
          enrollments.userId,
          removed.map((r) => r.uid),
        ),
      ),
    );
    await recordMemberEvents(
      tx,
      courseId,
      removed.map((r) => r.uid),
      'leave',
    );
    await leaveCourseGroups(
      tx,
      courseId,
      removed.map((r) => r.uid),
    );
    return { count: removed.length, uids: removed.map((r) => r.uid) };
  });
  // their open sockets leave the course's rooms on every instance
  await courseMembersChanged(ctx, courseId, result.uids);
  await announceMembers(ctx, courseId);
  return { count: result.count };
}

/** The teaching team: the owner first, then the assistants. */
export async function teacherTeam(ctx: AppContext, user: User, courseId: number) {
  await authorize(ctx, user, courseId, 'view');
  const rows = await ctx.db
    .select({ uid: users.id, username: users.username, avatar: users.avatar, school: users.school, role: courseMembers.role })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .where(and(eq(courseMembers.courseId, courseId), inArray(courseMembers.role, ['owner', 'assistant'])))
    .orderBy(sql`case when ${courseMembers.role} = 'owner' then 0 else 1 end`, asc(courseMembers.joinedAt));
  return rows.map((r) => ({ ...r, role: r.role as 'owner' | 'assistant' }));
}

/** Adds a teacher, found by account, phone or email, as an assistant. Owner only. */
export async function addAssistant(ctx: AppContext, user: User, courseId: number, account: string) {
  await authorize(ctx, user, courseId, 'manageTeam');
  const id = account.trim();
  const [target] = await ctx.db
    .select()
    .from(users)
    .where(or(eq(users.mobile, id), eq(users.email, id.toLowerCase()), sql`lower(${users.account}) = ${id.toLowerCase()}`));
  if (!target || target.usertype !== USERTYPE_TEACHER) throw fail('teacherNotFound');
  const added = await ctx.db
    .insert(courseMembers)
    .values({ courseId, userId: target.id, role: 'assistant' })
    .onConflictDoNothing()
    .returning();
  if (added.length === 0) throw fail('alreadyMember');
  return { uid: target.id, username: target.username, avatar: target.avatar, role: 'assistant' as const };
}

export async function assistantInfo(ctx: AppContext, user: User, courseId: number, uid: number) {
  const team = await teacherTeam(ctx, user, courseId);
  const member = team.find((t) => t.uid === uid);
  if (!member) throw fail('notFound');
  return member;
}

/** Removes an assistant from the teaching team. Owner only. */
export async function removeAssistant(ctx: AppContext, user: User, courseId: number, uid: number) {
  await authorize(ctx, user, courseId, 'manageTeam');
  const removed = await ctx.db
    .delete(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, uid), eq(courseMembers.role, 'assistant')))
    .returning();
  if (removed.length === 0) throw fail('notFound');
  // their open sockets leave the course's rooms, the staff room first of all, on every instance
  await courseMembersChanged(ctx, courseId, [uid]);
  return {};
}

/** The course's administrative classes with their student counts. */
export async function listClasses(ctx: AppContext, user: User, courseId: number) {
  await authorize(ctx, user, courseId, 'view');
  const size = sql<number>`(select count(*)::int from ${courseMembers} m where m.course_id = ${courseClasses.courseId} and m.class_id = ${courseClasses.id})`;
  return ctx.db
    .select({ id: courseClasses.id, name: courseClasses.name, count: size })
    .from(courseClasses)
    .where(eq(courseClasses.courseId, courseId))
    .orderBy(asc(courseClasses.id));
}

export async function createClass(ctx: AppContext, user: User, courseId: number, name: string) {
  await authorize(ctx, user, courseId, 'manageMembers');
  try {
    const [row] = await ctx.db.insert(courseClasses).values({ courseId, name }).returning();
    return { id: row!.id, name: row!.name, count: 0 };
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('classExists');
    throw e;
  }
}

export async function renameClass(ctx: AppContext, user: User, courseId: number, id: number, name: string) {
  await authorize(ctx, user, courseId, 'manageMembers');
  try {
    const updated = await ctx.db
      .update(courseClasses)
      .set({ name })
      .where(and(eq(courseClasses.id, id), eq(courseClasses.courseId, courseId)))
      .returning();
    if (updated.length === 0) throw fail('notFound');
    return { id, name };
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('classExists');
    throw e;
  }
}

/** Deletes a class; its students stay in the course, in no class. */
export async function deleteClass(ctx: AppContext, user: User, courseId: number, id: number) {
  await authorize(ctx, user, courseId, 'manageMembers');
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(courseMembers)
      .set({ classId: null })
      .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.classId, id)));
    const deleted = await tx
      .delete(courseClasses)
      .where(and(eq(courseClasses.id, id), eq(courseClasses.courseId, courseId)))
      .returning();
    if (deleted.length === 0) throw fail('notFound');
  });
  return {};
}

/** Moves students into a class of this course, or out of every class (id 0). */
export async function moveStudents(ctx: AppContext, user: User, courseId: number, id: number, uids: number[]) {
  await authorize(ctx, user, courseId, 'manageMembers');
  if (id !== 0) {
    const [cls] = await ctx.db
      .select()
      .from(courseClasses)
      .where(and(eq(courseClasses.id, id), eq(courseClasses.courseId, courseId)));
    if (!cls) throw fail('notFound');
  }
  const moved = await ctx.db
    .update(courseMembers)
    .set({ classId: id === 0 ? null : id })
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.role, 'student'), inArray(courseMembers.userId, uids)))
    .returning();
  if (moved.length === 0) throw badInput('validation.chooseOne');
  return { count: moved.length };
}
