import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';

/*
 * /courseware/importFile (spec 2 §2, issue 14): the import step when creating a test or an interactive
 * answer. From a new test, the teacher imports a filled Excel template and goes on to the paper with
 * the imported questions chosen in its picker; from a new interactive answer, the imported questions
 * come ticked.
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

async function sheet(rows: [string, string, string[], string, number][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('题目');
  ws.addRow(HEADER);
  for (const [type, stem, options, answer, score] of rows)
    ws.addRow([type, stem, ...Array.from({ length: 10 }, (_, i) => options[i] ?? ''), answer, score, '易', '', '']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function importSheet(page: Page, rows: [string, string, string[], string, number][]) {
  await page.getByTestId('bank-import-file').setInputFiles({
    name: 'questions.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await sheet(rows),
  });
}

const WORDS = {
  zh: { title: '从文件导入题目', test: '用这 2 道题新建测试', interact: '用这 1 道题新建互动答题' },
  en: {
    title: 'Import questions from a file',
    test: 'Make a test of the questions imported (2)',
    interact: 'Make an interactive answer of the questions imported (1)',
  },
};

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: questions imported from a file go on into a new test and a new interactive answer`, async ({
    page,
    asTeacher,
    newCourse,
  }) => {
    test.setTimeout(120_000);
    const w = WORDS[lang];
    const teacher = await asTeacher({ name: '钟老师', lang });
    const course = await newCourse({ teacher, students: 1 });

    // a new test: import from a file, then the paper with the imported questions chosen
    await page.goto(`/testing/create?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('paper-import-file').click();
    await expect(page.getByTestId('page-title')).toHaveText(w.title);
    await importSheet(page, [
      ['单选题', '3 + 4 等于几？', ['6', '7', '8'], 'B', 2],
      ['判断题', '1 是质数。', [], '错误', 1],
    ]);
    await expect(page.getByTestId('import-file-next')).toHaveText(w.test);
    await shot(page, `tests-import-file-${lang}-01-imported`);
    await page.getByTestId('import-file-next').click();
    await expect(page.getByTestId('question-picker')).toBeVisible();
    await page.getByTestId('picker-done').click();
    await expect(page.getByTestId('paper-fixed-row')).toHaveCount(2);
    await expect(page.getByTestId('paper-fixed')).toContainText('3 + 4 等于几？');
    await shot(page, `tests-import-file-${lang}-02-paper`);

    // a new interactive answer: the imported question comes ticked
    await page.goto(`/addActivity/interactiveAnswers?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('ia-import-file').click();
    await importSheet(page, [['单选题', '5 + 5 等于几？', ['9', '10'], 'B', 1]]);
    await expect(page.getByTestId('import-file-next')).toHaveText(w.interact);
    await page.getByTestId('import-file-next').click();
    const ticked = page.getByTestId('ia-pick').filter({ hasText: '5 + 5 等于几？' });
    await expect(ticked.locator('.adm-checkbox')).toHaveClass(/adm-checkbox-checked/);
    await expect(page.getByTestId('ia-pick').filter({ hasText: '3 + 4 等于几？' }).locator('.adm-checkbox')).not.toHaveClass(
      /adm-checkbox-checked/,
    );
  });
}
