import ExcelJS from 'exceljs';
import { api, downloadBy, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, signIn } from '../courses/helpers';
import { addHomework, submitFile, textFile, withData } from '../homework-review/helpers';
import { joinedStudent, type Student } from '../members/helpers';

/*
 * The course score book (spec 2 §2 /score, /scoreDetail, /setScore; issue #5): two graded homework,
 * one published; the teacher sets the weights, the totals follow, and the exported .xlsx holds the
 * same cells; a student sees only their own published scores.
 */

interface Book {
  columns: { id: number; title: string; weight: number }[];
  rows: { uid: number; total: number | null }[];
}

test.describe('score book', () => {
  test('weights set in the page change the totals; the export opens as a workbook with the same cells; a student sees their own row', async ({
    page,
    request,
    asTeacher,
  }) => {
    test.setTimeout(180_000);
    const teacher = await asTeacher({ page: null });
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, {
      coursename: `离散数学 ${Date.now() % 100000}`,
      classname: '数学 2301 班',
    });
    const tao = await joinedStudent(request, '陶一凡', course.code);
    const su = await joinedStudent(request, '苏小满', course.code);
    const endtime = Math.floor(Date.now() / 1000) + 86_400;
    const first = await addHomework(request, teacherToken, { courseid: course.id, title: '集合与关系', fullscore: 100, endtime });
    const second = await addHomework(request, teacherToken, { courseid: course.id, title: '图论基础', fullscore: 50, endtime });
    const sid = async (s: Student, id: number) =>
      (await submitFile(request, s.token, course.id, id, textFile('作业.txt', `${s.name}的作业`))).sid;
    const grade = (id: number, sids: number[], score: number) =>
      api(request, '/HomeworkApi/correct', { courseid: course.id, id, sids, score, comment: '已阅' }, teacherToken);
    // 集合与关系: 陶 90, 苏 70, published; 图论基础: 陶 30 of 50, not published, 苏 not graded
    await grade(first.id, [await sid(tao, first.id)], 90);
    await grade(first.id, [await sid(su, first.id)], 70);
    await api(request, '/HomeworkApi/publishScore', { courseid: course.id, id: first.id }, teacherToken);
    await grade(second.id, [await sid(tao, second.id)], 30);
    await sid(su, second.id);

    // the teacher opens the score book from the course home: equal weights at first
    await signIn(page, request, teacher);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('home-scores').click();
    await expect(page).toHaveURL(new RegExp(`/score\\?courseId=${course.id}&courseRole=1$`));
    await expect(page.getByTestId('page-title')).toHaveText('成绩册');
    await expect(page.getByTestId('score-summary')).toHaveText('2 名学生 · 2 个计分项');
    await expect(page.getByTestId('score-column')).toHaveCount(2);
    await expect(page.getByTestId('score-column-weight')).toHaveText([
      '满分 100 · 权重 1（占 50%）',
      '满分 50 · 权重 1（占 50%）',
    ]);
    const taoRow = withData(page, 'score-row', 'uid', tao.uid);
    const suRow = withData(page, 'score-row', 'uid', su.uid);
    await expect(taoRow.getByTestId('score-cell')).toHaveText(['90', '30']);
    await expect(taoRow.getByTestId('score-total')).toHaveText('75');
    await expect(suRow.getByTestId('score-cell')).toHaveText(['70', '—']);
    await expect(suRow.getByTestId('score-total')).toHaveText('35');
    await shot(page, 'scores-01-book-equal-weights');

    // the name column stays while the table scrolls sideways on a phone
    const wrap = page.getByTestId('score-table-wrap');
    const nameBefore = (await taoRow.getByTestId('score-row-name').boundingBox())!;
    await wrap.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    const nameAfter = (await taoRow.getByTestId('score-row-name').boundingBox())!;
    expect(Math.abs(nameAfter.x - nameBefore.x)).toBeLessThan(1);
    await wrap.evaluate((el) => {
      el.scrollLeft = 0;
    });

    // weights: a bad one is refused and nothing is saved; 30 and 70 are
    await page.getByTestId('score-weights').click();
    await expect(page).toHaveURL(new RegExp(`/setScore\\?courseId=${course.id}&courseRole=1$`));
    await expect(page.getByTestId('page-title')).toHaveText('设置成绩权重');
    const inputs = page.getByTestId('weight-input');
    await expect(inputs).toHaveCount(2);
    await expect(inputs.nth(0)).toHaveValue('1');
    await expect(inputs.nth(1)).toHaveValue('1');
    await inputs.nth(0).fill('101');
    await page.getByTestId('weight-save').click();
    await expect(page.getByTestId('weight-error')).toHaveText('权重须是 0 到 100 的整数');
    const unchanged = await api<Book>(request, '/ScoreApi/getScoreBook', { courseid: course.id }, teacherToken);
    expect(unchanged.columns.map((c) => c.weight)).toEqual([1, 1]);
    await inputs.nth(0).fill('30');
    await inputs.nth(1).fill('70');
    await expect(page.getByTestId('weight-share')).toHaveText(['占总评 30%', '占总评 70%']);
    await expect(page.getByTestId('weight-sum')).toHaveText('权重合计 100');
    await shot(page, 'scores-02-weights');
    await page.getByTestId('weight-save').click();

    // back on the book, the totals follow the weights
    await expect(page).toHaveURL(new RegExp(`/score\\?courseId=${course.id}&courseRole=1$`));
    await expect(page.getByTestId('score-column-weight')).toHaveText([
      '满分 100 · 权重 30（占 30%）',
      '满分 50 · 权重 70（占 70%）',
    ]);
    await expect(taoRow.getByTestId('score-total')).toHaveText('69');
    await expect(suRow.getByTestId('score-total')).toHaveText('21');
    await shot(page, 'scores-03-book-weighted');

    // the export downloads an .xlsx with the header, the weights and each student's cells
    const { name, bytes } = await downloadBy(page, () => page.getByTestId('score-export').click());
    expect(name).toBe(`${course.coursename}-成绩册.xlsx`);
    const workbook = new ExcelJS.Workbook();
    // exceljs types its input as an ArrayBuffer-like Buffer of its own
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('成绩册')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['学号', '姓名', '集合与关系 (100)', '图论基础 (50)', '总评']);
    expect(values(2).slice(2, 4)).toEqual([30, 70]);
    const rowOf = (name: string) => [3, 4].map(values).find((v) => v[1] === name)!;
    expect(rowOf('陶一凡')).toEqual([tao.stno, '陶一凡', 90, 30, 69]);
    expect(rowOf('苏小满').slice(0, 3)).toEqual([su.stno, '苏小满', 70]);
    expect(rowOf('苏小满')[4]).toBe(21);
    await shot(page, 'scores-04-exported', { keepToasts: true });

    // one student's detail: score, full score, weight and total
    await taoRow.getByTestId('score-row-name').click();
    await expect(page).toHaveURL(new RegExp(`/scoreDetail\\?courseId=${course.id}&uid=${tao.uid}&courseRole=1$`));
    await expect(page.getByTestId('score-detail-name')).toHaveText('陶一凡');
    await expect(page.getByTestId('score-detail-total')).toHaveText('69');
    await expect(page.getByTestId('score-detail-score')).toHaveText(['90 / 100', '30 / 50']);
    await expect(page.getByTestId('score-detail-weight')).toHaveText(['权重 30 · 占总评 30%', '权重 70 · 占总评 70%']);
    await shot(page, 'scores-05-teacher-detail');

    // 陶一凡 sees only their own row, with published scores only, and no teacher buttons
    await signIn(page, request, tao);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
    await page.getByTestId('home-scores').click();
    await expect(page).toHaveURL(new RegExp(`/score\\?courseId=${course.id}&courseRole=0$`));
    await expect(page.getByTestId('score-row')).toHaveCount(1);
    await expect(page.getByTestId('score-row-name')).toContainText('陶一凡');
    // the unpublished homework is not in the student's book, so it does not count as 0
    await expect(page.getByTestId('score-cell')).toHaveText(['90']);
    await expect(page.getByTestId('score-total')).toHaveText('90');
    await expect(page.getByTestId('score-weights')).toHaveCount(0);
    await expect(page.getByTestId('score-export')).toHaveCount(0);
    await shot(page, 'scores-06-student-book');
    await page.getByTestId('score-row-name').click();
    await expect(page.getByTestId('score-detail-score')).toHaveText(['90 / 100']);
    await expect(page.getByTestId('score-detail-total')).toHaveText('90');
    await shot(page, 'scores-07-student-detail');
    // a student cannot export through the API either: the refusal is the envelope, not a file
    const refused = await request.post('/ScoreApi/exportScores', {
      data: { courseid: course.id },
      headers: { token: tao.token },
    });
    expect(await refused.json()).toMatchObject({ status: 0, code: 40003 });
  });
});
