import { randomInt } from 'node:crypto';
import {
  ADD_RECORD_CMD,
  ATTENDANCE_STATUS,
  ATTENDANCE_TYPES,
  type AttendanceStartInput,
  type CheckInOutAttendanceInput,
  CODE_CHANGED_CMD,
  DIGIT_CODE_LENGTH,
  type DigitAttendanceInput,
  type GpsAttendanceInput,
  PUBLISH_ATTENDANCE_CMD,
  RECORD_STATUS,
  type UpdateStateInput,
} from '@paiclass/shared';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { attendanceRecords, attendances, courseMembers } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badField, fail } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import { rooms } from '../../realtime/rooms';
import { authorize } from '../courses/courses.queries';
import { checkoutOpen, effectiveState, hasEnded, isOpen, runsAttendance } from './attendance.policy';
import {
  type Attendance,
  attendanceForMember,
  attendanceForStaff,
  courseStudents,
  recordsByStudent,
  refusalsByStudent,
} from './attendance.queries';
import { presentAttendance, presentRecord, presentStaffAttendance, seconds } from './presenters';
import { issueTicket } from './tickets';

/** The durable job that ends an attendance at its duration's end and tells the course (decision 013). */
export const ATTENDANCE_END_JOB = 'attendance.end';
const endKey = (id: number) => `attendance:end:${id}`;

/**
 * Tells the course's open pages that its open attendances changed (started, ended, deleted): clients
 * refetch `getNotFinishAttenceStudent`. Sent after the commit; a failed push loses no data (pages
 * refetch on entering the course), so it is never the caller's error.
 */
export async function announceAttendance(ctx: AppContext, a: Pick<Attendance, 'id' | 'courseId' | 'type'>) {
  await ctx.realtime
    .publish(rooms.course(a.courseId), PUBLISH_ATTENDANCE_CMD, {
      courseid: a.courseId,
      classId: a.courseId,
      attenceid: a.id,
      type: a.type,
    })
    .catch(() => {});
}

/** Tells the teacher's pages (and the student, without the risk flags, when the teacher changed it) of a record. */
export async function announceRecord(
  ctx: AppContext,
  a: Attendance,
  record: ReturnType<typeof presentRecord>,
  toStudent: boolean,
) {
  const data = {
    attenceid: record.attenceid,
    userid: record.userid,
    username: record.username,
    stno: record.stno,
    state: record.state,
    recordStatus: record.recordStatus,
    checkintime: record.checkintime,
    checkouttime: record.checkouttime,
    unusual: record.unusual,
    risk: record.risk,
  };
  // the refused attempts only when counted here (a refusal): other events leave the teacher's count as it is
  const staff = record.refused > 0 ? { ...data, refused: record.refused } : data;
  await ctx.realtime.publish(rooms.courseStaff(a.courseId), ADD_RECORD_CMD, staff).catch(() => {});
  // the student's copy without the flags: a cheater must not learn whether a trick was noticed (issue 24)
  const { risk: _flags, ...theirs } = data;
  if (toStudent)
    await ctx.realtime.publish(rooms.user(record.userid), ADD_RECORD_CMD, { ...theirs, courseid: a.courseId }).catch(() => {});
}

const newDigitCode = () => String(randomInt(0, 10 ** DIGIT_CODE_LENGTH)).padStart(DIGIT_CODE_LENGTH, '0');

async function staffAnswer(ctx: AppContext, a: Attendance) {
  const [students, records, refusals] = await Promise.all([
    courseStudents(ctx, a.courseId),
    recordsByStudent(ctx, a.id),
    refusalsByStudent(ctx, a.id),
  ]);
  return presentStaffAttendance(a, students, records, Date.now(), refusals);
}

type StartFields = Partial<Pick<Attendance, 'code' | 'latitude' | 'longitude' | 'radius' | 'address'>> & {
  checkoutMinutes?: number;
};

/**
 * Starts an attendance of any type: the teacher or an assistant, in a course that has not ended
 * (30312). Its end job is queued in the same transaction; the course hears of it after the commit.
 */
