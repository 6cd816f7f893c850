import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Durable background jobs: any instance claims one due row at a time with FOR UPDATE SKIP LOCKED,
 * under a lease of its own (`locked_until`) that the running instance renews, so a restart loses
 * none and two instances never run the same job at once. `key` makes scheduling idempotent.
 * `run_id` names the run holding the lease: only that run may finish or release the row.
 * `revision` counts schedulings: a run finishes its row as done only if nobody rescheduled it
 * meanwhile. After the last attempt fails the row is `failed_at` and no longer claimed.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 40 }).notNull(),
    key: varchar('key', { length: 120 }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    runId: uuid('run_id'),
    revision: integer('revision').notNull().default(0),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_key').on(t.key),
    index('jobs_due_idx').on(t.doneAt, t.runAt),
    check('jobs_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/**
 * What the realtime channels published, per room (`course:12`, `user:7`, ...): every event is stored
 * before it is fanned out, so a socket that reconnects asks for what came after the last `seq` it saw.
 * Kept for a day (the job queue's hourly purge), unwatched by the change feed.
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    room: varchar('room', { length: 60 }).notNull(),
    cmd: varchar('cmd', { length: 60 }).notNull(),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('realtime_events_room_idx').on(t.room, t.id), index('realtime_events_created_idx').on(t.createdAt)],
);
