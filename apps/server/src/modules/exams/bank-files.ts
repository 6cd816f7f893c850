import {
  BLANK_SEPARATOR,
  type CheckedQuestion,
  DIFFICULTY_NAMES,
  DOC_LABELS,
  IMPORT_OPTION_KEYS,
  type Language,
  OPTION_TYPES,
  parseDifficultyName,
  parseTypeName,
  QUESTION_IMPORT_ROWS_MAX,
  QUESTION_TEXT_MAX,
  QUESTION_TYPES,
  questionFields,
  questionProblem,
  SHEET_HEADERS,
  TYPE_NAMES,
} from '@paiclass/shared';
import { z } from 'zod';
import type { questions } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { hasContent, plainText, sanitizeRichText } from '../content/rich-text';
import { keyText } from './presenters';

/**
 * The question bank's files (issue 14; decision 017 "Importing, exporting and copying questions"):
 * the Excel sheet and the Word document, written and read. A file is one flat record per question — the sheet's row, or the
 * document's numbered question — in the same words both ways, so an export imports back as equal
 * questions. Every record is checked by the bank's own rules before anything is written.
 */

type Question = typeof questions.$inferSelect;
export type Text = (key: string, params?: Record<string, string | number>) => string;

/** One question as a file holds it: plain texts, before any rule is applied. */
interface FlatQuestion {
  /** the sheet's row, or the document's line where the question starts */
  row: number;
  /** the question's number in a document; 0 in a sheet */
  number: number;
  type: string;
  stem: string;
  options: string[];
  answer: string;
  score: string;
  difficulty: string;
  points: string;
  analysis: string;
}
export interface ImportProblem {
  row: number;
  number: number;
  field: string;
  message: string;
}

// ---------------------------------------------------------------------------------------------
// a question as flat text

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Plain text to the bank's rich text: one paragraph per line. */
const toHtml = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('');
/** Rich text to plain lines; images are not carried (decision 017). */
const toText = (html: string) =>
  plainText(html)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');

/** The answer column: the key as the bank writes it, true/false in words, blanks with `|` and `;`, a rating's range. */
function answerOf(q: Question, t: Text) {
  if (q.type === QUESTION_TYPES.trueFalse) return q.answer.value === '1' ? t('bankio.true') : t('bankio.false');
  if (q.answer.keys) return q.answer.keys.join('');
  if (q.type === QUESTION_TYPES.fillBlank) return (q.answer.blanks ?? []).map((b) => b.join('|')).join(BLANK_SEPARATOR);
  if (q.type === QUESTION_TYPES.rating) return `${q.spec.min ?? 1}-${q.spec.max ?? 5}`;
  return keyText(q.type, q.answer);
}

export function flatten(q: Question, lang: Language, t: Text) {
  return {
    type: TYPE_NAMES[lang][q.type] ?? String(q.type),
    stem: toText(q.stem),
    options: q.options,
    answer: answerOf(q, t),
    score: q.score,
    difficulty: DIFFICULTY_NAMES[lang][q.difficulty] ?? '',
    points: q.points.join(lang === 'zh' ? '，' : ', '),
    analysis: toText(q.analysis),
  };
}

const fieldsSchema = z.object(questionFields);
/** The fields of the bank's rules that the answer column fills. */
const ANSWER_FIELDS = new Set(['answer', 'blanks', 'min', 'max']);

/**
 * One flat question checked as `addQuestion` checks a question: the type and difficulty by name,
 * options without gaps, then the bank's schema and type rules, then the texts' lengths. Answers
 * the question to write, or every field at fault (one message per field).
 */
