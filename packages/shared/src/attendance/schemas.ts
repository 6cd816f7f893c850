import { z } from 'zod';
import { EPOCH_SECONDS_MAX, INT_MAX, wireOptionalId, wirePage } from '../wire';
import {
  ATTENDANCE_DURATION_MAX,
  ATTENDANCE_DURATION_MIN,
  ATTENDANCE_SET_STATUSES,
  ATTENDANCE_TITLE_MAX,
  DIGIT_CODE_LENGTH,
  GPS_RADIUS_DEFAULT,
  GPS_RADIUS_MAX,
  GPS_RADIUS_MIN,
} from './constants';

/**
 * Attendance calls (spec 2 §3 Attendance, §5 rules, §7 /AttenceApi; issue 13), as Ketangpai's clients
 * send them: numbers as strings, empty strings for none, unknown fields dropped. Messages are keys of
 * `validationMessages`.
 */
const isNone = (v: unknown) => v === undefined || v === null || v === '';
const courseid = z.coerce
  .number({ message: 'validation.courseId' })
  .int()
  .positive({ message: 'validation.courseId' })
  .max(INT_MAX, { message: 'validation.invalid' });
const attendanceId = z.coerce
  .number({ message: 'validation.attendanceId' })
  .int({ message: 'validation.attendanceId' })
  .positive({ message: 'validation.attendanceId' })
  .max(INT_MAX, { message: 'validation.invalid' });

export const attendanceTitle = z
  .string({ message: 'validation.attendanceTitleRequired' })
  .trim()
  .min(1, { message: 'validation.attendanceTitleRequired' })
  .max(ATTENDANCE_TITLE_MAX, { message: 'validation.attendanceTitleLength' });

/** spec 2 §5: the continuous duration is required; minutes. */
export const attendanceDuration = z.preprocess(
  (v) => (isNone(v) ? undefined : v),
  z.coerce
    .number({ message: 'validation.attendanceDuration' })
    .int({ message: 'validation.attendanceDuration' })
    .min(ATTENDANCE_DURATION_MIN, { message: 'validation.attendanceDuration' })
    .max(ATTENDANCE_DURATION_MAX, { message: 'validation.attendanceDuration' }),
);

/** The next attendance time the teacher plans, epoch seconds; 0 or none when not planned. */
const nexttime = z.preprocess(
  (v) => (isNone(v) ? 0 : v),
  z.coerce
    .number({ message: 'validation.attendanceNextTime' })
    .int()
    .min(0, { message: 'validation.attendanceNextTime' })
    .max(EPOCH_SECONDS_MAX, { message: 'validation.attendanceNextTime' }),
);

export const digitCode = z
  .string({ message: 'validation.attendanceCode' })
  .trim()
  .regex(new RegExp(`^\\d{${DIGIT_CODE_LENGTH}}$`), { message: 'validation.attendanceCode' });
/** A code typed by a student or chosen by the teacher: digits, sent as a string or a number ("0123" keeps its zero). */
const wireDigitCode = z.preprocess((v) => (typeof v === 'number' ? String(v).padStart(DIGIT_CODE_LENGTH, '0') : v), digitCode);

const latitude = z.coerce
  .number({ message: 'validation.latitude' })
  .min(-90, { message: 'validation.latitude' })
  .max(90, { message: 'validation.latitude' });
const longitude = z.coerce
  .number({ message: 'validation.longitude' })
  .min(-180, { message: 'validation.longitude' })
  .max(180, { message: 'validation.longitude' });

/** Every kind of attendance: name, duration, next time (spec 2 §5). The method is the call. */
const startFields = { courseid, title: attendanceTitle, duration: attendanceDuration, nexttime };

/** `addNowsAttence` (roll call), `addAttence` (QR). */
export const attendanceStartInput = z.object(startFields);
export type AttendanceStartInput = z.infer<typeof attendanceStartInput>;
/** `addDigitAttence`: the code is made by the server unless the teacher chooses one. */
export const digitAttendanceInput = z.object({
  ...startFields,
  code: z.preprocess((v) => (isNone(v) ? undefined : v), wireDigitCode.optional()),
});
export type DigitAttendanceInput = z.infer<typeof digitAttendanceInput>;
/** `addGPSAttence`: the centre is where the teacher stands; the radius in metres. */
export const gpsAttendanceInput = z.object({
  ...startFields,
  latitude,
  longitude,
  radius: z.preprocess(
    (v) => (isNone(v) ? GPS_RADIUS_DEFAULT : v),
    z.coerce
      .number({ message: 'validation.gpsRadius' })
      .int({ message: 'validation.gpsRadius' })
      .min(GPS_RADIUS_MIN, { message: 'validation.gpsRadius' })
      .max(GPS_RADIUS_MAX, { message: 'validation.gpsRadius' }),
  ),
  address: z.preprocess((v) => (isNone(v) ? '' : v), z.string().trim().max(100, { message: 'validation.addressLength' })),
});
export type GpsAttendanceInput = z.infer<typeof gpsAttendanceInput>;
/** `addCheckinAttence`: check-out opens `checkouttime` minutes after the start, before the end. */
export const checkInOutAttendanceInput = z.object({
  ...startFields,
  checkouttime: z.preprocess(
    (v) => (isNone(v) ? undefined : v),
    z.coerce
      .number({ message: 'validation.checkoutTime' })
      .int({ message: 'validation.checkoutTime' })
      .min(1, { message: 'validation.checkoutTime' })
      .max(ATTENDANCE_DURATION_MAX, { message: 'validation.checkoutTime' }),
  ),
});
export type CheckInOutAttendanceInput = z.infer<typeof checkInOutAttendanceInput>;

