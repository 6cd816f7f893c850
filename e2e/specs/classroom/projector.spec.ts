import type { Page } from '@playwright/test';
import { api, expect, snap, test } from '../../fixtures';
import { createCourse, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';
import { closeRace, deckAndQuestion } from './helpers';

/**
 * Issue 25: the classroom screen is a projector screen. At 1920×1080 and 1366×768 (a desktop, not a
 * phone) the teacher opens the screen, goes full screen with F, turns pages with a clicker's keys
 * (→ PageDown Space ← Home End, digits + Enter), blacks out with B; the controls hide when the mouse
 * rests. A question opened from the teacher's phone goes up on the wall with its countdown and the
 * answered count filling as a student answers; revealed, its chart. Bullet comments fly over the
 * slide without names until the teacher's switch shows them; the race's start and winner show too.
 */

const WORDS = {
  zh: {
    pageOf: (p: number, n: number) => `第 ${p} / ${n} 页`,
    answered: (a: number, m: number) => `已答 ${a}/${m}`,
    raceGo: '开始抢答！',
    hidden: '已有同学抢到！',
    full: '全屏',
    comment: '队列先进先出',
    attendance: '第 6 周考勤',
    timer: /^计时 [45]:\d\d$/,
    arrived: (a: number, n: number) => `出勤 ${a} / ${n} 人`,
  },
  en: {
    pageOf: (p: number, n: number) => `Page ${p} of ${n}`,
    answered: (a: number, m: number) => `${a}/${m} answered`,
    raceGo: 'Grab the answer!',
    hidden: 'We have a winner!',
    full: 'Full screen',
    comment: 'A queue is first in, first out',
    attendance: 'Week 6 attendance',
    timer: /^Timer [45]:\d\d$/,
    arrived: (a: number, n: number) => `Present: ${a} of ${n}`,
  },
};

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
];

const pageNo = (page: Page) => page.getByTestId('in-class-page-no');

for (const size of SIZES) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: size, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

    for (const lang of ['zh', 'en'] as const) {
      test(`${lang}: the projector screen goes full screen, turns with the keys and shows a question, comments and a race`, async ({
        page,
        request,
        asTeacher,
      }) => {
        test.setTimeout(180_000);
        const w = WORDS[lang];
        const tag = `projector-${size.width}-${lang}`;
        const teacher = await asTeacher({ page: null });
        const course = await createCourse(request, teacher.token, { coursename: `数据结构 ${Date.now() % 100000}` });
        const ada = await joinedStudent(request, '许三', course.code);
        const { deck, stepid } = await deckAndQuestion(request, teacher.token, course.id, 4, 90);
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

        // ---- a question opened from the teacher's phone: on the wall with its countdown; counts fill live
        await api(request, '/InteractApi/startStep', { stepid, seconds: 90 }, teacher.token);
        const wall = page.getByTestId('projector-step');
        await expect(wall).toBeVisible();
        await expect(wall.getByTestId('projector-step-stem')).toContainText('广度优先搜索用哪种结构？');
        await expect(page.getByTestId('projector-step-clock')).toHaveText(/^1:[0-3]\d$/);
        await expect(page.getByTestId('projector-step-answered')).toHaveText(w.answered(0, 1));
        await api(request, '/InteractApi/answer', { stepid, answer: 'B' }, ada.token);
        await expect(page.getByTestId('projector-step-answered')).toHaveText(w.answered(1, 1));
        // no bars and no key before the reveal
        await expect(page.getByTestId('projector-step-result')).toHaveCount(0);
        await snap(page, `${tag}-03-question`);
        await page.getByTestId('projector-step-reveal').click();
        await expect(page.getByTestId('projector-step-result').getByTestId('ia-count-B')).toHaveText('1');
        await expect(page.getByTestId('projector-step-key')).toBeVisible();
        await snap(page, `${tag}-04-revealed`);
        await page.getByTestId('projector-step-close').click();
        await expect(wall).toHaveCount(0);

        // ---- bullet comments fly over the slide, without the writer's name until the switch shows it
        await api(request, '/FutureV2/Barrage/setStatus', { courseid: course.id, status: 1 }, teacher.token);
        await api(request, '/FutureV2/Barrage/sendBarrage', { courseid: course.id, content: w.comment }, ada.token);
        const flight = page.getByTestId('barrage-flight').filter({ hasText: w.comment });
        await expect(flight.first()).toBeAttached();
        await expect(flight.first()).not.toContainText('许三');
        await page.waitForTimeout(1500);
        await snap(page, `${tag}-05-comments`);
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

        // ---- the race: its start, then its winner (the name only with the switch on)
        await api(request, '/Futurev2/Tools/startRace', { courseid: course.id }, teacher.token);
        await expect(page.getByTestId('projector-race')).toContainText(w.raceGo);
        const current = await api<{ race: { raceid: number } }>(
          request,
          '/Futurev2/Tools/getStudentCurrentRace',
          { courseid: course.id },
          ada.token,
        );
        await api(request, '/Futurev2/Tools/joinRace', { courseid: course.id, raceid: current.race.raceid }, ada.token);
        await closeRace(request, teacher.token, course.id);
        await expect(page.getByTestId('projector-race')).toHaveAttribute('data-status', '2');
        await expect(page.getByTestId('projector-race-winner')).toHaveText(w.hidden);
        await snap(page, `${tag}-06-race`);
        await page.getByTestId('projector-names').click();
        await expect(page.getByTestId('projector-race-winner')).toHaveText('许三');
        await page.getByTestId('projector-race-close').click();

        // ---- the class timer stays on the wall while it runs
        await api(request, '/Futurev2/Tools/startTimer', { courseid: course.id, seconds: 300 }, teacher.token);
        await expect(screen.getByTestId('class-timer')).toHaveText(w.timer);

        // ---- a number attendance: its code and the arrivals count on the wall
        const att = await api<{ id: number; code: string }>(
          request,
          '/AttenceApi/addDigitAttence',
          { courseid: course.id, title: w.attendance, duration: 10, nexttime: 0 },
          teacher.token,
        );
        const attWall = page.getByTestId('projector-attendance');
        await expect(attWall).toBeVisible();
        await expect(page.getByTestId('projector-attendance-code')).toHaveText(att.code);
        await expect(page.getByTestId('projector-attendance-arrived')).toHaveText(w.arrived(0, 1));
        await api(request, '/AttenceApi/checkin', { id: att.id, code: att.code }, ada.token);
        await expect(page.getByTestId('projector-attendance-arrived')).toHaveText(w.arrived(1, 1));
        await expect(attWall).not.toContainText('许三');
        await snap(page, `${tag}-07-attendance`);
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