export function checkFlat(
  flat: FlatQuestion,
  t: Text,
): { ok: true; question: CheckedQuestion; stem: string; analysis: string } | { ok: false; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const seen = new Set<string>();
  const bad = (field: string, key: string, params?: Record<string, string | number>) => {
    const shown = ANSWER_FIELDS.has(field) ? 'answer' : field;
    if (seen.has(shown)) return;
    seen.add(shown);
    problems.push({ row: flat.row, number: flat.number, field: t(`bankio.field.${shown}`), message: t(key, params) });
  };
  const type = flat.type.trim() ? parseTypeName(flat.type) : undefined;
  if (!flat.type.trim()) bad('type', 'bankio.noType');
  else if (type === undefined) bad('type', 'bankio.unknownType', { value: flat.type.trim() });
  const difficulty = parseDifficultyName(flat.difficulty);
  if (difficulty === undefined) bad('difficulty', 'bankio.unknownDifficulty', { value: flat.difficulty.trim() });
  const gap = flat.options.findIndex((o, i) => !o.trim() && flat.options.slice(i + 1).some((x) => x.trim()));
  if (gap >= 0 && type !== undefined && OPTION_TYPES.includes(type))
    bad('options', 'bankio.optionGap', { key: IMPORT_OPTION_KEYS[gap + 1] ?? '' });
  const options = flat.options.map((o) => o.trim()).filter(Boolean);
  const answer = flat.answer.trim();
  let range: { min?: number; max?: number } = {};
  if (type === QUESTION_TYPES.rating && answer) {
    const m = /^(\d{1,3})\s*[-~～—–至]\s*(\d{1,3})$/.exec(answer);
    if (m) range = { min: Number(m[1]), max: Number(m[2]) };
    else bad('answer', 'bankio.ratingRange');
  }
  const blanks =
    type === QUESTION_TYPES.fillBlank
      ? answer
          .split(/[;；]/)
          .map((b) => b.trim())
          .filter(Boolean)
          .map((b) => b.split(/[|｜]/).map((a) => a.trim()))
      : [];
  if (problems.length && seen.has('type')) return { ok: false, problems };
  const parsed = fieldsSchema.safeParse({
    type,
    difficulty,
    title: toHtml(flat.stem),
    options: type !== undefined && OPTION_TYPES.includes(type) ? options : [],
    answer: type === QUESTION_TYPES.fillBlank || type === QUESTION_TYPES.rating ? '' : answer,
    blanks,
    analysis: toHtml(flat.analysis),
    points: flat.points.replace(/[、;；]/g, ','),
    score: flat.score.trim(),
    ...range,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) bad(String(issue.path[0] ?? 'title'), issue.message);
    return { ok: false, problems };
  }
  const result = questionProblem(parsed.data);
  if (!result.ok) bad(result.field, result.message);
  const stem = sanitizeRichText(parsed.data.title, new Set(), Number.MAX_SAFE_INTEGER);
  const analysis = sanitizeRichText(parsed.data.analysis, new Set(), Number.MAX_SAFE_INTEGER);
  if (!hasContent(stem)) bad('title', 'validation.questionStem');
  else if (stem.length > QUESTION_TEXT_MAX) bad('title', 'validation.questionStemLength');
  if (analysis.length > QUESTION_TEXT_MAX) bad('analysis', 'validation.analysisLength');
  if (problems.length || !result.ok) return { ok: false, problems };
  return { ok: true, question: result.question, stem, analysis };
}

// ---------------------------------------------------------------------------------------------
// the sheet

const SHEET_COLUMNS = [
  SHEET_HEADERS.type,
  SHEET_HEADERS.stem,
  ...IMPORT_OPTION_KEYS.map((k) => SHEET_HEADERS.option(k)),
  SHEET_HEADERS.answer,
  SHEET_HEADERS.score,
  SHEET_HEADERS.difficulty,
  SHEET_HEADERS.points,
  SHEET_HEADERS.analysis,
];
const XLSX_WIDTHS = [14, 40, ...IMPORT_OPTION_KEYS.map(() => 14), 18, 8, 10, 18, 30];

