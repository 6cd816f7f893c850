import type { Page } from '@playwright/test';
import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { card, createCourse, registerPerson, signIn, thisAcademicYear, thisTerm } from './helpers';

/** The year picker's choices in the order it lists them. */
async function yearChoices(page: Page) {
  const options = page.locator('[data-testid^="course-semester-option-"]');
  await expect(options).toHaveCount(4);
  return (await options.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')))).map((id) =>
    id!.replace('course-semester-option-', ''),
  );
}

test('a teacher creates a course through the whole flow, finds it under its term and shows its join code', async ({
  page,
  request,
  asTeacher,
}) => {
  const teacher = await asTeacher({ page: null });
  const token = await signIn(page, request, teacher);
  const name = `软件工程导论 ${Date.now() % 100000}`;
  const year = thisAcademicYear();
  // two older courses, so that the list has three terms and folds the third
  const older = await createCourse(request, token, {
    coursename: `离散数学 ${Date.now() % 100000}`,
    semester: thisAcademicYear(-1),
    term: 2,
  });
  const oldest = await createCourse(request, token, {
    coursename: `程序设计基础 ${Date.now() % 100000}`,
    semester: thisAcademicYear(-2),
    term: 0,
  });

  // the course list: the create button opens the form
  await page.goto('/ktpCourse');
  await expect(page.getByTestId('tab-page-ktpCourse')).toBeVisible();
  await expect(page.getByTestId('course-tab-teach')).toBeVisible();
  await page.getByTestId('course-create').click();
  await expect(page).toHaveURL(/\/newCourse$/);
  await expect(page.getByTestId('page-title')).toHaveText('创建课程');
  // the year and term start on the current ones (spec 1 §5 years; currentAcademicTerm), not empty
  await expect(page.getByTestId('course-semester')).toHaveText(year);
  await expect(page.getByTestId('course-term')).toHaveText(thisTerm() === 1 ? '第一学期' : '第二学期');
  await shot(page, 'course-create-01-form-empty');
  // the years run newest first: next year, this year, then the two before
  await page.getByTestId('course-semester').click();
  expect(await yearChoices(page)).toEqual([thisAcademicYear(1), year, thisAcademicYear(-1), thisAcademicYear(-2)]);
  await shot(page, 'course-create-01b-year-picker');

  // everything but the name: the name is asked for first, and nothing is created
  await page.getByTestId('course-class').fill('软工 2301 班');
  await page.getByTestId('course-venue').fill('教学楼 A201');
  await page.getByTestId(`course-semester-option-${year}`).click();
  await page.getByTestId('course-term').click();
  await expect(page.getByTestId('course-term-option-1')).toBeVisible();
  await shot(page, 'course-create-02-term-picker');
  await page.getByTestId('course-term-option-1').click();
  await page.getByTestId('course-teachtype-3').click();
  await page.getByTestId('course-studytime').fill('32.55');
  await page.getByTestId('course-submit').click();
  await expect(page.getByTestId('course-name-error')).toHaveText('请输入课程名称');
  await expect(page.getByTestId('course-semester-error')).toHaveCount(0);
  await expect(page).toHaveURL(/\/newCourse$/);
  const before = await api<{ coursename: string }[]>(
    request,
    '/CourseApi/semesterCourseList',
    { isstudy: 0, type: 'teach' },
    token,
  );
  expect(before.map((c) => c.coursename)).not.toContain(name);
  await shot(page, 'course-create-03-name-missing');

  // leaving with typed input asks first; staying keeps everything
  await page.getByTestId('nav-back').click();
  await expect(page.getByTestId('leave-ask-dialog')).toContainText('放弃未保存的内容？');
  await shot(page, 'course-create-04-leave-ask');
  await page.getByTestId('leave-ask-cancel').click();
  await expect(page).toHaveURL(/\/newCourse$/);
  await expect(page.getByTestId('course-class')).toHaveValue('软工 2301 班');

  // the name: created, then the enrolment settings of the creation flow
  await page.getByTestId('course-name').fill(name);
  await page.getByTestId('course-submit').click();
  await expect(page).toHaveURL(/\/seniorSetting\?courseId=\d+&from=create$/);
  const courseId = Number(new URL(page.url()).searchParams.get('courseId'));
  const created = await api(request, '/CourseApi/getCourseInfo', { courseid: courseId }, token);
  expect(created).toMatchObject({
    coursename: name,
    classname: '软工 2301 班',
    venue: '教学楼 A201',
    semester: year,
    term: 1,
    teachtype: 3,
    studytime: 32.5,
    memberRole: 'owner',
    template: 0,
  });
  expect(created.code).toMatch(/^\d{6}$/);
  await expect(page.getByTestId('page-title')).toHaveText('报名设置');
  await expect(page.getByTestId('enroll-open')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('enroll-q-name')).toBeVisible();
  await shot(page, 'course-create-05-enrol-settings');
  await page.getByTestId('enroll-save').click();

  // the template, then the course home
  await expect(page).toHaveURL(new RegExp(`/chooseCourseModule\\?courseId=${courseId}$`));
  await page.getByTestId('template-2').click();
  await expect(page.getByTestId('template-2')).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'course-create-06-template');
  await page.getByTestId('template-confirm').click();
  await expect(page).toHaveURL(new RegExp(`/courseHome\\?courseId=${courseId}&courseRole=1$`));
  await expect(page.getByTestId('course-home-name')).toHaveText(name);
  await expect(page.getByTestId('course-home-role')).toHaveText('负责人');
  await expect(page.getByTestId('course-home-code')).toHaveText(created.code);
  await expect(page.getByTestId('home-menu-homework')).toBeVisible();
  await expect(page.getByTestId('home-enroll-setting')).toBeVisible();
  await expect(page.getByTestId('home-end')).toBeVisible();
  await shot(page, 'course-create-07-course-home');
  expect((await api(request, '/CourseApi/getCourseInfo', { courseid: courseId }, token)).template).toBe(2);
  expect((await api(request, '/CourseApi/getEnrollSetting', { courseid: courseId }, token)).enrollstate).toBe('1');
  // the permission list is kept for a day in courseAuth:{id}
  const cookie = (await page.context().cookies()).find((c) => c.name === `courseAuth:${courseId}`);
  expect(cookie).toBeTruthy();
  expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({
    admin: 1,
    auth: expect.arrayContaining(['delete', 'manageCode']),
  });
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(23 * 3600);
  expect(await page.evaluate(() => sessionStorage.getItem('courseId'))).toBe(String(courseId));

  // every default menu area is built (meetings since issue 26): none is marked "coming"
  await expect(page.getByTestId('home-menu-meeting')).toBeEnabled();
  await expect(page.getByTestId('coming-mark')).toHaveCount(0);
  await expect(page.getByTestId('course-home-name')).toHaveText(name);

  // back in the list: under its term, which is the first and open; the third term waits behind "expand"
  await page.getByTestId('nav-back').click();
  await expect(page).toHaveURL(/\/ktpCourse$/);
  const sections = page.getByTestId('semester-section');
  await expect(sections.first()).toHaveAttribute('data-key', `${year}-1`);
  await expect(sections.first().getByTestId('semester-title')).toHaveText(`${year} 第一学期`);
  await expect(sections.first().getByTestId('semester-header')).toHaveAttribute('aria-expanded', 'true');
  const mine = card(page, courseId);
  await expect(mine).toBeVisible();
  await expect(sections.first().locator(`[data-course-id="${courseId}"]`)).toBeVisible();
  await expect(mine.getByTestId('course-card-name')).toHaveText(name);
  await expect(mine.getByTestId('course-card-class')).toHaveText('软工 2301 班');
  await expect(mine.getByTestId('course-card-teacher')).toHaveText(teacher.name);
  await expect(mine.getByTestId('course-card-total')).toHaveText('0 名学生');
  await expect(mine.getByTestId('course-card-code')).toHaveText(created.code);
  await expect(sections).toHaveCount(2);
  const second = sections.nth(1);
  await expect(second.getByTestId('semester-title')).toHaveText(`${thisAcademicYear(-1)} 第二学期`);
  await expect(second.getByTestId('semester-header')).toHaveAttribute('aria-expanded', 'false');
  await expect(card(page, older.id)).toHaveCount(0);
  await expect(page.getByTestId('semester-expand')).toBeVisible();
  await shot(page, 'course-create-08-list-by-term');
  await page.getByTestId('semester-expand').click();
  await expect(sections).toHaveCount(3);
  await expect(sections.nth(2).getByTestId('semester-title')).toHaveText(`${thisAcademicYear(-2)} 全年`);
  await sections.nth(2).getByTestId('semester-header').click();
  await expect(card(page, oldest.id)).toBeVisible();
  await shot(page, 'course-create-09-all-terms');

  // the code popup: the big code and the QR code of the join link
  await mine.getByTestId('course-card-code').click();
  const popup = page.getByTestId('code-popup');
  await expect(popup).toBeVisible();
  await expect(popup.getByTestId('code-popup-code')).toHaveText(created.code);
  const qr = popup.getByTestId('code-popup-qr');
  await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(qr).toHaveAttribute('data-link', `${new URL(page.url()).origin}/joinCourses?code=${created.code}`);
  await shot(page, 'course-create-10-code-popup');

  // stop the code (after a confirmation), then enable it again
  await popup.getByTestId('code-stop').click();
  await expect(page.getByTestId('code-stop-ask-dialog')).toBeVisible();
  await page.getByTestId('code-stop-ask-confirm').click();
  await expect(popup.getByTestId('code-popup-stopped')).toHaveText('已停用');
  await expect(popup.getByTestId('code-start')).toBeVisible();
  await shot(page, 'course-create-11-code-stopped');
  expect((await api(request, '/CourseApi/getCourseInfo', { courseid: courseId }, token)).stopcode).toBe(1);
  await popup.getByTestId('code-start').click();
  await expect(popup.getByTestId('code-stop')).toBeVisible();
  expect((await api(request, '/CourseApi/getCourseInfo', { courseid: courseId }, token)).stopcode).toBe(0);

  // reset: a new code, shown at once; the old one no longer joins
  await popup.getByTestId('code-reset').click();
  await page.getByTestId('code-reset-ask-confirm').click();
  await expect(popup.getByTestId('code-popup-code')).not.toHaveText(created.code);
  const fresh = (await api(request, '/CourseApi/getCourseInfo', { courseid: courseId }, token)).code;
  await expect(popup.getByTestId('code-popup-code')).toHaveText(fresh);
  await page.getByTestId('code-popup-close').click();
  await expect(popup).toBeHidden();
  await expect(mine.getByTestId('course-card-code')).toHaveText(fresh);
});

