import { CONTENT_TYPES } from '@paiclass/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { preparedPerDatabase } from '../../db/prepared';
import { contents, courseMembers, courses, testAttempts, testExtraTimes, testItems, tests } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { canSee } from '../content/content.policy';
import { courseRole } from '../content/content.service';
import { type Membership, refuseClosedCourse } from '../courses/courses.queries';
import { managesTests, type TestTimes } from './exams.policy';
import type { Item } from './presenters';

/**
 * Test reads shared by the bank, paper and attempt services, so that they import reads, never each
 * other in a circle.
 */

export type Test = typeof tests.$inferSelect;
export type TestItemRow = typeof contents.$inferSelect;

/** A course the caller keeps tests in (teacher or assistant); a stranger 30202, a student 40003. */
export async function requireTestManager(ctx: AppContext, user: User, courseId: number) {
  const m = await courseRole(ctx, user, courseId);
  if (!managesTests(m.role)) throw fail('forbidden');
  return m;
}

/**
 * A test of a course the caller belongs to, with its settings and the caller's membership (checked
 * once). A draft is "not found" for a student, as any unpublished item.
 */
export async function loadTest(ctx: AppContext, user: User, courseId: number, id: number) {
  return accessOf(await testAccessQuery(ctx.db).execute({ userId: user.id, courseId, id }));
}
/** A test and its course as the paper and result services take them (the extra minutes only where a student's own are read). */
export type TestAccess = Omit<Awaited<ReturnType<typeof loadTest>>, 'extra'>;

/** `loadTest` with the caller's own attempts at the test, oldest first, in the same read: a student's start. */
export async function loadTestAndAttempts(ctx: AppContext, user: User, courseId: number, id: number) {
  const rows = await testStartQuery(ctx.db).execute({ userId: user.id, courseId, id });
  return { ...accessOf(rows), attempts: rows.flatMap((r) => (r.attempt ? [r.attempt] : [])) };
}

/** The access the rows of either read give: 30202 without a membership, 30313 for a closed course, 30204 without the test. */
function accessOf(rows: Awaited<ReturnType<ReturnType<typeof testAccessQuery>['execute']>>) {
  const [row] = rows;
  if (!row) throw fail('courseGone');
  const m: Membership = { course: row.course, role: row.role as Membership['role'], isTop: row.isTop, archived: row.archived };
  refuseClosedCourse(m);
  const { item, test } = row;
  if (!item || !test || !canSee(m.role, item)) throw fail('notFound');
  if (item.contenttype !== CONTENT_TYPES.test || item.itemType !== 1) throw fail('notFound');
  return { item, test, m, extra: row.extra ?? 0 };
}

/*
 * The caller's membership, the test with its settings and the caller's extra minutes, in one read
 * built and prepared once: every start, save and hand-in of an exam storm comes here, and each round
 * trip to the database costs the busy server a socket write and PostgreSQL a wake-up (decision 058).
 * No membership is no row; a missing or deleted test leaves `item` and `test` null. The start's read
 * adds the caller's attempts: a row each (none is one row with a null attempt).
 */
const accessFields = {
  course: courses,
  role: courseMembers.role,
  isTop: courseMembers.isTop,
  archived: courseMembers.archived,
  item: contents,
  test: tests,
  extra: testExtraTimes.minutes,
};
const theTest = and(
  eq(contents.id, sql.placeholder('id')),
  eq(contents.courseId, courseMembers.courseId),
  isNull(contents.deletedAt),
);
const ownExtraTime = and(eq(testExtraTimes.contentId, contents.id), eq(testExtraTimes.userId, courseMembers.userId));
const callersMembership = and(
  eq(courseMembers.userId, sql.placeholder('userId')),
  eq(courseMembers.courseId, sql.placeholder('courseId')),
  isNull(courses.deletedAt),
);
const testAccessQuery = preparedPerDatabase((db) =>
  db
    .select(accessFields)
    .from(courseMembers)
    .innerJoin(courses, eq(courses.id, courseMembers.courseId))
    .leftJoin(contents, theTest)
    .leftJoin(tests, eq(tests.contentId, contents.id))
    .leftJoin(testExtraTimes, ownExtraTime)
    .where(callersMembership)
    .prepare('exam_access'),
);
const testStartQuery = preparedPerDatabase((db) =>
  db
    .select({ ...accessFields, attempt: testAttempts })
    .from(courseMembers)
    .innerJoin(courses, eq(courses.id, courseMembers.courseId))
    .leftJoin(contents, theTest)
    .leftJoin(tests, eq(tests.contentId, contents.id))
    .leftJoin(testExtraTimes, ownExtraTime)
    .leftJoin(testAttempts, and(eq(testAttempts.contentId, contents.id), eq(testAttempts.userId, courseMembers.userId)))
    .where(callersMembership)
    .orderBy(asc(testAttempts.attemptNo))
    .prepare('exam_start'),
);

/** A test the caller manages; others get 40003. */
export async function requireManagedTest(ctx: AppContext, user: User, courseId: number, id: number) {
  const loaded = await loadTest(ctx, user, courseId, id);
  if (!managesTests(loaded.m.role)) throw fail('forbidden');
  return loaded;
}

/** The times a test's rules read. */
export const timesOf = (item: { publishState: number; endAt: Date | null }, test: Test): TestTimes => ({
  publishState: item.publishState,
  endAt: item.endAt,
  beginAt: test.beginAt,
  endedAt: test.endedAt,
  timeLimit: test.timeLimit,
  offline: test.offline,
});

/**
 * The frozen paper of a test (every copy it may use), read once per test and version and kept in
 * memory: a published paper changes only with a new version (publishing, regrading), so a storm
 * of starts reads it once per instance. Per app (its config), so two apps in one process never share.
 */
const paperCache = new WeakMap<Config, Map<string, Item[]>>();
const PAPER_CACHE_SIZE = 64;

export async function paperItems(ctx: AppContext, contentId: number, version: number): Promise<Item[]> {
  let cache = paperCache.get(ctx.config);
  if (!cache) {
    cache = new Map();
    paperCache.set(ctx.config, cache);
  }
  const key = `${contentId}:${version}`;
  const hit = cache.get(key);
  if (hit) {
    // least recently used goes first
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const rows = await ctx.db
    .select()
    .from(testItems)
    .where(eq(testItems.contentId, contentId))
    .orderBy(asc(testItems.draw), asc(testItems.sort), asc(testItems.id));
  cache.set(key, rows);
  if (cache.size > PAPER_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return rows;
}

/** Whether every one of `uids` (no repeats) is a student of the course: extra time, offline scores. */
export async function allStudentsOf(ctx: AppContext, courseId: number, uids: number[]) {
  const found = await ctx.db
    .select({ id: courseMembers.userId })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.role, 'student'), inArray(courseMembers.userId, uids)));
  return found.length === uids.length;
}
