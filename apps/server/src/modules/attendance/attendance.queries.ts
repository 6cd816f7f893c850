import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../db/prepared';
import {
  attendanceRecords,
  attendanceRefusals,
  attendances,
  courseClasses,
  courseMembers,
  courses,
  users,
} from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { GroupCommit, groupsPerDatabase, type Outcome } from '../../platform/group-commit';
import type { CourseRole } from '../courses/courses.policy';
import { refuseClosedCourse } from '../courses/courses.queries';
import { runsAttendance } from './attendance.policy';

export type Attendance = typeof attendances.$inferSelect;
export type AttendanceRecordRow = typeof attendanceRecords.$inferSelect;

/**
 * An attendance with the caller's membership in its course, in one query scoped by membership: an
 * attendance of a course the caller is not in is "missing" (40004) exactly like one that does not
 * exist. A deleted one answers 30325 (spec 2 §8 "attendance deleted").
 */
export async function attendanceForMember(ctx: AppContext, user: User, id: number) {
  const [row] = await ctx.db
    .select({ a: attendances, course: courses, role: courseMembers.role })
    .from(attendances)
    .innerJoin(courses, eq(courses.id, attendances.courseId))
    .innerJoin(courseMembers, and(eq(courseMembers.courseId, attendances.courseId), eq(courseMembers.userId, user.id)))
    .where(eq(attendances.id, id));
  if (!row || row.course.deletedAt) throw fail('notFound');
  const role = row.role as Exclude<CourseRole, null>;
  refuseClosedCourse({ course: row.course, role, isTop: false, archived: false });
  if (row.a.deletedAt) throw fail('attendanceDeleted');
  return { a: row.a, course: row.course, role };
}

/**
 * What a check-in needs, in one query (decision 013, the storm): the attendance and the caller's
 * membership as `attendanceForMember` reads them, the caller as the teacher's list shows them, their
 * record if any, whether the course's school requires the enrolment list and the caller is on it
 * (spec 2 §5), the other students already recorded from the same device, and how many of the
 * caller's GPS check-ins were refused as outside (the limit and the probing flag). It reads for
 * several check-ins at once: row `n` answers the n-th (attendance, caller, device) of its arrays.
 */
const checkinAdmissionQuery = preparedPerDatabase((db) =>
  db
    .select({
      n: sql<number>`q.n`.mapWith(Number),
      a: attendances,
      course: courses,
      role: courseMembers.role,
      username: users.username,
      stno: users.stno,
      avatar: users.avatar,
      classname: courseClasses.name,
      prior: attendanceRecords,
      listRequired: sql<boolean>`exists (select 1 from teach_classes tc join institutions i on i.id = tc.institution_id
        where tc.course_id = ${attendances.courseId} and i.require_attest)`,
      listed: sql<boolean>`exists (select 1 from teach_classes tc
          join institutions i on i.id = tc.institution_id and i.require_attest
          join institution_people p on p.institution_id = tc.institution_id and p.user_id = ${courseMembers.userId} and p.usertype = 0
          join teach_class_students s on s.teach_class_id = tc.id and s.stno = p.realstno
        where tc.course_id = ${attendances.courseId})`,
      sameDevice: sql<number[]>`coalesce((select array_agg(r.user_id) from attendance_records r
        where r.attendance_id = ${attendances.id} and r.device = q.device and r.device <> ''
          and r.user_id <> ${courseMembers.userId}), '{}')`,
      refusals: sql<number>`coalesce((select f.refusals from attendance_refusals f
        where f.attendance_id = ${attendances.id} and f.user_id = ${courseMembers.userId}), 0)`,
    })
    .from(
      sql`unnest(${sql.placeholder('ids')}::int[], ${sql.placeholder('userIds')}::int[], ${sql.placeholder('devices')}::text[])
        with ordinality as q(attendance_id, user_id, device, n)`,
    )
    .innerJoin(attendances, sql`${attendances.id} = q.attendance_id`)
    .innerJoin(courses, eq(courses.id, attendances.courseId))
    .innerJoin(courseMembers, and(eq(courseMembers.courseId, attendances.courseId), sql`${courseMembers.userId} = q.user_id`))
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .leftJoin(courseClasses, eq(courseClasses.id, courseMembers.classId))
    .leftJoin(
      attendanceRecords,
      and(eq(attendanceRecords.attendanceId, attendances.id), eq(attendanceRecords.userId, courseMembers.userId)),
    )
    .prepare('attendance_checkin_admission'),
);
type AdmissionRow = Awaited<ReturnType<ReturnType<typeof checkinAdmissionQuery>['execute']>>[number];

