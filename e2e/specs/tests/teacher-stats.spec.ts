import type { APIRequestContext } from '@playwright/test';
import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';

/*
 * Statistics per question and regrading (issue 14, /testing/review?tab=stats): three students hand in
 * through the API; the teacher sees each question's correct rate and the options picked, accepts
 * another option of a single choice and another text for a blank, and the students' scores read back
 * through the API rise. Then the empty state and the view in English.
 */

interface Paper {
  lists: { subjectid: number; typeid: number }[];
}

type Answer = { single: string; blank: string; rating: number };

async function makeTest(request: APIRequestContext, courseid: number, token: string, title: string) {
  const add = (body: Record<string, unknown>) =>
    api<{ id: number }>(request, '/QuestionBankApi/addQuestion', { courseid, ...body }, token);
  const single = await add({ type: 2, title: '2 + 3 等于几？', options: ['4', '5', '6', '7'], answer: 'B', score: 2 });
  const blank = await add({ type: 5, title: '中国的首都是____。', blanks: [['北京']], score: 2 });
  const rating = await add({ type: 13, title: '给这节课打分。', min: 1, max: 5, score: 1 });
  const made = await api<{ id: number }>(
    request,
    '/TestpaperApi/addTestpaper',
    { courseid, title, fixed: [single.id, blank.id, rating.id], draws: [] },
    token,
  );
  await api(request, '/TestpaperApi/publishTestpaper', { courseid, id: made.id }, token);
  return made.id;
}

async function handIn(request: APIRequestContext, courseid: number, testpaperid: number, token: string, a: Answer) {
  const paper = await api<Paper>(request, '/TestpaperApi/doSubjectList', { courseid, testpaperid }, token);
  const answers = paper.lists.map((item, n) => ({
    subjectid: item.subjectid,
    seq: n + 1,
    answer: item.typeid === 2 ? a.single : item.typeid === 5 ? a.blank : String(a.rating),
  }));
  await api(request, '/TestpaperApi/handup', { courseid, testpaperid, answers }, token);
}

const scoreOf = async (request: APIRequestContext, courseid: number, testpaperid: number, token: string) =>
  (await api<{ score: number | null }>(request, '/TestpaperApi/testpaperdetails', { courseid, testpaperid }, token)).score;

