import type { APIRequestContext, Page } from '@playwright/test';
import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';
import { closeRace, deckAndQuestion } from './helpers';

/**
 * Issue 25, "every class event on every student page" (decision 029): the class's events reach a
 * student on whatever course page they are on, through one course-level layer. A student on the
 * slides gets the race's grab button and wins it, sees bullet comments fly there, and is told the
 * class is over; a student on another course page is asked to join a question, dismisses it, finds it
 * again on the course home and answers it; a student cannot page past the pages the screen has shown
 * until the teacher lets them.
 */

const WORDS = {
  zh: {
    raceStarted: '老师发起了抢答！',
    youWon: '你抢到了！',
    comment: '这一页讲得好',
    over: '老师已下课',
    joinAsk: '老师发起了互动答题，是否参与？',
    openBar: '有题目正在作答（1），点此去作答',
    pageOf: (p: number, n: number) => `第 ${p} / ${n} 页`,
    held: '后面的页老师还没讲到：讲到时就能看',
    ahead: '允许学生往后翻页',
  },
  en: {
    raceStarted: 'The teacher has started a grab-answer!',
    youWon: 'You got it!',
    comment: 'Nice page',
    over: 'The teacher has ended the class',
    joinAsk: 'Your teacher started an interactive answer. Join?',
    openBar: 'Open questions (1): tap to answer',
    pageOf: (p: number, n: number) => `Page ${p} of ${n}`,
    held: 'The teacher has not reached the next pages yet; they open as the class gets there',
    ahead: 'Students may page ahead',
  },
};

/** A course in class with a courseware of `pages` pages on the screen and a one-question item; the students joined. */
async function classOnSlides(
  request: APIRequestContext,
  teacherToken: string,
  lang: 'zh' | 'en',
  names: string[],
  pages: number,
  code: string,
  courseid: number,
) {
  const students = [];
  for (const name of names) students.push(await joinedStudent(request, name, code));
  const { deck, stepid } = await deckAndQuestion(request, teacherToken, courseid, pages, 60);
  if (lang === 'en') for (const s of students) await api(request, '/UserApi/setLanguage', { lang: 'en' }, s.token);
  await api(request, '/Futurev2/AttendClass/beginClass', { courseid }, teacherToken);
  await api(request, '/InteractWithScreenApi/present', { courseid, interactid: deck }, teacherToken);
  return { students, deck, stepid };
}

const slides = (p: Page, courseId: number) => p.goto(`/courseware/inClass?courseId=${courseId}&courseRole=0`);

/**
 * Waits until the student's page hears the course's room: a bullet comment of theirs flies over it.
 * An event published before the phone's socket joined the room would be found only on the next read.
 */
