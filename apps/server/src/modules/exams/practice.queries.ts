import { ATTEMPT_STATUS, CONTENT_TYPES, OBJECTIVE_TYPES, PUBLISH_STATES } from '@paiclass/shared';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { contents, interactSteps, practiceItems, practices, questions, testAttempts, testItems, tests } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { counted } from './attempts.service';
import { answersVisible, fitsDraw, isClosed } from './exams.policy';
import { timesOf } from './exams.queries';

/**
 * Reads of practice on knowledge points (issue 14; decision 017 "Practice on knowledge points and
 * pass-through"), shared by the practice calls and the weak points, so that neither imports the other.
 */

export type Question = typeof questions.$inferSelect;

/**
 * The bank questions whose keys are still hidden from the caller (issue 24; decision 017 "Practice on
 * knowledge points and pass-through", keys still hidden), the one query practice and pass-through
 * draw from. Practice shows the key after each
 * answer, so it must never draw, nor grade, a question whose key is hidden anywhere:
 * - every question copied into a published test whose answers the caller may not see now (decision
 *   017's rule, as `testingResult`; a closed test they never took counts as seen), fixed ones and the
 *   pools of its random draws alike;
 * - in a draft test, its fixed questions and every bank question one of its random draws may draw;
 * - the question of an interactive answer's step not yet revealed (open in a class or still to be
 *   asked), in an item not deleted.
 * `bank`: the bank questions the caller asks about, when it already read them (draft draws are
 * matched against them); otherwise the course's whole bank is read.
 */
export async function hiddenKeyQuestionIds(
  ctx: AppContext,
  user: User,
  courseId: number,
  bank?: Pick<Question, 'id' | 'type' | 'difficulty' | 'points'>[],
): Promise<Set<number>> {
  const [rows, live] = await Promise.all([
    ctx.db
      .select({ item: contents, test: tests })
      .from(contents)
      .innerJoin(tests, eq(tests.contentId, contents.id))
      .where(and(eq(contents.courseId, courseId), eq(contents.contenttype, CONTENT_TYPES.test), isNull(contents.deletedAt))),
    ctx.db
      .selectDistinct({ questionId: interactSteps.questionId })
      .from(interactSteps)
      .innerJoin(contents, eq(contents.id, interactSteps.contentId))
      .where(
        and(
          eq(interactSteps.courseId, courseId),
          isNull(interactSteps.revealedAt),
          isNotNull(interactSteps.questionId),
          isNull(contents.deletedAt),
        ),
      ),
  ]);
  const held = new Set<number>(live.map((r) => r.questionId!));
  const drafts = rows.filter((r) => r.item.publishState === PUBLISH_STATES.draft);
  const published = rows.filter((r) => r.item.publishState !== PUBLISH_STATES.draft);
  for (const r of drafts) for (const f of r.test.composition.fixed) held.add(f.id);
  const draws = drafts.flatMap((r) => r.test.composition.draws);
  if (draws.length > 0) {
    // a draft's draw is a pool of the bank as it stands: any question it may draw is in the paper to come
    const pool =
      bank ??
      (await ctx.db
        .select({ id: questions.id, type: questions.type, difficulty: questions.difficulty, points: questions.points })
        .from(questions)
        .where(and(eq(questions.courseId, courseId), isNull(questions.deletedAt))));
    for (const q of pool) if (draws.some((d) => fitsDraw(q, d))) held.add(q.id);
  }
  if (published.length === 0) return held;
  const mine = await ctx.db
    .select()
    .from(testAttempts)
    .where(
      and(
        eq(testAttempts.userId, user.id),
        inArray(
          testAttempts.contentId,
          published.map((r) => r.item.id),
        ),
      ),
    );
  const now = Date.now();
  const hiding = published.filter((r) => {
    const times = timesOf(r.item, r.test);
    const own = mine.filter((a) => a.contentId === r.item.id);
    const handedIn = own.some((a) => a.status === ATTEMPT_STATUS.submitted) || isClosed(times, now);
    const policy = { ...times, showAnswers: r.test.showAnswers, attempts: r.test.attempts };
    return !answersVisible(policy, counted(own), handedIn, now);
  });
  if (hiding.length === 0) return held;
  // test_items holds every question a published paper may use: its fixed ones and each draw's pool
  const copies = await ctx.db
    .selectDistinct({ questionId: testItems.questionId })
    .from(testItems)
    .where(
      and(
        inArray(
          testItems.contentId,
          hiding.map((r) => r.item.id),
        ),
        isNotNull(testItems.questionId),
      ),
    );
  for (const c of copies) held.add(c.questionId!);
  return held;
}

/**
 * The course's objective bank questions (true/false, choices, fill in blank) the caller may practise
 * now, in bank order (oldest first): not deleted, no key hidden (above).
 */
export async function practiceableQuestions(ctx: AppContext, user: User, courseId: number): Promise<Question[]> {
  const bank = await ctx.db
    .select()
    .from(questions)
    .where(and(eq(questions.courseId, courseId), isNull(questions.deletedAt), inArray(questions.type, [...OBJECTIVE_TYPES])))
    .orderBy(asc(questions.id));
  // only these may be practised, so only these need matching against drafts' draws
  const held = await hiddenKeyQuestionIds(ctx, user, courseId, bank);
  return bank.filter((q) => !held.has(q.id) && q.points.length > 0);
}

/** The caller's answered practice questions in the course, oldest first, with the question's points as they stand. */
export async function practiceAnswers(ctx: AppContext, userId: number, courseId: number) {
  return ctx.db
    .select({
      questionId: practiceItems.questionId,
      correct: practiceItems.correct,
      answeredAt: practiceItems.answeredAt,
      points: questions.points,
    })
    .from(practiceItems)
    .innerJoin(practices, eq(practices.id, practiceItems.practiceId))
    .innerJoin(questions, eq(questions.id, practiceItems.questionId))
    .where(and(eq(practices.userId, userId), eq(practices.courseId, courseId), isNotNull(practiceItems.correct)))
    .orderBy(asc(practiceItems.answeredAt));
}
