import {
  ATTEMPT_SIGNALS,
  ATTEMPT_STATUS,
  type AttemptSignal,
  FILE_TYPES,
  type MarkAnswerInput,
  type paperReviewAnswer,
  type paperReviewListAnswer,
  QUESTION_TYPES,
  type ReturnAttemptInput,
  type ReviewListInput,
  TEST_RETURNED_CMD,
  TEST_SCORES_CMD,
} from '@paiclass/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { courseMembers, testAnswers, testAttempts, tests, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, badField, fail } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import { rooms } from '../../realtime/rooms';

/** The signals the server flagged on a paper (issue 24), in their declared order. */
const signalsOf = (stored: string[]) => ATTEMPT_SIGNALS.filter((s) => stored.includes(s)) as AttemptSignal[];

import { answerFiles, attemptItems } from './attempts.service';
import { pastGrace, scoreReleased } from './exams.policy';
import { requireManagedTest, type TestAccess } from './exams.queries';
import { unpackAnswer } from './grading';
import { presentTeacherItem, seconds } from './presenters';

/**
 * The teacher's review (spec 2 §2 `/testing/review`, `detail`; §5: a per-question grade never above
 * that question's score): every student's paper, one paper with its answers, grades by hand,
 * returning a paper, publishing the scores. The course's teacher and assistants only.
 */

type Attempt = typeof testAttempts.$inferSelect;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Review states of a student's paper: 0 not handed in, 1 to grade by hand, 2 graded, 3 returned. */
const reviewState = (a: Attempt | undefined) => {
  if (!a || a.status === ATTEMPT_STATUS.prepared || a.status === ATTEMPT_STATUS.inProgress) return 0;
  if (a.status === ATTEMPT_STATUS.returned) return 3;
  return a.pending > 0 ? 1 : 2;
};

/**
 * `/TestpaperApi/reviewList` (`/testing/review`): every student of the course with the paper that
 * counts (the best handed in, else the latest), its score and what waits; filtered by review state.
 */
export async function reviewList(
  ctx: AppContext,
  user: User,
  input: ReviewListInput,
): Promise<z.output<typeof paperReviewListAnswer>> {
  const { item, test } = await requireManagedTest(ctx, user, input.courseid, input.id);
  const students = await ctx.db
    .select({ uid: users.id, username: users.username, stno: users.stno })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .where(and(eq(courseMembers.courseId, item.courseId), eq(courseMembers.role, 'student')))
    .orderBy(asc(users.stno), asc(users.id));
  const attempts = await ctx.db
    .select()
    .from(testAttempts)
    .where(eq(testAttempts.contentId, item.id))
    .orderBy(asc(testAttempts.attemptNo));
  const rows = students.map((s) => {
    const mine = attempts.filter((a) => a.userId === s.uid);
    const handedIn = mine.filter((a) => a.status === ATTEMPT_STATUS.submitted);
    const best = handedIn.reduce<Attempt | undefined>((b, a) => (!b || (a.score ?? 0) > (b.score ?? 0) ? a : b), undefined);
    const shown = best ?? mine[mine.length - 1];
    const inProgress = mine.some((a) => a.status === ATTEMPT_STATUS.inProgress && !pastGrace(a.deadlineAt));
    return {
      ...s,
      attemptid: shown && shown.status !== ATTEMPT_STATUS.prepared ? shown.id : 0,
      attempts: mine.filter((a) => a.status !== ATTEMPT_STATUS.prepared).length,
      inprogress: (inProgress ? 1 : 0) as 0 | 1,
      state: reviewState(shown),
      score: best ? best.score : null,
      pending: best ? best.pending : 0,
      submittedat: seconds(shown?.submittedAt),
      submitkind: shown?.submitKind ?? 0,
      switchcount: shown?.switchCount ?? 0,
      signals: signalsOf(shown?.signals ?? []),
    };
  });
  const filtered = input.state === -1 ? rows : rows.filter((r) => r.state === input.state);
  return {
    total: filtered.length,
    page: input.page,
    limit: input.limit,
    totalScore: test.totalScore,
    scorespublished: (test.scoresPublished ? 1 : 0) as 0 | 1,
    list: filtered.slice((input.page - 1) * input.limit, input.page * input.limit),
  };
}

