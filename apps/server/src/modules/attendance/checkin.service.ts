import { timingSafeEqual } from 'node:crypto';
import {
  ATTENDANCE_DURATION_MAX,
  ATTENDANCE_STATUS,
  ATTENDANCE_TYPES,
  CHECKIN_SUCCESS_STATE,
  type CheckinInput,
  DIGIT_CODE_CLASS_MAX_WRONG,
  DIGIT_CODE_MAX_TRIES,
  DIGIT_CODE_WINDOW_SECONDS,
  GPS_MAX_REFUSALS,
  GPS_PROBE_FLAG,
  QR_RELAY_AGE_SECONDS,
  QR_RESULT_SUCCESS_STATE,
  type QrResultInput,
  RECORD_STATUS,
  type RiskReason,
  TICKET_FAR_METRES,
} from '@paiclass/shared';
import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { attendanceRecords, attendanceRefusals } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { GroupCommit, groupsPerDatabase, type Outcome } from '../../platform/group-commit';
import { inTransaction } from '../../platform/transaction';
import {
  checkoutOpen,
  coordinateRisks,
  distanceMetres,
  hasEnded,
  impossibleTravel,
  judgePosition,
  runsAttendance,
  validCoordinates,
  withRisks,
} from './attendance.policy';
import { type Attendance, type AttendanceRecordRow, checkinAdmission, courseStudents } from './attendance.queries';
import { announceRecord, changeDigitCodeAfterGuesses, classGuessKey } from './attendance.service';
import { presentRecord, seconds } from './presenters';
import { verifyTicket } from './tickets';

/** Where a check-in came from, as the server sees it (never the client's own claims). */
export interface Origin {
  /** the socket's address (`request.ip`: a proxy's header only with TRUST_PROXY) */
  address: string;
  /** the server's device id from the signed device cookie (platform/device.ts), not the client's `deviceid` */
  device: string;
}

/** What a check-in carries besides its attendance: where it came from and what the phone measured. */
interface Arrival {
  /** the socket's address (`request.ip`: a proxy's header only with TRUST_PROXY) */
  address: string;
  /** the server's device id (Origin.device) */
  device: string;
  clienttype: string;
  requestKey: string;
  latitude?: number;
  longitude?: number;
  accuracy?: number;
  unusual: boolean;
  ticketId?: string;
  /** GPS: admitted only by the claimed accuracy's allowance (`judgePosition` 'edge') */
  edge?: boolean;
  /** GPS: this student's check-ins of this attendance refused so far as outside the area */
  refusals?: number;
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
  if (arrival.edge) reasons.push('impreciseLocation');
  if ((arrival.refusals ?? 0) >= GPS_PROBE_FLAG) reasons.push('gpsProbing');
  if (sameDevice.length > 0) {
    reasons.push('sharedDevice');
    for (const other of sameDevice) others.push({ userId: other, reason: 'sharedDevice' });
  }
  if (arrival.ticketId) {
    for (const r of await ticketRisks(ctx, a.id, userId, arrival, now)) {
      if (r.userId === userId) reasons.push(r.reason);
      else others.push(r);
    }
  }
  return { reasons: withRisks([], reasons) as RiskReason[], others };
}

/**
 * A relayed QR ticket (issue 24; decision 013 has the rule and why an honest class is never flagged).
 * One ticket used by many students of the room is normal and is not flagged, nor is a shared address
 * (campus Wi-Fi). Flagged: a use from another address than an earlier use of the same ticket by
 * another account, when the ticket is older than an honest scan can make it (QR_RELAY_AGE_SECONDS) —
 * this use only (`relayedTicket`); and two uses whose positions are farther apart than
 * TICKET_FAR_METRES beyond both accuracies — both uses (`ticketFarApart`).
 */
async function ticketRisks(ctx: AppContext, attendanceId: number, userId: number, arrival: Arrival, now: number) {
  const uses = await ctx.db
    .select({
      userId: attendanceRecords.userId,
      address: attendanceRecords.address,
      latitude: attendanceRecords.latitude,
      longitude: attendanceRecords.longitude,
      accuracy: attendanceRecords.accuracy,
    })
    .from(attendanceRecords)
    .where(
      and(
        eq(attendanceRecords.attendanceId, attendanceId),
        eq(attendanceRecords.ticketId, arrival.ticketId!),
        ne(attendanceRecords.userId, userId),
      ),
    );
  const found: { userId: number; reason: RiskReason }[] = [];
  const issued = Number(arrival.ticketId!.split('.')[1]) * 1000;
  const address = arrival.address.slice(0, 45);
  if (now - issued > QR_RELAY_AGE_SECONDS * 1000 && uses.some((u) => u.address !== address))
    found.push({ userId, reason: 'relayedTicket' });
  if (arrival.latitude !== undefined && arrival.longitude !== undefined) {
    const here = { latitude: arrival.latitude, longitude: arrival.longitude };
    for (const u of uses) {
      if (u.latitude === null || u.longitude === null) continue;
      const slack = TICKET_FAR_METRES + (arrival.accuracy ?? 0) + (u.accuracy ?? 0);
      if (distanceMetres(here, { latitude: u.latitude, longitude: u.longitude }) > slack) {
        found.push({ userId, reason: 'ticketFarApart' }, { userId: u.userId, reason: 'ticketFarApart' });
      }
    }
  }
  return found;
}

