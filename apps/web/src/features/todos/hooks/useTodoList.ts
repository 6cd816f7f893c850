import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { retryNetworkOnly } from '../../courses/api';
import { type TodoPage, todoKey, todoKeys, todosApi } from '../api';
import { nextPageOf } from '../utils';

/** The to-do list of one course (0 all), 10 a page, page by page as the list scrolls (spec 1 §2, §9). */
export function useTodoList(classid: number) {
  const query = useInfiniteQuery<TodoPage, Error, InfiniteData<TodoPage, number>, ReturnType<typeof todoKeys.list>, number>({
    queryKey: todoKeys.list(classid),
    queryFn: ({ pageParam }) => todosApi.list({ classid, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    retry: retryNetworkOnly,
  });
  const pages = query.data?.pages ?? [];
  // a to-do may shift between pages while the list changes: keep each once
  const seen = new Set<string>();
  const items = pages.flatMap((p) => p.list).filter((item) => !seen.has(todoKey(item)) && seen.add(todoKey(item)));
  const last = pages[pages.length - 1];
  return {
    query,
    items,
    total: last ? Number(last.total) : 0,
    courses: last?.courses ?? [],
  };
}