/** An attempt of this test, found by id within it: another test's (or course's) is not found. */
async function attemptOf(ctx: AppContext, contentId: number, attemptId: number) {
  const [a] = await ctx.db
    .select()
    .from(testAttempts)
    .where(and(eq(testAttempts.id, attemptId), eq(testAttempts.contentId, contentId)));
  if (!a) throw fail('notFound');
  return a;
}

/**
 * `/TestpaperApi/reviewDetail` (`/testing/detail`): one student's paper with the keys, their answers,
 * the grade of each question and whether it came in late. An anonymous open answer is never shown
 * beside its author's name: its text is left out here.
 */
export async function reviewDetail(ctx: AppContext, user: User, courseId: number, id: number, attemptId: number) {
  const access = await requireManagedTest(ctx, user, courseId, id);
  return presentReview(ctx, access, await attemptOf(ctx, access.item.id, attemptId));
}

async function presentReview(
  ctx: AppContext,
  { test }: TestAccess,
  attempt: Attempt,
): Promise<z.output<typeof paperReviewAnswer>> {
  const [student] = await ctx.db
    .select({ uid: users.id, username: users.username, stno: users.stno })
    .from(users)
    .where(eq(users.id, attempt.userId));
  const items = await attemptItems(ctx, test, attempt);
  const saved = await ctx.db.select().from(testAnswers).where(eq(testAnswers.attemptId, attempt.id));
  const byItem = new Map(saved.map((a) => [a.itemId, a]));
  const found = await answerFiles(ctx, saved, new Map(items.map((i) => [i.id, i.type])));
  let sort = 0;
  return {
    attemptid: attempt.id,
    attemptno: attempt.attemptNo,
    uid: student?.uid ?? attempt.userId,
    username: student?.username ?? '',
    stno: student?.stno ?? '',
    state: reviewState(attempt),
    startedat: seconds(attempt.startedAt),
    submittedat: seconds(attempt.submittedAt),
    submitkind: attempt.submitKind,
    switchcount: attempt.switchCount,
    signals: signalsOf(attempt.signals),
    score: attempt.score,
    pending: attempt.pending,
    totalScore: test.totalScore,
    lists: items.map((i) => {
      if (i.type !== QUESTION_TYPES.note) sort += 1;
      const mine = byItem.get(i.id);
      const anonymous = i.type === QUESTION_TYPES.anonymousOpen;
      const answer = anonymous ? null : unpackAnswer(mine?.answer);
      const grade = attempt.grades[String(i.id)];
      return {
        ...presentTeacherItem(ctx, i, i.type === QUESTION_TYPES.note ? 0 : sort, attempt.optionOrder[String(i.id)]),
        myanswer: answer,
        answered: (unpackAnswer(mine?.answer) !== null ? 1 : 0) as 0 | 1,
        myfiles:
          FILE_TYPES.includes(i.type) && Array.isArray(answer) ? (answer as number[]).flatMap((f) => found.get(f) ?? []) : [],
        correct: grade ? grade.c : -1,
        myscore: grade ? grade.s : null,
        manual: (grade?.m ? 1 : 0) as 0 | 1,
        late: (mine?.late ? 1 : 0) as 0 | 1,
      };
    }),
  };
}

/**
 * `/TestpaperApi/markAnswer`: the teacher's score for one question of a handed-in paper, 0 to that
 * question's score (spec 2 §5; "该题满分 5 分…" otherwise, nothing written). A hand grade stays when
 * the paper is graded again; the total and what waits are worked out at once.
 */
