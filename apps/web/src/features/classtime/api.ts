import type { classTimeAnswer, pptPageAnswer, presentationAnswer } from '@paiclass/shared';
import type { z } from 'zod';
import { api } from '../../lib/api';

/** A class time as the server answers it: status 1 while in class; times in epoch seconds. */
export type ClassTimeStatus = z.output<typeof classTimeAnswer>;

export const classTimeKeys = {
  status: (courseId: number) => ['classTime', courseId] as const,
};

/** Class time calls (docs/api.md "Class times"). */
export const classTimeApi = {
  status: (courseid: number) => api<ClassTimeStatus>('/Futurev2/AttendClass/classTimeStatus', { courseid }),
  begin: (courseid: number) => api<ClassTimeStatus>('/Futurev2/AttendClass/beginClass', { courseid }),
  over: (courseid: number) => api<ClassTimeStatus>('/Futurev2/AttendClass/overClass', { courseid }),
};

/** What the classroom screen shows (`/InteractWithScreenApi/listSlides`), with the caller's own slide addresses. */
export type Presentation = z.output<typeof presentationAnswer>;
export type PptPage = z.output<typeof pptPageAnswer>;

export const presentingKeys = {
  current: (courseId: number) => ['presenting', courseId] as const,
};

/** Courseware on the classroom screen (docs/api.md "Class times"). */
export const presentingApi = {
  current: (courseid: number) => api<Presentation>('/InteractWithScreenApi/listSlides', { courseid }),
  present: (courseid: number, interactid: number) =>
    api<Presentation>('/InteractWithScreenApi/present', { courseid, interactid }),
  gotoPage: (courseid: number, pageindex: number) => api<PptPage>('/InteractWithScreenApi/gotoPage', { courseid, pageindex }),
  stop: (courseid: number) => api<Presentation>('/InteractWithScreenApi/stop', { courseid }),
};
