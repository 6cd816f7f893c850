import {
  type CourseCreateInput,
  FREE_TEACHER_COURSE_CAP,
  JOIN_CODE_LENGTH,
  type Language,
  type semesterCourseListInput,
  type semesterListInput,
} from '@paiclass/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { courseMembers, courses, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { numericCode } from '../../platform/tokens';
import { inTransaction } from '../../platform/transaction';
import { inClassSql } from '../classtime/state';
import { inMeetingSql, liveNowSql, nextMeetingEdgeSql } from '../live/state';
import { type CourseRole, canCreateCourse, overFreeCap } from './courses.policy';
import { authorize, presentOne, studentTotal, userCourseTags } from './courses.queries';
import { scheduleMemberNotice } from './member-notice';
import { bit, presentCourse, presentListedCourse, termText } from './presenters';

/** Draws join codes until one is free: the unique index decides, so two instances never share a code. */
async function withFreshCode<T>(attempt: (code: string) => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 50; i++) {
    const done = await attempt(numericCode(JOIN_CODE_LENGTH));
    if (done !== undefined) return done;
  }
  throw new Error('no free join code after 50 draws');
}

/** Inserts a course with a fresh unique 6-digit join code. */
export function insertCourseWithCode(db: Db, values: Omit<typeof courses.$inferInsert, 'code'>) {
  return withFreshCode(async (code) => {
    const [row] = await db
      .insert(courses)
      .values({ ...values, code })
      .onConflictDoNothing()
      .returning();
    return row;
  });
}

/**
 * Creates a course owned by the caller, with a unique 6-digit join code. Refuses students (40003)
 * and a non-VIP teacher who has created 50 courses, deleted and archived ones included (30301).
 */
