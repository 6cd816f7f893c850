import { z } from 'zod';
import { CONTENT_TITLE_MAX } from '../constants';
import { EPOCH_SECONDS_MAX, INT_MAX, wireOptionalId, wirePage, wireSeconds } from '../wire';
import {
  ACCEPTED_PER_BLANK_MAX,
  ACCEPTED_TEXT_MAX,
  ANSWER_TEXT_MAX,
  ATTEMPTS_MAX,
  BLANKS_MAX,
  DRAWS_MAX,
  EXTRA_TIME_MAX,
  OPTION_TEXT_MAX,
  OPTIONS_MAX,
  PAPER_NOTES_MAX,
  PAPER_QUESTIONS_MAX,
  POINT_TEXT_MAX,
  POINTS_MAX,
  QUESTION_INPUT_MAX,
  QUESTION_SCORE_MAX,
  QUESTION_TYPE_VALUES,
  RATING_MAX,
  RATING_MIN,
  REFERENCE_ANSWER_MAX,
  SAVE_BATCH_MAX,
  SWITCH_LIMIT_MAX,
  TIME_LIMIT_MAX,
} from './constants';

/**
 * Test calls (spec 2 §2 Tests routes, §3, §5; issue 14; decision 017), as Ketangpai's clients send
 * them: numbers as strings, lists as arrays or "a,b", unknown fields dropped. Messages are keys of
 * `validationMessages`; rules that depend on the question type are checked by `questionProblem`
 * (rules.ts), on the server and in the web form alike.
 */
const isNone = (v: unknown) => v === undefined || v === null || v === '';
const courseid = z.coerce
  .number({ message: 'validation.courseId' })
  .int()
  .positive({ message: 'validation.courseId' })
  .max(INT_MAX, { message: 'validation.invalid' });
const id = z.coerce.number().int().positive().max(INT_MAX);
const testpaperid = z.coerce
  .number({ message: 'validation.testId' })
  .int({ message: 'validation.testId' })
  .positive({ message: 'validation.testId' })
  .max(INT_MAX, { message: 'validation.testId' });
const flag = (fallback: 0 | 1) => z.preprocess((v) => (isNone(v) ? fallback : v), z.coerce.number().int().min(0).max(1));
/** A list sent as an array, as JSON text ("[...]"), or as one value. */
const listOf = <T extends z.ZodType>(item: T, max: number, message: string) =>
  z.preprocess(
    (v) => {
      if (isNone(v)) return [];
      if (typeof v === 'string' && v.trim().startsWith('[')) {
        try {
          return JSON.parse(v);
        } catch {
          return v;
        }
      }
      return Array.isArray(v) ? v : [v];
    },
    z.array(item, { message }).max(max, { message }),
  );
const idList = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : isNone(v) ? [] : Array.isArray(v) ? v : [v]),
    z.array(id).max(max),
  );

// ---------------------------------------------------------------------------------------------
// the question bank

export const questionType = z.coerce
  .number({ message: 'validation.questionType' })
  .int({ message: 'validation.questionType' })
  // bounded, as every integer a call takes (bad-input test), then one of the types
  .min(Math.min(...QUESTION_TYPE_VALUES), { message: 'validation.questionType' })
  .max(Math.max(...QUESTION_TYPE_VALUES), { message: 'validation.questionType' })
  .refine((t) => (QUESTION_TYPE_VALUES as readonly number[]).includes(t), { message: 'validation.questionType' });
