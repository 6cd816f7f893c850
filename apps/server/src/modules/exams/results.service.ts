import {
  ATTEMPT_STATUS,
  CONTENT_TYPES,
  FILE_TYPES,
  PUBLISH_STATES,
  QUESTION_TYPES,
  type studentTestAnswer,
  type testListAnswer,
  type testResultAnswer,
} from '@paiclass/shared';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { contents, testAnswers, testAttempts, testOfflineScores, tests } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { courseRole, presentOneItem } from '../content/content.service';
import { presentRichText } from '../content/rich-text';
import { answerFiles, attemptItems, attemptsOf, counted, effectiveDeadline, handInById } from './attempts.service';
import {
  answersVisible,
  hasBegun,
  isClosed,
  managesTests,
  pastGrace,
  scoreReleased,
  studentState,
  takesTests,
} from './exams.policy';
import { loadTest, type TestAccess, timesOf } from './exams.queries';
import { unpackAnswer } from './grading';
import { presentSettings, presentTeacherTest, testCounts } from './papers.service';
import { keyText, presentStudentItem, seconds } from './presenters';

/**
 * What tests show (issue 14, decision 017): a test's details for its teacher or its student, the
 * course's tests, and a handed-in paper's result as the settings let its student see it.
 */

type Attempt = typeof testAttempts.$inferSelect;

const policyOf = ({ item, test }: Pick<TestAccess, 'item' | 'test'>) => ({
  ...timesOf(item, test),
  showAnswers: test.showAnswers,
  attempts: test.attempts,
  releaseScores: test.releaseScores,
  scoresPublished: test.scoresPublished,
});

/** The caller's typed scores in these offline tests (released or not: callers decide). */
const offlineScoresOf = (ctx: AppContext, user: User, ids: number[]) =>
  ctx.db
    .select({ contentId: testOfflineScores.contentId, score: testOfflineScores.score })
    .from(testOfflineScores)
    .where(and(eq(testOfflineScores.userId, user.id), inArray(testOfflineScores.contentId, ids)));

/** A handed-in attempt's score as its student may see it: null until released. */
const shownScore = (test: TestAccess['test'], a: Attempt) =>
  a.status === ATTEMPT_STATUS.submitted && scoreReleased(test, a.pending) ? a.score : null;

/**
 * `/TestpaperApi/testpaperdetails`: for the teacher and assistants the test with its composition,
 * counts and extra times; for a student the test, their state (spec 2 §4), whether they may start
 * or resume, their extra time and attempts — never a question or a key.
 */
export async function testDetails(ctx: AppContext, user: User, courseId: number, id: number) {
  const access = await loadTest(ctx, user, courseId, id);
  if (managesTests(access.m.role)) return presentTeacherTest(ctx, user, access);
  return presentStudentTest(ctx, user, access);
}

async function presentStudentTest(
  ctx: AppContext,
  user: User,
  access: TestAccess & { extra: number },
): Promise<z.output<typeof studentTestAnswer>> {
  const { item, test, m, extra } = access;
  const list = (await attemptsOf(ctx.db, item.id, user.id)).filter((a) => a.status !== ATTEMPT_STATUS.prepared);
  const latest = list[list.length - 1];
  const policy = policyOf(access);
  const now = Date.now();
  const current = list.find((a) => a.status === ATTEMPT_STATUS.inProgress && !pastGrace(a.deadlineAt, now));
  const used = counted(list);
  const open = !test.offline && item.publishState >= PUBLISH_STATES.published && !isClosed(policy, now) && hasBegun(policy, now);
  const deadline = current ? effectiveDeadline(current) : null;
  const scores = test.offline
    ? (await offlineScoresOf(ctx, user, [item.id])).filter(() => scoreReleased(test, 0)).map((s) => s.score)
    : list.map((a) => shownScore(test, a)).filter((s): s is number => s !== null);
  return {
    ...(await presentOneItem(ctx, user, m.role, item)),
    testpaperid: item.id,
    testpaperType: test.type,
    totalScore: test.totalScore,
    fullcount: test.questionCount,
    settings: presentSettings(test, item.endAt),
    state: studentState(policy, latest, now),
    canstart: (current || (open && used < test.attempts) ? 1 : 0) as 0 | 1,
    attemptsused: used,
    attemptsleft: Math.max(0, test.attempts - used),
    extratime: extra,
    current: current
      ? {
          attemptid: current.id,
          startedat: seconds(current.startedAt),
          deadline: seconds(deadline),
          remaining: deadline ? Math.max(0, deadline.getTime() - now) : -1,
        }
      : null,
    attempts: list.map((a) => ({
      attemptid: a.id,
      attemptno: a.attemptNo,
      state: studentState(policy, a, now),
      startedat: seconds(a.startedAt),
      submittedat: seconds(a.submittedAt),
      submitkind: a.submitKind,
      score: shownScore(test, a),
    })),
    score: scores.length ? Math.max(...scores) : null,
    servertime: now,
    courserole: 0,
  };
}