export async function createCourse(ctx: AppContext, user: User, input: CourseCreateInput, lang: Language) {
  if (!canCreateCourse(user)) throw fail('forbidden');
  // the course, its owner and its weekly member notice commit together
  const course = await inTransaction(ctx, async (t) => {
    const tx = t.db;
    // one creation at a time per teacher, so two quick requests cannot pass the cap together
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`courses:${user.id}`}))`);
    const [created] = await tx.select({ n: count() }).from(courses).where(eq(courses.ownerId, user.id));
    if (overFreeCap(user, created?.n ?? 0, FREE_TEACHER_COURSE_CAP)) throw fail('vipRequired');
    const course = await insertCourseWithCode(tx, {
      ownerId: user.id,
      coursename: input.coursename,
      classname: input.classname,
      venue: input.venue,
      semester: input.semester,
      term: input.term,
      teachtype: input.teachtype ?? 2,
      studytime: input.studytime,
    });
    await tx.insert(courseMembers).values({ courseId: course.id, userId: user.id, role: 'owner' });
    await scheduleMemberNotice(t, course);
    return course;
  });
  return presentCourse(
    course,
    { role: 'owner', isTop: false, archived: false },
    { teacherName: user.username, total: 0, lang, profile: user },
  );
}

/** Edits a course's form fields: the owner or an assistant. */
export async function editCourse(ctx: AppContext, user: User, id: number, input: CourseCreateInput, lang: Language) {
  const m = await authorize(ctx, user, id, 'edit');
  const [course] = await ctx.db
    .update(courses)
    .set({
      coursename: input.coursename,
      classname: input.classname,
      venue: input.venue,
      semester: input.semester,
      term: input.term,
      teachtype: input.teachtype ?? m.course.teachtype,
      studytime: input.studytime,
    })
    .where(eq(courses.id, id))
    .returning();
  return presentOne(ctx, course!, m, lang, user);
}

/** The roles a list tab shows: the study tab, or the teaching tab (all of it, or taught or assisted). */
function listRoles(input: { isstudy: number; type?: 'teach' | 'assist' }) {
  if (input.isstudy === 1) return ['student'];
  return input.type === 'teach' ? ['owner'] : input.type === 'assist' ? ['assistant'] : ['owner', 'assistant'];
}

/** A search for `ilike`, with its wildcards taken literally; '' for none. */
const searchPattern = (search: string) => (search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '');

/** The caller's memberships that a list shows: not deleted, not archived, by tab and search. */
function listFilter(userId: number, input: { isstudy: number; search: string; type?: 'teach' | 'assist' }) {
  const search = searchPattern(input.search);
  return and(
    eq(courseMembers.userId, userId),
    isNull(courses.deletedAt),
    eq(courseMembers.archived, false),
    inArray(courseMembers.role, listRoles(input)),
    search ? or(ilike(courses.coursename, search), ilike(courses.classname, search)) : undefined,
  );
}

/**
 * The course list's one query, built once per database and prepared: every app-open asks it, so its
 * SQL is not rebuilt per call, and it reads only the columns a list item shows. The tab, search,
 * year and term are parameters ('' or -1 for "all").
 */
const courseListQuery = preparedPerDatabase((db) => {
  const p = (name: string) => sql.placeholder(name);
  return db
    .select({
      id: courses.id,
      shareId: courses.shareId,
      coursename: courses.coursename,
      classname: courses.classname,
      code: courses.code,
      stopcode: courses.stopcode,
      classending: courses.classending,
      canvisit: courses.canvisit,
      semester: courses.semester,
      term: courses.term,
      venue: courses.venue,
      teachtype: courses.teachtype,
      studytime: courses.studytime,
      describes: courses.describes,
      role: courseMembers.role,
      isTop: courseMembers.isTop,
      archived: courseMembers.archived,
      ownerId: courses.ownerId,
      teacherName: users.username,
      total: studentTotal,
      inClass: inClassSql,
      inMeeting: inMeetingSql,
      liveNow: liveNowSql,
      meetingEdge: nextMeetingEdgeSql,
    })
    .from(courseMembers)
    .innerJoin(courses, eq(courses.id, courseMembers.courseId))
    .innerJoin(users, eq(users.id, courses.ownerId))
    .where(
      and(
        eq(courseMembers.userId, p('userId')),
        isNull(courses.deletedAt),
        eq(courseMembers.archived, false),
        sql`${courseMembers.role} = any(string_to_array(${p('roles')}, ','))`,
        sql`(${p('search')} = '' or ${courses.coursename} ilike ${p('search')} or ${courses.classname} ilike ${p('search')})`,
        sql`(${p('semester')} = '' or ${courses.semester} = ${p('semester')})`,
        sql`(${p('term')}::int < 0 or ${courses.term} = ${p('term')}::int)`,
      ),
    )
    .orderBy(desc(courseMembers.isTop), asc(courseMembers.sortOrder), desc(courses.id))
    .prepare('course_list');
});

/** `/CourseApi/semesterList`: the caller's academic years and terms, newest first. */
export async function listSemesters(ctx: AppContext, user: User, input: z.infer<typeof semesterListInput>, lang: Language) {
  const rows = await ctx.db
    .selectDistinct({ semester: courses.semester, term: courses.term })
    .from(courseMembers)
    .innerJoin(courses, eq(courses.id, courseMembers.courseId))
    .where(listFilter(user.id, input))
    .orderBy(desc(courses.semester), desc(courses.term));
  return { semester: rows.map((r) => ({ semester: r.semester, term: r.term, termTxt: termText(lang, r.term) })) };
}

/** `/CourseApi/semesterCourseList`: the caller's courses, pinned first, then in the caller's order. */
export function listCourses(ctx: AppContext, user: User, input: z.infer<typeof semesterCourseListInput>, lang: Language) {
  const key = `courses ${user.id} ${lang} ${input.isstudy} ${input.type ?? ''} ${input.semester} ${input.term} ${input.search}`;
  return ctx.reads.remember(key, async () => {
    const [value, tags] = await Promise.all([readCourseList(ctx, user, input, lang), userCourseTags(ctx, user.id)]);
    // a meeting starting or ending changes a label with no write: the kept list ends then
    return { value: value.list, tags: [...tags, ...value.owners], until: value.until };
  });
}

/** The earliest meeting start or end among the listed courses, in ms; undefined when none is ahead. */
function meetingEdge(edges: (number | string | null)[]) {
  const ahead = edges.filter((e) => e !== null).map(Number);
  return ahead.length ? Math.min(...ahead) * 1000 : undefined;
}

async function readCourseList(ctx: AppContext, user: User, input: z.infer<typeof semesterCourseListInput>, lang: Language) {
  const allSemesters = input.semester === '' || input.semester === '0';
  // Ketangpai clients send `semester: "", term: "0"` for every course; "0" names the full-year
  // term only together with a semester
  const allTerms = input.term === '' || (allSemesters && input.term === '0');
  const rows = await courseListQuery(ctx.db).execute({
    userId: user.id,
    roles: listRoles(input).join(','),
    search: searchPattern(input.search),
    semester: allSemesters ? '' : input.semester,
    term: allTerms ? -1 : Number(input.term),
  });
  return {
    list: rows.map((r) =>
      presentListedCourse(
        presentCourse(
          r,
          { role: r.role as CourseRole, isTop: r.isTop, archived: r.archived },
          {
            teacherName: r.teacherName,
            total: Number(r.total),
            lang,
            inClass: Boolean(r.inClass),
            inMeeting: Boolean(r.inMeeting),
            liveNow: Boolean(r.liveNow),
            profile: user,
          },
        ),
      ),
    ),
    // the teacher's name is shown: a rename changes the list
    owners: rows.map((r) => `u${r.ownerId}`),
    until: meetingEdge(rows.map((r) => r.meetingEdge)),
  };
}

/** A new join code for the course; the old one stops working at once. Owner only. */
export async function resetJoinCode(ctx: AppContext, user: User, courseId: number) {
  await authorize(ctx, user, courseId, 'manageCode');
  const code = await withFreshCode(async (next) => {
    const [row] = await ctx.db
      .update(courses)
      .set({ code: next })
      .where(and(eq(courses.id, courseId), sql`not exists (select 1 from ${courses} c where c.code = ${next})`))
      .returning({ code: courses.code });
    return row?.code;
  });
  return { code };
}

/** Stops or re-enables joining by code. Owner only. */
export async function setJoinCodeStopped(ctx: AppContext, user: User, courseId: number, stopped: boolean) {
  await authorize(ctx, user, courseId, 'manageCode');
  await ctx.db
    .update(courses)
    .set({ stopcode: stopped ? 1 : 0 })
    .where(eq(courses.id, courseId));
  return { stopcode: bit(stopped) };
}

/** Pins or unpins a course in the caller's own list. */
export async function setCoursePinned(ctx: AppContext, user: User, courseId: number, pinned: boolean) {
  await authorize(ctx, user, courseId, 'pin');
  await ctx.db
    .update(courseMembers)
    .set({ isTop: pinned })
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, user.id)));
  return { isTop: bit(pinned) };
}

/** Archives or restores a course in the caller's own list (spec 1 §4: active ⇄ archived). */
export async function setCourseArchived(ctx: AppContext, user: User, courseId: number, archived: boolean) {
  await authorize(ctx, user, courseId, 'archive');
  await ctx.db
    .update(courseMembers)
    .set({ archived })
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, user.id)));
  return { archived: bit(archived) };
}
