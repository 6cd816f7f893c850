import type { AttestInput } from '@paiclass/shared';
import { api } from '../../lib/api';

/** Shapes of the institution calls (spec 1 §3 Certified institution and Scheduled course). */

export interface Institution {
  jigouid: number;
  jigou: string;
}

/** A certification: the institution and the roster entry (real name, staff or student number). */
export interface Certification extends Institution {
  realname: string;
  realstno: string;
}

/** `/AttestApi/getAttestList`. needAttest: the caller's school requires authentication and they have not certified with it. */
export interface AttestList {
  atteststate: 0 | 1;
  list: Certification[];
  needAttest: Institution | null;
}

/** A scheduled course of the institution's timetable; classid is the bound course, 0 while unbound. */
export interface TeachClass extends Institution {
  id: number;
  classid: number;
  teachClass: string;
  semester: string;
  /** 0 full year, 1 first, 2 second */
  term: number;
  classname: string;
  coursename: string;
  /** the name of the course it is bound to; empty while unbound */
  bindname: string;
}

/** `/AttestApi/attest`: the institution and the caller's scheduled courses (for the binding or joined step). */
export interface AttestResult extends Institution {
  courses: TeachClass[];
}

/** One binding of `/CourseApi/relationTeachClass`: classid is one of the caller's own courses, 0 creates one. */
export interface TeachClassBinding {
  id: number;
  classid: number;
}

export const institutionsApi = {
  search: (keyword: string, signal?: AbortSignal) =>
    api<{ list: Institution[] }>('/AttestApi/searchJigou', { keyword }, { signal }),
  attestList: () => api<AttestList>('/AttestApi/getAttestList'),
  attest: (body: AttestInput) => api<AttestResult>('/AttestApi/attest', body),
  unbind: (jigouid: number) => api<object>('/AttestApi/unbind', { jigouid }),
  teachClass: (jigouid: number) => api<{ list: TeachClass[] }>('/CourseApi/teachClass', { jigouid }),
  bind: (list: TeachClassBinding[]) => api<{ list: TeachClass[] }>('/CourseApi/relationTeachClass', { list }),
};

/** TanStack Query keys of the institution area. */
export const institutionKeys = {
  all: ['institutions'] as const,
  attestList: ['institutions', 'attestList'] as const,
  search: (keyword: string) => ['institutions', 'search', keyword] as const,
  teachClass: (jigouid: number) => ['institutions', 'teachClass', jigouid] as const,
};