/** Calls on one attendance: `overAttence`, `delAttence`, `getQrCode`, `getLocation`, `getDigitAttence`. */
export const attendanceRef = z.object({ id: attendanceId });
/** `getCheckInResult` names it `attenceid` (the id under `id` is taken too). */
export const attendanceResultRef = z.object({ attenceid: attendanceId });
export const renameAttendanceInput = z.object({ id: attendanceId, title: attendanceTitle });
export const digitCodeUpdateInput = z.object({
  id: attendanceId,
  code: z.preprocess((v) => (isNone(v) ? undefined : v), wireDigitCode.optional()),
});

/** `updateState`: the teacher sets one student's status (0-7, spec 2 §4). */
export const updateStateInput = z.object({
  id: attendanceId,
  studentid: z.coerce
    .number({ message: 'validation.studentId' })
    .int()
    .positive({ message: 'validation.studentId' })
    .max(INT_MAX, { message: 'validation.invalid' }),
  state: z.coerce
    .number({ message: 'validation.attendanceState' })
    .int({ message: 'validation.attendanceState' })
    .min(0, { message: 'validation.attendanceState' })
    .max(7, { message: 'validation.attendanceState' })
    .refine((s) => (ATTENDANCE_SET_STATUSES as readonly number[]).includes(s), { message: 'validation.attendanceState' }),
});
export type UpdateStateInput = z.infer<typeof updateStateInput>;

const optionalNumber = z.preprocess((v) => (isNone(v) ? undefined : v), z.coerce.number().optional());
const flag = z.preprocess((v) => (isNone(v) ? 0 : v === true ? 1 : v === false ? 0 : v), z.coerce.number().int().min(0).max(1));
/** a device or request identifier as a client sends it; long values are cut, not refused */
const clientText = (max: number) => z.preprocess((v) => (isNone(v) ? '' : String(v).slice(0, max)), z.string());

/**
 * `/AttenceApi/checkin`: a number code, a GPS position, or a plain check-in (check-in/check-out).
 * Coordinates outside the Earth answer 30321 instead of a bad input (Ketangpai's message).
 * `unusual=1` is the student's "continue" after the phone could not locate them.
 * `requestid` (or Ketangpai's `reqtimestamp`) makes a retried success answer the same success.
 */
export const checkinInput = z.object({
  id: attendanceId,
  code: z.preprocess(
    (v) => (isNone(v) ? '' : typeof v === 'number' ? String(v).padStart(DIGIT_CODE_LENGTH, '0') : v),
    z.string().trim().max(20),
  ),
  unusual: flag,
  latitude: optionalNumber,
  longitude: optionalNumber,
  accuracy: optionalNumber,
  clienttype: clientText(40),
  deviceid: clientText(100),
  requestid: clientText(64),
  reqtimestamp: clientText(64),
});
export type CheckinInput = z.infer<typeof checkinInput>;

/** `/AttenceApi/AttenceResult`: a scanned QR ticket. */
export const qrResultInput = z.object({
  ticketid: z
    .string({ message: 'validation.ticket' })
    .trim()
    .min(1, { message: 'validation.ticket' })
    .max(100, { message: 'validation.ticket' }),
  expire: z.coerce.number({ message: 'validation.ticket' }).int().min(0).max(EPOCH_SECONDS_MAX),
  sign: z
    .string({ message: 'validation.ticket' })
    .trim()
    .min(1, { message: 'validation.ticket' })
    .max(128, { message: 'validation.ticket' }),
  /** where the phone was, when it knows (issue 24: two uses of one ticket far apart are flagged) */
  latitude: optionalNumber,
  longitude: optionalNumber,
  accuracy: optionalNumber,
  clienttype: clientText(40),
  deviceid: clientText(100),
  requestid: clientText(64),
  reqtimestamp: clientText(64),
});
export type QrResultInput = z.infer<typeof qrResultInput>;

const size = (max: number, fallback: number) =>
  z.preprocess((v) => (isNone(v) ? fallback : v), z.coerce.number().int().min(1).max(max));

/** `/SummaryApi/attence`: the course's attendances with counts by status, newest first. */
export const attendanceSummaryInput = z.object({ courseid, page: wirePage(), size: size(100, 20) });
/** `/AttenceV2Api/getAttenceStudentLists`: one attendance's students, filtered by status (-1 or none: all). */
export const attendanceStudentListInput = z.object({
  attenceid: attendanceId,
  state: z.preprocess((v) => (isNone(v) ? -1 : v), z.coerce.number().int().min(-1).max(100)),
  page: wirePage(),
  size: size(500, 200),
});
/** `/AttenceV2Api/getAttenceBuildingGps`: the places this course's GPS attendance used before. */
export const buildingGpsInput = z.object({ courseid });
/** Statistics: per course, per student (`studentid` 0: the caller, or for staff every student). */
export const attendanceStatisticsInput = z.object({ courseid, studentid: wireOptionalId() });
/** The counsellor views: the course's administrative classes (`classid` 0: every class). */
export const adminClassStatisticsInput = z.object({ courseid, classid: wireOptionalId() });
/**
 * `getNotFinishAttenceStudent`: the attendances the caller has not finished. `all=1` (our web app's, not
 * Ketangpai's) also lists the open ones the caller finished, so its page shows them as done.
 */
export const unfinishedAttendanceInput = z.object({ courseid, all: wireOptionalId() });
