import { HOMEWORK_SUBMITTED_CMD } from '@paiclass/shared';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useLiveRefetch } from '../../../lib/socket';
import { retryNetworkOnly } from '../../courses/api';
import type { ContentItem } from '../../materials/types';
import { homeworkApi, homeworkKeys } from '../api';

/** One homework (`getHomework`): a teacher's counts, or a student's own submission and state. */
export function useHomework(courseId: number, id: number | null) {
  return useQuery({
    queryKey: homeworkKeys.one(courseId, id ?? 0),
    queryFn: () => homeworkApi.get(courseId, id!),
    enabled: id !== null,
    retry: retryNetworkOnly,
    // file addresses are signed and expire: a homework shown again is read again
    staleTime: 0,
  });
}

/** The course's homework, newest first, page by page; folders are left out. */
export function useHomeworkList(courseId: number) {
  const query = useInfiniteQuery({
    queryKey: homeworkKeys.list(courseId),
    queryFn: ({ pageParam }) => homeworkApi.list(courseId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return loaded < Number(last.total) && last.list.length > 0 ? Number(last.page) + 1 : undefined;
    },
    retry: retryNetworkOnly,
  });
  const seen = new Set<number>();
  const items: ContentItem[] = [];
  for (const page of query.data?.pages ?? []) {
    for (const item of page.list) {
      if (Number(item.item_type) !== 1 || Number(item.contenttype) !== 4 || seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return { query, items };
}

/** Every student (or group) of a homework with their submission, filtered, page by page. */
export function useOwners(courseId: number, id: number, filter: number) {
  const query = useInfiniteQuery({
    queryKey: homeworkKeys.owners(courseId, id, filter),
    queryFn: ({ pageParam }) => homeworkApi.owners({ courseid: courseId, id, filter, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return loaded < Number(last.total) && last.list.length > 0 ? Number(last.page) + 1 : undefined;
    },
    retry: retryNetworkOnly,
    staleTime: 0,
  });
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  const total = query.data ? Number(query.data.pages[query.data.pages.length - 1]!.total) : 0;
  return { query, rows, total };
}

/** Reads afresh everything shown about a homework (and the course's list), after any change. */
export function useRefreshHomework(courseId: number, id: number) {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: homeworkKeys.about(courseId, id) }),
      queryClient.invalidateQueries({ queryKey: homeworkKeys.list(courseId) }),
    ]);
  }, [queryClient, courseId, id]);
}

/**
 * A teacher's homework pages count work as it is handed in (issue 25): each hand-in the staff room
 * hears reads that homework again (its counts and its list of submissions), at most once a second.
 * Pass no course for a student: nothing is listened to.
 */
export function useHomeworkHandIns(courseId: number | undefined): boolean {
  const queryClient = useQueryClient();
  const handedIn = useRef(new Set<number>());
  return useLiveRefetch(
    courseId,
    [HOMEWORK_SUBMITTED_CMD],
    () => {
      if (!courseId) return;
      const ids = [...handedIn.current];
      handedIn.current.clear();
      // after a reconnect nothing names the homework: everything shown is read again
      if (ids.length === 0) void queryClient.invalidateQueries({ queryKey: homeworkKeys.all(courseId) });
      for (const id of ids) void queryClient.invalidateQueries({ queryKey: homeworkKeys.about(courseId, id) });
    },
    (d: { courseid?: number; homeworkid?: number } | null) => {
      if (Number(d?.courseid) !== courseId) return false;
      handedIn.current.add(Number(d?.homeworkid));
      return true;
    },
  );
}
