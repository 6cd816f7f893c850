import type { classTimeAnswer } from '@paiclass/shared';
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
