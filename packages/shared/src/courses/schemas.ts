import { z } from 'zod';
import { COURSE_NAME_MAX, JOIN_CODE_LENGTH } from '../constants';
import { INT_MAX, wireId } from '../wire';

/**
 * Inputs of the course calls (spec 1 §5 course rules). Numbers may come as strings from
 * form-encoded Ketangpai clients; messages are keys of `validationMessages`.
 */

/** The month (1-12) a Chinese academic year and its first term begin; the first term runs into January. */
export const ACADEMIC_YEAR_FIRST_MONTH = 9;
/** The month (1-12) the second term begins; it runs to the summer holiday, the end of the academic year. */
export const SECOND_TERM_FIRST_MONTH = 2;

/**
 * The academic year and term a date falls in, as the course forms name them: September to January is
 * the first term (1) of the year that began in September ("2026-2027"), February to August the second
 * term (2) of the year that began the September before. The one rule for "now" in course years.
 */
export function currentAcademicTerm(now = new Date()): { semester: string; term: 1 | 2 } {
  const month = now.getMonth() + 1;
  const start = month >= ACADEMIC_YEAR_FIRST_MONTH ? now.getFullYear() : now.getFullYear() - 1;
  const term = month >= ACADEMIC_YEAR_FIRST_MONTH || month < SECOND_TERM_FIRST_MONTH ? 1 : 2;
  return { semester: `${start}-${start + 1}`, term };
}

/**
 * Academic years offered (spec 1 §5): the previous two years through next year, in pairs, counted from
 * the current academic year (currentAcademicTerm), oldest first; the current one is at index 2.
 * Pickers list them newest first.
 */
export function academicYears(now = new Date()): string[] {
  const start = Number(currentAcademicTerm(now).semester.slice(0, 4));
  return [start - 2, start - 1, start, start + 1].map((y) => `${y}-${y + 1}`);
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
  teachtype: z.coerce
    .number()
    .int()
    .min(1, { message: 'validation.teachtype' })
    .max(3, { message: 'validation.teachtype' })
    .optional(),
  studytime: studyTime,
};

export const courseCreateInput = z.object(courseFields);
export type CourseCreateInput = z.infer<typeof courseCreateInput>;
export const courseEditInput = z.object({ id: wireId(), ...courseFields });

const isstudy = z.preprocess((v) => (v === undefined || v === '' ? 0 : v), z.coerce.number().int().min(0).max(1));
export const semesterListInput = z.object({
  isstudy,
  search: z.string().trim().max(50).optional().default(''),
  /** narrows the teaching list: teach (own courses) or assist */
  type: z.enum(['teach', 'assist']).optional(),
});
export const semesterCourseListInput = z.object({
  isstudy,
  search: z.string().trim().max(50).optional().default(''),
  /** empty or "0" means every semester */
  semester: z.coerce.string().trim().optional().default(''),
  /** empty means every term; 0 full year, 1 first, 2 second */
  term: z.coerce
    .string()
    .trim()
    .pipe(z.enum(['', '0', '1', '2']))
    .optional()
    .default(''),
  /** narrows the teaching list: teach (own courses) or assist */
  type: z.enum(['teach', 'assist']).optional(),
});

export const courseIdInput = z.object({
  courseid: z.coerce
    .number({ message: 'validation.courseId' })
    .int()
    .positive({ message: 'validation.courseId' })
    .max(INT_MAX, { message: 'validation.invalid' }),
});
export const setTopInput = courseIdInput.extend({ isTop: z.coerce.number().int().min(0).max(1) });
export const joinCourseInput = z.object({
  code: z
    .string({ message: 'validation.joinCode' })
    .trim()
    .regex(new RegExp(`^\\d{${JOIN_CODE_LENGTH}}$`), { message: 'validation.joinCode' }),
});

const portalId = z
  .string({ message: 'validation.portal' })
  .trim()
  .regex(/^[0-9a-f]{32}$/, { message: 'validation.portal' });

/**
 * Which course a join names: its 6-digit `code`, or its public portal id `coid` (the teacher's
 * invitation link, which does not show the code). One of the two.
 */
export const joinKeyInput = z
  .object({ code: joinCourseInput.shape.code.optional(), coid: portalId.optional() })
  .refine((k) => Boolean(k.code || k.coid), { message: 'validation.joinCode', path: ['code'] });
export type JoinKey = z.infer<typeof joinKeyInput>;

/** Join results (spec 1 §4): 100 joined, 101/102 failure, 103 identity authentication, 105 already in, 110 enrolment review. */
export const JOIN_STATUS = {
  joined: 100,
  notFound: 101,
  refused: 102,
  needsAttest: 103,
  alreadyIn: 105,
  pendingReview: 110,
} as const;

export const TERMS = [0, 1, 2] as const; // spec 1 §3: 0 full year, 1 first, 2 second

/**
 * Delete, quit and transfer ask a second confirmation (spec 1 §4): the login password, or the
 * course name typed out when the server's `deleteway` is 1 (accounts without a password).
 */
