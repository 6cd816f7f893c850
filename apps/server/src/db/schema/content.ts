import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { courses } from './courses';
import { files } from './files';

/** A course's directories (chapters) that content items are placed in (`/CourseApi/getCourseDirectory`). */
export const directories = pgTable(
  'course_directories',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 50 }).notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_directories_course_idx').on(t.courseId)],
);

/**
 * The one content catalogue (spec 2 §3 Course content item): every content type, and folders
 * (`itemType` 2) holding items of their own kind one level deep. Deleted items keep their row.
 */
export const contents = pgTable(
  'contents',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    contenttype: smallint('contenttype').notNull(),
    /** 1 an item, 2 a folder */
    itemType: smallint('item_type').notNull().default(1),
    folderId: integer('folder_id').references((): AnyPgColumn => contents.id, { onDelete: 'cascade' }),
    directoryId: integer('directory_id').references(() => directories.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 100 }).notNull(),
    /** sanitised rich text */
    body: text('body').notNull().default(''),
    link: varchar('link', { length: 500 }).notNull().default(''),
    /** whether students may download the files (teachers always may) */
    downloadable: boolean('downloadable').notNull().default(true),
    /** 0 draft, 1 waiting for its publish time, 2 published, 3 ended (set by the end-time job) */
    publishState: smallint('publish_state').notNull().default(0),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    /** a type's own settings (later types register theirs) */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('contents_course_idx').on(t.courseId, t.contenttype),
    index('contents_folder_idx').on(t.folderId),
    index('contents_author_idx').on(t.authorId),
    index('contents_directory_idx').on(t.directoryId),
    check('contents_contenttype_check', sql`${t.contenttype} >= 1`),
    check('contents_item_type_check', sql`${t.itemType} in (1, 2)`),
    check('contents_publish_state_check', sql`${t.publishState} between 0 and 3`),
    // folders hold items one level deep: never themselves
    check('contents_folder_check', sql`${t.folderId} <> ${t.id}`),
  ],
);

/** The files attached to an item, in order. */
export const contentFiles = pgTable(
  'content_files',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.fileId] }), index('content_files_file_idx').on(t.fileId)],
);

/** A student's progress on an item: learned (materials) or read (notices). */
export const contentProgress = pgTable(
  'content_progress',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.userId] }), index('content_progress_user_idx').on(t.userId)],
);

/** Comments on an item (topics first), with one level of replies. */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the top-level comment a reply belongs to */
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    /** the user a reply answers */
    replyToUserId: integer('reply_to_user_id'),
    body: text('body').notNull(),
    likes: integer('likes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_content_idx').on(t.contentId, t.parentId),
    index('comments_user_idx').on(t.userId),
    index('comments_parent_idx').on(t.parentId),
    check('comments_parent_check', sql`${t.parentId} <> ${t.id}`),
    check('comments_likes_check', sql`${t.likes} >= 0`),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_likes_user_idx').on(t.userId)],
);

/** To-dos a user ignored or marked finished (spec 1 §4); the to-dos themselves are computed. */
export const todoMarks = pgTable(
  'todo_marks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    msgtype: smallint('msgtype').notNull(),
    /** 1 ignored, 2 marked finished */
    action: smallint('action').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.contentId, t.msgtype] }),
    index('todo_marks_content_idx').on(t.contentId),
    // spec 1 §3 To-do: msgtype 1 student, 2 teacher; action 1 ignored, 2 marked finished
    check('todo_marks_check', sql`${t.msgtype} in (1, 2) and ${t.action} in (1, 2)`),
  ],
);