async function startAttendance(ctx: AppContext, user: User, input: AttendanceStartInput, type: number, extra: StartFields = {}) {
  const m = await authorize(ctx, user, input.courseid, 'teachClass');
  if (m.course.classending === 1) throw fail('courseEnded');
  const now = Date.now();
  if (input.nexttime && input.nexttime * 1000 <= now) throw badField('validation.attendanceNextTime', ['nexttime']);
  if (extra.checkoutMinutes !== undefined && extra.checkoutMinutes >= input.duration)
    throw badField('validation.checkoutTime', ['checkouttime']);
  const createdAt = new Date(now);
  const endsAt = new Date(now + input.duration * 60_000);
  const a = await inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(attendances)
      .values({
        courseId: input.courseid,
        createdBy: user.id,
        type,
        title: input.title,
        duration: input.duration,
        nextAt: input.nexttime ? new Date(input.nexttime * 1000) : null,
        code: extra.code ?? null,
        latitude: extra.latitude ?? null,
        longitude: extra.longitude ?? null,
        radius: extra.radius ?? null,
        address: extra.address ?? '',
        checkoutAt: extra.checkoutMinutes !== undefined ? new Date(now + extra.checkoutMinutes * 60_000) : null,
        createdAt,
        endsAt,
      })
      .returning();
    await tx.jobs.schedule(ATTENDANCE_END_JOB, endsAt, { id: row!.id }, endKey(row!.id));
    return row!;
  });
  await announceAttendance(ctx, a);
  return staffAnswer(ctx, a);
}

/** `addNowsAttence`: a roll call; the teacher sets each student's status (`updateState`). */
export const startRollCall = (ctx: AppContext, user: User, input: AttendanceStartInput) =>
  startAttendance(ctx, user, input, ATTENDANCE_TYPES.rollCall);

/** `addDigitAttence`: students type the code the teacher shows (made here unless the teacher chose one). */
export const startNumber = (ctx: AppContext, user: User, input: DigitAttendanceInput) =>
  startAttendance(ctx, user, input, ATTENDANCE_TYPES.number, { code: input.code ?? newDigitCode() });

/** `addGPSAttence`: students check in within `radius` metres of where the teacher stands. */
export const startGps = (ctx: AppContext, user: User, input: GpsAttendanceInput) =>
  startAttendance(ctx, user, input, ATTENDANCE_TYPES.gps, {
    latitude: input.latitude,
    longitude: input.longitude,
    radius: input.radius,
    address: input.address,
  });

/** `addAttence`: students scan the QR code that the teacher's screen rotates (`getQrCode`). */
export const startQr = (ctx: AppContext, user: User, input: AttendanceStartInput) =>
  startAttendance(ctx, user, input, ATTENDANCE_TYPES.qr);

/** `addCheckinAttence`: check-in until `checkouttime` minutes after the start, check-out from then to the end. */
export const startCheckInOut = (ctx: AppContext, user: User, input: CheckInOutAttendanceInput) =>
  startAttendance(ctx, user, input, ATTENDANCE_TYPES.checkInOut, { checkoutMinutes: input.checkouttime });

/** `overAttence`: ends it now (ending an ended one changes nothing). */
export async function endAttendance(ctx: AppContext, user: User, id: number) {
  const { a } = await attendanceForStaff(ctx, user, id);
  if (hasEnded(a)) return staffAnswer(ctx, a);
  const ended = await inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .update(attendances)
      .set({ endedAt: new Date() })
      .where(and(eq(attendances.id, id), isNull(attendances.endedAt)))
      .returning();
    await tx.jobs.cancel(endKey(id));
    return row;
  });
  if (ended) await announceAttendance(ctx, ended);
  return staffAnswer(ctx, ended ?? a);
}

/** `delAttence`: removes it with its records from every view; a late check-in hears "deleted". */
export async function deleteAttendance(ctx: AppContext, user: User, id: number) {
  const { a } = await attendanceForStaff(ctx, user, id);
  await inTransaction(ctx, async (tx) => {
    await tx.db.update(attendances).set({ deletedAt: new Date() }).where(eq(attendances.id, id));
    await tx.jobs.cancel(endKey(id));
  });
  await announceAttendance(ctx, a);
  return { id };
}

/** `renameAttence` */
export async function renameAttendance(ctx: AppContext, user: User, id: number, title: string) {
  await attendanceForStaff(ctx, user, id);
  const [row] = await ctx.db.update(attendances).set({ title }).where(eq(attendances.id, id)).returning();
  return staffAnswer(ctx, row!);
}

