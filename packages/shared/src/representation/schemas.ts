import { z } from 'zod';
import { plainText } from '../barrage/schemas';
import { INT_MAX, wirePage } from '../wire';
import { STAR_REASON_MAX, STAR_STEP_MAX } from './constants';

/**
 * Star calls (`/Futurev2/Representation/*`, ours in Ketangpai's style; issue 15; decision 023): numbers
 * as strings, unknown fields dropped; messages are keys of `validationMessages`; a refusal names the field.
 */
const courseid = z.coerce
  .number({ message: 'validation.courseId' })
  .int()
  .positive({ message: 'validation.courseId' })
  .max(INT_MAX, { message: 'validation.invalid' });
const uid = z.coerce
  .number({ message: 'validation.starStudent' })
  .int()
  .positive({ message: 'validation.starStudent' })
  .max(INT_MAX, { message: 'validation.starStudent' });
const none = (v: unknown) => v === undefined || v === null || v === '';

/** `performanceStatistics`: the course's students with their stars. */
export const starCourseInput = z.object({ courseid });
export type StarCourseInput = z.infer<typeof starCourseInput>;

/**
 * `addStar` and `takeBackStar`: `stars` 1 to STAR_STEP_MAX (1 when missing), a reason of at most
 * STAR_REASON_MAX characters once cleaned to plain text (may be empty). Ketangpai's word for the
 * student is `uid`; `userid` and `studentid` are taken too, `num` and `count` for `stars`, `remark` for `reason`.
 */
export const starAwardInput = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    return {
      ...o,
      uid: o.uid ?? o.userid ?? o.studentid,
      stars: o.stars ?? o.num ?? o.count,
      reason: o.reason ?? o.remark ?? '',
    };
  },
  z.object({
    courseid,
    uid,
    stars: z.preprocess(
      (v) => (none(v) ? 1 : v),
      z.coerce
        .number({ message: 'validation.starCount' })
        .int({ message: 'validation.starCount' })
        .min(1, { message: 'validation.starCount' })
        .max(STAR_STEP_MAX, { message: 'validation.starCount' }),
    ),
    reason: z
      .preprocess((v) => (none(v) ? '' : typeof v === 'number' ? String(v) : v), z.string({ message: 'validation.starReason' }))
      .transform(plainText)
      .pipe(z.string().refine((s) => [...s].length <= STAR_REASON_MAX, { message: 'validation.starReason' })),
  }),
);
export type StarAwardInput = z.infer<typeof starAwardInput>;

/** `starLog`: a student's entries, newest first; a student's own when `uid` is missing (staff must name one). */
export const starLogInput = z.object({
  courseid,
  uid: z.preprocess((v) => (none(v) || v === '0' || v === 0 ? undefined : v), uid.optional()),
  page: wirePage(),
});
export type StarLogInput = z.infer<typeof starLogInput>;

/** `/FutureV2/ClassRecord/lists`: the course's class records; one class time's when `classtimeid` is given. */
export const classRecordInput = z.object({
  courseid,
  classtimeid: z.preprocess(
    (v) => (none(v) || v === '0' || v === 0 ? undefined : v),
    z.coerce.number({ message: 'validation.invalid' }).int().positive().max(INT_MAX).optional(),
  ),
});
export type ClassRecordInput = z.infer<typeof classRecordInput>;

const classtimeid = z.coerce
  .number({ message: 'validation.classTimeId' })
  .int({ message: 'validation.classTimeId' })
  .positive({ message: 'validation.classTimeId' })
  .max(INT_MAX, { message: 'validation.classTimeId' });

/** `/FutureV2/ClassRecord/studyAnalysis`: every student's study over the course; one student's line per class time with `uid`. */
export const studyAnalysisInput = z.preprocess(
  (v) =>
    v && typeof v === 'object'
      ? { ...(v as Record<string, unknown>), uid: (v as Record<string, unknown>).uid ?? (v as Record<string, unknown>).userid }
      : v,
  z.object({
    courseid,
    uid: z.preprocess((v) => (none(v) || v === '0' || v === 0 ? undefined : v), uid.optional()),
  }),
);
export type StudyAnalysisInput = z.infer<typeof studyAnalysisInput>;

/** `/FutureV2/ClassRecord/barrageDetail` and `classNotes`: one class time of the course. */
export const classTimeAnalysisInput = z.object({ courseid, classtimeid });
export type ClassTimeAnalysisInput = z.infer<typeof classTimeAnalysisInput>;
