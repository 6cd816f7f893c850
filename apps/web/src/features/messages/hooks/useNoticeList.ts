import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { retryNetworkOnly } from '../../courses/api';
import { nextPageOf } from '../../todos/utils';
import { messageKeys, messagesApi, type NoticePage } from '../api';

/** The message notices, all or unread only, 10 a page as the list scrolls (spec 1 §9). */
export function useNoticeList(unread: 0 | 1) {
  const query = useInfiniteQuery<
    NoticePage,
    Error,
    InfiniteData<NoticePage, number>,
    ReturnType<typeof messageKeys.list>,
    number
  >({
    queryKey: messageKeys.list(unread),
    queryFn: ({ pageParam }) => messagesApi.list({ page: pageParam, unread }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    retry: retryNetworkOnly,
  });
  const pages = query.data?.pages ?? [];
  // newer notices push older ones onto the next page while the list is open: keep each once
  const seen = new Set<number>();
  const notices = pages.flatMap((p) => p.list).filter((n) => !seen.has(n.id) && seen.add(n.id));
  const last = pages[pages.length - 1];
  return { query, notices, unread: last ? Number(last.unread) : 0 };
}

/** Marks notices read in every loaded list at once (all of them when `ids` is 'all'). */
export function useMarkReadLocally() {
  const queryClient = useQueryClient();
  return (ids: number[] | 'all') => {
    queryClient.setQueriesData<InfiniteData<NoticePage>>({ queryKey: [...messageKeys.all, 'list'] }, (data) => {
      if (!data) return data;
      let changed = 0;
      const pages = data.pages.map((p) => ({
        ...p,
        list: p.list.map((n) => {
          if (Number(n.isread) === 1 || (ids !== 'all' && !ids.includes(n.id))) return n;
          changed += 1;
          return { ...n, isread: 1 as const };
        }),
      }));
      return {
        ...data,
        pages: pages.map((p) => ({ ...p, unread: ids === 'all' ? 0 : Math.max(0, Number(p.unread) - changed) })),
      };
    });
  };
}
