import { homeworkCalls } from '@paiclass/shared';
import { call } from '../../../lib/api';

/**
 * The duplicate-check calls (`/HomeworkApi/*`, teachers). A report version or a pair takes one view
 * the first time it is opened (`open` 1); reading with `open` 0 costs nothing: it shows what was
 * opened before, and otherwise only the views left, so that the page can say what opening costs.
 */
export const recheckApi = {
  rules: (courseid: number, id: number) => call(homeworkCalls.recheckRules, { courseid, id }),
  /** `open` 1 takes a view when this version was never opened (unless VIP); 30505 when none is left */
  report: (courseid: number, id: number, open: 0 | 1) => call(homeworkCalls.rechecking, { courseid, id, open }),
  /** `open` 1 takes one of this document's views when this pair was never opened; 30505 used up, 30506 a format without text */
  repeat: (courseid: number, id: number, sid: number, other: number, open: 0 | 1) =>
    call(homeworkCalls.repeat, { courseid, id, sid, other, open }),
};

export const recheckKeys = {
  rules: (courseId: number, id: number) => ['homework-recheck', courseId, id, 'rules'] as const,
  report: (courseId: number, id: number) => ['homework-recheck', courseId, id, 'report'] as const,
  repeat: (courseId: number, id: number, sid: number, other: number) =>
    ['homework-recheck', courseId, id, 'repeat', sid, other] as const,
};
