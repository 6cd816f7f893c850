import type { classRecordListAnswer, starChangeAnswer, starLogAnswer, starStatisticsAnswer } from '@paiclass/shared';
import type { z } from 'zod';
import { api } from '../../lib/api';

export type StarChange = z.output<typeof starChangeAnswer>;
export type StarLog = z.output<typeof starLogAnswer>;
export type StarStatistics = z.output<typeof starStatisticsAnswer>;
export type StarStudent = StarStatistics['list'][number];
export type ClassRecords = z.output<typeof classRecordListAnswer>;
export type ClassRecord = ClassRecords['list'][number];

export const starKeys = {
  all: (courseId: number) => ['stars', courseId] as const,
  statistics: (courseId: number) => ['stars', courseId, 'statistics'] as const,
  log: (courseId: number, uid: number) => ['stars', courseId, 'log', uid] as const,
  records: (courseId: number, classTimeId: number) => ['classRecords', courseId, classTimeId] as const,
};

export interface StarAward {
  courseid: number;
  uid: number;
  stars: number;
  reason: string;
}

/** Stars awarded in class and the star log (docs/api.md "Stars"). */
export const starsApi = {
  statistics: (courseid: number) => api<StarStatistics>('/Futurev2/Representation/performanceStatistics', { courseid }),
  /** a student's log: the caller's own when `uid` is 0 */
  log: (courseid: number, uid: number, page: number) =>
    api<StarLog>('/Futurev2/Representation/starLog', { courseid, uid: uid || undefined, page }),
  add: (award: StarAward) => api<StarChange>('/Futurev2/Representation/addStar', award),
  takeBack: (award: StarAward) => api<StarChange>('/Futurev2/Representation/takeBackStar', award),
  /** the course's class records; one class time's when `classtimeid` is not 0 */
  records: (courseid: number, classtimeid: number) =>
    api<ClassRecords>('/FutureV2/ClassRecord/lists', { courseid, classtimeid: classtimeid || undefined }),
};