export async function newWorkbook(t: Text, rows: ReturnType<typeof flatten>[], notes: string[]) {
  const { default: ExcelJS } = await import('exceljs'); // only these files need it: not loaded at start-up
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'PaiClass';
  const sheet = workbook.addWorksheet(t('bankio.sheet'));
  sheet.addRow(SHEET_COLUMNS);
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  XLSX_WIDTHS.forEach((w, i) => {
    sheet.getColumn(i + 1).width = w;
  });
  for (const r of rows)
    sheet.addRow([
      r.type,
      r.stem,
      ...IMPORT_OPTION_KEYS.map((_, i) => r.options[i] ?? ''),
      r.answer,
      r.score,
      r.difficulty,
      r.points,
      r.analysis,
    ]);
  // texts as typed: an answer "1-5" or "AC" is never read as a date or a formula
  for (let c = 1; c <= SHEET_COLUMNS.length; c++)
    if (c !== SHEET_COLUMNS.indexOf(SHEET_HEADERS.score) + 1) sheet.getColumn(c).numFmt = '@';
  if (notes.length) {
    const help = workbook.addWorksheet(t('bankio.notesSheet'));
    help.getColumn(1).width = 110;
    for (const line of notes) help.addRow([line]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** What a cell holds, as text; formulas give their result, rich text its words. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { result?: unknown; richText?: { text: string }[]; text?: unknown };
    if ('result' in o) return cellText(o.result);
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if (typeof o.text === 'string') return o.text;
  }
  return String(v);
}

const headerKey = (h: string) => h.normalize('NFKC').replace(/\s+/g, '').toLowerCase();

export async function readSheet(data: Buffer, t: Text): Promise<{ flats: FlatQuestion[]; problems: ImportProblem[] }> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new AppError('badInput', 'errors.importUnreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('badInput', 'errors.importUnreadable');
  if (sheet.actualRowCount > QUESTION_IMPORT_ROWS_MAX + 1)
    throw new AppError('badInput', 'errors.importTooManyRows', { max: QUESTION_IMPORT_ROWS_MAX });
  // columns found by their header (either language's half, or both), so reordered columns still import
  const at = new Map<string, number>();
  sheet.getRow(1).eachCell((c, index) => {
    const h = headerKey(cellText(c.value));
    for (const col of SHEET_COLUMNS) {
      const [zh, ...en] = col.split(' ');
      if ([headerKey(col), headerKey(zh!), headerKey(en.join(' '))].includes(h) && !at.has(col)) at.set(col, index);
    }
  });
  for (const required of [SHEET_HEADERS.type, SHEET_HEADERS.stem, SHEET_HEADERS.answer])
    if (!at.has(required))
      return { flats: [], problems: [{ row: 1, number: 0, field: '', message: t('bankio.badHeader', { header: required }) }] };
  const flats: FlatQuestion[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, r) => {
    if (r === 1) return;
    const get = (col: string) => {
      const i = at.get(col);
      return i === undefined ? '' : cellText(row.getCell(i).value).trim();
    };
    const flat: FlatQuestion = {
      row: r,
      number: 0,
      type: get(SHEET_HEADERS.type),
      stem: get(SHEET_HEADERS.stem),
      options: IMPORT_OPTION_KEYS.map((k) => get(SHEET_HEADERS.option(k))),
      answer: get(SHEET_HEADERS.answer),
      score: get(SHEET_HEADERS.score),
      difficulty: get(SHEET_HEADERS.difficulty),
      points: get(SHEET_HEADERS.points),
      analysis: get(SHEET_HEADERS.analysis),
    };
    const empty = !flat.type && !flat.stem && !flat.answer && flat.options.every((o) => !o) && !flat.analysis;
    if (!empty) flats.push(flat);
  });
  return { flats, problems: [] };
}

// ---------------------------------------------------------------------------------------------
// the document

const LABEL_WORDS: Record<string, keyof FlatQuestion> = {};
for (const lang of ['zh', 'en'] as const)
  for (const [field, word] of Object.entries(DOC_LABELS[lang])) LABEL_WORDS[headerKey(word)] = field as keyof FlatQuestion;
Object.assign(LABEL_WORDS, { 正确答案: 'answer', 参考答案: 'answer', 分数: 'score', points: 'points', knowledgepoint: 'points' });
const QUESTION_LINE = /^(\d{1,4})\s*[.．、)）]\s*(.*)$/;
const TYPE_TAG = /^[【[]\s*([^】\]]+?)\s*[】\]]\s*(.*)$/;
const OPTION_LINE = /^([A-J])\s*[.．、)）]\s*(.*)$/;
const LABEL_LINE = /^([^:：]{1,20})[:：]\s*(.*)$/;

/**
 * The document format (the template's): a question starts with its number ("1." or "1、"), its type
 * in brackets ("【单选题】" / "[Single choice]") or on a "题型：" line, then the stem (more lines go on
 * with it), options "A. …", and labelled lines — 答案/Answer, 解析/Analysis, 难度/Difficulty,
 * 知识点/Knowledge points, 分值/Score. Lines before the first number are notes and skipped.
 */
