import {
  ATTENDANCE_STATUS_VALUES,
  type AttendanceItem,
  type AttendanceRecord,
  type AttendanceStaffItem,
  GPS_PROBE_FLAG,
  type RiskReason,
} from '@paiclass/shared';
import { checkoutOpen, effectiveState, isOpen, withRisks } from './attendance.policy';
import type { Attendance, AttendanceRecordRow, CourseStudent } from './attendance.queries';

/** Attendance answers: no row leaves the server unshaped, and a student's never holds the code or the geofence. */

export const seconds = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : 0);

/** What every member may see of an attendance. */
export function presentAttendance(a: Attendance, now = Date.now()): AttendanceItem {
  return {
    id: a.id,
    courseid: a.courseId,
    type: a.type,
    title: a.title,
    duration: a.duration,
    createtime: seconds(a.createdAt),
    endtime: seconds(a.endedAt && a.endedAt < a.endsAt ? a.endedAt : a.endsAt),
    nexttime: seconds(a.nextAt),
    state: isOpen(a, now) ? 1 : 0,
    checkouttime: seconds(a.checkoutAt),
    checkinover: checkoutOpen(a, now) ? 1 : 0,
    address: a.address,
  };
}

/** Counts by status ("0" … "7", "100"), each present even when 0. */
export function emptyCounts(): Record<string, number> {
  return Object.fromEntries(ATTENDANCE_STATUS_VALUES.map((s) => [String(s), 0]));
}

/**
 * A record's risk reasons as the teacher sees them: the stored ones, and `gpsProbing` once the student
 * had GPS_PROBE_FLAG check-ins refused as outside — with or without a record (decision 013).
 */
export function risksShown(r: Pick<AttendanceRecordRow, 'risk'> | undefined, refusals = 0) {
  return withRisks(r?.risk ?? [], refusals >= GPS_PROBE_FLAG ? ['gpsProbing'] : []) as RiskReason[];
}

/** The staff view: the code, the geofence, and the counts of the course's students. */
export function presentStaffAttendance(
  a: Attendance,
  students: CourseStudent[],
  records: Map<number, AttendanceRecordRow>,
  now = Date.now(),
  refusals: Map<number, number> = new Map(),
): AttendanceStaffItem {
  const counts = emptyCounts();
  let risky = 0;
  for (const s of students) {
    const r = records.get(s.userId);
    const state = effectiveState(a, r, now);
    counts[String(state)] = (counts[String(state)] ?? 0) + 1;
    if (risksShown(r, refusals.get(s.userId)).length > 0) risky++;
  }
  return {
    ...presentAttendance(a, now),
    code: a.code ?? '',
    latitude: a.latitude,
    longitude: a.longitude,
    radius: a.radius ?? 0,
    total: students.length,
    counts,
    risky,
  };
}

/** One student's record as the teacher sees it (and the `addRecord` command's data). */
export function presentRecord(
  a: Attendance,
  s: Pick<CourseStudent, 'userId' | 'username' | 'stno' | 'avatar' | 'classname'>,
  r: AttendanceRecordRow | undefined,
  now = Date.now(),
  refusals = 0,
): AttendanceRecord {
  return {
    attenceid: a.id,
    userid: s.userId,
    username: s.username,
    stno: s.stno,
    avatar: s.avatar,
    classname: s.classname ?? '',
    state: effectiveState(a, r, now),
    recordStatus: r?.recordStatus ?? 0,
    checkintime: seconds(r?.checkinAt),
    checkouttime: seconds(r?.checkoutAt),
    unusual: r?.unusual ? 1 : 0,
    manual: r?.manual ? 1 : 0,
    risk: risksShown(r, refusals),
    refused: refusals,
  };
}
