import { z } from 'zod';
import { COURSE_NAME_MAX, JOIN_CODE_LENGTH } from '../constants';

/**
 * Inputs of the course calls (spec 1 §5 course rules). Numbers may come as strings from
 * form-encoded Ketangpai clients; messages are keys of `validationMessages`.
 */

/** Academic years offered: the previous two years through next year, in pairs (spec 1 §5). */
export function academicYears(now = new Date()): string[] {
  const year = now.getFullYear();
  return [year - 2, year - 1, year, year + 1].map((y) => `${y}-${y + 1}`);
}

/** spec 1 §5: study time > 0, one decimal kept, '-' and '.' refused, empty allowed (-1 = none). */
export const studyTime = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '' || v === -1 || v === '-1') return -1;
    const text = String(v).trim();
    if (!/^\d+(\.\d+)?$/.test(text) || Number(text) <= 0) {
      ctx.addIssue({ code: 'custom', message: 'validation.studyTime' });
      return z.NEVER;
    }
    return Math.floor(Number(text) * 10) / 10;
  });

const optionalText = (max: number, key: string) => z.string().trim().max(max, { message: key }).optional().default('');

export const courseFields = {
  coursename: z
    .string({ message: 'validation.courseNameRequired' })
    .trim()
    .min(1, { message: 'validation.courseNameRequired' })
    .max(COURSE_NAME_MAX, { message: 'validation.courseNameLength' }),
  classname: optionalText(COURSE_NAME_MAX, 'validation.classNameLength'),
  venue: optionalText(COURSE_NAME_MAX, 'validation.venueLength'),
  semester: z
    .string({ message: 'validation.semesterRequired' })
    .trim()
    .min(1, { message: 'validation.semesterRequired' })
    .refine((v) => academicYears().includes(v), { message: 'validation.semester' }),
  term: z.coerce
    .number({ message: 'validation.termRequired' })
    .int({ message: 'validation.termRequired' })
    .min(0, { message: 'validation.termRequired' })
    .max(2, { message: 'validation.termRequired' }),
  teachtype: z.coerce.number().int().min(1, { message: 'validation.teachtype' }).max(3, { message: 'validation.teachtype' }).optional(),
  studytime: studyTime,
};

export const courseCreateInput = z.object(courseFields);
export type CourseCreateInput = z.infer<typeof courseCreateInput>;
export const courseEditInput = z.object({ id: z.coerce.number().int().positive(), ...courseFields });

const isstudy = z.preprocess((v) => (v === undefined || v === '' ? 0 : v), z.coerce.number().int().min(0).max(1));
export const semesterListInput = z.object({ isstudy, search: z.string().trim().max(50).optional().default('') });
export const semesterCourseListInput = z.object({
  isstudy,
  search: z.string().trim().max(50).optional().default(''),
  /** empty or "0" means every semester */
  semester: z.coerce.string().trim().optional().default(''),
  /** empty means every term; 0 full year, 1 first, 2 second */
  term: z.coerce.string().trim().optional().default(''),
  /** narrows the teaching list: teach (own courses) or assist */
  type: z.enum(['teach', 'assist']).optional(),
});

export const courseIdInput = z.object({ courseid: z.coerce.number({ message: 'validation.courseId' }).int().positive({ message: 'validation.courseId' }) });
export const setTopInput = courseIdInput.extend({ isTop: z.coerce.number().int().min(0).max(1) });
export const joinCourseInput = z.object({
  code: z
    .string({ message: 'validation.joinCode' })
    .trim()
    .regex(new RegExp(`^\\d{${JOIN_CODE_LENGTH}}$`), { message: 'validation.joinCode' }),
});

/** Join results (spec 1 §4): 100 joined, 101/102 failure, 103 identity authentication, 105 already in, 110 enrolment review. */
export const JOIN_STATUS = { joined: 100, notFound: 101, refused: 102, needsAttest: 103, alreadyIn: 105, pendingReview: 110 } as const;

export const TERMS = [0, 1, 2] as const; // spec 1 §3: 0 full year, 1 first, 2 second
