import {
  type AddScoreColumnInput,
  ATTEMPT_STATUS,
  CONTENT_TYPES,
  type ColumnScoresInput,
  type EditScoreColumnInput,
  type Language,
  SCORE_COLUMNS_MAX,
  type ScoreColumnKind,
  SUBMISSION_STATUS,
} from '@paiclass/shared';
import { and, asc, count, eq, inArray, isNull, max, ne, or, sql } from 'drizzle-orm';
import {
  columnScores,
  contents,
  courseMembers,
  homeworks,
  scoreColumns,
  scoreWeights,
  submissionMembers,
  submissions,
  testAttempts,
  testOfflineScores,
  tests,
  users,
} from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, fail, isUniqueViolation } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { inTransaction } from '../../platform/transaction';
import { courseRole } from '../content/content.service';
import { managesScores, seesUnpublished } from './scores.policy';

/** A column of the course score book: a published homework, or one of the teacher's own columns. */
export interface ScoreColumn {
  /** the key of a row's scores: "12" for homework 12, "c5" for the teacher's column 5 */
  key: string;
  id: number;
  title: string;
  contenttype: number;
  kind: 'homework' | 'online' | ScoreColumnKind;
  fullscore: number;
  weight: number;
  visible: boolean;
  /** how many students have a score in it (0 in a student's book) */
  scored: number;
}

interface BookScope {
  /** a student's book: published homework scores and visible columns only */
  publishedOnly: boolean;
  /** only this student's scores are read */
  uid?: number;
}

/** Columns and scores (keyed `${column key}:${uid}`) of one kind of scored item. */
type ScoreSource = (
  ctx: AppContext,
  courseId: number,
  scope: BookScope,
) => Promise<{ columns: ScoreColumn[]; scores: Map<string, number> }>;

const cell = (key: string, uid: number) => `${key}:${uid}`;
const customKey = (id: number) => `c${id}`;

/** Homework: every published homework of the course; a group's score counts for each member it was submitted for. */
const homeworkSource: ScoreSource = async (ctx, courseId, { publishedOnly, uid }) => {
  // a student's book holds only homework whose scores are published, so an unpublished one does not count 0
  const items = await ctx.db
    .select({
      id: contents.id,
      title: contents.title,
      fullscore: homeworks.fullScore,
      published: homeworks.scoresPublished,
      weight: scoreWeights.weight,
    })
    .from(contents)
    .innerJoin(homeworks, eq(homeworks.contentId, contents.id))
    .leftJoin(scoreWeights, eq(scoreWeights.contentId, contents.id))
    .where(
      and(
        eq(contents.courseId, courseId),
        eq(contents.contenttype, 4),
        inArray(contents.publishState, [2, 3]),
        isNull(contents.deletedAt),
        publishedOnly ? eq(homeworks.scoresPublished, true) : undefined,
      ),
    )
    .orderBy(asc(contents.publishAt), asc(contents.id));
  const scores = new Map<string, number>();
  const columns: ScoreColumn[] = items.map((i) => ({
    key: String(i.id),
    id: i.id,
    title: i.title,
    contenttype: CONTENT_TYPES.homework,
    kind: 'homework',
    fullscore: i.fullscore,
    weight: i.weight ?? 1,
    visible: i.published,
    scored: 0,
  }));
  if (items.length === 0) return { columns, scores };
  // a score counts for the students the work was submitted for (the group as it was then), not the group today
  const graded = await ctx.db
    .select({ contentId: submissions.contentId, userId: submissionMembers.userId, score: submissions.score })
    .from(submissions)
    .innerJoin(submissionMembers, eq(submissionMembers.submissionId, submissions.id))
    .where(
      and(
        inArray(
          submissions.contentId,
          items.map((i) => i.id),
        ),
        eq(submissions.status, SUBMISSION_STATUS.graded),
        publishedOnly ? eq(submissions.scorePublished, true) : undefined,
        uid ? eq(submissionMembers.userId, uid) : undefined,
      ),
    );
  for (const g of graded) if (g.score !== null) scores.set(cell(String(g.contentId), g.userId), g.score);
  return { columns, scores };
};

