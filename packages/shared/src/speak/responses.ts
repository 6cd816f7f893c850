import { z } from 'zod';

/** What the speaking, question and timer calls answer and push (docs/api.md "Speaking, questions and the class timer"). */
const int = z.number().int();
const bit = z.union([z.literal(0), z.literal(1)]);

/** One letter; also the `data` of `Speak.letter`. */
export const letterItem = z.object({
  id: int,
  courseid: int,
  classtimeid: int,
  uid: int,
  username: z.string(),
  avatar: z.string(),
  /** plain text */
  content: z.string(),
  /** epoch seconds */
  create_time: int,
});
export type LetterItem = z.infer<typeof letterItem>;

/** `/Futurev2/Speak/lists`: oldest first; the staff see every student's, a student only their own. */
export const letterListAnswer = z.object({ classtimeid: int, list: z.array(letterItem) });
export type LetterListAnswer = z.infer<typeof letterListAnswer>;

/** The class timer; also the `data` of `Tools.timer`. Times in ms since the epoch, by the server's clock. */
export const timerState = z.object({
  courseid: int,
  /** 0 when not in class */
  classtimeid: int,
  /** 1 counting down; 0 none, stopped or run out */
  status: bit,
  /** the countdown's length in seconds (0 when none was started) */
  seconds: int,
  /** when it started and when it runs out (ms since the epoch; 0 when none) */
  started_at: int,
  ends_at: int,
  /** the server's clock when it answered (ms since the epoch): the phone's offset is `now − its own time` */
  now: int,
});
export type TimerState = z.infer<typeof timerState>;

/**
 * `/FutureV2/CourseMeans/getIsSynchronousCountdown` (spec 2 §7, payload not shown; issue 26 names it):
 * the class countdown every phone counts in step, for a page opened while it runs (the live page, the
 * slides). The timer as `timerState` gives it, and `is_synchronous` 1 while it runs (the spec's name).
 */
export const synchronousCountdownAnswer = timerState.extend({ is_synchronous: bit });

/** `getUserConfig`: the caller's speaking state in the class in progress, the limits, and the timer. */
export const speakConfigAnswer = z.object({
  courseid: int,
  /** 0 when the course is not in class */
  classtimeid: int,
  /** 1 for the teacher and assistants */
  isstaff: bit,
  /** 1 when every student is muted */
  allmuted: bit,
  /** 1 when the caller (a student) may not speak or ask now: muted alone or with everyone */
  muted: bit,
  /** staff only: the students muted one by one, and those let speak while everyone is muted */
  mutedlist: z.array(int),
  allowedlist: z.array(int),
  maxlength: int,
  /** ms between two letters */
  interval: int,
  /** letters per class time */
  limit: int,
  /** letters the caller sent in the class */
  sent: int,
  questionmaxlength: int,
  timer: timerState,
});
export type SpeakConfigAnswer = z.infer<typeof speakConfigAnswer>;

/** `mute`, and the `data` of `Speak.mute`: `uid` 0 means everyone. */
export const muteAnswer = z.object({
  courseid: int,
  classtimeid: int,
  uid: int,
  mute: bit,
  allmuted: bit,
});
export type MuteAnswer = z.infer<typeof muteAnswer>;

/** A reply to a question. */
export const questionReply = z.object({
  id: int,
  uid: int,
  username: z.string(),
  content: z.string(),
  create_time: int,
});
export type QuestionReply = z.infer<typeof questionReply>;

/**
 * One question; also the `data` of `CourseQuestions.new` and `CourseQuestions.changed`. An anonymous
 * question carries uid 0 and no name to anyone but its asker (`mine` 1).
 */
export const questionItem = z.object({
  id: int,
  courseid: int,
  /** the class in progress when it was asked; 0 outside class */
  classtimeid: int,
  uid: int,
  username: z.string(),
  avatar: z.string(),
  content: z.string(),
  anonymous: bit,
  /** 1 for the caller's own question */
  mine: bit,
  answered: bit,
  create_time: int,
  replies: z.array(questionReply),
});
export type QuestionItem = z.infer<typeof questionItem>;

/** `CourseQuestions/lists`: newest first. */
export const questionListAnswer = z.object({
  courseid: int,
  page: int,
  pageSize: int,
  /** questions in all (the caller's own for a student) */
  count: int,
  /** open (not answered) among them */
  open: int,
  list: z.array(questionItem),
});
export type QuestionListAnswer = z.infer<typeof questionListAnswer>;
