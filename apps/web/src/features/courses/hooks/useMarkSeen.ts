import type { NewsArea } from '@paiclass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { courseKeys, coursesApi } from '../api';

/**
 * Tells the server the caller opened an area of a course (its list), once per visit, so that the
 * course home's red number for it starts again from now; the course home shows 0 at once and reads
 * the counts again once the server has the mark. If the call fails the number simply stays for the
 * next visit: nothing the user did is lost, so no error is shown over the list they opened.
 */
export function useMarkSeen(courseId: number, area: NewsArea) {
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClient.setQueryData<Record<string, number>>(courseKeys.news(courseId), (old) => (old ? { ...old, [area]: 0 } : old));
    coursesApi
      .markSeen(courseId, area)
      .catch(() => undefined)
      .finally(() => void queryClient.invalidateQueries({ queryKey: courseKeys.news(courseId) }));
  }, [courseId, area, queryClient]);
}
