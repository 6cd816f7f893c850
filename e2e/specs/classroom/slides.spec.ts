import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, signIn } from '../courses/helpers';
import { pdfOfPages, uploadSmall } from '../materials/helpers';
import { joinedStudent } from '../members/helpers';
import { slidesReady } from './helpers';

/**
 * Issue 15: the teacher shows a courseware on the classroom screen; two students' phones follow it;
 * one pages back on their own, marks a page "don't understand" and returns to live; the teacher's
 * phone, as the remote controller, turns the screen's page by swiping and by a thumbnail (its buttons:
 * e2e classroom/remote).
 */

const WORDS = {
  zh: {
    begin: '上课',
    showSlides: '放映课件',
    screen: '课堂大屏',
    follow: '课堂课件',
    present: '放映',
    pageOf: (p: number, n: number) => `第 ${p} / ${n} 页`,
    followEntry: (p: number) => `跟随课件 · 第 ${p} 页`,
    backToLive: (p: number) => `回到老师的第 ${p} 页`,
    doubt: '不懂',
    doubtOn: '已标记不懂',
    doubts: (n: number) => `${n} 人不懂`,
    current: (p: number, n: number) => `当前页 ${p}/${n}`,
    pageN: (p: number) => `第 ${p} 页`,
    stop: '结束放映',
    nothing: '老师还没有放映课件',
  },
  en: {
    begin: 'Begin class',
    showSlides: 'Show slides',
    screen: 'Classroom screen',
    follow: 'Class slides',
    present: 'Show',
    pageOf: (p: number, n: number) => `Page ${p} of ${n}`,
    followEntry: (p: number) => `Follow slides · p. ${p}`,
    backToLive: (p: number) => `Back to the teacher's page ${p}`,
    doubt: "I don't get this",
    doubtOn: 'Marked as unclear',
    doubts: (n: number) => `${n} don't understand`,
    current: (p: number, n: number) => `Current page ${p}/${n}`,
    pageN: (p: number) => `Page ${p}`,
    stop: 'Stop showing',
    nothing: 'No slides are being shown',
  },
};

/** A three-page courseware made through the API, once its pages are rendered. */
async function courseware(request: APIRequestContext, token: string, courseid: number) {
  const file = await uploadSmall(
    request,
    token,
    'sorting.pdf',
    'application/pdf',
    pdfOfPages([['Bubble sort'], ['Quick sort'], ['Merge sort']]),
  );
  const item = await api<{ id: number }>(
    request,
    '/FutureV2/CourseMeans/addContent',
    { courseid, contenttype: 1, title: '第五章 排序', fileids: [file.id] },
    token,
  );
  await slidesReady(request, item.id, token);
  return item.id;
}

/** A horizontal swipe across an element, as a finger makes it (touch events). */
async function swipe(target: Locator, dx: number) {
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  const from = box.x + box.width / 2 - dx / 2;
  const touch = (x: number) => [{ identifier: 0, clientX: x, clientY: y }];
  await target.dispatchEvent('touchstart', { touches: touch(from), changedTouches: touch(from) });
  await target.dispatchEvent('touchend', { touches: [], changedTouches: touch(from + dx) });
}

