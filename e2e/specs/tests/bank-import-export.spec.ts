import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api, downloadBy, expect, signInPage, test } from '../../fixtures';
import { shot } from '../accounts/screens';

/*
 * Importing, exporting and copying bank questions (issue 14): the teacher downloads the Excel
 * template, uploads a sheet filled in the test and sees the questions in the bank; exports the bank
 * to Word and to Excel (both downloads read back); chooses questions and copies them to a second
 * course; a sheet with wrong rows shows every row's problem and adds nothing. In Chinese, then the
 * same pages in English.
 */

const HEADER = [
  '题型 Type',
  '题干 Stem',
  ...'ABCDEFGHIJ'.split('').map((k) => `选项${k} Option ${k}`),
  '正确答案 Answer',
  '分值 Score',
  '难度 Difficulty',
  '知识点 Knowledge points',
  '解析 Analysis',
];
type Row = [string, string, string[], string, number | string, string, string, string];

/** A sheet as a teacher fills the template: [type, stem, options, answer, score, difficulty, points, analysis]. */
async function sheet(rows: Row[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('题目');
  ws.addRow(HEADER);
  for (const [type, stem, options, answer, score, difficulty, points, analysis] of rows)
    ws.addRow([
      type,
      stem,
      ...Array.from({ length: 10 }, (_, i) => options[i] ?? ''),
      answer,
      score,
      difficulty,
      points,
      analysis,
    ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(page: Page, name: string, buffer: Buffer) {
  await page.getByTestId('bank-import-file').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
}

const GOOD: Row[] = [
  ['单选题', '2 + 3 等于几？', ['4', '5', '6'], 'B', 2, '易', '加法', '2 加 3 得 5。'],
  ['多选题', '下列哪些是偶数？', ['2', '3', '4'], 'AC', 3, '中', '奇偶', ''],
  ['判断题', '0 是自然数。', [], '正确', 1, '易', '', ''],
  ['填空题', '中国的首都是____。', [], '北京|Beijing', 2, '', '地理', ''],
  ['数字评分', '这节课的难度', [], '1-5', 1, '', '', ''],
];

test('a teacher imports questions from Excel, exports the bank to Word and Excel, copies questions, sees a refused file', async ({
  page,
  request,
  asTeacher,
  newCourse,
}) => {
  test.setTimeout(240_000);
  const teacher = await asTeacher({ name: '吴老师' });
  const course = await newCourse({ teacher, fields: { coursename: '高等数学' } });
  const second = await newCourse({ teacher, fields: { coursename: '线性代数' } });
  await page.goto(`/testing/detail?courseId=${course.id}&courseRole=1`);
  await page.getByTestId('tab-bank').click();
  await expect(page.getByTestId('bank-empty-title')).toHaveText('题库是空的');

  // the template, then a filled sheet
  await page.getByTestId('bank-import').click();
  await expect(page.getByTestId('bank-import-popup')).toBeAttached();
  const template = await downloadBy(page, () => page.getByTestId('bank-template-xlsx').click());
  expect(template.name).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(template.bytes as unknown as ArrayBuffer);
  expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
  expect(book.worksheets[0]!.actualRowCount).toBe(14);
  await shot(page, 'bank-import-zh');

  await upload(page, '第一章.xlsx', await sheet(GOOD));
  await expect(page.getByTestId('bank-import-result')).toHaveText('已导入 5 道题');
  await page.getByTestId('bank-import-close').click();
  await expect(page.getByTestId('bank-count')).toHaveText('共 5 道题');
  await expect(page.getByTestId('bank-question-stem')).toHaveText([
    '这节课的难度',
    '中国的首都是____。',
    '0 是自然数。',
    '下列哪些是偶数？',
    '2 + 3 等于几？',
  ]);

  // a sheet with wrong rows: every problem listed, nothing added
  await page.getByTestId('bank-import').click();
  await upload(
    page,
    '有错.xlsx',
    await sheet([
      ['单选题', '好的一题', ['甲', '乙'], 'A', 1, '', '', ''],
      ['单选题', '答案不在选项里', ['甲', '乙'], 'D', 1, '', '', ''],
      ['问答题', '题型不对', [], '', 1, '', '', ''],
      ['判断题', '分值太大', [], '对', 300, '', '', ''],
    ]),
  );
  await expect(page.getByTestId('bank-import-problems')).toBeVisible();
  await expect(page.getByTestId('bank-import-problem')).toHaveCount(3);
  await expect(page.getByTestId('bank-import-problem').first()).toContainText('第 3 行');
  await expect(page.getByTestId('bank-import-problem').first()).toContainText('正确答案须是题目中的选项');
  await expect(page.getByTestId('bank-import-problem').nth(1)).toContainText('题型「问答题」不正确');
  await expect(page.getByTestId('bank-import-problem').nth(2)).toContainText('分值须在 0.5 到 100 之间');
  await shot(page, 'bank-import-refused-zh');
  await page.getByTestId('bank-import-close').click();
  await expect(page.getByTestId('bank-count')).toHaveText('共 5 道题');

  // the whole bank to Word and to Excel
  await page.getByTestId('bank-export').click();
  const word = await downloadBy(page, () => page.getByText('Word 文档（.docx）').click());
  expect(word.name).toBe('高等数学-题目.docx');
  expect(word.bytes.subarray(0, 2).toString()).toBe('PK');
  await page.getByTestId('bank-export').click();
  await shot(page, 'bank-export-zh');
  const excel = await downloadBy(page, () => page.getByText('Excel 表格（.xlsx）').click());
  expect(excel.name).toBe('高等数学-题目.xlsx');
  const exported = new ExcelJS.Workbook();
  await exported.xlsx.load(excel.bytes as unknown as ArrayBuffer);
  const rows = exported.worksheets[0]!;
  expect(rows.actualRowCount).toBe(6);
  expect((rows.getRow(2).values as unknown[]).slice(1, 5)).toEqual(['单选题', '2 + 3 等于几？', '4', '5']);
  expect((rows.getRow(5).values as unknown[])[13]).toBe('北京|Beijing');

  // two chosen questions copied to the second course
  await page.getByTestId('bank-choose').click();
  await page.getByTestId('bank-question-check').nth(3).click();
  await page.getByTestId('bank-question-check').nth(4).click();
  await expect(page.getByTestId('bank-chosen-count')).toHaveText('已选 2 道');
  await shot(page, 'bank-choose-zh');
  await page.getByTestId('bank-copy').click();
  await expect(page.getByTestId('bank-copy-popup')).toBeAttached();
  await page.getByTestId('bank-copy-target').filter({ hasText: '线性代数' }).click();
  await shot(page, 'bank-copy-zh');
  await page.getByTestId('bank-copy-go').click();
  await expect(page.getByText('已复制 2 道题到「线性代数」')).toBeVisible();
  await expect(page.getByTestId('bank-choose-bar')).toBeHidden();
  const copied = await api<{ list: { title: string }[] }>(
    request,
    '/QuestionBankApi/listQuestions',
    { courseid: second.id },
    teacher.token,
  );
  expect(copied.list.map((q) => q.title).sort()).toEqual(['<p>2 + 3 等于几？</p>', '<p>下列哪些是偶数？</p>']);

  // the second course's bank shows them
  await page.goto(`/testing/detail?courseId=${second.id}&courseRole=1`);
  await page.getByTestId('tab-bank').click();
  await expect(page.getByTestId('bank-count')).toHaveText('共 2 道题');

  // the same pages in English
  await api(request, '/UserApi/setLanguage', { lang: 'en' }, teacher.token);
  await signInPage(page, teacher.token);
  await page.goto(`/testing/detail?courseId=${course.id}&courseRole=1`);
  await page.getByTestId('tab-bank').click();
  await expect(page.getByTestId('bank-import')).toHaveText('Import');
  await page.getByTestId('bank-import').click();
  await upload(page, 'wrong.xlsx', await sheet([['Single choice', 'One', ['x', 'y'], 'Z', 1, 'easy', '', '']]));
  await expect(page.getByTestId('bank-import-problem')).toContainText('Row 2');
  await expect(page.getByTestId('bank-import-problem')).toContainText('The correct answer must be one of the options');
  await shot(page, 'bank-import-refused-en');
  await upload(page, 'right.xlsx', await sheet([['Single choice', 'One more', ['x', 'y'], 'A', 1, 'easy', '', '']]));
  await expect(page.getByTestId('bank-import-result')).toHaveText('Questions imported: 1');
  await shot(page, 'bank-import-en');
  await page.getByTestId('bank-import-close').click();
  await expect(page.getByTestId('bank-count')).toContainText('6');
  await page.getByTestId('bank-choose').click();
  await page.getByTestId('bank-question-check').first().click();
  await page.getByTestId('bank-copy').click();
  await expect(page.getByTestId('bank-copy-target')).toHaveCount(1);
  await shot(page, 'bank-copy-en');
  await page.getByTestId('bank-copy-close').click();
  await page.getByTestId('bank-export-chosen').click();
  await shot(page, 'bank-export-en');
  const one = await downloadBy(page, () => page.getByText('Word document (.docx)').click());
  expect(one.name).toMatch(/\.docx$/);
});
