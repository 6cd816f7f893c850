import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
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
    /** the teacher lets students look past the pages shown (decision 029); off for every new showing */
    ahead: boolean('ahead').notNull().default(false),
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

/**
 * Which page of which courseware the classroom screen showed in a class time, and when (issue 15,
 * decision 025): one row per page reached, written by the same statement as the turn (or the
 * showing), so the class's review lists the pages in the order they were shown. Never updated.
 * Unwatched by the change feed, like `class_presentations`: no cached read depends on it, and a page
 * turn must not flush the course's cached reads.
 */
export const classSlideViews = pgTable(
  'class_slide_views',
  {
    id: serial('id').primaryKey(),
    classTimeId: integer('class_time_id')
      .notNull()
      .references(() => classTimes.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    /** the page shown, from 1 */
    page: integer('page').notNull(),
    shownAt: timestamp('shown_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // a class's pages in order (the class notes); its leading column serves the class time's key
    index('class_slide_views_class_time_idx').on(t.classTimeId, t.id),
    // a courseware's classes and one class's pages of it (the review, the use statistics)
    index('class_slide_views_content_idx').on(t.contentId, t.classTimeId, t.id),
    check('class_slide_views_page_check', sql`${t.page} >= 1`),
  ],
);
