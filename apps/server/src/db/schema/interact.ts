import type { QuestionKey, QuestionSpec } from '@paiclass/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { contents } from './content';
import { classTimes, courses } from './courses';
import { questions } from './exams';

/**
 * Interactive answers (content type 3, issue 15; decision 022): an item's steps, one question each,
 * copied from the course's question bank when the item is made. A step is opened in a class for a
 * number of seconds, answered live, and its key and answer counts shown to students once revealed.
 */
export const interactSteps = pgTable(
  'interact_steps',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    /**
     * The bank question it was copied from: practice holds that question back until the step is
     * revealed (decision 017 "Keys still hidden"); null once the question is gone.
     */
    questionId: integer('question_id').references(() => questions.id, { onDelete: 'set null' }),
    /** spec 2 §3 question type (file, photo and paragraph note are not asked live) */
    type: smallint('type').notNull(),
    stem: text('stem').notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    /** the key: never sent to a student before the step is revealed */
    answer: jsonb('answer').$type<QuestionKey>().notNull().default({}),
    spec: jsonb('spec').$type<QuestionSpec>().notNull().default({}),
    analysis: text('analysis').notNull().default(''),
    /** how long it is open once started */
    seconds: integer('seconds').notNull(),
    /** the class it was asked in */
    classTimeId: integer('class_time_id').references(() => classTimes.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    /** answers are taken until then (the server's clock); closing early moves it to the moment of closing */
    closesAt: timestamp('closes_at', { withTimezone: true }),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
    /** a courseware of the course whose page carries the step: reaching that page in class opens it */
    slideContentId: integer('slide_content_id').references(() => contents.id, { onDelete: 'set null' }),
    slidePage: integer('slide_page'),
  },
  (t) => [
    index('interact_steps_content_idx').on(t.contentId, t.sort),
    index('interact_steps_course_idx').on(t.courseId, t.closesAt),
    index('interact_steps_class_time_idx').on(t.classTimeId),
    index('interact_steps_slide_idx').on(t.slideContentId, t.slidePage),
    index('interact_steps_question_idx').on(t.questionId),
    check('interact_steps_seconds_check', sql`${t.seconds} between 5 and 3600`),
    check(
      'interact_steps_slide_check',
      // the courseware's deletion empties slide_content_id alone: a page left without it means nothing
      sql`${t.slideContentId} is null or ${t.slidePage} >= 1`,
    ),
  ],
);

/** One student's answer to a step: the first one counts. Unwatched by the change feed (a class answers at once). */
export const interactAnswers = pgTable(
  'interact_answers',
  {
    stepId: integer('step_id')
      .notNull()
      .references(() => interactSteps.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** the answer as kept (exams/grading.ts packAnswer) */
    answer: jsonb('answer').$type<{ v: unknown }>().notNull(),
    /** 1 right, 2 partly, 0 wrong, 3 for the teacher (short answer); null: nothing to be right about (votes, ratings) */
    correct: smallint('correct'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The answer's own number (answer review, decision 022): staff mark and exhibit answers by it, so
     * that an anonymous question's answers can be reviewed without ever naming their authors.
     */
    id: serial('id').notNull(),
    /** the teacher's mark (INTERACT_MARKS): 0 none, 1 excellent, 2 good, 3 needs work */
    mark: smallint('mark').notNull().default(0),
    /** the teacher's comment, for its author only */
    comment: text('comment').notNull().default(''),
    /** shown to the class (INTERACT_EXHIBIT): 0 no, 1 without the name, 2 with it (never on an anonymous question) */
    exhibit: smallint('exhibit').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.stepId, t.userId] }),
    index('interact_answers_user_idx').on(t.userId),
    index('interact_answers_course_idx').on(t.courseId),
    check('interact_answers_mark_check', sql`${t.mark} between 0 and 3`),
    check('interact_answers_exhibit_check', sql`${t.exhibit} between 0 and 2`),
  ],
);