export const difficulty = z.preprocess(
  (v) => (isNone(v) ? 2 : v),
  z.coerce
    .number({ message: 'validation.difficulty' })
    .int({ message: 'validation.difficulty' })
    .min(1, { message: 'validation.difficulty' })
    .max(3, { message: 'validation.difficulty' }),
);
/** An option's text: a string, or an object as Ketangpai's `optionList` carries it ({title} or {text}). */
const optionText = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? ((v as { title?: unknown; text?: unknown }).title ?? (v as { text?: unknown }).text)
      : v,
  z
    .string({ message: 'validation.optionText' })
    .trim()
    .min(1, { message: 'validation.optionText' })
    .max(OPTION_TEXT_MAX, { message: 'validation.optionText' }),
);
/** One blank's accepted answers: a list, or one text with `|` between them. */
const blank = z.preprocess(
  (v) => (typeof v === 'string' ? v.split('|') : v),
  z
    .array(
      z
        .string({ message: 'validation.blankAnswer' })
        .trim()
        .min(1, { message: 'validation.blankAnswer' })
        .max(ACCEPTED_TEXT_MAX, { message: 'validation.blankAnswer' }),
      { message: 'validation.blankAnswer' },
    )
    .min(1, { message: 'validation.blankAnswer' })
    .max(ACCEPTED_PER_BLANK_MAX, { message: 'validation.blankAnswer' }),
);
/** Knowledge points: a list, or "a,b" (also the Chinese comma). */
const points = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(/[,，]/).filter((s) => s.trim() !== '') : isNone(v) ? [] : v),
  z
    .array(
      z
        .string({ message: 'validation.knowledgePoint' })
        .trim()
        .min(1, { message: 'validation.knowledgePoint' })
        .max(POINT_TEXT_MAX, { message: 'validation.knowledgePoint' }),
      { message: 'validation.knowledgePoint' },
    )
    .max(POINTS_MAX, { message: 'validation.knowledgePoints' }),
);
/**
 * The key of a question: `1`/`0` (true/false), an option key (`B`), keys joined with `|` or as a
 * list (`A|C`, `["A","C"]`), or a short answer's reference text.
 */
const answerKey = z.preprocess(
  (v) => {
    if (isNone(v)) return '';
    if (Array.isArray(v)) return v.map(String).join('|');
    if (typeof v === 'boolean') return v ? '1' : '0';
    return typeof v === 'number' ? String(v) : v;
  },
  z.string({ message: 'validation.questionAnswer' }).max(REFERENCE_ANSWER_MAX, { message: 'validation.referenceAnswerLength' }),
);
const ratingBound = (fallback: number) =>
  z.preprocess(
    (v) => (isNone(v) ? fallback : v),
    z.coerce
      .number({ message: 'validation.ratingRange' })
      .int({ message: 'validation.ratingRange' })
      .min(RATING_MIN, { message: 'validation.ratingRange' })
      .max(RATING_MAX, { message: 'validation.ratingRange' }),
  );
/** A score: 0.5-100 with one decimal (the paragraph note: 0). Missing means the type's default. */
export const questionScore = z.preprocess(
  (v) => (isNone(v) ? undefined : v),
  z.coerce
    .number({ message: 'validation.questionScore' })
    .min(0, { message: 'validation.questionScore' })
    .max(QUESTION_SCORE_MAX, { message: 'validation.questionScore' })
    .optional(),
);

export const questionFields = {
  type: questionType,
  difficulty,
  /** the stem, rich text (Ketangpai's `title`); images only from the author's uploads */
  title: z.preprocess(
    (v) => (isNone(v) ? '' : v),
    z.string({ message: 'validation.questionStem' }).max(QUESTION_INPUT_MAX, { message: 'validation.questionStemLength' }),
  ),
  options: listOf(optionText, OPTIONS_MAX, 'validation.questionOptions'),
  answer: answerKey,
  /** fill in blank: each blank's accepted answers */
  blanks: listOf(blank, BLANKS_MAX, 'validation.blanks'),
  analysis: z.preprocess(
    (v) => (isNone(v) ? '' : v),
    z.string({ message: 'validation.analysisLength' }).max(QUESTION_INPUT_MAX, { message: 'validation.analysisLength' }),
  ),
  points,
  score: questionScore,
  /** numeric rating: the range */
  min: ratingBound(1),
  max: ratingBound(5),
};
export const questionInput = z.object({ courseid, ...questionFields });
export type QuestionInput = z.infer<typeof questionInput>;
export const questionEditInput = questionInput.extend({ id });
export type QuestionEditInput = z.infer<typeof questionEditInput>;
export const questionRef = z.object({ courseid, id });
export const questionIdsInput = z.object({ courseid, ids: idList(500) });

