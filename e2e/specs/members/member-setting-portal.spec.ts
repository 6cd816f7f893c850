import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { completeProfile, createCourse, listIds, registerPerson, signIn } from '../courses/helpers';
import { joinedStudent } from './helpers';

interface Setting {
  courseid: number;
  notify: number;
  weekday: number;
  time: string;
}

test.describe('member notice, course page and the route-wide course check', () => {
  test('a teacher sets the weekly member notice', async ({ page, request, asTeacher }) => {
    const teacher = await asTeacher({ page: null });
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, { coursename: `数据结构 ${Date.now() % 100000}` });
    const setting = () => api<Setting>(request, '/CourseApi/getMemberSetting', { courseid: course.id }, teacherToken);

    await signIn(page, request, teacher);
    await page.goto(`/member?courseId=${course.id}`);
    await page.getByTestId('member-setting').click();
    await expect(page).toHaveURL(new RegExp(`/member/memberSetting\\?courseId=${course.id}$`));
    await expect(page.getByTestId('member-setting-text')).toContainText('本周成员加入和退出');
    // on by default, Saturday 21:30
    await expect(page.getByTestId('member-setting-notify')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('member-setting-weekday-6')).toHaveAttribute('data-selected', '1');
    await expect(page.getByTestId('member-setting-time')).toHaveValue('21:30');
    await shot(page, 'member-setting-01-default');

    await page.getByTestId('member-setting-weekday-1').click();
    await page.getByTestId('member-setting-time').fill('08:00');
    await expect(page.getByTestId('member-setting-weekday-1')).toHaveAttribute('data-selected', '1');
    await shot(page, 'member-setting-02-monday');
    await page.getByTestId('member-setting-save').click();
    await expect(page).toHaveURL(new RegExp(`/member\\?courseId=${course.id}$`));
    expect(await setting()).toMatchObject({ notify: 1, weekday: 1, time: '08:00' });

    // off, then on again: the day and time are kept
    await page.getByTestId('member-setting').click();
    await expect(page.getByTestId('member-setting-time')).toHaveValue('08:00');
    await page.getByTestId('member-setting-notify').click();
    await expect(page.getByTestId('member-setting-notify')).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByTestId('member-setting-time')).toHaveCount(0);
    await shot(page, 'member-setting-03-off');
    await page.getByTestId('member-setting-save').click();
    await expect(page).toHaveURL(new RegExp(`/member\\?courseId=${course.id}$`));
    expect(await setting()).toMatchObject({ notify: 0, weekday: 1, time: '08:00' });

    await page.getByTestId('member-setting').click();
    await page.getByTestId('member-setting-notify').click();
    await expect(page.getByTestId('member-setting-weekday-1')).toHaveAttribute('data-selected', '1');
    await page.getByTestId('member-setting-save').click();
    await expect(page).toHaveURL(new RegExp(`/member\\?courseId=${course.id}$`));
    expect(await setting()).toMatchObject({ notify: 1, weekday: 1, time: '08:00' });

    // a student of the course has no permission
    const student = await joinedStudent(request, '钱同学', course.code);
    await signIn(page, request, student);
    await page.goto(`/member/memberSetting?courseId=${course.id}`);
    await expect(page.getByTestId('no-permission')).toBeVisible();
    await expect(page.getByTestId('member-setting-save')).toHaveCount(0);
    await shot(page, 'member-setting-04-student');
  });

  test('a teacher shares the course page; a logged-out visitor opens it and joins', async ({ page, request, asTeacher }) => {
    const teacher = await asTeacher({ page: null });
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, {
      coursename: `计算机网络 ${Date.now() % 100000}`,
      classname: '网络 2401 班',
    });
    const intro = '第一章 网络概述\n第二章 <b>物理层</b>';
    await api(request, '/CourseApi/saveCourseIntro', { courseid: course.id, describes: intro }, teacherToken);

    await signIn(page, request, teacher);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('home-share').click();
    await expect(page.getByTestId('share-dialog')).toBeVisible();
    const link = (await page.getByTestId('share-link').textContent())!.trim();
    expect(link).toMatch(/\/courseDoor\?coid=[0-9a-f]{32}$/);
    expect(link.startsWith(new URL(page.url()).origin)).toBe(true);
    await page.getByTestId('share-copy').click();
    // copying may be refused by a headless browser; the link stays on screen either way
    await expect(page.getByTestId('share-link')).toHaveText(link);
    await shot(page, 'course-door-01-share', { keepToasts: true });
    await page.getByTestId('share-close').click();
    await expect(page.getByTestId('share-dialog')).toBeHidden();

    // a visitor without a session opens the link
    const visitor = await registerPerson(request, 0, '孙同学');
    await completeProfile(request, visitor.token);
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto(link);
    await expect(page.getByTestId('door-name')).toHaveText(course.coursename);
    await expect(page.getByTestId('door-class')).toHaveText('网络 2401 班');
    await expect(page.getByTestId('door-teacher')).toContainText(teacher.name);
    await expect(page.getByTestId('door-total')).toContainText('0');
    // plain text with its line breaks, never HTML
    await expect(page.getByTestId('door-intro')).toHaveText(intro);
    await expect(page.getByTestId('door-intro').locator('b')).toHaveCount(0);
    await shot(page, 'course-door-02-portal');
    // the page never shows (nor receives) the join code: joining goes by the link itself
    await expect(page.locator('body')).not.toContainText(course.code);

    await page.getByTestId('door-join').click();
    await expect(page.getByTestId('login-required-dialog')).toBeVisible();
    await page.getByTestId('login-required-confirm').click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByTestId('login-account').fill(visitor.mobile);
    await page.getByTestId('login-password').fill(visitor.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(new RegExp(`/courseHome\\?courseId=${course.id}&courseRole=0$`));
    await expect(page.getByTestId('course-home-name')).toHaveText(course.coursename);
    await shot(page, 'course-door-03-joined');
    expect(await listIds(request, visitor.token, 'study')).toContain(course.id);

    // once the code is stopped, the page says the course is not taking students
    await api(request, '/CourseApi/stopCode', { courseid: course.id }, teacherToken);
    await page.goto(link);
    await expect(page.getByTestId('door-closed')).toHaveText('这门课程暂不接受新学生加入，请联系老师');
    await expect(page.getByTestId('door-join')).toHaveCount(0);
    await shot(page, 'course-door-04-not-joinable');

    // an unknown course: the server's message
    await page.goto(`/courseDoor?coid=${'0'.repeat(32)}`);
    await expect(page.getByTestId('door-not-found-text')).toHaveText('这门课程不存在或已被删除');
    await shot(page, 'course-door-05-not-found');
  });

  test('a student opening a teacher address of a course page lands on the course list', async ({ page, request, asTeacher }) => {
    const teacher = await asTeacher({ page: null });
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, { coursename: `编译原理 ${Date.now() % 100000}` });
    const student = await joinedStudent(request, '周同学', course.code);
    await signIn(page, request, student);
    await page.goto(`/enrollReview?courseId=${course.id}&courseRole=1`);
    await expect(page).toHaveURL(/\/ktpCourse$/);
    await expect(page.getByTestId('enroll-review-page')).toHaveCount(0);
    await shot(page, 'course-check-01-student-as-teacher');

    // the teacher opens the same address
    await signIn(page, request, teacher);
    await page.goto(`/enrollReview?courseId=${course.id}&courseRole=1`);
    await expect(page).toHaveURL(new RegExp(`/enrollReview\\?courseId=${course.id}&courseRole=1$`));
  });
});
