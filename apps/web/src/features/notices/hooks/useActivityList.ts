import { useInfiniteQuery } from '@tanstack/react-query';
import { retryNetworkOnly } from '../../courses/api';
import { activityApi } from '../api';
import { uniqueItems } from '../utils';

/**
 * A course's notices (7) or topics (5), page by page ("load more"), newest first. Folders are left
 * out: these pages list items only.
 */
export function useActivityList(courseId: number, contenttype: 5 | 7, queryKey: readonly unknown[]) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => activityApi.list(courseId, contenttype, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return loaded < Number(last.total) && last.list.length > 0 ? Number(last.page) + 1 : undefined;
    },
    retry: retryNetworkOnly,
  });
  return { query, items: uniqueItems(query.data?.pages) };
}