export const questionListInput = z.object({
  courseid,
  /** 0 every type */
  type: wireOptionalId(),
  /** 0 every difficulty */
  difficulty: z.preprocess((v) => (isNone(v) ? 0 : v), z.coerce.number().int().min(0).max(3)),
  /** a knowledge point ('' any) */
  point: z.preprocess((v) => (isNone(v) ? '' : v), z.string().trim().max(POINT_TEXT_MAX)),
  /** words in the stem */
  keyword: z.preprocess((v) => (isNone(v) ? '' : v), z.string().trim().max(100)),
  /** 1: only the caller's questions */
  mine: flag(0),
  page: wirePage(),
  limit: z.preprocess((v) => (isNone(v) ? 20 : v), z.coerce.number().int().min(1).max(100)),
});
export type QuestionListInput = z.infer<typeof questionListInput>;
export const courseRefInput = z.object({ courseid });

// ---------------------------------------------------------------------------------------------
// papers

/** A fixed question of a paper: its bank id and, optionally, its score in this paper. */
const fixedQuestion = z.preprocess(
  (v) => (typeof v === 'number' || typeof v === 'string' ? { id: v } : v),
  z.object({
    id: z.coerce
      .number({ message: 'validation.paperQuestion' })
      .int()
      .positive({ message: 'validation.paperQuestion' })
      .max(INT_MAX),
    score: questionScore,
  }),
);
/** A random draw (issue 14): a type, a difficulty (0 any), a knowledge point ('' any), how many, each worth `score`. */
const draw = z.object({
  type: questionType,
  difficulty: z.preprocess(
    (v) => (isNone(v) ? 0 : v),
    z.coerce
      .number({ message: 'validation.difficulty' })
      .int()
      .min(0, { message: 'validation.difficulty' })
      .max(3, { message: 'validation.difficulty' }),
  ),
  point: z.preprocess(
    (v) => (isNone(v) ? '' : v),
    z.string({ message: 'validation.knowledgePoint' }).trim().max(POINT_TEXT_MAX, { message: 'validation.knowledgePoint' }),
  ),
  count: z.preprocess(
    (v) => (isNone(v) ? 0 : v),
    z.coerce
      .number({ message: 'validation.drawCount' })
      .int({ message: 'validation.drawCount' })
      .min(0, { message: 'validation.drawCount' })
      .max(PAPER_QUESTIONS_MAX, { message: 'validation.drawCount' }),
  ),
  score: z.preprocess(
    (v) => (isNone(v) ? undefined : v),
    z.coerce
      .number({ message: 'validation.questionScore' })
      .min(0.5, { message: 'validation.questionScore' })
      .max(QUESTION_SCORE_MAX, { message: 'validation.questionScore' }),
  ),
});
export type PaperDraw = z.infer<typeof draw>;

export const paperFields = {
  title: z
    .string({ message: 'validation.contentTitleRequired' })
    .trim()
    .min(1, { message: 'validation.contentTitleRequired' })
    .max(CONTENT_TITLE_MAX, { message: 'validation.contentTitleLength' }),
  /** a description, rich text */
  content: z.preprocess((v) => (isNone(v) ? '' : v), z.string().max(200_000, { message: 'validation.richTextLength' })),
  fixed: listOf(fixedQuestion, PAPER_QUESTIONS_MAX + PAPER_NOTES_MAX, 'validation.paperSize'),
  draws: listOf(draw, DRAWS_MAX, 'validation.drawsLength'),
};

const minutes = (max: number, message: string) =>
  z.preprocess(
    (v) => (isNone(v) ? 0 : v),
    z.coerce.number({ message }).int({ message }).min(0, { message }).max(max, { message }),
  );
const moment = z.preprocess(
  (v) => (isNone(v) ? 0 : v),
  z.coerce
    .number({ message: 'validation.testTime' })
    .int({ message: 'validation.testTime' })
    .min(0, { message: 'validation.testTime' })
    .max(EPOCH_SECONDS_MAX, { message: 'validation.testTime' }),
);

