import type { APIRequestContext, Page } from '@playwright/test';
import { api, expect, signInPage, test } from '../../fixtures';
import { shot } from '../accounts/screens';

/*
 * Practice on knowledge points and pass-through practice (spec 2 §2 Tests routes
 * `/testing/promoteKnowlegePoints`, `/testing/knowledgePractice`, spec 2 §4 pass-through states;
 * issue 14): the teacher's bank (questions with knowledge points) and test are made through the API;
 * the student takes the test in the browser getting some wrong, sees the weak point, practises it one
 * question per screen (right or wrong, the key and the analysis after each answer), reads the summary,
 * and plays the pass-through levels: the first passed opens the second.
 */

interface Q {
  type: number;
  title: string;
  options?: string[];
  answer?: string;
  blanks?: string[][];
  points: string[];
  analysis?: string;
  /** how the journey answers it in the browser, right and wrong */
  right: (page: Page) => Promise<void>;
  wrong: (page: Page) => Promise<void>;
}

const pick = (testid: string) => async (page: Page) => {
  await page.getByTestId('practice-question').getByTestId(testid).click();
};
const fill = (text: string) => async (page: Page) => {
  await page.getByTestId('practice-question').getByTestId('blank-1').fill(text);
};

// bank order: three questions on 传输层, then two on 应用层
const bank: Q[] = [
  {
    type: 1,
    title: '<p>TCP 是面向连接的协议。</p>',
    answer: '1',
    points: ['传输层'],
    analysis: '<p>TCP 先三次握手建立连接。</p>',
    right: pick('tf-1'),
    wrong: pick('tf-0'),
  },
  {
    type: 2,
    title: '<p>哪个协议不保证送达？</p>',
    options: ['TCP', 'UDP'],
    answer: 'B',
    points: ['传输层'],
    analysis: '<p>UDP 无连接、不重传。</p>',
    right: pick('option-B'),
    wrong: pick('option-A'),
  },
  {
    type: 5,
    title: '<p>TCP 建立连接要 ___ 次握手。</p>',
    blanks: [['3', '三']],
    points: ['传输层'],
    right: fill('三'),
    wrong: fill('2'),
  },
  {
    type: 2,
    title: '<p>HTTP 默认端口是？</p>',
    options: ['21', '80', '443'],
    answer: 'B',
    points: ['应用层'],
    right: pick('option-B'),
    wrong: pick('option-A'),
  },
  {
    type: 1,
    title: '<p>DNS 把域名解析为 IP 地址。</p>',
    answer: '1',
    points: ['应用层'],
    right: pick('tf-1'),
    wrong: pick('tf-0'),
  },
];

async function addBank(request: APIRequestContext, token: string, courseid: number, questions: Q[]) {
  const ids: number[] = [];
  for (const { right: _r, wrong: _w, ...q } of questions)
    ids.push((await api<{ id: number }>(request, '/QuestionBankApi/addQuestion', { courseid, score: 2, ...q }, token)).id);
  return ids;
}

async function makeTest(request: APIRequestContext, token: string, courseid: number, title: string, ids: number[]) {
  const paper = await api<{ id: number }>(
    request,
    '/TestpaperApi/addTestpaper',
    { courseid, title, fixed: ids.map((id) => ({ id })), showanswer: 1 },
    token,
  );
  await api(request, '/TestpaperApi/publishTestpaper', { courseid, id: paper.id }, token);
  return Number(paper.id);
}

/** Answers the question on the practice screen, right or wrong, found by its stem. */
async function answerShown(page: Page, questions: Q[], right: boolean) {
  const stem = (await page.getByTestId('practice-question').getByTestId('question-stem').textContent())?.trim() ?? '';
  const q = questions.find((x) => x.title.replace(/<[^>]+>/g, '') === stem);
  if (!q) throw new Error(`no question "${stem}"`);
  await (right ? q.right(page) : q.wrong(page));
  await page.getByTestId('practice-submit').click();
  await expect(page.getByTestId('practice-verdict')).toBeVisible();
  return q;
}

