import { z } from 'zod';
import { CONTENT_TITLE_MAX } from '../constants';
import { INT_MAX, wireId, wireOptionalId } from '../wire';
import { INTERACT_STEPS_MAX, STEP_SECONDS_DEFAULT, STEP_SECONDS_MAX, STEP_SECONDS_MIN } from './constants';

const isNone = (v: unknown) => v === undefined || v === null || v === '';
const courseid = wireId();
const seconds = z.preprocess(
  (v) => (isNone(v) ? STEP_SECONDS_DEFAULT : v),
  z.coerce
    .number({ message: 'validation.stepSeconds' })
    .int({ message: 'validation.stepSeconds' })
    .min(STEP_SECONDS_MIN, { message: 'validation.stepSeconds' })
    .max(STEP_SECONDS_MAX, { message: 'validation.stepSeconds' }),
);
/** question ids as a list or "1,2,3" */
const questionIds = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : isNone(v) ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(z.coerce.number({ message: 'validation.interactQuestions' }).int().positive().max(INT_MAX), {
      message: 'validation.interactQuestions',
    })
    .min(1, { message: 'validation.interactQuestions' })
    .max(INTERACT_STEPS_MAX, { message: 'validation.interactQuestions' }),
);

/** `/InteractApi/create`: an interactive answer made of bank questions, each asked for `seconds` */
export const interactCreateInput = z.object({
  courseid,
  title: z
    .string({ message: 'validation.contentTitleRequired' })
    .trim()
    .min(1, { message: 'validation.contentTitleRequired' })
    .max(CONTENT_TITLE_MAX, { message: 'validation.contentTitleLength' }),
  questionids: questionIds,
  seconds,
});
export const interactRef = z.object({ interactid: wireId() });
export const interactListInput = z.object({ courseid });
export const stepRef = z.object({ stepid: wireId() });
export const stepStartInput = stepRef.extend({ seconds: seconds.optional() });
/** an answer as the exams take it: `1`/`0`, a key, keys, a number, the blanks' texts, or text */
export const stepAnswerInput = stepRef.extend({
  answer: z
    .union([z.string().max(5000), z.number(), z.boolean(), z.array(z.union([z.string().max(500), z.number()])).max(20), z.null()])
    .optional(),
});
/** `/InteractPPTApi/placeStep`: a step on page `pageindex` of courseware `interactid`; page 0 takes it off */
export const placeStepInput = stepRef.extend({ interactid: wireId(), pageindex: wireOptionalId() });
