import { z } from 'zod';
import { plainText } from '../barrage/schemas';
import { INT_MAX, wirePage } from '../wire';
import { COURSE_QUESTION_TEXT_MAX, LETTER_TEXT_MAX, REPLY_TEXT_MAX, TIMER_SECONDS_MAX, TIMER_SECONDS_MIN } from './constants';

/**
 * Speaking, course questions, muting and the class timer (spec 2 §7; issue 15; decision 024), as
 * Ketangpai's clients send them: numbers as strings, unknown fields dropped. Messages are keys of
 * `validationMessages`; a refusal names the field.
 */
const courseid = z.coerce
  .number({ message: 'validation.courseId' })
  .int()
  .positive({ message: 'validation.courseId' })
  .max(INT_MAX, { message: 'validation.invalid' });
const none = (v: unknown) => v === undefined || v === null || v === '' || v === '0' || v === 0;
/** an id where missing, empty or 0 mean none (undefined) */
const optionalId = (message: string) =>
  z.preprocess(
    (v) => (none(v) ? undefined : v),
    z.coerce.number({ message }).int({ message }).positive({ message }).max(INT_MAX, { message }).optional(),
  );
const requiredId = (message: string) =>
  z.coerce.number({ message }).int({ message }).positive({ message }).max(INT_MAX, { message });
const flag = (fallback: 0 | 1) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? fallback : v === true ? 1 : v === false ? 0 : v),
    z.coerce
      .number({ message: 'validation.speakFlag' })
      .int({ message: 'validation.speakFlag' })
      .min(0, { message: 'validation.speakFlag' })
      .max(1, { message: 'validation.speakFlag' }),
  );
/** plain text of 1 to `max` characters once cleaned (tags, control and bidi characters removed, spaces folded) */
const text = (max: number, empty: string, long: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v),
    z
      .string({ message: empty })
      .transform(plainText)
      .pipe(
        z
          .string()
          .min(1, { message: empty })
          .refine((s) => [...s].length <= max, { message: long }),
      ),
  );
/** Ketangpai's word is `content`; `text` and `msg` are taken too */
const withContent = (v: unknown) => {
  if (!v || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  return { ...o, content: o.content ?? o.text ?? o.msg };
};

/** `getUserConfig`, `/Futurev2/Tools/stopTimer`: the course; its class in progress is meant. */
export const speakCourseInput = z.object({ courseid });
export type SpeakCourseInput = z.infer<typeof speakCourseInput>;

/**
 * `sendLetter` and the socket command `Speak.sendLetter`: a letter to the teacher in the class in
 * progress; `classtimeid`, when given, must be that class.
 */
export const letterSendInput = z.preprocess(
  withContent,
  z.object({
    courseid,
    classtimeid: optionalId('validation.classTimeId'),
    content: text(LETTER_TEXT_MAX, 'validation.letterEmpty', 'validation.letterLength'),
  }),
);
export type LetterSendInput = z.infer<typeof letterSendInput>;

/** `/Futurev2/Speak/lists` (ours): the class time's letters (the one in progress when none is named). */
export const letterListInput = z.object({ courseid, classtimeid: optionalId('validation.classTimeId') });
export type LetterListInput = z.infer<typeof letterListInput>;

/**
 * `/Futurev2/Speak/mute` (ours): `mute` 1 mutes, 0 lets speak; one student when `uid` is given
 * (`userid`, `studentid` taken too), every student when not. `classtimeid`, when given, must be the
 * class in progress.
 */
export const muteInput = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    return { ...o, uid: o.uid ?? o.userid ?? o.studentid, mute: o.mute ?? o.status ?? o.ismute };
  },
  z.object({
    courseid,
    classtimeid: optionalId('validation.classTimeId'),
    uid: optionalId('validation.speakStudent'),
    mute: flag(1),
  }),
);
export type MuteInput = z.infer<typeof muteInput>;

/** `CourseQuestions/create` and the socket command `CourseQuestions.create`: `anonymous` 1 hides the asker from everyone else. */
export const questionCreateInput = z.preprocess(
  (v) => {
    const o = withContent(v);
    if (!o || typeof o !== 'object') return o;
    const r = o as Record<string, unknown>;
    return { ...r, anonymous: r.anonymous ?? r.isanonymous ?? r.is_anonymous };
  },
  z.object({
    courseid,
    content: text(COURSE_QUESTION_TEXT_MAX, 'validation.questionEmpty', 'validation.questionLength'),
    anonymous: flag(0),
  }),
);
export type QuestionCreateInput = z.infer<typeof questionCreateInput>;

/** `CourseQuestions/lists`: newest first, a page at a time; a student's own only. */
export const courseQuestionListInput = z.object({ courseid, page: wirePage() });
export type CourseQuestionListInput = z.infer<typeof courseQuestionListInput>;

/** `CourseQuestions/reply` (ours, the classroom's "comment reply"): the teacher's answer to a question; marks it answered. */
export const questionReplyInput = z.preprocess(
  (v) => {
    const o = withContent(v);
    if (!o || typeof o !== 'object') return o;
    const r = o as Record<string, unknown>;
    return { ...r, id: r.id ?? r.questionid };
  },
  z.object({
    courseid,
    id: requiredId('validation.questionId'),
    content: text(REPLY_TEXT_MAX, 'validation.replyEmpty', 'validation.replyLength'),
  }),
);
export type QuestionReplyInput = z.infer<typeof questionReplyInput>;

/** `CourseQuestions/setAnswered` (ours): mark a question answered (1) or open again (0). */
export const questionAnsweredInput = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    return { ...o, id: o.id ?? o.questionid, answered: o.answered ?? o.status };
  },
  z.object({ courseid, id: requiredId('validation.questionId'), answered: flag(1) }),
);
export type QuestionAnsweredInput = z.infer<typeof questionAnsweredInput>;

/** `/Futurev2/Tools/startTimer` (ours): a countdown of TIMER_SECONDS_MIN to TIMER_SECONDS_MAX seconds (`time`, `duration` taken too). */
export const timerStartInput = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    return { ...o, seconds: o.seconds ?? o.time ?? o.duration };
  },
  z.object({
    courseid,
    seconds: z.coerce
      .number({ message: 'validation.timerSeconds' })
      .int({ message: 'validation.timerSeconds' })
      .min(TIMER_SECONDS_MIN, { message: 'validation.timerSeconds' })
      .max(TIMER_SECONDS_MAX, { message: 'validation.timerSeconds' }),
  }),
);
export type TimerStartInput = z.infer<typeof timerStartInput>;
