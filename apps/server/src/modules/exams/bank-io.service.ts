import {
  BANK_MAX,
  type BankFileFormat,
  BLANK_SEPARATOR,
  type CheckedQuestion,
  type CopyQuestionsInput,
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
import { and, asc, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import { courseMembers, courses, questions } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, badField, fail } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { inTransaction } from '../../platform/transaction';
import { hasContent, plainText, sanitizeRichText } from '../content/rich-text';
import { copiesQuestions, managesTests } from './exams.policy';
import { requireTestManager } from './exams.queries';
import { keyText } from './presenters';

/**
 * Importing, exporting and copying bank questions (issue 14; decision 017 "Importing, exporting
 * and copying questions"). A file is one flat record per question — the sheet's row, or the
 * document's numbered question — in the same words both ways, so an export imports back as equal
 * questions. Every record is checked by the bank's own rules before anything is written.
 */

type Question = typeof questions.$inferSelect;
type Text = (key: string, params?: Record<string, string | number>) => string;

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

function flatten(q: Question, lang: Language, t: Text) {
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
function checkFlat(
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

async function newWorkbook(t: Text, rows: ReturnType<typeof flatten>[], notes: string[]) {
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

async function readSheet(data: Buffer, t: Text): Promise<{ flats: FlatQuestion[]; problems: ImportProblem[] }> {
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

async function readDocument(data: Buffer) {
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

async function newDocument(title: string, rows: ReturnType<typeof flatten>[], lang: Language, notes: string[]) {
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

// ---------------------------------------------------------------------------------------------
// the calls

export interface BankFile {
  name: string;
  ascii: string;
  format: BankFileFormat;
  data: Buffer;
}

const fileName = (base: string, format: BankFileFormat) => `${base.replace(/[\\/:*?"<>|]+/g, ' ').trim()}.${format}`;

/**
 * `/QuestionBankApi/exportQuestions`: the course's bank (or the questions named) as an .xlsx, one
 * row per question under the bilingual header, or as a .docx a teacher reads (numbered questions,
 * options, answer, analysis). Oldest first, so an import keeps the order. An id outside the bank
 * refuses the call (40004).
 */
export async function exportQuestions(
  ctx: AppContext,
  user: User,
  input: { courseid: number; format: BankFileFormat; ids: number[] },
  lang: Language,
): Promise<BankFile> {
  const m = await requireTestManager(ctx, user, input.courseid);
  const t: Text = (k, p) => translate(lang, k, p);
  const wanted = [...new Set(input.ids)];
  const rows = await ctx.db
    .select()
    .from(questions)
    .where(
      and(
        eq(questions.courseId, input.courseid),
        isNull(questions.deletedAt),
        wanted.length ? inArray(questions.id, wanted) : undefined,
      ),
    )
    .orderBy(asc(questions.id));
  if (wanted.length && rows.length !== wanted.length) throw fail('notFound');
  const flat = rows.map((q) => flatten(q, lang, t));
  const base = `${m.course.coursename}-${t('bankio.sheet')}`;
  if (input.format === 'docx')
    return {
      name: fileName(base, 'docx'),
      ascii: 'questions.docx',
      format: 'docx',
      data: await newDocument(base, flat, lang, []),
    };
  return { name: fileName(base, 'xlsx'), ascii: 'questions.xlsx', format: 'xlsx', data: await newWorkbook(t, flat, []) };
}

/** One example per type, as a teacher would write it (the template's rows). */
function examples(lang: Language, t: Text): ReturnType<typeof flatten>[] {
  const zh = lang === 'zh';
  const n = (type: number) => TYPE_NAMES[lang][type]!;
  const d = DIFFICULTY_NAMES[lang];
  const Q = QUESTION_TYPES;
  const row = (type: number, stem: string, more: Partial<ReturnType<typeof flatten>> = {}) => ({
    type: n(type),
    stem,
    options: [],
    answer: '',
    score: 1,
    difficulty: d[2]!,
    points: '',
    analysis: '',
    ...more,
  });
  return [
    row(Q.trueFalse, zh ? '地球绕太阳公转。' : 'The Earth goes round the Sun.', {
      answer: t('bankio.true'),
      score: 2,
      difficulty: d[1]!,
      points: zh ? '天文' : 'astronomy',
      analysis: zh ? '日心说。' : 'Heliocentrism.',
    }),
    row(Q.single, zh ? '1 + 1 = ?' : '1 + 1 = ?', {
      options: ['1', '2', '3', '4'],
      answer: 'B',
      score: 3,
      points: zh ? '加法' : 'addition',
    }),
    row(Q.multiple, zh ? '下列哪些是偶数？' : 'Which are even?', { options: ['2', '3', '4', '5'], answer: 'AC', score: 4 }),
    row(Q.shortAnswer, zh ? '简述牛顿第一定律。' : "State Newton's first law.", {
      answer: zh
        ? '物体保持静止或匀速直线运动，直到外力迫使它改变这种状态。'
        : 'A body stays at rest or in uniform motion unless a force acts on it.',
      score: 10,
      difficulty: d[3]!,
    }),
    row(Q.fillBlank, zh ? '中国的首都是____，最大的城市是____。' : 'The capital of China is ____; its largest city is ____.', {
      answer: zh ? '北京|Beijing;上海|Shanghai' : 'Beijing|北京;Shanghai|上海',
      score: 4,
    }),
    row(Q.indefinite, zh ? '下列哪些是质数？' : 'Which are prime?', { options: ['2', '4', '7', '9'], answer: 'AC', score: 3 }),
    row(Q.file, zh ? '上传你的实验报告。' : 'Upload your lab report.', { score: 10 }),
    row(Q.note, zh ? '以下为第二部分：计算题。' : 'Part two: calculations.', { score: 0 }),
    row(Q.singleVote, zh ? '你最喜欢哪一章？' : 'Which chapter did you like best?', {
      options: zh ? ['第一章', '第二章', '第三章'] : ['Chapter 1', 'Chapter 2', 'Chapter 3'],
    }),
    row(Q.multiVote, zh ? '你用过哪些工具？' : 'Which tools have you used?', {
      options: zh ? ['纸笔', '计算器', '电脑'] : ['Pen and paper', 'Calculator', 'Computer'],
    }),
    row(Q.rating, zh ? '这节课的难度（1-5）' : "This lesson's difficulty (1-5)", { answer: '1-5' }),
    row(Q.anonymousOpen, zh ? '匿名给老师提一条建议。' : 'Suggest one thing to your teacher, anonymously.'),
    row(Q.photo, zh ? '拍下你的草稿纸。' : 'Take a photo of your working.', { score: 5 }),
  ];
}

function templateNotes(lang: Language, format: BankFileFormat) {
  const types = Object.values(TYPE_NAMES[lang]).join(lang === 'zh' ? '、' : ', ');
  if (lang === 'zh')
    return [
      format === 'xlsx'
        ? '每行一道题，第一行是表头，不要修改。示例行可以删除或改写。'
        : '每道题以题号开始，如“1.【单选题】题干”；选项写成“A. 内容”；然后是“答案：”“解析：”“难度：”“知识点：”“分值：”各占一行。这几行说明不会被导入。',
      `题型：${types}。`,
      '答案：判断题写“正确”或“错误”；单选题写一个字母，如 B；多选题、不定项选择题写多个字母，如 AC；简答题写参考答案；填空题每个空之间用英文分号 ; 分隔，同一个空的多个可接受答案用竖线 | 分隔，如 北京|Beijing;上海；数字评分写范围，如 1-5；投票、文件、拍照、匿名题和段落说明不填答案。',
      '分值：0.5 到 100，不填为 1 分；段落说明不计分（0）。难度：易、中、难，不填为中。知识点：多个之间用逗号分隔，每个最多 20 个字，最多 10 个。',
      `一次最多导入 1000 道题，文件最大 2 MB。只要有一道题有误，整个文件都不会导入，并会列出每一处错误所在的行。题干和解析按纯文本导入（图片请导入后在题库中添加）。`,
    ];
  return [
    format === 'xlsx'
      ? 'One question per row; keep the header row as it is. The example rows may be deleted or rewritten.'
      : 'Each question starts with its number, such as “1. [Single choice] stem”; options are “A. text”; then “Answer:”, “Analysis:”, “Difficulty:”, “Knowledge points:” and “Score:”, one line each. These notes are not imported.',
    `Types: ${types}.`,
    'Answer: true/false takes “true” or “false”; single choice one letter such as B; multiple and indefinite choice several letters such as AC; short answer its reference answer; fill in the blank separates blanks with ; and one blank’s accepted answers with |, such as Beijing|北京;Shanghai; a rating its range such as 1-5; votes, file, photo, anonymous questions and paragraph notes take none.',
    'Score: 0.5 to 100, 1 when empty; a paragraph note carries none (0). Difficulty: easy, medium or hard, medium when empty. Knowledge points: separated by commas, at most 10 of at most 20 characters.',
    'At most 1000 questions and 2 MB per file. If any question is wrong, nothing of the file is imported and every problem is listed with its row. Stems and analyses import as plain text (add pictures in the bank afterwards).',
  ];
}

/** `/QuestionBankApi/questionTemplate`: the sheet's header and one example per type, or the document format with the same examples. */
export async function questionTemplate(
  ctx: AppContext,
  user: User,
  courseId: number,
  format: BankFileFormat,
  lang: Language,
): Promise<BankFile> {
  await requireTestManager(ctx, user, courseId);
  const t: Text = (k, p) => translate(lang, k, p);
  const rows = examples(lang, t);
  const base = lang === 'zh' ? '题目导入模板' : 'question-import-template';
  if (format === 'docx')
    return {
      name: fileName(base, 'docx'),
      ascii: 'question-template.docx',
      format,
      data: await newDocument(base, rows, lang, templateNotes(lang, format)),
    };
  return {
    name: fileName(base, 'xlsx'),
    ascii: 'question-template.xlsx',
    format,
    data: await newWorkbook(t, rows, templateNotes(lang, format)),
  };
}

/** A workbook or a document by its name, and by its first bytes (both are zip files). */
function formatOf(name: string, data: Buffer): BankFileFormat {
  const ext = /\.(xlsx|docx)$/i.exec(name)?.[1]?.toLowerCase();
  if (!ext) throw badField('validation.importFileType', ['file']);
  if (data.length < 4 || data.readUInt32LE(0) !== 0x04034b50) throw new AppError('badInput', 'errors.importUnreadable');
  return ext as BankFileFormat;
}

/**
 * `/QuestionBankApi/importQuestions`: questions from a filled template (.xlsx or .docx) into the
 * course's bank. Every question is checked first, by the rules of `addQuestion`; if any is wrong
 * the answer lists every problem by row (and, in a document, question number) with the field, and
 * nothing is written. Otherwise all are written in one transaction. Refused whole (40001): a file
 * that is not a workbook or document, more than QUESTION_IMPORT_ROWS_MAX questions; 30910 when the
 * bank would pass BANK_MAX.
 */
export async function importQuestions(
  ctx: AppContext,
  user: User,
  courseId: number,
  file: { name: string; data: Buffer },
  lang: Language,
) {
  await requireTestManager(ctx, user, courseId);
  const t: Text = (k, p) => translate(lang, k, p);
  const format = formatOf(file.name, file.data);
  const read = format === 'xlsx' ? await readSheet(file.data, t) : await readDocument(file.data);
  const problems = [...read.problems];
  const answer = (saved: number, ids: number[]) => ({ saved, ids, problems: problems.slice(0, 500) });
  if (problems.length) return answer(0, []);
  if (read.flats.length === 0) {
    problems.push({ row: 1, number: 0, field: '', message: t('bankio.noQuestions') });
    return answer(0, []);
  }
  const good: { question: CheckedQuestion; stem: string; analysis: string }[] = [];
  for (const flat of read.flats) {
    const checked = checkFlat(flat, t);
    if (checked.ok) good.push(checked);
    else problems.push(...checked.problems);
  }
  if (problems.length) return answer(0, []);
  const ids = await inTransaction(ctx, async (tx) => {
    const [held] = await tx.db
      .select({ n: count() })
      .from(questions)
      .where(and(eq(questions.courseId, courseId), isNull(questions.deletedAt)));
    const have = held?.n ?? 0;
    if (have + good.length > BANK_MAX) throw new AppError('bankFull', 'errors.importBankFull', { have, add: good.length });
    const rows = await tx.db
      .insert(questions)
      .values(
        good.map(({ question: q, stem, analysis }) => ({
          courseId,
          authorId: user.id,
          type: q.type,
          difficulty: q.difficulty,
          stem,
          options: q.options,
          answer: q.key,
          spec: q.spec,
          analysis,
          points: q.points,
          score: q.score,
        })),
      )
      .returning({ id: questions.id });
    return rows.map((r) => r.id);
  });
  return answer(ids.length, ids);
}

/**
 * `/QuestionBankApi/copyQuestions`: questions of one course's bank copied into another course whose
 * bank the caller also keeps (teacher or assistant of both). Copies are new, independent questions
 * by the caller; all or nothing — an id outside the source bank is 40004, the same course 40001,
 * a target the caller does not keep 30202/40003, a full target 30910.
 */
export async function copyQuestions(ctx: AppContext, user: User, input: CopyQuestionsInput) {
  const from = await requireTestManager(ctx, user, input.courseid);
  if (input.tocourseid === input.courseid) throw badField('validation.copySameCourse', ['tocourseid']);
  const to = await requireTestManager(ctx, user, input.tocourseid);
  if (!copiesQuestions(from.role, to.role)) throw fail('forbidden');
  const wanted = [...new Set(input.ids)];
  if (wanted.length === 0) throw badField('validation.chooseQuestions', ['ids']);
  const rows = await ctx.db
    .select()
    .from(questions)
    .where(and(eq(questions.courseId, input.courseid), inArray(questions.id, wanted), isNull(questions.deletedAt)))
    .orderBy(asc(questions.id));
  if (rows.length !== wanted.length) throw fail('notFound');
  const ids = await inTransaction(ctx, async (tx) => {
    const [held] = await tx.db
      .select({ n: count() })
      .from(questions)
      .where(and(eq(questions.courseId, input.tocourseid), isNull(questions.deletedAt)));
    if ((held?.n ?? 0) + rows.length > BANK_MAX) throw fail('bankFull');
    const made = await tx.db
      .insert(questions)
      .values(
        rows.map((q) => ({
          courseId: input.tocourseid,
          authorId: user.id,
          type: q.type,
          difficulty: q.difficulty,
          stem: q.stem,
          options: q.options,
          answer: q.answer,
          spec: q.spec,
          analysis: q.analysis,
          points: q.points,
          score: q.score,
        })),
      )
      .returning({ id: questions.id });
    return made.map((r) => r.id);
  });
  return { count: ids.length, ids, tocourseid: input.tocourseid };
}

/** `/QuestionBankApi/copyTargets`: the caller's other courses whose bank they keep, where questions can be copied. */
export async function copyTargets(ctx: AppContext, user: User, courseId: number) {
  await requireTestManager(ctx, user, courseId);
  const rows = await ctx.db
    .select({ courseid: courses.id, coursename: courses.coursename, classname: courses.classname, role: courseMembers.role })
    .from(courseMembers)
    .innerJoin(courses, eq(courses.id, courseMembers.courseId))
    .where(and(eq(courseMembers.userId, user.id), ne(courses.id, courseId), isNull(courses.deletedAt)))
    .orderBy(asc(courses.id));
  return { list: rows.filter((r) => managesTests(r.role as 'owner' | 'assistant' | 'student')) };
}
