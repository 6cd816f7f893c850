import { randomInt } from 'node:crypto';
import {
  type AnswerPracticeInput,
  type answerPracticeAnswer,
  normalizePoint,
  optionKey,
  PASS_LEVEL_QUESTIONS,
  PASS_LEVEL_RATE,
  PASS_STATES,
  PRACTICE_KINDS,
  type passThroughAnswer,
  type practiceAnswer,
  type practiceListAnswer,
  type StartPracticeInput,
} from '@paiclass/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { practiceItems, practices, questions } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badField, fail, isUniqueViolation } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import { courseRole } from '../content/content.service';
import { presentRichText } from '../content/rich-text';
import { takesTests } from './exams.policy';
import { gradeAnswer, normalizeAnswer, packAnswer, unpackAnswer } from './grading';
import { gradedAnswers, masteredIds } from './mistakes.service';
import { hiddenKeyQuestionIds, practiceAnswers, practiceableQuestions, type Question } from './practice.queries';
import { keyText, seconds } from './presenters';

/**
 * Practice on knowledge points and pass-through practice (issue 14, `/testing/promoteKnowlegePoints`,
 * `/testing/knowledgePractice`, spec 2 §4 pass-through states; decision 017 "Practice on knowledge
 * points and pass-through"). A student of the course only; every read is the caller's own practice
 * (`user_id`), so another student's practice is "not found". Questions come from the course's bank
 * (objective types whose key is hidden nowhere: `hiddenKeyQuestionIds`); a key reaches the student
 * only with their answer, and not while a test or a live question hides it (30916).
 */

type Practice = typeof practices.$inferSelect;
type PracticeItem = typeof practiceItems.$inferSelect;

/** A student of the course (teachers and assistants 40003, strangers 30202). */
async function requireStudent(ctx: AppContext, user: User, courseId: number) {
  const m = await courseRole(ctx, user, courseId);
  if (!takesTests(m.role)) throw fail('forbidden');
  return m;
}

const passedOf = (p: Pick<Practice, 'kind' | 'status' | 'correct' | 'total'>) =>
  p.kind === PRACTICE_KINDS.passThrough && p.status === 1 && p.correct * 100 >= PASS_LEVEL_RATE * p.total;