/** The settings of `/testing/settings` (decision 017); every field optional in an edit, defaults on creation. */
export const testSettingsFields = {
  /** 1 general, 2 exam */
  testtype: z.coerce
    .number({ message: 'validation.testType' })
    .int()
    .min(1, { message: 'validation.testType' })
    .max(2, { message: 'validation.testType' }),
  /** minutes, 0 none */
  timelimit: minutes(TIME_LIMIT_MAX, 'validation.timeLimit'),
  /** epoch seconds students may start from; 0 as soon as published */
  begintime: moment,
  /** epoch seconds the test closes; 0 open until ended */
  endtime: moment,
  attempts: z.coerce
    .number({ message: 'validation.attempts' })
    .int({ message: 'validation.attempts' })
    .min(1, { message: 'validation.attempts' })
    .max(ATTEMPTS_MAX, { message: 'validation.attempts' }),
  shufflequestions: flag(0),
  shuffleoptions: flag(0),
  /** 1 after submitting, 2 after the close, 3 never */
  showanswer: z.coerce
    .number({ message: 'validation.showAnswer' })
    .int()
    .min(1, { message: 'validation.showAnswer' })
    .max(3, { message: 'validation.showAnswer' }),
  /** spec 2 §5: an integer 0-100, the test's weight in the score book */
  scorepercent: z.preprocess(
    (v) => (isNone(v) ? undefined : v),
    z.coerce
      .number({ message: 'validation.scorePercent' })
      .int({ message: 'validation.scorePercent' })
      .min(0, { message: 'validation.scorePercent' })
      .max(100, { message: 'validation.scorePercent' }),
  ),
  /** spec 2 §5: the screen-switch count must be entered when the switch is on; 0 off */
  switchlimit: z.preprocess(
    (v) => (isNone(v) ? undefined : v),
    z.coerce
      .number({ message: 'validation.switchLimit' })
      .int({ message: 'validation.switchLimit' })
      .min(0, { message: 'validation.switchLimit' })
      .max(SWITCH_LIMIT_MAX, { message: 'validation.switchLimit' }),
  ),
  offline: flag(0),
  /** multiple and indefinite choice: half the score for a correct subset */
  partialcredit: flag(0),
  /** 1 scores reach students once graded, 0 when the teacher publishes */
  releasescore: flag(1),
};
const optional = <T extends Record<string, z.ZodType>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])) as { [K in keyof T]: z.ZodOptional<T[K]> };

export const testpaperInput = z.object({
  courseid,
  ...paperFields,
  ...optional(testSettingsFields),
  folderid: wireOptionalId(),
  dirid: wireOptionalId(),
});
export type TestpaperInput = z.infer<typeof testpaperInput>;
export const testpaperEditInput = z.object({ courseid, id, ...paperFields });
export type TestpaperEditInput = z.infer<typeof testpaperEditInput>;
export const testSettingsInput = z.object({ courseid, id, ...optional(testSettingsFields) });
export type TestSettingsInput = z.infer<typeof testSettingsInput>;
/** tests one batch acts on at most (`/testing/batch`) */
export const TEST_BATCH_MAX = 50;
/**
 * `/TestpaperApi/batch` (`/testing/batch`): one action on several tests of a course, all or none —
 * `publish` drafts now, `end` tests under way, or `settings`: the settings sent, on every one.
 */
export const testBatchInput = z.object({
  courseid,
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : isNone(v) ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.coerce.number({ message: 'validation.batchTests' }).int().positive().max(INT_MAX), {
        message: 'validation.batchTests',
      })
      .min(1, { message: 'validation.batchTests' })
      .max(TEST_BATCH_MAX, { message: 'validation.batchTests' }),
  ),
  action: z.enum(['publish', 'end', 'settings'], { message: 'validation.batchAction' }),
  ...optional(testSettingsFields),
});
export type TestBatchInput = z.infer<typeof testBatchInput>;
export const testBatchAnswer = z.object({ action: z.string(), count: z.number().int(), ids: z.array(z.number().int()) });
export const testRef = z.object({ courseid, id });
export const publishTestInput = testRef.extend({ publish_time: wireSeconds() });
export const extraTimeInput = testRef.extend({
  uids: idList(3000),
  minutes: minutes(EXTRA_TIME_MAX, 'validation.extraTime'),
});
export type ExtraTimeInput = z.infer<typeof extraTimeInput>;