test('the teacher reads the statistics, accepts another option and another blank text, and scores rise', async ({
  page,
  request,
  asTeacher,
  newCourse,
}) => {
  test.setTimeout(180_000);
  const teacher = await asTeacher({ name: '冯老师' });
  const course = await newCourse({ teacher, students: ['赵一', '钱二', '孙三'] });
  const [zhao, qian, sun] = course.students;
  const id = await makeTest(request, course.id, teacher.token, '加法小测');

  // nothing handed in yet: the empty state
  await page.goto(`/testing/review?courseId=${course.id}&courseRole=1&id=${id}`);
  await page.getByTestId('review-tab-stats').click();
  await expect(page).toHaveURL(/tab=stats/);
  await expect(page.getByTestId('stats-empty-title')).toHaveText('还没有人交卷');
  await shot(page, 'tests-teacher-stats-empty');

  await handIn(request, course.id, id, zhao.token, { single: 'B', blank: '北京', rating: 5 });
  await handIn(request, course.id, id, qian.token, { single: 'C', blank: 'Peking', rating: 4 });
  await handIn(request, course.id, id, sun.token, { single: 'C', blank: '上海', rating: 4 });
  expect(await scoreOf(request, course.id, id, zhao.token)).toBe(5);
  expect(await scoreOf(request, course.id, id, qian.token)).toBe(1);
  expect(await scoreOf(request, course.id, id, sun.token)).toBe(1);

  await page.reload();
  await expect(page.getByTestId('stats-papers')).toHaveText('已交 3 份答卷');
  const single = page.getByTestId('stats-item').filter({ hasText: '2 + 3 等于几？' });
  const blank = page.getByTestId('stats-item').filter({ hasText: '中国的首都是' });
  const rating = page.getByTestId('stats-item').filter({ hasText: '给这节课打分。' });
  await expect(single.getByTestId('stats-rate')).toHaveText('33%');
  await expect(single.getByTestId('stats-correct')).toHaveText('答对 1');
  await expect(single.getByTestId('stats-wrong')).toHaveText('答错 2');
  await expect(single.getByTestId('stats-average')).toHaveText('平均 0.7 / 2 分');
  const option = (key: string) => single.locator(`[data-testid="stats-option"][data-option="${key}"]`);
  await expect(option('A').getByTestId('stats-option-count')).toHaveText('0 人');
  await expect(option('B').getByTestId('stats-option-count')).toHaveText('1 人');
  await expect(option('C').getByTestId('stats-option-count')).toHaveText('2 人');
  await expect(option('B').getByTestId('stats-option-key')).toBeVisible();
  await expect(option('C').getByTestId('stats-option-key')).toHaveCount(0);
  // the bar is as wide as the share: 2 of 3
  await expect(option('C').locator('.exam-bar-fill')).toHaveAttribute('style', /width: 67%/);
  await expect(blank.getByTestId('stats-rate')).toHaveText('33%');
  await expect(rating.getByTestId('stats-rate')).toHaveCount(0);
  await expect(rating.locator('[data-testid="stats-rating"][data-value="4"]')).toContainText('2 人');
  await expect(rating.locator('[data-testid="stats-rating"][data-value="5"]')).toContainText('1 人');
  await shot(page, 'tests-teacher-stats');
  await rating.scrollIntoViewIfNeeded();
  await shot(page, 'tests-teacher-stats-rating');

  // accept C as well, after the confirmation that every handed-in paper is graded again
  await option('C').getByTestId('stats-accept-option').click();
  await expect(page.getByTestId('stats-accept-dialog')).toBeVisible();
  await expect(page.getByText('“C. 6”从现在起也算对，每一份已交的答卷都会重新评分', { exact: false })).toBeVisible();
  await shot(page, 'tests-teacher-stats-accept');
  await page.getByTestId('stats-accept-confirm').click();
  await expect(page.getByTestId('stats-regraded')).toHaveText('已重新评分 3 份答卷，2 份总分有变化');
  await expect(single.getByTestId('stats-rate')).toHaveText('100%');
  await expect(option('C').getByTestId('stats-option-key')).toBeVisible();
  expect(await scoreOf(request, course.id, id, qian.token)).toBe(3);
  expect(await scoreOf(request, course.id, id, sun.token)).toBe(3);
  expect(await scoreOf(request, course.id, id, zhao.token)).toBe(5);

  // a text the key already holds: the server's refusal, nothing changed
  await blank.getByTestId('stats-blank-text').fill('北京');
  await blank.getByTestId('stats-blank-accept').click();
  await page.getByTestId('stats-accept-confirm').click();
  await expect(blank.getByTestId('stats-blank-error')).toHaveText('这个答案已经算对了');
  // another text for the blank
  await blank.getByTestId('stats-blank-text').fill('Peking');
  await blank.getByTestId('stats-blank-accept').click();
  await page.getByTestId('stats-accept-confirm').click();
  await expect(page.getByTestId('stats-regraded')).toHaveText('已重新评分 3 份答卷，1 份总分有变化');
  await expect(blank.getByTestId('stats-rate')).toHaveText('67%');
  await expect(blank.getByTestId('stats-blank-key')).toHaveText('第 1 空：北京 / Peking');
  expect(await scoreOf(request, course.id, id, qian.token)).toBe(5);
  await blank.scrollIntoViewIfNeeded();
  await shot(page, 'tests-teacher-stats-regraded');

  // the papers tab is still there
  await page.getByTestId('review-tab-papers').click();
  await expect(page.getByTestId('review-row')).toHaveCount(3);
});

