import { useQuery } from '@tanstack/react-query';
import { retryNetworkOnly } from '../../courses/api';
import { topicKeys, topicsApi } from '../api';

/** Whether students may start topics in the course; asked only once `enabled` (the course is known). */
export function useTopicSetting(courseId: number, enabled = true) {
  return useQuery({
    queryKey: topicKeys.setting(courseId),
    queryFn: () => topicsApi.setting(courseId),
    enabled,
    retry: retryNetworkOnly,
  });
}