/** The teacher's own columns (issue 12): typed or imported scores. */
const customSource: ScoreSource = async (ctx, courseId, { publishedOnly, uid }) => {
  const items = await ctx.db
    .select()
    .from(scoreColumns)
    .where(and(eq(scoreColumns.courseId, courseId), publishedOnly ? eq(scoreColumns.visible, true) : undefined))
    .orderBy(asc(scoreColumns.id));
  const scores = new Map<string, number>();
  const columns = items.map(presentColumn);
  if (items.length === 0) return { columns, scores };
  const typed = await ctx.db
    .select({ columnId: columnScores.columnId, userId: columnScores.userId, score: columnScores.score })
    .from(columnScores)
    .where(
      and(
        eq(columnScores.courseId, courseId),
        inArray(
          columnScores.columnId,
          items.map((i) => i.id),
        ),
        uid ? eq(columnScores.userId, uid) : undefined,
      ),
    );
  for (const s of typed) scores.set(cell(customKey(s.columnId), s.userId), s.score);
  return { columns, scores };
};

/**
 * Tests (issue 14, decision 017): every published online test with its total as the full score and
 * its score percentage (spec 2 §5) as the weight; a student's best handed-in paper counts. A
 * student's book holds a test once its scores reach students (released or published), and only
 * papers with nothing left to grade by hand; a returned paper does not count.
 */
const testSource: ScoreSource = async (ctx, courseId, { publishedOnly, uid }) => {
  const released = or(eq(tests.scoresPublished, true), eq(tests.releaseScores, true))!;
  const items = await ctx.db
    .select({
      id: contents.id,
      title: contents.title,
      fullscore: tests.totalScore,
      weight: tests.scorePercent,
      offline: tests.offline,
      visible: sql<boolean>`${released}`,
    })
    .from(contents)
    .innerJoin(tests, eq(tests.contentId, contents.id))
    .where(
      and(
        eq(contents.courseId, courseId),
        eq(contents.contenttype, CONTENT_TYPES.test),
        inArray(contents.publishState, [2, 3]),
        isNull(contents.deletedAt),
        sql`${tests.totalScore} > 0`,
        publishedOnly ? released : undefined,
      ),
    )
    .orderBy(asc(contents.publishAt), asc(contents.id));
  const scores = new Map<string, number>();
  const columns: ScoreColumn[] = items.map((i) => ({
    key: String(i.id),
    id: i.id,
    title: i.title,
    contenttype: CONTENT_TYPES.test,
    // an online test is labelled as one; an offline test is taken on paper (issue 25)
    kind: i.offline ? 'test' : 'online',
    fullscore: i.fullscore,
    weight: i.weight,
    visible: Boolean(i.visible),
    scored: 0,
  }));
  if (items.length === 0) return { columns, scores };
  const best = await ctx.db
    .select({ contentId: testAttempts.contentId, userId: testAttempts.userId, score: max(testAttempts.score) })
    .from(testAttempts)
    .where(
      and(
        inArray(
          testAttempts.contentId,
          items.map((i) => i.id),
        ),
        eq(testAttempts.status, ATTEMPT_STATUS.submitted),
        publishedOnly ? eq(testAttempts.pending, 0) : undefined,
        uid ? eq(testAttempts.userId, uid) : undefined,
      ),
    )
    .groupBy(testAttempts.contentId, testAttempts.userId);
  for (const b of best) if (b.score !== null) scores.set(cell(String(b.contentId), b.userId), b.score);
  // an offline test's scores are typed on the test, not graded from papers
  const offline = items.filter((i) => i.offline).map((i) => i.id);
  if (offline.length) {
    const typed = await ctx.db
      .select({ contentId: testOfflineScores.contentId, userId: testOfflineScores.userId, score: testOfflineScores.score })
      .from(testOfflineScores)
      .where(and(inArray(testOfflineScores.contentId, offline), uid ? eq(testOfflineScores.userId, uid) : undefined));
    for (const t of typed) scores.set(cell(String(t.contentId), t.userId), t.score);
  }
  return { columns, scores };
};

