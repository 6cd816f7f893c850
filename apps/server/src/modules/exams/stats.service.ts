import {
  type AcceptAnswerInput,
  ATTEMPT_STATUS,
  type acceptAnswerAnswer,
  KEYED_CHOICE_TYPES,
  OPTION_TYPES,
  optionKey,
  PUBLISH_STATES,
  parseKeys,
  QUESTION_TYPES,
  type questionStatsAnswer,
} from '@paiclass/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { type ItemGrade, testAnswers, testAttempts, testItems, tests } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, badField, fail } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import { presentRichText } from '../content/rich-text';
import { requireManagedTest } from './exams.queries';
import { blankText, gradePaper, type StoredAnswer, unpackAnswer } from './grading';
import { keyText } from './presenters';

/**
 * The teacher's view over a whole paper (issue 14, `/testing/review`): statistics per question —
 * how many got it right, the spread of the options chosen — and regrading by accepting another
 * answer, which grades every handed-in paper again. The course's teacher and assistants only.
 */

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The handed-in papers of a test (returned ones no longer count) with their answers, in two queries. */
async function handedIn(db: AppContext['db'], contentId: number) {
  const papers = await db
    .select()
    .from(testAttempts)
    .where(and(eq(testAttempts.contentId, contentId), eq(testAttempts.status, ATTEMPT_STATUS.submitted)));
  const answers = new Map<number, Map<number, StoredAnswer>>(papers.map((p) => [p.id, new Map()]));
  if (papers.length > 0) {
    const rows = await db
      .select({ attemptId: testAnswers.attemptId, itemId: testAnswers.itemId, answer: testAnswers.answer })
      .from(testAnswers)
      .where(
        inArray(
          testAnswers.attemptId,
          papers.map((p) => p.id),
        ),
      );
    for (const r of rows) answers.get(r.attemptId)?.set(r.itemId, unpackAnswer(r.answer));
  }
  return { papers, answers };
}

/**
 * `/TestpaperApi/questionStats`: each question of a published paper over the papers handed in —
 * right, partly right, wrong, waiting, the correct rate and average, the options each was picked by
 * and a rating's values. Counts only: no answer beside a name (anonymous answers stay anonymous).
 */
export async function questionStats(
  ctx: AppContext,
  user: User,
  courseId: number,
  id: number,
): Promise<z.output<typeof questionStatsAnswer>> {
  const { item } = await requireManagedTest(ctx, user, courseId, id);
  if (item.publishState < PUBLISH_STATES.published) throw fail('testNotPublished');
  const items = await ctx.db.select().from(testItems).where(eq(testItems.contentId, item.id));
  const { papers, answers } = await handedIn(ctx.db, item.id);
  const lists = items
    .filter((q) => q.type !== QUESTION_TYPES.note)
    .map((q) => {
      const key = String(q.id);
      let held = 0;
      let answered = 0;
      const counts = { correct: 0, partly: 0, wrong: 0, pending: 0 };
      let points = 0;
      const picked = new Map<string, number>();
      const ratings = new Map<number, number>();
      for (const paper of papers) {
        const grade: ItemGrade | undefined = paper.grades[key];
        if (!grade) continue;
        held += 1;
        points += grade.s ?? 0;
        const given = answers.get(paper.id)?.get(q.id) ?? null;
        const isAnswered = given !== null && !(Array.isArray(given) && given.length === 0);
        if (isAnswered) answered += 1;
        if (grade.c === 1) counts.correct += 1;
        else if (grade.c === 2) counts.partly += 1;
        else if (grade.c === 3) counts.pending += 1;
        else counts.wrong += 1;
        if (!isAnswered) continue;
        if (OPTION_TYPES.includes(q.type) || q.type === QUESTION_TYPES.trueFalse)
          for (const k of Array.isArray(given) ? given.map(String) : [String(given)]) picked.set(k, (picked.get(k) ?? 0) + 1);
        if (q.type === QUESTION_TYPES.rating) ratings.set(Number(given), (ratings.get(Number(given)) ?? 0) + 1);
      }
      const right = new Set(q.answer.keys ?? []);
      return {
        subjectid: q.id,
        questionid: q.questionId ?? 0,
        type: q.type,
        title: presentRichText(ctx.secret, q.stem),
        score: q.score,
        answer: keyText(q.type, q.answer),
        blanksanswer: q.answer.blanks ?? [],
        alternatives: q.answer.alternatives ?? [],
        draw: q.draw,
        papers: held,
        answered,
        ...counts,
        correctrate: held === 0 ? 0 : Math.round((counts.correct * 100) / held),
        average: held === 0 ? 0 : round1(points / held),
        options: OPTION_TYPES.includes(q.type)
          ? q.options.map((title, i) => {
              const k = optionKey(i);
              return { id: k, title, count: picked.get(k) ?? 0, correct: (right.has(k) ? 1 : 0) as 0 | 1 };
            })
          : q.type === QUESTION_TYPES.trueFalse
            ? // true ('1') and false ('0'), untitled: the web app names them in the reader's language
              ['1', '0'].map((k) => {
                const isRight = k === q.answer.value || (q.answer.alternatives ?? []).includes(k);
                return { id: k, title: '', count: picked.get(k) ?? 0, correct: (isRight ? 1 : 0) as 0 | 1 };
              })
            : [],
        ratings:
          q.type === QUESTION_TYPES.rating
            ? Array.from({ length: (q.spec.max ?? 0) - (q.spec.min ?? 0) + 1 }, (_, i) => {
                const value = (q.spec.min ?? 0) + i;
                return { value, count: ratings.get(value) ?? 0 };
              })
            : [],
      };
    })
    .sort((a, b) => a.draw - b.draw || a.subjectid - b.subjectid);
  return { testpaperid: item.id, papers: papers.length, lists };
}

