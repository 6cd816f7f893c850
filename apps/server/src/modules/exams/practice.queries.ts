import { ATTEMPT_STATUS, CONTENT_TYPES, OBJECTIVE_TYPES, PUBLISH_STATES } from '@paiclass/shared';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { contents, practiceItems, practices, questions, testAttempts, testItems, tests } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { counted } from './attempts.service';
import { answersVisible, isClosed } from './exams.policy';
import { timesOf } from './exams.queries';

/**
 * Reads of practice on knowledge points (issue 14; decision 017 "Practice on knowledge points and
 * pass-through"), shared by the practice calls and the weak points, so that neither imports the other.
 */

export type Question = typeof questions.$inferSelect;

/**
 * The bank questions a test still keeps from the caller: every question copied into a published
 * test whose answers the caller may not see now (decision 017's rule, as `testingResult`; a closed
 * test they never took counts as seen), and the fixed questions of drafts. Practice shows the key
 * after each answer, so it must never draw a question whose key a test is still hiding.
 */
async function heldBackQuestionIds(ctx: AppContext, user: User, courseId: number): Promise<Set<number>> {
  const rows = await ctx.db
    .select({ item: contents, test: tests })
    .from(contents)
    .innerJoin(tests, eq(tests.contentId, contents.id))
    .where(and(eq(contents.courseId, courseId), eq(contents.contenttype, CONTENT_TYPES.test), isNull(contents.deletedAt)));
  const held = new Set<number>();
  const published = rows.filter((r) => r.item.publishState !== PUBLISH_STATES.draft);
  for (const r of rows)
    if (r.item.publishState === PUBLISH_STATES.draft) for (const f of r.test.composition.fixed) held.add(f.id);
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
 * now, in bank order (oldest first): not deleted, not kept back by a test (above).
 */
export async function practiceableQuestions(ctx: AppContext, user: User, courseId: number): Promise<Question[]> {
  const [bank, held] = await Promise.all([
    ctx.db
      .select()
      .from(questions)
      .where(and(eq(questions.courseId, courseId), isNull(questions.deletedAt), inArray(questions.type, [...OBJECTIVE_TYPES])))
      .orderBy(asc(questions.id)),
    heldBackQuestionIds(ctx, user, courseId),
  ]);
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
