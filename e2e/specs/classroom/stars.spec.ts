import type { Page } from '@playwright/test';
import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { courseHomeAtRest, createCourse, signIn } from '../courses/helpers';
import { joinedStudent, row } from '../members/helpers';

/**
 * Issue 15, decision 023: stars in class. The teacher begins class, opens the course's stars from the
 * course home, taps a student and gives them a star with a ready reason; the student, whose star log
 * is open on their phone, sees it arrive without reloading. The teacher takes one back with a reason of
 * their own; the student's log says so, and the teacher reads the same log from the sheet.
 */

const WORDS = {
  zh: {
    entry: '课堂表现',
    empty: '还没有星星记录',
    reason: '积极发言',
    own: '误加',
    takenBack: '收回：误加',
    inClass: '上课中',
    award: '加 2 颗星',
    recordStars: '星星 1',
  },
  en: {
    entry: 'Stars',
    empty: 'No stars yet',
    reason: 'Active in class',
    own: 'Given by mistake',
    takenBack: 'Taken back: Given by mistake',
    inClass: 'In class',
    award: 'Give 2 ★',
    recordStars: 'Stars 1',
  },
};

const home = (p: Page, courseId: number, role: 0 | 1) => p.goto(`/courseHome?courseId=${courseId}&courseRole=${role}`);

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: the teacher gives a star in class and the student's open log shows it at once; one taken back`, async ({
    page,
    request,
    asTeacher,
    newPhone,
  }) => {
    test.setTimeout(120_000);
    const w = WORDS[lang];
    const teacher = await asTeacher({ page: null });
    const course = await createCourse(request, teacher.token, { coursename: `化学 ${Date.now() % 100000}` });
    const names = lang === 'zh' ? ['林一', '周二'] : ['Ada Lin', 'Bo Zhou'];
    const ada = await joinedStudent(request, names[0]!, course.code);
    const bo = await joinedStudent(request, names[1]!, course.code);
    if (lang === 'en')
      for (const who of [teacher, ada, bo]) await api(request, '/UserApi/setLanguage', { lang: 'en' }, who.token);
    await api(request, '/Futurev2/AttendClass/beginClass', { courseid: course.id }, teacher.token);

    // ---- the student opens their star log from the course home: nothing yet
    const phone = await newPhone();
    await signIn(phone, request, ada);
    await home(phone, course.id, 0);
    await courseHomeAtRest(phone, { inClass: true });
    await phone.getByTestId('home-stars').click();
    await expect(phone.getByTestId('star-log-empty')).toBeVisible();
    await expect(phone.getByTestId('star-log-total')).toHaveText('0');

    // ---- the teacher: course home → stars → the students, none with stars; in class
    await signIn(page, request, teacher);
    await home(page, course.id, 1);
    await expect(page.getByTestId('home-stars')).toHaveText(w.entry);
    await courseHomeAtRest(page, { inClass: true });
    await page.getByTestId('home-stars').click();
    await expect(page).toHaveURL(/\/representation\/performanceStatistics\?courseId=\d+&courseRole=1/);
    await expect(page.getByTestId('star-in-class')).toHaveText(w.inClass);
    await expect(page.getByTestId('star-student')).toHaveCount(2);

    // ---- two stars for Ada, with a ready reason
    await row(page, 'star-student', ada.uid).click();
    const sheet = page.getByTestId('star-sheet');
    await expect(sheet).toBeVisible();
    await sheet.locator('.adm-stepper-plus').click();
    await sheet.getByTestId('star-reasons').getByText(w.reason).click();
    await expect(sheet.getByTestId('star-award')).toHaveText(w.award);
    await shot(page, `classroom-stars-sheet-${lang}`);
    await sheet.getByTestId('star-award').click();
    await expect(sheet.getByTestId('star-sheet-total')).toHaveText('2');

    // the student's log, open all along, shows it without a reload
    await expect(phone.getByTestId('star-log-total')).toHaveText('2');
    const first = phone.getByTestId('star-entry').first();
    await expect(first).toContainText('+2');
    await expect(first).toContainText(w.reason);
    await shot(phone, `classroom-stars-student-log-${lang}`);

    // ---- one taken back with a reason of the teacher's own
    await sheet.locator('.adm-stepper-minus').click();
    await sheet.getByTestId('star-reason-input').locator('input').fill(w.own);
    await sheet.getByTestId('star-take-back').click();
    await expect(sheet.getByTestId('star-sheet-total')).toHaveText('1');
    await expect(phone.getByTestId('star-log-total')).toHaveText('1');
    await expect(phone.getByTestId('star-entry').first()).toContainText(w.takenBack);
    await expect(phone.getByTestId('star-entry')).toHaveCount(2);

    // ---- the list ranks Ada first; the teacher reads her log from the sheet
    await page
      .locator('.adm-mask')
      .first()
      .click({ position: { x: 10, y: 10 } });
    await expect(row(page, 'star-student', ada.uid).getByTestId('star-student-total')).toHaveText('1');
    await expect(page.getByTestId('star-student').first()).toHaveAttribute('data-uid', String(ada.uid));
    await shot(page, `classroom-stars-teacher-list-${lang}`);
    await row(page, 'star-student', ada.uid).click();
    await page.getByTestId('star-open-log').click();
    await expect(page).toHaveURL(new RegExp(`/representation/starlog\\?courseId=${course.id}&courseRole=1&uid=${ada.uid}`));
    await expect(page.getByTestId('star-log-total')).toHaveText('1');
    await expect(page.getByTestId('star-entry')).toHaveCount(2);

    // ---- the class records: this class, in progress, with its stars; one class's bars
    await page.goBack();
    await page.getByTestId('star-records').click();
    await expect(page).toHaveURL(/\/analysis\/detail\?courseId=\d+&courseRole=1$/);
    await expect(page.getByTestId('class-record')).toHaveCount(1);
    await expect(page.getByTestId('class-record')).toContainText(w.recordStars);
    await page.getByTestId('class-record').click();
    await expect(page.getByTestId('class-record-detail')).toBeVisible();
    await expect(page.getByTestId('record-bar')).toHaveCount(5);
    await shot(page, `classroom-class-record-${lang}`);
  });
}
