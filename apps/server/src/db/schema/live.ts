import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, smallint, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { contents } from './content';
import { courses } from './courses';

/**
 * Who joined a live (type 20), a recorded lesson (21) or a meeting (22), and for how long (issue 26,
 * `watchLiveLog`): one row per item and person. `liveSeconds` counts time while the live was on (or
 * the meeting in progress), `replaySeconds` time afterwards; the statistics joinLiveCount,
 * noJoinVisitCount and joinVisitCount are read from them.
 */
export const contentWatchLogs = pgTable(
  'content_watch_logs',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 when the person was there while it was on */
    joinedLive: integer('joined_live').notNull().default(0),
    /** 1 when the person came afterwards (a replay, a recorded lesson) */
    visited: integer('visited').notNull().default(0),
    liveSeconds: integer('live_seconds').notNull().default(0),
    replaySeconds: integer('replay_seconds').notNull().default(0),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.userId] }),
    index('content_watch_logs_user_idx').on(t.userId),
    check('content_watch_logs_seconds_check', sql`${t.liveSeconds} >= 0 and ${t.replaySeconds} >= 0`),
  ],
);

/**
 * The built-in small meeting (decision 041): one row each time a person joins a room of a course's
 * meetings, closed (`leftAt`) when they leave or their socket ends. An open row seen within the last
 * three heartbeats (`seenAt`) makes them a member: who may signal to whom, the cap of 8, and who
 * is given TURN credentials; the rows together are the record of who was there and for how long.
 */
export const meetingPresences = pgTable(
  'meeting_presences',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** the room of the course: 1 office hours, 2–9 group rooms */
    room: smallint('room').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    index('meeting_presences_room_idx').on(t.courseId, t.room, t.joinedAt),
    index('meeting_presences_user_idx').on(t.userId),
    check('meeting_presences_room_check', sql`${t.room} between 1 and 9`),
  ],
);
