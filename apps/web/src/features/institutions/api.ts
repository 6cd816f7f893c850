import type {
  AttestInput,
  attestAnswer,
  attestClaimAnswer,
  attestListAnswer,
  certificationAnswer,
  institutionAnswer,
  teachClassAnswer,
  teachClassListAnswer,
} from '@paiclass/shared';
import { institutionsCalls } from '@paiclass/shared';
import type { z } from 'zod';
import { call } from '../../lib/api';

/** Shapes of the institution calls (spec 1 §3), from their answer schemas (packages/shared/src/institutions/responses.ts). */

export type Institution = z.output<typeof institutionAnswer>;

/** A certification: the institution and the roster entry (real name, staff or student number). */
export type Certification = z.output<typeof certificationAnswer>;

/** `/AttestApi/getAttestList`. needAttest: the caller's school requires authentication and they have not certified with it. */
export type AttestList = z.output<typeof attestListAnswer>;

/** A scheduled course of the institution's timetable; classid is the bound course, 0 while unbound. */
export type TeachClass = z.output<typeof teachClassAnswer>;

/** A certification waiting for the school's operator (state 0) or refused (2). */
export type AttestClaim = z.output<typeof attestClaimAnswer>;

/** `/AttestApi/attest`: the institution and the caller's scheduled courses (for the binding or joined step). */
export type AttestResult = z.output<typeof attestAnswer>;

type TeachClassList = z.output<typeof teachClassListAnswer>;

/** One binding of `/CourseApi/relationTeachClass`: classid is one of the caller's own courses, 0 creates one. */
export interface TeachClassBinding {
  id: number;
  classid: number;
}

export const institutionsApi = {
  search: (keyword: string, signal?: AbortSignal) => call(institutionsCalls.searchJigou, { keyword }, { signal }),
  attestList: () => call(institutionsCalls.getAttestList),
  attest: (body: AttestInput) => call(institutionsCalls.attest, body),
  sendCode: (body: Pick<AttestInput, 'jigouid' | 'realname' | 'realstno'>) => call(institutionsCalls.sendAttestCode, body),
  unbind: (jigouid: number) => call(institutionsCalls.unbind, { jigouid }),
  teachClass: (jigouid: number) => call(institutionsCalls.teachClass, { jigouid }),
  bind: (list: TeachClassBinding[]) => call(institutionsCalls.relationTeachClass, { list }),
};

/** TanStack Query keys of the institution area. */
export const institutionKeys = {
  all: ['institutions'] as const,
  attestList: ['institutions', 'attestList'] as const,
  search: (keyword: string) => ['institutions', 'search', keyword] as const,
  teachClass: (jigouid: number) => ['institutions', 'teachClass', jigouid] as const,
};
