import { z } from 'zod';
import { courseIdInput } from '../courses/schemas';
import { wireId } from '../wire';

/**
 * Courseware on the classroom screen during a class (issue 15, spec 2 §7 InteractWithScreen and the
 * remote controller's commands). Values ours.
 */

export const presentInput = courseIdInput.extend({
  interactid: wireId().describe('the courseware (content id) to put on the screen'),
});
export const gotoPageInput = courseIdInput.extend({
  pageindex: z.coerce
    .number({ message: 'validation.pageIndex' })
    .int({ message: 'validation.pageIndex' })
    .min(1, { message: 'validation.pageIndex' })
    .max(10_000, { message: 'validation.pageIndex' }),
});

/**
 * The teacher's switch over paging ahead (issue 25, decision 029): 1 lets students look past the pages
 * the screen has shown; 0 (the default of every showing) keeps them to those pages.
 */
export const pagingInput = courseIdInput.extend({
  ahead: z.preprocess(
    (v) => (v === true || v === 'true' ? 1 : v === false || v === 'false' ? 0 : v),
    z.coerce.number({ message: 'validation.ahead' }).pipe(z.union([z.literal(0), z.literal(1)], { message: 'validation.ahead' })),
  ),
});

export const presentationAnswer = z.object({
  /** 1 while a courseware is on the screen of the class in progress */
  presenting: z.union([z.literal(0), z.literal(1)]),
  courseid: z.number().int(),
  /** the class in progress; 0 when there is none */
  classtimeid: z.number().int(),
  /** the courseware on the screen; 0 when none */
  interactid: z.number().int(),
  title: z.string(),
  /** the page shown, from 1; 0 when none */
  page: z.number().int(),
  total: z.number().int(),
  /** 1: students may page past the pages shown (the teacher's switch, decision 029); 0 by default */
  ahead: z.union([z.literal(0), z.literal(1)]),
  /** the furthest page the screen has shown in this class: a student looks at no page past it unless `ahead` */
  reached: z.number().int(),
  /** the slides as the caller may see them (signed page-image addresses bound to the caller) */
  pages: z.array(z.object({ pageindex: z.number().int(), url: z.string() })),
});
export type Presentation = z.infer<typeof presentationAnswer>;

/** the page on the screen after a turn; also what `interactPptPage` carries */
export const pptPageAnswer = z.object({
  courseid: z.number().int(),
  classtimeid: z.number().int(),
  interactid: z.number().int(),
  page: z.number().int(),
  total: z.number().int(),
});
export type PptPageEvent = z.infer<typeof pptPageAnswer>;

/** what `InteractPPT.paging` carries: the teacher switched paging ahead on or off */
export const pagingEvent = z.object({
  courseid: z.number().int(),
  classtimeid: z.number().int(),
  interactid: z.number().int(),
  ahead: z.union([z.literal(0), z.literal(1)]),
});
export type PagingEvent = z.infer<typeof pagingEvent>;
