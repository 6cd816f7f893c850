import { z } from 'zod';

/** What the institution calls answer (spec 1 §3 Certified institution and Scheduled course). */

/** An institution: `/AttestApi/searchJigou` lists these */
export const institutionAnswer = z.object({ jigouid: z.number().int(), jigou: z.string() });

/** `/AttestApi/searchJigou` */
export const institutionListAnswer = z.object({ list: z.array(institutionAnswer) });

/** A certification: the institution and the roster entry (real name, staff or student number) */
export const certificationAnswer = institutionAnswer.extend({ realname: z.string(), realstno: z.string() });

/** A certification waiting for the institution's operator (state 0), or refused by it (state 2) */
export const attestClaimAnswer = certificationAnswer.extend({
  id: z.number().int(),
  state: z.union([z.literal(0), z.literal(2)]),
  /** epoch seconds */
  createtime: z.number().int(),
});

/** `/AttestApi/getAttestList` */
export const attestListAnswer = z.object({
  atteststate: z.union([z.literal(0), z.literal(1)]),
  list: z.array(certificationAnswer),
  /** claims without a code: waiting for the operator, or refused */
  claims: z.array(attestClaimAnswer),
  /** the caller's school requires authentication and they have not certified with it; null otherwise */
  needAttest: institutionAnswer.nullable(),
});

/** A scheduled course of the institution's timetable */
export const teachClassAnswer = institutionAnswer.extend({
  id: z.number().int(),
  /** the bound course; 0 while unbound */
  classid: z.number().int(),
  teachClass: z.string(),
  semester: z.string(),
  /** 0 full year, 1 first, 2 second */
  term: z.number().int(),
  classname: z.string(),
  coursename: z.string(),
  /** the name of the course it is bound to; empty while unbound */
  bindname: z.string(),
});

/** `/CourseApi/teachClass` and `/CourseApi/relationTeachClass` */
export const teachClassListAnswer = z.object({ list: z.array(teachClassAnswer) });

/**
 * `/AttestApi/attest`: the institution and the caller's scheduled courses (for the binding or joined
 * step); `pending` 1 when no code was given and the claim waits for the operator (courses then empty)
 */
export const attestAnswer = institutionAnswer.extend({
  courses: z.array(teachClassAnswer),
  pending: z.union([z.literal(0), z.literal(1)]),
});

/** `/AttestApi/sendAttestCode`: the same answer whether or not the roster lists a phone or email for this name and number */
export const attestCodeAnswer = z.object({ countdown: z.number().int() });
