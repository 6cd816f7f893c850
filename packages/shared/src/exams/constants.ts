/**
 * Tests and exams (spec 2 §3 Question types and Test, §4 Test states, §5; issue 14; decision 017).
 * Shared by the server and the web pages.
 */

/** Question types (spec 2 §3). */
export const QUESTION_TYPES = {
  trueFalse: 1,
  single: 2,
  multiple: 3,
  shortAnswer: 4,
  fillBlank: 5,
  indefinite: 6,
  file: 7,
  note: 10,
  singleVote: 11,
  multiVote: 12,
  rating: 13,
  anonymousOpen: 14,
  photo: 15,
} as const;
export type QuestionType = (typeof QUESTION_TYPES)[keyof typeof QUESTION_TYPES];
export const QUESTION_TYPE_VALUES = [1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15] as const;

const Q = QUESTION_TYPES;
/** Types answered by choosing options (each needs 2-10 options). */
export const OPTION_TYPES: readonly number[] = [Q.single, Q.multiple, Q.indefinite, Q.singleVote, Q.multiVote];
/** Choice types with a key: graded automatically against it. */
export const KEYED_CHOICE_TYPES: readonly number[] = [Q.single, Q.multiple, Q.indefinite];
/** Types graded by the server on hand-in (decision 017). */
export const AUTO_GRADED_TYPES: readonly number[] = [
  Q.trueFalse,
  Q.single,
  Q.multiple,
  Q.indefinite,
  Q.fillBlank,
  Q.singleVote,
  Q.multiVote,
  Q.rating,
  Q.anonymousOpen,
];
/** Types the teacher grades by hand. */
export const MANUAL_TYPES: readonly number[] = [Q.shortAnswer, Q.file, Q.photo];
/** Types answered with uploaded files (photo: images only). */
export const FILE_TYPES: readonly number[] = [Q.file, Q.photo];
/** Types whose answer is several option keys. */
export const MULTI_KEY_TYPES: readonly number[] = [Q.multiple, Q.indefinite, Q.multiVote];

/** Difficulty (spec 2 §3): 1 easy, 2 medium, 3 hard. */
export const DIFFICULTIES = [1, 2, 3] as const;

/** Test types (spec 2 §3 Test): general or exam. */
export const TEST_TYPES = { general: 1, exam: 2 } as const;

/** When a student sees the correct answers and the analysis (issue 14). */
export const SHOW_ANSWERS = { afterSubmit: 1, afterClose: 2, never: 3 } as const;

/**
 * A student's state in a test (spec 2 §4 Test states): not started, in progress, ended (closed and
 * never taken), submitted (scored), returned, pending correction, score unpublished, offline test.
 */
export const TEST_STATES = {
  notStarted: 0,
  inProgress: 1,
  ended: 2,
  submitted: 3,
  returned: 4,
  pendingCorrection: 5,
  scoreUnpublished: 6,
  offline: 7,
} as const;
export type TestState = (typeof TEST_STATES)[keyof typeof TEST_STATES];

/** An attempt row's stored status. */
export const ATTEMPT_STATUS = { prepared: 0, inProgress: 1, submitted: 2, returned: 3 } as const;

/** Who handed a paper in: the student, the deadline's job, the screen-switch limit, the teacher ending the test. */
export const SUBMIT_KINDS = { student: 1, deadline: 2, switches: 3, ended: 4 } as const;

// limits (values ours, decision 017)
export const BANK_MAX = 5000; // questions per course bank
export const QUESTION_TEXT_MAX = 20000; // characters of sanitised rich text in a stem or an analysis
export const QUESTION_INPUT_MAX = 200000; // characters of HTML a stem or analysis may send before sanitising
export const OPTIONS_MIN = 2;
export const OPTIONS_MAX = 10;
export const OPTION_TEXT_MAX = 500;
export const BLANKS_MAX = 20;
export const ACCEPTED_PER_BLANK_MAX = 10;
export const ACCEPTED_TEXT_MAX = 200;
export const POINTS_MAX = 10; // knowledge points per question
export const POINT_TEXT_MAX = 20;
export const REFERENCE_ANSWER_MAX = 5000;
export const QUESTION_SCORE_MIN = 0.5;
export const QUESTION_SCORE_MAX = 100; // spec 2 §9: grades at most 100
export const RATING_MIN = 0;
export const RATING_MAX = 100;
export const PAPER_QUESTIONS_MAX = 200; // questions in one paper (notes not counted)
export const PAPER_NOTES_MAX = 50;
export const DRAWS_MAX = 30; // random draws in one paper
export const TIME_LIMIT_MAX = 600; // minutes
export const ATTEMPTS_MAX = 10;
/** A new test's weight in the score book (its score percentage): 1, as a new homework's (issue 25, decision 004) */
export const TEST_DEFAULT_WEIGHT = 1;
export const SWITCH_LIMIT_MAX = 99;
export const EXTRA_TIME_MAX = 600; // minutes
export const ANSWER_TEXT_MAX = 10000; // characters of a written answer
export const ANSWER_FILES_MAX = 9; // files of a file or photo answer
export const SAVE_BATCH_MAX = 200; // answers in one save (a journal replay)

