import { z } from 'zod';
import { COURSE_NAME_MAX, STNO_MAX } from '../constants';
import { academicYears } from '../courses/schemas';
import { INT_MAX, wireId } from '../wire';

/**
 * Institution authentication and scheduled courses (spec 1 §2 Personal centre, §3 Certified
 * institution and Scheduled course, §4, §5 Course binding). Messages are keys of `validationMessages`.
 */

export const ATTEST_NAME_MIN = 2; // spec 1 §5: name and staff or student number, at least 2 characters
export const ATTEST_NAME_MAX = 30; // as the account name
export const JIGOU_NAME_MAX = 100; // value ours
export const JIGOU_SEARCH_LIMIT = 20; // institutions a search answers (value ours)

const jigouid = z.coerce
  .number({ message: 'validation.jigouRequired' })
  .int()
  .positive({ message: 'validation.jigouRequired' })
  .max(INT_MAX, { message: 'validation.invalid' });

/** Text of at least 2 characters: 1 character is "please enter a correct …", empty is "… cannot be empty" (spec 1 §5). */
const personText = (max: number, key: 'Name' | 'Stno') =>
  z
    .string({ message: `validation.attest${key}Required` })
    .trim()
    .min(1, { message: `validation.attest${key}Required` })
    .min(ATTEST_NAME_MIN, { message: `validation.attest${key}Short` })
    .max(max, { message: `validation.attest${key}Long` });

export const ATTEST_ACTIVATION_LENGTH = 10; // one-time activation codes the school hands out (value ours)

/** Who the caller says they are: institution, real name, and the staff number (teachers) or student number (students). */
export const attestWhoInput = z.object({
  jigouid,
  realname: personText(ATTEST_NAME_MAX, 'Name'),
  realstno: personText(STNO_MAX, 'Stno'),
});

/**
 * The certification form. `code` proves the identity: the code sent to the phone or email the roster
 * lists for the person, or the one-time activation code the school handed out. Without a code the
 * claim waits for the institution's operator.
 */
export const attestInput = attestWhoInput.extend({
  code: z
    .string()
    .trim()
    .max(32, { message: 'validation.attestCode' })
    .regex(/^[0-9A-Za-z]*$/, { message: 'validation.attestCode' })
    .optional()
    .default(''),
});
export type AttestInput = z.infer<typeof attestInput>;

export const jigouIdInput = z.object({ jigouid });

export const jigouSearchInput = z.object({ keyword: z.string().trim().max(JIGOU_NAME_MAX).optional().default('') });

/** `/CourseApi/teachClass`: the caller's scheduled courses, of one institution or of all. */
export const teachClassInput = z.object({ jigouid: z.coerce.number().int().nonnegative().max(INT_MAX).optional().default(0) });

/** `/CourseApi/relationTeachClass`: binds each scheduled course to one of the caller's courses; classid 0 creates one from it. */
export const relationTeachClassInput = z.object({
  list: z
    .array(
      z.object({
        id: wireId(),
        classid: z.coerce.number().int().nonnegative().max(INT_MAX),
      }),
    )
    .min(1, { message: 'validation.teachClassRequired' })
    .max(100),
});

/**
 * What an operator imports for an institution: its roster (who may certify, by number and name)
 * and its timetable (scheduled courses with their teacher and students). Import is idempotent.
 */
export const institutionImport = z.object({
  name: z.string().trim().min(1).max(JIGOU_NAME_MAX),
  /** students and teachers of this school are asked to certify, and courses bound to it admit only certified students */
  requireAttest: z.boolean().optional().default(false),
  people: z
    .array(
      z.object({
        usertype: z.union([z.literal(0), z.literal(1)]),
        realname: z.string().trim().min(1).max(ATTEST_NAME_MAX),
        realstno: z.string().trim().min(1).max(STNO_MAX),
        /** a certification code is sent here to prove the identity */
        mobile: z
          .string()
          .trim()
          .regex(/^1\d{10}$/)
          .optional(),
        email: z.string().trim().toLowerCase().email().max(100).optional(),
        /** a one-time activation code is generated for this person (once; the command prints it) */
        activation: z.boolean().optional().default(false),
      }),
    )
    .max(50000)
    .optional()
    .default([]),
  classes: z
    .array(
      z.object({
        teachClass: z.string().trim().min(1).max(64),
        coursename: z.string().trim().min(1).max(COURSE_NAME_MAX),
        classname: z.string().trim().max(COURSE_NAME_MAX).optional().default(''),
        semester: z.string().regex(/^\d{4}-\d{4}$/),
        term: z.union([z.literal(0), z.literal(1), z.literal(2)]),
        teacherStno: z.string().trim().min(1).max(STNO_MAX),
        students: z.array(z.string().trim().min(1).max(STNO_MAX)).max(2000).optional().default([]),
      }),
    )
    .max(5000)
    .optional()
    .default([]),
});
export type InstitutionImport = z.input<typeof institutionImport>;

/** A scheduled course's semester as a course needs it: the current list of academic years, or the nearest. */
export function courseSemesterFor(semester: string, now = new Date()): string {
  const years = academicYears(now);
  return years.includes(semester) ? semester : (years[2] as string);
}
