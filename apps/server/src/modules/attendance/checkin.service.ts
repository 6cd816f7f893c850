import { timingSafeEqual } from 'node:crypto';
import {
  ATTENDANCE_STATUS,
  ATTENDANCE_TYPES,
  CHECKIN_SUCCESS_STATE,
  type CheckinInput,
  DIGIT_CODE_MAX_TRIES,
  DIGIT_CODE_WINDOW_SECONDS,
  QR_RESULT_SUCCESS_STATE,
  type QrResultInput,
  RECORD_STATUS,
  type RiskReason,
  SHARED_TICKET_SECONDS,
} from '@paiclass/shared';
import { and, desc, eq, gt, isNotNull, ne, sql } from 'drizzle-orm';
import { attendanceRecords } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import {
  checkoutOpen,
  coordinateRisks,
  hasEnded,
  impossibleTravel,
  judgePosition,
  runsAttendance,
  validCoordinates,
  withRisks,
} from './attendance.policy';
import { type Attendance, type AttendanceRecordRow, checkinAdmission, courseStudents } from './attendance.queries';
import { announceRecord } from './attendance.service';
import { presentRecord, seconds } from './presenters';
import { verifyTicket } from './tickets';

/** What a check-in carries besides its attendance: where it came from and what the phone measured. */
interface Arrival {
  /** the socket's address (`request.ip`: a proxy's header only with TRUST_PROXY) */
  address: string;
  device: string;
  clienttype: string;
  requestKey: string;
  latitude?: number;
  longitude?: number;
  accuracy?: number;
  unusual: boolean;
  ticketId?: string;
}

/**
 * Refuses whoever may not check in to this attendance, in spec 2 §8's order: deleted (30325, by the
 * lookup), the teacher or an assistant (30316), ended (30322), a student not on the enrolment list
 * of a course whose school requires certification (30318; spec 2 §5 "check-in requires a verified
 * identity on the enrolment list"). One query reads all of it (checkinAdmission).
 */
async function admit(ctx: AppContext, user: User, id: number, device: string) {
  const found = await checkinAdmission(ctx, user, id, device);
  if (runsAttendance(found.role)) throw fail('attendanceStaff');
  if (hasEnded(found.a)) throw fail('attendanceEnded');
  if (!found.onList) throw fail('attendanceNotListed');
  return found;
}
type Admitted = Awaited<ReturnType<typeof admit>>;

const sameKey = (r: AttendanceRecordRow, key: string) => key !== '' && r.requestKey === key;

function answer(a: Attendance, r: AttendanceRecordRow, state: number, repeat: boolean) {
  return {
    state,
    attenceid: a.id,
    courseid: a.courseId,
    title: a.title,
    checkintime: seconds(r.checkinAt ?? r.checkoutAt),
    checkouttime: seconds(r.checkoutAt),
    repeat: repeat ? (1 as const) : (0 as const),
    unusual: r.unusual ? (1 as const) : (0 as const),
  };
}

/**
 * A student who already has a record: a retry of the same request (same `requestid`/`reqtimestamp`)
 * gets the same success again; check-out of a check-in/check-out attendance is taken once; anything
 * else is a repeat (30324) and the first time stays.
 */
function repeatOf(r: AttendanceRecordRow, key: string) {
  if (sameKey(r, key)) return true;
  throw fail('attendanceRepeat');
}