/** `/TestpaperApi/lists`: the course's tests, newest first, with the caller's state and score (students) or the counts (staff). */
export async function listTests(ctx: AppContext, user: User, courseId: number): Promise<z.output<typeof testListAnswer>> {
  const m = await courseRole(ctx, user, courseId);
  const staff = managesTests(m.role);
  const rows = await ctx.db
    .select({ item: contents, test: tests })
    .from(contents)
    .innerJoin(tests, eq(tests.contentId, contents.id))
    .where(
      and(
        eq(contents.courseId, courseId),
        eq(contents.contenttype, CONTENT_TYPES.test),
        isNull(contents.deletedAt),
        staff ? undefined : inArray(contents.publishState, [PUBLISH_STATES.published, PUBLISH_STATES.ended]),
      ),
    )
    .orderBy(desc(sql`coalesce(${contents.publishAt}, ${contents.createdAt})`), desc(contents.id));
  const ids = rows.map((r) => r.item.id);
  const counts = staff ? await testCounts(ctx, courseId, ids) : undefined;
  const mine =
    !staff && ids.length
      ? await ctx.db
          .select()
          .from(testAttempts)
          .where(and(eq(testAttempts.userId, user.id), inArray(testAttempts.contentId, ids)))
          .orderBy(asc(testAttempts.attemptNo))
      : [];
  const offline = rows.filter((r) => r.test.offline && scoreReleased(r.test, 0)).map((r) => r.item.id);
  const typed = new Map(
    (!staff && offline.length ? await offlineScoresOf(ctx, user, offline) : []).map((s) => [s.contentId, s.score]),
  );
  const now = Date.now();
  return {
    now: Math.floor(now / 1000),
    list: rows.map(({ item, test }) => {
      const attempts = mine.filter((a) => a.contentId === item.id && a.status !== ATTEMPT_STATUS.prepared);
      const scores = test.offline
        ? [typed.get(item.id)].filter((s): s is number => s !== undefined)
        : attempts.map((a) => shownScore(test, a)).filter((s): s is number => s !== null);
      return {
        id: item.id,
        title: item.title,
        testpaperType: test.type,
        publishState: item.publishState,
        publish_time: seconds(item.publishAt),
        begintime: seconds(test.beginAt),
        endtime: seconds(item.endAt),
        timelimit: test.timeLimit,
        totalScore: test.totalScore,
        fullcount: test.questionCount,
        offline: (test.offline ? 1 : 0) as 0 | 1,
        state: staff ? -1 : studentState(policyOf({ item, test }), attempts[attempts.length - 1], now),
        score: staff || scores.length === 0 ? null : Math.max(...scores),
        counts: counts ? counts(item.id) : null,
      };
    }),
  };
}

/**
 * `/TestpaperApi/testingResult`: a handed-in paper of the caller's (the latest, or `attemptid`) as
 * the settings let them see it: their own answers always; keys, analysis, which answers were right
 * and each question's score only once the test shows answers; the total once released. A paper past
 * its deadline and grace is handed in first.
 */
export async function testResult(
  ctx: AppContext,
  user: User,
  courseId: number,
  id: number,
  attemptId: number,
): Promise<z.output<typeof testResultAnswer>> {
  const access = await loadTest(ctx, user, courseId, id);
  if (!takesTests(access.m.role)) throw fail('forbidden');
  const { item, test } = access;
  let list = await attemptsOf(ctx.db, item.id, user.id);
  const overdue = list.find((a) => a.status === ATTEMPT_STATUS.inProgress && pastGrace(effectiveDeadline(a)));
  if (overdue) {
    await handInById(ctx, overdue.id);
    list = await attemptsOf(ctx.db, item.id, user.id);
  }
  const handedIn = list.filter((a) => a.status === ATTEMPT_STATUS.submitted || a.status === ATTEMPT_STATUS.returned);
  const attempt = attemptId ? handedIn.find((a) => a.id === attemptId) : handedIn[handedIn.length - 1];
  // another student's attempt id is simply not one of the caller's: not found
  if (!attempt) throw attemptId && !list.some((a) => a.id === attemptId) ? fail('notFound') : fail('testNotHandedIn');
  const policy = policyOf(access);
  const visible = answersVisible(policy, counted(list), true);
  const released = scoreReleased(test, attempt.pending) && attempt.status === ATTEMPT_STATUS.submitted;
  const items = await attemptItems(ctx, test, attempt);
  const saved = await ctx.db.select().from(testAnswers).where(eq(testAnswers.attemptId, attempt.id));
  const byItem = new Map(saved.map((a) => [a.itemId, a]));
  const found = await answerFiles(ctx, saved, new Map(items.map((i) => [i.id, i.type])));
  let sort = 0;
  return {
    testpaperid: item.id,
    attemptid: attempt.id,
    attemptno: attempt.attemptNo,
    state: studentState(policy, attempt),
    startedat: seconds(attempt.startedAt),
    submittedat: seconds(attempt.submittedAt),
    submitkind: attempt.submitKind,
    score: released ? attempt.score : null,
    totalScore: test.totalScore,
    showanswers: (visible ? 1 : 0) as 0 | 1,
    scorereleased: (released ? 1 : 0) as 0 | 1,
    lists: items.map((i) => {
      if (i.type !== QUESTION_TYPES.note) sort += 1;
      const mine = byItem.get(i.id);
      const answer = unpackAnswer(mine?.answer);
      const grade = attempt.grades[String(i.id)];
      const base = presentStudentItem(ctx, i, i.type === QUESTION_TYPES.note ? 0 : sort, attempt.optionOrder[String(i.id)]);
      return {
        ...base,
        // the key and the analysis only once the test shows answers
        answer: visible ? keyText(i.type, i.answer) : '',
        analysis: visible ? presentRichText(ctx.secret, i.analysis) : '',
        blanksanswer: visible ? (i.answer.blanks ?? []) : [],
        myanswer: answer,
        myfiles:
          FILE_TYPES.includes(i.type) && Array.isArray(answer) ? (answer as number[]).flatMap((f) => found.get(f) ?? []) : [],
        correct: visible && grade ? grade.c : -1,
        myscore: visible && released && grade ? grade.s : null,
        late: (mine?.late ? 1 : 0) as 0 | 1,
      };
    }),
  };
}
