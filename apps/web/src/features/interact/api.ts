import type {
  interactAnswer,
  interactListAnswer,
  pendingStepsAnswer,
  SlideQuestions,
  SlideStep,
  StepResult,
  StepView,
} from '@paiclass/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { retryNetworkOnly } from '../courses/api';

export type InteractView = z.output<typeof interactAnswer>;
export type InteractList = z.output<typeof interactListAnswer>;
export type InteractRow = InteractList['list'][number];
export type PendingSteps = z.output<typeof pendingStepsAnswer>;
export type { SlideQuestions, SlideStep, StepResult, StepView };

/** The interactive-answer calls of docs/api.md (`/InteractApi/*`), typed. */
export const interactApi = {
  list: (courseid: number) => api<InteractList>('/InteractApi/lists', { courseid }),
  get: (interactid: number) => api<InteractView>('/InteractApi/getInteract', { interactid }),
  create: (body: { courseid: number; title: string; questionids: number[]; seconds: number }) =>
    api<InteractView>('/InteractApi/create', body),
  pending: (courseid: number) => api<PendingSteps>('/InteractApi/isExistJoinStepV2', { courseid }),
  start: (stepid: number, seconds: number) => api<StepView>('/InteractApi/startStep', { stepid, seconds }),
  close: (stepid: number) => api<StepView>('/InteractApi/closeStep', { stepid }),
  reveal: (stepid: number) => api<StepView>('/InteractApi/revealStep', { stepid }),
  answer: (stepid: number, answer: unknown) => api<StepView>('/InteractApi/answer', { stepid, answer }),
  result: (stepid: number) => api<StepResult>('/InteractApi/stepResult', { stepid }),
  /** a courseware's pages with the questions placed on them (staff) */
  slideQuestions: (interactid: number) => api<SlideQuestions>('/InteractPPTApi/subjectLists', { interactid }),
  /** puts a step on page `pageindex` of courseware `interactid` (0 takes it off) */
  placeStep: (stepid: number, interactid: number, pageindex: number) =>
    api<SlideQuestions>('/InteractPPTApi/placeStep', { stepid, interactid, pageindex }),
};

export const interactKeys = {
  all: ['interact'] as const,
  list: (courseId: number) => ['interact', 'list', courseId] as const,
  item: (id: number) => ['interact', 'item', id] as const,
  result: (stepid: number) => ['interact', 'result', stepid] as const,
  pending: (courseId: number) => ['interact', 'pending', courseId] as const,
  slides: (coursewareId: number) => ['interact', 'slides', coursewareId] as const,
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
