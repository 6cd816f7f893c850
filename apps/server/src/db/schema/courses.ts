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
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Courses (spec 1 §3 Course). Deleted courses stay as rows: they count toward the 50-course cap. */
export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    coursename: varchar('coursename', { length: 50 }).notNull(),
    classname: varchar('classname', { length: 50 }).notNull().default(''),
    venue: varchar('venue', { length: 50 }).notNull().default(''),
    semester: varchar('semester', { length: 9 }).notNull(),
    term: smallint('term').notNull(),
    teachtype: smallint('teachtype').notNull().default(2),
    /** -1 means none */
    studytime: real('studytime').notNull().default(-1),
    code: varchar('code', { length: 6 }).notNull(),
    /** the public portal's address (`/courseDoor?coid=`): unguessable, unlike the course id */
    shareId: varchar('share_id', { length: 32 }).notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    stopcode: smallint('stopcode').notNull().default(0),
    classending: smallint('classending').notNull().default(0),
    /** after the course ends: 1 students may still visit, 0 they see the "access disabled" dialog */
    canvisit: smallint('canvisit').notNull().default(1),
    allowQuit: boolean('allow_quit').notNull().default(true),
    /** template type 1-6, chosen after creation */
    template: smallint('template'),
    enrollstate: varchar('enrollstate', { length: 1 }).notNull().default('1'),
    auditstate: varchar('auditstate', { length: 1 }).notNull().default('0'),
    enrollForm: jsonb('enroll_form').$type<{ key: string; title: string; selected: number }[]>().notNull().default([]),
    maxcount: integer('maxcount').notNull().default(0),
    /** the weekly member-change notice to the teachers: on/off, weekday (0 Sunday … 6 Saturday) and time */
    memberNotify: boolean('member_notify').notNull().default(true),
    memberNotifyDay: smallint('member_notify_day').notNull().default(6),
    memberNotifyTime: varchar('member_notify_time', { length: 5 }).notNull().default('21:30'),
    /** the course home menus as the teacher ordered and named them; empty means the defaults */
    modules: jsonb('modules').$type<{ key: string; name: string }[]>().notNull().default([]),
    /** the course introduction, plain text */
    describes: text('describes').notNull().default(''),
    /** whether students may start topics (spec 2 §6: the teacher can forbid it) */
    studentTopics: boolean('student_topics').notNull().default(true),
    /** a demo course that certified teachers may create their own from (`/createCourseFromDemo`); set by operators */
    isDemo: boolean('is_demo').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('courses_code_key').on(t.code),
    uniqueIndex('courses_share_key').on(t.shareId),
    index('courses_owner_idx').on(t.ownerId),
    // spec 1 §3 Course: term 0 full year, 1 first, 2 second; teachtype 1 online, 2 offline, 3 hybrid;
    // studytime -1 means none, otherwise more than 0; templates 1-6; enrolment flags '0'/'1'
    check('courses_term_check', sql`${t.term} in (0, 1, 2)`),
    check('courses_teachtype_check', sql`${t.teachtype} in (1, 2, 3)`),
    check('courses_studytime_check', sql`${t.studytime} = -1 or ${t.studytime} > 0`),
    check('courses_flags_check', sql`${t.stopcode} in (0, 1) and ${t.classending} in (0, 1) and ${t.canvisit} in (0, 1)`),
    check('courses_template_check', sql`${t.template} between 1 and 6`),
    check('courses_enroll_check', sql`${t.enrollstate} in ('0', '1') and ${t.auditstate} in ('0', '1')`),
    check('courses_maxcount_check', sql`${t.maxcount} >= 0`),
    check('courses_member_notify_day_check', sql`${t.memberNotifyDay} between 0 and 6`),
  ],
);

/** Who belongs to a course and as what, with each member's own pin, archive and order. */
export const courseMembers = pgTable(
  'course_members',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** owner, assistant or student */
    role: varchar('role', { length: 10 }).notNull(),
    isTop: boolean('is_top').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /** the administrative class a student is in, if any */
    classId: integer('class_id').references((): AnyPgColumn => courseClasses.id, { onDelete: 'set null' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.userId] }),
    index('course_members_user_idx').on(t.userId),
    index('course_members_class_idx').on(t.classId),
    check('course_members_role_check', sql`${t.role} in ('owner', 'assistant', 'student')`),
  ],
);

/** Enrolment requests for courses that ask questions or review by hand: 0 pending, 1 approved, 2 rejected. */
export const enrollments = pgTable(
  'enrollments',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: smallint('state').notNull().default(0),
    answers: jsonb('answers').$type<{ title: string; value: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('enrollments_course_user_key').on(t.courseId, t.userId),
    index('enrollments_user_idx').on(t.userId),
    check('enrollments_state_check', sql`${t.state} in (0, 1, 2)`),
  ],
);

/** Administrative classes inside a course (`/FutureV2/ClassAdministration/*`). */
export const courseClasses = pgTable(
  'course_classes',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 20 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('course_classes_name_key').on(t.courseId, t.name)],
);

/** A grouping of a course's students (`/CourseGroupActivityApi`): its kind and caps. */
export const groupSets = pgTable(
  'group_sets',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 30 }).notNull(),
    /** 1 fixed, 2 free, 3 limited */
    type: smallint('type').notNull(),
    membercap: integer('membercap').notNull().default(0),
    groupcap: integer('groupcap').notNull().default(0),
    allowcreate: boolean('allowcreate').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('group_sets_course_idx').on(t.courseId),
    check('group_sets_type_check', sql`${t.type} in (1, 2, 3)`),
    check('group_sets_caps_check', sql`${t.membercap} >= 0 and ${t.groupcap} >= 0`),
  ],
);

/** The groups of a grouping (`/CourseGroupApi`). */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    setId: integer('set_id')
      .notNull()
      .references(() => groupSets.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 30 }).notNull(),
    leaderId: integer('leader_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('groups_set_idx').on(t.setId),
    index('groups_leader_idx').on(t.leaderId),
    index('groups_created_by_idx').on(t.createdBy),
  ],
);

/** Who is in which group; a student is in at most one group per grouping. */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    setId: integer('set_id')
      .notNull()
      .references(() => groupSets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    uniqueIndex('group_members_set_user_key').on(t.setId, t.userId),
    index('group_members_user_idx').on(t.userId),
  ],
);

/** Joins and leaves, for the weekly member-change notice. */
export const memberEvents = pgTable(
  'member_events',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    /** join or leave */
    kind: varchar('kind', { length: 8 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_events_course_idx').on(t.courseId, t.at),
    check('member_events_kind_check', sql`${t.kind} in ('join', 'leave')`),
  ],
);

/** Class times (上课): a teacher begins and ends a class in a course; the course list shows "in class" meanwhile. */
export const classTimes = pgTable(
  'class_times',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    startedBy: integer('started_by')
      .notNull()
      .references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('class_times_course_idx').on(t.courseId, t.startedAt),
    index('class_times_started_by_idx').on(t.startedBy),
    // one open class time per course
    uniqueIndex('class_times_open_key').on(t.courseId).where(sql`${t.endedAt} is null`),
  ],
);
