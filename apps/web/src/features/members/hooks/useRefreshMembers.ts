import { useQueryClient } from '@tanstack/react-query';
import { courseKeys } from '../../courses/api';
import { memberKeys } from '../api';

/** Refreshes everything the member pages show of a course, and its student total and course lists. */
export function useRefreshMembers(courseId: number) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: memberKeys.all(courseId) });
    void queryClient.invalidateQueries({ queryKey: courseKeys.info(courseId) });
    void queryClient.invalidateQueries({ queryKey: ['courses', 'list'] });
  };
}
