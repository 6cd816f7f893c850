import { z } from 'zod';
import { INT_MAX } from '../wire';
import { QUESTION_TYPES } from './constants';

/**
 * Importing, exporting and copying bank questions (issue 14; decision 017 "Importing, exporting and
 * copying questions"): the limits, the calls' inputs and answers, the words the template and the
 * Word format use for types, difficulties and labels, and the messages of a refused row.
 */

/** Largest import file (ours). */
export const QUESTION_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** Questions in one import (ours): a sheet's rows under the header, or a document's numbered questions. */
export const QUESTION_IMPORT_ROWS_MAX = 1000;
/** Questions copied in one call (ours). */
export const QUESTION_COPY_MAX = 500;
/** Option columns of the sheet: A-J, every option a question may have. */
export const IMPORT_OPTION_KEYS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'] as const;
/** Between the blanks of a fill-in-blank answer; `|` separates one blank's accepted answers. */
export const BLANK_SEPARATOR = ';';

const isNone = (v: unknown) => v === undefined || v === null || v === '';
const courseid = z.coerce
  .number({ message: 'validation.courseId' })
  .int({ message: 'validation.courseId' })
  .positive({ message: 'validation.courseId' })
  .max(INT_MAX, { message: 'validation.courseId' });
const ids = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : isNone(v) ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(
        z.coerce
          .number({ message: 'validation.chooseQuestions' })
          .int({ message: 'validation.chooseQuestions' })
          .positive({ message: 'validation.chooseQuestions' })
          .max(INT_MAX, { message: 'validation.chooseQuestions' }),
        { message: 'validation.chooseQuestions' },
      )
      .max(max, { message: 'validation.copyTooMany' }),
  );
/** `xlsx` (default) or `docx`; also `excel`, `word`, any case. */
const format = z.preprocess(
  (v) => {
    if (isNone(v)) return 'xlsx';
    const s = String(v).trim().toLowerCase();
    return s === 'excel' || s === 'xls' ? 'xlsx' : s === 'word' || s === 'doc' ? 'docx' : s;
  },
  z.enum(['xlsx', 'docx'], { message: 'validation.bankFileFormat' }),
);
export type BankFileFormat = 'xlsx' | 'docx';

/** `/QuestionBankApi/exportQuestions`: the whole bank, or the questions named by `ids`. */
export const exportQuestionsInput = z.object({ courseid, format, ids: ids(5000) });
/** `/QuestionBankApi/questionTemplate`. */
export const questionTemplateInput = z.object({ courseid, format });
/** `/QuestionBankApi/importQuestions`: the multipart fields beside the file. */
export const importQuestionsFields = z.object({ courseid });
/** `/QuestionBankApi/copyQuestions`: questions of `courseid`'s bank into `tocourseid`'s. */
export const copyQuestionsInput = z.object({
  courseid,
  ids: ids(QUESTION_COPY_MAX),
  tocourseid: z.coerce
    .number({ message: 'validation.copyTarget' })
    .int({ message: 'validation.copyTarget' })
    .positive({ message: 'validation.copyTarget' })
    .max(INT_MAX, { message: 'validation.copyTarget' }),
});
export type CopyQuestionsInput = z.infer<typeof copyQuestionsInput>;

const int = z.number().int();
/** The import's answer: questions written (0 when any row is wrong) and every problem. */
export const questionImportAnswer = z.object({
  saved: int,
  /** the new questions' ids, in the file's order */
  ids: z.array(int),
  /** row: the sheet's row, or the document's line; number: the question's number in a document (0 in a sheet) */
  problems: z.array(z.object({ row: int, number: int, field: z.string(), message: z.string() })),
});
export const copyQuestionsAnswer = z.object({ count: int, ids: z.array(int), tocourseid: int });
/** The other courses whose bank the caller keeps (teacher or assistant): where questions can be copied. */
export const copyTargetsAnswer = z.object({
  list: z.array(z.object({ courseid: int, coursename: z.string(), classname: z.string(), role: z.string() })),
});