/**
 * `updateState`: the teacher sets a student's status by hand (0-7), open or ended; the first check-in
 * time stays. The student must be a student of the course (40004 otherwise).
 */
export async function updateState(ctx: AppContext, user: User, input: UpdateStateInput) {
  const { a } = await attendanceForStaff(ctx, user, input.id);
  const [student] = await courseStudents(ctx, a.courseId, [input.studentid]);
  if (!student) throw badField('validation.studentId', ['studentid']);
  const [row] = await ctx.db
    .insert(attendanceRecords)
    .values({
      attendanceId: a.id,
      userId: student.userId,
      courseId: a.courseId,
      state: input.state,
      recordStatus: RECORD_STATUS.setByTeacher,
      manual: true,
    })
    .onConflictDoUpdate({
      target: [attendanceRecords.attendanceId, attendanceRecords.userId],
      set: { state: input.state, recordStatus: RECORD_STATUS.setByTeacher, manual: true, updatedAt: new Date() },
    })
    .returning();
  const record = presentRecord(a, student, row);
  await announceRecord(ctx, a, record, true);
  return record;
}

/**
 * `markAllPresent`: a roll call's "mark all present" (issue 25): every student of the course with no
 * status yet is marked present by the teacher, in one transaction; statuses set already are kept.
 * Each student and the teacher's pages hear theirs. Other kinds of attendance are refused (40001,
 * `id`): their students check in themselves.
 */
export async function markAllPresent(ctx: AppContext, user: User, id: number) {
  const { a } = await attendanceForStaff(ctx, user, id);
  if (a.type !== ATTENDANCE_TYPES.rollCall) throw badField('validation.attendanceId', ['id']);
  const students = await courseStudents(ctx, a.courseId);
  if (students.length === 0) return { id: a.id, marked: 0 };
  const rows = await ctx.db
    .insert(attendanceRecords)
    .values(
      students.map((s) => ({
        attendanceId: a.id,
        userId: s.userId,
        courseId: a.courseId,
        state: ATTENDANCE_STATUS.present,
        recordStatus: RECORD_STATUS.setByTeacher,
        manual: true,
      })),
    )
    .onConflictDoNothing()
    .returning();
  const byId = new Map(students.map((s) => [s.userId, s]));
  for (const row of rows) await announceRecord(ctx, a, presentRecord(a, byId.get(row.userId)!, row), true);
  return { id: a.id, marked: rows.length };
}

function requireType(a: Attendance, type: number) {
  if (a.type !== type) {
    if (type === ATTENDANCE_TYPES.qr) throw fail('attendanceNotQr');
    if (type === ATTENDANCE_TYPES.gps) throw fail('attendanceNoGeofence');
    throw badField('validation.attendanceId', ['id']);
  }
}

/** Wrong digit codes across the class for one attendance's current code (issue 24). */
export const classGuessKey = (attendanceId: number) => `attendance-code-class:${attendanceId}`;

/** `updateDigitAttenceCode`: a new code (the teacher's, or a random one) for a number attendance; the class's wrong guesses start again. */
export async function updateDigitCode(ctx: AppContext, user: User, id: number, code?: string) {
  const { a } = await attendanceForStaff(ctx, user, id);
  requireType(a, ATTENDANCE_TYPES.number);
  const next = code ?? newDigitCode();
  await ctx.db.update(attendances).set({ code: next }).where(eq(attendances.id, id));
  await ctx.loginLimits.store.reset(classGuessKey(id));
  return { code: next };
}

/**
 * The class guessed wrong DIGIT_CODE_CLASS_MAX_WRONG times (issue 24): the code changes by itself,
 * once (only if it is still the one guessed at: two guesses at the limit change it once), the count
 * starts again, and the teacher's screens get the new code and the reason (`attendanceCodeChanged`,
 * staff room only: students never receive a code). The old code is refused from then on.
 */
export async function changeDigitCodeAfterGuesses(ctx: AppContext, a: Attendance, wrong: number) {
  const next = newDigitCode();
  const [changed] = await ctx.db
    .update(attendances)
    .set({ code: next })
    .where(and(eq(attendances.id, a.id), a.code === null ? isNull(attendances.code) : eq(attendances.code, a.code)))
    .returning({ id: attendances.id });
  if (!changed) return;
  await ctx.loginLimits.store.reset(classGuessKey(a.id));
  await ctx.realtime
    .publish(rooms.courseStaff(a.courseId), CODE_CHANGED_CMD, { courseid: a.courseId, attenceid: a.id, code: next, wrong })
    .catch(() => {});
}

