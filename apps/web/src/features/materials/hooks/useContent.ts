import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { retryNetworkOnly } from '../../courses/api';
import { CONTENT_PAGE_SIZE, materialKeys, materialsApi } from '../api';
import type { ContentItem, FolderChildren } from '../types';

/** Reloads everything of the materials area for a course (after any change). */
export function useRefreshContent(courseId: number) {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: materialKeys.all(courseId) }), [queryClient, courseId]);
}

/** The top level of the catalogue (folders with their first page), page by page ("load more"). */
export function useContentList(courseId: number, contenttype: number, dirid: number) {
  const query = useInfiniteQuery({
    queryKey: materialKeys.list(courseId, contenttype, dirid),
    queryFn: ({ pageParam }) =>
      materialsApi.list({ courseid: courseId, contenttype, dirid, page: pageParam, limit: CONTENT_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return loaded < Number(last.total) && last.list.length > 0 ? Number(last.page) + 1 : undefined;
    },
    retry: retryNetworkOnly,
  });
  const seen = new Set<number>();
  const items = (query.data?.pages.flatMap((p) => p.list) ?? []).filter((i) => !seen.has(i.id) && seen.add(i.id));
  const total = query.data ? Number(query.data.pages[query.data.pages.length - 1]!.total) : 0;
  return { query, items, total };
}

/**
 * A folder's children, 10 a page (spec 2 §3, §9). Until the folder is opened, the first page the
 * list carried is shown; opening it reads the folder afresh and "load more" reads the next pages.
 */
export function useFolderChildren(courseId: number, folder: ContentItem, open: boolean) {
  const query = useInfiniteQuery({
    queryKey: materialKeys.folder(courseId, folder.id),
    queryFn: ({ pageParam }) => materialsApi.folderPage(courseId, folder.id, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (Number(last.finished) === 1 ? undefined : Number(last.page) + 1),
    enabled: open,
    retry: retryNetworkOnly,
  });
  const embedded: FolderChildren | undefined = folder.children;
  const pages = query.data?.pages;
  const seen = new Set<number>();
  const items = (pages ? pages.flatMap((p) => p.list) : (embedded?.list ?? [])).filter((i) => !seen.has(i.id) && seen.add(i.id));
  const total = pages ? Number(pages[pages.length - 1]!.total) : Number(embedded?.total ?? 0);
  return { query, items, total };
}

/** The course's directories with their item counts. */
export function useDirectories(courseId: number) {
  return useQuery({
    queryKey: materialKeys.directories(courseId),
    queryFn: () => materialsApi.directories(courseId),
    select: (data) => data.list,
    retry: retryNetworkOnly,
  });
}
