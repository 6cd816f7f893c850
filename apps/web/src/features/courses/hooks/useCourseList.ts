import { useQuery } from '@tanstack/react-query';
import { courseKeys, coursesApi } from '../api';
import { groupCourses } from '../grouping';
import type { ListTab } from '../types';

/** The course list of a tab: taught (type teach), assisted (type assist) or learned (isstudy 1). */
export function useCourseList(tab: ListTab, search: string) {
  return useQuery({
    queryKey: courseKeys.list(tab, search),
    queryFn: async () => {
      const isstudy = tab === 'study' ? 1 : 0;
      const type = tab === 'study' ? undefined : tab;
      const [semesters, courses] = await Promise.all([
        coursesApi.semesterList({ isstudy, search }),
        coursesApi.semesterCourseList({ isstudy, search, type }),
      ]);
      return groupCourses(semesters.semester, courses);
    },
  });
}