export const confirmInput = courseIdInput.extend({
  password: z.string().optional(),
  coursename: z.string().trim().optional(),
});
export const transferInput = confirmInput.extend({
  /** the target teacher's account, phone or email (spec 1 §5) */
  account: z.string({ message: 'validation.transferTarget' }).trim().min(1, { message: 'validation.transferTarget' }),
});
export const copyInput = courseIdInput.extend({
  coursename: z
    .string({ message: 'validation.courseNameRequired' })
    .trim()
    .min(1, { message: 'validation.courseNameRequired' })
    .max(COURSE_NAME_MAX, { message: 'validation.courseNameLength' }),
});
export const sortInput = z.object({ ids: z.array(wireId()).min(1).max(500) });
/** Archive buckets (spec 1 §3): 0 all, 1 teach, 2 assistant, 3 study. */
export const archivedListInput = z.object({ type: z.coerce.number().int().min(0).max(3).default(0) });
export const endCourseInput = courseIdInput.extend({ canvisit: z.coerce.number().int().min(0).max(1).default(1) });
export const allowQuitInput = courseIdInput.extend({ allowquit: z.coerce.number().int().min(0).max(1) });
/** Template types 1-6: hybrid, offline, online, lab, social practice, other (spec 1 §3). */
export const templateInput = courseIdInput.extend({
  type: z.coerce
    .number({ message: 'validation.template' })
    .int()
    .min(1, { message: 'validation.template' })
    .max(6, { message: 'validation.template' }),
});

/** Default enrolment questions (spec 1 §3): name, phone, student no, staff no, school, company. */
export const DEFAULT_ENROLL_QUESTIONS = ['name', 'phone', 'stno', 'staffno', 'school', 'company'] as const;
export const enrollFormItem = z
  .object({
    /** a default question's key, or empty for a custom question */
    key: z.string().trim().max(20).optional().default(''),
    /** required for custom questions; default questions take their localised title */
    title: z.string().trim().max(30, { message: 'validation.questionTitleLength' }).optional().default(''),
    selected: z.coerce.number().int().min(0).max(1).default(0),
  })
  .refine((q) => q.key !== '' || q.title !== '', { message: 'validation.questionTitle', path: ['title'] });
export const enrollSettingInput = courseIdInput.extend({
  /** '1' enrolment open */
  enrollstate: z.coerce.string().pipe(z.enum(['0', '1'])),
  /** '0' automatic, '1' manual review */
  auditstate: z.coerce.string().pipe(z.enum(['0', '1'])),
  formLists: z.array(enrollFormItem).max(20).default([]),
  /** most students the course takes; 0 for no limit */
  maxcount: z.coerce.number().int().min(0).max(100000).default(0),
});
export const enrollAnswerInput = z
  .object({
    code: joinCourseInput.shape.code.optional(),
    coid: portalId.optional(),
    answers: z
      .array(z.object({ title: z.string().trim().max(30), value: z.string().trim().max(100) }))
      .max(20)
      .default([]),
  })
  .refine((k) => Boolean(k.code || k.coid), { message: 'validation.joinCode', path: ['code'] });
export const enrollReviewInput = courseIdInput.extend({
  ids: z.array(wireId()).min(1, { message: 'validation.chooseOne' }).max(500),
  /** 1 approve, 2 reject */
  state: z.coerce.number().int().min(1).max(2),
});
export const enrollListInput = courseIdInput.extend({ state: z.coerce.number().int().min(0).max(2).optional() });

/** The course home menus (spec 2 §2 /courseHome), in their default order. */
export const COURSE_MODULES = [
  'catalogue',
  'courseware',
  'homework',
  'test',
  'material',
  'live',
  'meeting',
  'notice',
  'topic',
  'interact',
] as const;
export const MODULE_NAME_MAX = 8; // spec 2 §5
export const modulesInput = courseIdInput.extend({
  modules: z
    .array(
      z.object({
        key: z.enum(COURSE_MODULES, { message: 'validation.module' }),
        name: z
          .string({ message: 'validation.moduleName' })
          .trim()
          .min(1, { message: 'validation.moduleName' })
          .max(MODULE_NAME_MAX, { message: 'validation.moduleNameLength' }),
      }),
    )
    .min(1, { message: 'validation.moduleKeepOne' })
    .max(COURSE_MODULES.length),
});
export const INTRO_MAX = 5000;
export const introInput = courseIdInput.extend({
  describes: z.string().max(INTRO_MAX, { message: 'validation.introLength' }),
});

/** Course profile completion for students (spec 1 §3): class number, grade 1-6, enrolment month from 1990-01. */
export const courseProfileInput = z.object({
  classno: z
    .string({ message: 'validation.classno' })
    .trim()
    .min(1, { message: 'validation.classno' })
    .max(20, { message: 'validation.classnoLength' }),
  grade: z.coerce
    .number({ message: 'validation.grade' })
    .int({ message: 'validation.grade' })
    .min(1, { message: 'validation.grade' })
    .max(6, { message: 'validation.grade' }),
  enrolltime: z
    .string({ message: 'validation.enrolltime' })
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'validation.enrolltime' })
    .refine((v) => v >= '1990-01' && v <= `${new Date().getFullYear() + 1}-12`, { message: 'validation.enrolltime' }),
});

export const portalInput = z.object({ coid: portalId });

/** `/Futurev2/CourseTemplate/updateSetting`: the template type and/or the module arrangement it comes with. */
export const templateSettingInput = courseIdInput.extend({
  type: templateInput.shape.type.optional(),
  modules: modulesInput.shape.modules.optional(),
});

/** `/CourseApi/createCourseFromDemo`: a demo course and the new course's name, class, year and term (spec 1 §5 rules). */
export const demoCreateInput = z.object({
  demoid: z.coerce
    .number({ message: 'validation.demoRequired' })
    .int()
    .positive({ message: 'validation.demoRequired' })
    .max(INT_MAX, { message: 'validation.invalid' }),
  coursename: courseFields.coursename,
  classname: courseFields.classname,
  semester: courseFields.semester,
  term: courseFields.term,
});
export type DemoCreateInput = z.infer<typeof demoCreateInput>;
