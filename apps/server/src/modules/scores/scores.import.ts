import { type Language, SCORE_IMPORT_ROWS_MAX } from '@paiclass/shared';
import { and, asc, eq } from 'drizzle-orm';
import { courseMembers, scoreColumns, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, fail } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { inTransaction } from '../../platform/transaction';
import { requireScoreManager, roundScore, writeScores } from './scores.service';

/** What a cell holds, as text or a number; formulas give their result, rich text its words. */
function cellValue(v: unknown): number | string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: unknown };
    if ('result' in o) return cellValue(o.result);
    if (Array.isArray(o.richText))
      return o.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (typeof o.text === 'string') return o.text.trim();
    if (o.error !== undefined) return String(o.error);
  }
  return String(v);
}

/** A header without the full score the template adds: "期中考试 (100)" → "期中考试". */
const bareHeader = (h: string) =>
  h
    .replace(/\s*[(（]\s*\d+(\.\d+)?\s*[)）]\s*$/, '')
    .trim()
    .toLowerCase();
const STNO_HEADERS = ['学号', 'student no.', 'student no', 'stno'];
const NAME_HEADERS = ['姓名', 'name', 'username'];
const WEIGHT_LABELS = ['权重', 'weight'];

/**
 * `/ScoreApi/importScores`: scores from an .xlsx sheet (the template, or the exported book) into the
 * teacher's columns its header names. Students are found by student no., or by name where the row
 * has none. An empty cell leaves a score as it is. Every row is checked first; if any is wrong the
 * answer lists each problem by row and nothing is written, else everything is written in one
 * transaction.
 */
export async function importScores(ctx: AppContext, user: User, courseId: number, data: Buffer, lang: Language) {
  await requireScoreManager(ctx, user, courseId);
  const t = (k: string, params?: Record<string, string | number>) => translate(lang, `scores.import.${k}`, params);
  const [columns, students] = await Promise.all([
    ctx.db.select().from(scoreColumns).where(eq(scoreColumns.courseId, courseId)).orderBy(asc(scoreColumns.id)),
    ctx.db
      .select({ uid: users.id, username: users.username, stno: users.stno })
      .from(courseMembers)
      .innerJoin(users, eq(users.id, courseMembers.userId))
      .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.role, 'student'))),
  ]);
  if (columns.length === 0) throw fail('noScoreColumns');

  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new AppError('badInput', 'errors.xlsxUnreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('badInput', 'errors.xlsxUnreadable');
  if (sheet.rowCount > SCORE_IMPORT_ROWS_MAX + 1)
    throw new AppError('badInput', 'errors.xlsxTooManyRows', { max: SCORE_IMPORT_ROWS_MAX });

  const problems: { row: number; field: string; message: string }[] = [];
  const headers: { index: number; text: string }[] = [];
  sheet.getRow(1).eachCell((c, index) => {
    const text = cellValue(c.value);
    if (text !== null && text !== '') headers.push({ index, text: String(text) });
  });
  const stnoAt = headers.find((h) => STNO_HEADERS.includes(h.text.toLowerCase()))?.index;
  const nameAt = headers.find((h) => NAME_HEADERS.includes(h.text.toLowerCase()))?.index;
  const targets: { index: number; header: string; column: (typeof columns)[number] }[] = [];
  const ignored: string[] = [];
  for (const h of headers) {
    if (h.index === stnoAt || h.index === nameAt) continue;
    const column = columns.find((c) => c.name.trim().toLowerCase() === bareHeader(h.text));
    if (column && !targets.some((x) => x.column.id === column.id)) targets.push({ index: h.index, header: h.text, column });
    else ignored.push(h.text);
  }
  // a sheet wrong on every row is answered with its first 200 problems
  const answer = (saved: number) => ({
    saved,
    columns: targets.map((x) => x.column.name),
    ignored,
    problems: problems.slice(0, 200),
  });
  if (stnoAt === undefined && nameAt === undefined) problems.push({ row: 1, field: '', message: t('noStudentColumn') });
  if (targets.length === 0) problems.push({ row: 1, field: '', message: t('noColumns') });
  if (problems.length) return answer(0);

  const stnoHeader = headers.find((h) => h.index === stnoAt)?.text ?? '';
  const nameHeader = headers.find((h) => h.index === nameAt)?.text ?? '';
  const byStno = new Map<string, typeof students>();
  const byName = new Map<string, typeof students>();
  for (const s of students) {
    if (s.stno) byStno.set(s.stno, [...(byStno.get(s.stno) ?? []), s]);
    byName.set(s.username, [...(byName.get(s.username) ?? []), s]);
  }
  const seen = new Map<number, number>();
  const cells: { columnId: number; uid: number; score: number }[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const at = (i: number | undefined) => (i === undefined ? null : cellValue(row.getCell(i).value));
    const stno = at(stnoAt);
    const name = at(nameAt);
    const values = targets.map((x) => ({ x, v: at(x.index) }));
    const blank = (v: unknown) => v === null || v === '';
    if (blank(stno) && blank(name) && values.every((c) => blank(c.v))) continue;
    // the exported book's weights row
    if (typeof stno === 'string' && WEIGHT_LABELS.includes(stno.toLowerCase())) continue;
    let student: (typeof students)[number] | undefined;
    if (!blank(stno)) {
      const found = byStno.get(String(stno)) ?? [];
      if (found.length === 0) problems.push({ row: r, field: stnoHeader, message: t('unknownStudent', { stno: String(stno) }) });
      else if (found.length > 1) problems.push({ row: r, field: stnoHeader, message: t('ambiguous', { who: String(stno) }) });
      else {
        student = found[0]!;
        if (!blank(name) && String(name) !== student.username)
          problems.push({
            row: r,
            field: nameHeader,
            message: t('nameMismatch', { stno: String(stno), name: student.username, given: String(name) }),
          });
      }
    } else if (!blank(name)) {
      const found = byName.get(String(name)) ?? [];
      if (found.length === 0) problems.push({ row: r, field: nameHeader, message: t('unknownName', { name: String(name) }) });
      else if (found.length > 1) problems.push({ row: r, field: nameHeader, message: t('ambiguous', { who: String(name) }) });
      else student = found[0]!;
    } else {
      problems.push({ row: r, field: stnoHeader || nameHeader, message: t('noStudent') });
    }
    if (student) {
      const first = seen.get(student.uid);
      if (first !== undefined) {
        problems.push({ row: r, field: stnoHeader || nameHeader, message: t('duplicate', { first }) });
        student = undefined;
      } else seen.set(student.uid, r);
    }
    for (const { x, v } of values) {
      if (blank(v)) continue;
      const n = typeof v === 'number' ? v : /^[+]?\d+(\.\d+)?$/.test(String(v)) ? Number(v) : Number.NaN;
      if (!Number.isFinite(n)) {
        problems.push({ row: r, field: x.header, message: t('notNumber', { column: x.column.name, value: String(v) }) });
        continue;
      }
      const score = roundScore(n);
      if (score < 0 || score > x.column.fullScore) {
        problems.push({
          row: r,
          field: x.header,
          message: t('outOfRange', { column: x.column.name, full: x.column.fullScore, value: n }),
        });
        continue;
      }
      if (student) cells.push({ columnId: x.column.id, uid: student.uid, score });
    }
  }
  if (problems.length) return answer(0);
  const saved = cells.length ? await inTransaction(ctx, (tx) => writeScores(tx, courseId, user.id, cells)) : 0;
  return answer(saved);
}
