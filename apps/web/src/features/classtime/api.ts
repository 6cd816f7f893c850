import type { classTimeAnswer, pptPageAnswer, presentationAnswer } from '@paiclass/shared';
import { classtimeCalls } from '@paiclass/shared';
import type { z } from 'zod';
import { call } from '../../lib/api';

/** A class time as the server answers it: status 1 while in class; times in epoch seconds. */
export type ClassTimeStatus = z.output<typeof classTimeAnswer>;

export const classTimeKeys = {
  status: (courseId: number) => ['classTime', courseId] as const,
};

/** Class time calls (docs/api.md "Class times"). */
export const classTimeApi = {
  status: (courseid: number) => call(classtimeCalls.classTimeStatus, { courseid }),
  begin: (courseid: number) => call(classtimeCalls.beginClass, { courseid }),
  over: (courseid: number) => call(classtimeCalls.overClass, { courseid }),
};

/** What the classroom screen shows (`/InteractWithScreenApi/listSlides`), with the caller's own slide addresses. */
export type Presentation = z.output<typeof presentationAnswer>;
export type PptPage = z.output<typeof pptPageAnswer>;

export const presentingKeys = {
  current: (courseId: number) => ['presenting', courseId] as const,
};

/** Courseware on the classroom screen (docs/api.md "Class times"). */
export const presentingApi = {
  current: (courseid: number) => call(classtimeCalls.listSlides, { courseid }),
  present: (courseid: number, interactid: number) => call(classtimeCalls.present, { courseid, interactid }),
  gotoPage: (courseid: number, pageindex: number) => call(classtimeCalls.gotoPage, { courseid, pageindex }),
  stop: (courseid: number) => call(classtimeCalls.stop, { courseid }),
  /** the teacher's switch: students may page past the pages shown (decision 029) */
  setPaging: (courseid: number, ahead: boolean) => call(classtimeCalls.setPaging, { courseid, ahead: ahead ? 1 : 0 }),
};
