import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { classTimes, courses } from './courses';

/**
 * Stars (课堂表现, issue 15; decision 023): one row per award (stars > 0) or take-back (stars < 0) that
 * the teacher or an assistant gave a student of the course. A student's total is the sum of their
 * rows and never below zero; the rows are their star log. Carries the change trigger (course_id, user_id).
 */
export const courseStars = pgTable(
  'course_stars',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** the student */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** the class in progress when it was given; null outside class */
    classTimeId: integer('class_time_id').references(() => classTimes.id, { onDelete: 'set null' }),
    /** positive: awarded; negative: taken back */
    stars: smallint('stars').notNull(),
    /** plain text, at most STAR_REASON_MAX characters; may be empty */
    reason: varchar('reason', { length: 50 }).notNull().default(''),
    givenBy: integer('given_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('course_stars_student_idx').on(t.courseId, t.userId, t.id),
    index('course_stars_user_idx').on(t.userId),
    index('course_stars_class_time_idx').on(t.classTimeId),
    index('course_stars_given_by_idx').on(t.givenBy),
    check('course_stars_stars_check', sql`${t.stars} <> 0`),
  ],
);
