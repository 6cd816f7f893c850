import type { mistakesAnswer, redoMistakeAnswer, weakPointsAnswer } from '@paiclass/shared';
import { examsCalls } from '@paiclass/shared';
import type { z } from 'zod';
import { call } from '../../lib/api';
import type { AnswerValue } from './hooks/answerJournal';

/** A student's mistakes set and weak knowledge points (docs/api.md "The mistakes set and weak knowledge points"). */
export type MistakePage = z.output<typeof mistakesAnswer>;
export type Mistake = MistakePage['lists'][number];
export type RedoResult = z.output<typeof redoMistakeAnswer>;
export type WeakPoints = z.output<typeof weakPointsAnswer>;

export const MISTAKES_PAGE_SIZE = 20;

export const mistakesApi = {
  list: (courseid: number, point: string, page: number) =>
    call(examsCalls.mistakes, { courseid, point, page, limit: MISTAKES_PAGE_SIZE }),
  one: (courseid: number, subjectid: number) => call(examsCalls.mistakes, { courseid, subjectid }),
  redo: (courseid: number, subjectid: number, answer: AnswerValue) =>
    call(examsCalls.redoMistake, { courseid, subjectid, answer }),
  weakPoints: (courseid: number) => call(examsCalls.weakPoints, { courseid }),
};

export const mistakesKeys = {
  all: (courseId: number) => ['exams', 'mistakes', courseId] as const,
  list: (courseId: number, point: string) => ['exams', 'mistakes', courseId, 'list', point] as const,
  one: (courseId: number, subjectId: number) => ['exams', 'mistakes', courseId, 'one', subjectId] as const,
  weak: (courseId: number) => ['exams', 'mistakes', courseId, 'weak'] as const,
};

export const mistakesPaths = {
  list: (courseId: number, point = '') =>
    `/sets/mistakes/list?courseId=${courseId}&courseRole=0${point ? `&point=${encodeURIComponent(point)}` : ''}`,
  detail: (courseId: number, subjectId: number) =>
    `/sets/mistakes/detail?courseId=${courseId}&courseRole=0&subjectid=${subjectId}`,
  weak: (courseId: number) => `/testing/weakKnowlegePoints?courseId=${courseId}&courseRole=0`,
};
