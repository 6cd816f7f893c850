import type { APIRequestContext, Page } from '@playwright/test';
import { api, expect, signInPage, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { pngPicture, uploadsDone } from '../homework/helpers';

/*
 * A student's tests (spec 2 §2 Tests routes, §3, §4 test states, §5, §8; issue 14; decision 017):
 * the teacher's side is set up through the API (a bank of several question types, a paper published
 * now, another opening tomorrow); the student opens the course's tests, starts the paper, answers,
 * loses the network while answering (the page says so and keeps the answers on the device), comes
 * back and the answers reach the server in order (read back as the teacher), is asked to confirm
 * handing in with a question unanswered, hands in and reads the result as the settings allow.
 */

interface Q {
  type: number;
  title: string;
  options?: string[];
  answer?: string;
  blanks?: string[][];
  min?: number;
  max?: number;
  score?: number;
  analysis?: string;
}

async function makeTest(
  request: APIRequestContext,
  token: string,
  courseid: number,
  title: string,
  questions: Q[],
  settings: Record<string, unknown>,
  publish = true,
) {
  const ids: number[] = [];
  for (const q of questions) {
    const made = await api<{ id: number }>(
      request,
      '/QuestionBankApi/addQuestion',
      { courseid, difficulty: 1, score: 2, ...q },
      token,
    );
    ids.push(made.id);
  }
  const paper = await api<{ id: number; testpaperid: number }>(
    request,
    '/TestpaperApi/addTestpaper',
    { courseid, title, fixed: ids.map((id) => ({ id })), draws: [], showanswer: 1, ...settings },
    token,
  );
  const id = Number(paper.testpaperid ?? paper.id);
  if (publish) await api(request, '/TestpaperApi/publishTestpaper', { courseid, id }, token);
  return { id, ids };
}

/** The student's answers as the server holds them, by bank question, read as the teacher (reviewDetail). */
async function storedAnswers(request: APIRequestContext, token: string, courseid: number, id: number) {
  const list = await api<{ list: { attemptid: number }[] }>(
    request,
    '/TestpaperApi/reviewList',
    { courseid, id, state: -1 },
    token,
  );
  const attemptid = list.list[0]!.attemptid;
  const paper = await api<{ lists: { questionid: number; myanswer: unknown }[]; submittedat: number; submitkind: number }>(
    request,
    '/TestpaperApi/reviewDetail',
    { courseid, id, attemptid },
    token,
  );
  return {
    attemptid,
    submittedat: paper.submittedat,
    submitkind: paper.submitkind,
    byQuestion: new Map(paper.lists.map((i) => [i.questionid, i.myanswer])),
  };
}

const question = (page: Page, n: number) => page.getByTestId('question').nth(n);

/** The page leaves the screen and comes back, as when the student switches to another app (spec 2 §4). */
async function switchAway(page: Page) {
  for (const state of ['hidden', 'visible'] as const)
    await page.evaluate((s) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
}

test.describe('a student takes a test', () => {
  test('list, start, answer every kind, drop the network, replay, confirm the unanswered, hand in, result', async ({
    page,
    request,
    newCourse,
  }) => {
    test.setTimeout(240_000);
    const course = await newCourse({ students: ['林晓'] });
    const teacher = course.teacher;
    const student = course.students[0]!;
    const bank: Q[] = [
      { type: 1, title: '<p>TCP 是面向连接的协议。</p>', answer: '1', analysis: '<p>TCP 先三次握手再传数据。</p>' },
      { type: 2, title: '<p>HTTP 默认端口是？</p>', options: ['21', '80', '443'], answer: 'B' },
      { type: 3, title: '<p>以下哪些是传输层协议？</p>', options: ['TCP', 'UDP', 'IP', 'HTTP'], answer: 'A|B' },
      { type: 5, title: '<p>OSI 模型共有 ___ 层，最底层是 ___ 层。</p>', blanks: [['7', '七'], ['物理']] },
      { type: 4, title: '<p>简述三次握手的过程。</p>', answer: 'SYN, SYN-ACK, ACK' },
      { type: 13, title: '<p>你对本章内容的掌握程度？</p>', min: 1, max: 5 },
      { type: 11, title: '<p>你更喜欢哪种上课方式？</p>', options: ['线上', '线下'] },
      { type: 15, title: '<p>拍一张你画的网络拓扑图。</p>' },
    ];
    const { id, ids } = await makeTest(request, teacher.token, course.id, '第一章 网络基础小测', bank, {
      timelimit: 30,
      attempts: 1,
      showanswer: 1,
      releasescore: 1,
    });
    // a second test opens tomorrow: listed as not open yet, with its time
    await makeTest(
      request,
      teacher.token,
      course.id,
      '第二章 预习测验',
      [{ type: 1, title: '<p>IP 地址有 32 位。</p>', answer: '1' }],
      { begintime: Math.floor(Date.now() / 1000) + 86_400 },
    );

    // ---- the course home's test tile opens the student's list
    await signInPage(page, student.token);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
    await page.getByTestId('home-menu-test').click();
    await expect(page).toHaveURL(new RegExp(`/testing/stu/detail\\?courseId=${course.id}&courseRole=0$`));
    await expect(page.getByTestId('page-title')).toHaveText('测试');
    const rows = page.getByTestId('test-row');
    await expect(rows).toHaveCount(2);
    const first = page.locator(`[data-testid="test-row"][data-id="${id}"]`);
    await expect(first.getByTestId('test-row-state')).toHaveText('未开始');
    await expect(first.getByTestId('test-row-limit')).toHaveText('限时 30 分钟');
    const later = rows.filter({ hasText: '第二章 预习测验' });
    await expect(later.getByTestId('test-row-opens')).toContainText('开始');
    await shot(page, 'tests-01-student-list');

    // ---- the test: its rules, then start (a confirmation names the time limit)
    await first.click();
    await expect(page.getByTestId('test-title')).toHaveText('第一章 网络基础小测');
    await expect(page.getByTestId('test-attempts')).toHaveText('已用 0 次，共 1 次（剩 1 次）');
    await expect(page.getByTestId('test-questions')).toHaveText('共 8 题，满分 16 分');
    await shot(page, 'tests-02-student-detail');
    await page.getByTestId('test-start').click();
    await expect(page.getByTestId('start-confirm-dialog')).toContainText('开始后计时 30 分钟');
    await page.getByTestId('start-confirm-confirm').click();
    await expect(page).toHaveURL(/\/testing\/ontesting\?/);
    await expect(page.getByTestId('question')).toHaveCount(8);
    // the timer counts down from the server's remaining time
    await expect(page.getByTestId('timer')).toHaveText(/^(29|30):\d\d$/);

    // ---- online: true/false, single, multiple
    await question(page, 0).getByTestId('tf-1').click();
    await question(page, 1).getByTestId('option-B').click();
    await question(page, 2).getByTestId('option-A').click();
    await question(page, 2).getByTestId('option-B').click();
    // a photo answer: the picture uploads, then its file is the answer
    await question(page, 7)
      .getByTestId('upload-input')
      .setInputFiles({ name: '拓扑图.png', mimeType: 'image/png', buffer: pngPicture() });
    await uploadsDone(page, 1);
    await question(page, 7).scrollIntoViewIfNeeded();
    await shot(page, 'tests-03a-photo-answer');
    await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
    await expect
      .poll(async () => (await storedAnswers(request, teacher.token, course.id, id)).byQuestion.get(ids[7]!))
      .toHaveLength(1);
    await expect
      .poll(async () => (await storedAnswers(request, teacher.token, course.id, id)).byQuestion.get(ids[2]!))
      .toBeTruthy();

    // ---- the network goes: the page says so and keeps answering on the device
    await page.context().setOffline(true);
    await expect(page.getByTestId('offline-bar')).toBeVisible();
    await question(page, 3).getByTestId('blank-1').fill('7');
    await question(page, 3).getByTestId('blank-2').fill('物理');
    await question(page, 4).getByTestId('answer-text').fill('客户端发 SYN，服务器回 SYN-ACK，客户端再发 ACK。');
    await question(page, 5).getByTestId('rate-4').click();
    // a change of mind while offline: the newest answer is the one kept
    await question(page, 1).getByTestId('option-C').click();
    await question(page, 1).getByTestId('option-B').click();
    await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'offline');
    await page.getByTestId('offline-bar').scrollIntoViewIfNeeded();
    await shot(page, 'tests-03-offline');
    await question(page, 3).scrollIntoViewIfNeeded();
    await shot(page, 'tests-03b-blanks-offline');
    // nothing of it reached the server yet
    const during = await storedAnswers(request, teacher.token, course.id, id);
    expect(during.byQuestion.get(ids[3]!) ?? null).toBeNull();
    expect(during.byQuestion.get(ids[5]!) ?? null).toBeNull();
    // the journal holds them on the device
    const journal = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('paiclass.exam.journal.'))
        .map((k) => JSON.parse(localStorage.getItem(k)!).pending.length),
    );
    expect(journal[0]).toBeGreaterThanOrEqual(4);

    // ---- back online: the journal is replayed and every answer reaches the server
    await page.context().setOffline(false);
    await expect(page.getByTestId('offline-bar')).toBeHidden({ timeout: 15_000 });
    await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
    const after = await storedAnswers(request, teacher.token, course.id, id);
    expect(after.byQuestion.get(ids[0]!)).toEqual('1');
    expect(after.byQuestion.get(ids[1]!)).toEqual('B');
    expect(String(after.byQuestion.get(ids[2]!)).replace(/[^A-J]/g, '')).toBe('AB');
    expect(after.byQuestion.get(ids[3]!)).toEqual(['7', '物理']);
    expect(after.byQuestion.get(ids[4]!)).toBe('客户端发 SYN，服务器回 SYN-ACK，客户端再发 ACK。');
    expect(Number(after.byQuestion.get(ids[5]!))).toBe(4);
    expect(after.byQuestion.get(ids[6]!) ?? null).toBeNull();

    // ---- handing in with the vote unanswered asks first; cancelling keeps the paper open
    await expect(page.getByTestId('answered-count')).toHaveText('已答 7/8 题');
    await page.getByTestId('handin').click();
    await expect(page.getByTestId('handin-confirm-dialog')).toContainText('还有 1 题没有作答');
    await shot(page, 'tests-04-confirm-unanswered');
    await page.getByTestId('handin-confirm-cancel').click();
    await expect(page.getByTestId('question')).toHaveCount(8);
    await page.getByTestId('handin').click();
    await page.getByTestId('handin-confirm-confirm').click();

    // ---- the result: handed in; the short answer waits for the teacher, so no score yet; the
    // paper's settings (answers after submitting, one attempt) show right and wrong and the keys
    await expect(page).toHaveURL(/\/testing\/submitresult\?/);
    await expect(page.getByTestId('submit-done')).toHaveText('试卷已提交：已答 7 题，共 8 题。');
    await expect(page.getByTestId('result-no-score')).toHaveText('待老师批阅后出成绩');
    const results = page.getByTestId('result-question');
    await expect(results).toHaveCount(8);
    await expect(results.nth(0).getByTestId('result-correct')).toHaveText('正确');
    await expect(results.nth(0).getByTestId('result-analysis')).toContainText('三次握手');
    await expect(results.nth(1).getByTestId('result-key')).toHaveText('正确答案B. 80');
    await expect(results.nth(3).getByTestId('result-correct')).toHaveText('正确');
    await expect(results.nth(4).getByTestId('result-correct')).toHaveText('待批阅');
    await expect(results.nth(6).getByTestId('result-mine')).toHaveText('我的答案未作答');
    await expect(results.nth(7).getByTestId('result-mine')).toContainText('拓扑图.png');
    await expect(results.nth(7).getByTestId('result-correct')).toHaveText('待批阅');
    await shot(page, 'tests-05-submit-result');
    // handed in by the student (submitkind 1)
    const handed = await storedAnswers(request, teacher.token, course.id, id);
    expect(handed.submittedat).toBeGreaterThan(0);
    expect(handed.submitkind).toBe(1);

    // ---- the teacher grades the short answer: the score reaches the student
    const { attemptid } = await storedAnswers(request, teacher.token, course.id, id);
    const detail = await api<{ lists: { subjectid: number; questionid: number }[] }>(
      request,
      '/TestpaperApi/reviewDetail',
      { courseid: course.id, id, attemptid },
      teacher.token,
    );
    const shortId = detail.lists.find((i) => i.questionid === ids[4])!.subjectid;
    await api(
      request,
      '/TestpaperApi/markAnswer',
      { courseid: course.id, id, attemptid, subjectid: shortId, score: 1.5 },
      teacher.token,
    );
    const photoId = detail.lists.find((i) => i.questionid === ids[7])!.subjectid;
    await api(
      request,
      '/TestpaperApi/markAnswer',
      { courseid: course.id, id, attemptid, subjectid: photoId, score: 2 },
      teacher.token,
    );
    await page.goto(`/testing/releaseresult?courseId=${course.id}&courseRole=0&testpaperid=${id}`);
    // 2 + 2 + 2 + 2 (blanks) + 1.5 (graded) + 2 (rating answered) + 2 (photo graded) = 13.5 of 16; the vote unanswered
    await expect(page.getByTestId('result-score')).toHaveText('13.5 / 16');
    await expect(page.getByTestId('result-question').nth(4).getByTestId('result-myscore')).toHaveText('得分1.5');
    await shot(page, 'tests-06-released');

    // ---- the list says handed in with the score; the test offers no more start
    await page.goto(`/testing/stu/detail?courseId=${course.id}&courseRole=0`);
    await expect(first.getByTestId('test-row-state')).toHaveText('已出成绩');
    await expect(first.getByTestId('test-row-score')).toHaveText('13.5 分');
    await first.click();
    await expect(page.getByTestId('test-score')).toHaveText('13.5 / 16');
    await expect(page.getByTestId('test-start')).toHaveCount(0);
    await expect(page.getByTestId('test-attempt')).toHaveCount(1);
    await shot(page, 'tests-07-detail-after');
  });

  test('in English: an empty list, then a quiz taken and its score', async ({ page, request, newCourse, asStudent }) => {
    test.setTimeout(180_000);
    const course = await newCourse();
    const student = await asStudent({ name: 'Lin Xiao', lang: 'en', page: null });
    await api(request, '/CourseApi/joinCourse', { code: course.code }, student.token);
    const courseid = course.id;

    // none yet
    await signInPage(page, student.token);
    await page.goto(`/testing/stu/detail?courseId=${courseid}&courseRole=0`);
    await expect(page.getByTestId('page-title')).toHaveText('Tests');
    await expect(page.getByTestId('tests-empty-title')).toHaveText('No tests yet');
    await shot(page, 'tests-en-01-empty');

    const { id } = await makeTest(
      request,
      course.teacher.token,
      courseid,
      'Chapter 1 quiz',
      [
        { type: 1, title: '<p>TCP is connection-oriented.</p>', answer: '1', score: 5 },
        { type: 6, title: '<p>Which are transport protocols?</p>', options: ['TCP', 'UDP', 'IP'], answer: 'A|B', score: 5 },
      ],
      { timelimit: 10, attempts: 2, showanswer: 1, releasescore: 1 },
    );
    await page.reload();
    await page.getByTestId('test-row').click();
    await expect(page.getByTestId('test-limit')).toHaveText('10 min limit');
    await page.getByTestId('test-start').click();
    await page.getByTestId('start-confirm-confirm').click();
    await question(page, 0).getByTestId('tf-1').click();
    await question(page, 1).getByTestId('option-A').click();
    await question(page, 1).getByTestId('option-B').click();
    await expect(page.getByTestId('save-state')).toHaveText('Saved', { timeout: 15_000 });
    await shot(page, 'tests-en-02-answering');
    await page.getByTestId('handin').click();
    await expect(page.getByTestId('handin-confirm-dialog')).toContainText('Every question is answered');
    await page.getByTestId('handin-confirm-confirm').click();
    await expect(page.getByTestId('result-score')).toHaveText('10 / 10');
    // an attempt is left: the settings (answers after submitting, once no attempt is left) keep the keys back
    await expect(page.getByTestId('answers-hidden')).toHaveText(
      "This test's settings don't show the correct answers or right/wrong yet.",
    );
    await expect(page.getByTestId('result-key')).toHaveCount(0);
    await expect(page.getByTestId('result-correct')).toHaveText(['', '']);
    await shot(page, 'tests-en-03-result');
    // handing in started nothing more: one attempt used, none under way, one left
    const after = await api<{ attemptsused: number; attemptsleft: number; current: unknown }>(
      request,
      '/TestpaperApi/testpaperdetails',
      { courseid, testpaperid: id },
      student.token,
    );
    expect(after).toMatchObject({ attemptsused: 1, attemptsleft: 1, current: null });
    await page.getByTestId('result-back').click();
    await expect(page.getByTestId('test-attempts')).toHaveText('1 of 2 used (1 left)');
    await expect(page.getByTestId('test-start')).toHaveText('Take it again');
    await shot(page, 'tests-en-04-again');
  });

  test('extra time shown; leaving the page warns with the count left, then the 15-second forced hand-in', async ({
    page,
    request,
    newCourse,
  }) => {
    test.setTimeout(180_000);
    const course = await newCourse({ students: ['周宁'] });
    const teacher = course.teacher;
    const student = course.students[0]!;
    const { id } = await makeTest(
      request,
      teacher.token,
      course.id,
      '期中考试（模拟）',
      [
        { type: 1, title: '<p>UDP 提供可靠传输。</p>', answer: '0' },
        { type: 2, title: '<p>DNS 默认使用哪个端口？</p>', options: ['53', '80'], answer: 'A' },
      ],
      { testtype: 2, timelimit: 20, attempts: 1, showanswer: 3, switchlimit: 1 },
    );
    await api(
      request,
      '/TestpaperApi/setExtraTime',
      { courseid: course.id, id, uids: [student.uid], minutes: 10 },
      teacher.token,
    );

    await signInPage(page, student.token);
    await page.goto(`/testing/stu/detail?courseId=${course.id}&courseRole=0&testpaperid=${id}`);
    await expect(page.getByTestId('test-extra')).toHaveText('老师为你延长了 10 分钟');
    await expect(page.getByTestId('test-switch-rule')).toContainText('超过 1 次');
    await shot(page, 'tests-08-extra-time-rules');
    await page.getByTestId('test-start').click();
    await expect(page.getByTestId('start-confirm-dialog')).toContainText('开始后计时 30 分钟');
    await expect(page.getByTestId('start-confirm-dialog')).toContainText('离开答题页面超过 1 次将被强制交卷');
    await page.getByTestId('start-confirm-confirm').click();
    await expect(page.getByTestId('take-extra')).toHaveText('已延时 10 分钟');
    await expect(page.getByTestId('timer')).toHaveText(/^(29|30):\d\d$/);
    await question(page, 0).getByTestId('tf-0').click();
    await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });

    // the first exit: a warning with the count left
    await switchAway(page);
    await expect(page.getByTestId('switch-warning')).toHaveText(
      '你已离开答题页面 1 次，还可以离开 0 次；超过后将在 15 秒后自动交卷。',
    );
    await expect(page.getByTestId('switch-rule')).toHaveText('已切屏 1 次，允许 1 次');
    await shot(page, 'tests-09-switch-warning');
    await page.getByRole('button', { name: '继续答题' }).click();

    // the second: past the limit, the countdown, then the paper goes in by itself
    await switchAway(page);
    await expect(page.getByTestId('force-warning')).toBeVisible();
    const seconds = Number(await page.getByTestId('force-seconds').textContent());
    expect(seconds).toBeGreaterThan(10);
    expect(seconds).toBeLessThanOrEqual(15);
    await shot(page, 'tests-10-forced-countdown');
    await expect(page).toHaveURL(/\/testing\/submitresult\?/, { timeout: 30_000 });
    await expect(page.getByTestId('result-submitted')).toContainText('切屏超限自动交卷');
    // an exam whose answers are never shown and whose scores wait for the teacher
    await expect(page.getByTestId('result-no-score')).toHaveText('成绩尚未公布');
    await expect(page.getByTestId('answers-hidden')).toBeVisible();
    await expect(page.getByTestId('result-key')).toHaveCount(0);
    await shot(page, 'tests-11-forced-result');
    const stored = await storedAnswers(request, teacher.token, course.id, id);
    expect(stored.submitkind).toBe(3);
  });

  test('the teacher ends the test while it is being taken: the page hands in what was answered', async ({
    page,
    request,
    newCourse,
  }) => {
    test.setTimeout(120_000);
    const course = await newCourse({ students: ['吴桐'] });
    const teacher = course.teacher;
    const { id, ids } = await makeTest(
      request,
      teacher.token,
      course.id,
      '随堂测验',
      [
        { type: 1, title: '<p>路由器工作在网络层。</p>', answer: '1' },
        { type: 14, title: '<p>对本节课有什么建议？</p>' },
      ],
      { timelimit: 15 },
    );
    await signInPage(page, course.students[0]!.token);
    await page.goto(`/testing/ontesting?courseId=${course.id}&courseRole=0&testpaperid=${id}`);
    await question(page, 0).getByTestId('tf-1').click();
    await question(page, 1).getByTestId('answer-text').fill('多一些动手实验');
    await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
    await api(request, '/TestpaperApi/endTestpaper', { courseid: course.id, id }, teacher.token);
    // the socket moves the deadline to now: the page hands in on its own
    await expect(page).toHaveURL(/\/testing\/submitresult\?/, { timeout: 20_000 });
    await expect(page.getByTestId('submit-done')).toHaveText('试卷已提交：已答 2 题，共 2 题。');
    const stored = await storedAnswers(request, teacher.token, course.id, id);
    expect(stored.submittedat).toBeGreaterThan(0);
    expect(stored.byQuestion.get(ids[0]!)).toBe('1');
  });

  test('resumed from the list, timed by the server even on a phone whose clock is two hours fast, handed in at the deadline', async ({
    page,
    request,
    newCourse,
  }) => {
    test.setTimeout(180_000);
    const course = await newCourse({ students: ['郑一'] });
    const teacher = course.teacher;
    const { id, ids } = await makeTest(
      request,
      teacher.token,
      course.id,
      '一分钟快答',
      [
        { type: 1, title: '<p>交换机工作在数据链路层。</p>', answer: '1' },
        { type: 12, title: '<p>你用过哪些抓包工具？</p>', options: ['Wireshark', 'tcpdump', 'Fiddler'] },
      ],
      { timelimit: 1, showanswer: 1 },
    );
    // the phone's clock is two hours fast: the page must not read it for the time left
    await page.addInitScript(() => {
      const skew = 2 * 3600 * 1000;
      const RealDate = Date;
      const realNow = RealDate.now.bind(RealDate);
      class Skewed extends RealDate {
        constructor(...args: unknown[]) {
          if (args.length === 0) super(realNow() + skew);
          // @ts-expect-error: the Date constructor's other forms
          else super(...args);
        }
        static now() {
          return realNow() + skew;
        }
      }
      (window as unknown as { Date: DateConstructor }).Date = Skewed as unknown as DateConstructor;
    });
    await signInPage(page, course.students[0]!.token);
    await page.goto(`/testing/stu/detail?courseId=${course.id}&courseRole=0&testpaperid=${id}`);
    await page.getByTestId('test-start').click();
    await expect(page.getByTestId('start-confirm-dialog')).toContainText('开始后计时 1 分钟');
    await page.getByTestId('start-confirm-confirm').click();
    await expect(page.getByTestId('timer')).toHaveText(/^(00:[1-5]\d|01:00)$/);
    await question(page, 0).getByTestId('tf-1').click();
    await question(page, 1).getByTestId('option-A').click();
    await question(page, 1).getByTestId('option-B').click();
    await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });

    // out to the test and back in: in progress, resumed with the answers kept
    await page.getByTestId('nav-back').click();
    await expect(page.getByTestId('test-state')).toHaveText('进行中');
    await expect(page.getByTestId('test-start')).toHaveText('继续答题');
    await page.getByTestId('test-start').click();
    await expect(question(page, 1).getByTestId('option-A')).toHaveAttribute('aria-pressed', 'true');
    await expect(question(page, 1).getByTestId('option-B')).toHaveAttribute('aria-pressed', 'true');
    await expect(question(page, 0).getByTestId('tf-1')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('timer')).toHaveText(/^00:[0-5]\d$/);
    await shot(page, 'tests-12-resumed');

    // time runs out: the page hands in by itself with both answers
    await expect(page).toHaveURL(/\/testing\/submitresult\?/, { timeout: 90_000 });
    await expect(page.getByTestId('submit-done')).toHaveText('试卷已提交：已答 2 题，共 2 题。');
    const stored = await storedAnswers(request, teacher.token, course.id, id);
    expect(stored.byQuestion.get(ids[0]!)).toBe('1');
    expect(String(stored.byQuestion.get(ids[1]!)).replace(/[^A-J]/g, '')).toBe('AB');
  });
});
