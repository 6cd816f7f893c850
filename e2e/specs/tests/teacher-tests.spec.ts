import type { Page } from '@playwright/test';
import { api, expect, signInPage, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { clearDateTime, localIn, openPicker, pickDateTime } from '../dateTime';
import { pngPicture } from '../homework/helpers';
import { uploadSmall } from '../materials/helpers';

/*
 * The teacher's test pages (issue 14): a question bank of several types written in the page, a paper
 * of fixed questions and a random draw, its settings and publishing; a student takes it through the
 * API; the teacher grades the short answer (a score above the question's refused), publishes the
 * scores, and the student's score is read back. Then the list and the bank in English.
 */

interface Paper {
  attemptid: number;
  lists: { subjectid: number; typeid: number; optionList: { id: string }[] }[];
}

/** Types into the rich-text stem of the question editor. */
async function typeStem(page: Page, text: string) {
  await page.getByTestId('q-stem').click();
  await page.keyboard.type(text);
}

async function addPoint(page: Page, point: string) {
  await page.getByTestId('q-point-input').fill(point);
  await page.getByTestId('q-point-add').click();
}

async function saveQuestion(page: Page) {
  await page.getByTestId('q-save').click();
  await expect(page.getByTestId('question-editor')).toBeHidden();
}

test('a teacher builds a bank and a paper, publishes it, grades a short answer and publishes scores', async ({
  page,
  request,
  asTeacher,
  newCourse,
}) => {
  test.setTimeout(240_000);
  const teacher = await asTeacher({ name: '周老师' });
  const course = await newCourse({ teacher, students: ['李雷', '韩梅梅'] });
  const [lilei] = course.students;
  const list = `/testing/detail?courseId=${course.id}&courseRole=1`;

  // the empty list, and the bank empty
  await page.goto(list);
  await expect(page.getByTestId('tests-empty-title')).toHaveText('还没有测试');
  await shot(page, 'tests-teacher-empty');
  await page.getByTestId('tab-bank').click();
  await expect(page.getByTestId('bank-empty-title')).toHaveText('题库是空的');

  // a single choice: saving without a correct option is refused in the form
  await page.getByTestId('bank-add').click();
  await expect(page.getByTestId('question-editor')).toBeVisible();
  await typeStem(page, '1 + 1 等于几？');
  for (const [key, text] of [
    ['A', '1'],
    ['B', '2'],
    ['C', '3'],
    ['D', '4'],
  ])
    await page.getByTestId(`q-option-${key}`).fill(text);
  await page.getByTestId('q-score').fill('2');
  await page.getByTestId('q-save').click();
  await expect(page.getByTestId('q-answer-error')).toHaveText('单选题请选择一个正确答案');
  await page.getByTestId('q-key-B').click();
  await addPoint(page, '加法');
  await shot(page, 'tests-teacher-question-single');
  await saveQuestion(page);

  // true/false
  await page.getByTestId('bank-add').click();
  await page.getByTestId('q-type').selectOption('1');
  await typeStem(page, '地球绕着太阳转。');
  await page.getByTestId('q-truth').getByText('正确').click();
  await page.getByTestId('q-score').fill('2');
  await addPoint(page, '常识');
  await saveQuestion(page);

  // fill in the blank with two accepted answers
  await page.getByTestId('bank-add').click();
  await page.getByTestId('q-type').selectOption('5');
  await typeStem(page, '中国的首都是____。');
  await page.getByTestId('q-blank-1-1').fill('北京');
  await page.getByTestId('q-blank-accept-1').click();
  await page.getByTestId('q-blank-1-2').fill('Beijing');
  await page.getByTestId('q-score').fill('2');
  await page.getByTestId('q-difficulty').getByText('易').click();
  await addPoint(page, '常识');
  await shot(page, 'tests-teacher-question-blank');
  await saveQuestion(page);

  // a short answer worth 10
  await page.getByTestId('bank-add').click();
  await page.getByTestId('q-type').selectOption('4');
  await typeStem(page, '简述牛顿第一定律。');
  await page.getByTestId('q-reference').fill('物体在不受外力时保持静止或匀速直线运动。');
  await page.getByTestId('q-score').fill('10');
  await page.getByTestId('q-difficulty').getByText('难').click();
  await saveQuestion(page);

  // two more true/false for the random draw, and one to delete, through the API
  for (const title of ['水在 0 ℃ 结冰。', '月亮自己发光。', '要删掉的题'])
    await api(
      request,
      '/QuestionBankApi/addQuestion',
      { courseid: course.id, type: 1, title, answer: '1', score: 2, points: ['常识'] },
      teacher.token,
    );
  await page.reload();
  await expect(page.getByTestId('bank-question')).toHaveCount(7);
  await expect(page.getByTestId('bank-count')).toHaveText('共 7 道题');

  // delete one, after the confirmation
  const doomed = page.getByTestId('bank-question').filter({ hasText: '要删掉的题' });
  await doomed.getByTestId('bank-question-delete').click();
  await expect(page.getByTestId('q-delete-dialog')).toBeVisible();
  await page.getByTestId('q-delete-confirm').click();
  await expect(page.getByTestId('bank-question')).toHaveCount(6);

  // filters: by type, by knowledge point
  await page.getByTestId('bank-filter-type').selectOption('5');
  await expect(page.getByTestId('bank-question')).toHaveCount(1);
  await expect(page.getByTestId('bank-question-stem')).toHaveText('中国的首都是____。');
  await page.getByTestId('bank-filter-type').selectOption('0');
  await page.getByTestId('bank-filter-point').selectOption('常识');
  await expect(page.getByTestId('bank-question')).toHaveCount(4);
  await page.getByTestId('bank-filter-point').selectOption('');
  await expect(page.getByTestId('bank-question')).toHaveCount(6);
  // words of the stem
  await page.getByTestId('bank-search').fill('牛顿');
  await page.getByTestId('bank-search-go').click();
  await expect(page.getByTestId('bank-question')).toHaveCount(1);
  await expect(page.getByTestId('bank-question-stem')).toHaveText('简述牛顿第一定律。');
  await page.getByTestId('bank-search').fill('');
  await expect(page.getByTestId('bank-question')).toHaveCount(6);
  await shot(page, 'tests-teacher-bank');

  // edit a question: the editor opens with what the bank holds
  const moon = page.getByTestId('bank-question').filter({ hasText: '月亮自己发光。' });
  await moon.getByTestId('bank-question-edit').click();
  await expect(page.getByTestId('q-type')).toHaveValue('1');
  await expect(page.getByTestId('q-stem')).toHaveText('月亮自己发光。');
  await expect(page.getByTestId('q-score')).toHaveValue('2');
  await page.getByTestId('q-truth').getByText('错误').click();
  await page.getByTestId('q-score').fill('3');
  await saveQuestion(page);
  await expect(moon).toContainText('3 分');

  // the bank as the server keeps it: the blank's two accepted answers, the single choice's key
  const bank = await api<{ list: { type: number; answer: string; blanks: string[][]; points: string[]; score: number }[] }>(
    request,
    '/QuestionBankApi/listQuestions',
    { courseid: course.id },
    teacher.token,
  );
  expect(bank.list.find((q) => q.type === 5)).toMatchObject({ blanks: [['北京', 'Beijing']], difficulty: 1, points: ['常识'] });
  expect(bank.list.find((q) => q.type === 2)).toMatchObject({ answer: 'B', score: 2, points: ['加法'] });
  expect(bank.list.find((q) => q.type === 4)).toMatchObject({ score: 10, difficulty: 3 });

  // a paper: the single choice, the blank and the short answer fixed, two true/false drawn
  await page.getByTestId('tab-tests').click();
  await page.getByTestId('test-create').click();
  await page.getByTestId('paper-title').fill('第一章小测');
  await page.getByTestId('paper-description').click();
  await page.keyboard.type('范围：第一章。');
  await page.getByTestId('paper-pick').click();
  for (const stem of ['1 + 1 等于几？', '中国的首都是____。', '简述牛顿第一定律。'])
    await page.getByTestId('picker-row').filter({ hasText: stem }).locator('.adm-checkbox').click();
  await page.getByTestId('picker-done').click();
  await expect(page.getByTestId('paper-fixed-row')).toHaveCount(3);
  await page.getByTestId('paper-draw-add').click();
  await page.getByTestId('paper-draw-type').selectOption('1');
  await page.getByTestId('paper-draw-count').fill('0');
  await page.getByTestId('paper-draw-score').fill('2');
  await page.getByTestId('paper-save').click();
  // spec 2 §5: the server refuses draws whose counts are all zero, naming them
  await expect(page.getByTestId('paper-form-error')).toHaveText('随机抽题的数量不能全为 0');
  await page.getByTestId('paper-draw-count').fill('2');
  await expect(page.getByTestId('paper-total')).toHaveText('总分 18');
  await shot(page, 'tests-teacher-paper');
  await page.getByTestId('paper-save').click();

  // the settings: refused values first, then saved
  await expect(page.getByTestId('teacher-settings-page')).toBeVisible();
  await expect(page.getByTestId('test-state')).toHaveText('未发布');
  await page.getByTestId('settings-timelimit').fill('30');
  await page.getByTestId('settings-scorepercent').fill('150');
  await page.getByTestId('settings-antiswitch').click();
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-scorepercent-error')).toHaveText('成绩占比须是 0 到 100 的整数');
  await expect(page.getByTestId('settings-switchlimit-error')).toHaveText('请输入切屏次数（1 到 99）');
  await page.getByTestId('settings-scorepercent').fill('40');
  await page.getByTestId('settings-switchlimit').fill('3');
  await page.getByTestId('settings-shufflequestions').click();
  await page.getByTestId('settings-showanswer').getByText('截止后').click();
  await page.getByTestId('settings-save').click();
  await expect(page.getByText('设置已保存')).toBeVisible();
  // a change not saved: the back arrow asks before it is thrown away
  await page.getByTestId('settings-attempts').fill('2');
  await page.getByTestId('nav-back').click();
  await expect(page.getByTestId('leave-ask-dialog')).toBeVisible();
  await page.getByTestId('leave-ask-cancel').click();
  await expect(page.getByTestId('teacher-settings-page')).toBeVisible();
  await page.getByTestId('settings-attempts').fill('1');
  await page.getByTestId('settings-save').click();
  await expect(page.getByText('设置已保存')).toBeVisible();

  const listed = await api<{ list: { id: number; title: string }[] }>(
    request,
    '/TestpaperApi/lists',
    { courseid: course.id },
    teacher.token,
  );
  const testId = listed.list.find((x) => x.title === '第一章小测')!.id;
  const stored = await api<{ settings: Record<string, number>; totalScore: number; fullcount: number }>(
    request,
    '/TestpaperApi/testpaperdetails',
    { courseid: course.id, testpaperid: testId },
    teacher.token,
  );
  expect(stored.settings).toMatchObject({ timelimit: 30, scorepercent: 40, switchlimit: 3, shufflequestions: 1, showanswer: 2 });
  expect(stored).toMatchObject({ totalScore: 18, fullcount: 5 });
  expect((stored as unknown as { content: string }).content).toContain('范围：第一章。');

  // the draft's paper opens again in /testing/update as it was saved
  await page.getByTestId('test-edit-paper').click();
  await expect(page).toHaveURL(/\/testing\/update\?/);
  await expect(page.getByTestId('paper-title')).toHaveValue('第一章小测');
  await expect(page.getByTestId('paper-fixed-row')).toHaveCount(3);
  await expect(page.getByTestId('paper-draw')).toHaveCount(1);
  await expect(page.getByTestId('paper-draw')).toContainText('题库中可抽 3 道');
  await expect(page.getByTestId('paper-total')).toHaveText('总分 18');
  await page.getByTestId('nav-back').click();
  await expect(page.getByTestId('teacher-settings-page')).toBeVisible();

  // the preview: keys shown, the draw a sample
  await page.getByTestId('test-preview').click();
  await expect(page.getByTestId('paper-item')).toHaveCount(5);
  await expect(page.getByTestId('paper-item').filter({ hasText: '中国的首都是' })).toContainText('北京 / Beijing');
  await shot(page, 'tests-teacher-preview');
  await page.goBack();

  // publish, after the confirmation
  await page.getByTestId('test-publish').click();
  await page.getByTestId('test-publish-confirm').click();
  await expect(page.getByTestId('test-state')).toHaveText('进行中');
  await expect(page.getByTestId('test-end')).toBeVisible();
  await shot(page, 'tests-teacher-settings');
  await page.goto(`/testing/update?courseId=${course.id}&courseRole=1&id=${testId}`);
  await expect(page.getByTestId('teacher-paper-page')).toContainText('试卷已发布，题目不能再修改。');
  await page.goBack();
  await expect(page.getByTestId('test-state')).toHaveText('进行中');

  // extra time for Han Meimei, then taken away
  const hanmeimei = course.students[1]!;
  await page.getByTestId('extra-student').selectOption(String(hanmeimei.uid));
  await page.getByTestId('extra-minutes').fill('15');
  await page.getByTestId('extra-add').click();
  await expect(page.getByTestId('extra-row')).toHaveCount(1);
  await expect(page.getByTestId('extra-row')).toContainText('韩梅梅');
  await expect(page.getByTestId('extra-row')).toContainText('15 分钟');
  const withExtra = await api<{ extratime: number }>(
    request,
    '/TestpaperApi/testpaperdetails',
    { courseid: course.id, testpaperid: testId },
    hanmeimei.token,
  );
  expect(withExtra.extratime).toBe(15);
  await shot(page, 'tests-teacher-extra-time');
  await page.getByTestId('extra-remove').click();
  await expect(page.getByTestId('extra-row')).toHaveCount(0);

  // Li Lei takes the paper through the API: the single right, the blank in English, the short answer written
  const paper = await api<Paper>(
    request,
    '/TestpaperApi/doSubjectList',
    { courseid: course.id, testpaperid: testId },
    lilei.token,
  );
  expect(paper.lists).toHaveLength(5);
  const answers = paper.lists.map((item, i) => ({
    subjectid: item.subjectid,
    seq: i + 1,
    answer: item.typeid === 2 ? 'B' : item.typeid === 1 ? '1' : item.typeid === 5 ? ['Beijing'] : '物体不受力时运动状态不变。',
  }));
  const handed = await api<{ state: number }>(
    request,
    '/TestpaperApi/handup',
    { courseid: course.id, testpaperid: testId, answers },
    lilei.token,
  );
  expect(handed.state).toBe(5); // pending correction: the short answer waits

  // the list shows the test in progress, one handed in, one to grade
  await page.goto(list);
  const row = page.getByTestId('test-row').filter({ hasText: '第一章小测' });
  await expect(row.getByTestId('test-row-state')).toHaveText('进行中');
  await expect(row.getByTestId('test-row-counts')).toHaveText('已交 1/2 · 待批 1');
  await shot(page, 'tests-teacher-list');

  // grading
  await row.click();
  await page.getByTestId('test-review').click();
  const reviewRow = page.getByTestId('review-row').filter({ hasText: '李雷' });
  await expect(reviewRow.getByTestId('review-row-state')).toHaveText('待批');
  await expect(page.getByTestId('review-row').filter({ hasText: '韩梅梅' }).getByTestId('review-row-state')).toHaveText('未交');
  await shot(page, 'tests-teacher-review-list');
  await reviewRow.click();
  await expect(page.getByTestId('grading-student')).toContainText('李雷');
  await expect(page.getByTestId('grading-pending')).toHaveText('1 题待批');
  const single = page.getByTestId('grading-item').filter({ hasText: '1 + 1 等于几？' });
  await expect(single.getByTestId('grading-verdict')).toHaveText('正确');
  const blank = page.getByTestId('grading-item').filter({ hasText: '中国的首都是' });
  await expect(blank.getByTestId('grading-verdict')).toHaveText('正确');
  const short = page.getByTestId('grading-item').filter({ hasText: '简述牛顿第一定律。' });
  await expect(short.getByTestId('grading-answer-text')).toHaveText('物体不受力时运动状态不变。');
  // over the question's score: refused by the form, and by the server
  await short.getByTestId('grading-score-input').fill('15');
  await short.getByTestId('grading-save').click();
  await expect(short.getByTestId('grading-error')).toHaveText('该题满分 10 分，分数不能超过它');
  const shortId = paper.lists.find((item) => item.typeid === 4)!.subjectid;
  const refused = await request.post('/TestpaperApi/markAnswer', {
    data: { courseid: course.id, id: testId, attemptid: paper.attemptid, subjectid: shortId, score: 15 },
    headers: { token: teacher.token },
  });
  expect(await refused.json()).toMatchObject({ status: 0, code: 40001, message: '该题满分 10 分，分数不能超过它' });
  await short.getByTestId('grading-score-input').fill('8');
  await short.getByTestId('grading-save').click();
  await expect(page.getByTestId('grading-done')).toHaveText('已批');
  const graded = await api<{ score: number; pending: number }>(
    request,
    '/TestpaperApi/reviewDetail',
    { courseid: course.id, id: testId, attemptid: paper.attemptid },
    teacher.token,
  );
  expect(graded.pending).toBe(0);
  await expect(page.getByTestId('grading-score')).toHaveText(`${graded.score} / 18 分`);
  // 2 + 2 + 8, and the drawn true/false answered "true": 2 each when their key is true
  expect(graded.score).toBeGreaterThanOrEqual(12);
  await shot(page, 'tests-teacher-grading');

  // publish the scores, after the confirmation
  await page.goBack();
  await expect(reviewRow.getByTestId('review-row-state')).toHaveText('已批');
  await page.getByTestId('scores-publish').click();
  await page.getByTestId('scores-publish-confirm').click();
  await expect(page.getByText('已公布 1 份成绩')).toBeVisible();
  await expect(page.getByTestId('review-published')).toHaveText('成绩已公布');

  // the student's score, read back
  const mine = await api<{ score: number | null; state: number }>(
    request,
    '/TestpaperApi/testpaperdetails',
    { courseid: course.id, testpaperid: testId },
    lilei.token,
  );
  expect(mine.score).toBe(graded.score);
  expect(mine.state).toBe(3);

  // end the test early, after the confirmation
  await page.goBack();
  await expect(page.getByTestId('teacher-settings-page')).toBeVisible();
  await page.getByTestId('test-end').click();
  await page.getByTestId('test-end-confirm').click();
  await expect(page.getByTestId('test-state')).toHaveText('已结束');
  const ended = await api<{ publishState: number }>(
    request,
    '/TestpaperApi/testpaperdetails',
    { courseid: course.id, testpaperid: testId },
    teacher.token,
  );
  expect(ended.publishState).toBe(3);
});

test('in English: the tests list and the question bank', async ({ page, request, asTeacher, newCourse }) => {
  test.setTimeout(120_000);
  const teacher = await asTeacher({ name: 'Grace Hopper', lang: 'en' });
  const course = await newCourse({ teacher, students: 1 });
  await page.goto(`/testing/detail?courseId=${course.id}&courseRole=1`);
  await expect(page.getByTestId('tests-empty-title')).toHaveText('No tests yet');
  await shot(page, 'tests-teacher-empty-en');

  // a paper with no question is kept as a draft, but publishing it is refused with the server's words
  await page.getByTestId('tests-empty-action').click();
  await page.getByTestId('paper-title').fill('Empty paper');
  await page.getByTestId('paper-save').click();
  await expect(page.getByTestId('test-state')).toHaveText('Draft');
  await page.getByTestId('test-publish').click();
  await page.getByTestId('test-publish-confirm').click();
  await expect(page.getByRole('dialog').getByText('A paper needs at least one question')).toBeVisible();
  await shot(page, 'tests-teacher-refused-en', { keepToasts: true });
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('test-state')).toHaveText('Draft');
  await page.getByTestId('test-delete').click();
  await page.getByTestId('test-delete-confirm').click();
  await expect(page.getByTestId('tests-empty-title')).toHaveText('No tests yet');

  await api(
    request,
    '/QuestionBankApi/addQuestion',
    {
      courseid: course.id,
      type: 3,
      title: '<p>Which are prime numbers?</p>',
      options: ['2', '3', '4', '9'],
      answer: 'A|B',
      score: 4,
      points: ['Primes'],
    },
    teacher.token,
  );
  await api(
    request,
    '/TestpaperApi/addTestpaper',
    { courseid: course.id, title: 'Number theory quiz', fixed: [], draws: [{ type: 3, count: 1, score: 4 }] },
    teacher.token,
  );
  await page.reload();
  const row = page.getByTestId('test-row').filter({ hasText: 'Number theory quiz' });
  await expect(row.getByTestId('test-row-state')).toHaveText('Draft');
  await expect(row).toContainText('Questions: 1 · Full score 4');
  await shot(page, 'tests-teacher-list-en');

  await page.getByTestId('tab-bank').click();
  await expect(page.getByTestId('bank-question')).toHaveCount(1);
  await expect(page.getByTestId('bank-question-type')).toHaveText('Multiple choice');
  await page.getByTestId('bank-add').click();
  await page.getByTestId('q-type').selectOption('6');
  await typeStem(page, 'Which of these are even?');
  await page.getByTestId('q-option-A').fill('2');
  await page.getByTestId('q-option-B').fill('5');
  await page.getByTestId('q-option-C').fill('8');
  await page.getByTestId('q-option-remove-D').click();
  await page.getByTestId('q-save').click();
  await expect(page.getByTestId('q-answer-error')).toHaveText(
    'Choose at least one correct answer for an indefinite-choice question',
  );
  await page.getByTestId('q-key-A').click();
  await page.getByTestId('q-key-C').click();
  await shot(page, 'tests-teacher-question-en');
  await saveQuestion(page);
  await expect(page.getByTestId('bank-question')).toHaveCount(2);
  await expect(page.getByTestId('bank-count')).toHaveText('Questions: 2');
  await shot(page, 'tests-teacher-bank-en');
  const bank = await api<{ list: { type: number; answer: string; optionList: { title: string }[] }[] }>(
    request,
    '/QuestionBankApi/listQuestions',
    { courseid: course.id, type: 6 },
    teacher.token,
  );
  expect(bank.list[0]).toMatchObject({ answer: 'A|C', optionList: [{ title: '2' }, { title: '5' }, { title: '8' }] });

  // a rating from 1 to 10, and a paragraph note (no score)
  await page.getByTestId('bank-add').click();
  await page.getByTestId('q-type').selectOption('13');
  await typeStem(page, 'How clear was this unit?');
  await page.getByTestId('q-min').fill('1');
  await page.getByTestId('q-max').fill('10');
  await saveQuestion(page);
  await page.getByTestId('bank-add').click();
  await page.getByTestId('q-type').selectOption('10');
  await expect(page.getByTestId('q-score')).toHaveCount(0);
  await typeStem(page, 'Part two: proofs');
  await saveQuestion(page);
  await expect(page.getByTestId('bank-question')).toHaveCount(4);
  const more = await api<{ list: { type: number; min: number; max: number; score: number }[] }>(
    request,
    '/QuestionBankApi/listQuestions',
    { courseid: course.id },
    teacher.token,
  );
  expect(more.list.find((q) => q.type === 13)).toMatchObject({ min: 1, max: 10 });
  expect(more.list.find((q) => q.type === 10)).toMatchObject({ score: 0 });

  // publishing at a time, then deleting the test
  await page.getByTestId('tab-tests').click();
  await page.getByTestId('test-row').filter({ hasText: 'Number theory quiz' }).click();
  // the app's own picker in English (issue 25), whatever the browser's language: month names, OK, Cancel
  await openPicker(page, 'test-publish-time');
  const picker = page.getByTestId('test-publish-time-picker');
  await expect(picker.getByTestId('test-publish-time-confirm')).toHaveText('OK');
  await expect(picker.getByTestId('test-publish-time-cancel')).toHaveText('Cancel');
  await expect(page.getByTestId('test-publish-time-month')).toHaveAttribute('aria-label', 'Month');
  const shownMonth = new Intl.DateTimeFormat('en-US', { month: 'short' }).format(new Date());
  await expect(picker.locator('.adm-picker-view-column-item-active').nth(1)).toHaveText(shownMonth);
  await shot(page, 'tests-teacher-picker-en');
  await page.getByTestId('test-publish-time-cancel').click();
  await expect(picker).toBeHidden();
  await pickDateTime(page, 'test-publish-time', localIn(86_400));
  await expect(page.getByTestId('test-publish-time')).toContainText(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}/);
  await expect(page.getByTestId('test-publish')).toHaveText('Schedule');
  // the publish time is optional: Clear takes it away, and the test would publish at once
  await clearDateTime(page, 'test-publish-time');
  await expect(page.getByTestId('test-publish-time')).toHaveText('Choose a time');
  await expect(page.getByTestId('test-publish')).not.toHaveText('Schedule');
  await pickDateTime(page, 'test-publish-time', localIn(86_400));
  await expect(page.getByTestId('test-publish')).toHaveText('Schedule');
  await page.getByTestId('test-publish').click();
  await page.getByTestId('test-publish-confirm').click();
  await expect(page.getByTestId('test-state')).toHaveText('Not started');
  await expect(page.getByTestId('test-publish-at')).toContainText('Publishes at');
  await expect(page.getByTestId('test-end')).toHaveCount(0);
  await shot(page, 'tests-teacher-settings-en');
  const quiz = await api<{ list: { id: number; publishState: number }[] }>(
    request,
    '/TestpaperApi/lists',
    { courseid: course.id },
    teacher.token,
  );
  expect(quiz.list[0]!.publishState).toBe(1);
  await page.getByTestId('nav-back').click();
  const scheduledRow = page.getByTestId('test-row').filter({ hasText: 'Number theory quiz' });
  await expect(scheduledRow.getByTestId('test-row-state')).toHaveText('Not started');
  await expect(scheduledRow.getByTestId('test-row-when')).toContainText('Publishes at');
  await scheduledRow.click();
  await page.getByTestId('test-delete').click();
  await expect(page.getByTestId('test-delete-dialog')).toBeVisible();
  await page.getByTestId('test-delete-confirm').click();
  await expect(page.getByTestId('tests-empty-title')).toHaveText('No tests yet');
  const gone = await api<{ list: unknown[] }>(request, '/TestpaperApi/lists', { courseid: course.id }, teacher.token);
  expect(gone.list).toHaveLength(0);
});

