import { examsCalls } from '@paiclass/shared';
import { call } from '../../lib/api';
import type { JournalEntry } from './hooks/answerJournal';
import { studentView } from './types';

/** A student's test calls of docs/api.md "Taking a test", typed. */
export const studentExamApi = {
  list: (courseid: number) => call(examsCalls.lists, { courseid }),
  details: (courseid: number, testpaperid: number) =>
    call(examsCalls.testpaperdetails, { courseid, testpaperid }).then(studentView),
  /** starts the paper, or resumes the one under way */
  start: (courseid: number, testpaperid: number) => call(examsCalls.doSubjectList, { courseid, testpaperid }),
  save: (courseid: number, testpaperid: number, answers: JournalEntry[]) =>
    call(examsCalls.saveAnswer, { courseid, testpaperid, answers }),
  handup: (courseid: number, testpaperid: number, answers: JournalEntry[]) =>
    call(examsCalls.handup, { courseid, testpaperid, answers }),
  /** `elapsed`: when the page saw the switch, ms since the start by the server-anchored clock */
  reportSwitch: (courseid: number, testpaperid: number, count: number, elapsed: number) =>
    call(examsCalls.reportSwitch, { courseid, testpaperid, count, elapsed: Math.round(elapsed) }),
  /** while the page is on screen, every TEST_HEARTBEAT_SECONDS (a gap is flagged to the teacher) */
  heartbeat: (courseid: number, testpaperid: number) => call(examsCalls.heartbeat, { courseid, testpaperid }),
  result: (courseid: number, testpaperid: number, attemptid?: number) =>
    call(examsCalls.testingResult, { courseid, testpaperid, ...(attemptid ? { attemptid } : {}) }),
};

/** TanStack Query keys of a student's tests. */
export const studentExamKeys = {
  all: (courseId: number) => ['exams', 'student', courseId] as const,
  list: (courseId: number) => ['exams', 'student', courseId, 'list'] as const,
  details: (courseId: number, id: number) => ['exams', 'student', courseId, 'details', id] as const,
  /** the paper being taken (doSubjectList starts one): never under `all`, so no refresh starts a paper */
  paper: (courseId: number, id: number) => ['examPaper', courseId, id] as const,
  result: (courseId: number, id: number, attemptId: number) => ['exams', 'student', courseId, 'result', id, attemptId] as const,
};

/** The addresses of a student's test pages. */
export const studentExamPaths = {
  list: (courseId: number) => `/testing/stu/detail?courseId=${courseId}&courseRole=0`,
  details: (courseId: number, id: number) => `/testing/stu/detail?courseId=${courseId}&courseRole=0&testpaperid=${id}`,
  take: (courseId: number, id: number) => `/testing/ontesting?courseId=${courseId}&courseRole=0&testpaperid=${id}`,
  result: (
    courseId: number,
    id: number,
    attemptId?: number,
    page: 'testingresult' | 'submitresult' | 'releaseresult' = 'testingresult',
  ) => `/testing/${page}?courseId=${courseId}&courseRole=0&testpaperid=${id}${attemptId ? `&attemptid=${attemptId}` : ''}`,
};
