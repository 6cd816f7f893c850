import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { contents, courseMembers, homeworks, scoreWeights, submissionMembers, submissions, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { courseRole } from '../content/content.service';
import { managesContent } from '../content/content.policy';

/** A scored item of the course score book: homework now; tests and attendance register later. */
export interface ScoreColumn {
  id: number;
  title: string;
  contenttype: number;
  fullscore: number;
  weight: number;
}

/** Scores per column and student: graded ones for teachers, published ones for students. */
type ScoreSource = (
  ctx: AppContext,
  courseId: number,
  publishedOnly: boolean,
) => Promise<{ columns: Omit<ScoreColumn, 'weight'>[]; scores: Map<string, number> }>;
const sources: ScoreSource[] = [];

const key = (column: number, uid: number) => `${column}:${uid}`;

/** Homework: every published homework of the course; a group's score counts for each member it was submitted for. */
sources.push(async (ctx, courseId, publishedOnly) => {
  // a student's book holds only homework whose scores are published, so an unpublished one does not count 0
  const items = await ctx.db
    .select({ id: contents.id, title: contents.title, fullscore: homeworks.fullScore, groupSetId: homeworks.groupSetId })
    .from(contents)
    .innerJoin(homeworks, eq(homeworks.contentId, contents.id))
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
  if (items.length === 0) return { columns: [], scores };
  const graded = await ctx.db
    .select({
      id: submissions.id,
      contentId: submissions.contentId,
      score: submissions.score,
      published: submissions.scorePublished,
    })
    .from(submissions)
    .where(
      and(
        inArray(
          submissions.contentId,
          items.map((i) => i.id),
        ),
        eq(submissions.status, 3),
      ),
    );
  // a score counts for the students the work was submitted for (the group as it was then), not the group today
  const ids = graded.map((g) => g.id);
  const members = ids.length
    ? await ctx.db.select().from(submissionMembers).where(inArray(submissionMembers.submissionId, ids))
    : [];
  for (const g of graded) {
    if (g.score === null || (publishedOnly && !g.published)) continue;
    for (const m of members) if (m.submissionId === g.id) scores.set(key(g.contentId, m.userId), g.score);
  }
  return { columns: items.map((i) => ({ id: i.id, title: i.title, contenttype: 4, fullscore: i.fullscore })), scores };
});

/** Weighted total out of 100: each item's share of its full score, by the teacher's weights (missing counts 0). */
export function total(columns: ScoreColumn[], score: (column: number) => number | null) {
  const weights = columns.reduce((n, c) => n + c.weight, 0);
  if (weights === 0) return null;
  const sum = columns.reduce((n, c) => n + ((score(c.id) ?? 0) / c.fullscore) * 100 * c.weight, 0);
  return Math.round((sum / weights) * 10) / 10;
}

async function book(ctx: AppContext, courseId: number, publishedOnly: boolean) {
  const parts = await Promise.all(sources.map((s) => s(ctx, courseId, publishedOnly)));
  const raw = parts.flatMap((p) => p.columns);
  const weights = raw.length
    ? await ctx.db
        .select()
        .from(scoreWeights)
        .where(
          inArray(
            scoreWeights.contentId,
            raw.map((c) => c.id),
          ),
        )
    : [];
  const columns: ScoreColumn[] = raw.map((c) => ({ ...c, weight: weights.find((w) => w.contentId === c.id)?.weight ?? 1 }));
  const scores = new Map(parts.flatMap((p) => [...p.scores]));
  return { columns, scoreOf: (column: number, uid: number) => scores.get(key(column, uid)) ?? null };
}

async function studentsOf(ctx: AppContext, courseId: number) {
  return ctx.db
    .select({ uid: users.id, username: users.username, stno: users.stno })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.role, 'student')))
    .orderBy(asc(users.stno), asc(users.id));
}