/** true/false answers as teachers' tools send them */
const TRUE_FALSE_WORDS: Record<string, '1' | '0'> = { '1': '1', '0': '0', true: '1', false: '0', 对: '1', 错: '0' };

/**
 * `/TestpaperApi/acceptAnswer` (issue 14, regrading): another answer counts as right for one
 * question of a published paper — a single choice's other option, a text for one blank of a
 * fill-in-blank question, the other value of a true/false, or another whole set of keys of a
 * multiple or indefinite choice. The paper's copy changes (its version bumps, so every instance reads it
 * again) and every handed-in paper is graded again in the same transaction; the teacher's hand
 * grades stay. Papers under way are graded with the new key when they are handed in.
 */
export async function acceptAnswer(
  ctx: AppContext,
  user: User,
  input: AcceptAnswerInput,
): Promise<z.output<typeof acceptAnswerAnswer>> {
  const { item } = await requireManagedTest(ctx, user, input.courseid, input.id);
  if (item.publishState < PUBLISH_STATES.published) throw fail('testNotPublished');
  return inTransaction(ctx, async (t) => {
    // the test locked: two regrades of one paper take turns, and neither loses the other's key
    const [test] = await t.db.select().from(tests).where(eq(tests.contentId, item.id)).for('update');
    if (!test) throw fail('notFound');
    const items = await t.db.select().from(testItems).where(eq(testItems.contentId, item.id));
    const question = items.find((q) => q.id === input.subjectid);
    if (!question || question.type === QUESTION_TYPES.note) throw badField('validation.subjectId', ['subjectid']);

    let key = question.answer;
    if (question.type === QUESTION_TYPES.single) {
      const other = input.answer.toUpperCase();
      const keys = question.options.map((_, i) => optionKey(i));
      if (!keys.includes(other)) throw badField('validation.acceptKey', ['answer']);
      if (key.keys?.includes(other)) throw badField('validation.acceptAlready', ['answer']);
      key = { ...key, keys: [...(key.keys ?? []), other].sort() };
    } else if (question.type === QUESTION_TYPES.fillBlank) {
      const blanks = key.blanks ?? [];
      const index = (input.blank ?? (blanks.length === 1 ? 1 : 0)) - 1;
      // the message names the field in words, with the blanks there are
      if (index < 0 || index >= blanks.length) throw new AppError('badInput', 'validation.acceptBlank', { count: blanks.length });
      if (blanks[index]!.some((a) => blankText(a) === blankText(input.answer)))
        throw badField('validation.acceptAlready', ['answer']);
      key = { ...key, blanks: blanks.map((list, i) => (i === index ? [...list, input.answer] : list)) };
    } else if (question.type === QUESTION_TYPES.trueFalse) {
      const other = TRUE_FALSE_WORDS[input.answer.toLowerCase()];
      if (!other) throw badField('validation.acceptTrueFalse', ['answer']);
      if (other === key.value || key.alternatives?.includes(other)) throw badField('validation.acceptAlready', ['answer']);
      key = { ...key, alternatives: [...(key.alternatives ?? []), other] };
    } else if (KEYED_CHOICE_TYPES.includes(question.type)) {
      // multiple and indefinite choice: another whole set of keys counts as right
      const keys = question.options.map((_, i) => optionKey(i));
      const picked = [...new Set(parseKeys(input.answer))].sort();
      if (picked.length === 0 || picked.some((k) => !keys.includes(k))) throw badField('validation.acceptKeys', ['answer']);
      const set = picked.join('|');
      if (set === [...(key.keys ?? [])].sort().join('|') || key.alternatives?.includes(set))
        throw badField('validation.acceptAlready', ['answer']);
      key = { ...key, alternatives: [...(key.alternatives ?? []), set] };
    } else {
      throw badField('validation.acceptType', ['subjectid']);
    }

    await t.db.update(testItems).set({ answer: key }).where(eq(testItems.id, question.id));
    await t.db
      .update(tests)
      .set({ version: test.version + 1 })
      .where(eq(tests.contentId, item.id));
    const regraded = items.map((q) => (q.id === question.id ? { ...q, answer: key } : q));
    const byId = new Map(regraded.map((q) => [q.id, q]));
    const { papers, answers } = await handedIn(t.db, item.id);
    let changed = 0;
    for (const paper of papers) {
      const paperItems = paper.itemIds.flatMap((itemId) => byId.get(itemId) ?? []);
      const graded = gradePaper(paperItems, answers.get(paper.id) ?? new Map(), test.partialCredit, paper.grades);
      if (
        graded.score === paper.score &&
        graded.pending === paper.pending &&
        graded.grades[String(question.id)]?.s === paper.grades[String(question.id)]?.s
      )
        continue;
      if (graded.score !== paper.score) changed += 1;
      await t.db
        .update(testAttempts)
        .set({ grades: graded.grades, score: graded.score, pending: graded.pending })
        .where(eq(testAttempts.id, paper.id));
    }
    return {
      subjectid: question.id,
      answer: keyText(question.type, key),
      blanksanswer: key.blanks ?? [],
      alternatives: key.alternatives ?? [],
      count: papers.length,
      changed,
    };
  });
}