/** The risk flags of a check-in, from what is already recorded for this attendance and this student. */
async function risksOf(ctx: AppContext, { a, student, sameDevice }: Admitted, arrival: Arrival, now: number) {
  const userId = student.userId;
  const reasons: RiskReason[] = [];
  const others: { userId: number; reason: RiskReason }[] = [];
  if (arrival.unusual) reasons.push('locationFailed');
  if (arrival.latitude !== undefined && arrival.longitude !== undefined) {
    const pos = { latitude: arrival.latitude, longitude: arrival.longitude, accuracy: arrival.accuracy };
    reasons.push(
      ...coordinateRisks(
        pos,
        a.latitude !== null && a.longitude !== null ? { latitude: a.latitude, longitude: a.longitude } : null,
      ),
    );
    const [previous] = await ctx.db
      .select({ latitude: attendanceRecords.latitude, longitude: attendanceRecords.longitude, at: attendanceRecords.checkinAt })
      .from(attendanceRecords)
      .where(
        and(
          eq(attendanceRecords.userId, userId),
          isNotNull(attendanceRecords.checkinAt),
          isNotNull(attendanceRecords.latitude),
          ne(attendanceRecords.attendanceId, a.id),
        ),
      )
      .orderBy(desc(attendanceRecords.checkinAt))
      .limit(1);
    if (
      previous &&
      impossibleTravel({ latitude: previous.latitude!, longitude: previous.longitude!, at: previous.at! }, pos, now)
    )
      reasons.push('impossibleTravel');
  } else if (a.type === ATTENDANCE_TYPES.gps) reasons.push('emptyCoordinates');
  if (sameDevice.length > 0) {
    reasons.push('sharedDevice');
    for (const other of sameDevice) others.push({ userId: other, reason: 'sharedDevice' });
  }
  if (arrival.ticketId) {
    const shared = await ctx.db
      .select({ userId: attendanceRecords.userId })
      .from(attendanceRecords)
      .where(
        and(
          eq(attendanceRecords.attendanceId, a.id),
          eq(attendanceRecords.ticketId, arrival.ticketId),
          eq(attendanceRecords.address, arrival.address),
          ne(attendanceRecords.userId, userId),
          gt(attendanceRecords.checkinAt, new Date(now - SHARED_TICKET_SECONDS * 1000)),
        ),
      );
    if (shared.length) {
      reasons.push('sharedTicket');
      for (const s of shared) others.push({ userId: s.userId, reason: 'sharedTicket' });
    }
  }
  return { reasons: withRisks([], reasons) as RiskReason[], others };
}

/**
 * Writes the check-in: one row per student and attendance (a concurrent second request finds the
 * first and is a repeat or its retry); the other records sharing its device or ticket are flagged
 * with it in the same transaction. Then the teacher's pages hear of every changed record.
 */
