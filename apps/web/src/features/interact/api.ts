import type {
  AnswerDetail,
  Exhibition,
  interactAnswer,
  interactListAnswer,
  MyResults,
  MyStep,
  pendingStepsAnswer,
  ReviewAnswers,
  ReviewedAnswer,
  ShownAnswer,
  SlideQuestions,
  SlideStep,
  StepResult,
  StepView,
} from '@paiclass/shared';
import { type CallInput, interactCalls } from '@paiclass/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/api';
import { retryNetworkOnly } from '../courses/api';

export type InteractView = z.output<typeof interactAnswer>;
export type InteractList = z.output<typeof interactListAnswer>;
export type InteractRow = InteractList['list'][number];
export type PendingSteps = z.output<typeof pendingStepsAnswer>;
export type {
  AnswerDetail,
  Exhibition,
  MyResults,
  MyStep,
  ReviewAnswers,
  ReviewedAnswer,
  ShownAnswer,
  SlideQuestions,
  SlideStep,
  StepResult,
  StepView,
};

/** The interactive-answer calls of docs/api.md (`/InteractApi/*`), typed. */
export const interactApi = {
  list: (courseid: number) => call(interactCalls.lists, { courseid }),
  get: (interactid: number) => call(interactCalls.getInteract, { interactid }),
  create: (body: { courseid: number; title: string; questionids: number[]; seconds: number }) => call(interactCalls.create, body),
  pending: (courseid: number) => call(interactCalls.isExistJoinStepV2, { courseid }),
  start: (stepid: number, seconds: number) => call(interactCalls.startStep, { stepid, seconds }),
  close: (stepid: number) => call(interactCalls.closeStep, { stepid }),
  reveal: (stepid: number) => call(interactCalls.revealStep, { stepid }),
  answer: (stepid: number, answer: CallInput<typeof interactCalls.answer>['answer']) =>
    call(interactCalls.answer, { stepid, answer }),
  result: (stepid: number) => call(interactCalls.stepResult, { stepid }),
  /** a courseware's pages with the questions placed on them (staff) */
  slideQuestions: (interactid: number) => call(interactCalls.subjectLists, { interactid }),
  /** puts a step on page `pageindex` of courseware `interactid` (0 takes it off) */
  placeStep: (stepid: number, interactid: number, pageindex: number) =>
    call(interactCalls.placeStep, { stepid, interactid, pageindex }),
  /** answer review (staff): every answer of a step; marking one; the answers shown to the class */
  review: (stepid: number) => call(interactCalls.reviewAnswers, { stepid }),
  mark: (stepid: number, answerid: number, change: { mark?: number; comment?: string }) =>
    call(interactCalls.markAnswer, { stepid, answerid, ...change }),
  exhibit: (stepid: number, answerids: number[], named: boolean) =>
    call(interactCalls.exhibitAnswers, { stepid, answerids, named: named ? 1 : 0 }),
  answerDetail: (stepid: number, uid: number) => call(interactCalls.answerDetail, { stepid, uid }),
  /** a step as the class sees it on the screen, with the answers shown */
  exhibition: (stepid: number) => call(interactCalls.exhibition, { stepid }),
  /** a student's own results of an item, named by the item or one of its steps */
  myResults: (ref: { interactid?: number; stepid?: number }) => call(interactCalls.myResults, ref),
};

export const interactKeys = {
  all: ['interact'] as const,
  list: (courseId: number) => ['interact', 'list', courseId] as const,
  item: (id: number) => ['interact', 'item', id] as const,
  result: (stepid: number) => ['interact', 'result', stepid] as const,
  pending: (courseId: number) => ['interact', 'pending', courseId] as const,
  slides: (coursewareId: number) => ['interact', 'slides', coursewareId] as const,
  review: (stepid: number) => ['interact', 'review', stepid] as const,
  answerDetail: (stepid: number, uid: number) => ['interact', 'answerDetail', stepid, uid] as const,
  exhibition: (stepid: number) => ['interact', 'exhibition', stepid] as const,
  myResults: (interactid: number, stepid: number) => ['interact', 'myResults', interactid, stepid] as const,
};

export function useInteractList(courseId: number) {
  return useQuery({ queryKey: interactKeys.list(courseId), queryFn: () => interactApi.list(courseId), retry: retryNetworkOnly });
}

export function useInteract(id: number) {
  return useQuery({
    queryKey: interactKeys.item(id),
    queryFn: () => interactApi.get(id),
    retry: retryNetworkOnly,
    enabled: id > 0,
  });
}

export function useStepResult(stepid: number, enabled = true) {
  return useQuery({
    queryKey: interactKeys.result(stepid),
    queryFn: () => interactApi.result(stepid),
    retry: retryNetworkOnly,
    enabled,
  });
}

export function useReviewAnswers(stepid: number) {
  return useQuery({ queryKey: interactKeys.review(stepid), queryFn: () => interactApi.review(stepid), retry: retryNetworkOnly });
}

export function useAnswerDetail(stepid: number, uid: number) {
  return useQuery({
    queryKey: interactKeys.answerDetail(stepid, uid),
    queryFn: () => interactApi.answerDetail(stepid, uid),
    retry: retryNetworkOnly,
  });
}

export function useExhibition(stepid: number) {
  return useQuery({
    queryKey: interactKeys.exhibition(stepid),
    queryFn: () => interactApi.exhibition(stepid),
    retry: retryNetworkOnly,
  });
}

/** a student's results: by the item (`interactid`), or by one of its steps when only that is known */
export function useMyResults(interactid: number, stepid = 0) {
  return useQuery({
    queryKey: interactKeys.myResults(interactid, interactid ? 0 : stepid),
    queryFn: () => interactApi.myResults(interactid ? { interactid } : { stepid }),
    retry: retryNetworkOnly,
    enabled: interactid > 0 || stepid > 0,
  });
}
