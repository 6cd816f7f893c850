import {
  optionKey,
  QUESTION_TYPES,
  type QuestionKey,
  type QuestionSpec,
  type questionAnswer,
  type studentItemAnswer,
  type teacherItemAnswer,
} from '@paiclass/shared';
import type { z } from 'zod';
import type { questions, testItems } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { presentRichText } from '../content/rich-text';

/**
 * The answers of the test calls (decision 017). Every student shape is built field by field: the
 * serializer keeps fields a schema does not name, so nothing is spread from a row into a student's
 * answer, and the key, the analysis and the grades are added only where the caller may see them.
 */

type Question = typeof questions.$inferSelect;
export type Item = typeof testItems.$inferSelect;

export const seconds = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : 0);

/** A key as Ketangpai writes it: `1`/`0`, `B`, `A|C`; a short answer's reference text; '' for the others. */
export function keyText(type: number, key: QuestionKey) {
  if (type === QUESTION_TYPES.trueFalse) return key.value ?? '';
  if (key.keys) return key.keys.join('|');
  if (type === QUESTION_TYPES.shortAnswer) return key.text ?? '';
  return '';
}

const optionList = (options: string[], order?: string[]) => {
  const all = options.map((title, i) => ({ id: optionKey(i), title }));
  if (!order) return all;
  const byKey = new Map(all.map((o) => [o.id, o]));
  return order.flatMap((k) => {
    const o = byKey.get(k);
    return o ? [o] : [];
  });
};

const range = (spec: QuestionSpec) => ({ min: spec.min ?? 0, max: spec.max ?? 0 });

/** A bank question as its course's teacher and assistants see it. */
export function presentQuestion(ctx: AppContext, q: Question, author: string): z.output<typeof questionAnswer> {
  return {
    id: q.id,
    courseid: q.courseId,
    type: q.type,
    difficulty: q.difficulty,
    title: presentRichText(ctx.secret, q.stem),
    optionList: optionList(q.options),
    answer: keyText(q.type, q.answer),
    blanks: q.answer.blanks ?? [],
    ...range(q.spec),
    analysis: presentRichText(ctx.secret, q.analysis),
    points: q.points,
    score: q.score,
    authorid: q.authorId ?? 0,
    author,
    createtime: seconds(q.createdAt),
    updatetime: seconds(q.updatedAt),
  };
}

/**
 * A paper's question as a student sees it: stem, options (in the student's order), blank count,
 * rating range and score. `answer` and `analysis` are empty: this shape never carries a key.
 */
export function presentStudentItem(
  ctx: AppContext,
  item: Item,
  sort: number,
  order?: string[],
): z.output<typeof studentItemAnswer> {
  return {
    id: item.id,
    subjectid: item.id,
    sort,
    type: String(item.type),
    typeid: item.type,
    title: presentRichText(ctx.secret, item.stem),
    optionList: optionList(item.options, order),
    blanks: item.spec.blanks ?? 0,
    ...range(item.spec),
    score: item.score,
    answer: '',
    analysis: '',
  };
}

/** A paper's question as the teacher sees it: the student's view with the key, the analysis and its origin. */
export function presentTeacherItem(
  ctx: AppContext,
  item: Item,
  sort: number,
  order?: string[],
): z.output<typeof teacherItemAnswer> {
  return {
    ...presentStudentItem(ctx, item, sort, order),
    answer: keyText(item.type, item.answer),
    analysis: presentRichText(ctx.secret, item.analysis),
    difficulty: item.difficulty,
    points: item.points,
    blanksanswer: item.answer.blanks ?? [],
    questionid: item.questionId ?? 0,
    draw: item.draw,
  };
}