async function record(ctx: AppContext, found: Admitted, arrival: Arrival, state: number, checkout: boolean) {
  const { a, student } = found;
  const now = Date.now();
  const { reasons, others } = await risksOf(ctx, found, arrival, now);
  const at = new Date(now);
  const write = async (db: AppContext['db']) => {
    const [row] = await db
      .insert(attendanceRecords)
      .values({
        attendanceId: a.id,
        userId: student.userId,
        courseId: a.courseId,
        state,
        recordStatus: checkout ? RECORD_STATUS.checkedOut : RECORD_STATUS.checkedIn,
        checkinAt: checkout ? null : at,
        checkoutAt: checkout ? at : null,
        unusual: arrival.unusual,
        latitude: arrival.latitude ?? null,
        longitude: arrival.longitude ?? null,
        accuracy: arrival.accuracy ?? null,
        address: arrival.address.slice(0, 45),
        device: arrival.device,
        clienttype: arrival.clienttype,
        ticketId: arrival.ticketId ?? null,
        requestKey: arrival.requestKey || null,
        risk: reasons,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return undefined;
    const flagged: AttendanceRecordRow[] = [];
    for (const o of others) {
      const [f] = await db
        .update(attendanceRecords)
        .set({
          risk: sql`(select coalesce(jsonb_agg(distinct x), '[]'::jsonb) from jsonb_array_elements(${attendanceRecords.risk} || ${JSON.stringify([o.reason])}::jsonb) x)`,
          updatedAt: at,
        })
        .where(and(eq(attendanceRecords.attendanceId, a.id), eq(attendanceRecords.userId, o.userId)))
        .returning();
      if (f) flagged.push(f);
    }
    return { row, flagged };
  };
  // a check-in that flags nobody is one statement: no transaction to open and commit
  const written = others.length === 0 ? await write(ctx.db) : await inTransaction(ctx, (tx) => write(tx.db));
  if (!written) return undefined;
  await announceRecord(ctx, a, presentRecord(a, student, written.row, now), false);
  if (written.flagged.length > 0) {
    const students = await courseStudents(
      ctx,
      a.courseId,
      written.flagged.map((r) => r.userId),
    );
    const byId = new Map(students.map((s) => [s.userId, s]));
    for (const r of written.flagged) {
      const s = byId.get(r.userId);
      if (s) await announceRecord(ctx, a, presentRecord(a, s, r, now), false);
    }
  }
  return written.row;
}

/** The student's record, if any: the one a concurrent request of theirs wrote first. */
async function existing(ctx: AppContext, attendanceId: number, userId: number) {
  const [r] = await ctx.db
    .select()
    .from(attendanceRecords)
    .where(and(eq(attendanceRecords.attendanceId, attendanceId), eq(attendanceRecords.userId, userId)));
  return r;
}

/** Counts wrong digit codes per student and attendance (Redis when configured, like the login limits). */
const codeKey = (attendanceId: number, userId: number) => `attendance-code:${attendanceId}:${userId}`;

async function checkDigitCode(ctx: AppContext, a: Attendance, userId: number, code: string) {
  const store = ctx.loginLimits.store;
  const [tries = 0] = await store.get([codeKey(a.id, userId)]);
  if (tries >= DIGIT_CODE_MAX_TRIES) throw fail('rateLimited', { seconds: DIGIT_CODE_WINDOW_SECONDS });
  const expected = Buffer.from(a.code ?? '');
  const given = Buffer.from(code);
  if (expected.length === 0 || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await store.increment(codeKey(a.id, userId), DIGIT_CODE_WINDOW_SECONDS * 1000);
    throw fail('attendanceWrongCode');
  }
}

/**
 * `/AttenceApi/checkin`: number, GPS and check-in/check-out attendance (`data.state` 1). A roll call
 * is the teacher's (30328) and a QR attendance is scanned (30327). Refusals: 30314 wrong code (tries
 * limited per student and attendance, then 42900), 30320 no position (unless the student continues:
 * `unusual=1`, recorded abnormal), 30321 coordinates off the Earth, 30315 outside the geofence, 30323
 * outside by less than the phone's accuracy, 30324 repeat. A student's answer never holds the code nor
 * the geofence.
 */
export async function checkin(ctx: AppContext, user: User, input: CheckinInput, address: string) {
  const found = await admit(ctx, user, input.id, input.deviceid);
  const { a, prior } = found;
  if (a.type === ATTENDANCE_TYPES.rollCall) throw fail('attendanceByTeacher');
  if (a.type === ATTENDANCE_TYPES.qr) throw fail('attendanceScanRequired');
  const arrival: Arrival = {
    address,
    device: input.deviceid,
    clienttype: input.clienttype,
    requestKey: input.requestid || input.reqtimestamp,
    unusual: false,
  };
  const checkout = checkoutOpen(a);
  if (prior) {
    // check-out: once, by a student who has no check-out yet
    if (checkout && !prior.checkoutAt && !prior.manual) return checkOut(ctx, found, prior, address, arrival.requestKey);
    if (repeatOf(prior, arrival.requestKey)) return answer(a, prior, CHECKIN_SUCCESS_STATE, true);
  }
  if (a.type === ATTENDANCE_TYPES.number) await checkDigitCode(ctx, a, user.id, input.code);
  if (a.type === ATTENDANCE_TYPES.gps) {
    const located = input.latitude !== undefined && input.longitude !== undefined;
    if (located && !validCoordinates(input.latitude!, input.longitude!)) throw fail('attendanceLocationAbnormal');
    if (input.unusual === 1) arrival.unusual = true;
    else if (!located) throw fail('attendanceGpsFailed');
    if (located) {
      arrival.latitude = input.latitude;
      arrival.longitude = input.longitude;
      arrival.accuracy = input.accuracy;
    }
    if (located && !arrival.unusual) {
      const verdict = judgePosition(
        { latitude: a.latitude!, longitude: a.longitude!, radius: a.radius! },
        arrival as Required<Arrival>,
      );
      if (verdict === 'outside') throw fail('attendanceOutOfRange');
      if (verdict === 'uncertain') throw fail('attendanceRangeError');
    }
  }
  // a check-out with no check-in is late (checked in only at the end)
  const state = checkout ? ATTENDANCE_STATUS.late : ATTENDANCE_STATUS.present;
  const row = await record(ctx, found, arrival, state, checkout);
  if (row) return answer(a, row, CHECKIN_SUCCESS_STATE, false);
  // another request of the same student got there first
  const first = await existing(ctx, a.id, user.id);
  repeatOf(first!, arrival.requestKey);
  return answer(a, first!, CHECKIN_SUCCESS_STATE, true);
}

/** Check-out of a student who checked in: recorded once, the check-in time kept. */
async function checkOut(
  ctx: AppContext,
  { a, student }: Admitted,
  prior: AttendanceRecordRow,
  address: string,
  requestKey: string,
) {
  const now = new Date();
  const [row] = await ctx.db
    .update(attendanceRecords)
    // the check-out's request id from now on: its retry is answered as a success too
    .set({
      checkoutAt: now,
      recordStatus: RECORD_STATUS.checkedOut,
      updatedAt: now,
      address: address.slice(0, 45),
      requestKey: requestKey || prior.requestKey,
    })
    .where(
      and(
        eq(attendanceRecords.attendanceId, a.id),
        eq(attendanceRecords.userId, prior.userId),
        sql`${attendanceRecords.checkoutAt} is null`,
      ),
    )
    .returning();
  if (!row) throw fail('attendanceRepeat');
  await announceRecord(ctx, a, presentRecord(a, student, row), false);
  return answer(a, row, CHECKIN_SUCCESS_STATE, false);
}

/**
 * `/AttenceApi/AttenceResult`: a scanned QR ticket (`data.state` 8). The signature first (30326 for a
 * forged or altered ticket: its attendance is not even looked up), then the attendance's kind (30317),
 * then expiry (30319), then the student rules of `checkin`. A ticket counts once per student; several
 * accounts using one ticket from one address within seconds are flagged.
 */
export async function scanQr(ctx: AppContext, user: User, input: QrResultInput, address: string) {
  const id = verifyTicket(ctx.secret, input);
  if (!id) throw fail('attendanceIllegal');
  const found = await admit(ctx, user, id, input.deviceid);
  const { a, prior } = found;
  if (a.type !== ATTENDANCE_TYPES.qr) throw fail('attendanceNotQr');
  const requestKey = input.requestid || input.reqtimestamp;
  if (prior && repeatOf(prior, requestKey)) return answer(a, prior, QR_RESULT_SUCCESS_STATE, true);
  if (input.expire * 1000 < Date.now()) throw fail('attendanceQrExpired');
  const arrival: Arrival = {
    address,
    device: input.deviceid,
    clienttype: input.clienttype,
    requestKey,
    unusual: false,
    ticketId: input.ticketid,
  };
  const row = await record(ctx, found, arrival, ATTENDANCE_STATUS.present, false);
  if (row) return answer(a, row, QR_RESULT_SUCCESS_STATE, false);
  const first = await existing(ctx, a.id, user.id);
  repeatOf(first!, requestKey);
  return answer(a, first!, QR_RESULT_SUCCESS_STATE, true);
}
