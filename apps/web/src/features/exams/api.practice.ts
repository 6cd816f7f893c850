import type { answerPracticeAnswer, passThroughAnswer, practiceAnswer, practiceListAnswer } from '@paiclass/shared';
import { examsCalls } from '@paiclass/shared';
import type { z } from 'zod';
import { call } from '../../lib/api';
import type { AnswerValue } from './hooks/answerJournal';

/** A student's practice on knowledge points and pass-through (docs/api.md "Practice on knowledge points and pass-through"). */
export type Practice = z.output<typeof practiceAnswer>;
export type PracticeItem = Practice['lists'][number];
export type PracticeAnswerResult = z.output<typeof answerPracticeAnswer>;
export type PracticeList = z.output<typeof practiceListAnswer>;
export type PassThrough = z.output<typeof passThroughAnswer>;

export const practiceApi = {
  start: (courseid: number, points: string[], count?: number) =>
    call(examsCalls.startPractice, { courseid, points, ...(count ? { count } : {}) }),
  startLevel: (courseid: number, level: number) => call(examsCalls.startPractice, { courseid, level }),
  detail: (courseid: number, id: number) => call(examsCalls.practiceDetail, { courseid, id }),
  answer: (courseid: number, id: number, subjectid: number, answer: AnswerValue) =>
    call(examsCalls.answerPractice, { courseid, id, subjectid, answer }),
  finish: (courseid: number, id: number) => call(examsCalls.finishPractice, { courseid, id }),
  list: (courseid: number) => call(examsCalls.practiceList, { courseid }),
  levels: (courseid: number) => call(examsCalls.passThroughLevels, { courseid }),
};

export const practiceKeys = {
  all: (courseId: number) => ['exams', 'practice', courseId] as const,
  one: (courseId: number, id: number) => ['exams', 'practice', courseId, 'one', id] as const,
  list: (courseId: number) => ['exams', 'practice', courseId, 'list'] as const,
  levels: (courseId: number) => ['exams', 'practice', courseId, 'levels'] as const,
};

export const practicePaths = {
  promote: (courseId: number, tab?: 'levels') =>
    `/testing/promoteKnowlegePoints?courseId=${courseId}&courseRole=0${tab ? `&tab=${tab}` : ''}`,
  practice: (courseId: number, id: number) => `/testing/knowledgePractice?courseId=${courseId}&courseRole=0&id=${id}`,
};
