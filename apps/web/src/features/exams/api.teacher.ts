import type { OfflineScores } from '@paiclass/shared';
import { api } from '../../lib/api';
import type {
  AcceptedAnswer,
  BankPage,
  BankQuestion,
  ExtraTimes,
  KnowledgePoints,
  PaperReview,
  QuestionStats,
  ReviewList,
  TeacherTest,
  TestList,
  TestPreview,
  TestSettings,
} from './types';

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
    api<BankPage>('/QuestionBankApi/listQuestions', { ...body, limit: BANK_PAGE_SIZE }),
  points: (courseid: number) => api<KnowledgePoints>('/QuestionBankApi/knowledgePoints', { courseid }),
  addQuestion: (courseid: number, body: QuestionBody) => api<BankQuestion>('/QuestionBankApi/addQuestion', { courseid, ...body }),
  editQuestion: (courseid: number, id: number, body: QuestionBody) =>
    api<BankQuestion>('/QuestionBankApi/editQuestion', { courseid, id, ...body }),
  deleteQuestions: (courseid: number, ids: number[]) =>
    api<{ count: number }>('/QuestionBankApi/deleteQuestions', { courseid, ids }),

  // papers
  list: (courseid: number) => api<TestList>('/TestpaperApi/lists', { courseid }),
  details: (courseid: number, id: number) => api<TeacherTest>('/TestpaperApi/testpaperdetails', { courseid, testpaperid: id }),
  add: (courseid: number, body: PaperBody) => api<TeacherTest>('/TestpaperApi/addTestpaper', { courseid, ...body }),
  edit: (courseid: number, id: number, body: PaperBody) =>
    api<TeacherTest>('/TestpaperApi/editTestpaper', { courseid, id, ...body }),
  settings: (courseid: number, id: number, settings: Partial<TestSettings>) =>
    api<TeacherTest>('/TestpaperApi/setTestpaper', { courseid, id, ...settings }),
  /** now, or at `publish_time` (epoch seconds) */
  publish: (courseid: number, id: number, publish_time = 0) =>
    api<TeacherTest>('/TestpaperApi/publishTestpaper', { courseid, id, ...(publish_time ? { publish_time } : {}) }),
  /** a test is a catalogue item: it goes like every item (docs/api.md deleteContent) */
  remove: (courseid: number, id: number) => api<{ count: number }>('/FutureV2/CourseMeans/deleteContent', { courseid, id }),
  end: (courseid: number, id: number) => api<TeacherTest>('/TestpaperApi/endTestpaper', { courseid, id }),
  extraTime: (courseid: number, id: number, uids: number[], minutes: number) =>
    api<ExtraTimes>('/TestpaperApi/setExtraTime', { courseid, id, uids, minutes }),
  preview: (courseid: number, id: number) => api<TestPreview>('/TestpaperApi/previewTestpaper', { courseid, id }),

  // review
  reviewList: (courseid: number, id: number, state: number) =>
    api<ReviewList>('/TestpaperApi/reviewList', { courseid, id, state, page: 1, limit: REVIEW_PAGE_SIZE }),
  reviewDetail: (courseid: number, id: number, attemptid: number) =>
    api<PaperReview>('/TestpaperApi/reviewDetail', { courseid, id, attemptid }),
  mark: (courseid: number, id: number, attemptid: number, subjectid: number, score: string) =>
    api<PaperReview>('/TestpaperApi/markAnswer', { courseid, id, attemptid, subjectid, score }),
  returnPaper: (courseid: number, id: number, attemptid: number) =>
    api<{ count: number }>('/TestpaperApi/returnAttempt', { courseid, id, attemptids: [attemptid] }),
  publishScores: (courseid: number, id: number) => api<{ count: number }>('/TestpaperApi/publishScores', { courseid, id }),

  /** one action on several tests, all or none */
  batch: (courseid: number, ids: number[], action: 'publish' | 'end' | 'settings', settings: Record<string, number> = {}) =>
    api<{ action: string; count: number; ids: number[] }>('/TestpaperApi/batch', { courseid, ids, action, ...settings }),
  // an offline test's scores, typed on the test
  offlineScores: (courseid: number, id: number) => api<OfflineScores>('/TestpaperApi/offlineScores', { courseid, id }),
  setOfflineScores: (courseid: number, id: number, scores: { uid: number; score: number | null }[]) =>
    api<OfflineScores>('/TestpaperApi/setOfflineScores', { courseid, id, scores }),

  // statistics and regrading
  stats: (courseid: number, id: number) => api<QuestionStats>('/TestpaperApi/questionStats', { courseid, id }),
  /** another answer counts as right: a single choice's option key, or a text for blank `blank` (1-based) */
  accept: (courseid: number, id: number, subjectid: number, answer: string, blank?: number) =>
    api<AcceptedAnswer>('/TestpaperApi/acceptAnswer', { courseid, id, subjectid, answer, ...(blank ? { blank } : {}) }),
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
