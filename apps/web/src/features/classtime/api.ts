import type {
  classTimeAnswer,
  doubtAnswer,
  manageSlidesAnswer,
  pptPageAnswer,
  preStudyInfoAnswer,
  preStudyListAnswer,
  presentationAnswer,
} from '@paiclass/shared';
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

/** The course's courseware and what the class marks on it, as the screen and the following phones need them. */
export const classSlidesApi = {
  coursewares: (courseid: number) => api<z.output<typeof preStudyListAnswer>>('/PrestudyTaskApi/preStudyList', { courseid }),
  /** the caller's own learning of one courseware: the pages they marked "don't understand" */
  mine: (interactid: number) => api<z.output<typeof preStudyInfoAnswer>>('/PrestudyTaskApi/getPreStudyInfo', { interactid }),
  setDoubt: (interactid: number, pageindex: number, state: 0 | 1) =>
    api<z.output<typeof doubtAnswer>>('/PrestudyTaskApi/setDoubtState', { interactid, pageindex, state }),
  /** staff: each page with its doubt and comment counts */
  perPage: (interactid: number) => api<z.output<typeof manageSlidesAnswer>>('/PrestudyTaskManageApi/listSlides', { interactid }),
};
