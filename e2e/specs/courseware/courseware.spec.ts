import type { Page } from '@playwright/test';
import { allowConversion, api, CONVERTED_WITHIN, downloadBy, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';
import { pptxOfSlides } from './helpers';

/*
 * Issue 15: interactive courseware. A teacher uploads a real .pptx from the course home's
 * "interactive courseware" tile and watches it being converted into slides; two students learn it
 * on their phones page by page — one marks page 2 "don't understand" and comments on it, the other
 * finishes; the teacher sees the count and the comment with its writer on page 2 of the chart.
 */

const words = {
  zh: {
    teacher: '周老师',
    students: ['林同学', '陈同学'],
    course: '数据结构',
    title: '第三章 栈与队列',
    uploaded: '上传完成',
    comment: '第二页的出栈顺序没看懂，能再讲一下吗？',
    pageOf: (n: number) => `${n} / 3`,
    ready: '共 3 页',
    finished: '已完成',
  },
  en: {
    teacher: 'Ms Reed',
    students: ['Lin Wei', 'Chen Yu'],
    course: 'Data Structures',
    title: 'Chapter 3: Stacks and queues',
    uploaded: 'Uploaded',
    comment: 'I did not get the pop order on page 2; could you go over it again?',
    pageOf: (n: number) => `${n} / 3`,
    ready: '3 pages',
    finished: 'Finished',
  },
} as const;

/** The slide image on the page has loaded and drawn something. */
async function slideDrawn(page: Page) {
  const img = page.getByTestId('cw-slide-image');
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 20_000 })
    .toBeGreaterThan(300);
}

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: a teacher's .pptx becomes slides two students learn; a "don't understand" and a comment reach the teacher's chart`, async ({
    page,
    request,
    newPhone,
  }) => {
    test.setTimeout(180_000);
    const w = words[lang];
    const teacher = await registerPerson(request, 1, w.teacher);
    const course = await createCourse(request, teacher.token, { coursename: `${w.course} ${Date.now() % 100000}` });
    const [one, two] = await Promise.all(w.students.map((name) => joinedStudent(request, name, course.code)));
    if (lang === 'en')
      for (const who of [teacher, one!, two!]) await api(request, '/UserApi/setLanguage', { lang: 'en' }, who.token);
    const pptx = await pptxOfSlides([
      [w.title, `${Date.now()}`],
      ['3.1 Stack: push, pop', 'Last in, first out'],
      ['3.2 Queue', 'First in, first out'],
    ]);

    // ---- the teacher: course home tile, the empty list, the upload form
    await signIn(page, request, teacher);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    const tile = page.getByTestId('home-menu-courseware');
    await expect(tile).toBeEnabled();
    await expect(tile.getByTestId('coming-mark')).toHaveCount(0);
    await tile.click();
    await expect(page).toHaveURL(new RegExp(`/courseware/detail\\?courseId=${course.id}&courseRole=1$`));
    await expect(page.getByTestId('cw-empty')).toBeVisible();
    await shot(page, `courseware-${lang}-01-empty`);
    await page.getByTestId('cw-add').click();
    await expect(page).toHaveURL(/\/addActivity\/courseware\?/);
    await page.getByTestId('cw-title').fill(w.title);
    await page.getByTestId('upload-input').setInputFiles({
      name: 'stacks-and-queues.pptx',
      mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      buffer: pptx,
    });
    await expect(page.getByTestId('upload-state')).toHaveText(w.uploaded, { timeout: 30_000 });
    await shot(page, `courseware-${lang}-02-upload`);

    // the first answers of the courseware's page are held until its "converting" screen is photographed
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = 0;
    await page.route('**/PrestudyTaskManageApi/listSlides', async (route) => {
      if (asked++ > 0) await held;
      await route.continue();
    });
    await page.getByTestId('cw-submit').click();
    await expect(page).toHaveURL(new RegExp(`/courseware/detail\\?courseId=${course.id}&courseRole=1&id=\\d+$`), {
      timeout: 30_000,
    });
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await expect(page.getByTestId('cw-title')).toHaveText(w.title);
    await expect(page.locator('.cw-state-block')).toHaveAttribute('data-state', /waiting|converting/);
    await shot(page, `courseware-${lang}-03-converting`);
    // the handler stays: once released it passes every request straight on. Taking it away while a held
    // request was still in it raced with that request's own continue ("Route is already handled!")
    release();

    // ---- the slides arrive by themselves
    allowConversion();
    await expect(page.getByTestId('cw-viewer')).toBeVisible({ timeout: CONVERTED_WITHIN });
    await expect(page.getByTestId('cw-page-number')).toHaveText(w.pageOf(1));
    await slideDrawn(page);
    await expect(page.getByTestId('cw-bars').locator('[data-testid^="cw-bar-"]')).toHaveCount(3);

    // ---- two students on their own phones
    const phones = await Promise.all([newPhone(), newPhone()]);
    for (const [i, who] of [one!, two!].entries()) {
      const phone = phones[i]!;
      await signIn(phone, request, who);
      await phone.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
      await phone.getByTestId('home-menu-courseware').click();
      await expect(phone).toHaveURL(/\/courseware\/startLearning\?/);
      await expect(phone.getByTestId(`cw-row-${id}`)).toHaveAttribute('data-state', 'ready');
      await expect(phone.getByTestId(`cw-row-${id}`)).toContainText(w.ready);
      if (i === 0) await shot(phone, `courseware-${lang}-04-student-list`);
      await phone.getByTestId(`cw-row-${id}`).click();
      await expect(phone.getByTestId('cw-page-number')).toHaveText(w.pageOf(1));
      await slideDrawn(phone);
    }
    const [first, second] = phones as [Page, Page];

    // the first student turns to page 2 by swiping, marks it and comments on it
    const slide = first.locator('.cw-slide');
    const box = (await slide.boundingBox())!;
    await slide.dispatchEvent('touchstart', {
      touches: [{ identifier: 1, clientX: box.x + box.width - 20, clientY: box.y + 40 }],
    });
    await slide.dispatchEvent('touchend', { changedTouches: [{ identifier: 1, clientX: box.x + 20, clientY: box.y + 44 }] });
    await expect(first.getByTestId('cw-page-number')).toHaveText(w.pageOf(2));
    await first.getByTestId('cw-doubt').click();
    await expect(first.getByTestId('cw-doubt')).toHaveAttribute('data-doubted', '1');
    await expect(first.getByTestId('cw-my-doubt')).toBeVisible();
    await first.getByTestId('cw-comment-input').locator('textarea:not([aria-hidden])').fill(w.comment);
    await first.getByTestId('cw-comment-send').click();
    const mine = first.getByTestId('cw-comments').getByTestId('cw-comment-text');
    await expect(mine).toHaveText([w.comment]);
    await slideDrawn(first);
    await shot(first, `courseware-${lang}-05-student-doubt-comment`);

    // the second turns through with the buttons and finishes
    await second.getByTestId('cw-next').click();
    await expect(second.getByTestId('cw-page-number')).toHaveText(w.pageOf(2));
    // the first student's comment is there for the class, with its writer
    await expect(second.getByTestId('cw-comments').getByTestId('cw-comment-name')).toHaveText([w.students[0]]);
    await second.getByTestId('cw-next').click();
    await expect(second.getByTestId('cw-page-number')).toHaveText(w.pageOf(3));
    await expect(second.getByTestId('cw-next')).toBeDisabled();
    await second.getByTestId('cw-finish').click();
    await expect(second.locator('.cw-head .cw-tag.is-done')).toHaveText(w.finished);
    await slideDrawn(second);
    await shot(second, `courseware-${lang}-06-student-finished`);
    // the teacher allowed downloads: the original .pptx comes down as it went up
    const saved = await downloadBy(second, () => second.getByTestId('cw-download').click());
    expect(saved.name).toBe('stacks-and-queues.pptx');
    expect(saved.bytes.equals(pptx)).toBe(true);

    // ---- the teacher sees page 2's count and the comment with its writer, and who learned
    await page.reload();
    const bar = page.getByTestId('cw-bar-2');
    await expect(bar).toHaveAttribute('data-doubts', '1');
    await expect(bar).toHaveAttribute('data-comments', '1');
    await expect(page.getByTestId('cw-bar-1')).toHaveAttribute('data-doubts', '0');
    await bar.click();
    await expect(page.getByTestId('cw-page-number')).toHaveText(w.pageOf(2));
    await expect(page.getByTestId('cw-slide-doubts')).toBeVisible();
    const comments = page.getByTestId('cw-comments');
    await expect(comments.getByTestId('cw-comment-name')).toHaveText([w.students[0]]);
    await expect(comments.getByTestId('cw-comment-text')).toHaveText([w.comment]);
    await page.getByTestId('cw-doubters-toggle').click();
    await expect(page.getByTestId('cw-doubters-names')).toHaveText(w.students[0]);
    await expect(page.getByTestId('cw-stats-learned')).toHaveText('2');
    await expect(page.getByTestId('cw-stats-finished')).toHaveText('1');
    await expect(page.getByTestId(`cw-stat-${two!.uid}`)).toContainText(w.finished);
    await slideDrawn(page);
    await shot(page, `courseware-${lang}-07-teacher-chart`);
    await page.getByTestId('cw-stats').scrollIntoViewIfNeeded();
    await shot(page, `courseware-${lang}-08-teacher-stats`);
    // nothing is wider than the phone
    for (const p of [page, first, second])
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
}
