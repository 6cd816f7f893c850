import { contentCalls, examsCalls } from '@paiclass/shared';
import { call } from '../../lib/api';
import type { TestSettings } from './types';
import { teacherView } from './types';

/** What the question editor sends (docs/api.md "Writing a question"). */
export interface QuestionBody {
  type: number;
  difficulty: number;
  title: string;
  options: string[];
  answer: string;
  blanks: string[][];
  min: number;
  max: number;
  analysis: string;
  points: string[];
  score: number;
}

/** A paper's composition (docs/api.md "Composition"). */
export interface PaperBody {
  title: string;
  /** a description for the students, rich text */
  content: string;
  fixed: { id: number; score: number }[];
  draws: { type: number; difficulty: number; point: string; count: number; score: number }[];
}

/** Questions per page of the bank list. */
export const BANK_PAGE_SIZE = 20;
/** Students in the review list: the server's most (a course past it shows the first 500 by student number). */
export const REVIEW_PAGE_SIZE = 500;

/** The teacher's test calls of docs/api.md "Test calls (issue 14)", typed. */
export const teacherExamsApi = {
  // the question bank
  questions: (body: { courseid: number; type: number; difficulty: number; point: string; keyword: string; page: number }) =>
    call(examsCalls.listQuestions, { ...body, limit: BANK_PAGE_SIZE }),
  points: (courseid: number) => call(examsCalls.knowledgePoints, { courseid }),
  addQuestion: (courseid: number, body: QuestionBody) => call(examsCalls.addQuestion, { courseid, ...body }),
  editQuestion: (courseid: number, id: number, body: QuestionBody) => call(examsCalls.editQuestion, { courseid, id, ...body }),
  deleteQuestions: (courseid: number, ids: number[]) => call(examsCalls.deleteQuestions, { courseid, ids }),

  // papers
  list: (courseid: number) => call(examsCalls.lists, { courseid }),
  details: (courseid: number, id: number) => call(examsCalls.testpaperdetails, { courseid, testpaperid: id }).then(teacherView),
  add: (courseid: number, body: PaperBody) => call(examsCalls.addTestpaper, { courseid, ...body }),
  edit: (courseid: number, id: number, body: PaperBody) => call(examsCalls.editTestpaper, { courseid, id, ...body }),
  settings: (courseid: number, id: number, settings: Partial<TestSettings>) =>
    call(examsCalls.setTestpaper, { courseid, id, ...settings }),
  /** now, or at `publish_time` (epoch seconds) */
  publish: (courseid: number, id: number, publish_time = 0) =>
    call(examsCalls.publishTestpaper, { courseid, id, ...(publish_time ? { publish_time } : {}) }),
  /** a test is a catalogue item: it goes like every item (docs/api.md deleteContent) */
  remove: (courseid: number, id: number) => call(contentCalls.deleteContent, { courseid, id }),
  end: (courseid: number, id: number) => call(examsCalls.endTestpaper, { courseid, id }),
  extraTime: (courseid: number, id: number, uids: number[], minutes: number) =>
    call(examsCalls.setExtraTime, { courseid, id, uids, minutes }),
  preview: (courseid: number, id: number) => call(examsCalls.previewTestpaper, { courseid, id }),

  // review
  reviewList: (courseid: number, id: number, state: number) =>
    call(examsCalls.reviewList, { courseid, id, state, page: 1, limit: REVIEW_PAGE_SIZE }),
  reviewDetail: (courseid: number, id: number, attemptid: number) => call(examsCalls.reviewDetail, { courseid, id, attemptid }),
  mark: (courseid: number, id: number, attemptid: number, subjectid: number, score: string) =>
    call(examsCalls.markAnswer, { courseid, id, attemptid, subjectid, score }),
  returnPaper: (courseid: number, id: number, attemptid: number) =>
    call(examsCalls.returnAttempt, { courseid, id, attemptids: [attemptid] }),
  publishScores: (courseid: number, id: number) => call(examsCalls.publishScores, { courseid, id }),

  /** one action on several tests, all or none */
  batch: (courseid: number, ids: number[], action: 'publish' | 'end' | 'settings', settings: Record<string, number> = {}) =>
    call(examsCalls.batch, { courseid, ids, action, ...settings }),
  // an offline test's scores, typed on the test
  offlineScores: (courseid: number, id: number) => call(examsCalls.offlineScores, { courseid, id }),
  setOfflineScores: (courseid: number, id: number, scores: { uid: number; score: number | null }[]) =>
    call(examsCalls.setOfflineScores, { courseid, id, scores }),

  // statistics and regrading
  stats: (courseid: number, id: number) => call(examsCalls.questionStats, { courseid, id }),
  /** another answer counts as right: a single choice's option key, or a text for blank `blank` (1-based) */
  accept: (courseid: number, id: number, subjectid: number, answer: string, blank?: number) =>
    call(examsCalls.acceptAnswer, { courseid, id, subjectid, answer, ...(blank ? { blank } : {}) }),
};

/** TanStack Query keys of the teacher's test pages. */
export const teacherExamKeys = {
  all: (courseId: number) => ['exams', courseId] as const,
  list: (courseId: number) => ['exams', courseId, 'list'] as const,
  bank: (courseId: number) => ['exams', courseId, 'bank'] as const,
  questions: (courseId: number, filter: object) => ['exams', courseId, 'bank', 'list', filter] as const,
  points: (courseId: number) => ['exams', courseId, 'bank', 'points'] as const,
  test: (courseId: number, id: number) => ['exams', courseId, 'test', id] as const,
  preview: (courseId: number, id: number) => ['exams', courseId, 'test', id, 'preview'] as const,
  review: (courseId: number, id: number, state: number) => ['exams', courseId, 'test', id, 'review', state] as const,
  stats: (courseId: number, id: number) => ['exams', courseId, 'test', id, 'stats'] as const,
  offline: (courseId: number, id: number) => ['exams', courseId, 'test', id, 'offline'] as const,
  paper: (courseId: number, id: number, attemptid: number) => ['exams', courseId, 'test', id, 'paper', attemptid] as const,
};
