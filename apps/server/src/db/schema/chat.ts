import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { courses } from './courses';
import { files } from './files';

/**
 * Chat groups (issue 27, decision 028): a private chat between two users (kind 1, one per pair, `pairKey`
 * `low:high`), opened from a course they share; or a course's group (kind 2, one per course), whose
 * members are the course's members of the moment (read from `course_members`, never copied).
 */
export const chatGroups = pgTable(
  'chat_groups',
  {
    id: serial('id').primaryKey(),
    kind: smallint('kind').notNull(),
    /** the course it was opened from (private) or belongs to (course group) */
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    pairKey: varchar('pair_key', { length: 24 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_groups_pair_key').on(t.pairKey),
    index('chat_groups_course_idx').on(t.courseId),
    uniqueIndex('chat_groups_course_key').on(t.courseId).where(sql`${t.kind} = 2`),
    check('chat_groups_kind_check', sql`${t.kind} in (1, 2)`),
  ],
);

/**
 * A user's own state of a group: how far they read, the session they deleted (hidden until a newer
 * message), and whether they block the other member of a private chat (`mute`, spec 1 §4). A private
 * chat has a row for each of its two users from the start; a course group's rows are made when first needed.
 */
export const chatGroupUsers = pgTable(
  'chat_group_users',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => chatGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the newest message id the user has read */
    lastReadId: integer('last_read_id').notNull().default(0),
    /** the session was deleted when this was the newest message id (0 none yet): shown again once a newer one arrives; -1 never deleted */
    deletedUpTo: integer('deleted_up_to').notNull().default(-1),
    /** the user blocks the other member (private chats): their messages are refused with 201 */
    mute: boolean('mute').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('chat_group_users_user_idx').on(t.userId)],
);

/** A chat message, stored before it is acknowledged or delivered; a sender's `uniqueCode` stores one message. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => chatGroups.id, { onDelete: 'cascade' }),
    fromUid: integer('from_uid')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    msgType: smallint('msg_type').notNull(),
    msgContent: text('msg_content').notNull(),
    fileUrl: text('file_url').notNull().default(''),
    /** a picture, file, voice or video message's stored file (the upload calls'); its address is signed when answered */
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    uniqueCode: varchar('unique_code', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_group_idx').on(t.groupId, t.id),
    uniqueIndex('chat_messages_unique_code').on(t.fromUid, t.uniqueCode),
    index('chat_messages_file_idx').on(t.fileId),
  ],
);

/**
 * The teacher's forbidding of chat in a course (spec 2 §6, issue 27): `all_muted` forbids every student
 * the course's group chat. No row: chat allowed.
 */
export const chatControls = pgTable(
  'chat_controls',
  {
    courseId: integer('course_id')
      .primaryKey()
      .references(() => courses.id, { onDelete: 'cascade' }),
    allMuted: boolean('all_muted').notNull().default(false),
    changedBy: integer('changed_by')
      .notNull()
      .references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_controls_changed_by_idx').on(t.changedBy)],
);

/**
 * One student's own chat ban in a course: `muted` true forbids them; false lets them chat while everyone
 * is forbidden. No row: they follow the course's `all_muted`. Forbidding or allowing everyone clears the rows.
 */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    muted: boolean('muted').notNull(),
    changedBy: integer('changed_by')
      .notNull()
      .references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.userId] }),
    index('chat_mutes_user_idx').on(t.userId),
    index('chat_mutes_changed_by_idx').on(t.changedBy),
  ],
);
