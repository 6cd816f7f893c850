import type { QuestionKey, QuestionSpec } from '@paiclass/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { contents } from './content';
import { courses } from './courses';

/**
 * Tests and exams (spec 2 §3 Question types and Test; issue 14; decision 017).
 * A course's question bank: each question with its author; deleted questions keep their row
 * (published papers carry their own copies in `test_items`).
 */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** spec 2 §3: 1-7, 10-15 */
    type: smallint('type').notNull(),
    /** 1 easy, 2 medium, 3 hard */
    difficulty: smallint('difficulty').notNull().default(2),
    /** the stem, sanitised rich text */
    stem: text('stem').notNull(),
    /** option texts, keyed A-J by position */
    options: jsonb('options').$type<string[]>().notNull().default([]),
    /** the key: never sent to a student before the test shows answers */
    answer: jsonb('answer').$type<QuestionKey>().notNull().default({}),
    /** what a student may know of the form: rating range, number of blanks */
    spec: jsonb('spec').$type<QuestionSpec>().notNull().default({}),
    analysis: text('analysis').notNull().default(''),
    /** knowledge points (tags) */
    points: jsonb('points').$type<string[]>().notNull().default([]),
    score: real('score').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('questions_course_idx').on(t.courseId, t.type, t.difficulty),
    index('questions_author_idx').on(t.authorId),
    check('questions_type_check', sql`${t.type} in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15)`),
    check('questions_difficulty_check', sql`${t.difficulty} between 1 and 3`),
    check('questions_score_check', sql`${t.score} between 0 and 100`),
  ],
);

export interface PaperComposition {
  fixed: { id: number; score: number }[];
  draws: { type: number; difficulty: number; point: string; count: number; score: number }[];
}

/** A test's own settings (spec 2 §3 Test); the item itself is a `contents` row of type 6. */
export const tests = pgTable(
  'tests',
  {
    contentId: integer('content_id')
      .primaryKey()
      .references(() => contents.id, { onDelete: 'cascade' }),
    /** 1 general, 2 exam */
    type: smallint('type').notNull().default(1),
    /** minutes, 0 none */
    timeLimit: smallint('time_limit').notNull().default(0),
    /** students may start from then; null: from publishing */
    beginAt: timestamp('begin_at', { withTimezone: true }),
    /** ended by hand: every deadline is now at the latest */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    attempts: smallint('attempts').notNull().default(1),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    /** 1 after submitting, 2 after the close (the default: nobody reads a key while others still sit the test), 3 never */
    showAnswers: smallint('show_answers').notNull().default(2),
    /** spec 2 §5: the weight in the score book, 0-100 */
    scorePercent: smallint('score_percent').notNull().default(0),
    /** screen switches allowed, 0 off */
    switchLimit: smallint('switch_limit').notNull().default(0),
    offline: boolean('offline').notNull().default(false),
    partialCredit: boolean('partial_credit').notNull().default(false),
    /** scores reach students once graded (true) or when the teacher publishes (false) */
    releaseScores: boolean('release_scores').notNull().default(true),
    scoresPublished: boolean('scores_published').notNull().default(false),
    /** fixed questions and random draws, while a draft; frozen into test_items at publishing */
    composition: jsonb('composition').$type<PaperComposition>().notNull().default({ fixed: [], draws: [] }),
    /** bumped when the frozen paper changes (publishing, regrading): caches key on it */
    version: integer('version').notNull().default(0),
    /** the score of one student's paper */
    totalScore: real('total_score').notNull().default(0),
    /** questions in one student's paper (notes not counted) */
    questionCount: smallint('question_count').notNull().default(0),
  },
  (t) => [
    check('tests_type_check', sql`${t.type} in (1, 2)`),
    check('tests_time_limit_check', sql`${t.timeLimit} between 0 and 600`),
    check('tests_attempts_check', sql`${t.attempts} between 1 and 10`),
    check('tests_show_answers_check', sql`${t.showAnswers} in (1, 2, 3)`),
    check('tests_score_percent_check', sql`${t.scorePercent} between 0 and 100`),
    check('tests_switch_limit_check', sql`${t.switchLimit} between 0 and 99`),
    check('tests_total_score_check', sql`${t.totalScore} >= 0`),
  ],
);

