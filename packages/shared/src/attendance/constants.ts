/**
 * Attendance constants (spec 2 §3 Attendance, §4 attendance statuses, §8 check-in results; issue 13).
 * Shared by the server and the web pages.
 */

/** Attendance types (issue 13; spec 2 §3 lists 1-4, the roll call is Ketangpai's `addNowsAttence`). */
export const ATTENDANCE_TYPES = {
  /** the teacher calls the roll and sets each status (`addNowsAttence`) */
  rollCall: 0,
  /** students type the digit code (`addDigitAttence`) */
  number: 1,
  /** students check in inside a geofence (`addGPSAttence`) */
  gps: 2,
  /** students scan the QR code on the teacher's screen (`addAttence`) */
  qr: 3,
  /** students check in, and later check out (`addCheckinAttence`) */
  checkInOut: 4,
} as const;
export type AttendanceType = (typeof ATTENDANCE_TYPES)[keyof typeof ATTENDANCE_TYPES];
export const ATTENDANCE_TYPE_VALUES = [0, 1, 2, 3, 4] as const;

/** A student's status in one attendance (spec 2 §4). 100: not checked in while it is still open. */
export const ATTENDANCE_STATUS = {
  present: 0,
  absent: 1,
  late: 2,
  leave: 3,
  personalLeave: 4,
  sickLeave: 5,
  officialLeave: 6,
  leftEarly: 7,
  waiting: 100,
} as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUS)[keyof typeof ATTENDANCE_STATUS];
/** The statuses a teacher may set by hand (`updateState`): 0-7. */
export const ATTENDANCE_SET_STATUSES = [0, 1, 2, 3, 4, 5, 6, 7] as const;
/** Every status, in the order the statistics list them. */
export const ATTENDANCE_STATUS_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 100] as const;

/** Where a record came from (`addRecord.recordStatus`): a check-in, a check-out, the teacher's hand. */
export const RECORD_STATUS = { checkedIn: 1, checkedOut: 2, setByTeacher: 3 } as const;

/** `data.state` of a successful check-in (`/AttenceApi/checkin`) and of a scanned QR (`AttenceResult`). */
export const CHECKIN_SUCCESS_STATE = 1;
export const QR_RESULT_SUCCESS_STATE = 8;

/**
 * Why a check-in is flagged for the teacher (issue 13: flagged, never silently accepted nor refused).
 * The web app shows each as `attendance.risk.<reason>`.
 */
export const RISK_REASONS = [
  /** another account checked in to this attendance from the same device (the server's signed cookie) */
  'sharedDevice',
  /**
   * a QR ticket used by another account from another address, and this use came later than an
   * honest scan of the screen can (older than QR_RELAY_AGE_SECONDS): a ticket forwarded to someone
   * elsewhere (issue 24; the rule is in decision 013)
   */
  'relayedTicket',
  /** one QR ticket used from positions farther apart than TICKET_FAR_METRES (both uses flagged) */
  'ticketFarApart',
  /** the distance from the student's previous GPS check-in cannot be travelled in the time between */
  'impossibleTravel',
  /** coordinates 0,0 or none at all */
  'emptyCoordinates',
  /** accuracy 0, whole degrees, or exactly the geofence centre: typed in, not measured */
  'perfectCoordinates',
  /** the phone could not locate and the student chose to continue (`unusual=1`) */
  'locationFailed',
  /** the phone claimed an accuracy worse than GPS_ACCURACY_ALLOWANCE_M, or was inside only thanks to it (decision 013) */
  'impreciseLocation',
  /** GPS_PROBE_FLAG or more GPS check-ins of this student were refused as outside the area: probing the geofence */
  'gpsProbing',
] as const;
export type RiskReason = (typeof RISK_REASONS)[number];

/** Durations in minutes (value ours: up to a day). */
export const ATTENDANCE_DURATION_MIN = 1;
export const ATTENDANCE_DURATION_MAX = 24 * 60;
export const ATTENDANCE_TITLE_MAX = 50; // value ours
/** The digit code of number attendance: 4 digits (value ours, as Ketangpai's). */
export const DIGIT_CODE_LENGTH = 4;
/** Wrong digit codes a student may try per attendance before being locked out for the window (value ours). */
export const DIGIT_CODE_MAX_TRIES = 5;
export const DIGIT_CODE_WINDOW_SECONDS = 10 * 60;
/**
 * Wrong digit codes across the whole class before the code changes by itself (issue 24; value ours).
 * The per-student limit alone lets a class pooling guesses cover all 10,000 codes on a long
 * attendance. 200 wrong guesses give pooled guessing a 2 % chance (200 of 10,000) per code, while a
 * class of 100 that mistypes twice each still checks in without a change; when it changes, the
 * teacher's screen shows the new code and tells the teacher why, so a guessing party is noticed.
 */
