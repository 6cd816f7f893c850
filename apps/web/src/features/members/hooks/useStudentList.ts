import { useInfiniteQuery } from '@tanstack/react-query';
import { retryNetworkOnly } from '../../courses/api';
import { memberKeys, membersApi, STUDENT_PAGE_SIZE } from '../api';

/** 'all', 0 for students in no class, or a class id */
export type ClassFilter = number | 'all';

/** The course's students page by page ("load more"), by search and administrative class. */
export function useStudentList(courseId: number, search: string, classFilter: ClassFilter) {
  const query = useInfiniteQuery({
    queryKey: memberKeys.students(courseId, search, classFilter),
    queryFn: ({ pageParam }) =>
      membersApi.students({
        courseid: courseId,
        page: pageParam,
        limit: STUDENT_PAGE_SIZE,
        search: search || undefined,
        classid: classFilter === 'all' ? undefined : classFilter,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return loaded < Number(last.total) && last.list.length > 0 ? Number(last.page) + 1 : undefined;
    },
    retry: retryNetworkOnly,
  });
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  // the same student may shift between pages while the list changes: keep each once
  const seen = new Set<number>();
  const unique = rows.filter((r) => !seen.has(r.uid) && seen.add(r.uid));
  const total = query.data ? Number(query.data.pages[query.data.pages.length - 1]!.total) : 0;
  return { query, rows: unique, total };
}
