import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useClassroom, useSocketEvent } from '../../../lib/socket';
import { useClaimClassEvent } from '../../classtime/events/claims';
import { type SpeakConfig, speakApi, speakKeys, type Timer } from '../api';
import { ClassTimer } from './ClassTimer';

/**
 * The class timer alone, for pages other than the course home (the class's slides): read with the
 * caller's speaking state, kept by `Tools.timer`, counted by the server's clock. Nothing when none runs.
 */
export function ClassTimerBadge({ courseId, claim = true }: { courseId?: number | null; claim?: boolean }) {
  // the page shows the timer: the course-level layer does not (decision 029); the layer itself does not claim
  useClaimClassEvent('timer', claim);
  const queryClient = useQueryClient();
  const config = useQuery({
    queryKey: speakKeys.config(courseId ?? 0),
    queryFn: () => speakApi.config(courseId ?? 0),
    enabled: !!courseId,
  });
  useClassroom(courseId ?? undefined);
  useSocketEvent('Tools.timer', (d: Timer) => {
    if (d.courseid !== courseId) return;
    queryClient.setQueryData<SpeakConfig>(speakKeys.config(courseId ?? 0), (c) => (c ? { ...c, timer: d } : c));
  });
  if (!config.data) return null;
  return <ClassTimer timer={config.data.timer} receivedAt={config.dataUpdatedAt} />;
}