/** `getDigitAttence`: the code, for the teacher and assistants only (`data.data.code`). */
export async function getDigitCode(ctx: AppContext, user: User, id: number) {
  const { a } = await attendanceForStaff(ctx, user, id);
  requireType(a, ATTENDANCE_TYPES.number);
  return { data: { code: a.code ?? '' } };
}

/** `getLocation`: the geofence, for the teacher and assistants only. */
export async function getLocation(ctx: AppContext, user: User, id: number) {
  const { a } = await attendanceForStaff(ctx, user, id);
  requireType(a, ATTENDANCE_TYPES.gps);
  return { latitude: a.latitude!, longitude: a.longitude!, radius: a.radius!, address: a.address };
}

/** `getQrCode`: a fresh signed ticket while the QR attendance is open (30322 once ended). */
export async function getQrCode(ctx: AppContext, user: User, id: number) {
  const { a } = await attendanceForStaff(ctx, user, id);
  requireType(a, ATTENDANCE_TYPES.qr);
  if (!isOpen(a)) throw fail('attendanceEnded');
  const t = issueTicket(ctx.secret, a.id);
  const query = new URLSearchParams({ ticketid: t.ticketid, expire: String(t.expire), sign: t.sign });
  const path = `/checkIn/checkinCodeResult?${query}`;
  return { ...t, url: ctx.config.publicUrl ? new URL(path, ctx.config.publicUrl).toString() : path };
}

/**
 * `getNotFinishAttenceStudent`: the course's open attendances, newest first, each with the caller's
 * state (100 until checked in). Any member; an empty list when none is open.
 */
export async function unfinishedAttendance(ctx: AppContext, user: User, courseId: number, all = false) {
  const m = await authorize(ctx, user, courseId, 'view');
  const now = new Date();
  const rows = await ctx.db
    .select({ a: attendances, r: attendanceRecords })
    .from(attendances)
    .leftJoin(attendanceRecords, and(eq(attendanceRecords.attendanceId, attendances.id), eq(attendanceRecords.userId, user.id)))
    .where(
      and(
        eq(attendances.courseId, courseId),
        isNull(attendances.deletedAt),
        isNull(attendances.endedAt),
        sql`${attendances.endsAt} > ${now}`,
      ),
    )
    .orderBy(desc(attendances.createdAt))
    .limit(50);
  const student = m.role === 'student';
  return {
    lists: rows
      // Ketangpai's clients check in to whatever is listed: one they finished is not listed again
      .filter(({ a, r }) => all || !student || !finished(a, r ?? undefined, now.getTime()))
      .map(({ a, r }) => ({
        id: String(a.id),
        type: String(a.type),
        title: a.title,
        createtime: seconds(a.createdAt),
        endtime: seconds(a.endsAt),
        state: student ? effectiveState(a, r, now.getTime()) : 100,
        checkinover: checkoutOpen(a, now.getTime()) ? (1 as const) : (0 as const),
        attenceCheckinState: !r?.checkinAt && !r?.checkoutAt ? (0 as const) : r.checkoutAt ? (2 as const) : (1 as const),
        duration: a.duration,
        checkouttime: seconds(a.checkoutAt),
      })),
  };
}

/**
 * Whether a student has nothing left to do in an attendance: the teacher set their status, or they
 * checked in (check-in/check-out: checked out). A check-in/check-out whose check-in they missed is
 * finished once check-out opens: a check-out with no check-in is refused (30331, issue 25).
 */
function finished(a: Attendance, r: typeof attendanceRecords.$inferSelect | undefined, now = Date.now()) {
  if (!r?.checkinAt && !r?.manual && checkoutOpen(a, now)) return true;
  if (!r) return false;
  if (r.manual) return true;
  return a.type === ATTENDANCE_TYPES.checkInOut ? Boolean(r.checkoutAt) : Boolean(r.checkinAt);
}

/**
 * `getCheckInResult`: the attendance and the caller's own record; the teacher and assistants also get
 * every student's record and the counts.
 */