const stageOf = (p: Page) => p.getByTestId('slide-stage');

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: slides shown in class, followed by two phones, a doubt counted, turned from the remote controller`, async ({
    page,
    request,
    asTeacher,
    newPhone,
  }) => {
    test.setTimeout(180_000);
    const w = WORDS[lang];
    const teacher = await asTeacher({ page: null });
    const course = await createCourse(request, teacher.token, { coursename: `算法 ${Date.now() % 100000}` });
    const [ada, bo] = [await joinedStudent(request, '林一', course.code), await joinedStudent(request, '周二', course.code)];
    const deck = await courseware(request, teacher.token, course.id);
    if (lang === 'en')
      for (const who of [teacher, ada, bo]) await api(request, '/UserApi/setLanguage', { lang: 'en' }, who.token);

    // ---- the teacher begins class from the course home and opens the classroom screen
    await signIn(page, request, teacher);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('class-begin').click();
    await expect(page.getByTestId('class-slides')).toHaveText(w.showSlides);
    await page.getByTestId('class-slides').click();
    await expect(page.getByTestId('page-title')).toHaveText(w.screen);
    const option = page.locator(`[data-testid="in-class-courseware"][data-id="${deck}"]`);
    await expect(option).toContainText('第五章 排序');
    await shot(page, `slides-${lang}-01-pick`);
    await option.getByTestId('in-class-present').click();
    await expect(page.getByTestId('in-class-page-no')).toHaveText(w.pageOf(1, 3));
    await expect(page.getByTestId('slide-image')).toBeVisible();

    // ---- one student follows from the course home, the other opens the slides page
    const phoneA = await newPhone();
    await signIn(phoneA, request, ada);
    await phoneA.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
    await expect(phoneA.getByTestId('class-slides')).toHaveText(w.followEntry(1));
    await phoneA.getByTestId('class-slides').click();
    await expect(phoneA.getByTestId('page-title')).toHaveText(w.follow);
    const phoneB = await newPhone();
    await signIn(phoneB, request, bo);
    await phoneB.goto(`/courseware/inClass?courseId=${course.id}&courseRole=0`);
    for (const p of [phoneA, phoneB]) {
      await expect(stageOf(p)).toHaveAttribute('data-page', '1');
      await expect(p.getByTestId('slide-live')).toBeVisible();
    }

    // ---- the teacher turns to page 2: both phones follow
    await page.getByTestId('in-class-next').click();
    for (const p of [phoneA, phoneB]) await expect(stageOf(p)).toHaveAttribute('data-page', '2');
    await shot(phoneB, `slides-${lang}-02-student-live`);

    // ---- a student looks back at page 1 on their own and says they do not understand it
    await phoneA.getByTestId('in-class-prev').click();
    await expect(stageOf(phoneA)).toHaveAttribute('data-page', '1');
    await expect(phoneA.getByTestId('slide-live')).toHaveCount(0);
    await expect(phoneA.getByTestId('in-class-back-live')).toHaveText(w.backToLive(2));
    await phoneA.getByTestId('in-class-doubt').click();
    await expect(phoneA.getByTestId('in-class-doubt')).toHaveText(w.doubtOn);
    await shot(phoneA, `slides-${lang}-03-student-own-page`);
    // the class moves on meanwhile: the student's own page stays, the way back says where the class is
    await page.getByTestId('in-class-next').click();
    await expect(phoneA.getByTestId('in-class-back-live')).toHaveText(w.backToLive(3));
    await expect(stageOf(phoneA)).toHaveAttribute('data-page', '1');
    await expect(stageOf(phoneB)).toHaveAttribute('data-page', '3');

    // ---- a bullet comment flies over the classroom screen's slide
    await api(request, '/FutureV2/Barrage/setStatus', { courseid: course.id, status: 1 }, teacher.token);
    await api(
      request,
      '/FutureV2/Barrage/sendBarrage',
      { courseid: course.id, content: lang === 'zh' ? '快排好快' : 'Quick sort is quick' },
      bo.token,
    );
    await expect(stageOf(page).getByTestId('barrage-flight')).toContainText(lang === 'zh' ? '快排好快' : 'Quick sort is quick');

    // ---- the teacher goes back to page 1 and sees one student does not understand it
    await page.getByTestId('in-class-prev').click();
    await page.getByTestId('in-class-prev').click();
    await expect(page.getByTestId('slide-doubts')).toHaveText(w.doubts(1));
    await shot(page, `slides-${lang}-04-screen-doubts`);
    await phoneA.getByTestId('in-class-back-live').click();
    await expect(stageOf(phoneA)).toHaveAttribute('data-page', '1');
    await expect(phoneA.getByTestId('slide-live')).toBeVisible();

    // ---- the remote controller on the teacher's phone: connecting, the page, a swipe, a thumbnail
    await page.getByTestId('in-class-remote').click();
    const remotePath = await page.getByTestId('in-class-remote-link').getAttribute('href');
    expect(remotePath).toMatch(new RegExp(`^/remoteController\\?classtimeid=\\d+&courseId=${course.id}&interactid=${deck}$`));
    await shot(page, `slides-${lang}-05-remote-qr`);
    const remote = await newPhone();
    await signIn(remote, request, teacher);
    // "connecting" shows until the socket is in the course's rooms (held open to see it: e2e classroom/remote)
    await remote.goto(remotePath!);
    await expect(remote.getByTestId('remote-page')).toHaveAttribute('data-socket', 'joined');
    await expect(remote.getByTestId('remote-connecting')).toHaveCount(0);
    await expect(remote.getByTestId('remote-page-no')).toHaveText(w.current(1, 3));
    await shot(remote, `slides-${lang}-06-remote`);
    await swipe(stageOf(remote), -160);
    await expect(remote.getByTestId('remote-page-no')).toHaveText(w.current(2, 3));
    for (const p of [page, phoneA, phoneB]) await expect(stageOf(p)).toHaveAttribute('data-page', '2');
    await swipe(stageOf(remote), 160);
    for (const p of [remote, page, phoneA]) await expect(stageOf(p)).toHaveAttribute('data-page', '1');
    await remote.getByTestId('remote-tab-thumbs').click();
    await expect(remote.getByTestId('remote-thumb')).toHaveText([w.pageN(1), w.pageN(2), w.pageN(3)]);
    await shot(remote, `slides-${lang}-07-remote-thumbnails`);
    await remote.locator('[data-testid="remote-thumb"][data-page="3"]').click();
    for (const p of [remote, page, phoneA, phoneB]) await expect(stageOf(p)).toHaveAttribute('data-page', '3');
    await expect(page.getByTestId('in-class-page-no')).toHaveText(w.pageOf(3, 3));
    await remote.getByTestId('remote-tab-exit').click();
    await expect(remote).toHaveURL(/\/$|\/ktp/);

    // ---- the teacher stops showing: the phones say nothing is shown
    await page.keyboard.press('Escape');
    await page.goto(`/courseware/inClass?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('in-class-stop').click();
    await expect(page.getByTestId('in-class-stop-confirm')).toHaveText(w.stop);
    await page.getByTestId('in-class-stop-confirm').click();
    for (const p of [phoneA, phoneB]) await expect(p.getByTestId('in-class-none')).toContainText(w.nothing);
    await shot(phoneB, `slides-${lang}-08-stopped`);
  });
}

