import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { courses } from './courses';

/**
 * Attendance (spec 2 §3 Attendance; issue 13): one check-in a teacher starts in a course. It is open
 * from `createdAt` until `endsAt` (start + duration) or until the teacher ends it (`endedAt`); a
 * deleted one stays as a row so that a late check-in hears "deleted" (spec 2 §8).
 */
export const attendances = pgTable(
  'attendances',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** 0 roll call, 1 number, 2 GPS, 3 QR, 4 check-in/check-out */
    type: smallint('type').notNull(),
    title: varchar('title', { length: 50 }).notNull(),
    /** minutes */
    duration: integer('duration').notNull(),
    /** the next attendance the teacher planned */
    nextAt: timestamp('next_at', { withTimezone: true }),
    /** number attendance: the code students type; never sent to them */
    code: varchar('code', { length: 8 }),
    /** GPS attendance: the geofence; never sent to students */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    radius: integer('radius'),
    address: varchar('address', { length: 100 }).notNull().default(''),
    /** check-in/check-out: when check-out opens */
    checkoutAt: timestamp('checkout_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** ended by the teacher, or by the end job at `endsAt` */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('attendances_course_idx').on(t.courseId, t.createdAt),
    // deleting a user sets created_by null: the foreign key needs an index to find the rows
    index('attendances_created_by_idx').on(t.createdBy),
    check('attendances_type_check', sql`${t.type} between 0 and 4`),
    check('attendances_duration_check', sql`${t.duration} between 1 and 1440`),
    check(
      'attendances_gps_check',
      sql`${t.type} <> 2 or (${t.latitude} is not null and ${t.longitude} is not null and ${t.radius} > 0)`,
    ),
    check('attendances_code_check', sql`${t.type} <> 1 or ${t.code} is not null`),
  ],
);

/**
 * A student's record in one attendance: one row per (attendance, student), so retries never add a
 * second one; the first check-in time is kept. `state` is spec 2 §4's status (0-7); a student with no
 * row is waiting (100) while the attendance is open and absent (1) once it has ended.
 */
export const attendanceRecords = pgTable(
  'attendance_records',
  {
    attendanceId: integer('attendance_id')
      .notNull()
      .references(() => attendances.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the course, for the change feed's tags and per-course statistics */
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    state: smallint('state').notNull(),
    /** 1 checked in, 2 checked out, 3 set by the teacher */
    recordStatus: smallint('record_status').notNull(),
    checkinAt: timestamp('checkin_at', { withTimezone: true }),
    checkoutAt: timestamp('checkout_at', { withTimezone: true }),
    /** the teacher set the status by hand */
    manual: boolean('manual').notNull().default(false),
    /** the phone could not locate and the student continued: abnormal (spec 2 §8) */
    unusual: boolean('unusual').notNull().default(false),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracy: doublePrecision('accuracy'),
    /** the client address of the socket (or of the trusted proxy's header, when configured) */
    address: varchar('address', { length: 45 }).notNull().default(''),
    device: varchar('device', { length: 100 }).notNull().default(''),
    clienttype: varchar('clienttype', { length: 40 }).notNull().default(''),
    /** QR: the ticket scanned */
    ticketId: varchar('ticket_id', { length: 100 }),
    /** the client's request id of the check-in: its retry answers the same success */
    requestKey: varchar('request_key', { length: 64 }),
    /** why the check-in is flagged (RISK_REASONS) */
    risk: jsonb('risk').$type<string[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.attendanceId, t.userId] }),
    index('attendance_records_user_idx').on(t.userId, t.checkinAt),
    index('attendance_records_course_idx').on(t.courseId),
    index('attendance_records_device_idx').on(t.attendanceId, t.device),
    index('attendance_records_ticket_idx').on(t.ticketId),
    check('attendance_records_state_check', sql`${t.state} between 0 and 7`),
    check('attendance_records_status_check', sql`${t.recordStatus} between 1 and 3`),
  ],
);

/**
 * GPS check-ins refused as outside the geofence, per student and attendance (decision 013): after
 * GPS_MAX_REFUSALS the student may not try again (30330), and from GPS_PROBE_FLAG on the teacher sees
 * the student flagged (`gpsProbing`) whether or not they checked in later. Not on the change feed: no
 * cached answer reads it.
 */
export const attendanceRefusals = pgTable(
  'attendance_refusals',
  {
    attendanceId: integer('attendance_id')
      .notNull()
      .references(() => attendances.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refusals: integer('refusals').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.attendanceId, t.userId] }),
    index('attendance_refusals_user_idx').on(t.userId),
    check('attendance_refusals_count_check', sql`${t.refusals} >= 0`),
  ],
);