export async function markAnswer(ctx: AppContext, user: User, input: MarkAnswerInput) {
  const access = await requireManagedTest(ctx, user, input.courseid, input.id);
  const row = await inTransaction(ctx, async (t) => {
    const [attempt] = await t.db
      .select()
      .from(testAttempts)
      .where(and(eq(testAttempts.id, input.attemptid), eq(testAttempts.contentId, access.item.id)))
      .for('update');
    if (!attempt) throw fail('notFound');
    if (attempt.status !== ATTEMPT_STATUS.submitted) throw fail('testNotHandedIn');
    const items = await attemptItems(t, access.test, attempt);
    const item = items.find((i) => i.id === input.subjectid);
    if (!item || item.type === QUESTION_TYPES.note) throw badField('validation.subjectId', ['subjectid']);
    if (input.score > item.score) throw new AppError('badInput', 'validation.gradeOverQuestion', { full: item.score });
    const score = round1(input.score);
    const grades = {
      ...attempt.grades,
      [String(item.id)]: { s: score, c: score >= item.score ? 1 : score > 0 ? 2 : 0, m: 1 } as const,
    };
    let total = 0;
    let pending = 0;
    for (const g of Object.values(grades)) {
      total += g.s ?? 0;
      if (g.c === 3) pending += 1;
    }
    const [updated] = await t.db
      .update(testAttempts)
      .set({ grades, score: round1(total), pending })
      .where(eq(testAttempts.id, attempt.id))
      .returning();
    return updated!;
  });
  return presentReview(ctx, access, row);
}

/**
 * `/TestpaperApi/returnAttempt` (spec 2 §4 returned): handed-in papers go back to their students,
 * who may take the test again while it is open; a returned paper does not count against the
 * attempts, and its score no longer counts. All or none: a paper not handed in refuses the call.
 */
export async function returnAttempts(ctx: AppContext, user: User, input: ReturnAttemptInput) {
  const { item } = await requireManagedTest(ctx, user, input.courseid, input.id);
  const ids = [...new Set(input.attemptids)];
  if (ids.length === 0) throw badField('validation.chooseOne', ['attemptids']);
  const returned = await inTransaction(ctx, async (t) => {
    const rows = await t.db
      .update(testAttempts)
      .set({ status: ATTEMPT_STATUS.returned })
      .where(
        and(
          eq(testAttempts.contentId, item.id),
          inArray(testAttempts.id, ids),
          eq(testAttempts.status, ATTEMPT_STATUS.submitted),
        ),
      )
      .returning();
    // one paper that is not this test's, or not handed in: nothing is returned
    if (rows.length !== ids.length) throw fail('testNotHandedIn');
    return rows;
  });
  for (const a of returned)
    await ctx.realtime
      .publish(rooms.user(a.userId), TEST_RETURNED_CMD, { courseid: a.courseId, testpaperid: a.contentId, attemptid: a.id })
      .catch(() => {});
  return { count: returned.length };
}

/**
 * `/TestpaperApi/publishScores`: students see their scores (and grades given afterwards at once),
 * whatever the release setting; papers still waiting for a hand grade show once graded.
 */
export async function publishScores(ctx: AppContext, user: User, courseId: number, id: number) {
  const { item, test } = await requireManagedTest(ctx, user, courseId, id);
  await ctx.db.update(tests).set({ scoresPublished: true }).where(eq(tests.contentId, item.id));
  // a student's result page shows the score without a reload (issue 25); a lost push loses nothing (pages refetch)
  await ctx.realtime
    .publish(rooms.course(courseId), TEST_SCORES_CMD, { courseid: courseId, testpaperid: item.id })
    .catch(() => {});
  const graded = await ctx.db
    .select({ pending: testAttempts.pending })
    .from(testAttempts)
    .where(and(eq(testAttempts.contentId, item.id), eq(testAttempts.status, ATTEMPT_STATUS.submitted)));
  return {
    count: graded.filter((a) => scoreReleased({ releaseScores: test.releaseScores, scoresPublished: true }, a.pending)).length,
  };
}
