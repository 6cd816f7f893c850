import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { contents } from './content';
import { classTimes, courses } from './courses';

/**
 * The courseware shown on the classroom screen during a class time (issue 15), and its page: every
 * student's phone follows it, and a phone that opens the class late starts where the class is. One
 * row per class time; ended by deleting it or by the class time ending. Unwatched by the change feed
 * (nothing cached is read from it; page turns would otherwise flush the course's cached reads).
 */
export const classPresentations = pgTable(
  'class_presentations',
  {
    classTimeId: integer('class_time_id')
      .primaryKey()
      .references(() => classTimes.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    /** the page shown, from 1 */
    page: integer('page').notNull().default(1),
    /** the courseware's page count when it was put on the screen */
    total: integer('total').notNull(),
    presentedBy: integer('presented_by')
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('class_presentations_course_idx').on(t.courseId),
    index('class_presentations_content_idx').on(t.contentId),
    index('class_presentations_presenter_idx').on(t.presentedBy),
    check('class_presentations_page_check', sql`${t.page} >= 1 and ${t.page} <= ${t.total}`),
  ],
);
