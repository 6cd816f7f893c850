import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useClassroom, useSocketEvent } from '../../../lib/socket';
import { useClaimClassEvent } from '../../classtime/events/claims';
import { speakApi, speakKeys, type Timer } from '../api';
import { ClassTimer } from './ClassTimer';

/**
 * The class timer alone, for pages other than the course home (the class's slides, the live): read with
 * `getIsSynchronousCountdown`, kept by `Tools.timer`, counted by the server's clock. Nothing when none runs.
 */
export function ClassTimerBadge({ courseId, claim = true }: { courseId?: number | null; claim?: boolean }) {
  // the page shows the timer: the course-level layer does not (decision 029); the layer itself does not claim
  useClaimClassEvent('timer', claim);
  const queryClient = useQueryClient();
  const countdown = useQuery({
    queryKey: speakKeys.countdown(courseId ?? 0),
    queryFn: () => speakApi.countdown(courseId ?? 0),
    enabled: !!courseId,
  });
  useClassroom(courseId ?? undefined);
  useSocketEvent('Tools.timer', (d: Timer) => {
    if (d.courseid !== courseId) return;
    queryClient.setQueryData(speakKeys.countdown(d.courseid), { ...d, is_synchronous: d.status });
  });
  if (!countdown.data) return null;
  return <ClassTimer timer={countdown.data} receivedAt={countdown.dataUpdatedAt} />;
}
