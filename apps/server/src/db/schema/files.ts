import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Stored files. Identical content is kept once in storage (by MD5 and size) and shared by its rows. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    md5: varchar('md5', { length: 32 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    /** office documents: 0 not converted, 1 converting, 2 converted (to `pdfFileId`), 3 failed */
    pdfState: smallint('pdf_state').notNull().default(0),
    pdfFileId: integer('pdf_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_content_idx').on(t.md5, t.size),
    index('files_owner_idx').on(t.ownerId),
    index('files_pdf_idx').on(t.pdfFileId),
    check('files_pdf_state_check', sql`${t.pdfState} between 0 and 3`),
    check('files_size_check', sql`${t.size} >= 0`),
  ],
);

/** A chunked upload in progress: which chunks have arrived, so a dropped connection resumes. */
export const uploads = pgTable(
  'uploads',
  {
    key: varchar('key', { length: 80 }).primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    md5: varchar('md5', { length: 32 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    filename: varchar('filename', { length: 255 }).notNull(),
    chunks: integer('chunks').notNull(),
    received: jsonb('received').$type<number[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId), check('uploads_chunks_check', sql`${t.chunks} >= 1 and ${t.size} >= 0`)],
);

/**
 * A document shown as page images (issue 12; the courseware's slides use the same pipeline): the
 * source file rendered page by page by a durable job. `state` 0 waiting, 1 converting, 2 ready,
 * 3 failed (`reason` says why); the images are stored under `previews/<file>/<version>/<n>.jpg`.
 */
export const filePreviews = pgTable(
  'file_previews',
  {
    fileId: integer('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    state: smallint('state').notNull().default(0),
    /** pages rendered (at most PREVIEW_MAX_PAGES) */
    pages: integer('pages').notNull().default(0),
    /** pages in the document: more than `pages` when it was cut at the limit */
    totalPages: integer('total_pages').notNull().default(0),
    /** each rendered page's width and height in pixels, in page order */
    sizes: jsonb('sizes').$type<[number, number][]>().notNull().default([]),
    /** a random folder name per rendering, so a new rendering never mixes with an old one */
    version: varchar('version', { length: 16 }).notNull().default(''),
    /** why it failed: tooLarge, tooManyPages, unreadable */
    reason: varchar('reason', { length: 20 }).notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('file_previews_state_check', sql`${t.state} between 0 and 3`)],
);