const shuffled = <T>(list: T[]) => {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

/**
 * `count` questions of `pool`, preferring what the caller needs: first questions they last got wrong
 * (a paper's mistake not redone right, or a wrong practice answer), then ones they have never
 * answered, then the rest; in random order within each group.
 */
async function pick(ctx: AppContext, user: User, courseId: number, pool: Question[], count: number) {
  const [graded, mastered, practised] = await Promise.all([
    gradedAnswers(ctx, user, courseId),
    masteredIds(ctx, user, courseId),
    practiceAnswers(ctx, user.id, courseId),
  ]);
  // the latest outcome per bank question: papers (newest first) unless a practice answer came after
  const last = new Map<number, 'wrong' | 'right'>();
  for (const g of [...graded].reverse()) {
    if (!g.item.questionId || g.c === 3) continue;
    last.set(g.item.questionId, g.c === 1 || mastered.has(g.item.id) ? 'right' : 'wrong');
  }
  for (const a of practised) last.set(a.questionId, a.correct === 1 ? 'right' : 'wrong');
  const group = (q: Question) => (last.get(q.id) === 'wrong' ? 0 : last.has(q.id) ? 2 : 1);
  return [0, 1, 2].flatMap((g) => shuffled(pool.filter((q) => group(q) === g))).slice(0, count);
}

/** The pass-through levels of the caller: one per knowledge point of the practiceable bank, in bank order. */
async function levelsOf(ctx: AppContext, user: User, courseId: number) {
  const [pool, mine] = await Promise.all([
    practiceableQuestions(ctx, user, courseId),
    ctx.db
      .select()
      .from(practices)
      .where(
        and(eq(practices.userId, user.id), eq(practices.courseId, courseId), eq(practices.kind, PRACTICE_KINDS.passThrough)),
      ),
  ]);
  const order: string[] = [];
  const available = new Map<string, number>();
  for (const q of pool)
    for (const point of q.points) {
      if (!available.has(point)) order.push(point);
      available.set(point, (available.get(point) ?? 0) + 1);
    }
  let previousPassed = true;
  const lists = order.map((point, i) => {
    const tries = mine.filter((p) => p.pointsKey === point);
    const finished = tries.filter((p) => p.status === 1);
    const open = tries.find((p) => p.status === 0);
    const passed = finished.some(passedOf);
    const best = finished.reduce((b, p) => Math.max(b, Math.round((p.correct * 100) / p.total)), 0);
    const locked = !previousPassed;
    previousPassed = passed;
    const state = passed ? PASS_STATES.completed : tries.length > 0 ? PASS_STATES.inProgress : PASS_STATES.notStarted;
    return {
      level: i + 1,
      point,
      available: available.get(point)!,
      state,
      locked: (locked ? 1 : 0) as 0 | 1,
      tries: finished.length,
      best,
      practiceid: open?.id ?? 0,
    };
  });
  return { pool, lists };
}

/**
 * `/TestpaperApi/passThroughLevels`: the pass-through practice (spec 2 §4): one level per knowledge
 * point of the course's bank that may be practised now, in bank order; a level is passed by a try of
 * PASS_LEVEL_QUESTIONS questions with at least PASS_LEVEL_RATE % right, and opens once the one before
 * is passed. Each level and the whole: not started, in progress, completed.
 */
export async function passThroughLevels(
  ctx: AppContext,
  user: User,
  courseId: number,
): Promise<z.output<typeof passThroughAnswer>> {
  await requireStudent(ctx, user, courseId);
  const { lists } = await levelsOf(ctx, user, courseId);
  const state =
    lists.length > 0 && lists.every((l) => l.state === PASS_STATES.completed)
      ? PASS_STATES.completed
      : lists.some((l) => l.state !== PASS_STATES.notStarted)
        ? PASS_STATES.inProgress
        : PASS_STATES.notStarted;
  return { state, passrate: PASS_LEVEL_RATE, questions: PASS_LEVEL_QUESTIONS, lists };
}

/**
 * `/TestpaperApi/startPractice`: draws questions of the course's bank on the chosen knowledge points
 * (or a pass-through level's point) for the caller, wrong and unseen ones first, and keeps the
 * practice so it can be resumed. An unfinished practice on the same points (or level) is answered
 * instead (`resumed` 1). Refuses points with no question that may be practised (30912), a locked
 * level (30914) and a level that does not exist (naming `level`).
 */
export async function startPractice(
  ctx: AppContext,
  user: User,
  input: StartPracticeInput,
): Promise<z.output<typeof practiceAnswer>> {
  await requireStudent(ctx, user, input.courseid);
  let kind: number = PRACTICE_KINDS.promote;
  let points: string[];
  let count = input.count;
  let pool: Question[];
  if (input.level > 0) {
    const levels = await levelsOf(ctx, user, input.courseid);
    const level = levels.lists[input.level - 1];
    if (!level) throw badField('validation.passLevel', ['level']);
    if (level.locked) throw fail('passLevelLocked');
    kind = PRACTICE_KINDS.passThrough;
    points = [level.point];
    count = PASS_LEVEL_QUESTIONS;
    pool = levels.pool;
  } else {
    points = [...new Set(input.points.map(normalizePoint).filter(Boolean))].sort();
    if (points.length === 0) throw badField('validation.practicePoints', ['points']);
    pool = await practiceableQuestions(ctx, user, input.courseid);
  }
  const pointsKey = points.join('\n');
  const open = await openPractice(ctx, user, input.courseid, kind, pointsKey);
  if (open) return presentPractice(ctx, open, true);
  const onPoints = pool.filter((q) => q.points.some((p) => points.includes(p)));
  if (onPoints.length === 0) throw fail('practiceNoQuestions');
  const chosen = await pick(ctx, user, input.courseid, onPoints, count);
  try {
    const made = await inTransaction(ctx, async (t) => {
      const [row] = await t.db
        .insert(practices)
        .values({
          courseId: input.courseid,
          userId: user.id,
          kind,
          level: kind === PRACTICE_KINDS.passThrough ? input.level : 0,
          points,
          pointsKey,
          total: chosen.length,
        })
        .returning();
      await t.db.insert(practiceItems).values(chosen.map((q, i) => ({ practiceId: row!.id, questionId: q.id, sort: i + 1 })));
      return row!;
    });
    return presentPractice(ctx, made, false);
  } catch (e) {
    // a second start at the same moment: the first one's practice is the one
    if (!isUniqueViolation(e)) throw e;
    const again = await openPractice(ctx, user, input.courseid, kind, pointsKey);
    if (!again) throw e;
    return presentPractice(ctx, again, true);
  }
}

async function openPractice(ctx: AppContext, user: User, courseId: number, kind: number, pointsKey: string) {
  const [row] = await ctx.db
    .select()
    .from(practices)
    .where(
      and(
        eq(practices.userId, user.id),
        eq(practices.courseId, courseId),
        eq(practices.kind, kind),
        eq(practices.pointsKey, pointsKey),
        eq(practices.status, 0),
      ),
    );
  return row;
}

/** One of the caller's own practices in the course; anyone else's, or another course's, is not found. */
async function ownPractice(ctx: AppContext, user: User, courseId: number, id: number, lock = false) {
  const query = ctx.db
    .select()
    .from(practices)
    .where(and(eq(practices.id, id), eq(practices.userId, user.id), eq(practices.courseId, courseId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw fail('notFound');
  return row;
}

/**
 * A practice as its student sees it, built field by field: a question's key, accepted answers and
 * analysis only once it is answered (`correct` -1 before).
 */
async function presentPractice(ctx: AppContext, p: Practice, resumed: boolean): Promise<z.output<typeof practiceAnswer>> {
  const rows = (
    await ctx.db
      .select({ item: practiceItems, question: questions })
      .from(practiceItems)
      .innerJoin(questions, eq(questions.id, practiceItems.questionId))
      .where(eq(practiceItems.practiceId, p.id))
      .orderBy(asc(practiceItems.sort))
  ).map((r) => ({ ...r.item, question: r.question }));
  const perpoint = p.points.map((point) => {
    const on = rows.filter((r) => r.question.points.includes(point));
    const answered = on.filter((r) => r.correct !== null);
    return { point, total: on.length, answered: answered.length, correct: answered.filter((r) => r.correct === 1).length };
  });
  return {
    id: p.id,
    courseid: p.courseId,
    kind: p.kind,
    level: p.level,
    points: p.points,
    status: p.status,
    total: p.total,
    answered: p.answered,
    correct: p.correct,
    passed: (passedOf(p) ? 1 : 0) as 0 | 1,
    passrate: PASS_LEVEL_RATE,
    createtime: seconds(p.createdAt),
    finishtime: seconds(p.finishedAt),
    resumed: (resumed ? 1 : 0) as 0 | 1,
    perpoint,
    lists: rows.map((r) => presentPracticeItem(ctx, r, r.question)),
  };
}

function presentPracticeItem(ctx: AppContext, r: PracticeItem, q: Question) {
  const answered = r.correct !== null;
  return {
    subjectid: q.id,
    sort: r.sort,
    type: String(q.type),
    typeid: q.type,
    title: presentRichText(ctx.secret, q.stem),
    optionList: q.options.map((title, i) => ({ id: optionKey(i), title })),
    blanks: q.spec.blanks ?? 0,
    points: q.points,
    answered: (answered ? 1 : 0) as 0 | 1,
    myanswer: answered ? unpackAnswer(r.answer) : null,
    correct: r.correct ?? -1,
    answer: answered ? keyText(q.type, q.answer) : '',
    blanksanswer: answered ? (q.answer.blanks ?? []) : [],
    analysis: answered ? presentRichText(ctx.secret, q.analysis) : '',
  };
}

/** `/TestpaperApi/practiceDetail`: one of the caller's practices, to resume it or read its summary. */
export async function practiceDetail(ctx: AppContext, user: User, courseId: number, id: number) {
  await requireStudent(ctx, user, courseId);
  return presentPractice(ctx, await ownPractice(ctx, user, courseId, id), false);
}

/** `/TestpaperApi/practiceList`: the caller's practices in the course, unfinished first, then newest (50). */
export async function practiceList(ctx: AppContext, user: User, courseId: number): Promise<z.output<typeof practiceListAnswer>> {
  await requireStudent(ctx, user, courseId);
  const rows = await ctx.db
    .select()
    .from(practices)
    .where(and(eq(practices.userId, user.id), eq(practices.courseId, courseId)))
    .orderBy(asc(practices.status), desc(practices.createdAt), desc(practices.id))
    .limit(50);
  return {
    lists: rows.map((p) => ({
      id: p.id,
      kind: p.kind,
      level: p.level,
      points: p.points,
      status: p.status,
      total: p.total,
      answered: p.answered,
      correct: p.correct,
      createtime: seconds(p.createdAt),
      finishtime: seconds(p.finishedAt),
    })),
  };
}

/**
 * `/TestpaperApi/answerPractice`: the caller's answer to one question of their practice, graded
 * against the bank's key (multiple choice: a correct subset is partly right), answered with the key
 * and the analysis. The first answer stands: a repeat changes nothing and answers the same
 * (`repeat` 1). The last answer finishes the practice; a finished practice refuses new answers
 * (30913), and a question whose key a test or a live question hides now refuses them (30916). A question not in the practice, or an answer that does not fit its type, names the field.
 */
export async function answerPractice(
  ctx: AppContext,
  user: User,
  input: AnswerPracticeInput,
): Promise<z.output<typeof answerPracticeAnswer>> {
  await requireStudent(ctx, user, input.courseid);
  return inTransaction(ctx, async (t) => {
    const p = await ownPractice(t, user, input.courseid, input.id, true);
    const [found] = await t.db
      .select({ item: practiceItems, question: questions })
      .from(practiceItems)
      .innerJoin(questions, eq(questions.id, practiceItems.questionId))
      .where(and(eq(practiceItems.practiceId, p.id), eq(practiceItems.questionId, input.subjectid)));
    const row = found ? { ...found.item, question: found.question } : undefined;
    if (!row) throw badField('validation.practiceQuestion', ['subjectid']);
    const q = row.question;
    const answerOf = (correct: number, repeat: boolean, now: Practice) => ({
      subjectid: q.id,
      correct,
      answer: keyText(q.type, q.answer),
      blanksanswer: q.answer.blanks ?? [],
      analysis: presentRichText(ctx.secret, q.analysis),
      repeat: (repeat ? 1 : 0) as 0 | 1,
      status: now.status,
      total: now.total,
      answered: now.answered,
      correctcount: now.correct,
      passed: (passedOf(now) ? 1 : 0) as 0 | 1,
    });
    if (row.correct !== null) return answerOf(row.correct, true, p);
    if (p.status === 1) throw fail('practiceFinished');
    // drawn before a test or a live question took it up: its key stays hidden until that one shows it
    if ((await hiddenKeyQuestionIds(t, user, input.courseid, [q])).has(q.id)) throw fail('practiceKeyHidden');
    const answer = normalizeAnswer(q, input.answer);
    if (answer === undefined || answer === null) throw badField('validation.answerFormat', ['answer']);
    const grade = gradeAnswer(q, answer, true);
    const correct = grade?.c === 1 ? 1 : grade?.c === 2 ? 2 : 0;
    const now = new Date();
    await t.db
      .update(practiceItems)
      .set({ answer: packAnswer(answer), correct, answeredAt: now })
      .where(and(eq(practiceItems.practiceId, p.id), eq(practiceItems.questionId, q.id)));
    const answered = p.answered + 1;
    const finished = answered >= p.total;
    const [updated] = await t.db
      .update(practices)
      .set({
        answered,
        correct: p.correct + (correct === 1 ? 1 : 0),
        status: finished ? 1 : 0,
        finishedAt: finished ? now : null,
      })
      .where(eq(practices.id, p.id))
      .returning();
    return answerOf(correct, false, updated!);
  });
}

/**
 * `/TestpaperApi/finishPractice`: the caller ends their practice before answering everything; the
 * questions left count as not answered (a pass-through level counts them against its rate). Ending a
 * finished practice changes nothing.
 */
export async function finishPractice(ctx: AppContext, user: User, courseId: number, id: number) {
  await requireStudent(ctx, user, courseId);
  const p = await inTransaction(ctx, async (t) => {
    const row = await ownPractice(t, user, courseId, id, true);
    if (row.status === 1) return row;
    const [updated] = await t.db
      .update(practices)
      .set({ status: 1, finishedAt: new Date() })
      .where(eq(practices.id, row.id))
      .returning();
    return updated!;
  });
  return presentPractice(ctx, p, false);
}