async function hearsTheCourse(
  p: Page,
  request: APIRequestContext,
  teacher: string,
  student: string,
  courseid: number,
  text: string,
) {
  await api(request, '/FutureV2/Barrage/setStatus', { courseid, status: 1 }, teacher);
  await api(request, '/FutureV2/Barrage/sendBarrage', { courseid, content: text }, student);
  await expect(p.getByTestId('class-events-barrage').getByTestId('barrage-flight').filter({ hasText: text })).toBeVisible();
}

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: a student on the slide page gets the race, wins it, sees bullet comments there and is told the class ended`, async ({
    page,
    request,
    asTeacher,
  }) => {
    test.setTimeout(150_000);
    const w = WORDS[lang];
    const teacher = await asTeacher({ page: null });
    const course = await createCourse(request, teacher.token, { coursename: `图论 ${Date.now() % 100000}` });
    const { students } = await classOnSlides(request, teacher.token, lang, ['林一', '周二'], 2, course.code, course.id);
    const [ada, bo] = [students[0]!, students[1]!];

    await signIn(page, request, ada);
    await slides(page, course.id);
    await expect(page.getByTestId('slide-stage')).toHaveAttribute('data-page', '1');
    await expect(page.getByTestId('class-events')).toBeAttached();
    await hearsTheCourse(page, request, teacher.token, ada.token, course.id, lang === 'zh' ? '到' : 'Here');

    // ---- the teacher starts a race: the grab button comes over the slide
    await api(request, '/Futurev2/Tools/startRace', { courseid: course.id }, teacher.token);
    const card = page.getByTestId('class-events-race');
    await expect(card).toHaveAttribute('data-state', 'open');
    await expect(card).toContainText(w.raceStarted);
    await expect(page.getByTestId('class-events-said')).toHaveText(w.raceStarted);
    await shot(page, `class-events-${lang}-01-race-on-slides`);
    await page.getByTestId('race-grab').click();
    // pressed: "waiting" until the race closes, a second after the first press; on a busy machine the
    // result may come with the press's own answer, and the waiting is never drawn
    await expect(page.getByTestId('race-waiting').or(page.getByTestId('race-result'))).toBeVisible();
    await closeRace(request, teacher.token, course.id);
    await expect(page.getByTestId('race-result')).toHaveText(w.youWon);
    await expect(page.getByTestId('race-result')).toHaveAttribute('data-winner', String(ada.uid));
    await shot(page, `class-events-${lang}-02-race-won`);
    await page.getByTestId('class-events-race-close').click();
    await expect(card).toHaveCount(0);

    // ---- a bullet comment flies over the slide page
    await api(request, '/FutureV2/Barrage/sendBarrage', { courseid: course.id, content: w.comment }, bo.token);
    const flight = page.getByTestId('class-events-barrage').getByTestId('barrage-flight').filter({ hasText: w.comment });
    await expect(flight).toContainText(w.comment);
    // shown once it has flown into view
    await expect.poll(async () => (await flight.boundingBox())?.x ?? 999).toBeLessThan(150);
    await shot(page, `class-events-${lang}-03-comment-on-slides`);

    // ---- the teacher ends the class: the student is told, and the slides say no class is on
    await api(request, '/Futurev2/AttendClass/overClass', { courseid: course.id }, teacher.token);
    await expect(page.getByTestId('class-events-said')).toHaveText(w.over);
    await expect(page.getByTestId('in-class-none')).toBeVisible();
    await expect(page.getByTestId('class-events-barrage')).toHaveCount(0);
  });

  test(`${lang}: a student on another course page is asked to join a question, dismisses it, finds it on the course home and answers`, async ({
    page,
    request,
    asTeacher,
  }) => {
    test.setTimeout(150_000);
    const w = WORDS[lang];
    const teacher = await asTeacher({ page: null });
    const course = await createCourse(request, teacher.token, { coursename: `图论 ${Date.now() % 100000}` });
    const { students, stepid } = await classOnSlides(request, teacher.token, lang, ['林一'], 1, course.code, course.id);
    const ada = students[0]!;

    // ---- on the score page of the course when the teacher starts the question
    await signIn(page, request, ada);
    await page.goto(`/score?courseId=${course.id}&courseRole=0`);
    await expect(page.getByTestId('class-events')).toBeAttached();
    await hearsTheCourse(page, request, teacher.token, ada.token, course.id, w.comment);
    await api(request, '/InteractApi/startStep', { stepid, seconds: 60 }, teacher.token);
    await expect(page.getByTestId('ia-prompt-dialog')).toBeVisible();
    await expect(page.locator('.adm-dialog')).toContainText(w.joinAsk);
    await shot(page, `class-events-${lang}-04-question-on-scores`);
    await page.getByTestId('ia-prompt-cancel').click();
    await expect(page.getByTestId('ia-prompt-dialog')).toHaveCount(0);

    // ---- dismissed, it is not asked again; the course home keeps it in reach
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
    const bar = page.getByTestId('ia-open-bar');
    await expect(bar).toHaveText(w.openBar);
    await expect(page.getByTestId('ia-prompt-dialog')).toHaveCount(0);
    await shot(page, `class-events-${lang}-05-open-question-bar`);
    await bar.click();
    await expect(page.getByTestId('ia-answer')).toBeVisible();
    await page.getByTestId('option-B').click();
    await page.getByTestId('ia-submit-answer').click();
    await expect(page.getByTestId('iar-success-done')).toBeVisible();

    // ---- answered: the bar is gone
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
    await expect(page.getByTestId('course-home-menu')).toBeVisible();
    await expect(page.getByTestId('ia-open-bar')).toHaveCount(0);
  });

  test(`${lang}: a student cannot page past the pages shown until the teacher lets them`, async ({
    page,
    request,
    asTeacher,
    newPhone,
  }) => {
    test.setTimeout(150_000);
    const w = WORDS[lang];
    const teacher = await asTeacher({ page: null });
    if (lang === 'en') await api(request, '/UserApi/setLanguage', { lang: 'en' }, teacher.token);
    const course = await createCourse(request, teacher.token, { coursename: `图论 ${Date.now() % 100000}` });
    const { students } = await classOnSlides(request, teacher.token, lang, ['林一'], 3, course.code, course.id);

    const phone = await newPhone();
    await signIn(phone, request, students[0]!);
    await slides(phone, course.id);
    const stage = phone.getByTestId('slide-stage');
    await expect(stage).toHaveAttribute('data-page', '1');
    await expect(phone.getByTestId('in-class-page-no')).toHaveText(w.pageOf(1, 3));
    await expect(phone.getByTestId('in-class-next')).toBeDisabled();
    await expect(phone.getByTestId('in-class-held')).toHaveText(w.held);
    await shot(phone, `class-events-${lang}-06-held-at-live-page`);
    await hearsTheCourse(phone, request, teacher.token, students[0]!.token, course.id, w.comment);

    // ---- the screen reaches page 2 and goes back to 1: the student may look at 2, not at 3
    await api(request, '/InteractWithScreenApi/gotoPage', { courseid: course.id, pageindex: 2 }, teacher.token);
    await expect(stage).toHaveAttribute('data-page', '2');
    await api(request, '/InteractWithScreenApi/gotoPage', { courseid: course.id, pageindex: 1 }, teacher.token);
    await expect(stage).toHaveAttribute('data-page', '1');
    await phone.getByTestId('in-class-next').click();
    await expect(stage).toHaveAttribute('data-page', '2');
    await expect(phone.getByTestId('in-class-next')).toBeDisabled();

    // ---- the teacher lets students page ahead from the classroom screen
    await signIn(page, request, teacher);
    await page.goto(`/courseware/inClass?courseId=${course.id}&courseRole=1`);
    const ahead = page.getByTestId('projector-ahead');
    await expect(ahead).toBeVisible();
    await expect(page.locator('.projector-switch').filter({ has: ahead })).toContainText(w.ahead);
    await ahead.click();
    await expect(ahead).toHaveAttribute('aria-checked', 'true');
    await shot(page, `class-events-${lang}-07-teacher-lets-page-ahead`);
    await expect(phone.getByTestId('in-class-next')).toBeEnabled();
    await phone.getByTestId('in-class-next').click();
    await expect(stage).toHaveAttribute('data-page', '3');
    await expect(phone.getByTestId('in-class-held')).toHaveCount(0);
    // the slide's picture really opens: the server serves page 3 now
    await expect
      .poll(() => phone.getByTestId('slide-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await shot(phone, `class-events-${lang}-08-paged-ahead`);
  });
}
