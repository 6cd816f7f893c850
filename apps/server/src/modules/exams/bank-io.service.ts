import {
  BANK_MAX,
  type BankFileFormat,
  type CheckedQuestion,
  type CopyQuestionsInput,
  DIFFICULTY_NAMES,
  type Language,
  QUESTION_TYPES,
  TYPE_NAMES,
} from '@paiclass/shared';
import { and, asc, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import { courseMembers, courses, questions } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError, badField, fail } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { inTransaction } from '../../platform/transaction';
import { checkFlat, flatten, newDocument, newWorkbook, readDocument, readSheet, type Text } from './bank-files';
import { copiesQuestions, managesTests } from './exams.policy';
import { requireTestManager } from './exams.queries';

/**
 * Importing, exporting and copying bank questions (issue 14; decision 017 "Importing, exporting
 * and copying questions"): the calls. The files' formats are bank-files.ts; every question read from
 * a file is checked by the bank's own rules before anything is written.
 */

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
