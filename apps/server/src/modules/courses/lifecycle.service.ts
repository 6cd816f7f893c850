import {
  type archivedListInput,
  type confirmInput,
  FREE_TEACHER_COURSE_CAP,
  type Language,
  USERTYPE_TEACHER,
} from '@paiclass/shared';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { courseMembers, courses, enrollments, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import { courseMembersChanged } from '../../realtime/membership';
import { verifyPassword } from '../accounts/passwords';
import {
  abilities,
  type CourseRole,
  canCreateCourse,
  closedToStudent,
  deleteWay,
  OPEN_WHEN_CLOSED,
  overFreeCap,
} from './courses.policy';
import { authorize, membership, presentOne, studentTotal } from './courses.queries';
import { insertCourseWithCode } from './courses.service';
import { leaveCourseGroups } from './groups.service';
import { announceMembers, recordMemberEvents, scheduleMemberNotice } from './member-notice';
import { bit, presentCourse } from './presenters';

/**
 * The second confirmation of delete, quit and transfer: the login password, or the course name
 * typed out for an account without a password (deleteway 1).
 */
async function confirm(user: User, courseName: string, input: z.infer<typeof confirmInput>) {
  if (deleteWay(user) === 1) {
    if ((input.coursename ?? '') !== courseName) throw fail('confirmMismatch');
    return;
  }
  if (!(await verifyPassword(user.passwordHash, input.password ?? ''))) throw fail('wrongPassword');
}

/**
 * Course info for entering a course: the item, the caller's role and permissions, and the flags pages
 * need. A student of an ended course closed to visits still gets it (what their course list shows,
 * with `classending` and `canvisit`, so the app says why it turns them away, and the list's quit,
 * archive and pin), with only those permissions; every other call of the course refuses them 30313.
 */
export async function getCourseInfo(ctx: AppContext, user: User, courseId: number, lang: Language) {
  const m = await membership(ctx, user.id, courseId);
  if (!m) throw fail('courseGone');
  const item = await presentOne(ctx, m.course, m, lang, user);
  return {
    ...item,
    courseRole: bit(m.role !== 'student'),
    memberRole: m.role,
    canvisit: bit(m.course.canvisit),
    allowquit: bit(m.course.allowQuit),
    template: m.course.template ?? 0,
    deleteway: deleteWay(user),
    authData: closedToStudent(m.role, m.course) ? [...OPEN_WHEN_CLOSED] : abilities(m.role),
  };
}

/** Deletes the course for everyone; the row stays, counting toward the owner's cap. Owner only. */
export async function deleteCourse(ctx: AppContext, user: User, input: z.infer<typeof confirmInput>) {
  const m = await authorize(ctx, user, input.courseid, 'delete');
  await confirm(user, m.course.coursename, input);
  // deleted, and its weekly member notice cancelled, together
  await inTransaction(ctx, async (t) => {
    await t.db.update(courses).set({ deletedAt: new Date() }).where(eq(courses.id, m.course.id));
    await scheduleMemberNotice(t, { ...m.course, memberNotify: false });
    // every open socket of the course leaves its rooms, once committed
    await courseMembersChanged(t, m.course.id);
  });
  return {};
}

/** A student leaves the course, unless the teacher has disallowed quitting. */
export async function quitCourse(ctx: AppContext, user: User, input: z.infer<typeof confirmInput>) {
  const m = await authorize(ctx, user, input.courseid, 'quit');
  if (!m.course.allowQuit) throw fail('quitNotAllowed');
  await confirm(user, m.course.coursename, input);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(courseMembers).where(and(eq(courseMembers.courseId, m.course.id), eq(courseMembers.userId, user.id)));
    await tx.delete(enrollments).where(and(eq(enrollments.courseId, m.course.id), eq(enrollments.userId, user.id)));
    await recordMemberEvents(tx, m.course.id, [user.id], 'leave');
    await leaveCourseGroups(tx, m.course.id, [user.id]);
  });
  await courseMembersChanged(ctx, m.course.id, [user.id]);
  await announceMembers(ctx, m.course.id);
  return {};
}

/**
 * Hands the course to another teacher found by account, phone or email. The new owner takes over;
 * the old owner stays on the teaching team as an assistant, so nothing they made is lost to them.
 */
export async function transferCourse(ctx: AppContext, user: User, input: z.infer<typeof confirmInput> & { account: string }) {
  const m = await authorize(ctx, user, input.courseid, 'transfer');
  const id = input.account.trim();
  const [target] = await ctx.db
    .select()
    .from(users)
    .where(or(eq(users.mobile, id), eq(users.email, id.toLowerCase()), sql`lower(${users.account}) = ${id.toLowerCase()}`));
  if (!target || target.usertype !== USERTYPE_TEACHER || target.id === user.id) throw fail('teacherNotFound');
  await confirm(user, m.course.coursename, input);
  await ctx.db.transaction(async (tx) => {
    await tx.update(courses).set({ ownerId: target.id }).where(eq(courses.id, m.course.id));
    await tx
      .insert(courseMembers)
      .values({ courseId: m.course.id, userId: target.id, role: 'owner' })
      .onConflictDoUpdate({ target: [courseMembers.courseId, courseMembers.userId], set: { role: 'owner', archived: false } });
    await tx
      .update(courseMembers)
      .set({ role: 'assistant' })
      .where(and(eq(courseMembers.courseId, m.course.id), eq(courseMembers.userId, user.id)));
  });
  // both sockets take their new roles (the old owner's keeps the staff room, as an assistant)
  await courseMembersChanged(ctx, m.course.id, [user.id, target.id]);
  return { ownerid: target.id, username: target.username };
}

