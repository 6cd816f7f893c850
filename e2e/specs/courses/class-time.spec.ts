import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { card, completeProfile, createCourse, registerPerson, signIn } from './helpers';

test.describe('class time', () => {
  test('the teacher begins a class: both course lists say "in class" with a banner; ending it takes the label away', async ({
    page,
    request,
  }) => {
    const teacher = await registerPerson(request, 1, '陈老师');
    const course = await createCourse(request, teacher.token, {
      coursename: `线性代数 ${Date.now() % 100000}`,
      classname: '数学 2301 班',
    });
    const student = await registerPerson(request, 0, '周同学');
    await completeProfile(request, student.token);
    await api(request, '/CourseApi/joinCourse', { code: course.code }, student.token);

    // the teacher begins the class from the course home
    await signIn(page, request, teacher);
    // the class status held back: the bar keeps its place while it loads, and the rows below do not move
    // when it arrives (a press on a row landed on the wrong one so, under load)
    let answerStatus!: () => void;
    const statusHeld = new Promise<void>((resolve) => (answerStatus = resolve));
    await page.route('**/AttendClass/classTimeStatus', async (route) => {
      await statusHeld;
      await route.continue();
    });
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    const bar = page.getByTestId('class-time-bar');
    await expect(bar).toHaveAttribute('data-state', 'loading');
    await expect(page.getByTestId('course-home-menu')).toHaveAttribute('aria-busy', 'false');
    const membersBefore = await page.getByTestId('home-members').boundingBox();
    answerStatus();
    await expect(bar).toHaveAttribute('data-state', 'off');
    expect(await page.getByTestId('home-members').boundingBox()).toEqual(membersBefore);
    await page.unroute('**/AttendClass/classTimeStatus');
    await expect(bar).toContainText('还没有开始上课');
    await shot(page, 'class-time-01-teacher-idle');
    await page.getByTestId('class-begin').click();
    await expect(bar).toHaveAttribute('data-state', 'on');
    await expect(bar).toContainText('上课中');
    await expect(bar).toContainText('陈老师');
    await shot(page, 'class-time-02-teacher-in-class');

    // the teacher's course list: the label on the card and the banner at the top
    await page.goto('/ktpCourse');
    await expect(card(page, course.id).getByTestId('course-tag-class-state')).toHaveText('上课中');
    const banner = page.getByTestId('class-state-banner');
    await expect(banner.locator(`[data-course-id="${course.id}"]`)).toContainText(course.coursename);
    await shot(page, 'class-time-03-teacher-list');

    // the code popup copies the invitation page's address for the students
    await card(page, course.id).getByTestId('course-card-code').click();
    await expect(page.getByTestId('code-popup-code')).toHaveText(course.code);
    await page.getByTestId('code-copy-invite').click();
    await expect(page.getByText('邀请链接已复制，发给学生即可加入')).toBeVisible();
    await page.getByTestId('code-popup-close').click();

    // the student sees the same, and the course home says class is on, without the teacher's button
    await signIn(page, request, student);
    await page.goto('/ktpCourse');
    await expect(card(page, course.id).getByTestId('course-tag-class-state')).toHaveText('上课中');
    await shot(page, 'class-time-04-student-list');
    await page.getByTestId('class-state-banner').locator(`[data-course-id="${course.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/courseHome\\?courseId=${course.id}&courseRole=0`));
    await expect(page.getByTestId('class-time-bar')).toHaveAttribute('data-state', 'on');
    await expect(page.getByTestId('class-begin')).toHaveCount(0);
    await expect(page.getByTestId('class-end')).toHaveCount(0);
    await shot(page, 'class-time-05-student-home');

    // the teacher ends the class after confirming; the label and the banner are gone
    await signIn(page, request, teacher);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('class-end').click();
    await expect(page.getByTestId('class-end-cancel')).toBeVisible();
    await shot(page, 'class-time-06-end-confirm');
    await page.getByTestId('class-end-cancel').click();
    await expect(page.getByTestId('class-time-bar')).toHaveAttribute('data-state', 'on');
    await page.getByTestId('class-end').click();
    await page.getByTestId('class-end-confirm').click();
    await expect(page.getByTestId('class-time-bar')).toHaveAttribute('data-state', 'off');
    await page.goto('/ktpCourse');
    await expect(card(page, course.id)).toBeVisible();
    await expect(card(page, course.id).getByTestId('course-tag-class-state')).toHaveCount(0);
    await expect(page.getByTestId('class-state-banner')).toHaveCount(0);
    const status = await api<{ status: number }>(
      request,
      '/Futurev2/AttendClass/classTimeStatus',
      { courseid: course.id },
      student.token,
    );
    expect(status.status).toBe(0);
  });
});
