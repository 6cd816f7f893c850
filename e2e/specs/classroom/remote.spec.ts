import type { WebSocketRoute } from '@playwright/test';
import { api, expect, snap, test, toast } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, signIn } from '../courses/helpers';
import { deckAndQuestion } from './helpers';

/**
 * Issue 25: the remote controller on the teacher's phone (375×812). The classroom PC (1366×768) shows
 * the wall and the remote's set-up sheet, which prints the link it promises and copies it. The phone
 * opens that link. Its "connecting..." shows for as long as its socket is not in the course's rooms —
 * held back here, as a slow network would — and goes as soon as the server has it in; only then do its
 * large previous and next buttons (at the foot, named by their words) turn the wall, and each is
 * disabled at its end.
 */

const WORDS = {
  zh: {
    pageOf: (p: number, n: number) => `第 ${p} / ${n} 页`,
    current: (p: number, n: number) => `当前页 ${p}/${n}`,
    connecting: '连接中...',
    previous: '上一页',
    next: '下一页',
    copied: '链接已复制',
  },
  en: {
    pageOf: (p: number, n: number) => `Page ${p} of ${n}`,
    current: (p: number, n: number) => `Current page ${p}/${n}`,
    connecting: 'Connecting...',
    previous: 'Previous page',
    next: 'Next page',
    copied: 'Link copied',
  },
};

/** the classroom PC beside the teacher's phone */
const PC = { viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 };

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: the phone's remote says it is connecting until it is, then turns the wall with its page buttons`, async ({
    page,
    request,
    asTeacher,
    newPhone,
  }) => {
    test.setTimeout(240_000);
    const w = WORDS[lang];
    const teacher = await asTeacher({ page: null });
    const course = await createCourse(request, teacher.token, { coursename: `操作系统 ${Date.now() % 100000}` });
    const { deck } = await deckAndQuestion(request, teacher.token, course.id, 3, 60);
    if (lang === 'en') await api(request, '/UserApi/setLanguage', { lang: 'en' }, teacher.token);
    await api(request, '/Futurev2/AttendClass/beginClass', { courseid: course.id }, teacher.token);
    await api(request, '/InteractWithScreenApi/present', { courseid: course.id, interactid: deck }, teacher.token);

    // ---- the classroom PC: the wall, and the remote's set-up sheet with its link, copied
    const pc = await newPhone({ ...PC, permissions: ['clipboard-read', 'clipboard-write'] });
    await signIn(pc, request, teacher);
    await pc.goto(`/courseware/inClass?courseId=${course.id}&courseRole=1`);
    const wallPage = pc.getByTestId('in-class-page-no');
    await expect(wallPage).toHaveText(w.pageOf(1, 3));
    await pc.getByTestId('in-class-remote').click();
    const printed = pc.getByTestId('in-class-remote-url');
    await expect(printed).toHaveText(
      /^http:\/\/127\.0\.0\.1:\d+\/remoteController\?classtimeid=\d+&courseId=\d+&interactid=\d+$/,
    );
    const link = (await printed.textContent())!;
    await pc.getByTestId('in-class-remote-copy').click();
    await expect(toast(pc, w.copied)).toBeVisible();
    expect(await pc.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await shot(pc, `remote-${lang}-01-sheet`);

    // ---- the phone opens the link with its socket held back: "connecting...", the buttons waiting
    await signIn(page, request, teacher);
    let hold = true;
    const held: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/ws\/classroom$/, (ws) => {
      if (hold)
        held.push(ws); // answered by nobody: the server never says the socket is in the course
      else ws.connectToServer();
    });
    await page.goto(link);
    const connecting = page.getByTestId('remote-connecting');
    await expect(page.getByTestId('remote-page-no')).toHaveText(w.current(1, 3)); // read over HTTP meanwhile
    await expect(connecting).toHaveText(w.connecting);
    await expect(connecting).toHaveAttribute('role', 'status');
    await expect(page.getByTestId('remote-page')).toHaveAttribute('data-socket', 'connecting');
    const next = page.getByRole('button', { name: w.next, exact: true });
    const previous = page.getByRole('button', { name: w.previous, exact: true });
    await expect(next).toBeDisabled();
    await expect(previous).toBeDisabled();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await shot(page, `remote-${lang}-02-connecting`);
    // still connecting while nothing answers: no timer hides it
    await page.waitForTimeout(2500);
    await expect(connecting).toBeVisible();

    // ---- the network lets it through: the socket reconnects, the server puts it in the course, "connecting" goes
    hold = false;
    for (const ws of held) await ws.close({ code: 4000, reason: 'held back' });
    await expect(page.getByTestId('remote-page')).toHaveAttribute('data-socket', 'joined');
    await expect(connecting).toHaveCount(0);
    await expect(next).toBeEnabled();
    await expect(previous).toBeDisabled(); // the first page

    // large, side by side at the foot of the screen, where the thumb is
    const [prevBox, nextBox] = [(await previous.boundingBox())!, (await next.boundingBox())!];
    for (const box of [prevBox, nextBox]) {
      expect(box.height).toBeGreaterThanOrEqual(64);
      expect(box.width).toBeGreaterThanOrEqual(150);
      expect(box.y + box.height).toBeGreaterThan(812 * 0.75);
      expect(box.y + box.height).toBeLessThanOrEqual(812);
    }
    expect(nextBox.x).toBeGreaterThan(prevBox.x + prevBox.width - 1);
    await snap(page, `remote-${lang}-03-joined`);

    // ---- the buttons turn the wall; each stops at its end
    await next.click();
    await expect(wallPage).toHaveText(w.pageOf(2, 3));
    await expect(page.getByTestId('remote-page-no')).toHaveText(w.current(2, 3));
    await next.click();
    await expect(wallPage).toHaveText(w.pageOf(3, 3));
    await expect(page.getByTestId('remote-page-no')).toHaveText(w.current(3, 3));
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();
    await snap(page, `remote-${lang}-04-last-page`);
    await previous.click();
    await expect(wallPage).toHaveText(w.pageOf(2, 3));
    await expect(page.getByTestId('slide-stage')).toHaveAttribute('data-page', '2');
    const shown = await api<{ page: number }>(
      request,
      '/InteractWithScreenApi/listSlides',
      { courseid: course.id },
      teacher.token,
    );
    expect(shown.page).toBe(2);
  });
}