export function parseDocumentText(text: string): { flats: FlatQuestion[]; problems: ImportProblem[] } {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.replace(/\u00a0/g, ' ').trim())
    .filter(Boolean);
  const flats: FlatQuestion[] = [];
  let q: FlatQuestion | undefined;
  let last: 'stem' | 'option' | keyof FlatQuestion = 'stem';
  lines.forEach((line, i) => {
    const started = QUESTION_LINE.exec(line);
    if (started) {
      let rest = started[2] ?? '';
      let type = '';
      const tag = TYPE_TAG.exec(rest);
      if (tag) {
        type = tag[1] ?? '';
        rest = tag[2] ?? '';
      }
      q = {
        row: i + 1,
        number: Number(started[1]),
        type,
        stem: rest,
        options: [],
        answer: '',
        score: '',
        difficulty: '',
        points: '',
        analysis: '',
      };
      flats.push(q);
      last = 'stem';
      return;
    }
    if (!q) return; // notes before the first question
    const option = OPTION_LINE.exec(line);
    if (option && (last === 'stem' || last === 'option')) {
      const index = (option[1] ?? 'A').charCodeAt(0) - 65;
      while (q.options.length < index) q.options.push('');
      q.options[index] = option[2] ?? '';
      last = 'option';
      return;
    }
    const label = LABEL_LINE.exec(line);
    const field = label ? LABEL_WORDS[headerKey(label[1] ?? '')] : undefined;
    if (label && field) {
      (q as unknown as Record<string, string>)[field] = label[2] ?? '';
      last = field;
      return;
    }
    // a line without a mark goes on with what came before it
    if (last === 'option') q.options[q.options.length - 1] += ` ${line}`;
    else if (last === 'stem' || last === 'answer' || last === 'analysis') q[last] += `\n${line}`;
    else q.stem += `\n${line}`;
  });
  return { flats, problems: [] };
}

export async function readDocument(data: Buffer) {
  let text: string;
  try {
    text = (await (await import('mammoth')).default.extractRawText({ buffer: data })).value;
  } catch {
    throw new AppError('badInput', 'errors.importUnreadable');
  }
  const parsed = parseDocumentText(text);
  if (parsed.flats.length > QUESTION_IMPORT_ROWS_MAX)
    throw new AppError('badInput', 'errors.importTooManyRows', { max: QUESTION_IMPORT_ROWS_MAX });
  return parsed;
}

export async function newDocument(title: string, rows: ReturnType<typeof flatten>[], lang: Language, notes: string[]) {
  const { Document, Packer, Paragraph, TextRun, HeadingLevel } = await import('docx');
  const L = DOC_LABELS[lang];
  const colon = lang === 'zh' ? '：' : ': ';
  const children: InstanceType<typeof Paragraph>[] = [new Paragraph({ text: title, heading: HeadingLevel.HEADING_1 })];
  for (const line of notes) children.push(new Paragraph({ children: [new TextRun({ text: line, color: '666666' })] }));
  if (notes.length) children.push(new Paragraph({ text: '' }));
  const labelled = (label: string, value: string) => {
    const [first, ...more] = value.split('\n');
    children.push(new Paragraph({ children: [new TextRun({ text: `${label}${colon}`, bold: true }), new TextRun(first ?? '')] }));
    for (const line of more) children.push(new Paragraph({ text: line }));
  };
  rows.forEach((r, i) => {
    const [first, ...more] = r.stem.split('\n');
    const tag = lang === 'zh' ? `【${r.type}】` : `[${r.type}] `;
    children.push(
      new Paragraph({
        spacing: { before: 240 },
        children: [
          new TextRun({ text: `${i + 1}. `, bold: true }),
          new TextRun({ text: tag, color: '1677FF' }),
          new TextRun(first ?? ''),
        ],
      }),
    );
    for (const line of more) children.push(new Paragraph({ text: line }));
    r.options.forEach((o, k) => {
      children.push(new Paragraph({ text: `${IMPORT_OPTION_KEYS[k]}. ${o}`, indent: { left: 360 } }));
    });
    if (r.answer) labelled(L.answer, r.answer);
    if (r.analysis) labelled(L.analysis, r.analysis);
    labelled(L.difficulty, r.difficulty);
    if (r.points) labelled(L.points, r.points);
    labelled(L.score, String(r.score));
  });
  const doc = new Document({ creator: 'PaiClass', title, sections: [{ children }] });
  return Buffer.from(await Packer.toBuffer(doc));
}
