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
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { courses } from './courses';

/** Schools and institutions that certify their people (spec 1 §3 Certified institution). */
export const institutions = pgTable(
  'institutions',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    /** its people are asked to certify, and courses bound to its timetable admit only certified students (join status 103) */
    requireAttest: boolean('require_attest').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('institutions_name_key').on(sql`lower(${t.name})`)],
);

/** An institution's roster: who may certify, by usertype, number and real name; `userId` once certified. */
export const institutionPeople = pgTable(
  'institution_people',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    usertype: smallint('usertype').notNull(),
    realname: varchar('realname', { length: 30 }).notNull(),
    realstno: varchar('realstno', { length: 20 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    certifiedAt: timestamp('certified_at', { withTimezone: true }),
    /** where a certification code is sent to prove the identity (from the roster import) */
    mobile: varchar('mobile', { length: 20 }),
    email: varchar('email', { length: 100 }),
    /** SHA-256 of the one-time activation code the school hands out; cleared once used */
    activationHash: varchar('activation_hash', { length: 64 }),
  },
  (t) => [
    uniqueIndex('institution_people_key').on(t.institutionId, t.usertype, t.realstno),
    uniqueIndex('institution_people_user_key').on(t.institutionId, t.userId),
    index('institution_people_user_idx').on(t.userId),
  ],
);

/** The institution's timetable (spec 1 §3 Scheduled course): `courseId` is the course it is bound to (classid). */
export const teachClasses = pgTable(
  'teach_classes',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    teachClass: varchar('teach_class', { length: 64 }).notNull(),
    coursename: varchar('coursename', { length: 50 }).notNull(),
    classname: varchar('classname', { length: 50 }).notNull().default(''),
    semester: varchar('semester', { length: 9 }).notNull(),
    term: smallint('term').notNull(),
    teacherStno: varchar('teacher_stno', { length: 20 }).notNull(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('teach_classes_key').on(t.institutionId, t.teachClass),
    index('teach_classes_teacher_idx').on(t.institutionId, t.teacherStno),
    index('teach_classes_course_idx').on(t.courseId),
  ],
);

/** The students a scheduled course lists, by student number. */
export const teachClassStudents = pgTable(
  'teach_class_students',
  {
    teachClassId: integer('teach_class_id')
      .notNull()
      .references(() => teachClasses.id, { onDelete: 'cascade' }),
    stno: varchar('stno', { length: 20 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.teachClassId, t.stno] }), index('teach_class_students_stno_idx').on(t.stno)],
);

/**
 * A certification waiting for the institution's operator (no code proved it): what the caller typed,
 * whether or not it is on the roster. state 0 pending, 1 approved, 2 refused.
 */
export const attestClaims = pgTable(
  'attest_claims',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usertype: smallint('usertype').notNull(),
    realname: varchar('realname', { length: 30 }).notNull(),
    realstno: varchar('realstno', { length: 20 }).notNull(),
    state: smallint('state').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // one open claim per account and institution; decided ones stay as a record
    uniqueIndex('attest_claims_pending_key').on(t.institutionId, t.userId).where(sql`${t.state} = 0`),
    index('attest_claims_user_idx').on(t.userId),
    check('attest_claims_check', sql`${t.usertype} in (0, 1) and ${t.state} in (0, 1, 2)`),
  ],
);

/**
 * Institution VIP (issue 28, decision 039): an institution's operator grants its certified teacher
 * institution VIP (3) or institution super VIP (4) for a period; one grant per institution and teacher,
 * granted again to change it, revoked by ending it. The teacher's `inst_vip` columns hold the grant in force.
 */
export const institutionVipGrants = pgTable(
  'institution_vip_grants',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    beginsAt: timestamp('begins_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('institution_vip_grants_key').on(t.institutionId, t.userId),
    index('institution_vip_grants_user_idx').on(t.userId),
    check('institution_vip_grants_level_check', sql`${t.level} in (3, 4)`),
    check('institution_vip_grants_period_check', sql`${t.endsAt} >= ${t.beginsAt}`),
  ],
);

/**
 * Operators (decision 053): user accounts granted the admin page by `npm run operator -- grant`.
 * `institution_id` null: a platform operator (issues invoices, grants any institution's VIP); set:
 * an operator of that institution only (grants its certified teachers institution VIP).
 */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    institutionId: integer('institution_id').references(() => institutions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // one platform row per user, one row per user and institution
    uniqueIndex('operators_platform_key').on(t.userId).where(sql`${t.institutionId} is null`),
    uniqueIndex('operators_institution_key').on(t.userId, t.institutionId).where(sql`${t.institutionId} is not null`),
    index('operators_user_idx').on(t.userId),
    index('operators_institution_idx').on(t.institutionId),
  ],
);