// ---------------------------------------------------------------------------------------------
// students (Ketangpai's `testpaperid`, `subjectid`)

export const studentTestRef = z.object({ courseid, testpaperid });

/**
 * A student's answer to one question: `1`/`0`, an option key, keys as a list or joined with `|`, a
 * number (rating), the blanks' texts as a list, written text, or file ids (file and photo).
 */
export const answerValue = z.union([
  z.string().max(ANSWER_TEXT_MAX * 2, { message: 'validation.answerTooLong' }),
  z.number(),
  z.boolean(),
  z
    .array(z.union([z.string().max(ANSWER_TEXT_MAX, { message: 'validation.answerTooLong' }), z.number()]))
    .max(BLANKS_MAX, { message: 'validation.answerTooLong' }),
  z.null(),
]);
const seq = z.preprocess(
  (v) => (isNone(v) ? 0 : v),
  z.coerce
    .number({ message: 'validation.answerSeq' })
    .int({ message: 'validation.answerSeq' })
    .min(0, { message: 'validation.answerSeq' })
    .max(INT_MAX, { message: 'validation.answerSeq' }),
);
/** ms since the attempt's start by the device's monotonic clock; -1 when not sent */
const elapsed = z.preprocess(
  (v) => (isNone(v) ? -1 : v),
  z.coerce
    .number({ message: 'validation.answerElapsed' })
    .int({ message: 'validation.answerElapsed' })
    .min(-1, { message: 'validation.answerElapsed' })
    .max(INT_MAX, { message: 'validation.answerElapsed' }),
);
export const answerEntry = z.object({
  subjectid: z.coerce
    .number({ message: 'validation.subjectId' })
    .int()
    .positive({ message: 'validation.subjectId' })
    .max(INT_MAX, { message: 'validation.subjectId' }),
  answer: answerValue.optional(),
  seq,
  elapsed,
});
export type AnswerEntry = z.infer<typeof answerEntry>;

/** `saveAnswer`: one answer (Ketangpai: `subjectid`, `answer`) or a batch (`answers`, a journal replay). */
export const saveAnswerInput = studentTestRef.extend({
  subjectid: wireOptionalId(),
  answer: answerValue.optional(),
  seq,
  elapsed,
  answers: listOf(answerEntry, SAVE_BATCH_MAX, 'validation.answersBatch'),
});
export type SaveAnswerInput = z.infer<typeof saveAnswerInput>;
export const handupInput = studentTestRef.extend({
  answers: listOf(answerEntry, SAVE_BATCH_MAX, 'validation.answersBatch'),
});
export type HandupInput = z.infer<typeof handupInput>;
export const startInput = studentTestRef;
export const switchInput = studentTestRef.extend({
  /** the page's running count of exits */
  count: z.coerce
    .number({ message: 'validation.switchCount' })
    .int({ message: 'validation.switchCount' })
    .min(1, { message: 'validation.switchCount' })
    .max(10_000, { message: 'validation.switchCount' }),
  /** when the page saw the switch: ms since the attempt's start by its server-anchored clock; -1 not sent (issue 24) */
  elapsed,
});
/** `heartbeat`: the test page, while on screen, every TEST_HEARTBEAT_SECONDS (issue 24). */
export const heartbeatInput = studentTestRef;
export const resultInput = studentTestRef.extend({ attemptid: wireOptionalId() });

// ---------------------------------------------------------------------------------------------
// the teacher's review

