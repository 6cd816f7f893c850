import { z } from 'zod';

/** What the institution calls answer (spec 1 §3 Certified institution and Scheduled course). */

/** An institution: `/AttestApi/searchJigou` lists these */
export const institutionAnswer = z.object({ jigouid: z.number().int(), jigou: z.string() });

/** `/AttestApi/searchJigou` */
export const institutionListAnswer = z.object({ list: z.array(institutionAnswer) });

/** A certification: the institution and the roster entry (real name, staff or student number) */
export const certificationAnswer = institutionAnswer.extend({ realname: z.string(), realstno: z.string() });

/** `/AttestApi/getAttestList` */
export const attestListAnswer = z.object({
  atteststate: z.union([z.literal(0), z.literal(1)]),
  list: z.array(certificationAnswer),
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

/** `/AttestApi/attest`: the institution and the caller's scheduled courses (for the binding or joined step) */
export const attestAnswer = institutionAnswer.extend({ courses: z.array(teachClassAnswer) });

/** `/DevApi/importInstitution` (and `npm run institution:import`): what was imported */
export const institutionImportAnswer = institutionAnswer.extend({ people: z.number().int(), classes: z.number().int() });
