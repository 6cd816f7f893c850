import {
  BANK_MAX,
  type CheckedQuestion,
  QUESTION_TEXT_MAX,
  type QuestionEditInput,
  type QuestionInput,
  type QuestionListInput,
  questionProblem,
} from '@paiclass/shared';
import { and, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { files, questions, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badField, fail } from '../../platform/errors';
import { hasContent, plainText, referencedFileIds, sanitizeRichText } from '../content/rich-text';
import { requireTestManager } from './exams.queries';
import { presentQuestion } from './presenters';

type Question = typeof questions.$inferSelect;

/**
 * The question bank of a course (issue 14, decision 017): its teacher and assistants write, edit,
 * delete, list and filter its questions; students and strangers never reach it.
 */

/** The question's texts, cleaned: images only from the caller's own uploads (and, editing, those it already shows). */
async function cleanTexts(ctx: AppContext, user: User, input: { title: string; analysis: string }, kept?: Question) {
  const referenced = [...referencedFileIds(input.title), ...referencedFileIds(input.analysis)];
  const own = referenced.length
    ? (
        await ctx.db
          .select({ id: files.id })
          .from(files)
          .where(and(eq(files.ownerId, user.id), inArray(files.id, referenced)))
      ).map((r) => r.id)
    : [];
  const allowed = new Set([...own, ...(kept ? [...referencedFileIds(kept.stem), ...referencedFileIds(kept.analysis)] : [])]);
  const stem = sanitizeRichText(input.title, allowed, Number.MAX_SAFE_INTEGER);
  const analysis = sanitizeRichText(input.analysis, allowed, Number.MAX_SAFE_INTEGER);
  if (!hasContent(stem)) throw badField('validation.questionStem', ['title']);
  // the stored HTML is kept whole (a cut would break a tag); what is too long is refused
  if (stem.length > QUESTION_TEXT_MAX || plainText(stem).length > QUESTION_TEXT_MAX)
    throw badField('validation.questionStemLength', ['title']);
  if (analysis.length > QUESTION_TEXT_MAX) throw badField('validation.analysisLength', ['analysis']);
  return { stem, analysis };
}

/** The type rules (shared with the web form): the first field at fault is refused, naming it. */
function checked(input: QuestionInput): CheckedQuestion {
  const result = questionProblem(input);
  if (!result.ok) throw badField(result.message, [result.field]);
  return result.question;
}

const columnsOf = (q: CheckedQuestion, texts: { stem: string; analysis: string }) => ({
  type: q.type,
  difficulty: q.difficulty,
  stem: texts.stem,
  options: q.options,
  answer: q.key,
  spec: q.spec,
  analysis: texts.analysis,
  points: q.points,
  score: q.score,
});

async function authorName(ctx: AppContext, q: Question) {
  if (!q.authorId) return '';
  const [row] = await ctx.db.select({ username: users.username }).from(users).where(eq(users.id, q.authorId));
  return row?.username ?? '';
}

/** One live question of the course's bank; another course's, or a deleted one, is "not found". */
async function loadQuestion(ctx: AppContext, courseId: number, id: number) {
  const [q] = await ctx.db
    .select()
    .from(questions)
    .where(and(eq(questions.id, id), eq(questions.courseId, courseId), isNull(questions.deletedAt)));
  if (!q) throw fail('notFound');
  return q;
}

/** `/QuestionBankApi/addQuestion`: a question of any of the fifteen types, checked whole before it is written. */
export async function addQuestion(ctx: AppContext, user: User, input: QuestionInput) {
  await requireTestManager(ctx, user, input.courseid);
  const q = checked(input);
  const texts = await cleanTexts(ctx, user, input);
  const [held] = await ctx.db
    .select({ n: count() })
    .from(questions)
    .where(and(eq(questions.courseId, input.courseid), isNull(questions.deletedAt)));
  if ((held?.n ?? 0) >= BANK_MAX) throw fail('bankFull');
  const [row] = await ctx.db
    .insert(questions)
    .values({ courseId: input.courseid, authorId: user.id, ...columnsOf(q, texts) })
    .returning();
  return presentQuestion(ctx, row!, user.username);
}

/** `/QuestionBankApi/editQuestion`: any field, the type too; published papers keep their own copy. */
export async function editQuestion(ctx: AppContext, user: User, input: QuestionEditInput) {
  await requireTestManager(ctx, user, input.courseid);
  const kept = await loadQuestion(ctx, input.courseid, input.id);
  const q = checked(input);
  const texts = await cleanTexts(ctx, user, input, kept);
  const [row] = await ctx.db
    .update(questions)
    .set({ ...columnsOf(q, texts), updatedAt: new Date() })
    .where(eq(questions.id, kept.id))
    .returning();
  return presentQuestion(ctx, row!, await authorName(ctx, row!));
}

/** `/QuestionBankApi/getQuestion`. */
export async function getQuestion(ctx: AppContext, user: User, courseId: number, id: number) {
  await requireTestManager(ctx, user, courseId);
  const q = await loadQuestion(ctx, courseId, id);
  return presentQuestion(ctx, q, await authorName(ctx, q));
}

/**
 * `/QuestionBankApi/deleteQuestions`: questions of the course's bank, all or none (an id outside
 * the bank refuses the call). Published papers keep their copies; drafts naming them are told at
 * publishing.
 */
export async function deleteQuestions(ctx: AppContext, user: User, courseId: number, ids: number[]) {
  await requireTestManager(ctx, user, courseId);
  if (ids.length === 0) throw badField('validation.chooseOne', ['ids']);
  const wanted = [...new Set(ids)];
  const gone = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(questions)
      .set({ deletedAt: new Date() })
      .where(and(eq(questions.courseId, courseId), inArray(questions.id, wanted), isNull(questions.deletedAt)))
      .returning({ id: questions.id });
    // one id outside the bank: nothing is deleted
    if (rows.length !== wanted.length) throw fail('notFound');
    return rows.length;
  });
  return { count: gone };
}