const T = QUESTION_TYPES;
/** The type names of the sheet and the document, per language (the web's names). */
export const TYPE_NAMES: Record<'zh' | 'en', Record<number, string>> = {
  zh: {
    [T.trueFalse]: '判断题',
    [T.single]: '单选题',
    [T.multiple]: '多选题',
    [T.shortAnswer]: '简答题',
    [T.fillBlank]: '填空题',
    [T.indefinite]: '不定项选择题',
    [T.file]: '文件题',
    [T.note]: '段落说明',
    [T.singleVote]: '单选投票',
    [T.multiVote]: '多选投票',
    [T.rating]: '数字评分',
    [T.anonymousOpen]: '匿名开放题',
    [T.photo]: '拍照题',
  },
  en: {
    [T.trueFalse]: 'True/false',
    [T.single]: 'Single choice',
    [T.multiple]: 'Multiple choice',
    [T.shortAnswer]: 'Short answer',
    [T.fillBlank]: 'Fill in the blank',
    [T.indefinite]: 'Indefinite choice',
    [T.file]: 'File upload',
    [T.note]: 'Paragraph note',
    [T.singleVote]: 'Single-choice vote',
    [T.multiVote]: 'Multi-choice vote',
    [T.rating]: 'Rating',
    [T.anonymousOpen]: 'Anonymous open',
    [T.photo]: 'Photo',
  },
};
export const DIFFICULTY_NAMES: Record<'zh' | 'en', Record<number, string>> = {
  zh: { 1: '易', 2: '中', 3: '难' },
  en: { 1: 'easy', 2: 'medium', 3: 'hard' },
};
const fold = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/[\s_\-/]+/g, '')
    .toLowerCase();
/** A type as written: its number, or its name in either language (also without spaces or the 题 suffix). */
export function parseTypeName(text: string): number | undefined {
  const t = fold(text);
  if (/^\d+$/.test(t)) return Object.values(T).includes(Number(t) as never) ? Number(t) : undefined;
  for (const lang of ['zh', 'en'] as const)
    for (const [k, name] of Object.entries(TYPE_NAMES[lang])) {
      const n = fold(name);
      if (t === n || t === n.replace(/题$/, '') || `${t}题` === n) return Number(k);
    }
  return undefined;
}
/** A difficulty as written: 1-3, 易/中/难 (or 简单/中等/困难), easy/medium/hard; empty is medium. */
export function parseDifficultyName(text: string): number | undefined {
  const t = fold(text);
  if (t === '') return 2;
  if (['1', '易', '简单', 'easy'].includes(t)) return 1;
  if (['2', '中', '中等', '一般', 'medium', 'normal'].includes(t)) return 2;
  if (['3', '难', '困难', 'hard', 'difficult'].includes(t)) return 3;
  return undefined;
}

/** The sheet's fixed header row, bilingual: the caller's language does not change what imports. */
export const SHEET_HEADERS = {
  type: '题型 Type',
  stem: '题干 Stem',
  option: (key: string) => `选项${key} Option ${key}`,
  answer: '正确答案 Answer',
  score: '分值 Score',
  difficulty: '难度 Difficulty',
  points: '知识点 Knowledge points',
  analysis: '解析 Analysis',
} as const;

/** The labels of the document format, per language; an import takes either. */
export const DOC_LABELS = {
  zh: { type: '题型', answer: '答案', analysis: '解析', difficulty: '难度', points: '知识点', score: '分值' },
  en: {
    type: 'Type',
    answer: 'Answer',
    analysis: 'Analysis',
    difficulty: 'Difficulty',
    points: 'Knowledge points',
    score: 'Score',
  },
} as const;