const sources: ScoreSource[] = [homeworkSource, testSource, customSource];

function presentColumn(c: typeof scoreColumns.$inferSelect, scored = 0): ScoreColumn {
  return {
    key: customKey(c.id),
    id: c.id,
    title: c.name,
    contenttype: 0,
    kind: c.kind as ScoreColumnKind,
    fullscore: c.fullScore,
    weight: c.weight,
    visible: c.visible,
    scored,
  };
}

/**
 * The weighted total out of 100 (docs/decisions/004): each column's share of its full score,
 * weighted by its weight and normalised over the columns whose weight is above 0; a missing score
 * counts 0; no weight anywhere, no total.
 */
export function total(columns: Pick<ScoreColumn, 'key' | 'fullscore' | 'weight'>[], score: (key: string) => number | null) {
  const weights = columns.reduce((n, c) => n + c.weight, 0);
  if (weights === 0) return null;
  const sum = columns.reduce((n, c) => n + ((score(c.key) ?? 0) / c.fullscore) * 100 * c.weight, 0);
  return Math.round((sum / weights) * 10) / 10;
}

/** Every column and score of a course in a fixed number of queries (two per source). */
async function book(ctx: AppContext, courseId: number, scope: BookScope) {
  const parts = await Promise.all(sources.map((s) => s(ctx, courseId, scope)));
  const columns = parts.flatMap((p) => p.columns);
  const scores = new Map(parts.flatMap((p) => [...p.scores]));
  if (!scope.publishedOnly) {
    const scored = new Map<string, number>();
    for (const k of scores.keys()) {
      const key = k.slice(0, k.indexOf(':'));
      scored.set(key, (scored.get(key) ?? 0) + 1);
    }
    for (const c of columns) c.scored = scored.get(c.key) ?? 0;
  }
  return { columns, scoreOf: (key: string, uid: number) => scores.get(cell(key, uid)) ?? null };
}

/** The course's students (or one of them), by student number. */
async function studentsOf(ctx: AppContext, courseId: number, uid?: number) {
  return ctx.db
    .select({ uid: users.id, username: users.username, stno: users.stno })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .where(
      and(
        eq(courseMembers.courseId, courseId),
        eq(courseMembers.role, 'student'),
        uid ? eq(courseMembers.userId, uid) : undefined,
      ),
    )
    .orderBy(asc(users.stno), asc(users.id));
}

async function requireScoreManager(ctx: AppContext, user: User, courseId: number) {
  const m = await courseRole(ctx, user, courseId);
  if (!managesScores(m.role)) throw fail('forbidden');
  return m;
}

/**
 * `/ScoreApi/getScoreBook` (`/score`): every student's scores across the course's columns, the
 * weights and the weighted totals. A student gets their own row, with published homework scores
 * and visible columns only.
 */
export async function getScoreBook(ctx: AppContext, user: User, courseId: number) {
  const m = await courseRole(ctx, user, courseId);
  const all = seesUnpublished(m.role);
  const scope = all ? { publishedOnly: false } : { publishedOnly: true, uid: user.id };
  const [{ columns, scoreOf }, people] = await Promise.all([book(ctx, courseId, scope), studentsOf(ctx, courseId, scope.uid)]);
  return {
    columns,
    rows: people.map((p) => ({
      ...p,
      scores: Object.fromEntries(columns.map((c) => [c.key, scoreOf(c.key, p.uid)])),
      total: total(columns, (k) => scoreOf(k, p.uid)),
    })),
  };
}

/** `/ScoreApi/scoreDetail` (`/scoreDetail`): one student's columns with score, full score and weight. */
export async function scoreDetail(ctx: AppContext, user: User, courseId: number, uid: number) {
  const m = await courseRole(ctx, user, courseId);
  const all = seesUnpublished(m.role);
  const who = all ? uid : user.id;
  const [student] = who ? await studentsOf(ctx, courseId, who) : [];
  if (!student) throw fail('notFound');
  const { columns, scoreOf } = await book(ctx, courseId, { publishedOnly: !all, uid: who });
  return {
    ...student,
    list: columns.map((c) => ({ ...c, score: scoreOf(c.key, who) })),
    total: total(columns, (k) => scoreOf(k, who)),
  };
}

