import type { Page } from '@playwright/test';
import { api, expect, snap, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';
import { deckAndQuestion } from './helpers';

/**
 * Issue 25: the classroom screen is a projector screen. At 1920×1080 and 1366×768 (a desktop, not a
 * phone) the teacher opens the screen, goes full screen with F, turns pages with a clicker's keys
 * (→ PageDown Space ← Home End, digits + Enter), blacks out with B; the controls hide when the mouse
 * rests. The remote controller's set-up sheet prints its link; the teacher's phone (375×812) opens it
 * and turns the wall with its previous and next buttons. From that phone, as a teacher runs a class,
 * the teacher opens a question (the wall shows its countdown and the answered count filling as a
 * student answers; revealed, its chart), switches bullet comments on (they fly over the slide without
 * names until the wall's switch shows them), starts a race (its start and winner on the wall), the
 * class timer, and a QR attendance (the rotating code and the arrivals count on the wall).
 */

const WORDS = {
  zh: {
    pageOf: (p: number, n: number) => `第 ${p} / ${n} 页`,
    answered: (a: number, m: number) => `已答 ${a}/${m}`,
    raceGo: '开始抢答！',
    hidden: '已有同学抢到！',
    full: '全屏',
    comment: '队列先进先出',
    attendance: '第 6 周扫码考勤',
    timer: /^计时 [45]:\d\d$/,
    arrived: (a: number, n: number) => `出勤 ${a} / ${n} 人`,
    current: (p: number, n: number) => `当前页 ${p}/${n}`,
    previous: '上一页',
    next: '下一页',
  },
  en: {
    pageOf: (p: number, n: number) => `Page ${p} of ${n}`,
    answered: (a: number, m: number) => `${a}/${m} answered`,
    raceGo: 'Grab the answer!',
    hidden: 'We have a winner!',
    full: 'Full screen',
    comment: 'A queue is first in, first out',
    attendance: 'Week 6 QR attendance',
    timer: /^Timer [45]:\d\d$/,
    arrived: (a: number, n: number) => `Present: ${a} of ${n}`,
    current: (p: number, n: number) => `Current page ${p}/${n}`,
    previous: 'Previous page',
    next: 'Next page',
  },
};

/** the teacher's phone, beside the classroom PC */
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
];

const pageNo = (page: Page) => page.getByTestId('in-class-page-no');

type Box = { x: number; y: number; width: number; height: number };
/** whether two boxes on the screen share no pixel */
const apart = (a: Box, b: Box) => a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;

