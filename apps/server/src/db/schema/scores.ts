import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
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
import { courses } from './courses';

/**
 * The teacher's own columns of the course score book (issue 12): offline tests, midterm, final,
 * attendance and the like, each with its full score and weight. Homework columns come from the
 * homework itself; these are typed or imported by the teacher and assistants.
 */
export const scoreColumns = pgTable(
  'score_columns',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** test (offline test), midterm, final, attendance, other */
    kind: text('kind').notNull().default('other'),
    fullScore: smallint('full_score').notNull().default(100),
    /** 0–100; 0 leaves the column out of the total */
    weight: smallint('weight').notNull().default(0),
    /** students see their own score in it */
    visible: boolean('visible').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('score_columns_course_idx').on(t.courseId, t.id),
    uniqueIndex('score_columns_name_key').on(t.courseId, t.name),
    check('score_columns_kind_check', sql`${t.kind} in ('test', 'midterm', 'final', 'attendance', 'other')`),
    check('score_columns_full_score_check', sql`${t.fullScore} between 1 and 1000`),
    check('score_columns_weight_check', sql`${t.weight} between 0 and 100`),
  ],
);

/** One student's score in a teacher's column; the course is kept for the change feed and the one-query read. */
export const columnScores = pgTable(
  'column_scores',
  {
    columnId: integer('column_id')
      .notNull()
      .references(() => scoreColumns.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: real('score').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.columnId, t.userId] }),
    index('column_scores_course_idx').on(t.courseId),
    index('column_scores_user_idx').on(t.userId),
    index('column_scores_updated_by_idx').on(t.updatedBy),
    check('column_scores_score_check', sql`${t.score} >= 0`),
  ],
);