type RecordValues = typeof attendanceRecords.$inferInsert;

/** One check-in's record, written alone: its row, or none when the student already has one. */
async function insertRecord(db: AppContext['db'], values: RecordValues) {
  const [row] = await db.insert(attendanceRecords).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * The records of check-ins arriving together, in one statement: a class checking in at once costs a
 * few inserts instead of one per student. Each call gets its own row, or none when the student
 * already had one, or when an earlier call of the same group (the same student twice) took it.
 */
async function insertRecords(db: AppContext['db'], calls: RecordValues[]): Promise<Outcome<AttendanceRecordRow | undefined>[]> {
  const rows = await db.insert(attendanceRecords).values(calls).onConflictDoNothing().returning();
  const byKey = new Map(rows.map((r) => [`${r.attendanceId}:${r.userId}`, r]));
  return calls.map((c) => {
    const key = `${c.attendanceId}:${c.userId}`;
    const row = byKey.get(key);
    byKey.delete(key);
    return { ok: true, value: row };
  });
}

/** Each app's check-in group: a flag-free check-in's record waits while a group is written. */
const recordGroupsOf = groupsPerDatabase(
  (ctx: AppContext) =>
    new GroupCommit<RecordValues, AttendanceRecordRow | undefined>(
      (calls) => insertRecords(ctx.db, calls),
      (values) => insertRecord(ctx.db, values),
    ),
);

/**
 * Writes the check-in: one row per student and attendance (a concurrent second request finds the
 * first and is a repeat or its retry). A check-in that flags nobody goes with the others arriving at
 * once (recordGroupsOf); one that flags other records (a shared device or ticket) writes them with
 * its own in one transaction. Then the teacher's pages hear of every changed record.
 */
async function record(ctx: AppContext, found: Admitted, arrival: Arrival, state: number) {
  const { a, student } = found;
  const now = Date.now();
  const { reasons, others } = await risksOf(ctx, found, arrival, now);
  const at = new Date(now);
  const values: RecordValues = {
    attendanceId: a.id,
    userId: student.userId,
    courseId: a.courseId,
    state,
    recordStatus: RECORD_STATUS.checkedIn,
    checkinAt: at,
    checkoutAt: null,
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
  };
  const flagging = async (db: AppContext['db']) => {
    const row = await insertRecord(db, values);
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
  const written =
    others.length === 0
      ? await recordGroupsOf(ctx)
          .submit(values)
          .then((row) => row && { row, flagged: [] })
      : await inTransaction(ctx, (tx) => flagging(tx.db));
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

/**
 * Counts a GPS check-in refused as outside, and refuses it: 30315, or 30330 when the student's
 * refusals are already at GPS_MAX_REFUSALS — the count only grows below the limit, in one statement,
 * so a burst of parallel attempts gets no more than GPS_MAX_REFUSALS answers of 30315 between them.
 * Each refusal tells the teacher's pages (never the student's) how many there have been; from GPS_PROBE_FLAG
 * the list shows the student flagged.
 */
async function refuseOutside(ctx: AppContext, { a, student, prior }: Admitted): Promise<never> {
  const [row] = await ctx.db
    .insert(attendanceRefusals)
    .values({ attendanceId: a.id, userId: student.userId, refusals: 1 })
    .onConflictDoUpdate({
      target: [attendanceRefusals.attendanceId, attendanceRefusals.userId],
      set: { refusals: sql`${attendanceRefusals.refusals} + 1`, lastAt: new Date() },
      setWhere: sql`${attendanceRefusals.refusals} < ${GPS_MAX_REFUSALS}`,
    })
    .returning({ n: attendanceRefusals.refusals });
  if (!row) throw fail('attendanceGpsLocked');
  // the teacher's list shows each refused attempt as it happens (issue 25), flagged as probing from GPS_PROBE_FLAG
  await announceRecord(ctx, a, presentRecord(a, student, prior, Date.now(), row.n), false);
  throw fail('attendanceOutOfRange');
}

/** Counts wrong digit codes per student and attendance (Redis when configured, like the login limits). */
const codeKey = (attendanceId: number, userId: number) => `attendance-code:${attendanceId}:${userId}`;

/**
 * Wrong digit codes: per student and attendance (DIGIT_CODE_MAX_TRIES in a window, then 42900), and
 * across the class (issue 24): the DIGIT_CODE_CLASS_MAX_WRONG-th wrong guess changes the code
 * (`changeDigitCodeAfterGuesses`), so pooled guesses never cover the 10,000 codes.
 */
async function checkDigitCode(ctx: AppContext, a: Attendance, userId: number, code: string) {
  const store = ctx.loginLimits.store;
  const [tries = 0] = await store.get([codeKey(a.id, userId)]);
  if (tries >= DIGIT_CODE_MAX_TRIES) throw fail('rateLimited', { seconds: DIGIT_CODE_WINDOW_SECONDS });
  const expected = Buffer.from(a.code ?? '');
  const given = Buffer.from(code);
  if (expected.length === 0 || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await store.increment(codeKey(a.id, userId), DIGIT_CODE_WINDOW_SECONDS * 1000);
    const wrong = await store.increment(classGuessKey(a.id), ATTENDANCE_DURATION_MAX * 60 * 1000);
    if (wrong >= DIGIT_CODE_CLASS_MAX_WRONG) await changeDigitCodeAfterGuesses(ctx, a, wrong);
    throw fail('attendanceWrongCode');
  }
}

/**
 * `/AttenceApi/checkin`: number, GPS and check-in/check-out attendance (`data.state` 1). A roll call
 * is the teacher's (30328) and a QR attendance is scanned (30327). Refusals: 30314 wrong code (tries
 * limited per student and attendance, then 42900), 30320 no position (unless the student continues:
 * `unusual=1`, recorded abnormal), 30321 coordinates off the Earth, 30315 outside the geofence (one
 * refusal for every outside position and claimed accuracy; counted, GPS_MAX_REFUSALS then 30330 on
 * every GPS attempt), 30324 repeat. A claimed accuracy widens the fence by at most
 * GPS_ACCURACY_ALLOWANCE_M. A student's answer never holds the code nor the geofence (decision 013).
 */
export async function checkin(ctx: AppContext, user: User, input: CheckinInput, { address, device }: Origin) {
  const found = await admit(ctx, user, input.id, device);
  const { a, prior } = found;
  if (a.type === ATTENDANCE_TYPES.rollCall) throw fail('attendanceByTeacher');
  if (a.type === ATTENDANCE_TYPES.qr) throw fail('attendanceScanRequired');
  const arrival: Arrival = {
    address,
    device,
    clienttype: input.clienttype,
    requestKey: input.requestid || input.reqtimestamp,
    unusual: false,
  };
  const checkout = checkoutOpen(a);
  if (prior) {
    // check-out: once, by a student who has no check-out yet
    if (checkout && !prior.checkoutAt && !prior.manual && prior.checkinAt)
      return checkOut(ctx, found, prior, address, arrival.requestKey);
    if (repeatOf(prior, arrival.requestKey)) return answer(a, prior, CHECKIN_SUCCESS_STATE, true);
  }
  if (a.type === ATTENDANCE_TYPES.number) await checkDigitCode(ctx, a, user.id, input.code);
  if (a.type === ATTENDANCE_TYPES.gps) {
    // probing the fence is bounded: after GPS_MAX_REFUSALS refusals, no more GPS attempts (decision 013)
    arrival.refusals = found.refusals;
    if (arrival.refusals >= GPS_MAX_REFUSALS) throw fail('attendanceGpsLocked');
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
      // one refusal for every outside position: neither its code, its message nor its path tells how far
      if (verdict === 'outside') await refuseOutside(ctx, found);
      arrival.edge = verdict === 'edge';
    }
  }
  // a check-out with no check-in is refused: the student stays absent, the teacher may set a status (issue 25)
  if (checkout && !prior?.checkinAt && !prior?.manual) throw fail('attendanceNotCheckedIn');
  const row = await record(ctx, found, arrival, ATTENDANCE_STATUS.present);
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
 * then expiry (30319), then the student rules of `checkin`. A ticket counts once per student; a relayed
 * ticket (another address and late, or far apart) and a device of several accounts are flagged.
 */
export async function scanQr(ctx: AppContext, user: User, input: QrResultInput, { address, device }: Origin) {
  const id = verifyTicket(ctx.secret, input);
  if (!id) throw fail('attendanceIllegal');
  const located = input.latitude !== undefined && input.longitude !== undefined;
  if (located && !validCoordinates(input.latitude!, input.longitude!)) throw fail('attendanceLocationAbnormal');
  const found = await admit(ctx, user, id, device);
  const { a, prior } = found;
  if (a.type !== ATTENDANCE_TYPES.qr) throw fail('attendanceNotQr');
  const requestKey = input.requestid || input.reqtimestamp;
  if (prior && repeatOf(prior, requestKey)) return answer(a, prior, QR_RESULT_SUCCESS_STATE, true);
  if (input.expire * 1000 < Date.now()) throw fail('attendanceQrExpired');
  const arrival: Arrival = {
    address,
    device,
    clienttype: input.clienttype,
    requestKey,
    unusual: false,
    ticketId: input.ticketid,
    ...(located && { latitude: input.latitude, longitude: input.longitude, accuracy: input.accuracy }),
  };
  const row = await record(ctx, found, arrival, ATTENDANCE_STATUS.present);
  if (row) return answer(a, row, QR_RESULT_SUCCESS_STATE, false);
  const first = await existing(ctx, a.id, user.id);
  repeatOf(first!, requestKey);
  return answer(a, first!, QR_RESULT_SUCCESS_STATE, true);
}