/**
 * `/ScoreApi/getScoreBook` (`/score`): every student's scores across the course's scored items, the
 * weights and the weighted totals. A student gets their own row, with published scores only.
 */
export async function getScoreBook(ctx: AppContext, user: User, courseId: number) {
  const m = await courseRole(ctx, user, courseId);
  const teacher = managesContent(m.role);
  const { columns, scoreOf } = await book(ctx, courseId, !teacher);
  const people = teacher ? await studentsOf(ctx, courseId) : (await studentsOf(ctx, courseId)).filter((s) => s.uid === user.id);
  return {
    columns,
    rows: people.map((p) => ({
      ...p,
      scores: Object.fromEntries(columns.map((c) => [c.id, scoreOf(c.id, p.uid)])),
      total: total(columns, (c) => scoreOf(c, p.uid)),
    })),
  };
}

/** `/ScoreApi/scoreDetail` (`/scoreDetail`): one student's items with score, full score and weight. */
export async function scoreDetail(ctx: AppContext, user: User, courseId: number, uid: number) {
  const m = await courseRole(ctx, user, courseId);
  const teacher = managesContent(m.role);
  const who = teacher ? uid : user.id;
  const student = (await studentsOf(ctx, courseId)).find((s) => s.uid === who);
  if (!student) throw fail('notFound');
  const { columns, scoreOf } = await book(ctx, courseId, !teacher);
  return {
    ...student,
    list: columns.map((c) => ({ ...c, score: scoreOf(c.id, who) })),
    total: total(columns, (c) => scoreOf(c, who)),
  };
}

/** `/ScoreApi/setWeights` (`/setScore`): the teacher's weight per item (0–100; 0 leaves it out of the total). */
export async function setWeights(ctx: AppContext, user: User, courseId: number, weights: { id: number; weight: number }[]) {
  const m = await courseRole(ctx, user, courseId);
  if (!managesContent(m.role)) throw fail('forbidden');
  const ids = weights.map((w) => w.id);
  const own = ids.length
    ? await ctx.db
        .select({ id: contents.id })
        .from(contents)
        .where(and(eq(contents.courseId, courseId), inArray(contents.id, ids)))
    : [];
  if (own.length !== new Set(ids).size) throw fail('notFound');
  for (const w of weights) {
    await ctx.db
      .insert(scoreWeights)
      .values({ contentId: w.id, weight: w.weight })
      .onConflictDoUpdate({ target: scoreWeights.contentId, set: { weight: w.weight } });
  }
  return getScoreBook(ctx, user, courseId);
}

/** The score book as an .xlsx workbook (teachers): a header row, one row per student, the weights and totals. */
export async function exportScoreBook(ctx: AppContext, user: User, courseId: number) {
  const m = await courseRole(ctx, user, courseId);
  if (!managesContent(m.role)) throw fail('forbidden');
  const { columns, rows } = await getScoreBook(ctx, user, courseId);
  const lang = user.lang === 'en' ? 'en' : 'zh';
  const t = (k: string) => translate(lang, `scores.${k}`);
  const { default: ExcelJS } = await import('exceljs'); // only exports need it: not loaded at start-up
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'PaiClass';
  const sheet = workbook.addWorksheet(t('sheet'));
  sheet.addRow([t('stno'), t('name'), ...columns.map((c) => `${c.title} (${c.fullscore})`), t('total')]);
  sheet.addRow([t('weight'), '', ...columns.map((c) => c.weight), '']);
  for (const r of rows) sheet.addRow([r.stno, r.username, ...columns.map((c) => r.scores[c.id] ?? ''), r.total ?? '']);
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(2).font = { italic: true };
  sheet.columns.forEach((col, i) => {
    col.width = i < 2 ? 14 : 16;
  });
  sheet.views = [{ state: 'frozen', xSplit: 2, ySplit: 2 }];
  return { name: `${m.course.coursename}-${t('sheet')}.xlsx`, data: Buffer.from(await workbook.xlsx.writeBuffer()) };
}
