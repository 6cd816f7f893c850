import { api } from '../../../lib/api';
import type { DupReport, RecheckRules, RepeatResult } from './types';

/** The duplicate-check calls (`/HomeworkApi/*`, teachers). */
export const recheckApi = {
  rules: (courseid: number, id: number) => api<RecheckRules>('/HomeworkApi/recheckRules', { courseid, id }),
  /** uses one of the homework's report views (unless VIP); 30505 when none is left */
  report: (courseid: number, id: number) => api<DupReport>('/HomeworkApi/rechecking', { courseid, id }),
  /** uses one of this document's views (unless VIP); 30505 used up, 30506 a format without text */
  repeat: (courseid: number, id: number, sid: number, other: number) =>
    api<RepeatResult>('/HomeworkApi/repeat', { courseid, id, sid, other }),
};

export const recheckKeys = {
  rules: (courseId: number, id: number) => ['homework-recheck', courseId, id, 'rules'] as const,
  report: (courseId: number, id: number) => ['homework-recheck', courseId, id, 'report'] as const,
  repeat: (courseId: number, id: number, sid: number, other: number) =>
    ['homework-recheck', courseId, id, 'repeat', sid, other] as const,
};

/**
 * Reports and comparisons cost a view each time they are fetched: they are fetched once per visit
 * of the app and again only when the teacher asks (the refresh button), never behind their back.
 */
export const oneViewOnly = {
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: 30 * 60_000,
  refetchOnMount: false,
  refetchOnReconnect: false,
} as const;
