import { type DemoCreateInput, type Language, USERTYPE_TEACHER } from '@paiclass/shared';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contents, courses, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { copyCatalogue } from '../content/copy';
import { cloneCourse } from './lifecycle.service';
import { bit, termText } from './presenters';

/**
 * Who may create a course from a demo (spec 1 §6 "specific users only"): teachers certified with an
 * institution, or with an institution VIP (isvip 3 or 4). See decision 005.
 */
export const mayCreateFromDemo = (user: User) =>
  user.usertype === USERTYPE_TEACHER && (user.atteststate === 1 || user.isvip >= 3);

const demoFilter = and(eq(courses.isDemo, true), isNull(courses.deletedAt));

/** `/CourseApi/demoCourseList`: the demo courses, and whether the caller may create from them (teachers only). */
export async function listDemoCourses(ctx: AppContext, user: User, lang: Language) {
  if (user.usertype !== USERTYPE_TEACHER) throw fail('forbidden');
  const rows = await ctx.db
    .select({ course: courses, username: users.username })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.ownerId))
    .where(demoFilter)
    .orderBy(courses.id);
  const counts = rows.length
    ? await ctx.db
        .select({ courseId: contents.courseId, n: count() })
        .from(contents)
        .where(
          and(
            inArray(
              contents.courseId,
              rows.map((r) => r.course.id),
            ),
            isNull(contents.deletedAt),
            eq(contents.itemType, 1),
          ),
        )
        .groupBy(contents.courseId)
    : [];
  const items = new Map(counts.map((c) => [c.courseId, c.n]));
  return {
    allowed: bit(mayCreateFromDemo(user)),
    list: rows.map(({ course, username }) => ({
      id: course.id,
      coursename: course.coursename,
      classname: course.classname,
      username,
      semester: course.semester,
      term: course.term,
      termTxt: termText(lang, course.term),
      describes: course.describes,
      items: items.get(course.id) ?? 0,
    })),
  };
}

/**
 * `/CourseApi/createCourseFromDemo`: a new course of the caller from a demo course's settings and its
 * catalogue (materials, MOOC items, topics, notices, as drafts). Counts toward the free cap.
 */
export async function createCourseFromDemo(ctx: AppContext, user: User, input: DemoCreateInput, lang: Language) {
  if (!mayCreateFromDemo(user)) throw fail('forbidden');
  const [demo] = await ctx.db
    .select()
    .from(courses)
    .where(and(eq(courses.id, input.demoid), demoFilter));
  if (!demo) throw fail('notFound');
  let copied = 0;
  const course = await cloneCourse(
    ctx,
    user,
    demo,
    { coursename: input.coursename, classname: input.classname, semester: input.semester, term: input.term },
    lang,
    async (tx, made) => {
      copied = await copyCatalogue(tx, demo.id, made.id, user.id);
    },
  );
  return { ...course, copied };
}

/** Marks a course as a demo course or not (operators: `npm run course:demo`; the development server). */
export async function setDemoCourse(db: Db, courseId: number, demo: boolean) {
  const [row] = await db
    .update(courses)
    .set({ isDemo: demo })
    .where(eq(courses.id, courseId))
    .returning({ id: courses.id, isDemo: courses.isDemo });
  if (!row) throw fail('notFound');
  return { courseid: row.id, demo: row.isDemo ? (1 as const) : (0 as const) };
}