test('in English: the statistics of a test', async ({ page, request, asTeacher, newCourse }) => {
  test.setTimeout(120_000);
  const teacher = await asTeacher({ name: 'Ada Lovelace', lang: 'en' });
  const course = await newCourse({ teacher, students: ['Alan', 'Barbara'] });
  const id = await makeTest(request, course.id, teacher.token, 'Sums');
  await page.goto(`/testing/review?courseId=${course.id}&courseRole=1&id=${id}&tab=stats`);
  await expect(page.getByTestId('stats-empty-title')).toHaveText('Nothing handed in yet');
  for (const [i, s] of course.students.entries())
    await handIn(request, course.id, id, s.token, { single: i === 0 ? 'B' : 'A', blank: '北京', rating: 3 });
  await page.reload();
  await expect(page.getByTestId('review-tab-stats')).toHaveText('Statistics');
  await expect(page.getByTestId('stats-papers')).toHaveText('Papers handed in: 2');
  const single = page.getByTestId('stats-item').first();
  await expect(single.getByTestId('stats-rate')).toHaveText('50%');
  await expect(single.getByTestId('stats-correct')).toHaveText('Right 1');
  await expect(single.getByTestId('stats-average')).toHaveText('Average 1 / 2 pts');
  await expect(single.locator('[data-option="A"]').getByTestId('stats-option-count')).toHaveText('1 chose it');
  await expect(single.locator('[data-option="C"]').getByTestId('stats-option-count')).toHaveText('0 chose it');
  await expect(single.locator('[data-option="A"]').getByTestId('stats-accept-option')).toHaveText('Accept A as correct');
  await shot(page, 'tests-teacher-stats-en');
});

test('another text for the second blank of a two-blank question', async ({ page, request, asTeacher, newCourse }) => {
  test.setTimeout(120_000);
  const teacher = await asTeacher({ name: '陈老师' });
  const course = await newCourse({ teacher, students: ['周五'] });
  const [zhou] = course.students;
  const q = await api<{ id: number }>(
    request,
    '/QuestionBankApi/addQuestion',
    { courseid: course.id, type: 5, title: '____ 和 ____ 是直辖市。', blanks: [['北京'], ['上海']], score: 4 },
    teacher.token,
  );
  const made = await api<{ id: number }>(
    request,
    '/TestpaperApi/addTestpaper',
    { courseid: course.id, title: '城市', fixed: [q.id], draws: [] },
    teacher.token,
  );
  await api(request, '/TestpaperApi/publishTestpaper', { courseid: course.id, id: made.id }, teacher.token);
  const paper = await api<Paper>(
    request,
    '/TestpaperApi/doSubjectList',
    { courseid: course.id, testpaperid: made.id },
    zhou.token,
  );
  await api(
    request,
    '/TestpaperApi/handup',
    {
      courseid: course.id,
      testpaperid: made.id,
      answers: [{ subjectid: paper.lists[0].subjectid, seq: 1, answer: ['北京', '天津'] }],
    },
    zhou.token,
  );
  expect(await scoreOf(request, course.id, made.id, zhou.token)).toBe(2);

  await page.goto(`/testing/review?courseId=${course.id}&courseRole=1&id=${made.id}&tab=stats`);
  const item = page.getByTestId('stats-item');
  await expect(item.getByTestId('stats-partly')).toHaveText('部分对 1');
  // nothing typed: refused in the form, before the confirmation
  await item.getByTestId('stats-blank-accept').click();
  await expect(item.getByTestId('stats-blank-error')).toHaveText('请填写要算对的答案');
  await item.getByTestId('stats-blank-pick').selectOption('2');
  await item.getByTestId('stats-blank-text').fill('天津');
  await item.getByTestId('stats-blank-accept').click();
  await page.getByTestId('stats-accept-confirm').click();
  await expect(page.getByTestId('stats-regraded')).toHaveText('已重新评分 1 份答卷，1 份总分有变化');
  await expect(item.getByTestId('stats-blank-key').nth(1)).toHaveText('第 2 空：上海 / 天津');
  await expect(item.getByTestId('stats-correct')).toHaveText('答对 1');
  await expect(item.getByTestId('stats-blank-text')).toHaveValue('');
  expect(await scoreOf(request, course.id, made.id, zhou.token)).toBe(4);
  await shot(page, 'tests-teacher-stats-two-blanks');
});

