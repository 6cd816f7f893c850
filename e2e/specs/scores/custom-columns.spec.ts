import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api, downloadBy, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { withData } from '../homework-review/helpers';
import { joinedStudent } from '../members/helpers';

/*
 * Issue 12 (10): the score book holds the teacher's own columns. On a 375 px phone, in Chinese and
 * in English: the teacher adds a weighted midterm column (a missing name is refused in words),
 * types a score (an out-of-range one is flagged before anything is sent), imports the template
 * filled in (a wrong row is listed and nothing changes; the corrected file goes in), exports the
 * whole book and reads it back, is asked before deleting a column with scores; the student sees
 * only their own row.
 */

const words = {
  zh: {
    teacher: '方老师',
    a: '陶一凡',
    b: '苏小满',
    course: '概率论',
    midterm: '期中考试',
    nameRequired: '请输入成绩列名称',
    kindMidterm: '期中',
    range: '须在 0 到 100 之间',
    templateSheet: '成绩导入',
    header: ['学号', '姓名', '期中考试 (100)'],
    problem: '「期中考试」须在 0 到 100 之间，这里是 150',
    failed: '有 1 处问题，未导入任何成绩。请修改表格后重新上传：',
    row: (n: number) => `第 ${n} 行`,
    imported: '已导入 2 个成绩（期中考试）',
    sheet: '成绩册',
    exportHeader: ['学号', '姓名', '期中考试 (100)', '总评'],
    deleteScored: '「期中考试」已有 2 名学生的成绩，删除后这些成绩将一并删除，且无法恢复。',
  },
  en: {
    teacher: 'Ms Fang',
    a: 'Ada Lovelace',
    b: 'Alan Turing',
    course: 'Probability',
    midterm: 'Midterm exam',
    nameRequired: 'Enter a name for the column',
    kindMidterm: 'Midterm',
    range: 'Must be between 0 and 100',
    templateSheet: 'Score import',
    header: ['Student no.', 'Name', 'Midterm exam (100)'],
    problem: '“Midterm exam” must be between 0 and 100, not 150',
    failed: 'Problems found: 1. Nothing was imported: fix the sheet and upload it again.',
    row: (n: number) => `Row ${n}`,
    imported: 'Scores imported: 2 (Midterm exam)',
    sheet: 'Score book',
    exportHeader: ['Student no.', 'Name', 'Midterm exam (100)', 'Total'],
    deleteScored: '“Midterm exam” already has scores (2). Deleting the column deletes them too, and they cannot be recovered.',
  },
} as const;

interface Book {
  columns: { key: string; title: string; weight: number }[];
  rows: { uid: number; scores: Record<string, number | null>; total: number | null }[];
}

