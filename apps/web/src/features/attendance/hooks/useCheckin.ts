import { ATTENDANCE_CODES } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api';
import { useNavigate } from '../../../lib/router';
import { attendanceApi, attendanceKeys } from '../api';
import type { CheckinResult } from '../types';
import { paths } from '../utils';

/** Refusals a page answers in place (the code field, the GPS question) instead of the failure page. */
export const IN_PLACE = new Set<number>([
  ATTENDANCE_CODES.attendanceWrongCode,
  ATTENDANCE_CODES.attendanceGpsFailed,
  // outside the check-in area: the page says so and offers to try again (one refusal for every outside position)
  ATTENDANCE_CODES.attendanceOutOfRange,
  ATTENDANCE_CODES.attendanceLocationAbnormal,
]);

/**
 * A student's check-in: success goes to /checkIn/checkinSuccess, a refusal to /checkIn/fail with the
 * server's message (spec 2 §8), except the ones in `IN_PLACE`, handed back to the page.
 */
export function useCheckin(courseId: number | null) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);

  const succeeded = async (done: CheckinResult) => {
    if (courseId) await client.invalidateQueries({ queryKey: attendanceKeys.all(courseId) });
    navigate(
      paths.success(courseId ?? (done.courseid || null), {
        id: done.attenceid,
        title: done.title,
        time: done.checkouttime || done.checkintime,
        out: done.checkouttime ? 1 : 0,
        unusual: done.unusual,
      }),
      { replace: true },
    );
  };

  const failed = (e: unknown, inPlace = true): ApiError | null => {
    if (e instanceof ApiError && e.handled) return null;
    if (inPlace && e instanceof ApiError && IN_PLACE.has(e.code)) return e;
    const code = e instanceof ApiError ? e.code : 0;
    navigate(paths.fail(courseId, { code, msg: errorMessage(e) }), { replace: true });
    return null;
  };

  /** Runs a check-in; resolves to the refusal the page should show itself, or null. */
  const run = async (call: () => Promise<CheckinResult>, inPlace = true): Promise<ApiError | null> => {
    setBusy(true);
    try {
      await succeeded(await call());
      return null;
    } catch (e) {
      return failed(e, inPlace);
    } finally {
      setBusy(false);
    }
  };

  return { busy, run, checkin: attendanceApi.checkin };
}