/** The messages of the import (server answers) and of the calls' fields, both languages. */
export const bankIoMessages = {
  zh: {
    'validation.chooseQuestions': '请选择题目',
    'validation.copyTooMany': '一次最多复制 500 道题',
    'validation.copyTarget': '请选择要复制到的课程',
    'validation.copySameCourse': '请选择另一门课程：题目已在本课程的题库中',
    'validation.bankFileFormat': '文件格式只能是 Excel（xlsx）或 Word（docx）',
    'validation.importFileType': '请上传 .xlsx（Excel）或 .docx（Word）文件',
    'errors.importUnreadable': '无法读取这个文件：请上传由模板填写的 .xlsx 或 .docx 文件',
    'errors.importTooManyRows': '一次最多导入 {max} 道题',
    'errors.importBankFull': '题库最多 5000 道题：现有 {have} 道，本次导入 {add} 道',
    'bankio.noQuestions': '文件中没有题目：请按模板填写',
    'bankio.badHeader': '表头不是题目模板的表头：请使用下载的模板（缺少「{header}」）',
    'bankio.unknownType':
      '题型「{value}」不正确：可以是判断题、单选题、多选题、简答题、填空题、不定项选择题、文件题、段落说明、单选投票、多选投票、数字评分、匿名开放题、拍照题',
    'bankio.unknownDifficulty': '难度「{value}」不正确：请填写易、中或难',
    'bankio.ratingRange': '数字评分的答案须写成“最低分-最高分”，例如 1-5',
    'bankio.optionGap': '选项须从 A 开始连续填写：{key} 前面有空的选项',
    'bankio.noType': '请填写题型',
    'bankio.unknownLine': '这一行不属于任何题目：题目须以“1.”这样的题号开始',
    'bankio.field.type': '题型',
    'bankio.field.title': '题干',
    'bankio.field.options': '选项',
    'bankio.field.answer': '正确答案',
    'bankio.field.blanks': '正确答案',
    'bankio.field.min': '正确答案',
    'bankio.field.max': '正确答案',
    'bankio.field.score': '分值',
    'bankio.field.difficulty': '难度',
    'bankio.field.points': '知识点',
    'bankio.field.analysis': '解析',
    'bankio.sheet': '题目',
    'bankio.notesSheet': '填写说明',
    'bankio.true': '正确',
    'bankio.false': '错误',
  },
  en: {
    'validation.chooseQuestions': 'Choose questions',
    'validation.copyTooMany': 'At most 500 questions are copied at once',
    'validation.copyTarget': 'Choose the course to copy to',
    'validation.copySameCourse': "Choose another course: the questions are already in this course's bank",
    'validation.bankFileFormat': 'The file format is Excel (xlsx) or Word (docx)',
    'validation.importFileType': 'Upload an .xlsx (Excel) or .docx (Word) file',
    'errors.importUnreadable': 'This file cannot be read: upload an .xlsx or .docx filled in from the template',
    'errors.importTooManyRows': 'At most {max} questions are imported at once',
    'errors.importBankFull': 'A bank holds at most 5000 questions: it has {have}, the file adds {add}',
    'bankio.noQuestions': 'The file holds no questions: fill in the template',
    'bankio.badHeader': 'The header row is not the question template’s: use the downloaded template (“{header}” is missing)',
    'bankio.unknownType':
      'The type “{value}” is not valid: true/false, single choice, multiple choice, short answer, fill in the blank, indefinite choice, file upload, paragraph note, single-choice vote, multi-choice vote, rating, anonymous open or photo',
    'bankio.unknownDifficulty': 'The difficulty “{value}” is not valid: write easy, medium or hard',
    'bankio.ratingRange': 'A rating’s answer is its range, lowest-highest, such as 1-5',
    'bankio.optionGap': 'Fill the options from A on without gaps: an option before {key} is empty',
    'bankio.noType': 'Fill in the type',
    'bankio.unknownLine': 'This line belongs to no question: a question starts with its number, such as “1.”',
    'bankio.field.type': 'Type',
    'bankio.field.title': 'Stem',
    'bankio.field.options': 'Options',
    'bankio.field.answer': 'Answer',
    'bankio.field.blanks': 'Answer',
    'bankio.field.min': 'Answer',
    'bankio.field.max': 'Answer',
    'bankio.field.score': 'Score',
    'bankio.field.difficulty': 'Difficulty',
    'bankio.field.points': 'Knowledge points',
    'bankio.field.analysis': 'Analysis',
    'bankio.sheet': 'Questions',
    'bankio.notesSheet': 'How to fill in',
    'bankio.true': 'true',
    'bankio.false': 'false',
  },
} as const;
