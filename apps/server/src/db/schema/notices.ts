import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { courses } from './courses';

/** Message notices (spec 1 §3): what the message list shows a user, read or unread. */
export const messageNotices = pgTable(
  'message_notices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id'),
    courseRole: smallint('course_role').notNull().default(0),
    contenttype: smallint('contenttype').notNull().default(0),
    contentId: integer('content_id').notNull().default(0),
    /** what happened, e.g. member_change */
    action: varchar('action', { length: 32 }).notNull(),
    /** 99 is an appeal (spec 1 §3) */
    eventtype: smallint('eventtype').notNull().default(0),
    title: varchar('title', { length: 200 }).notNull(),
    activitylabel: varchar('activitylabel', { length: 40 }).notNull().default(''),
    fromName: varchar('from_name', { length: 30 }).notNull().default(''),
    isread: boolean('isread').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_notices_user_idx').on(t.userId, t.id)],
);

/**
 * When a user last opened an area of a course (notices, materials, homework, topics): the course
 * home's "new" counts are the items published there since (issue 12). No row: since they joined.
 */
export const courseAreaSeen = pgTable(
  'course_area_seen',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    area: varchar('area', { length: 16 }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId, t.area] }),
    index('course_area_seen_course_idx').on(t.courseId),
    check('course_area_seen_area_check', sql`${t.area} in ('notice', 'material', 'homework', 'topic')`),
  ],
);