/** Review states: -1 every student, 0 not handed in, 1 to grade by hand, 2 graded, 3 returned. */
export const reviewListInput = testRef.extend({
  state: z.preprocess((v) => (isNone(v) ? -1 : v), z.coerce.number().int().min(-1).max(3)),
  page: wirePage(),
  limit: z.preprocess((v) => (isNone(v) ? 50 : v), z.coerce.number().int().min(1).max(500)),
});
export type ReviewListInput = z.infer<typeof reviewListInput>;
export const attemptRef = testRef.extend({
  attemptid: z.coerce
    .number({ message: 'validation.attemptId' })
    .int()
    .positive({ message: 'validation.attemptId' })
    .max(INT_MAX, { message: 'validation.attemptId' }),
});
/** spec 2 §5: a grade is required, and never above the question's score (checked by the server). */
export const markAnswerInput = attemptRef.extend({
  subjectid: z.coerce
    .number({ message: 'validation.subjectId' })
    .int()
    .positive({ message: 'validation.subjectId' })
    .max(INT_MAX, { message: 'validation.subjectId' }),
  score: z.preprocess(
    (v) => (isNone(v) ? undefined : v),
    z.coerce
      .number({ message: 'validation.gradeRequired' })
      .min(0, { message: 'validation.gradeRequired' })
      .max(QUESTION_SCORE_MAX, { message: 'validation.gradeRequired' }),
  ),
});
export type MarkAnswerInput = z.infer<typeof markAnswerInput>;
export const returnAttemptInput = testRef.extend({ attemptids: idList(3000) });
/**
 * Regrading (issue 14): another answer accepted for one question of a published paper — a single
 * choice's other key, or a text for one blank (1-based) of a fill-in-blank question.
 */
export const acceptAnswerInput = testRef.extend({
  subjectid: z.coerce
    .number({ message: 'validation.subjectId' })
    .int()
    .positive({ message: 'validation.subjectId' })
    .max(INT_MAX, { message: 'validation.subjectId' }),
  answer: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string({ message: 'validation.acceptText' })
      .trim()
      .min(1, { message: 'validation.acceptText' })
      .max(200, { message: 'validation.acceptText' }),
  ),
  blank: z.preprocess(
    (v) => (isNone(v) ? undefined : v),
    z.coerce
      .number({ message: 'validation.acceptBlank' })
      .int({ message: 'validation.acceptBlank' })
      .min(1, { message: 'validation.acceptBlank' })
      .max(20, { message: 'validation.acceptBlank' })
      .optional(),
  ),
});
export type AcceptAnswerInput = z.infer<typeof acceptAnswerInput>;
export type ReturnAttemptInput = z.infer<typeof returnAttemptInput>;

// ---------------------------------------------------------------------------------------------
// the mistakes set and weak knowledge points (`/sets/mistakes/*`, `/testing/weakKnowlegePoints`)

/** `/TestpaperApi/mistakes`: the caller's mistakes in a course, by knowledge point ('' any), or one (`subjectid`). */
export const mistakesInput = z.object({
  courseid,
  point: z.preprocess(
    (v) => (isNone(v) ? '' : v),
    z.string({ message: 'validation.knowledgePoint' }).trim().max(POINT_TEXT_MAX, { message: 'validation.knowledgePoint' }),
  ),
  /** one mistake: the paper's question id (0 every one) */
  subjectid: wireOptionalId(),
  page: wirePage(),
  limit: z.preprocess((v) => (isNone(v) ? 20 : v), z.coerce.number().int().min(1).max(100)),
});
export type MistakesInput = z.infer<typeof mistakesInput>;
/** `/TestpaperApi/redoMistake`: a new answer to one of the caller's mistakes. */
export const redoMistakeInput = z.object({
  courseid,
  subjectid: z.coerce
    .number({ message: 'validation.subjectId' })
    .int({ message: 'validation.subjectId' })
    .positive({ message: 'validation.subjectId' })
    .max(INT_MAX, { message: 'validation.subjectId' }),
  answer: answerValue,
});
export type RedoMistakeInput = z.infer<typeof redoMistakeInput>;
