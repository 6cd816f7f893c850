import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { retryNetworkOnly } from '../../courses/api';
import { ATTENCE_PAGE_SIZE, attendanceApi, attendanceKeys } from '../api';
import type { SummaryItem } from '../types';

/** The course's open attendances for the caller (students: the ones to check in to). */
export function useOpenAttendances(courseId: number | null, enabled = true) {
  return useQuery({
    queryKey: attendanceKeys.open(courseId ?? 0),
    queryFn: () => attendanceApi.notFinished(courseId!),
    enabled: enabled && courseId !== null,
    retry: retryNetworkOnly,
  });
}

/** The course's attendances, newest first, page by page. */
export function useAttendanceList(courseId: number) {
  const query = useInfiniteQuery({
    queryKey: attendanceKeys.list(courseId),
    queryFn: ({ pageParam }) => attendanceApi.list(courseId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const seen = pages.reduce((n, p) => n + p.data.length, 0);
      return last.data.length === ATTENCE_PAGE_SIZE && seen < Number(last.total) ? pages.length + 1 : undefined;
    },
    retry: retryNetworkOnly,
  });
  const items: SummaryItem[] = [];
  const seen = new Set<string>();
  for (const page of query.data?.pages ?? [])
    for (const a of page.data) {
      if (seen.has(a.id)) continue;
      seen.add(a.id);
      items.push(a);
    }
  return { query, items };
}

/** One attendance as staff see it, with its students filtered by status (-1 everyone). */
export function useAttendanceStudents(courseId: number, id: number, state = -1) {
  return useQuery({
    queryKey: attendanceKeys.students(courseId, id, state),
    queryFn: () => attendanceApi.students(id, state),
    retry: retryNetworkOnly,
  });
}

/** The course's statistics (staff): per attendance and totals. */
export function useCourseStats(courseId: number, enabled = true) {
  return useQuery({
    queryKey: attendanceKeys.courseStats(courseId),
    queryFn: () => attendanceApi.courseStats(courseId),
    enabled,
    retry: retryNetworkOnly,
  });
}

/** Per-student statistics: staff get every student, a student their own row. */
export function useStudentStats(courseId: number, enabled = true) {
  return useQuery({
    queryKey: attendanceKeys.studentStats(courseId),
    queryFn: () => attendanceApi.studentStats(courseId),
    enabled,
    retry: retryNetworkOnly,
  });
}

/**
 * Reads everything about the course's attendance again (after a change or a live event). The same
 * function from render to render: an effect that refreshes when a countdown reaches 0 runs once.
 */
export function useRefreshAttendance(courseId: number) {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: attendanceKeys.all(courseId) }), [client, courseId]);
}
