import { z } from 'zod';
import { CONTENT_TITLE_MAX } from '../constants';
import { INT_MAX, wireId, wireIntList, wireOptionalId } from '../wire';
import {
  INTERACT_COMMENT_MAX,
  INTERACT_EXHIBIT_MAX,
  INTERACT_STEPS_MAX,
  STEP_SECONDS_DEFAULT,
  STEP_SECONDS_MAX,
  STEP_SECONDS_MIN,
} from './constants';

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

/*
 * Answer review (decision 022): the staff mark the answers of a step and show some to the class. An
 * answer is named by its `answerid` (which an anonymous question's answers have too), or by its
 * author's `uid` on a question that is not anonymous.
 */
const answerRef = { answerid: wireOptionalId(), uid: wireOptionalId() };
/** a mark 0-3 (none, excellent, good, needs work); missing keeps the one given before */
const answerMark = z.preprocess(
  (v) => (isNone(v) ? undefined : v),
  z.coerce
    .number({ message: 'validation.answerMark' })
    .int({ message: 'validation.answerMark' })
    .min(0, { message: 'validation.answerMark' })
    .max(3, { message: 'validation.answerMark' })
    .optional(),
);
/** `/InteractApi/markAnswer`: a mark, a comment, or both; what is left out stays as it was */
export const answerMarkInput = stepRef.extend({
  ...answerRef,
  mark: answerMark,
  comment: z.preprocess(
    (v) => (v === null ? '' : typeof v === 'number' ? String(v) : v),
    z
      .string({ message: 'validation.answerComment' })
      .trim()
      .max(INTERACT_COMMENT_MAX, { message: 'validation.answerComment' })
      .optional(),
  ),
});
/** `/InteractApi/exhibitAnswers`: the answers shown to the class from now on (none clears them), with or without names */
export const exhibitInput = stepRef.extend({
  answerids: wireIntList(INTERACT_EXHIBIT_MAX),
  uids: wireIntList(INTERACT_EXHIBIT_MAX),
  named: z.preprocess((v) => (isNone(v) || v === false ? 0 : v === true ? 1 : v), z.coerce.number().int().min(0).max(1)),
});
/** `/InteractApi/answerDetail`: one student's answers of the item, from one of its steps */
export const answerDetailInput = stepRef.extend({ uid: wireId() });
/** `/InteractApi/myResults`: an interactive answer named by its id or by one of its steps */
export const myResultsInput = z.object({ interactid: wireOptionalId(), stepid: wireOptionalId() });