/** The bank's `where`: the course, live questions, and the filters asked for. */
export function bankWhere(
  courseId: number,
  filter: { type: number; difficulty: number; point: string; keyword?: string; authorId?: number },
) {
  return and(
    eq(questions.courseId, courseId),
    isNull(questions.deletedAt),
    filter.type ? eq(questions.type, filter.type) : undefined,
    filter.difficulty ? eq(questions.difficulty, filter.difficulty) : undefined,
    filter.point
      ? sql`${questions.points} @> ${JSON.stringify([filter.point.normalize('NFKC').replace(/\s+/g, ' ').trim()])}::jsonb`
      : undefined,
    filter.keyword ? ilike(questions.stem, `%${filter.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`) : undefined,
    filter.authorId ? eq(questions.authorId, filter.authorId) : undefined,
  );
}

/** `/QuestionBankApi/listQuestions`: a page of the bank, newest first, filtered by type, difficulty, knowledge point, words, author. */
export async function listQuestions(ctx: AppContext, user: User, input: QuestionListInput) {
  await requireTestManager(ctx, user, input.courseid);
  const where = bankWhere(input.courseid, { ...input, authorId: input.mine ? user.id : undefined });
  const [total] = await ctx.db.select({ n: count() }).from(questions).where(where);
  const rows = await ctx.db
    .select({ q: questions, author: users.username })
    .from(questions)
    .leftJoin(users, eq(users.id, questions.authorId))
    .where(where)
    .orderBy(desc(questions.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  return {
    total: total?.n ?? 0,
    page: input.page,
    limit: input.limit,
    list: rows.map((r) => presentQuestion(ctx, r.q, r.author ?? '')),
  };
}

/** `/QuestionBankApi/knowledgePoints`: the knowledge points of the bank with how many questions carry each. */
export async function knowledgePoints(ctx: AppContext, user: User, courseId: number) {
  await requireTestManager(ctx, user, courseId);
  const point = sql<string>`p.value`;
  const rows = await ctx.db
    .select({ point, count: sql<number>`count(*)::int` })
    .from(sql`${questions} cross join lateral jsonb_array_elements_text(${questions.points}) as p(value)`)
    .where(and(eq(questions.courseId, courseId), isNull(questions.deletedAt)))
    .groupBy(point)
    .orderBy(desc(sql`count(*)`), point);
  return { list: rows.map((r) => ({ point: r.point, count: Number(r.count) })) };
}