const REGRADE_WORDS = {
  zh: {
    acceptFalse: '把 错误 也算对',
    alsoFalse: '也算对：错误',
    alsoSet: '也算对：A|B|D',
    setRequired: '请选择要算对的选项组合',
    already: '这个答案已经算对了',
  },
  en: {
    acceptFalse: 'Accept False as correct',
    alsoFalse: 'Also accepted: False',
    alsoSet: 'Also accepted: A|B|D',
    setRequired: 'Choose the set of options to accept',
    already: 'That answer is already counted as right',
  },
};

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: regrading a true/false by its other value and a multiple choice by another set of options`, async ({
    page,
    request,
    asTeacher,
    newCourse,
  }) => {
    test.setTimeout(150_000);
    const w = REGRADE_WORDS[lang];
    const teacher = await asTeacher({ name: '韩老师', lang });
    const course = await newCourse({ teacher, students: ['周一', '吴二'] });
    const [zhou, wu] = course.students;
    const add = (body: Record<string, unknown>) =>
      api<{ id: number }>(request, '/QuestionBankApi/addQuestion', { courseid: course.id, ...body }, teacher.token);
    const tf = await add({ type: 1, title: '鲸是鱼。', answer: '1', score: 2 });
    const multi = await add({ type: 3, title: '哪些是偶数？', options: ['2', '4', '5', '6'], answer: 'A|B', score: 4 });
    const made = await api<{ id: number }>(
      request,
      '/TestpaperApi/addTestpaper',
      { courseid: course.id, title: '改判', fixed: [tf.id, multi.id], draws: [] },
      teacher.token,
    );
    await api(request, '/TestpaperApi/publishTestpaper', { courseid: course.id, id: made.id }, teacher.token);
    for (const [who, tfAnswer, set] of [
      [zhou, '0', ['A', 'B', 'D']],
      [wu, '1', ['A', 'B']],
    ] as const) {
      const paper = await api<Paper>(
        request,
        '/TestpaperApi/doSubjectList',
        { courseid: course.id, testpaperid: made.id },
        who.token,
      );
      const answers = paper.lists.map((item, n) => ({
        subjectid: item.subjectid,
        seq: n + 1,
        answer: item.typeid === 1 ? tfAnswer : set,
      }));
      await api(request, '/TestpaperApi/handup', { courseid: course.id, testpaperid: made.id, answers }, who.token);
    }
    expect(await scoreOf(request, course.id, made.id, zhou.token)).toBe(0);

    await page.goto(`/testing/review?courseId=${course.id}&courseRole=1&id=${made.id}&tab=stats`);
    const tfCard = page.getByTestId('stats-item').filter({ hasText: '鲸是鱼。' });
    const multiCard = page.getByTestId('stats-item').filter({ hasText: '哪些是偶数？' });
    // true/false picks drawn per value; "false" accepted after the confirmation
    await expect(tfCard.locator('[data-option="0"]').getByTestId('stats-option-count')).toContainText('1');
    await expect(tfCard.locator('[data-option="1"]').getByTestId('stats-accept-option')).toHaveCount(0);
    await expect(tfCard.locator('[data-option="0"]').getByTestId('stats-accept-option')).toHaveText(w.acceptFalse);
    await tfCard.locator('[data-option="0"]').getByTestId('stats-accept-option').click();
    await page.getByTestId('stats-accept-confirm').click();
    await expect(tfCard.getByTestId('stats-alternatives')).toHaveText(w.alsoFalse);
    await expect(tfCard.getByTestId('stats-rate')).toHaveText('100%');
    expect(await scoreOf(request, course.id, made.id, zhou.token)).toBe(2);

    // a multiple choice: nothing picked is refused in the form; the key itself by the server; then A, B and D
    await multiCard.getByTestId('stats-set-accept').click();
    await expect(multiCard.getByTestId('stats-set-error')).toHaveText(w.setRequired);
    for (const k of ['A', 'B']) await multiCard.getByTestId(`stats-set-${k}`).check();
    await multiCard.getByTestId('stats-set-accept').click();
    await page.getByTestId('stats-accept-confirm').click();
    await expect(multiCard.getByTestId('stats-set-error')).toHaveText(w.already);
    await multiCard.getByTestId('stats-set-D').check();
    await multiCard.getByTestId('stats-set-accept').click();
    await page.getByTestId('stats-accept-confirm').click();
    await expect(multiCard.getByTestId('stats-alternatives')).toHaveText(w.alsoSet);
    await expect(multiCard.getByTestId('stats-rate')).toHaveText('100%');
    await multiCard.scrollIntoViewIfNeeded();
    await shot(page, `tests-teacher-stats-regrade-${lang}`);
    expect(await scoreOf(request, course.id, made.id, zhou.token)).toBe(6);
    expect(await scoreOf(request, course.id, made.id, wu.token)).toBe(6);
  });
}