/** The workbook a press downloads. */
async function workbookOf(page: Page, press: () => Promise<void>) {
  const { bytes } = await downloadBy(page, press);
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer-like Buffer of its own
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: the teacher adds a weighted midterm column, types, imports and exports scores; the student sees their own`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const w = words[lang];
    const teacher = await registerPerson(request, 1, w.teacher);
    const course = await createCourse(request, teacher.token, { coursename: `${w.course} ${Date.now() % 100000}` });
    const a = await joinedStudent(request, w.a, course.code);
    const b = await joinedStudent(request, w.b, course.code);
    if (lang === 'en') for (const p of [teacher, a, b]) await api(request, '/UserApi/setLanguage', { lang: 'en' }, p.token);
    const book = () => api<Book>(request, '/ScoreApi/getScoreBook', { courseid: course.id }, teacher.token);

    // ---- an empty book: no homework, no columns yet
    await signIn(page, request, teacher);
    await page.goto(`/score?courseId=${course.id}&courseRole=1`);
    await expect(page.getByTestId('score-empty')).toBeVisible();
    await expect(page.getByTestId('score-import')).toBeDisabled();

    // ---- add the midterm column: a missing name is refused in words, then it is added with weight 40
    await page.getByTestId('score-add-column').click();
    await expect(page.getByTestId('column-form')).toBeVisible();
    await page.getByTestId('column-save').click();
    await expect(page.getByTestId('column-form').getByText(w.nameRequired)).toBeVisible();
    await page.getByTestId('column-name').fill(w.midterm);
    await page.getByTestId(`column-kind-midterm`).click();
    await page.getByTestId('column-full').fill('100');
    await page.getByTestId('column-weight').fill('40');
    await shot(page, `scores-columns-${lang}-01-add-column`);
    await page.getByTestId('column-save').click();
    await expect(page.getByTestId('column-form')).toBeHidden();
    await expect(page.getByTestId('score-column')).toHaveCount(1);
    await expect(page.getByTestId('score-column-kind')).toHaveText(w.kindMidterm);
    const column = (await book()).columns[0]!;
    expect(column).toMatchObject({ title: w.midterm, weight: 40 });

    // ---- type a score in the book: out of range is flagged and nothing is sent; 86.5 is saved
    const rowA = withData(page, 'score-row', 'uid', a.uid);
    const rowB = withData(page, 'score-row', 'uid', b.uid);
    await rowA.getByTestId('score-cell').click();
    await expect(page.getByTestId('score-entry')).toBeVisible();
    const inputA = withData(page, 'score-entry-input', 'uid', a.uid);
    await expect(inputA).toBeFocused();
    await inputA.fill('120');
    await expect(withData(page, 'score-entry-row', 'uid', a.uid).getByTestId('score-entry-error')).toHaveText(w.range);
    await shot(page, `scores-columns-${lang}-02-type-out-of-range`);
    await page.getByTestId('score-entry-save').click();
    await expect(page.getByTestId('score-entry-form-error')).toBeVisible();
    expect((await book()).rows.find((r) => r.uid === a.uid)!.scores[column.key]).toBeNull();
    await inputA.fill('86.5');
    await page.getByTestId('score-entry-save').click();
    await expect(page.getByTestId('score-entry')).toBeHidden();
    await expect(rowA.getByTestId('score-cell')).toHaveText('86.5');
    await expect(rowA.getByTestId('score-total')).toHaveText('86.5');
    await expect(rowB.getByTestId('score-cell')).toHaveText('—');
    await shot(page, `scores-columns-${lang}-03-typed`);

    // ---- import: the template lists the students; a file with a wrong row changes nothing
    await page.getByTestId('score-import').click();
    await expect(page.getByTestId('score-import-popup')).toBeVisible();
    const template = await workbookOf(page, () => page.getByTestId('score-import-template').click());
    const sheet = template.getWorksheet(w.templateSheet)!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(w.header);
    const rowOf = (stno: string) => [2, 3].find((n) => sheet.getRow(n).getCell(1).value === stno)!;
    expect(sheet.getRow(rowOf(a.stno)).getCell(3).value).toBe(86.5);
    sheet.getRow(rowOf(a.stno)).getCell(3).value = 90;
    sheet.getRow(rowOf(b.stno)).getCell(3).value = 150;
    const bad = Buffer.from(await template.xlsx.writeBuffer());
    await page.getByTestId('score-import-file').setInputFiles({
      name: 'midterm.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: bad,
    });
    const problems = page.getByTestId('score-import-problems');
    await expect(problems).toContainText(w.failed);
    await expect(page.getByTestId('score-import-problem')).toHaveCount(1);
    await expect(page.getByTestId('score-import-problem')).toContainText(w.row(rowOf(b.stno)));
    await expect(page.getByTestId('score-import-problem')).toContainText(w.problem);
    await shot(page, `scores-columns-${lang}-04-import-problems`);
    const unchanged = await book();
    expect(unchanged.rows.map((r) => r.scores[column.key]).sort()).toEqual([86.5, null].sort());
    // corrected, it goes in
    sheet.getRow(rowOf(b.stno)).getCell(3).value = 72;
    await page.getByTestId('score-import-file').setInputFiles({
      name: 'midterm.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await template.xlsx.writeBuffer()),
    });
    await expect(page.getByTestId('score-import-result')).toContainText(w.imported);
    await shot(page, `scores-columns-${lang}-05-imported`, { keepToasts: true });
    await page.getByTestId('score-import-close').click();
    await expect(rowA.getByTestId('score-cell')).toHaveText('90');
    await expect(rowB.getByTestId('score-cell')).toHaveText('72');
    await expect(rowB.getByTestId('score-total')).toHaveText('72');

    // ---- export the whole book and read it back
    const exported = await workbookOf(page, () => page.getByTestId('score-export').click());
    const out = exported.getWorksheet(w.sheet)!;
    const values = (n: number) => (out.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(w.exportHeader);
    expect(values(2).slice(2, 3)).toEqual([40]);
    const lines = [3, 4].map(values);
    expect(lines.find((l) => l[1] === w.a)).toEqual([a.stno, w.a, 90, 90]);
    expect(lines.find((l) => l[1] === w.b)).toEqual([b.stno, w.b, 72, 72]);

    // ---- deleting a column with scores asks first; cancelled, it stays
    await page.getByTestId('score-column-menu').click();
    await page.getByTestId('column-action-edit').click();
    await expect(page.getByTestId('column-name')).toHaveValue(w.midterm);
    await page.getByTestId('column-delete').click();
    await expect(page.getByTestId('column-delete-dialog')).toContainText(w.deleteScored);
    await shot(page, `scores-columns-${lang}-06-delete-asks`);
    await page.getByTestId('column-delete-cancel').click();
    await page.getByTestId('column-form-close').click();
    await expect(page.getByTestId('score-column')).toHaveCount(1);
    await shot(page, `scores-columns-${lang}-07-book`);

    // ---- the student sees only their own row
    await signIn(page, request, a);
    await page.goto(`/score?courseId=${course.id}&courseRole=0`);
    await expect(page.getByTestId('score-row')).toHaveCount(1);
    await expect(page.getByTestId('score-row-name')).toContainText(w.a);
    await expect(page.getByTestId('score-cell')).toHaveText(['90']);
    await expect(page.getByTestId('score-total')).toHaveText('90');
    await expect(page.getByTestId('score-add-column')).toHaveCount(0);
    await expect(page.getByTestId('score-column-menu')).toHaveCount(0);
    await shot(page, `scores-columns-${lang}-08-student`);
    // and cannot write through the API
    const refused = await request.post('/ScoreApi/setColumnScores', {
      data: { courseid: course.id, id: column.key.slice(1), scores: [{ uid: a.uid, score: 100 }] },
      headers: { token: a.token },
    });
    expect(await refused.json()).toMatchObject({ status: 0, code: 40003 });
  });
}
