import { attendanceCalls, type CallSpec } from '@paiclass/shared';
import { call, callFile } from '../../lib/api';
import type { AttenceAddBody, AttenceType, OpenAttence } from './types';

/** Attendances per page of the course's list. */
export const ATTENCE_PAGE_SIZE = 20;
/** Students per page of one attendance (the server allows 500). */
export const STUDENT_PAGE_SIZE = 500;

/** The start call of each attendance type (issue 13: Ketangpai's names). */
const ADD_CALL = {
  0: attendanceCalls.addNowsAttence,
  1: attendanceCalls.addDigitAttence,
  2: attendanceCalls.addGPSAttence,
  3: attendanceCalls.addAttence,
  4: attendanceCalls.addCheckinAttence,
} satisfies Record<AttenceType, CallSpec>;

/** A random id per check-in attempt: a retry of the same attempt is answered with the same success. */
const requestId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

/** A stable id of this browser, so that several accounts on one phone are flagged for the teacher (issue 13). */
function deviceId() {
  const key = 'paiclass.device';
  try {
    let id = localStorage.getItem(key);
    if (!id) {
      id = requestId();
      localStorage.setItem(key, id);
    }
    return id;
  } catch {
    return '';
  }
}

/** The attendance calls of docs/api.md "Attendance" (issue 13), typed. */
export const attendanceApi = {
  // students
  /** the course's open attendances, those the caller finished too (`all`: the page shows them as done) */
  notFinished: async (courseid: number): Promise<OpenAttence[]> =>
    (await call(attendanceCalls.getNotFinishAttenceStudent, { courseid, all: 1 })).lists,
  checkin: (body: { id: number; code?: string; unusual?: 0 | 1; latitude?: number; longitude?: number; accuracy?: number }) =>
    call(attendanceCalls.checkin, { clienttype: 'web', deviceid: deviceId(), requestid: requestId(), ...body }),
  /** a scanned QR code's ticket */
  attenceResult: (ticket: { ticketid: string; expire: string; sign: string }) =>
    call(attendanceCalls.AttenceResult, {
      clienttype: 'web',
      deviceid: deviceId(),
      requestid: requestId(),
      ...ticket,
    }),
  /** the attendance and the caller's record; staff also get every student and the counts */
  result: (attenceid: number) => call(attendanceCalls.getCheckInResult, { attenceid }),

  // teachers and assistants
  /** the course's attendances with their counts, newest first */
  list: (courseid: number, page: number, size = ATTENCE_PAGE_SIZE) => call(attendanceCalls.attence, { courseid, page, size }),
  add: (type: AttenceType, body: AttenceAddBody) => call(ADD_CALL[type], body),
  /** one attendance (staff view) with its students, filtered by status (-1 everyone) */
  students: (attenceid: number, state: number) =>
    call(attendanceCalls.getAttenceStudentLists, { attenceid, state, page: 1, size: STUDENT_PAGE_SIZE }),
  digitCode: async (id: number) => (await call(attendanceCalls.getDigitAttence, { id })).data.code,
  newDigitCode: (id: number) => call(attendanceCalls.updateDigitAttenceCode, { id }),
  qrCode: (id: number) => call(attendanceCalls.getQrCode, { id }),
  location: (id: number) => call(attendanceCalls.getLocation, { id }),
  end: (id: number) => call(attendanceCalls.overAttence, { id }),
  remove: (id: number) => call(attendanceCalls.delAttence, { id }),
  rename: (id: number, title: string) => call(attendanceCalls.renameAttence, { id, title }),
  setState: (id: number, studentid: number, state: number) => call(attendanceCalls.updateState, { id, studentid, state }),
  /** a roll call: every student not marked yet, present */
  markAllPresent: (id: number) => call(attendanceCalls.markAllPresent, { id }),
  courseStats: (courseid: number) => call(attendanceCalls.getCourseStatistics, { courseid }),
  studentStats: async (courseid: number, studentid = 0) =>
    (await call(attendanceCalls.getStudentStatistics, { courseid, studentid })).lists,
  adminClassStats: (courseid: number, classid = 0) => call(attendanceCalls.getAdminClassStatistics, { courseid, classid }),
  exportStats: (courseid: number) => callFile(attendanceCalls.exportStatistics, { courseid }, 'attendance.xlsx'),
};

/** TanStack Query keys of the attendance area. */
export const attendanceKeys = {
  all: (courseId: number) => ['attendance', courseId] as const,
  open: (courseId: number) => ['attendance', courseId, 'open'] as const,
  list: (courseId: number) => ['attendance', courseId, 'list'] as const,
  students: (courseId: number, id: number, state: number) => ['attendance', courseId, 'item', id, 'students', state] as const,
  code: (courseId: number, id: number) => ['attendance', courseId, 'item', id, 'code'] as const,
  result: (courseId: number, id: number) => ['attendance', courseId, 'item', id, 'result'] as const,
  courseStats: (courseId: number) => ['attendance', courseId, 'stats', 'course'] as const,
  studentStats: (courseId: number) => ['attendance', courseId, 'stats', 'students'] as const,
  adminClassStats: (courseId: number, classid: number) => ['attendance', courseId, 'stats', 'classes', classid] as const,
};
