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
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { contents } from './content';
import { groupSets, groups } from './courses';

/** Homework's own settings (spec 2 §3 Homework); the item itself is a `contents` row of type 4. */
export const homeworks = pgTable(
  'homeworks',
  {
    contentId: integer('content_id')
      .primaryKey()
      .references(() => contents.id, { onDelete: 'cascade' }),
    /** 1 personal, 2 group, 3 peer review */
    type: smallint('type').notNull().default(1),
    fullScore: integer('full_score').notNull().default(100),
    allowLate: boolean('allow_late').notNull().default(false),
    /** group homework: the grouping whose groups submit */
    groupSetId: integer('group_set_id').references(() => groupSets.id, { onDelete: 'set null' }),
    dupCheck: boolean('dup_check').notNull().default(false),
    /** similarity (percent) at or above which a pair is flagged */
    dupCeiling: smallint('dup_ceiling').notNull().default(40),
    /** compare with earlier submissions of the same course too */
    dupCourseWide: boolean('dup_course_wide').notNull().default(false),
    /** when duplicate checking last finished (null: not yet, or work changed since) */
    dupCheckedAt: timestamp('dup_checked_at', { withTimezone: true }),
    reviewers: smallint('reviewers').notNull().default(3),
    anonymous: boolean('anonymous').notNull().default(true),
    minComment: smallint('min_comment').notNull().default(0),
    /** 1 peer average, 2 the teacher's score overrides */
    scoreMode: smallint('score_mode').notNull().default(1),
    /** once published, later grades are published as they are given */
    scoresPublished: boolean('scores_published').notNull().default(false),
    /** what a submission is made of (issue 12, item 4): 1 attachments only (the spec's rule), 2 text only, 3 either */
    answerType: smallint('answer_type').notNull().default(1),
    /** VIP students may see classmates' handed-in work after their own (decision 051); the teacher's switch (decision 054) */
    classmatesWork: boolean('classmates_work').notNull().default(true),
  },
  (t) => [
    index('homeworks_group_set_idx').on(t.groupSetId),
    // the shared homework schema's ranges (spec 2 §5: grades at most GRADE_MAX = 100)
    check('homeworks_type_check', sql`${t.type} in (1, 2, 3)`),
    check('homeworks_full_score_check', sql`${t.fullScore} between 1 and 100`),
    check('homeworks_dup_ceiling_check', sql`${t.dupCeiling} between 0 and 100`),
    check('homeworks_reviewers_check', sql`${t.reviewers} >= 1`),
    check('homeworks_min_comment_check', sql`${t.minComment} >= 0`),
    check('homeworks_score_mode_check', sql`${t.scoreMode} in (1, 2)`),
    check('homeworks_answer_type_check', sql`${t.answerType} in (1, 2, 3)`),
  ],
);

/**
 * One submission per student (personal) or per group (group homework), kept across resubmissions;
 * every version is in `submission_versions`.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    /**
     * the student, or for a group the member who submitted last; null once that account is deleted
     * (the submission is its owners', not its submitter's: it stays)
     */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
    /** who the submission belongs to: `u:{id}` or `g:{id}`, unique per homework */
    owner: varchar('owner', { length: 24 }).notNull(),
    message: text('message').notNull().default(''),
    /** the text answer: sanitised rich text (RICH_TEXT_TAGS), empty when the work is attachments only */
    answer: text('answer').notNull().default(''),
    fileIds: jsonb('file_ids').$type<number[]>().notNull().default([]),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    overtime: boolean('overtime').notNull().default(false),
    /** 1 submitted, 2 returned for resubmission, 3 graded */
    status: smallint('status').notNull().default(1),
    returnReason: varchar('return_reason', { length: 200 }).notNull().default(''),
    score: real('score'),
    comment: text('comment').notNull().default(''),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    scorePublished: boolean('score_published').notNull().default(false),
    /** 0 never shared, 1 shared, 2 share cancelled */
    shared: smallint('shared').notNull().default(0),
    shareReason: varchar('share_reason', { length: 200 }).notNull().default(''),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('submissions_owner_key').on(t.contentId, t.owner),
    index('submissions_content_idx').on(t.contentId, t.status),
    index('submissions_user_idx').on(t.userId),
    index('submissions_group_idx').on(t.groupId),
    check('submissions_owner_check', sql`${t.owner} ~ '^[ug]:[0-9]+$'`),
    check('submissions_status_check', sql`${t.status} in (1, 2, 3)`),
    check('submissions_shared_check', sql`${t.shared} in (0, 1, 2)`),
    check('submissions_score_check', sql`${t.score} between 0 and 100`),
    check('submissions_version_check', sql`${t.version} >= 1`),
  ],
);

