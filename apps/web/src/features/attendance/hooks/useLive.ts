import { ADD_RECORD_CMD, PUBLISH_ATTENDANCE_CMD } from '@paiclass/shared';
import { useEffect, useRef } from 'react';
import { RECONNECTED, useClassroom, useSocketEvent, useSocketState } from '../../../lib/socket';

/** While the socket is given up on (offline, spec 2 §4), the page reads again this often. */
const OFFLINE_POLL_MS = 10_000;

/**
 * Live attendance on a course page (spec 2 §7): joins the course's rooms while mounted; calls
 * `onPublish` when an attendance starts (`KeTangPaiPublishAttendance`) and `onRecord` on each
 * check-in or status change (`addRecord`) with the event's data; after a reconnect that may have
 * missed events, and every few seconds while the socket is offline, both with null (read again).
 */
export function useAttendanceEvents(
  courseId: number | null,
  handlers: { onPublish?: (data: unknown) => void; onRecord?: (data: unknown) => void },
) {
  const ref = useRef(handlers);
  ref.current = handlers;
  useClassroom(courseId ?? undefined);
  const mine = (data: unknown) => {
    const course = (data as { courseid?: unknown } | null)?.courseid;
    return course === undefined || Number(course) === courseId;
  };
  useSocketEvent(PUBLISH_ATTENDANCE_CMD, (data) => {
    if (mine(data)) ref.current.onPublish?.(data);
  });
  useSocketEvent(ADD_RECORD_CMD, (data) => ref.current.onRecord?.(data));
  const again = () => {
    ref.current.onPublish?.(null);
    ref.current.onRecord?.(null);
  };
  useSocketEvent(RECONNECTED, again);
  const state = useSocketState();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `again` reads the handlers through the ref
  useEffect(() => {
    if (state !== 'offline' || !courseId) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') again();
    }, OFFLINE_POLL_MS);
    return () => window.clearInterval(timer);
  }, [state, courseId]);
}
