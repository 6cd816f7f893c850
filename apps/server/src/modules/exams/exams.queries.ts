import { CONTENT_TYPES } from '@paiclass/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { preparedPerDatabase } from '../../db/prepared';
import { contents, courseMembers, testItems, tests } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { canSee } from '../content/content.policy';
import { courseRole } from '../content/content.service';
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
  const m = await courseRole(ctx, user, courseId);
  const [row] = await testQuery(ctx.db).execute({ id, courseId });
  if (!row || !canSee(m.role, row.item)) throw fail('notFound');
  const { item, test } = row;
  if (item.contenttype !== CONTENT_TYPES.test || item.itemType !== 1) throw fail('notFound');
  return { item, test, m };
}
export type TestAccess = Awaited<ReturnType<typeof loadTest>>;
/** The item and its settings in one read, built and prepared once: every start, save and hand-in of an exam storm comes here. */
const testQuery = preparedPerDatabase((db) =>
  db
    .select({ item: contents, test: tests })
    .from(contents)
    .innerJoin(tests, eq(tests.contentId, contents.id))
    .where(
      and(eq(contents.id, sql.placeholder('id')), eq(contents.courseId, sql.placeholder('courseId')), isNull(contents.deletedAt)),
    )
    .prepare('exam_test'),
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