/**
 * Who a submission belongs to: the students it was submitted for, recorded at each (re)submission —
 * the submitter of personal work, every member of the group at that moment for group work. Scores,
 * files and notices follow these rows, not the group as it is today.
 */
export const submissionMembers = pgTable(
  'submission_members',
  {
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.userId] }), index('submission_members_user_idx').on(t.userId)],
);

export const submissionVersions = pgTable(
  'submission_versions',
  {
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** who submitted this version; null once that account is deleted (the version stays in the history) */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull().default(''),
    answer: text('answer').notNull().default(''),
    fileIds: jsonb('file_ids').$type<number[]>().notNull().default([]),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    overtime: boolean('overtime').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.version] }), index('submission_versions_user_idx').on(t.userId)],
);

/** Who was expedited (`call`) and when: students who had not submitted. */
export const homeworkCalls = pgTable(
  'homework_calls',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calledAt: timestamp('called_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.userId] }), index('homework_calls_user_idx').on(t.userId)],
);

/** The text and fingerprints of a submission's files, for the version they were taken from. */
export const submissionTexts = pgTable(
  'submission_texts',
  {
    submissionId: integer('submission_id')
      .primaryKey()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** ok, or unsupported / failed when no file gave text */
    format: varchar('format', { length: 12 }).notNull(),
    text: text('text').notNull().default(''),
    fingerprints: jsonb('fingerprints').$type<[number, number][]>().notNull().default([]),
  },
  (t) => [index('submission_texts_content_idx').on(t.contentId)],
);

/** Similar pairs of a homework's submissions (and, when asked, earlier ones of the course). */
export const dupPairs = pgTable(
  'dup_pairs',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    a: integer('a')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    b: integer('b')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    /** percent of a found in b, and of b in a */
    aInB: smallint('a_in_b').notNull(),
    bInA: smallint('b_in_a').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.a, t.b] }),
    index('dup_pairs_a_idx').on(t.a),
    index('dup_pairs_b_idx').on(t.b),
    check('dup_pairs_percent_check', sql`${t.aInB} between 0 and 100 and ${t.bInA} between 0 and 100`),
  ],
);

/**
 * Views of duplicate-check reports used up: per homework (sid 0) and per document; `seen` names what
 * each used view opened (a report version, a pair of texts), so that opening it again costs nothing.
 */
export const dupViews = pgTable(
  'dup_views',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    submissionId: integer('submission_id').notNull().default(0),
    used: integer('used').notNull().default(0),
    /** one entry per used view, so never longer than the limit */
    seen: text('seen').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.contentId, t.submissionId] }),
    index('dup_views_content_idx').on(t.contentId),
    check('dup_views_used_check', sql`${t.used} >= 0`),
  ],
);

/** Peer reviews (homework type 3): who reviews which submission, and their score and comment. */
export const peerReviews = pgTable(
  'peer_reviews',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: real('score'),
    comment: text('comment').notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** the teacher changed this review */
    overridden: boolean('overridden').notNull().default(false),
  },
  (t) => [
    uniqueIndex('peer_reviews_pair_key').on(t.submissionId, t.reviewerId),
    index('peer_reviews_reviewer_idx').on(t.contentId, t.reviewerId),
    index('peer_reviews_reviewer_id_idx').on(t.reviewerId),
    check('peer_reviews_score_check', sql`${t.score} between 0 and 100`),
  ],
);

/** The teacher's weight of each scored item in the course score book. */
export const scoreWeights = pgTable(
  'score_weights',
  {
    contentId: integer('content_id')
      .primaryKey()
      .references(() => contents.id, { onDelete: 'cascade' }),
    weight: smallint('weight').notNull().default(1),
  },
  (t) => [check('score_weights_weight_check', sql`${t.weight} between 0 and 100`)],
);
