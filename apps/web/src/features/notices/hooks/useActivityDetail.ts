import { useQuery } from '@tanstack/react-query';
import { retryNetworkOnly } from '../../courses/api';
import { activityApi } from '../api';

/** One notice or topic with its body (`getContentDetail`); a student's opening of a notice marks it read. */
export function useActivityDetail(courseId: number, id: number | null, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: () => activityApi.detail(courseId, id!),
    enabled: id !== null,
    retry: retryNetworkOnly,
    // signed image addresses expire: a body shown again is fetched again
    staleTime: 0,
  });
}
