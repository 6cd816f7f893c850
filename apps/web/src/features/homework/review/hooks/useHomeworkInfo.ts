import { useQuery } from '@tanstack/react-query';
import { retryNetworkOnly } from '../../../courses/api';
import { reviewApi, reviewKeys } from '../api';

/** The homework (`getHomework`): title, deadline, settings and, for a student, their own submission. */
export function useHomeworkInfo(courseId: number, id: number | null) {
  return useQuery({
    queryKey: reviewKeys.homework(courseId, id ?? 0),
    queryFn: () => reviewApi.homework(courseId, id!),
    enabled: id !== null,
    retry: retryNetworkOnly,
  });
}
