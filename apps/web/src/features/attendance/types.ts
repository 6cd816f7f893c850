import type {
  AdminClassStatisticsAnswer,
  AttendanceItem,
  AttendanceRecord,
  AttendanceStaffItem,
  AttendanceStudentListAnswer,
  AttendanceSummaryAnswer,
  CheckInResultAnswer,
  CheckinAnswer,
  CourseStatisticsAnswer,
  QrTicketAnswer,
  StudentStatisticsRow,
  UnfinishedAttendanceAnswer,
} from '@paiclass/shared';

/**
 * Shapes of the attendance calls (issue 13, docs/api.md "Attendance"): the server's answer schemas,
 * packages/shared/src/attendance/responses.ts.
 */

/** spec 2 §3/§4: 0 roll call, 1 number, 2 GPS, 3 QR, 4 check-in and check-out */
export type AttenceType = 0 | 1 | 2 | 3 | 4;

export type Attence = AttendanceItem;
export type StaffAttence = AttendanceStaffItem;
export type SummaryItem = AttendanceSummaryAnswer['data'][number];
export type SummaryPage = AttendanceSummaryAnswer;
export type OpenAttence = UnfinishedAttendanceAnswer['lists'][number];
export type AttenceRecord = AttendanceRecord;
export type StudentList = AttendanceStudentListAnswer;
export type CheckinResult = CheckinAnswer;
export type CheckInResult = CheckInResultAnswer;
export type QrTicket = QrTicketAnswer;
export type CourseStats = CourseStatisticsAnswer;
export type StudentStats = StudentStatisticsRow;
export type AdminClassStats = AdminClassStatisticsAnswer;

/** The `addRecord` event a teacher's page receives on each check-in (issue 13). */
export type AddRecordEvent = Pick<
  AttendanceRecord,
  'attenceid' | 'userid' | 'username' | 'stno' | 'state' | 'recordStatus' | 'checkintime' | 'risk'
>;

/** What starting an attendance sends (the add calls, packages/shared attendance schemas). */
export interface AttenceAddBody {
  courseid: number;
  title: string;
  /** minutes */
  duration: number;
  /** epoch seconds */
  nexttime: number;
  /** GPS: the teacher's position and the radius in metres */
  latitude?: number;
  longitude?: number;
  radius?: number;
  address?: string;
  /** check-in/out: minutes after the start that check-out opens */
  checkouttime?: number;
}