/**
 * The paper as published: a copy of every question it may use (fixed ones, and the pool of each
 * draw), so that editing the bank changes no published paper.
 */
export const testItems = pgTable(
  'test_items',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').references(() => questions.id, { onDelete: 'set null' }),
    /** 0 a fixed question, n a question of the n-th draw's pool */
    draw: smallint('draw').notNull().default(0),
    sort: integer('sort').notNull(),
    type: smallint('type').notNull(),
    difficulty: smallint('difficulty').notNull(),
    stem: text('stem').notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    answer: jsonb('answer').$type<QuestionKey>().notNull().default({}),
    spec: jsonb('spec').$type<QuestionSpec>().notNull().default({}),
    analysis: text('analysis').notNull().default(''),
    points: jsonb('points').$type<string[]>().notNull().default([]),
    score: real('score').notNull(),
  },
  (t) => [
    index('test_items_content_idx').on(t.contentId, t.draw, t.sort),
    index('test_items_question_idx').on(t.questionId),
    check('test_items_score_check', sql`${t.score} between 0 and 100`),
    check('test_items_draw_check', sql`${t.draw} >= 0`),
  ],
);

/** One question's grade in an attempt: score, and 0 wrong, 1 right, 2 partly right, 3 waiting for the teacher. */
export interface ItemGrade {
  s: number | null;
  c: 0 | 1 | 2 | 3;
  /** graded by hand */
  m?: 1;
}

/**
 * A student's attempt: the paper made for them (question order, option orders), prepared ahead of
 * the start (status 0), under way (1), handed in (2) or returned (3). Unique per test, student and
 * attempt number, so two simultaneous starts make one.
 */
export const testAttempts = pgTable(
  'test_attempts',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptNo: smallint('attempt_no').notNull(),
    /** the paper version it was made from */
    version: integer('version').notNull(),
    /** test_items ids in this student's order */
    itemIds: jsonb('item_ids').$type<number[]>().notNull(),
    /** item id → option keys in the order this student sees them (shuffled options) */
    optionOrder: jsonb('option_order').$type<Record<string, string[]>>().notNull().default({}),
    status: smallint('status').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** the server's deadline; null none */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** 1 the student, 2 the deadline, 3 the screen-switch limit, 4 the teacher ended the test */
    submitKind: smallint('submit_kind').notNull().default(0),
    switchCount: integer('switch_count').notNull().default(0),
    /** switches over the limit: the server hands the paper in then */
    forcedAt: timestamp('forced_at', { withTimezone: true }),
    /** the page's last heartbeat, by the server's clock (issue 24); null: the client sends none */
    lastBeatAt: timestamp('last_beat_at', { withTimezone: true }),
    /** what the server saw during the test, for the teacher (ATTEMPT_SIGNALS); flagged, never refused */
    signals: jsonb('signals').$type<string[]>().notNull().default([]),
    /** item id → grade */
    grades: jsonb('grades').$type<Record<string, ItemGrade>>().notNull().default({}),
    score: real('score'),
    /** questions still to be graded by hand */
    pending: smallint('pending').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('test_attempts_key').on(t.contentId, t.userId, t.attemptNo),
    index('test_attempts_user_idx').on(t.userId),
    index('test_attempts_course_idx').on(t.courseId),
    index('test_attempts_status_idx').on(t.contentId, t.status),
    check('test_attempts_status_check', sql`${t.status} between 0 and 3`),
    check('test_attempts_no_check', sql`${t.attemptNo} between 1 and 100`),
    check('test_attempts_submit_kind_check', sql`${t.submitKind} between 0 and 4`),
    check('test_attempts_switch_check', sql`${t.switchCount} >= 0`),
    check('test_attempts_pending_check', sql`${t.pending} >= 0`),
  ],
);

/**
 * A student's answer to one question of an attempt: the latest by the client's sequence number.
 * Written on every save; left out of the change feed (decision 017).
 */
export const testAnswers = pgTable(
  'test_answers',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => testAttempts.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => testItems.id, { onDelete: 'cascade' }),
    /** `{v: answer}` (grading.ts `packAnswer`): a bare JSON string would come back from the drivers as a number */
    answer: jsonb('answer').$type<{ v: unknown }>(),
    seq: integer('seq').notNull().default(0),
    /** ms since the start by the device's monotonic clock; null not sent */
    elapsedMs: integer('elapsed_ms'),
    /** received after the deadline, taken on the device's word within the grace */
    late: boolean('late').notNull().default(false),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.itemId] }),
    index('test_answers_item_idx').on(t.itemId),
    check('test_answers_seq_check', sql`${t.seq} >= 0`),
  ],
);

