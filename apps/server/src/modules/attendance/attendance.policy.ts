import {
  ATTENDANCE_STATUS,
  ATTENDANCE_TYPES,
  GPS_ACCURACY_ALLOWANCE_M,
  IMPOSSIBLE_SPEED_MPS,
  IMPOSSIBLE_TRAVEL_MIN_METRES,
  type RiskReason,
} from '@paiclass/shared';
import type { CourseRole } from '../courses/courses.policy';

/**
 * Attendance rules (spec 2 §5, §8; issue 13), as small pure functions over the caller's course role,
 * the attendance and the clock.
 */

/** The teacher and assistants start, end, edit and watch attendance; they never check in (spec 2 §5). */
export const runsAttendance = (role: CourseRole) => role === 'owner' || role === 'assistant';
/** Only students check in. */
export const checksIn = (role: CourseRole) => role === 'student';

export interface AttendanceTimes {
  type: number;
  endsAt: Date;
  endedAt: Date | null;
  deletedAt: Date | null;
  checkoutAt: Date | null;
}

/**
 * Ended: by the teacher, or by its duration's end. The end is computed on every read, so that an
 * attendance is never open past its end even before the end job has run (decision 013).
 */
export const hasEnded = (a: AttendanceTimes, now = Date.now()) => Boolean(a.endedAt) || a.endsAt.getTime() <= now;
export const isOpen = (a: AttendanceTimes, now = Date.now()) => !a.deletedAt && !hasEnded(a, now);
/** check-in/check-out: whether check-out has opened (check-in is over). */
export const checkoutOpen = (a: AttendanceTimes, now = Date.now()) =>
  a.type === ATTENDANCE_TYPES.checkInOut && Boolean(a.checkoutAt) && a.checkoutAt!.getTime() <= now;

/**
 * A student's status in an attendance (spec 2 §4): their record's, else 100 while open and 1 (absent)
 * once ended. A check-in/check-out student who checked in and never out has left early (7) once it
 * has ended, unless the teacher set the status by hand.
 */
export function effectiveState(
  a: AttendanceTimes,
  r: { state: number; manual: boolean; checkinAt: Date | null; checkoutAt: Date | null } | undefined | null,
  now = Date.now(),
): number {
  const ended = hasEnded(a, now);
  if (!r) return ended ? ATTENDANCE_STATUS.absent : ATTENDANCE_STATUS.waiting;
  if (
    ended &&
    !r.manual &&
    a.type === ATTENDANCE_TYPES.checkInOut &&
    r.state === ATTENDANCE_STATUS.present &&
    r.checkinAt &&
    !r.checkoutAt
  )
    return ATTENDANCE_STATUS.leftEarly;
  return r.state;
}

/** Present and late both count as attended in the rates. */
export const attended = (state: number) => state === ATTENDANCE_STATUS.present || state === ATTENDANCE_STATUS.late;

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Coordinates that can be a place on Earth. */
export const validCoordinates = (latitude: number, longitude: number) =>
  Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;

/**
 * Where a position stands against a geofence (decision 013): inside the radius; at the edge — outside
 * the radius but within the phone's claimed accuracy of it, which widens the fence by at most
 * GPS_ACCURACY_ALLOWANCE_M (admitted, flagged `impreciseLocation`); or outside. Every outside position
 * is the same verdict, whatever its distance or claimed accuracy: the refusal tells nothing of either.
 */
export function judgePosition(
  fence: { latitude: number; longitude: number; radius: number },
  pos: { latitude: number; longitude: number; accuracy?: number },
): 'inside' | 'edge' | 'outside' {
  const d = distanceMetres(fence, pos);
  if (d <= fence.radius) return 'inside';
  return d <= fence.radius + accuracyAllowance(pos.accuracy) ? 'edge' : 'outside';
}

/** How far a claimed accuracy widens the fence: the claim, from 0 up to GPS_ACCURACY_ALLOWANCE_M (none when absent or not a number). */
export const accuracyAllowance = (accuracy: number | undefined) =>
  accuracy !== undefined && Number.isFinite(accuracy) && accuracy > 0 ? Math.min(accuracy, GPS_ACCURACY_ALLOWANCE_M) : 0;

/**
 * Coordinates that look typed in rather than measured (issue 13): accuracy exactly 0, whole degrees,
 * or exactly the geofence's centre. 0,0 (or none) is "empty".
 */
export function coordinateRisks(
  pos: { latitude: number; longitude: number; accuracy?: number },
  fence?: { latitude: number; longitude: number } | null,
): RiskReason[] {
  const reasons: RiskReason[] = [];
  if (pos.latitude === 0 && pos.longitude === 0) return ['emptyCoordinates'];
  if (
    pos.accuracy === 0 ||
    (Number.isInteger(pos.latitude) && Number.isInteger(pos.longitude)) ||
    (fence && pos.latitude === fence.latitude && pos.longitude === fence.longitude)
  )
    reasons.push('perfectCoordinates');
  // a phone claiming to be less precise than the fence allows for (or a position typed with a wide claim)
  if (pos.accuracy !== undefined && pos.accuracy > GPS_ACCURACY_ALLOWANCE_M) reasons.push('impreciseLocation');
  return reasons;
}

/**
 * Impossible travel between a student's previous GPS check-in and this one: farther than a campus walk
 * and faster than a high-speed train.
 */
export function impossibleTravel(
  previous: { latitude: number; longitude: number; at: Date } | undefined,
  current: { latitude: number; longitude: number },
  now = Date.now(),
) {
  if (!previous) return false;
  const metres = distanceMetres(previous, current);
  if (metres < IMPOSSIBLE_TRAVEL_MIN_METRES) return false;
  const seconds = Math.max(1, (now - previous.at.getTime()) / 1000);
  return metres / seconds > IMPOSSIBLE_SPEED_MPS;
}

/** Adds reasons to a record's list, each once. */
export const withRisks = (current: readonly string[], add: readonly string[]) => [...new Set([...current, ...add])];
