import { api, apiFile } from '../../lib/api';
import type {
  AdminClassStats,
  AttenceAddBody,
  AttenceType,
  CheckInResult,
  CheckinResult,
  CourseStats,
  OpenAttence,
  QrTicket,
  StaffAttence,
  StudentList,
  StudentStats,
  SummaryPage,
} from './types';

/** Attendances per page of the course's list. */
export const ATTENCE_PAGE_SIZE = 20;
/** Students per page of one attendance (the server allows 500). */
export const STUDENT_PAGE_SIZE = 500;

/** The start call of each attendance type (issue 13: Ketangpai's names). */
const ADD_CALL: Record<AttenceType, string> = {
  0: '/AttenceApi/addNowsAttence',
  1: '/AttenceApi/addDigitAttence',
  2: '/AttenceApi/addGPSAttence',
  3: '/AttenceApi/addAttence',
  4: '/AttenceApi/addCheckinAttence',
};

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
  /** the course's attendances still open for the caller (none: an empty list) */
  notFinished: async (courseid: number): Promise<OpenAttence[]> =>
    (await api<{ lists: OpenAttence[] }>('/AttenceApi/getNotFinishAttenceStudent', { courseid })).lists,
  checkin: (body: { id: number; code?: string; unusual?: 0 | 1; latitude?: number; longitude?: number; accuracy?: number }) =>
    api<CheckinResult>('/AttenceApi/checkin', { clienttype: 'web', deviceid: deviceId(), requestid: requestId(), ...body }),
  /** a scanned QR code's ticket */
  attenceResult: (ticket: { ticketid: string; expire: string; sign: string }) =>
    api<CheckinResult>('/AttenceApi/AttenceResult', {
      clienttype: 'web',
      deviceid: deviceId(),
      requestid: requestId(),
      ...ticket,
    }),
  /** the attendance and the caller's record; staff also get every student and the counts */
  result: (attenceid: number) => api<CheckInResult>('/AttenceApi/getCheckInResult', { attenceid }),

  // teachers and assistants
  /** the course's attendances with their counts, newest first */
  list: (courseid: number, page: number, size = ATTENCE_PAGE_SIZE) =>
    api<SummaryPage>('/SummaryApi/attence', { courseid, page, size }),
  add: (type: AttenceType, body: AttenceAddBody) => api<StaffAttence>(ADD_CALL[type], body),
  /** one attendance (staff view) with its students, filtered by status (-1 everyone) */
  students: (attenceid: number, state: number) =>
    api<StudentList>('/AttenceV2Api/getAttenceStudentLists', { attenceid, state, page: 1, size: STUDENT_PAGE_SIZE }),
  digitCode: async (id: number) => (await api<{ data: { code: string } }>('/AttenceApi/getDigitAttence', { id })).data.code,
  newDigitCode: (id: number) => api<{ code: string }>('/AttenceApi/updateDigitAttenceCode', { id }),
  qrCode: (id: number) => api<QrTicket>('/AttenceApi/getQrCode', { id }),
  location: (id: number) =>
    api<{ latitude: number; longitude: number; radius: number; address: string }>('/AttenceApi/getLocation', { id }),
  end: (id: number) => api<StaffAttence>('/AttenceApi/overAttence', { id }),
  remove: (id: number) => api<unknown>('/AttenceApi/delAttence', { id }),
  rename: (id: number, title: string) => api<StaffAttence>('/AttenceApi/renameAttence', { id, title }),
  setState: (id: number, studentid: number, state: number) => api<unknown>('/AttenceApi/updateState', { id, studentid, state }),
  courseStats: (courseid: number) => api<CourseStats>('/AttenceApi/getCourseStatistics', { courseid }),
  studentStats: async (courseid: number, studentid = 0) =>
    (await api<{ lists: StudentStats[] }>('/AttenceApi/getStudentStatistics', { courseid, studentid })).lists,
  adminClassStats: (courseid: number, classid = 0) =>
    api<AdminClassStats>('/AttenceApi/getAdminClassStatistics', { courseid, classid }),
  exportStats: (courseid: number) => apiFile('/AttenceApi/exportStatistics', { courseid }, 'attendance.xlsx'),
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