test('a student cannot turn the screen from the remote controller page; it says why', async ({ page, request, asTeacher }) => {
  const teacher = await asTeacher({ page: null });
  const course = await createCourse(request, teacher.token, { coursename: `算法 ${Date.now() % 100000}` });
  const ada = await joinedStudent(request, '林一', course.code);
  const deck = await courseware(request, teacher.token, course.id);
  const ct = await api<{ classtimeid: number }>(
    request,
    '/Futurev2/AttendClass/beginClass',
    { courseid: course.id },
    teacher.token,
  );
  await api(request, '/InteractWithScreenApi/present', { courseid: course.id, interactid: deck }, teacher.token);
  await signIn(page, request, ada);
  await page.goto(`/remoteController?classtimeid=${ct.classtimeid}&courseId=${course.id}&interactid=${deck}`);
  await expect(page.getByTestId('remote-page-no')).toHaveText('当前页 1/3');
  await expect(page.getByTestId('remote-page')).toHaveAttribute('data-socket', 'joined');
  await swipe(stageOf(page), -160);
  await expect(page.getByText('没有权限')).toBeVisible();
  await expect(page.getByTestId('remote-page-no')).toHaveText('当前页 1/3');
  const shown = await api<{ page: number }>(request, '/InteractWithScreenApi/listSlides', { courseid: course.id }, teacher.token);
  expect(shown.page).toBe(1);
});