test('in English, a new course starts in the current academic year and term, with the years newest first', async ({
  page,
  request,
}) => {
  const teacher = await registerPerson(request, 1, 'Grace Hopper');
  await api(request, '/UserApi/setLanguage', { lang: 'en' }, teacher.token);
  await signIn(page, request, teacher);
  await page.goto('/newCourse');
  await expect(page.getByTestId('page-title')).toHaveText('New course');
  const year = thisAcademicYear();
  const termText = thisTerm() === 1 ? 'First term' : 'Second term';
  await expect(page.getByTestId('course-semester')).toHaveText(year);
  await expect(page.getByTestId('course-term')).toHaveText(termText);
  await page.getByTestId('course-name').fill('Operating Systems');
  await shot(page, 'course-create-en-01-form');
  await page.getByTestId('course-semester').click();
  expect(await yearChoices(page)).toEqual([thisAcademicYear(1), year, thisAcademicYear(-1), thisAcademicYear(-2)]);
  await shot(page, 'course-create-en-02-year-picker');
  await page.getByTestId(`course-semester-option-${year}`).click();

  // nothing else to choose: the course is filed under the current year and term
  await page.getByTestId('course-submit').click();
  await expect(page).toHaveURL(/\/seniorSetting\?courseId=\d+&from=create$/);
  const courseId = Number(new URL(page.url()).searchParams.get('courseId'));
  expect(await api(request, '/CourseApi/getCourseInfo', { courseid: courseId }, teacher.token)).toMatchObject({
    coursename: 'Operating Systems',
    semester: year,
    term: thisTerm(),
  });
});