/** Copies a course's settings (not its members) into a new course of the caller, under a new name. */
export async function copyCourse(ctx: AppContext, user: User, courseId: number, coursename: string, lang: Language) {
  const m = await authorize(ctx, user, courseId, 'copy');
  return cloneCourse(ctx, user, m.course, { coursename }, lang);
}

/**
 * A new course of the caller made from another's settings (menus, introduction, template, enrolment
 * settings; not its members), with `values` over them; `then` adds to it in the same transaction.
 */
export async function cloneCourse(
  ctx: AppContext,
  user: User,
  source: typeof courses.$inferSelect,
  values: Partial<Pick<typeof courses.$inferInsert, 'coursename' | 'classname' | 'semester' | 'term'>>,
  lang: Language,
  then?: (tx: Db, course: typeof courses.$inferSelect) => Promise<unknown>,
) {
  if (!canCreateCourse(user)) throw fail('forbidden');
  const {
    id: _id,
    code: _code,
    shareId: _share,
    ownerId: _owner,
    createdAt: _created,
    deletedAt: _deleted,
    classending: _ended,
    isDemo: _demo,
    ...settings
  } = source;
  // the course, its owner, what `then` adds and its weekly member notice commit together
  const copy = await inTransaction(ctx, async (t) => {
    const tx = t.db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`courses:${user.id}`}))`);
    const [created] = await tx.select({ n: sql<number>`count(*)::int` }).from(courses).where(eq(courses.ownerId, user.id));
    if (overFreeCap(user, created?.n ?? 0, FREE_TEACHER_COURSE_CAP)) throw fail('vipRequired');
    const course = await insertCourseWithCode(tx, { ...settings, ...values, ownerId: user.id });
    await tx.insert(courseMembers).values({ courseId: course.id, userId: user.id, role: 'owner' });
    await then?.(tx, course);
    await scheduleMemberNotice(t, course);
    return course;
  });
  return presentCourse(
    copy,
    { role: 'owner', isTop: false, archived: false },
    { teacherName: user.username, total: 0, lang, profile: user },
  );
}

/** Keeps the caller's own order of courses, as dragged in the list. */
export async function sortCourses(ctx: AppContext, user: User, ids: number[]) {
  await ctx.db.transaction(async (tx) => {
    for (const [index, courseId] of ids.entries()) {
      await tx
        .update(courseMembers)
        .set({ sortOrder: index + 1 })
        .where(and(eq(courseMembers.userId, user.id), eq(courseMembers.courseId, courseId)));
    }
  });
  return {};
}

const ARCHIVE_BUCKETS: Record<number, Exclude<CourseRole, null>[]> = {
  0: ['owner', 'assistant', 'student'],
  1: ['owner'],
  2: ['assistant'],
  3: ['student'],
};

/** `/filedCourse`: the caller's archived courses by bucket (0 all, 1 teach, 2 assistant, 3 study). */
export async function listArchived(ctx: AppContext, user: User, input: z.infer<typeof archivedListInput>, lang: Language) {
  const rows = await ctx.db
    .select({
      course: courses,
      role: courseMembers.role,
      isTop: courseMembers.isTop,
      teacher: users.username,
      total: studentTotal,
    })
    .from(courseMembers)
    .innerJoin(courses, eq(courses.id, courseMembers.courseId))
    .innerJoin(users, eq(users.id, courses.ownerId))
    .where(
      and(
        eq(courseMembers.userId, user.id),
        eq(courseMembers.archived, true),
        isNull(courses.deletedAt),
        inArray(courseMembers.role, ARCHIVE_BUCKETS[input.type]!),
      ),
    );
  return rows.map((r) =>
    presentCourse(
      r.course,
      { role: r.role as CourseRole, isTop: r.isTop, archived: true },
      { teacherName: r.teacher, total: Number(r.total), lang, profile: user },
    ),
  );
}

/** Ends the course: nobody joins any more; `canvisit` says whether students may still look in. */
export async function endCourse(ctx: AppContext, user: User, courseId: number, canvisit: number) {
  await authorize(ctx, user, courseId, 'end');
  await ctx.db.update(courses).set({ classending: 1, canvisit }).where(eq(courses.id, courseId));
  // closed to visits: the students' open sockets leave its rooms
  if (!canvisit) await courseMembersChanged(ctx, courseId);
  return { classending: 1 as const, canvisit: bit(canvisit) };
}

export async function setAllowQuit(ctx: AppContext, user: User, courseId: number, allow: boolean) {
  await authorize(ctx, user, courseId, 'setAllowQuit');
  await ctx.db.update(courses).set({ allowQuit: allow }).where(eq(courses.id, courseId));
  return { allowquit: bit(allow) };
}

export async function getAllowQuit(ctx: AppContext, user: User, courseId: number) {
  const m = await authorize(ctx, user, courseId, 'view');
  return { allowquit: bit(m.course.allowQuit) };
}

/** The template chosen after creation (types 1-6). */
export async function saveTemplate(ctx: AppContext, user: User, courseId: number, type: number) {
  await authorize(ctx, user, courseId, 'edit');
  await ctx.db.update(courses).set({ template: type }).where(eq(courses.id, courseId));
  return { template: type };
}
