import {
  ATTEMPT_STATUS,
  CONTENT_TYPES,
  type MistakesInput,
  type mistakesAnswer,
  OBJECTIVE_TYPES,
  PUBLISH_STATES,
  type RedoMistakeInput,
  type redoMistakeAnswer,
  WEAK_POINT_MIN_ANSWERS,
  WEAK_POINT_RATE,
  type weakPointsAnswer,
} from '@paiclass/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { contents, testAnswers, testAttempts, testItems, testMistakesMastered, tests } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badField, fail } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import { courseRole } from '../content/content.service';
import { presentRichText } from '../content/rich-text';
import { counted } from './attempts.service';
import { answersVisible, takesTests } from './exams.policy';
import { timesOf } from './exams.queries';
import { gradeAnswer, normalizeAnswer, type StoredAnswer, unpackAnswer } from './grading';
import { practiceAnswers } from './practice.queries';
import { type Item, keyText, presentStudentItem, seconds } from './presenters';

/**
 * The mistakes set and weak knowledge points (issue 14, `/sets/mistakes/*`,
 * `/testing/weakKnowlegePoints`): read from the caller's own handed-in papers, and only from tests
 * whose settings show the student answers now (as `testingResult`), so that neither a mistake nor
 * a rate tells a student which answer was right before the test would. Students only.
 */

type Attempt = typeof testAttempts.$inferSelect;
type Test = typeof tests.$inferSelect;

export interface Graded {
  item: Item;
  attempt: Attempt;
  test: Test;
  title: string;
  c: number;
}

/** A student of the course (teachers and assistants 40003, strangers 30202). */
async function requireStudent(ctx: AppContext, user: User, courseId: number) {
  const m = await courseRole(ctx, user, courseId);
  if (!takesTests(m.role)) throw fail('forbidden');
  return m;
}

/**
 * Every graded objective answer of the caller's handed-in papers in the course's tests that show
 * answers now, newest paper first. Four reads, whatever the number of tests.
 */
export async function gradedAnswers(ctx: AppContext, user: User, courseId: number): Promise<Graded[]> {
  const rows = await ctx.db
    .select({ item: contents, test: tests })
    .from(contents)
    .innerJoin(tests, eq(tests.contentId, contents.id))
    .where(
      and(
        eq(contents.courseId, courseId),
        eq(contents.contenttype, CONTENT_TYPES.test),
        isNull(contents.deletedAt),
        inArray(contents.publishState, [PUBLISH_STATES.published, PUBLISH_STATES.ended]),
      ),
    );
  if (rows.length === 0) return [];
  const byTest = new Map(rows.map((r) => [r.item.id, r]));
  // the caller's own attempts only: another student's paper is never read
  const mine = await ctx.db
    .select()
    .from(testAttempts)
    .where(and(eq(testAttempts.userId, user.id), inArray(testAttempts.contentId, [...byTest.keys()])));
  const now = Date.now();
  const shown = mine.filter((a) => {
    if (a.status !== ATTEMPT_STATUS.submitted) return false;
    const row = byTest.get(a.contentId)!;
    const policy = { ...timesOf(row.item, row.test), showAnswers: row.test.showAnswers, attempts: row.test.attempts };
    return answersVisible(policy, counted(mine.filter((o) => o.contentId === a.contentId)), true, now);
  });
  if (shown.length === 0) return [];
  const itemIds = [...new Set(shown.flatMap((a) => a.itemIds))];
  const items = await ctx.db.select().from(testItems).where(inArray(testItems.id, itemIds));
  const byId = new Map(items.map((i) => [i.id, i]));
  shown.sort((a, b) => (b.submittedAt?.getTime() ?? 0) - (a.submittedAt?.getTime() ?? 0) || b.id - a.id);
  return shown.flatMap((attempt) => {
    const row = byTest.get(attempt.contentId)!;
    return attempt.itemIds.flatMap((id) => {
      const item = byId.get(id);
      const grade = attempt.grades[String(id)];
      if (!item || !grade || !OBJECTIVE_TYPES.includes(item.type)) return [];
      return [{ item, attempt, test: row.test, title: row.item.title, c: grade.c }];
    });
  });
}

/** One entry per question copy: its newest wrong or partly right answer. */
function mistakesOf(graded: Graded[]) {
  const seen = new Set<number>();
  return graded.filter((g) => {
    if ((g.c !== 0 && g.c !== 2) || seen.has(g.item.id)) return false;
    seen.add(g.item.id);
    return true;
  });
}

export async function masteredIds(ctx: AppContext, user: User, courseId: number) {
  const rows = await ctx.db
    .select({ itemId: testMistakesMastered.itemId })
    .from(testMistakesMastered)
    .where(and(eq(testMistakesMastered.userId, user.id), eq(testMistakesMastered.courseId, courseId)));
  return new Set(rows.map((r) => r.itemId));
}

/**
 * `/TestpaperApi/mistakes`: the caller's wrong and partly right answers to objective questions
 * (true/false, choices, fill in blank) in their handed-in papers of tests that show answers, one per
 * question copy, newest first, with their knowledge points; the counts per point over all of them.
 * Filtered by a point, or one mistake by `subjectid`. Keys are not in it: `redoMistake` gives them.
 */
