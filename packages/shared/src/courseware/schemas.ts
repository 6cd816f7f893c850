import { z } from 'zod';
import { COMMENT_MAX } from '../constants';
import { INT_MAX, wireOptionalId } from '../wire';
import { COURSEWARE_COMMENT_MAX, LEARN_TIME_STEP_MAX } from './constants';

/**
 * Inputs of the courseware calls (spec 2 §7 InteractPPTApi, PrestudyTaskApi, PrestudyTaskManageApi),
 * as Ketangpai's clients send them: ids as strings, unknown fields dropped, a refusal naming the field.
 */
const isNone = (v: unknown) => v === undefined || v === null || v === '';
const interactid = z.coerce
  .number({ message: 'validation.interactId' })
  .int({ message: 'validation.interactId' })
  .positive({ message: 'validation.interactId' })
  .max(INT_MAX, { message: 'validation.interactId' });
const pageindex = z.coerce
  .number({ message: 'validation.pageIndex' })
  .int({ message: 'validation.pageIndex' })
  .min(1, { message: 'validation.pageIndex' })
  .max(INT_MAX, { message: 'validation.pageIndex' });
const courseid = z.coerce
  .number({ message: 'validation.courseId' })
  .int()
  .positive({ message: 'validation.courseId' })
  .max(INT_MAX, { message: 'validation.courseId' });

export const coursewareRef = z.object({ interactid });
export const coursewareListInput = z.object({ courseid });
export const coursewarePageInput = z.object({ interactid, pageindex });
/** a page, or none (0) for every page */
export const coursewareOptionalPageInput = z.object({
  interactid,
  pageindex: z.preprocess(
    (v) => (isNone(v) ? 0 : v),
    z.coerce.number({ message: 'validation.pageIndex' }).int().min(0).max(INT_MAX),
  ),
});
/** `addLearnTime`: seconds learned since the last report (at most LEARN_TIME_STEP_MAX count), on a page */
export const learnTimeInput = z.object({
  interactid,
  time: z.coerce
    .number({ message: 'validation.learnTime' })
    .int({ message: 'validation.learnTime' })
    .min(0, { message: 'validation.learnTime' })
    .max(24 * 3600, { message: 'validation.learnTime' })
    .transform((t) => Math.min(t, LEARN_TIME_STEP_MAX)),
  pageindex: z.preprocess(
    (v) => (isNone(v) ? 0 : v),
    z.coerce.number({ message: 'validation.pageIndex' }).int().min(0).max(INT_MAX),
  ),
});
/** `setDoubtState`: 1 marks the page "don't understand", 0 takes the mark back */
export const doubtInput = z.object({
  interactid,
  pageindex,
  state: z.preprocess(
    (v) => (isNone(v) ? 1 : v),
    z.coerce
      .number({ message: 'validation.doubtState' })
      .int()
      .min(0, { message: 'validation.doubtState' })
      .max(1, { message: 'validation.doubtState' }),
  ),
});
export const coursewareCommentInput = z.object({
  interactid,
  pageindex,
  comment: z
    .string({ message: 'validation.commentRequired' })
    .trim()
    .min(1, { message: 'validation.commentRequired' })
    .max(Math.min(COURSEWARE_COMMENT_MAX, COMMENT_MAX), { message: 'validation.coursewareCommentLength' }),
  /** the comment replied to; none (0) for a new comment */
  replyid: wireOptionalId(),
});
export const coursewareCommentRef = z.object({
  id: z.coerce.number({ message: 'validation.invalid' }).int().positive({ message: 'validation.invalid' }).max(INT_MAX),
});
