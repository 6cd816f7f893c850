import type { OfflineScores, OfflineScoresInput } from '@paiclass/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { courseMembers, testOfflineScores, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, badField, fail } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import { scoreReleased } from './exams.policy';
import { allStudentsOf, requireManagedTest, type TestAccess } from './exams.queries';

/*
 * Offline tests (issue 14, decision 017): taken on paper, so nobody starts them here; the teacher or
 * an assistant types each student's score on the test. The scores reach the score book as an online
 * paper's would, and a student as the test's release setting allows.
 */

/** A staff member's offline test, or 30915 for an online one. */
async function offlineTest(ctx: AppContext, user: User, courseId: number, id: number) {
  const access = await requireManagedTest(ctx, user, courseId, id);
  if (!access.test.offline) throw fail('testOnline');
  return access;
}

async function present(ctx: AppContext, { item, test }: TestAccess): Promise<OfflineScores> {
  const [students, typed] = await Promise.all([
    ctx.db
      .select({ uid: users.id, username: users.username, avatar: users.avatar, stno: users.stno })
      .from(courseMembers)
      .innerJoin(users, eq(users.id, courseMembers.userId))
      .where(and(eq(courseMembers.courseId, item.courseId), eq(courseMembers.role, 'student')))
      .orderBy(asc(users.stno), asc(users.id)),
    ctx.db
      .select({ userId: testOfflineScores.userId, score: testOfflineScores.score })
      .from(testOfflineScores)
      .where(eq(testOfflineScores.contentId, item.id)),
  ]);
  const byUser = new Map(typed.map((t) => [t.userId, t.score]));
  const list = students.map((s) => ({ ...s, avatar: s.avatar ?? '', stno: s.stno ?? '', score: byUser.get(s.uid) ?? null }));
  return {
    testpaperid: item.id,
    title: item.title,
    totalScore: test.totalScore,
    released: scoreReleased(test, 0) ? 1 : 0,
    scored: list.filter((s) => s.score !== null).length,
    list,
  };
}

/** `/TestpaperApi/offlineScores`: the course's students with the scores typed so far (owner, assistants). */
export async function offlineScores(ctx: AppContext, user: User, courseId: number, id: number) {
  return present(ctx, await offlineTest(ctx, user, courseId, id));
}

/**
 * `/TestpaperApi/setOfflineScores`: types (or, with null, clears) scores of students of the course,
 * each from 0 to the paper's total with one decimal at most. Every row is checked before the first
 * write; one wrong row changes nothing.
 */
export async function setOfflineScores(ctx: AppContext, user: User, input: OfflineScoresInput) {
  const access = await offlineTest(ctx, user, input.courseid, input.id);
  const { item, test } = access;
  const max = test.totalScore;
  for (const row of input.scores)
    if (row.score !== null && (row.score < 0 || row.score > max || Math.round(row.score * 10) !== row.score * 10))
      throw new AppError('badInput', 'validation.offlineScore', { max });
  const uids = [...new Set(input.scores.map((r) => r.uid))];
  if (!(await allStudentsOf(ctx, item.courseId, uids))) throw badField('validation.offlineStudent', ['scores']);
  // the last row for a student wins, as a form sends its latest value
  const latest = new Map(input.scores.map((r) => [r.uid, r.score]));
  const set = [...latest].filter((e): e is [number, number] => e[1] !== null);
  const cleared = [...latest].filter(([, score]) => score === null).map(([uid]) => uid);
  await inTransaction(ctx, async (t) => {
    if (set.length)
      await t.db
        .insert(testOfflineScores)
        .values(set.map(([userId, score]) => ({ contentId: item.id, userId, courseId: item.courseId, score, scoredBy: user.id })))
        .onConflictDoUpdate({
          target: [testOfflineScores.contentId, testOfflineScores.userId],
          set: { score: sql`excluded.score`, scoredBy: user.id, updatedAt: sql`now()` },
        });
    if (cleared.length)
      await t.db
        .delete(testOfflineScores)
        .where(and(eq(testOfflineScores.contentId, item.id), inArray(testOfflineScores.userId, cleared)));
  });
  return present(ctx, access);
}
