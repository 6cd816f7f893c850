import { z } from 'zod';
import { RISK_REASONS } from './constants';

/**
 * What the attendance calls answer (issue 13, docs/api.md "Attendance"). Times are epoch seconds (0:
 * none). A student's answers never hold the digit code, the geofence centre or its radius: those
 * fields exist only in the staff answers below.
 */
const int = z.number().int();
const flag = z.union([z.literal(0), z.literal(1)]);
const status = z.number().int();
export const riskReason = z.enum(RISK_REASONS);

/** One attendance as every member may see it. */
export const attendanceItem = z.object({
  id: int,
  courseid: int,
  /** 0 roll call, 1 number, 2 GPS, 3 QR, 4 check-in/check-out */
  type: int,
  title: z.string(),
  /** minutes */
  duration: int,
  createtime: int,
  /** when it ends (or ended) */
  endtime: int,
  /** the next attendance the teacher planned; 0 none */
  nexttime: int,
  /** 1 open, 0 ended */
  state: flag,
  /** check-in/check-out: when check-out opens; 0 for other types */
  checkouttime: int,
  /** check-in/check-out: 1 once check-in is over and check-out is open */
  checkinover: flag,
  /** GPS: the place's name the teacher gave (never its coordinates) */
  address: z.string(),
});
export type AttendanceItem = z.infer<typeof attendanceItem>;

/** What the teacher and assistants see of an attendance besides: the code, the geofence, the counts. */
export const attendanceStaffItem = attendanceItem.extend({
  /** number attendance: the code; '' otherwise */
  code: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** metres; 0 unless GPS */
  radius: int,
  /** students in the course */
  total: int,
  /** by status: "0" present … "7" left early, "100" not yet */
  counts: z.record(z.string(), int),
  /** records carrying a risk flag */
  risky: int,
});
export type AttendanceStaffItem = z.infer<typeof attendanceStaffItem>;

/** The start calls (`addNowsAttence`, `addDigitAttence`, `addGPSAttence`, `addAttence`, `addCheckinAttence`) and `renameAttence`, `overAttence`. */
export const attendanceStaffAnswer = attendanceStaffItem;

/** One student's record as the teacher sees it (also the `addRecord` socket command's data). */
export const attendanceRecord = z.object({
  attenceid: int,
  userid: int,
  username: z.string(),
  stno: z.string(),
  avatar: z.string(),
  /** the administrative class, '' when none */
  classname: z.string(),
  /** spec 2 §4: 0-7, or 100 while waiting */
  state: status,
  /** 1 checked in, 2 checked out, 3 set by the teacher; 0 no record yet */
  recordStatus: int,
  checkintime: int,
  checkouttime: int,
  /** the phone could not locate and the student continued (spec 2 §8): abnormal */
  unusual: flag,
  /** the teacher set this status by hand */
  manual: flag,
  risk: z.array(riskReason),
  /** GPS check-ins of this student refused as outside the area so far (decision 013; the staff see it, never the student) */
  refused: int,
});
export type AttendanceRecord = z.infer<typeof attendanceRecord>;

/** `/AttenceApi/getNotFinishAttenceStudent`: the course's open attendances the caller has not finished, with their own state. */
export const unfinishedAttendanceAnswer = z.object({
  lists: z.array(
    z.object({
      /** a string, as Ketangpai sends ids in its attendance lists */
      id: z.string(),
      /** as Ketangpai sends it: "0" … "4" */
      type: z.string(),
      title: z.string(),
      createtime: int,
      endtime: int,
      /** the caller's status: 100 not yet, 0 present … */
      state: status,
      checkinover: flag,
      /** 0 not checked in, 1 checked in, 2 checked out */
      attenceCheckinState: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      duration: int,
      checkouttime: int,
    }),
  ),
});
export type UnfinishedAttendanceAnswer = z.infer<typeof unfinishedAttendanceAnswer>;

/** `/AttenceApi/checkin` (state 1) and `/AttenceApi/AttenceResult` (state 8). */
export const checkinAnswer = z.object({
  state: int,
  attenceid: int,
  courseid: int,
  title: z.string(),
  /** the (first) check-in time */
  checkintime: int,
  checkouttime: int,
  /** 1 when this answer repeats an earlier success of the same request (a retry) */
  repeat: flag,
  /** 1 when the record is flagged abnormal (GPS failure continued) */
  unusual: flag,
});
export type CheckinAnswer = z.infer<typeof checkinAnswer>;

/** `/AttenceApi/getDigitAttence`: `data.data.code`, as Ketangpai nests it. */
export const digitCodeAnswer = z.object({ data: z.object({ code: z.string() }) });
/** `/AttenceApi/updateDigitAttenceCode` */
export const digitCodeUpdateAnswer = z.object({ code: z.string() });

/** `/AttenceApi/getQrCode`: a signed ticket, valid `expire - now` seconds; ask again every `rotate` seconds. */
export const qrTicketAnswer = z.object({
  ticketid: z.string(),
  expire: int,
  sign: z.string(),
  /** seconds until the screen should ask for the next ticket */
  rotate: int,
  /** what the QR code holds: the web app's scan page with the ticket */
  url: z.string(),
});
export type QrTicketAnswer = z.infer<typeof qrTicketAnswer>;

