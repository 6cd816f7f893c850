import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { contents } from './content';

/**
 * Courseware (content type 1, issue 15): each student's learning of one courseware item — time
 * spent, the page they are on, the pages they opened, and when they finished the pre-study task.
 */
export const coursewareLearners = pgTable(
  'courseware_learners',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** learning time in seconds */
    seconds: integer('seconds').notNull().default(0),
    /** the page they are on, from 1 */
    page: integer('page').notNull().default(1),
    /** the pages they opened, ascending */
    seen: jsonb('seen').$type<number[]>().notNull().default([]),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * Up to when learning time was counted (`addLearnTime`): a report adds only the time the server
     * saw pass since then, never more (issue 24); null until the first report, which adds none.
     */
    countedAt: timestamp('counted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.userId] }),
    index('courseware_learners_user_idx').on(t.userId),
    check('courseware_learners_check', sql`${t.seconds} >= 0 and ${t.page} >= 1`),
  ],
);

/** A student's "don't understand" mark on one page. */
export const coursewareDoubts = pgTable(
  'courseware_doubts',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.page, t.userId] }),
    index('courseware_doubts_user_idx').on(t.userId),
    check('courseware_doubts_page_check', sql`${t.page} >= 1`),
  ],
);

/** Comments on a page of a courseware item, with one level of replies. */
export const coursewareComments = pgTable(
  'courseware_comments',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    /** the top-level comment a reply belongs to */
    parentId: integer('parent_id').references((): AnyPgColumn => coursewareComments.id, { onDelete: 'cascade' }),
    /** the user a reply answers */
    replyToUserId: integer('reply_to_user_id'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('courseware_comments_content_idx').on(t.contentId, t.page),
    index('courseware_comments_user_idx').on(t.userId),
    index('courseware_comments_parent_idx').on(t.parentId),
    check('courseware_comments_page_check', sql`${t.page} >= 1`),
  ],
);