/** After the deadline, answers journalled offline are taken this long if the device says they came before it (decision 017). */
export const ANSWER_GRACE_SECONDS = 60;
/** spec 2 §4, §9: the warning before a forced hand-in after too many screen switches. */
export const SWITCH_WARNING_SECONDS = 15;
/** spec 2 §4, §9: on a phone a switch is counted every 5 seconds away. */
export const SWITCH_MOBILE_SECONDS = 5;
/** The test page sends `heartbeat` this often while it is on screen (issue 24; value ours). */
export const TEST_HEARTBEAT_SECONDS = 15;
/**
 * A gap longer than this between two heartbeats of an open paper (or from the last to the hand-in)
 * is flagged `heartbeatGap`: four beats missed, so a slow network or a throttled timer never flags.
 */
export const HEARTBEAT_GAP_SECONDS = 4 * TEST_HEARTBEAT_SECONDS;
/** A screen-switch report arriving this much later than the page says the switch happened is flagged `lateSwitchReport`. */
export const LATE_SWITCH_REPORT_SECONDS = 30;
/**
 * What the server saw during a test, flagged on the paper for the teacher (issue 24); never a refusal.
 * Shown as `exams.signal.<name>`.
 */
export const ATTEMPT_SIGNALS = [
  /** the page's heartbeat stopped for longer than HEARTBEAT_GAP_SECONDS while the paper was open */
  'heartbeatGap',
  /** a screen-switch report came more than LATE_SWITCH_REPORT_SECONDS after the page's own time of it */
  'lateSwitchReport',
] as const;
export type AttemptSignal = (typeof ATTEMPT_SIGNALS)[number];

/** Envelope codes of tests (docs/api.md "Tests"). */
export const EXAM_CODES = {
  testNotBegun: 30901, // the test's begin time has not come
  testClosed: 30902, // the test has closed or was ended: no start, no answer
  testPastDeadline: 30903, // the answer came after the paper's deadline (server's clock)
  testHandedIn: 30904, // the paper is handed in: no more answers
  testNoAttemptsLeft: 30905, // every attempt is used
  testOffline: 30906, // an offline test is taken on paper
  testPublished: 30907, // a published paper's questions do not change
  testNotStarted: 30908, // the action needs a paper under way or handed in
  testNotPublished: 30909, // the test is a draft: students cannot take it
  bankFull: 30910, // BANK_MAX questions per course
  testNotHandedIn: 30911, // results need a handed-in paper
} as const;

/** Socket commands of tests (decision 017), sent after the commit. */
export const PUBLISH_TEST_CMD = 'KeTangPaiPublishTestpaper'; // course room: a test published or ended
export const TEST_DEADLINE_CMD = 'TestpaperDeadline'; // a student's room: their deadline moved
export const TEST_SUBMITTED_CMD = 'TestpaperSubmitted'; // a student's room: the server handed their paper in
export const TEST_PROGRESS_CMD = 'TestpaperProgress'; // the course's staff room: a student started or handed in
export const TEST_RETURNED_CMD = 'TestpaperReturned'; // a student's room: the teacher returned their paper
export const TEST_SCORES_CMD = 'TestpaperScores'; // the course's room: the teacher published a test's scores

/** Objective questions, graded against a key: what the mistakes set and weak points count (issue 14). */
export const OBJECTIVE_TYPES: readonly number[] = [
  QUESTION_TYPES.trueFalse,
  QUESTION_TYPES.single,
  QUESTION_TYPES.multiple,
  QUESTION_TYPES.fillBlank,
  QUESTION_TYPES.indefinite,
];
/** A knowledge point is weak below this correct rate (percent) with at least WEAK_POINT_MIN_ANSWERS answers (issue 14, ours). */
export const WEAK_POINT_RATE = 60;
export const WEAK_POINT_MIN_ANSWERS = 2;

// practice on knowledge points and pass-through (issue 14; decision 017 "Practice on knowledge points and pass-through")
/** Questions in one practice on knowledge points: the student picks 5-20, 10 by default (ours). */
export const PRACTICE_QUESTIONS_MIN = 5;
export const PRACTICE_QUESTIONS_MAX = 20;
export const PRACTICE_QUESTIONS_DEFAULT = 10;
/** Questions in one pass-through level, and the share right that passes it (percent; ours). */
export const PASS_LEVEL_QUESTIONS = 5;
export const PASS_LEVEL_RATE = 60;
/** spec 2 §4: pass-through states, of a level and of the whole. */
export const PASS_STATES = { notStarted: 0, inProgress: 1, completed: 2 } as const;
/** A practice: 1 on knowledge points the student chose (promotion), 2 a pass-through level. */
export const PRACTICE_KINDS = { promote: 1, passThrough: 2 } as const;

/** Envelope codes of practice (docs/api.md "Practice on knowledge points and pass-through"). */
export const PRACTICE_CODES = {
  practiceNoQuestions: 30912, // no question of the course's bank may be practised on these points now
  practiceFinished: 30913, // the practice is finished (all answered, or ended by its student): no more answers
  passLevelLocked: 30914, // a pass-through level opens when the one before it is passed
  practiceKeyHidden: 30916, // the question's key is hidden now (a test or a live question uses it): no answer until it shows
} as const;

/** Offline tests' scores (issue 14, `exams/offline.ts`). */
export const OFFLINE_CODES = {
  testOnline: 30915, // scores are typed only for an offline test: an online one is graded from its papers
} as const;