/** `/AttenceApi/getLocation` (staff only): the geofence. */
export const locationAnswer = z.object({ latitude: z.number(), longitude: z.number(), radius: int, address: z.string() });

/** `/AttenceApi/getCheckInResult`: the attendance and the caller's own record; staff also get every student. */
export const checkInResultAnswer = z.object({
  attence: attendanceItem,
  mine: z.object({ state: status, checkintime: int, checkouttime: int, unusual: flag, manual: flag }).nullable(),
  /** staff only: every student; [] for a student */
  lists: z.array(attendanceRecord),
  /** staff only: by status; {} for a student */
  counts: z.record(z.string(), int),
});
export type CheckInResultAnswer = z.infer<typeof checkInResultAnswer>;

/** `/AttenceV2Api/getAttenceStudentLists` (staff). */
export const attendanceStudentListAnswer = z.object({
  attence: attendanceStaffItem,
  total: int,
  page: int,
  size: int,
  lists: z.array(attendanceRecord),
});
export type AttendanceStudentListAnswer = z.infer<typeof attendanceStudentListAnswer>;

/**
 * `/SummaryApi/attence`: the course's attendances, newest first, under `data.data` where Ketangpai's
 * clients read them; ids as strings. Staff get the counts, a student their own status.
 */
export const attendanceSummaryAnswer = z.object({
  total: int,
  page: int,
  size: int,
  data: z.array(
    attendanceItem.extend({
      id: z.string(),
      courseid: z.string(),
      /** staff: the counts by status; a student: {} */
      counts: z.record(z.string(), int),
      /** a student: their status; staff: -1 */
      mystate: status,
    }),
  ),
});
export type AttendanceSummaryAnswer = z.infer<typeof attendanceSummaryAnswer>;

/** `/AttenceV2Api/getAttenceBuildingGps` (staff): places earlier GPS attendance of the course used. */
export const buildingGpsAnswer = z.object({
  lists: z.array(z.object({ address: z.string(), latitude: z.number(), longitude: z.number(), radius: int, lastused: int })),
});

/** Per-student statistics: counts by status over the course's ended attendances, and the rate present. */
export const studentStatisticsRow = z.object({
  userid: int,
  username: z.string(),
  stno: z.string(),
  classname: z.string(),
  counts: z.record(z.string(), int),
  /** ended attendances counted */
  total: int,
  /** percent present (present + late count as attended), 0-100 */
  rate: int,
  /** staff only: records flagged; absent from a student's own row (issue 24: a cheater learns nothing of the flags) */
  risky: int.optional(),
});
export type StudentStatisticsRow = z.infer<typeof studentStatisticsRow>;

/** `/AttenceApi/getStudentStatistics`: a student gets their own row; staff every student's (or one). */
export const studentStatisticsAnswer = z.object({ lists: z.array(studentStatisticsRow) });

/** `/AttenceApi/getCourseStatistics` (staff): per attendance, and the course's totals. */
export const courseStatisticsAnswer = z.object({
  students: int,
  attendances: int,
  /** by status over every ended attendance */
  counts: z.record(z.string(), int),
  rate: int,
  lists: z.array(
    z.object({ id: int, title: z.string(), type: int, createtime: int, counts: z.record(z.string(), int), rate: int }),
  ),
});
export type CourseStatisticsAnswer = z.infer<typeof courseStatisticsAnswer>;

/** `/AttenceApi/getAdminClassStatistics` (staff, the counsellor views): by administrative class. */
export const adminClassStatisticsAnswer = z.object({
  classes: z.array(z.object({ classid: int, name: z.string(), students: int, counts: z.record(z.string(), int), rate: int })),
  /** the chosen class's students (classid given), else [] */
  lists: z.array(studentStatisticsRow),
});
export type AdminClassStatisticsAnswer = z.infer<typeof adminClassStatisticsAnswer>;

/** Socket commands (issue 13): `KeTangPaiPublishAttendance` and `addRecord`. */
/** `KeTangPaiPublishAttendance`: `classId` is the course (Ketangpai's name), for clients listening to every course. */
export const publishAttendanceEvent = z.object({ courseid: int, classId: int, attenceid: int, type: int });
export const addRecordEvent = z.object({
  attenceid: int,
  userid: int,
  username: z.string(),
  stno: z.string(),
  state: status,
  recordStatus: int,
  checkintime: int,
  checkouttime: int,
  unusual: flag,
  /** the flags: in the staff room's copy only, never in the student's (issue 24) */
  risk: z.array(riskReason).optional(),
  /** only in the copy sent to the student's own room */
  courseid: int.optional(),
});
/**
 * `attendanceCodeChanged` (the course's staff room only): a number attendance's code changed by
 * itself after DIGIT_CODE_CLASS_MAX_WRONG wrong guesses across the class (issue 24); the teacher's
 * screen shows the new code and says why.
 */
export const codeChangedEvent = z.object({ courseid: int, attenceid: int, code: z.string(), wrong: int });
export const CODE_CHANGED_CMD = 'attendanceCodeChanged';
export const PUBLISH_ATTENDANCE_CMD = 'KeTangPaiPublishAttendance';
export const ADD_RECORD_CMD = 'addRecord';

/** `delAttence` */
export const attendanceIdAnswer = z.object({ id: int });
/** `markAllPresent`: how many students it marked present */
export const markAllPresentAnswer = z.object({ id: int, marked: int });
