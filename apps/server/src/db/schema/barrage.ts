import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { classTimes, courses } from './courses';

/**
 * Barrage and the grab-answer race of a class time (issue 15, decision 021). Unwatched by the change
 * feed: nothing cached is read from them, and a storm of bullet comments must not flush the course's
 * cached reads.
 */

/** The teacher's barrage switch of a class time: no row means off. */
export const barrageSwitches = pgTable(
  'barrage_switches',
  {
    classTimeId: integer('class_time_id')
      .primaryKey()
      .references(() => classTimes.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
    changedBy: integer('changed_by')
      .notNull()
      .references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('barrage_switches_changed_by_idx').on(t.changedBy)],
);

/** One bullet comment; a teacher's delete keeps the row (it still counts toward the sender's limits). */
export const barrageMessages = pgTable(
  'barrage_messages',
  {
    id: serial('id').primaryKey(),
    classTimeId: integer('class_time_id')
      .notNull()
      .references(() => classTimes.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** plain text, at most BARRAGE_TEXT_MAX characters */
    content: varchar('content', { length: 200 }).notNull(),
    /** sent with the VIP effect */
    vip: boolean('vip').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
  },
  (t) => [
    index('barrage_messages_class_time_idx').on(t.classTimeId, t.id),
    index('barrage_messages_sender_idx').on(t.classTimeId, t.userId, t.createdAt),
    index('barrage_messages_course_idx').on(t.courseId),
    index('barrage_messages_user_idx').on(t.userId),
    index('barrage_messages_deleted_by_idx').on(t.deletedBy),
  ],
);

/** A grab-answer race: open until decided (RACE_COLLECT_MS after the first press) or closed unanswered. */
export const races = pgTable(
  'races',
  {
    id: serial('id').primaryKey(),
    classTimeId: integer('class_time_id')
      .notNull()
      .references(() => classTimes.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    startedBy: integer('started_by')
      .notNull()
      .references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** the `seq` of the `Tools.raceStart` event: each socket's `sentAt(seq)` is when it was told */
    startSeq: bigint('start_seq', { mode: 'number' }),
    /** set by the first press: presses arriving after it are refused, and the winner is drawn then */
    decideAt: timestamp('decide_at', { withTimezone: true }),
    /** decided (with or without a winner) or closed by the teacher, the class ending or nobody pressing */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    winnerId: integer('winner_id').references(() => users.id),
    winnerReactionMs: integer('winner_reaction_ms'),
  },
  (t) => [
    index('races_class_time_idx').on(t.classTimeId, t.startedAt),
    index('races_course_idx').on(t.courseId),
    index('races_started_by_idx').on(t.startedBy),
    index('races_winner_idx').on(t.winnerId),
    // one open race per class time
    uniqueIndex('races_open_key').on(t.classTimeId).where(sql`${t.closedAt} is null`),
  ],
);

/** One student's press in a race: the first counts, a second changes nothing. */
export const raceEntries = pgTable(
  'race_entries',
  {
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** the corrected reaction (socket) or the raw time since the start (HTTP), ms; smaller wins */
    reactionMs: integer('reaction_ms').notNull(),
    /** 'socket' or 'http' */
    via: text('via').notNull(),
    /** socket presses: the round trip the reaction was corrected by (bounded, decision 021); null for HTTP */
    rttMs: integer('rtt_ms'),
    /** the socket's pongs came back slower than its own press did: its pings are slowed on purpose (decision 021) */
    pongSlowed: boolean('pong_slowed').notNull().default(false),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('race_entries_key').on(t.raceId, t.userId),
    index('race_entries_user_idx').on(t.userId),
    check('race_entries_via_check', sql`${t.via} in ('socket', 'http')`),
  ],
);
