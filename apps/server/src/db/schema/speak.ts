import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { classTimes, courses } from './courses';

/**
 * Speaking (letters to the teacher), muting, the class timer and course questions (issue 15;
 * decision 024). Letters, mutes and the timer are of a class time: they end with it. Unwatched by the
 * change feed: nothing cached is read from them, and a class's traffic must not flush the course's
 * cached reads.
 */

/** One letter a student sent the teacher in a class time; only the staff and its sender read it. */
export const speakLetters = pgTable(
  'speak_letters',
  {
    id: serial('id').primaryKey(),
    classTimeId: integer('class_time_id')
      .notNull()
      .references(() => classTimes.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** plain text, at most LETTER_TEXT_MAX characters */
    content: varchar('content', { length: 400 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('speak_letters_class_time_idx').on(t.classTimeId, t.id),
    index('speak_letters_sender_idx').on(t.classTimeId, t.userId, t.createdAt),
    index('speak_letters_course_idx').on(t.courseId),
    index('speak_letters_user_idx').on(t.userId),
  ],
);

/**
 * A class time's controls: everyone muted, and the timer. No row: nobody muted, no timer.
 * `timer_stopped_at` set, or `timer_ends_at` past: no timer running.
 */
export const classControls = pgTable(
  'class_controls',
  {
    classTimeId: integer('class_time_id')
      .primaryKey()
      .references(() => classTimes.id, { onDelete: 'cascade' }),
    allMuted: boolean('all_muted').notNull().default(false),
    timerSeconds: integer('timer_seconds'),
    timerStartedAt: timestamp('timer_started_at', { withTimezone: true }),
    timerEndsAt: timestamp('timer_ends_at', { withTimezone: true }),
    timerStoppedAt: timestamp('timer_stopped_at', { withTimezone: true }),
    changedBy: integer('changed_by')
      .notNull()
      .references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('class_controls_changed_by_idx').on(t.changedBy)],
);

/**
 * One student's own mute in a class time: `muted` true mutes them; false lets them speak while
 * everyone is muted. No row: they follow the class's `all_muted`. Muting or unmuting everyone clears the rows.
 */
export const speakMutes = pgTable(
  'speak_mutes',
  {
    classTimeId: integer('class_time_id')
      .notNull()
      .references(() => classTimes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    muted: boolean('muted').notNull(),
    changedBy: integer('changed_by')
      .notNull()
      .references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.classTimeId, t.userId] }),
    index('speak_mutes_user_idx').on(t.userId),
    index('speak_mutes_changed_by_idx').on(t.changedBy),
  ],
);

/** A student's question to the course's teachers; anonymous ones show no asker to anyone but the asker. */
export const courseQuestions = pgTable(
  'course_questions',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** the class in progress when it was asked; null outside class */
    classTimeId: integer('class_time_id').references(() => classTimes.id, { onDelete: 'set null' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** plain text, at most QUESTION_TEXT_MAX characters */
    content: varchar('content', { length: 600 }).notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('course_questions_course_idx').on(t.courseId, t.id),
    index('course_questions_asker_idx').on(t.courseId, t.userId, t.createdAt),
    index('course_questions_user_idx').on(t.userId),
    index('course_questions_class_time_idx').on(t.classTimeId),
    index('course_questions_answered_by_idx').on(t.answeredBy),
  ],
);

/** A teacher's or assistant's reply to a question (the classroom's "comment reply"). */
export const courseQuestionReplies = pgTable(
  'course_question_replies',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => courseQuestions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** plain text, at most REPLY_TEXT_MAX characters */
    content: varchar('content', { length: 600 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('course_question_replies_question_idx').on(t.questionId, t.id),
    index('course_question_replies_user_idx').on(t.userId),
    check('course_question_replies_content_check', sql`length(${t.content}) > 0`),
  ],
);