export async function listMistakes(ctx: AppContext, user: User, input: MistakesInput): Promise<z.output<typeof mistakesAnswer>> {
  await requireStudent(ctx, user, input.courseid);
  const all = mistakesOf(await gradedAnswers(ctx, user, input.courseid));
  const mastered = await masteredIds(ctx, user, input.courseid);
  const counts = new Map<string, { count: number; mastered: number }>();
  for (const m of all)
    for (const point of m.item.points) {
      const c = counts.get(point) ?? { count: 0, mastered: 0 };
      c.count += 1;
      if (mastered.has(m.item.id)) c.mastered += 1;
      counts.set(point, c);
    }
  const chosen = all.filter(
    (m) => (!input.point || m.item.points.includes(input.point)) && (!input.subjectid || m.item.id === input.subjectid),
  );
  if (input.subjectid && chosen.length === 0) throw fail('notFound');
  const page = chosen.slice((input.page - 1) * input.limit, input.page * input.limit);
  const answers = page.length
    ? await ctx.db
        .select()
        .from(testAnswers)
        .where(inArray(testAnswers.attemptId, [...new Set(page.map((m) => m.attempt.id))]))
    : [];
  const answerOf = (attemptId: number, itemId: number): StoredAnswer =>
    unpackAnswer(answers.find((a) => a.attemptId === attemptId && a.itemId === itemId)?.answer);
  return {
    total: chosen.length,
    page: input.page,
    limit: input.limit,
    points: [...counts.entries()]
      .map(([point, c]) => ({ point, ...c }))
      .sort((a, b) => b.count - a.count || a.point.localeCompare(b.point)),
    lists: page.map((m) => ({
      ...presentStudentItem(ctx, m.item, 0, m.attempt.optionOrder[String(m.item.id)]),
      testpaperid: m.attempt.contentId,
      testtitle: m.title,
      attemptid: m.attempt.id,
      submittedat: seconds(m.attempt.submittedAt),
      points: m.item.points,
      myanswer: answerOf(m.attempt.id, m.item.id),
      correct: m.c,
      mastered: (mastered.has(m.item.id) ? 1 : 0) as 0 | 1,
    })),
  };
}

/**
 * `/TestpaperApi/redoMistake`: the caller answers one of their mistakes again. Graded as the paper
 * grades it (`gradeAnswer`, the test's partial credit); right marks it mastered, wrong or partly
 * right changes nothing. Answers the key and the analysis: a mistake is one only while its test
 * shows answers. Another student's question, or one that is no mistake of the caller's, is not found.
 */
export async function redoMistake(
  ctx: AppContext,
  user: User,
  input: RedoMistakeInput,
): Promise<z.output<typeof redoMistakeAnswer>> {
  await requireStudent(ctx, user, input.courseid);
  const mistake = mistakesOf(await gradedAnswers(ctx, user, input.courseid)).find((m) => m.item.id === input.subjectid);
  if (!mistake) throw fail('notFound');
  const { item, test } = mistake;
  const answer = normalizeAnswer(item, input.answer);
  if (answer === undefined) throw badField('validation.answerFormat', ['answer']);
  const grade = gradeAnswer(item, answer, test.partialCredit);
  const right = grade?.c === 1;
  if (right)
    await inTransaction(ctx, (t) =>
      t.db
        .insert(testMistakesMastered)
        .values({ userId: user.id, itemId: item.id, courseId: input.courseid, contentId: item.contentId })
        .onConflictDoNothing(),
    );
  const mastered = right || (await masteredIds(ctx, user, input.courseid)).has(item.id);
  return {
    subjectid: item.id,
    correct: grade?.c ?? 0,
    mastered: (mastered ? 1 : 0) as 0 | 1,
    answer: keyText(item.type, item.answer),
    blanksanswer: item.answer.blanks ?? [],
    analysis: presentRichText(ctx.secret, item.analysis),
  };
}

/**
 * `/TestpaperApi/weakPoints`: per knowledge point, the caller's correct rate over their graded
 * objective answers (every handed-in paper of tests that show answers; a partly right answer is not
 * right) and their practice answers (decision 017: practice is how a point gets stronger). Weak
 * below WEAK_POINT_RATE % with at least WEAK_POINT_MIN_ANSWERS answers; weak ones first, then by rate.
 */
export async function weakPoints(ctx: AppContext, user: User, courseId: number): Promise<z.output<typeof weakPointsAnswer>> {
  await requireStudent(ctx, user, courseId);
  const per = new Map<string, { answers: number; correct: number }>();
  for (const g of await gradedAnswers(ctx, user, courseId)) {
    if (g.c === 3) continue;
    for (const point of g.item.points) {
      const p = per.get(point) ?? { answers: 0, correct: 0 };
      p.answers += 1;
      if (g.c === 1) p.correct += 1;
      per.set(point, p);
    }
  }
  for (const a of await practiceAnswers(ctx, user.id, courseId))
    for (const point of a.points) {
      const p = per.get(point) ?? { answers: 0, correct: 0 };
      p.answers += 1;
      if (a.correct === 1) p.correct += 1;
      per.set(point, p);
    }
  const lists = [...per.entries()].map(([point, p]) => {
    const rate = Math.round((p.correct * 100) / p.answers);
    return { point, ...p, rate, weak: (rate < WEAK_POINT_RATE && p.answers >= WEAK_POINT_MIN_ANSWERS ? 1 : 0) as 0 | 1 };
  });
  lists.sort((a, b) => b.weak - a.weak || a.rate - b.rate || b.answers - a.answers || a.point.localeCompare(b.point));
  return { threshold: WEAK_POINT_RATE, minanswers: WEAK_POINT_MIN_ANSWERS, lists };
}