/** A check-in asking to be admitted: its attendance, its caller and the device it came from. */
interface AdmissionCall {
  id: number;
  user: User;
  device: string;
}

/** The admission rows of several check-ins, in one query: each call's row, or none. */
async function admissionRows(ctx: AppContext, calls: AdmissionCall[]) {
  const rows = await checkinAdmissionQuery(ctx.db).execute({
    ids: calls.map((c) => c.id),
    userIds: calls.map((c) => c.user.id),
    devices: calls.map((c) => c.device),
  });
  const byCall = new Map(rows.map((r) => [r.n, r]));
  return calls.map((_, i) => byCall.get(i + 1));
}

/** A check-in's attendance and caller from its row, refused like `attendanceForMember` refuses. */
function admitted(row: AdmissionRow | undefined, user: User) {
  if (!row || row.course.deletedAt) throw fail('notFound');
  const role = row.role as Exclude<CourseRole, null>;
  refuseClosedCourse({ course: row.course, role, isTop: false, archived: false });
  if (row.a.deletedAt) throw fail('attendanceDeleted');
  const student = { userId: user.id, username: row.username, stno: row.stno, avatar: row.avatar, classname: row.classname };
  return {
    a: row.a,
    role,
    student,
    prior: row.prior ?? undefined,
    onList: !row.listRequired || Boolean(row.listed),
    sameDevice: row.sameDevice.map(Number),
    /** GPS check-ins of this student refused as outside so far (decision 013) */
    refusals: Number(row.refusals),
  };
}
type Admission = ReturnType<typeof admitted>;

/**
 * Each app's admission reads: the check-ins arriving while one read runs are read together in the
 * next, so a class checking in at once costs a few reads instead of one per student. A call refused
 * (not a member, a deleted attendance) is refused alone.
 */
const admissionGroupsOf = groupsPerDatabase(
  (ctx: AppContext) =>
    new GroupCommit<AdmissionCall, Admission>(
      async (calls) =>
        (await admissionRows(ctx, calls)).map((row, i): Outcome<Admission> => {
          try {
            return { ok: true, value: admitted(row, calls[i]!.user) };
          } catch (error) {
            return { ok: false, error };
          }
        }),
      async (c) => admitted((await admissionRows(ctx, [c]))[0], c.user),
    ),
);

/** A check-in's attendance and caller, refused like `attendanceForMember` refuses; see checkinAdmissionQuery. */
export function checkinAdmission(ctx: AppContext, user: User, id: number, device: string) {
  return admissionGroupsOf(ctx).submit({ id, user, device });
}

/** The same, for the teacher and assistants only (40003 for a student). */
export async function attendanceForStaff(ctx: AppContext, user: User, id: number) {
  const found = await attendanceForMember(ctx, user, id);
  if (!runsAttendance(found.role)) throw fail('forbidden');
  return found;
}

/** The course's students, with their administrative class, by student number. */
export async function courseStudents(ctx: AppContext, courseId: number, only?: number[]) {
  return ctx.db
    .select({
      userId: users.id,
      username: users.username,
      stno: users.stno,
      avatar: users.avatar,
      classId: courseMembers.classId,
      classname: courseClasses.name,
    })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .leftJoin(courseClasses, eq(courseClasses.id, courseMembers.classId))
    .where(
      and(
        eq(courseMembers.courseId, courseId),
        eq(courseMembers.role, 'student'),
        // a check-in names its own few students: a storm never reads the whole class per arrival
        only ? inArray(courseMembers.userId, only) : undefined,
      ),
    )
    .orderBy(asc(users.stno), asc(users.id));
}
export type CourseStudent = Awaited<ReturnType<typeof courseStudents>>[number];

/** One attendance's records, by student. */
export async function recordsByStudent(ctx: AppContext, attendanceId: number) {
  const rows = await ctx.db.select().from(attendanceRecords).where(eq(attendanceRecords.attendanceId, attendanceId));
  return new Map(rows.map((r) => [r.userId, r]));
}

/** GPS check-ins refused as outside, by student, of one attendance (decision 013). */
export async function refusalsByStudent(ctx: AppContext, attendanceId: number) {
  const rows = await ctx.db
    .select({ userId: attendanceRefusals.userId, n: attendanceRefusals.refusals })
    .from(attendanceRefusals)
    .where(eq(attendanceRefusals.attendanceId, attendanceId));
  return new Map(rows.map((r) => [r.userId, r.n]));
}