export const DIGIT_CODE_CLASS_MAX_WRONG = 200;
/** The QR code on the teacher's screen changes every few seconds, each ticket valid a little longer (values ours). */
export const QR_ROTATE_SECONDS = 5;
export const QR_TICKET_TTL_SECONDS = 12;
/** Geofence radius in metres (values ours). */
export const GPS_RADIUS_MIN = 10;
export const GPS_RADIUS_MAX = 5000;
export const GPS_RADIUS_DEFAULT = 100;
/**
 * How much a phone's claimed accuracy may widen the geofence, in metres (decision 013). Phones report
 * 3-10 m outdoors and 10-30 m indoors with Wi-Fi help; 30 m lets an honest phone in the lecture hall
 * whose fix drifted past the edge check in, while a claimed accuracy of kilometres still gains only
 * 30 m. A larger claim is flagged (`impreciseLocation`), never widens further.
 */
export const GPS_ACCURACY_ALLOWANCE_M = 30;
/** GPS check-ins refused as outside the area per student and attendance; then GPS check-in is closed to them (30330) */
export const GPS_MAX_REFUSALS = 5;
/** from this many refused GPS check-ins the student is flagged to the teacher (`gpsProbing`) */
export const GPS_PROBE_FLAG = 3;
/**
 * A QR ticket older than this when used is later than an honest scan (issue 24; value ours): the
 * screen shows a ticket for QR_ROTATE_SECONDS, and a phone that scans it posts within a few seconds
 * (3 s allowed); a ticket forwarded as a picture and scanned elsewhere arrives later. Only flags a
 * use from another address than an earlier use of the same ticket by another account.
 */
export const QR_RELAY_AGE_SECONDS = QR_ROTATE_SECONDS + 3;
/** Two uses of one QR ticket with positions farther apart than this (plus their accuracies) are flagged (metres; value ours). */
export const TICKET_FAR_METRES = 1000;
/** Faster than this between two GPS check-ins is impossible travel (m/s; 300 km/h, a high-speed train). */
export const IMPOSSIBLE_SPEED_MPS = 300 / 3.6;
/** Travel below this distance is never flagged: GPS jitter and campus walks (metres). */
export const IMPOSSIBLE_TRAVEL_MIN_METRES = 2000;

/** Envelope codes of attendance (issue 13; docs/api.md "Attendance"). */
export const ATTENDANCE_CODES = {
  attendanceWrongCode: 30314, // the digit code is wrong
  attendanceOutOfRange: 30315, // issue 13: out of range — the one refusal for every position outside the geofence
  attendanceStaff: 30316, // spec 2 §8: you are the teacher or assistant, no attendance needed
  attendanceNotQr: 30317, // spec 2 §8: attendance is not QR attendance (or the wrong way for this one)
  attendanceNotListed: 30318, // spec 2 §8: only authenticated members on the enrolment list
  attendanceQrExpired: 30319, // issue 13: QR code expired, rescan
  attendanceGpsFailed: 30320, // issue 13: GPS failed (the client may ask "continue?" and send unusual=1)
  attendanceLocationAbnormal: 30321, // issue 13: the coordinates cannot be a place on Earth
  attendanceEnded: 30322, // issue 13, spec 2 §8: attendance has ended
  attendanceRangeError: 30323, // issue 13: no longer answered (decision 013: it told how far outside the student was)
  attendanceRepeat: 30324, // issue 13, spec 2 §8: repeat check-in, the first time counts
  attendanceDeleted: 30325, // spec 2 §8: attendance deleted
  attendanceIllegal: 30326, // spec 2 §8: illegal access (a ticket whose signature does not match)
  attendanceScanRequired: 30327, // a QR attendance is checked in by scanning, not by `checkin`
  attendanceByTeacher: 30328, // a roll call is taken by the teacher: students do not check in
  attendanceNoGeofence: 30329, // `getLocation` of an attendance that is not GPS
  attendanceGpsLocked: 30330, // GPS_MAX_REFUSALS check-ins refused as outside: GPS check-in closed to this student
  attendanceNotCheckedIn: 30331, // issue 25: check-out by a student who never checked in (they stay absent)
} as const;