test('grading moves between papers and returns one; a student is sent to their own page', async ({
  page,
  request,
  asTeacher,
  newCourse,
  newPhone,
}) => {
  test.setTimeout(150_000);
  const teacher = await asTeacher({ name: '吴老师' });
  const course = await newCourse({ teacher, students: ['甲同学', '乙同学'] });
  const add = (body: Record<string, unknown>) =>
    api<{ id: number }>(request, '/QuestionBankApi/addQuestion', { courseid: course.id, ...body }, teacher.token);
  const essay = await add({ type: 4, title: '写一句话介绍自己。', score: 5 });
  const choice = await add({ type: 2, title: '哪个是偶数？', options: ['1', '2'], answer: 'B', score: 1 });
  const photo = await add({ type: 15, title: '拍一张你的草稿。', score: 3 });
  const made = await api<{ id: number }>(
    request,
    '/TestpaperApi/addTestpaper',
    { courseid: course.id, title: '自我介绍', fixed: [essay.id, choice.id, photo.id], draws: [] },
    teacher.token,
  );
  await api(request, '/TestpaperApi/publishTestpaper', { courseid: course.id, id: made.id }, teacher.token);
  for (const [i, student] of course.students.entries()) {
    const paper = await api<Paper>(
      request,
      '/TestpaperApi/doSubjectList',
      { courseid: course.id, testpaperid: made.id },
      student.token,
    );
    const sketch = await uploadSmall(request, student.token, `草稿${i + 1}.png`, 'image/png', pngPicture(160, 100, i + 1));
    const answers = paper.lists.map((item, n) => ({
      subjectid: item.subjectid,
      seq: n + 1,
      answer: item.typeid === 2 ? 'B' : item.typeid === 15 ? [sketch.id] : `我是第 ${i + 1} 位同学。`,
    }));
    await api(request, '/TestpaperApi/handup', { courseid: course.id, testpaperid: made.id, answers }, student.token);
  }

  await page.goto(`/testing/review?courseId=${course.id}&courseRole=1&id=${made.id}`);
  await expect(page.getByTestId('review-row')).toHaveCount(2);
  await page.getByTestId('review-filter-1').click();
  await expect(page.getByTestId('review-row')).toHaveCount(2);
  await page.getByTestId('review-row').first().click();
  const first = (await page.getByTestId('grading-student').textContent()) ?? '';
  // the photo answer is shown as its picture, to be graded by hand
  const photoItem = page.getByTestId('grading-item').filter({ hasText: '拍一张你的草稿。' });
  await expect(photoItem.getByTestId('grading-file-name')).toHaveText(/^草稿[12]\.png$/);
  await expect(photoItem.locator('img.hw-file-thumb')).toBeVisible();
  await expect.poll(() => photoItem.locator('img.hw-file-thumb').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
  await expect(photoItem.getByTestId('grading-score-input')).toBeVisible();
  await photoItem.getByTestId('grading-score-input').scrollIntoViewIfNeeded();
  await shot(page, 'tests-teacher-grading-photo');
  await expect(page.getByTestId('grading-prev')).toBeDisabled();
  // a score typed and not saved: going to the next paper asks first; staying keeps it
  await photoItem.getByTestId('grading-score-input').fill('3');
  await page.getByTestId('grading-next').click();
  await expect(page.getByTestId('grading-unsaved-dialog')).toContainText('有 1 道题的分数还没保存，离开后会丢失。确定离开吗？');
  await page.getByTestId('grading-unsaved-cancel').click();
  await expect(page.getByTestId('grading-student')).toHaveText(first);
  await expect(photoItem.getByTestId('grading-score-input')).toHaveValue('3');
  await photoItem.getByTestId('grading-score-input').fill('');
  await page.getByTestId('grading-next').click();
  await expect(page.getByTestId('grading-student')).not.toHaveText(first);
  await expect(page.getByTestId('grading-next')).toBeDisabled();
  const second = (await page.getByTestId('grading-student').textContent()) ?? '';
  await page.getByTestId('grading-prev').click();
  await expect(page.getByTestId('grading-student')).toHaveText(first);
  await page.getByTestId('grading-next').click();
  await expect(page.getByTestId('grading-student')).toHaveText(second);

  // return this paper, after the confirmation
  await page.getByTestId('paper-return').click();
  await expect(page.getByTestId('paper-return-dialog')).toBeVisible();
  await page.getByTestId('paper-return-confirm').click();
  await expect(page.getByTestId('review-list')).toBeVisible();
  await page.getByTestId('review-filter-3').click();
  await expect(page.getByTestId('review-row')).toHaveCount(1);
  await expect(page.getByTestId('review-row-state')).toHaveText('已打回');
  await shot(page, 'tests-teacher-returned');
  const returned = course.students.find((s) => second.includes(s.name))!;
  const again = await api<{ state: number; canstart: number }>(
    request,
    '/TestpaperApi/testpaperdetails',
    { courseid: course.id, testpaperid: made.id },
    returned.token,
  );
  expect(again).toMatchObject({ state: 4, canstart: 1 });

  // a test that is not there: the server's words, and a retry
  await page.goto(`/testing/settings?courseId=${course.id}&courseRole=1&id=${made.id + 1000}`);
  await expect(page.getByTestId('load-failed-text')).toHaveText('请求的接口或资源不存在');
  await expect(page.getByTestId('load-failed-retry')).toBeVisible();
  await shot(page, 'tests-teacher-not-found');

  // a student on the teacher's list as a student is sent to the student's page of tests; as a teacher,
  // to the course list (spec 2 §6)
  const phone = await newPhone();
  await signInPage(phone, returned.token);
  await phone.goto(`/testing/detail?courseId=${course.id}&courseRole=0`);
  await expect(phone).toHaveURL(/\/testing\/stu\/detail\?courseId=/);
  await phone.goto(`/testing/detail?courseId=${course.id}&courseRole=1`);
  await expect(phone).toHaveURL(/\/ktpCourse$/);
});

test('answers right after hand-in for a test under way: the teacher is told what it means first (issue 24)', async ({
  page,
  request,
  asTeacher,
  newCourse,
}) => {
  const teacher = await asTeacher({ name: '郑老师' });
  const course = await newCourse({ teacher, students: ['学生甲'] });
  const q = await api<{ id: number }>(
    request,
    '/QuestionBankApi/addQuestion',
    { courseid: course.id, type: 1, title: '地球是圆的。', answer: '1', score: 2 },
    teacher.token,
  );
  const made = await api<{ id: number }>(
    request,
    '/TestpaperApi/addTestpaper',
    { courseid: course.id, title: '随堂测', fixed: [q.id], draws: [] },
    teacher.token,
  );
  await api(request, '/TestpaperApi/publishTestpaper', { courseid: course.id, id: made.id }, teacher.token);
  const stored = async () =>
    (
      await api<{ settings: { showanswer: number } }>(
        request,
        '/TestpaperApi/testpaperdetails',
        { courseid: course.id, testpaperid: made.id },
        teacher.token,
      )
    ).settings.showanswer;
  // a new test shows answers after it closes
  expect(await stored()).toBe(2);

  await page.goto(`/testing/settings?courseId=${course.id}&courseRole=1&id=${made.id}`);
  await expect(page.getByTestId('test-state')).toHaveText('进行中');
  await page.getByTestId('settings-showanswer').getByText('交卷后').click();
  await page.getByTestId('settings-save').click();
  const dialog = page.getByTestId('settings-showanswer-now-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByText('先交卷的学生会立刻看到全部答案和解析')).toBeVisible();
  // cancelled: nothing saved
  await page.getByTestId('settings-showanswer-now-cancel').click();
  await expect(dialog).toBeHidden();
  expect(await stored()).toBe(2);
  // confirmed: saved as chosen
  await page.getByTestId('settings-save').click();
  await page.getByTestId('settings-showanswer-now-confirm').click();
  await expect(page.getByText('设置已保存')).toBeVisible();
  expect(await stored()).toBe(1);
});
