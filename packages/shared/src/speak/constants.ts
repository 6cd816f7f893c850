/**
 * Speaking (letters to the teacher), course questions, muting and the class timer of a class time
 * (spec 2 §7 `/Futurev2/Speak`, `/Futurev2/CourseQuestions`, classroom commands "mute one or all,
 * student speak, ask, comment reply, timer"; §6 "the teacher can forbid students from … speaking";
 * issue 15; decision 024). Values ours.
 */

/** a letter's length, in characters, once cleaned to plain text */
export const LETTER_TEXT_MAX = 200;
/** one letter per student per this many milliseconds */
export const LETTER_INTERVAL_MS = 10_000;
/** letters one student sends in one class time */
export const LETTERS_PER_CLASS_TIME = 20;
/** the newest letters a list answers */
export const LETTER_LIST_LIMIT = 200;

/** a question's length, in characters, once cleaned */
export const COURSE_QUESTION_TEXT_MAX = 300;
/** a reply's length, in characters, once cleaned */
export const REPLY_TEXT_MAX = 300;
/** one question per student per course per this many milliseconds */
export const QUESTION_INTERVAL_MS = 10_000;
/** questions one student asks in one course in 24 hours */
export const QUESTIONS_PER_DAY = 30;
/** questions per page of `lists` */
export const QUESTION_PAGE_SIZE = 20;

/** the class timer's shortest and longest countdown, in seconds */
export const TIMER_SECONDS_MIN = 5;
export const TIMER_SECONDS_MAX = 3600;

/** socket events (docs/api.md "Speaking, questions and the class timer") */
export const SPEAK_EVENTS = {
  /** a new letter: to the course's staff room and the sender's user room */
  letter: 'Speak.letter',
  /** a mute changed: one student (to their user room and the staff room) or everyone (to the course room) */
  mute: 'Speak.mute',
  /** a new question: to the staff room and the asker's user room */
  question: 'CourseQuestions.new',
  /** a reply or the answered mark changed: to the staff room and the asker's user room */
  questionChanged: 'CourseQuestions.changed',
  /** the timer started or stopped: to the course room */
  timer: 'Tools.timer',
} as const;

/** Refusal codes of speaking, questions and the timer (31501-31512). */
export const SPEAK_CODES = {
  speakNotInClass: 31501, // letters, mutes and the timer belong to a class in progress
  speakMuted: 31502, // the teacher muted this student in this class
  speakAllMuted: 31503, // the teacher muted every student in this class
  speakTooFast: 31504, // one letter per LETTER_INTERVAL_MS
  speakCountUsedUp: 31505, // LETTERS_PER_CLASS_TIME per class time
  speakStudentsOnly: 31506, // letters and questions are the students'
  speakClassOver: 31507, // the class time named is not the one in progress
  speakNotStudent: 31508, // a mute names a student of the course
  questionTooFast: 31509, // one question per QUESTION_INTERVAL_MS
  questionCountUsedUp: 31510, // QUESTIONS_PER_DAY per course
} as const;