export async function checkInResult(ctx: AppContext, user: User, id: number) {
  const { a, role } = await attendanceForMember(ctx, user, id);
  if (!runsAttendance(role)) {
    const [r] = await ctx.db
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.attendanceId, id), eq(attendanceRecords.userId, user.id)));
    return {
      attence: presentAttendance(a),
      mine: {
        state: effectiveState(a, r),
        checkintime: seconds(r?.checkinAt),
        checkouttime: seconds(r?.checkoutAt),
        unusual: r?.unusual ? (1 as const) : (0 as const),
        manual: r?.manual ? (1 as const) : (0 as const),
      },
      lists: [],
      counts: {},
    };
  }
  const [students, records, refusals] = await Promise.all([
    courseStudents(ctx, a.courseId),
    recordsByStudent(ctx, a.id),
    refusalsByStudent(ctx, a.id),
  ]);
  const now = Date.now();
  const staff = presentStaffAttendance(a, students, records, now, refusals);
  return {
    attence: presentAttendance(a),
    mine: null,
    lists: students.map((s) => presentRecord(a, s, records.get(s.userId), now, refusals.get(s.userId))),
    counts: staff.counts,
  };
}

/** `/AttenceV2Api/getAttenceStudentLists`: one attendance's students for the teacher, by status (-1 all), paged. */
export async function studentLists(
  ctx: AppContext,
  user: User,
  input: { attenceid: number; state: number; page: number; size: number },
) {
  const { a } = await attendanceForStaff(ctx, user, input.attenceid);
  const [students, records, refusals] = await Promise.all([
    courseStudents(ctx, a.courseId),
    recordsByStudent(ctx, a.id),
    refusalsByStudent(ctx, a.id),
  ]);
  const now = Date.now();
  const all = students.map((s) => presentRecord(a, s, records.get(s.userId), now, refusals.get(s.userId)));
  const chosen = input.state === -1 ? all : all.filter((r) => r.state === input.state);
  const from = (input.page - 1) * input.size;
  return {
    attence: presentStaffAttendance(a, students, records, now, refusals),
    total: chosen.length,
    page: input.page,
    size: input.size,
    lists: chosen.slice(from, from + input.size),
  };
}

/** `/AttenceV2Api/getAttenceBuildingGps`: places the course's (or this teacher's) GPS attendance used, latest first. Staff only. */
export async function buildingGps(ctx: AppContext, user: User, courseId: number) {
  await authorize(ctx, user, courseId, 'teachClass');
  const rows = await ctx.db
    .select({
      address: attendances.address,
      latitude: attendances.latitude,
      longitude: attendances.longitude,
      radius: attendances.radius,
      lastused: sql<Date>`max(${attendances.createdAt})`,
    })
    .from(attendances)
    .where(
      and(
        eq(attendances.type, ATTENDANCE_TYPES.gps),
        or(eq(attendances.courseId, courseId), eq(attendances.createdBy, user.id)),
        // a course the caller left is not theirs to read places from
        sql`exists (select 1 from ${courseMembers} m where m.course_id = ${attendances.courseId} and m.user_id = ${user.id} and m.role <> 'student')`,
      ),
    )
    .groupBy(attendances.address, attendances.latitude, attendances.longitude, attendances.radius)
    .orderBy(desc(sql`max(${attendances.createdAt})`))
    .limit(20);
  return {
    lists: rows.map((r) => ({
      address: r.address,
      latitude: r.latitude!,
      longitude: r.longitude!,
      radius: r.radius ?? 0,
      lastused: seconds(new Date(r.lastused)),
    })),
  };
}

/** The end job: marks the attendance ended at its end (unless the teacher ended or deleted it) and tells the course. */
export async function attendanceEndJob(ctx: AppContext, payload: Record<string, unknown>) {
  const id = Number(payload.id);
  const [ended] = await ctx.db
    .update(attendances)
    .set({ endedAt: sql`${attendances.endsAt}` })
    .where(
      and(
        eq(attendances.id, id),
        isNull(attendances.endedAt),
        isNull(attendances.deletedAt),
        sql`${attendances.endsAt} <= now()`,
      ),
    )
    .returning();
  if (ended) await announceAttendance(ctx, ended);
}