/**
 * `/ScoreApi/setWeights` (`/setScore`): the weight of each column (0–100; 0 leaves it out of the
 * total), homework and the teacher's own alike, in one transaction. Refuses a column of another course.
 */
export async function setWeights(
  ctx: AppContext,
  user: User,
  courseId: number,
  weights: { id: number; key?: string; weight: number }[],
) {
  await requireScoreManager(ctx, user, courseId);
  const homework = new Map<number, number>();
  const custom = new Map<number, number>();
  for (const w of weights) {
    const key = w.key ?? String(w.id);
    if (key.startsWith('c')) custom.set(Number(key.slice(1)), w.weight);
    else homework.set(Number(key), w.weight);
  }
  const [ownHomework, ownColumns] = await Promise.all([
    homework.size
      ? ctx.db
          .select({ id: contents.id, contenttype: contents.contenttype })
          .from(contents)
          .where(
            and(
              eq(contents.courseId, courseId),
              inArray(contents.contenttype, [4, 6]),
              inArray(contents.id, [...homework.keys()]),
            ),
          )
      : [],
    custom.size
      ? ctx.db
          .select({ id: scoreColumns.id })
          .from(scoreColumns)
          .where(and(eq(scoreColumns.courseId, courseId), inArray(scoreColumns.id, [...custom.keys()])))
      : [],
  ]);
  if (ownHomework.length !== homework.size || ownColumns.length !== custom.size) throw fail('notFound');
  await inTransaction(ctx, async (tx) => {
    // a test's weight is its score percentage (spec 2 §5); homework keeps its own
    const testIds = new Set(ownHomework.filter((c) => c.contenttype === CONTENT_TYPES.test).map((c) => c.id));
    const work = [...homework].filter(([contentId]) => !testIds.has(contentId));
    if (work.length)
      await tx.db
        .insert(scoreWeights)
        .values(work.map(([contentId, weight]) => ({ contentId, weight })))
        .onConflictDoUpdate({ target: scoreWeights.contentId, set: { weight: sql`excluded.weight` } });
    for (const [contentId, weight] of homework)
      if (testIds.has(contentId)) await tx.db.update(tests).set({ scorePercent: weight }).where(eq(tests.contentId, contentId));
    for (const [id, weight] of custom) await tx.db.update(scoreColumns).set({ weight }).where(eq(scoreColumns.id, id));
  });
  return getScoreBook(ctx, user, courseId);
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * `/ScoreApi/addColumn`: one of the teacher's own columns (name, kind, full score, weight, whether
 * students see it). Teachers and assistants; refuses a name the course already has and more than
 * SCORE_COLUMNS_MAX columns.
 */
export async function addColumn(ctx: AppContext, user: User, input: AddScoreColumnInput) {
  await requireScoreManager(ctx, user, input.courseid);
  try {
    return await inTransaction(ctx, async (tx) => {
      const existing = await tx.db
        .select({ name: scoreColumns.name })
        .from(scoreColumns)
        .where(eq(scoreColumns.courseId, input.courseid));
      if (existing.length >= SCORE_COLUMNS_MAX) throw fail('tooManyColumns', { max: SCORE_COLUMNS_MAX });
      if (existing.some((c) => sameName(c.name, input.name))) throw fail('columnNameTaken', { name: input.name });
      const [row] = await tx.db
        .insert(scoreColumns)
        .values({
          courseId: input.courseid,
          name: input.name,
          kind: input.kind,
          fullScore: input.fullscore,
          weight: input.weight,
          visible: input.visible === 1,
        })
        .returning();
      return presentColumn(row!);
    });
  } catch (e) {
    // two teachers adding the same name at once: the unique index decides
    if (isUniqueViolation(e)) throw fail('columnNameTaken', { name: input.name });
    throw e;
  }
}

/** A column of the course, or "not found" (another course's column looks missing). */
async function ownColumn(ctx: AppContext, courseId: number, id: number) {
  const [column] = await ctx.db
    .select()
    .from(scoreColumns)
    .where(and(eq(scoreColumns.id, id), eq(scoreColumns.courseId, courseId)));
  if (!column) throw fail('notFound');
  return column;
}