for (const size of SIZES) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: size, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

    for (const lang of ['zh', 'en'] as const) {
      test(`${lang}: the projector screen goes full screen, turns with the keys and the phone's remote, and shows what the teacher's phone starts`, async ({
        page,
        request,
        asTeacher,
        newPhone,
      }) => {
        test.setTimeout(180_000);
        const w = WORDS[lang];
        const tag = `projector-${size.width}-${lang}`;
        const teacher = await asTeacher({ page: null });
        const course = await createCourse(request, teacher.token, { coursename: `数据结构 ${Date.now() % 100000}` });
        const ada = await joinedStudent(request, '许三', course.code);
        const { deck, itemid, stepid } = await deckAndQuestion(request, teacher.token, course.id, 4, 90);
        if (lang === 'en')
          for (const who of [teacher, ada]) await api(request, '/UserApi/setLanguage', { lang: 'en' }, who.token);
        await api(request, '/Futurev2/AttendClass/beginClass', { courseid: course.id }, teacher.token);

        // ---- the teacher puts the courseware on the screen: the slide fills the window
        await signIn(page, request, teacher);
        await page.goto(`/courseware/inClass?courseId=${course.id}&courseRole=1`);
        await page.locator(`[data-testid="in-class-courseware"][data-id="${deck}"]`).getByTestId('in-class-present').click();
        const screen = page.getByTestId('in-class-screen');
        await expect(screen).toBeVisible();
        await expect(pageNo(page)).toHaveText(w.pageOf(1, 4));
        const stage = await page.getByTestId('slide-stage').boundingBox();
        expect(stage).toEqual({ x: 0, y: 0, width: size.width, height: size.height });
        // letterboxed: the image's drawn box fits the window at the slide's own aspect ratio
        await expect
          .poll(() => page.getByTestId('slide-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeGreaterThan(0);
        const fit = await page.getByTestId('slide-image').evaluate((img: HTMLImageElement) => {
          const scale = Math.min(innerWidth / img.naturalWidth, innerHeight / img.naturalHeight);
          return { w: Math.round(img.naturalWidth * scale), h: Math.round(img.naturalHeight * scale) };
        });
        expect(Math.max(fit.w / size.width, fit.h / size.height)).toBeGreaterThan(0.99);
        // no button wraps a character per line: each is one line tall
        for (const id of ['projector-fullscreen', 'in-class-stop', 'in-class-remote', 'in-class-next', 'in-class-prev']) {
          const box = await page.getByTestId(id).boundingBox();
          expect(box!.height, id).toBeLessThan(48);
        }
        await expect(page.getByTestId('projector-fullscreen')).toHaveText(w.full);
        await snap(page, `${tag}-01-screen`);

        // ---- F: full screen (the Fullscreen API; the page's own full screen where the browser refuses)
        await page.keyboard.press('f');
        await expect(screen).not.toHaveAttribute('data-fullscreen', 'off');
        const native = await page.evaluate(() => document.fullscreenElement !== null);
        expect(native).toBe((await screen.getAttribute('data-fullscreen')) === 'native');
        test.info().annotations.push({ type: 'fullscreen', description: native ? 'native' : 'page' });

        // ---- a clicker's keys turn the pages (the remote controller's socket commands)
        await page.keyboard.press('ArrowRight');
        await expect(pageNo(page)).toHaveText(w.pageOf(2, 4));
        await page.keyboard.press('PageDown');
        await expect(pageNo(page)).toHaveText(w.pageOf(3, 4));
        await page.keyboard.press('ArrowLeft');
        await expect(pageNo(page)).toHaveText(w.pageOf(2, 4));
        await page.keyboard.press('End');
        await expect(pageNo(page)).toHaveText(w.pageOf(4, 4));
        await page.keyboard.press('PageUp');
        await expect(pageNo(page)).toHaveText(w.pageOf(3, 4));
        await page.keyboard.press('Home');
        await expect(pageNo(page)).toHaveText(w.pageOf(1, 4));
        await page.keyboard.press('3');
        await expect(page.getByTestId('projector-typed')).toBeVisible();
        await page.keyboard.press('Enter');
        await expect(pageNo(page)).toHaveText(w.pageOf(3, 4));
        await expect(page.getByTestId('projector-typed')).toHaveCount(0);
        await page.keyboard.press('ArrowUp');
        await expect(pageNo(page)).toHaveText(w.pageOf(2, 4));
        await page.keyboard.press(' ');
        await expect(pageNo(page)).toHaveText(w.pageOf(3, 4));
        await expect(page.getByTestId('slide-stage')).toHaveAttribute('data-page', '3');
        // the server has the page too: what the phones read
        const shown = await api<{ page: number }>(
          request,
          '/InteractWithScreenApi/listSlides',
          { courseid: course.id },
          ada.token,
        );
        expect(shown.page).toBe(3);

        // ---- B blacks the wall out and back
        await page.keyboard.press('b');
        await expect(page.getByTestId('projector-black')).toBeVisible();
        await page.keyboard.press('b');
        await expect(page.getByTestId('projector-black')).toHaveCount(0);

        // ---- the controls hide when the mouse rests and come back when it moves
        await expect(screen).toHaveAttribute('data-chrome', 'hidden', { timeout: 6000 });
        await page.waitForTimeout(400); // the controls' fade
        await snap(page, `${tag}-02-clean`);
        await page.mouse.move(size.width / 2, size.height / 2);
        await page.mouse.move(size.width / 2 + 20, size.height / 2);
        await expect(screen).toHaveAttribute('data-chrome', 'shown');

        // ---- the remote controller: its set-up sheet prints the link it promises
        await page.getByTestId('in-class-remote').click();
        const printed = page.getByTestId('in-class-remote-url');
        await expect(printed).toHaveText(
          new RegExp(
            `^http://127\\.0\\.0\\.1:\\d+/remoteController\\?classtimeid=\\d+&courseId=${course.id}&interactid=${deck}$`,
          ),
        );
        const link = (await printed.textContent())!;
        expect(new URL(link).pathname + new URL(link).search).toBe(
          await page.getByTestId('in-class-remote-link').getAttribute('href'),
        );
        await shot(page, `${tag}-03-remote-link`);
        await page.mouse.click(size.width / 2, 40); // the mask above the sheet
        await expect(page.getByTestId('in-class-remote-popup')).toBeHidden();

        // ---- the teacher's phone opens that link and turns the wall with its buttons
        const phone = await newPhone(PHONE);
        await signIn(phone, request, teacher);
        await phone.goto(link);
        await expect(phone.getByTestId('remote-page')).toHaveAttribute('data-socket', 'joined');
        await expect(phone.getByTestId('remote-connecting')).toHaveCount(0);
        await expect(phone.getByTestId('remote-page-no')).toHaveText(w.current(3, 4));
        const next = phone.getByRole('button', { name: w.next, exact: true });
        const previous = phone.getByRole('button', { name: w.previous, exact: true });
        await next.click();
        await expect(pageNo(page)).toHaveText(w.pageOf(4, 4));
        await expect(phone.getByTestId('remote-page-no')).toHaveText(w.current(4, 4));
        await expect(next).toBeDisabled(); // the last page
        await expect(previous).toBeEnabled();
        for (const p of [3, 2, 1]) {
          await previous.click();
          await expect(pageNo(page)).toHaveText(w.pageOf(p, 4));
          await expect(phone.getByTestId('remote-page-no')).toHaveText(w.current(p, 4));
        }
        await expect(previous).toBeDisabled(); // the first page
        await next.click();
        await expect(pageNo(page)).toHaveText(w.pageOf(2, 4));
        await expect(page.getByTestId('slide-stage')).toHaveAttribute('data-page', '2');
        await snap(phone, `${tag}-04-remote-phone`);

        // ---- a question opened from the teacher's phone: on the wall with its countdown; counts fill live
        await phone.goto(`/InteractiveAnswers/detailTeacher?courseId=${course.id}&courseRole=1&id=${itemid}`);
        await phone.getByTestId('ia-start').click();
        const wall = page.getByTestId('projector-step');
        await expect(wall).toBeVisible();
        await expect(wall).toHaveAttribute('data-stepid', String(stepid));
        await expect(wall.getByTestId('projector-step-stem')).toContainText('广度优先搜索用哪种结构？');
        await expect(page.getByTestId('projector-step-clock')).toHaveText(/^1:[0-3]\d$/);
        await expect(page.getByTestId('projector-step-answered')).toHaveText(w.answered(0, 1));
        await api(request, '/InteractApi/answer', { stepid, answer: 'B' }, ada.token);
        await expect(page.getByTestId('projector-step-answered')).toHaveText(w.answered(1, 1));
        // no bars and no key before the reveal
        await expect(page.getByTestId('projector-step-result')).toHaveCount(0);
        await snap(page, `${tag}-05-question`);
        await page.getByTestId('projector-step-reveal').click();
        await expect(page.getByTestId('projector-step-result').getByTestId('ia-count-B')).toHaveText('1');
        await expect(page.getByTestId('projector-step-key')).toBeVisible();
        // the chart and the way back to the slide fit the panel: nothing to scroll
        const fits = await wall.evaluate((el) => el.scrollHeight <= el.clientHeight);
        expect(fits).toBe(true);
        await snap(page, `${tag}-06-revealed`);
        await page.getByTestId('projector-step-close').click();
        await expect(wall).toHaveCount(0);

        // ---- bullet comments, switched on from the phone's course home, fly over the slide without names
        await phone.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
        await phone.getByTestId('barrage-switch').click();
        await expect(phone.getByTestId('barrage-state')).toHaveAttribute('class', /is-on/);
        await api(request, '/FutureV2/Barrage/sendBarrage', { courseid: course.id, content: w.comment }, ada.token);
        const flight = page.getByTestId('barrage-flight').filter({ hasText: w.comment });
        await expect(flight.first()).toBeAttached();
        await expect(flight.first()).not.toContainText('许三');
        await page.waitForTimeout(1500); // the comment is half-way across
        await snap(page, `${tag}-07-comments`);
        await page.getByTestId('projector-names').click();
        await expect(screen).toHaveAttribute('data-names', 'shown');
        await page.waitForTimeout(3100); // a student may comment once in 3 seconds
        await api(request, '/FutureV2/Barrage/sendBarrage', { courseid: course.id, content: `${w.comment} 2` }, ada.token);
        await expect(
          page
            .getByTestId('barrage-flight')
            .filter({ hasText: `${w.comment} 2` })
            .first(),
        ).toContainText('许三');
        await page.getByTestId('projector-names').click();
        await expect(screen).toHaveAttribute('data-names', 'hidden');

        // ---- the race, started from the phone: its start, then its winner (the name only with the switch on)
        await phone.getByTestId('race-start').click();
        await expect(page.getByTestId('projector-race')).toContainText(w.raceGo);
        const current = await api<{ race: { raceid: number } }>(
          request,
          '/Futurev2/Tools/getStudentCurrentRace',
          { courseid: course.id },
          ada.token,
        );
        await api(request, '/Futurev2/Tools/joinRace', { courseid: course.id, raceid: current.race.raceid }, ada.token);
        // the race closes by itself a moment after its first press
        await expect(page.getByTestId('projector-race')).toHaveAttribute('data-status', '2');
        await expect(page.getByTestId('projector-race-winner')).toHaveText(w.hidden);
        await snap(page, `${tag}-08-race`);
        await page.getByTestId('projector-names').click();
        await expect(page.getByTestId('projector-race-winner')).toHaveText('许三');
        await page.getByTestId('projector-names').click();
        await page.getByTestId('projector-race-close').click();
        await expect(page.getByTestId('projector-race')).toHaveCount(0);

        // ---- the class timer, started from the phone, stays on the wall while it runs
        await phone.getByTestId('timer-start-300').click();
        await expect(screen.getByTestId('class-timer')).toHaveText(w.timer);

        // ---- a QR attendance started from the phone: the rotating code and the arrivals count on the wall
        await phone.goto(`/checkIn/teacherCheckinIndex?courseId=${course.id}&courseRole=1`);
        await phone.getByTestId('att-start').click();
        await phone.getByTestId('att-type-3').click();
        await phone.getByTestId('att-title').fill(w.attendance);
        await phone.getByTestId('att-add-submit').click();
        await expect(phone.getByTestId('tea-checkin-page')).toBeVisible();
        const attWall = page.getByTestId('projector-attendance');
        await expect(attWall).toHaveAttribute('data-type', '3');
        await expect(attWall).toContainText(w.attendance);
        const qr = attWall.getByTestId('att-qr');
        await expect(qr).toHaveAttribute('data-qr-url', /\/checkIn\/checkinCodeResult\?.*ticketid=.*sign=/);
        await expect(page.getByTestId('projector-attendance-arrived')).toHaveText(w.arrived(0, 1));
        // the code, the title and the count all inside the panel, one above the other: none covers another
        const panel = (await attWall.boundingBox())!;
        const boxes = [];
        for (const part of [attWall.getByText(w.attendance), qr, page.getByTestId('projector-attendance-arrived')]) {
          const box = (await part.boundingBox())!;
          expect(box.y).toBeGreaterThanOrEqual(panel.y);
          expect(box.y + box.height).toBeLessThanOrEqual(panel.y + panel.height);
          boxes.push(box);
        }
        expect(boxes[1]!.y).toBeGreaterThanOrEqual(boxes[0]!.y + boxes[0]!.height);
        expect(boxes[2]!.y).toBeGreaterThanOrEqual(boxes[1]!.y + boxes[1]!.height);
        // the class timer still runs beside the panel: neither covers the other
        await expect(screen.getByTestId('class-timer')).toHaveText(w.timer);
        expect(apart((await screen.getByTestId('class-timer').boundingBox())!, (await attWall.boundingBox())!)).toBe(true);
        await snap(page, `${tag}-09-attendance-qr`);
        // the student's phone scans the code on the wall (what it encodes goes to the server)
        const ticket = new URL((await qr.getAttribute('data-qr-url'))!).searchParams;
        await api(
          request,
          '/AttenceApi/AttenceResult',
          { ticketid: ticket.get('ticketid'), expire: ticket.get('expire'), sign: ticket.get('sign') },
          ada.token,
        );
        await expect(page.getByTestId('projector-attendance-arrived')).toHaveText(w.arrived(1, 1));
        await expect(attWall).not.toContainText('许三');
        await page.getByTestId('projector-attendance-close').click();
        await expect(attWall).toHaveCount(0);

        // ---- a number attendance from the phone, once the QR one is ended there: its code in large type, the arrivals
        await phone.getByTestId('att-end').click();
        await phone.getByTestId('att-end-confirm').click();
        await expect(phone.getByTestId('tea-checkin-detail')).toBeVisible();
        await phone.goto(`/checkIn/teacherCheckinIndex?courseId=${course.id}&courseRole=1`);
        await phone.getByTestId('att-start').click();
        await phone.getByTestId('att-type-1').click();
        await phone.getByTestId('att-title').fill(`${w.attendance} 2`);
        await phone.getByTestId('att-add-submit').click();
        await expect(phone.getByTestId('tea-checkin-page')).toBeVisible();
        const number = Number(new URL(phone.url()).searchParams.get('id'));
        await expect(attWall).toHaveAttribute('data-type', '1');
        const code = page.getByTestId('projector-attendance-code');
        await expect(code).toHaveText(/^\d{4,}$/);
        await expect(page.getByTestId('projector-attendance-arrived')).toHaveText(w.arrived(0, 1));
        expect(apart((await screen.getByTestId('class-timer').boundingBox())!, (await attWall.boundingBox())!)).toBe(true);
        await snap(page, `${tag}-10-attendance-number`);
        await api(request, '/AttenceApi/checkin', { id: number, code: await code.textContent() }, ada.token);
        await expect(page.getByTestId('projector-attendance-arrived')).toHaveText(w.arrived(1, 1));
        await page.getByTestId('projector-attendance-close').click();
        await expect(attWall).toHaveCount(0);

        // ---- Esc leaves full screen
        await page.keyboard.press('Escape');
        await expect(screen).toHaveAttribute('data-fullscreen', 'off');
        expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
      });
    }
  });
}