/** Extra time of one student in one test (accommodations): extends the time limit and the close. */
export const testExtraTimes = pgTable(
  'test_extra_times',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    minutes: smallint('minutes').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.userId] }),
    index('test_extra_times_user_idx').on(t.userId),
    index('test_extra_times_updated_by_idx').on(t.updatedBy),
    check('test_extra_times_minutes_check', sql`${t.minutes} between 1 and 600`),
  ],
);

/**
 * The mistakes set (issue 14, `/sets/mistakes/*`): a wrong or partly right answer of the student's
 * that they redid right. A wrong redo writes nothing; the mistake stays until it is right.
 */
export const testMistakesMastered = pgTable(
  'test_mistakes_mastered',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the paper's copy of the question */
    itemId: integer('item_id')
      .notNull()
      .references(() => testItems.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    masteredAt: timestamp('mastered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemId] }),
    index('test_mistakes_mastered_item_idx').on(t.itemId),
    index('test_mistakes_mastered_course_idx').on(t.courseId),
    index('test_mistakes_mastered_content_idx').on(t.contentId),
  ],
);

/**
 * A student's practice on knowledge points (issue 14, `/testing/knowledgePractice`): questions of
 * the course's bank drawn on the points they chose (kind 1), or a pass-through level on one point
 * (kind 2, `level` as started). 0 in progress, 1 finished (every question answered). Resumed, never
 * doubled: one unfinished practice per student, course, kind and points.
 */
export const practices = pgTable(
  'practices',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: smallint('kind').notNull().default(1),
    level: smallint('level').notNull().default(0),
    /** the knowledge points, sorted */
    points: jsonb('points').$type<string[]>().notNull(),
    /** the points joined by a newline: the unique key of an unfinished practice */
    pointsKey: text('points_key').notNull(),
    status: smallint('status').notNull().default(0),
    total: smallint('total').notNull(),
    answered: smallint('answered').notNull().default(0),
    correct: smallint('correct').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('practices_user_idx').on(t.userId, t.courseId, t.kind),
    index('practices_course_idx').on(t.courseId),
    uniqueIndex('practices_open_key').on(t.userId, t.courseId, t.kind, t.pointsKey).where(sql`${t.status} = 0`),
    check('practices_kind_check', sql`${t.kind} in (1, 2)`),
    check('practices_status_check', sql`${t.status} in (0, 1)`),
    check('practices_total_check', sql`${t.total} between 1 and 20`),
    check('practices_answered_check', sql`${t.answered} between 0 and ${t.total}`),
    check('practices_correct_check', sql`${t.correct} between 0 and ${t.answered}`),
  ],
);

/**
 * A question of a practice, by its bank question (read as it stands: practice is not a paper), and
 * the student's first answer: graded once, never overwritten (`correct` 0 wrong, 1 right, 2 partly).
 */
export const practiceItems = pgTable(
  'practice_items',
  {
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    sort: smallint('sort').notNull(),
    /** `{v: answer}` as test answers (grading.ts `packAnswer`); null not answered */
    answer: jsonb('answer').$type<{ v: unknown }>(),
    correct: smallint('correct'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.practiceId, t.questionId] }),
    index('practice_items_question_idx').on(t.questionId),
    check('practice_items_correct_check', sql`${t.correct} is null or ${t.correct} in (0, 1, 2)`),
  ],
);

/**
 * A student's score in an offline test (taken on paper, issue 14): typed by the teacher or an
 * assistant on the test, from 0 to the paper's total; it reaches the score book like an online
 * paper's best score, and the student as the test's release setting allows.
 */
export const testOfflineScores = pgTable(
  'test_offline_scores',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    score: real('score').notNull(),
    /** who typed it last */
    scoredBy: integer('scored_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.userId] }),
    index('test_offline_scores_user_idx').on(t.userId),
    index('test_offline_scores_course_idx').on(t.courseId),
    index('test_offline_scores_scored_by_idx').on(t.scoredBy),
    check('test_offline_scores_score_check', sql`${t.score} >= 0`),
  ],
);