/**
 * `/ScoreApi/editColumn`: renames, retypes, reweighs, changes the full score or the visibility of
 * a column; only the fields sent change. Refuses a full score below a score already in it.
 */
export async function editColumn(ctx: AppContext, user: User, input: EditScoreColumnInput) {
  await requireScoreManager(ctx, user, input.courseid);
  try {
    return await inTransaction(ctx, async (tx) => {
      const column = await ownColumn(tx, input.courseid, input.id);
      if (input.name !== undefined) {
        const clash = await tx.db
          .select({ name: scoreColumns.name })
          .from(scoreColumns)
          .where(and(eq(scoreColumns.courseId, input.courseid), ne(scoreColumns.id, input.id)));
        if (clash.some((c) => sameName(c.name, input.name!))) throw fail('columnNameTaken', { name: input.name });
      }
      const [stats] = await tx.db
        .select({ top: max(columnScores.score), n: count() })
        .from(columnScores)
        .where(eq(columnScores.columnId, input.id));
      if (input.fullscore !== undefined && stats?.top != null && stats.top > input.fullscore)
        throw fail('fullBelowScores', { max: stats.top });
      const [row] = await tx.db
        .update(scoreColumns)
        .set({
          name: input.name ?? column.name,
          kind: input.kind ?? column.kind,
          fullScore: input.fullscore ?? column.fullScore,
          weight: input.weight ?? column.weight,
          visible: input.visible === undefined ? column.visible : input.visible === 1,
        })
        .where(eq(scoreColumns.id, input.id))
        .returning();
      return presentColumn(row!, stats?.n ?? 0);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('columnNameTaken', { name: input.name ?? '' });
    throw e;
  }
}

/** `/ScoreApi/deleteColumn`: a column and every score in it (the page asks first when it has scores). */
export async function deleteColumn(ctx: AppContext, user: User, courseId: number, id: number) {
  await requireScoreManager(ctx, user, courseId);
  const gone = await ctx.db
    .delete(scoreColumns)
    .where(and(eq(scoreColumns.id, id), eq(scoreColumns.courseId, courseId)))
    .returning({ id: scoreColumns.id });
  if (gone.length === 0) throw fail('notFound');
  return { id };
}

/** A score as kept: one decimal. */
export const roundScore = (n: number) => Math.round(n * 10) / 10;

/**
 * `/ScoreApi/setColumnScores`: scores typed in the book for one column; null clears a score.
 * Every score is checked (0 to the column's full score, the student in the course) before
 * anything is written, then all are written in one transaction. Answers the score book.
 */
export async function setColumnScores(ctx: AppContext, user: User, input: ColumnScoresInput) {
  await requireScoreManager(ctx, user, input.courseid);
  const column = await ownColumn(ctx, input.courseid, input.id);
  const uids = [...new Set(input.scores.map((s) => s.uid))];
  const students = await ctx.db
    .select({ uid: users.id, username: users.username })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .where(
      and(eq(courseMembers.courseId, input.courseid), eq(courseMembers.role, 'student'), inArray(courseMembers.userId, uids)),
    );
  const names = new Map(students.map((s) => [s.uid, s.username]));
  const last = new Map<number, number | null>();
  for (const s of input.scores) {
    const student = names.get(s.uid);
    if (student === undefined) throw new AppError('badInput', 'errors.notCourseStudent');
    const score = s.score === null ? null : roundScore(s.score);
    if (score !== null && (score < 0 || score > column.fullScore))
      throw new AppError('badInput', 'validation.columnScore', { student, column: column.name, full: column.fullScore });
    last.set(s.uid, score);
  }
  await inTransaction(ctx, (tx) =>
    writeScores(
      tx,
      input.courseid,
      user.id,
      [...last].map(([uid, score]) => ({ columnId: column.id, uid, score })),
    ),
  );
  return getScoreBook(ctx, user, input.courseid);
}

/** Writes scores (null removes one) in a few statements; the caller holds the transaction. */
async function writeScores(
  ctx: AppContext,
  courseId: number,
  by: number,
  cells: { columnId: number; uid: number; score: number | null }[],
) {
  const set = cells.filter((c) => c.score !== null);
  const cleared = cells.filter((c) => c.score === null);
  for (let i = 0; i < set.length; i += 1000) {
    await ctx.db
      .insert(columnScores)
      .values(
        set.slice(i, i + 1000).map((c) => ({ columnId: c.columnId, courseId, userId: c.uid, score: c.score!, updatedBy: by })),
      )
      .onConflictDoUpdate({
        target: [columnScores.columnId, columnScores.userId],
        set: { score: sql`excluded.score`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
      });
  }
  const byColumn = new Map<number, number[]>();
  for (const c of cleared) byColumn.set(c.columnId, [...(byColumn.get(c.columnId) ?? []), c.uid]);
  for (const [columnId, ids] of byColumn)
    await ctx.db.delete(columnScores).where(and(eq(columnScores.columnId, columnId), inArray(columnScores.userId, ids)));
  return set.length + cleared.length;
}

const sheetText = (lang: Language) => (k: string, params?: Record<string, string | number>) =>
  translate(lang, `scores.${k}`, params);
const header = (c: Pick<ScoreColumn, 'title' | 'fullscore'>) => `${c.title} (${c.fullscore})`;

/** The score book as an .xlsx workbook (teachers): a header row, the weights, one row per student with every column and the total. */
export async function exportScoreBook(ctx: AppContext, user: User, courseId: number, lang: Language) {
  const m = await requireScoreManager(ctx, user, courseId);
  const { columns, rows } = await getScoreBook(ctx, user, courseId);
  const t = sheetText(lang);
  const { default: ExcelJS } = await import('exceljs'); // only exports need it: not loaded at start-up
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'PaiClass';
  const sheet = workbook.addWorksheet(t('sheet'));
  sheet.addRow([t('stno'), t('name'), ...columns.map(header), t('total')]);
  sheet.addRow([t('weight'), '', ...columns.map((c) => c.weight), '']);
  for (const r of rows) sheet.addRow([r.stno, r.username, ...columns.map((c) => r.scores[c.key] ?? ''), r.total ?? '']);
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(2).font = { italic: true };
  sheet.columns.forEach((col, i) => {
    col.width = i < 2 ? 14 : 16;
  });
  sheet.views = [{ state: 'frozen', xSplit: 2, ySplit: 2 }];
  return { name: `${m.course.coursename}-${t('sheet')}.xlsx`, data: Buffer.from(await workbook.xlsx.writeBuffer()) };
}

/**
 * `/ScoreApi/importTemplate`: an .xlsx to fill in — student no., name and each of the teacher's
 * columns with its full score, one row per student with the scores they have now.
 */
export async function importTemplate(ctx: AppContext, user: User, courseId: number, lang: Language) {
  const m = await requireScoreManager(ctx, user, courseId);
  const { columns, rows } = await getScoreBook(ctx, user, courseId);
  const own = columns.filter((c) => c.kind !== 'homework');
  if (own.length === 0) throw fail('noScoreColumns');
  const t = sheetText(lang);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'PaiClass';
  const sheet = workbook.addWorksheet(t('templateSheet'));
  sheet.addRow([t('stno'), t('name'), ...own.map(header)]);
  for (const r of rows) sheet.addRow([r.stno, r.username, ...own.map((c) => r.scores[c.key] ?? null)]);
  sheet.getRow(1).font = { bold: true };
  // student numbers are text: Excel must not turn 0012 into 12
  sheet.getColumn(1).numFmt = '@';
  sheet.columns.forEach((col, i) => {
    col.width = i < 2 ? 14 : 18;
  });
  sheet.views = [{ state: 'frozen', xSplit: 2, ySplit: 1 }];
  return { name: `${m.course.coursename}-${t('templateSheet')}.xlsx`, data: Buffer.from(await workbook.xlsx.writeBuffer()) };
}

export { header as columnHeader, ownColumn, requireScoreManager, studentsOf, writeScores };
