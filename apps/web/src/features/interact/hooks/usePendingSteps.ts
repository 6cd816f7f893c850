import { useQuery } from '@tanstack/react-query';
import { retryNetworkOnly } from '../../courses/api';
import { interactApi, interactKeys } from '../api';

/** The steps of the course still waiting for this student's answer (one query, reread on `Interact.*` events). */
export function usePendingSteps(courseId: number, enabled = true) {
  return useQuery({
    queryKey: interactKeys.pending(courseId),
    queryFn: () => interactApi.pending(courseId),
    enabled,
    retry: retryNetworkOnly,
  });
}
