import { useQuery } from '@tanstack/react-query';
import { courseKeys, coursesApi, retryNetworkOnly } from '../api';

/** The page of courses from a demo course (spec 1 §2 course management). */
export const DEMO_PATH = '/createCourseFromDemo';

/** The demo course list and whether the caller may create from it; teachers only (students are refused, 40003). */
export function useDemoCourses(enabled: boolean) {
  return useQuery({
    queryKey: courseKeys.demos,
    queryFn: coursesApi.demoCourseList,
    enabled,
    retry: retryNetworkOnly,
  });
}
