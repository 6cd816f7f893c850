import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { card, completeProfile, createCourse, registerPerson, signIn } from './helpers';

test.describe('course home', () => {
  test('the teacher forbids leaving and ends the course closed to students; the student is turned away', async ({
    page,
    request,
    asTeacher,
  }) => {
    const teacher = await asTeacher({ page: null });
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, {
      coursename: `计算机网络 ${Date.now() % 100000}`,
      classname: '网络 2301 班',
    });
    const student = await registerPerson(request, 0, '林同学');
    await completeProfile(request, student.token);
    await api(request, '/CourseApi/joinCourse', { code: course.code }, student.token);

    // the teacher: students may not leave
    await signIn(page, request, teacher);
    await page.goto(`/CourseHome?courseId=${course.id}&courseRole=1`);
    await expect(page.getByTestId('course-home-name')).toHaveText(course.coursename);

    // edit: the form comes filled in; saving goes back to the course home
    await page.getByTestId('home-edit').click();
    await expect(page).toHaveURL(new RegExp(`/newCourse\\?id=${course.id}$`));
    await expect(page.getByTestId('page-title')).toHaveText('编辑课程');
    await expect(page.getByTestId('course-name')).toHaveValue(course.coursename);
    await expect(page.getByTestId('course-semester')).toHaveText(course.semester);
    await expect(page.getByTestId('course-term')).toHaveText('第一学期');
    const renamed = `${course.coursename}（网络工程）`;
    await page.getByTestId('course-name').fill(renamed);
    await page.getByTestId('course-venue').fill('实验楼 305');
    await shot(page, 'course-home-01-edit-form');
    await page.getByTestId('course-submit').click();
    // back where the teacher came from (opened as /CourseHome)
    await expect(page).toHaveURL(new RegExp(`/CourseHome\\?courseId=${course.id}&courseRole=1$`));
    await expect(page.getByTestId('course-home-name')).toHaveText(renamed);
    expect(await api(request, '/CourseApi/getCourseInfo', { courseid: course.id }, teacherToken)).toMatchObject({
      coursename: renamed,
      venue: '实验楼 305',
    });

    await expect(page.getByTestId('home-allow-quit')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('home-allow-quit').click();
    await expect(page.getByTestId('home-allow-quit')).toHaveAttribute('aria-checked', 'false');
    await expect
      .poll(async () => (await api(request, '/CourseApi/getCourseAllowQuit', { courseid: course.id }, teacherToken)).allowquit)
      .toBe(0);

    // the student is told before any password is asked
    await signIn(page, request, student);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
    await page.getByTestId('home-quit').click();
    await expect(page.getByTestId('quit-not-allowed')).toContainText('老师已设置不允许退出该课程');
    await shot(page, 'course-home-02-quit-not-allowed');
    await page.getByText('知道了').click();
    await expect(page.getByTestId('confirm-second-dialog')).toHaveCount(0);

    // the teacher ends the course, closed to students
    await signIn(page, request, teacher);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('home-end').click();
    await expect(page.getByTestId('end-course-dialog')).toBeVisible();
    await shot(page, 'course-home-03-end-choice');
    await page.getByTestId('end-course-block').click();
    await expect(page.getByTestId('home-end-state')).toHaveText('学生已禁止访问');
    await expect(page.getByTestId('course-home-ended')).toHaveText('已结课');
    await shot(page, 'course-home-04-ended');
    expect(await api(request, '/CourseApi/getCourseInfo', { courseid: course.id }, teacherToken)).toMatchObject({
      classending: 1,
      canvisit: 0,
    });
    await page.goto('/ktpCourse');
    await expect(card(page, course.id).getByTestId('course-tag-ended')).toHaveText('已结课');

    // the student: a system reminder, then the course list
    await signIn(page, request, student);
    await page.goto('/ktpCourse');
    await expect(card(page, course.id).getByTestId('course-tag-ended')).toBeVisible();
    await card(page, course.id).getByTestId('course-card-open').click();
    await expect(page.getByTestId('course-closed-dialog')).toContainText('系统提醒：课程已结课，老师已禁止访问');
    await expect(page.getByTestId('course-home-name')).toHaveCount(0);
    await shot(page, 'course-home-05-closed-to-student');
    await page.getByText('知道了').click();
    await expect(page).toHaveURL(/\/ktpCourse$/);
  });

  test('in English: the course list, the form and the course home', async ({ page, request }) => {
    const teacher = await registerPerson(request, 1, 'Ada Lovelace');
    await api(request, '/UserApi/setLanguage', { lang: 'en' }, teacher.token);
    const course = await createCourse(request, teacher.token, {
      coursename: 'Software Engineering',
      classname: 'CS 2301',
      term: 2,
    });

    await signIn(page, request, teacher);
    await page.goto('/ktpCourse');
    await expect(page.getByTestId('course-tab-teach')).toHaveText('Teaching');
    const section = page.getByTestId('semester-section').first();
    await expect(section.getByTestId('semester-title')).toContainText('Second term');
    await expect(card(page, course.id).getByTestId('course-card-total')).toHaveText('Students: 0');
    await shot(page, 'course-en-01-list');

    await page.getByTestId('course-create').click();
    await page.getByTestId('course-submit').click();
    await expect(page.getByTestId('course-name-error')).toHaveText('Enter the course name');
    await shot(page, 'course-en-02-form');

    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    await expect(page.getByTestId('course-home-role')).toHaveText('Owner');
    // the menus come from /CourseApi/getModules in the account's language
    await expect(page.getByTestId('home-menu-interact')).toContainText('Q&A');
    await shot(page, 'course-en-03-home');
  });
});