test.describe('practice on knowledge points', () => {
  test('weak point from a test, practised question by question, summary, pass-through levels', async ({
    page,
    request,
    newCourse,
  }) => {
    test.setTimeout(240_000);
    const course = await newCourse({ students: ['林晓'] });
    const teacher = course.teacher.token;
    const student = course.students[0]!;
    const ids = await addBank(request, teacher, course.id, bank);
    // the test: two questions on 传输层 and one on 应用层
    const testId = await makeTest(request, teacher, course.id, '第一章 小测', [ids[0]!, ids[1]!, ids[3]!]);

    // ---- the student takes it: both 传输层 questions wrong, the 应用层 one right
    await signInPage(page, student.token);
    await page.goto(`/testing/stu/detail?courseId=${course.id}&courseRole=0&testpaperid=${testId}`);
    await page.getByTestId('test-start').click();
    await page.getByTestId('start-confirm-confirm').click();
    await expect(page).toHaveURL(/\/testing\/ontesting\?/);
    const questions = page.getByTestId('question');
    await expect(questions).toHaveCount(3);
    await questions.nth(0).getByTestId('tf-0').click();
    await questions.nth(1).getByTestId('option-A').click();
    await questions.nth(2).getByTestId('option-B').click();
    await expect(page.getByTestId('answered-count')).toHaveText('已答 3/3 题');
    await page.getByTestId('handin').click();
    await page.getByTestId('handin-confirm-confirm').click();
    await expect(page).toHaveURL(/\/testing\/submitresult\?/);

    // ---- the weak point
    await page.goto(`/testing/weakKnowlegePoints?courseId=${course.id}&courseRole=0`);
    const weak = page.locator('[data-testid="weak-point"][data-point="传输层"]');
    await expect(weak.getByTestId('weak-point-weak')).toHaveText('薄弱');
    await expect(weak.getByTestId('weak-point-rate')).toContainText('正确率 0%');
    await page.getByTestId('weak-promote-link').click();
    await expect(page).toHaveURL(/\/testing\/promoteKnowlegePoints\?/);
    await expect(page.getByTestId('page-title')).toHaveText('提升练习');
    const point = page.locator('[data-testid="promote-point"][data-point="传输层"]');
    await expect(point).toHaveAttribute('data-weak', '1');
    await expect(page.locator('[data-testid="promote-point"][data-point="应用层"]')).toHaveAttribute('data-weak', '0');
    await shot(page, 'practice-01-promote');

    // ---- practise 传输层: the bank's three questions on it, the two answered wrong first
    await point.getByTestId('promote-point-start').click();
    await expect(page).toHaveURL(/\/testing\/knowledgePractice\?.*id=\d+/);
    await expect(page.getByTestId('page-title')).toHaveText('知识点练习');
    await expect(page.getByTestId('practice-progress')).toHaveText('第 1/3 题');
    const firstStem = (await page.getByTestId('question-stem').textContent())?.trim() ?? '';
    expect(['TCP 是面向连接的协议。', '哪个协议不保证送达？']).toContain(firstStem);
    // no key on the screen before the answer
    await expect(page.getByTestId('practice-key')).toHaveCount(0);
    await expect(page.getByTestId('practice-submit')).toBeDisabled();
    await shot(page, 'practice-02-question');
    const first = await answerShown(page, bank, false);
    await expect(page.getByTestId('practice-verdict')).toHaveText('回答错误');
    if (first.answer === '1') await expect(page.getByTestId('practice-key')).toContainText('正确');
    else await expect(page.getByTestId('practice-key')).toContainText('B. UDP');
    await expect(page.getByTestId('practice-analysis')).not.toBeEmpty();
    await shot(page, 'practice-03-wrong');
    await page.getByTestId('practice-next').click();
    await expect(page.getByTestId('practice-progress')).toHaveText('第 2/3 题');
    await answerShown(page, bank, true);
    await expect(page.getByTestId('practice-verdict')).toHaveText('回答正确');
    await page.getByTestId('practice-next').click();
    await expect(page.getByTestId('practice-progress')).toHaveText('第 3/3 题');
    await answerShown(page, bank, true);
    await page.getByTestId('practice-summary-link').click();

    // ---- the summary
    await expect(page.getByTestId('practice-score')).toHaveText('答对 2 / 3 题');
    await expect(page.locator('[data-testid="practice-point"][data-point="传输层"]')).toContainText('答对 2 / 3 题');
    await expect(page.getByTestId('practice-review-row')).toHaveCount(3);
    await shot(page, 'practice-04-summary');
    // the practice answers count toward the weak point: 2 right of 5
    await page.getByTestId('practice-back').click();
    await expect(
      page.locator('[data-testid="promote-point"][data-point="传输层"]').getByTestId('promote-point-rate'),
    ).toContainText('正确率 40%');

    // ---- pass-through: a level per point in bank order; the second opens once the first is passed
    await page.getByTestId('tab-levels').click();
    await expect(page).toHaveURL(/tab=levels/);
    const levels = page.getByTestId('level');
    await expect(levels).toHaveCount(2);
    await expect(page.getByTestId('levels-state')).toHaveText('未开始');
    await expect(levels.nth(0).getByTestId('level-name')).toHaveText('第 1 关 · 传输层');
    await expect(levels.nth(0).getByTestId('level-state')).toHaveText('未开始');
    await expect(levels.nth(1)).toHaveAttribute('data-locked', '1');
    await expect(levels.nth(1).getByTestId('level-locked')).toHaveText('通过上一关后解锁');
    await expect(levels.nth(1).getByTestId('level-start')).toHaveCount(0);
    await shot(page, 'practice-05-levels');
    await levels.nth(0).getByTestId('level-start').click();
    await expect(page.getByTestId('practice-progress')).toHaveText('第 1/3 题');
    for (let i = 0; i < 3; i++) {
      await answerShown(page, bank, true);
      await page.getByTestId(i < 2 ? 'practice-next' : 'practice-summary-link').click();
    }
    await expect(page.getByTestId('practice-passed')).toHaveText('恭喜过关！下一关已解锁');
    await shot(page, 'practice-06-level-passed');
    await page.getByTestId('practice-back').click();
    await expect(page).toHaveURL(/tab=levels/);
    await expect(levels.nth(0)).toHaveAttribute('data-state', '2');
    await expect(levels.nth(0).getByTestId('level-state')).toHaveText('已完成');
    await expect(levels.nth(1)).toHaveAttribute('data-locked', '0');
    await expect(levels.nth(1).getByTestId('level-state')).toHaveText('未开始');
    await expect(page.getByTestId('levels-state')).toHaveText('进行中');
    await expect(page.getByTestId('levels-progress')).toHaveText('已通过 1 / 2 关');
    await shot(page, 'practice-07-levels-after');
    // the server says the same
    const read = await api<{ state: number; lists: { state: number; locked: number }[] }>(
      request,
      '/TestpaperApi/passThroughLevels',
      { courseid: course.id },
      student.token,
    );
    expect(read.state).toBe(1);
    expect(read.lists.map((l) => [l.state, l.locked])).toEqual([
      [2, 0],
      [0, 0],
    ]);
  });

  test('in English: nothing to practise yet, then a practice and the levels', async ({ page, request, newCourse, asStudent }) => {
    test.setTimeout(180_000);
    const course = await newCourse();
    const student = await asStudent({ name: 'Lin Xiao', lang: 'en', page: null });
    await api(request, '/CourseApi/joinCourse', { code: course.code }, student.token);
    await signInPage(page, student.token);
    await page.goto(`/testing/promoteKnowlegePoints?courseId=${course.id}&courseRole=0`);
    await expect(page.getByTestId('page-title')).toHaveText('Practice');
    await expect(page.getByTestId('promote-empty-title')).toHaveText('No weak knowledge points yet');
    await shot(page, 'practice-en-01-empty');
    await page.getByTestId('tab-levels').click();
    await expect(page.getByTestId('levels-empty-title')).toHaveText('No levels yet');

    const english: Q[] = [
      {
        type: 2,
        title: '<p>Default HTTP port?</p>',
        options: ['21', '80'],
        answer: 'B',
        points: ['Protocols'],
        analysis: '<p>Port 80 is HTTP; 443 is HTTPS.</p>',
        right: pick('option-B'),
        wrong: pick('option-A'),
      },
      {
        type: 1,
        title: '<p>UDP is connectionless.</p>',
        answer: '1',
        points: ['Protocols'],
        right: pick('tf-1'),
        wrong: pick('tf-0'),
      },
    ];
    const ids = await addBank(request, course.teacher.token, course.id, english);
    const testId = await makeTest(request, course.teacher.token, course.id, 'Quiz 1', ids);
    const paper = await api<{ lists: { subjectid: number }[] }>(
      request,
      '/TestpaperApi/doSubjectList',
      { courseid: course.id, testpaperid: testId },
      student.token,
    );
    await api(
      request,
      '/TestpaperApi/handup',
      {
        courseid: course.id,
        testpaperid: testId,
        answers: paper.lists.map((i, n) => ({ subjectid: i.subjectid, answer: n === 0 ? 'A' : '0', seq: n + 1 })),
      },
      student.token,
    );
    await page.goto(`/testing/promoteKnowlegePoints?courseId=${course.id}&courseRole=0`);
    const point = page.locator('[data-testid="promote-point"][data-point="Protocols"]');
    await expect(point).toHaveAttribute('data-weak', '1');
    await expect(point.getByTestId('promote-point-rate')).toContainText('0%');
    await shot(page, 'practice-en-02-promote');
    await point.getByTestId('promote-point-start').click();
    await expect(page.getByTestId('page-title')).toHaveText('Knowledge practice');
    await expect(page.getByTestId('practice-progress')).toHaveText('Question 1/2');
    await answerShown(page, english, false);
    await expect(page.getByTestId('practice-verdict')).toHaveText('Wrong');
    await shot(page, 'practice-en-03-wrong');
    // end the practice early: the question left stays unanswered
    await page.getByTestId('practice-next').click();
    await page.getByTestId('practice-finish').click();
    await expect(page.getByTestId('practice-finish-dialog')).toContainText('Questions not answered: 1');
    await page.getByTestId('practice-finish-confirm').click();
    await expect(page.getByTestId('practice-score')).toHaveText('0 of 2 right');
    await expect(page.getByTestId('practice-rate')).toContainText('1 not answered');
    await shot(page, 'practice-en-04-summary');
    await page.getByTestId('practice-back').click();
    await page.getByTestId('tab-levels').click();
    await expect(page.getByTestId('level')).toHaveCount(1);
    await expect(page.getByTestId('level-name')).toHaveText('Level 1 · Protocols');
    await expect(page.getByTestId('level-state')).toHaveText('Not started');
    await expect(page.getByTestId('levels-state')).toHaveText('Not started');
    await shot(page, 'practice-en-05-levels');
  });
});
