import type {
  barrageDetailAnswer,
  classNotesAnswer,
  classRecordListAnswer,
  starChangeAnswer,
  starLogAnswer,
  starStatisticsAnswer,
  studyAnalysisAnswer,
} from '@paiclass/shared';
import { representationCalls } from '@paiclass/shared';
import type { z } from 'zod';
import { call } from '../../lib/api';

export type StarChange = z.output<typeof starChangeAnswer>;
export type StarLog = z.output<typeof starLogAnswer>;
export type StarStatistics = z.output<typeof starStatisticsAnswer>;
export type StarStudent = StarStatistics['list'][number];
export type ClassRecords = z.output<typeof classRecordListAnswer>;
export type ClassRecord = ClassRecords['list'][number];
export type StudyAnalysis = z.output<typeof studyAnalysisAnswer>;
export type StudyStudent = StudyAnalysis['list'][number];
export type StudyLine = NonNullable<StudyAnalysis['lines']>[number];
export type BarrageDetail = z.output<typeof barrageDetailAnswer>;
export type ClassNotes = z.output<typeof classNotesAnswer>;
export type ClassNote = ClassNotes['notes'][number];

export const starKeys = {
  all: (courseId: number) => ['stars', courseId] as const,
  statistics: (courseId: number) => ['stars', courseId, 'statistics'] as const,
  log: (courseId: number, uid: number) => ['stars', courseId, 'log', uid] as const,
  records: (courseId: number, classTimeId: number) => ['classRecords', courseId, classTimeId] as const,
  study: (courseId: number, uid: number) => ['classRecords', courseId, 'study', uid] as const,
  barrage: (courseId: number, classTimeId: number) => ['classRecords', courseId, 'barrage', classTimeId] as const,
  notes: (courseId: number, classTimeId: number) => ['classRecords', courseId, 'notes', classTimeId] as const,
};

export interface StarAward {
  courseid: number;
  uid: number;
  stars: number;
  reason: string;
}

/** Stars awarded in class and the star log (docs/api.md "Stars"). */
export const starsApi = {
  statistics: (courseid: number) => call(representationCalls.performanceStatistics, { courseid }),
  /** a student's log: the caller's own when `uid` is 0 */
  log: (courseid: number, uid: number, page: number) =>
    call(representationCalls.starLog, { courseid, uid: uid || undefined, page }),
  add: (award: StarAward) => call(representationCalls.addStar, award),
  takeBack: (award: StarAward) => call(representationCalls.takeBackStar, award),
  /** the course's class records; one class time's when `classtimeid` is not 0 */
  records: (courseid: number, classtimeid: number) =>
    call(representationCalls.lists, { courseid, classtimeid: classtimeid || undefined }),
  /** every student's study over the course; one student's line per class time when `uid` is not 0 */
  study: (courseid: number, uid: number) => call(representationCalls.studyAnalysis, { courseid, uid: uid || undefined }),
  /** one class time's bullet comments, per minute and by sender */
  barrage: (courseid: number, classtimeid: number) => call(representationCalls.barrageDetail, { courseid, classtimeid }),
  /** what happened in one class time, in time order */
  notes: (courseid: number, classtimeid: number) => call(representationCalls.classNotes, { courseid, classtimeid }),
};
