import { ATTENDANCE_SET_STATUSES, ATTENDANCE_STATUS_VALUES, QR_ROTATE_SECONDS } from '@paiclass/shared';
import type { Attence, AttenceType } from './types';

/** spec 2 §3/§4: the attendance types in the order the add form offers them */
export const ATTENCE_TYPES: readonly AttenceType[] = [1, 2, 3, 4, 0];

/** spec 2 §4: attendance statuses; 100 is waiting to sign in */
export const ATTENCE_STATES = ATTENDANCE_STATUS_VALUES;
export type AttenceState = (typeof ATTENCE_STATES)[number];
/** statuses a teacher may set by hand (everything but waiting) */
export const SETTABLE_STATES = ATTENDANCE_SET_STATUSES;

/** how often the classroom screen asks for the next QR ticket, ms, unless the server says otherwise */
export const QR_ROTATE_MS = QR_ROTATE_SECONDS * 1000;
/** GPS ranges the teacher chooses from, metres (within GPS_RADIUS_MIN..MAX) */
export const GPS_RANGES = [50, 100, 200, 500, 1000] as const;
/** durations offered, minutes */
export const DURATIONS = [1, 2, 3, 5, 10, 15, 30, 60] as const;
/** check-in/out: minutes after the start that check-out opens */
export const CHECKOUT_AFTER = [1, 2, 5, 10, 20, 30, 45] as const;

export const typeOf = (a: { type: number | string }): AttenceType => {
  const n = Number(a.type);
  return (n >= 0 && n <= 4 ? n : 1) as AttenceType;
};
export const stateOf = (r: { state: number | string }): AttenceState => {
  const n = Number(r.state);
  return ((ATTENCE_STATES as readonly number[]).includes(n) ? n : 100) as AttenceState;
};

/**
 * A status in words: spec 2 §4's name, except that a roll call's student without a status is "not
 * marked yet" (nobody checks in to a roll call: the teacher marks each one).
 */
export function stateLabel(t: (key: string) => string, state: AttenceState, type?: AttenceType) {
  return state === 100 && type === 0 ? t('attendance.rollCall.waiting') : t(`attendance.state.s${state}`);
}

/** Whether an attendance is still open: not ended and not past its end time. */
export function isRunning(a: Pick<Attence, 'state' | 'endtime'>, now = Date.now() / 1000) {
  if (Number(a.state) !== 1) return false;
  const end = Number(a.endtime ?? 0);
  return !(end > 0 && end <= now);
}

/** Seconds left of a running attendance, or null when it has no end time. */
export function secondsLeft(a: Pick<Attence, 'endtime'>, now = Date.now() / 1000): number | null {
  const end = Number(a.endtime ?? 0);
  if (!end) return null;
  return Math.max(0, Math.round(end - now));
}

export const formatCountdown = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/** A count of a counts object by status, 0 when absent. */
export const countOf = (counts: Record<string, number | string> | undefined, state: number) => Number(counts?.[state] ?? 0);

// addresses (spec 2 §2 Attendance routes)
const q = (courseId: number, role: 0 | 1, extra = '') => `courseId=${courseId}&courseRole=${role}${extra}`;
export const paths = {
  teacherIndex: (courseId: number) => `/checkIn/teacherCheckinIndex?${q(courseId, 1)}`,
  add: (courseId: number) => `/checkIn/teaCheckinAdd?${q(courseId, 1)}`,
  running: (courseId: number, id: number) => `/checkIn/teaCheckinPage?${q(courseId, 1, `&id=${id}`)}`,
  detail: (courseId: number, id: number) => `/checkIn/teaCheckinDetail?${q(courseId, 1, `&id=${id}`)}`,
  edit: (courseId: number, id: number) => `/checkIn/teaCheckinEdit?${q(courseId, 1, `&id=${id}`)}`,
  studentIndex: (courseId: number) => `/checkIn/studentCheckinIndex?${q(courseId, 0)}`,
  number: (courseId: number, id: number) => `/checkIn/studentNumber?${q(courseId, 0, `&id=${id}`)}`,
  gps: (courseId: number, id: number) => `/checkIn/studentGPS?${q(courseId, 0, `&id=${id}`)}`,
  success: (courseId: number | null, extra: Record<string, string | number>) =>
    `/checkIn/checkinSuccess?${new URLSearchParams({ ...(courseId ? { courseId: String(courseId), courseRole: '0' } : {}), ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])) })}`,
  fail: (courseId: number | null, extra: Record<string, string | number>) =>
    `/checkIn/fail?${new URLSearchParams({ ...(courseId ? { courseId: String(courseId), courseRole: '0' } : {}), ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])) })}`,
};

/** Where a student goes to check in to an open attendance (null: scanned with the phone, checked in from the list, or the teacher's roll call). */
export function studentPathFor(courseId: number, a: { id: number | string; type: number | string }): string | null {
  const type = typeOf(a);
  const id = Number(a.id);
  if (type === 1) return paths.number(courseId, id);
  if (type === 2) return paths.gps(courseId, id);
  return null;
}

/** Distance in metres between two points (haversine), for the teacher's own view of the range. */
export function distanceMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371000 * Math.asin(Math.sqrt(h));
}

/** The browser's position, or the reason it could not be had. */
export function currentPosition(timeout = 15_000): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('unsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: true, timeout, maximumAge: 0 });
  });
}
