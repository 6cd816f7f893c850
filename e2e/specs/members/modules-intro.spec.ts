import type { Page } from '@playwright/test';
import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, signIn } from '../courses/helpers';
import { joinedStudent } from './helpers';

/**
 * The keys of the course home's areas the teacher arranges, in the order the page shows them, once the menus
 * have loaded. Attendance is always last and is not one of them: it is checked on its own.
 */
async function menuKeys(page: Page) {
  await expect(page.getByTestId('course-home-menu')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('home-menu-attendance')).toBeVisible();
  const keys = await page
    .getByTestId('course-home-menu')
    .locator('[data-testid^="home-menu-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.replace('home-menu-', '')));
  expect(keys.at(-1)).toBe('attendance');
  return keys.slice(0, -1);
}

/** The keys of the module rows, in the order the page shows them. */
async function moduleKeys(page: Page) {
  return page.getByTestId('module-row').evaluateAll((els) => els.map((el) => el.getAttribute('data-key')!));
}

test.describe('course areas and introduction', () => {
  test('a teacher renames, reorders and removes course areas and writes the introduction; a student reads it', async ({
    page,
    request,
    asTeacher,
  }) => {
    test.setTimeout(120_000);
    const teacher = await asTeacher({ page: null });
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, {
      coursename: `操作系统原理 ${Date.now() % 100000}`,
      classname: '计科 2304 班',
    });
    const student = await joinedStudent(request, '吴小雨', course.code);
    const defaults = [
      'catalogue',
      'courseware',
      'homework',
      'test',
      'material',
      'live',
      'meeting',
      'notice',
      'topic',
      'interact',
    ];

    await signIn(page, request, teacher);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    expect(await menuKeys(page)).toEqual(defaults);
    await page.getByTestId('home-modules').click();
    await expect(page).toHaveURL(new RegExp(`/AllReachingActivityModules\\?courseId=${course.id}$`));
    await expect(page.getByTestId('module-row')).toHaveCount(10);
    await shot(page, 'modules-01-list');

    // the last area cannot go: down to one, the remove button is disabled and the page says why
    for (let i = 0; i < 9; i++) await page.getByTestId('module-remove').first().click();
    await expect(page.getByTestId('module-row')).toHaveCount(1);
    await expect(page.getByTestId('module-remove')).toBeDisabled();
    await expect(page.getByTestId('module-keep-one')).toHaveText('至少保留一个模块，最后一个模块不能移除。');
    await expect(page.getByTestId('module-restore')).toHaveCount(9);
    await shot(page, 'modules-02-keep-one');
    // start again from what is saved: leaving asks first
    await page.getByTestId('nav-back').click();
    await expect(page.getByTestId('leave-ask-dialog')).toBeVisible();
    await page.getByTestId('leave-ask-confirm').click();
    await expect(page).toHaveURL(new RegExp(`/courseHome\\?courseId=${course.id}&courseRole=1$`));
    await page.getByTestId('home-modules').click();
    await expect(page.getByTestId('module-row')).toHaveCount(10);

    // a name of 9 characters is refused with the rule's message, and nothing is saved
    const homework = page.locator('[data-testid="module-row"][data-key="homework"]');
    await homework.getByTestId('module-name').fill('课后作业与练习题目');
    await expect(homework.getByTestId('module-name-error')).toHaveText('模块名称最多 8 个字');
    await page.getByTestId('modules-save').click();
    await expect(page).toHaveURL(/\/AllReachingActivityModules\?/);
    await shot(page, 'modules-03-name-too-long');
    expect((await api<{ key: string }[]>(request, '/CourseApi/getModules', { courseid: course.id }, teacherToken)).length).toBe(
      10,
    );
    await homework.getByTestId('module-name').fill('');
    await expect(homework.getByTestId('module-name-error')).toHaveText('请输入模块名称');
    await homework.getByTestId('module-name').fill('课后作业');
    await expect(homework.getByTestId('module-name-error')).toHaveCount(0);

    // tests go first, meetings go away
    const test_ = page.locator('[data-testid="module-row"][data-key="test"]');
    for (let i = 0; i < 3; i++) await test_.getByTestId('module-up').click();
    await page.locator('[data-testid="module-row"][data-key="meeting"]').getByTestId('module-remove').click();
    const expected = ['test', 'catalogue', 'courseware', 'homework', 'material', 'live', 'notice', 'topic', 'interact'];
    expect(await moduleKeys(page)).toEqual(expected);
    await expect(page.locator('[data-testid="module-restore"][data-key="meeting"]')).toBeVisible();
    await shot(page, 'modules-04-edited');
    await page.getByTestId('modules-save').click();

    // the course home shows the new names and order
    await expect(page).toHaveURL(new RegExp(`/courseHome\\?courseId=${course.id}&courseRole=1$`));
    await expect(page.getByText('功能模块已保存')).toBeVisible();
    expect(await menuKeys(page)).toEqual(expected);
    await expect(page.getByTestId('home-menu-homework')).toContainText('课后作业');
    await expect(page.getByTestId('home-menu-meeting')).toHaveCount(0);
    // back where the teacher left the course home; the menus are at its top
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'modules-05-course-home');
    const saved = await api<{ key: string; name: string }[]>(
      request,
      '/CourseApi/getModules',
      { courseid: course.id },
      teacherToken,
    );
    expect(saved.map((m) => m.key)).toEqual(expected);
    expect(saved.find((m) => m.key === 'homework')!.name).toBe('课后作业');

    // the introduction: none yet, then written with line breaks and text that looks like markup
    await page.getByTestId('home-intro').click();
    await expect(page).toHaveURL(new RegExp(`/courseIntro\\?courseId=${course.id}$`));
    await expect(page.getByTestId('intro-empty')).toContainText('还没有课程介绍');
    await shot(page, 'intro-01-empty');
    await page.getByTestId('intro-edit').click();
    await expect(page.getByTestId('page-title')).toHaveText('编辑课程介绍');
    await expect(page.getByTestId('intro-count')).toHaveText('0/5000');
    const intro = '本课程讲授进程、内存与文件系统。\n每周一次实验，<b>期末</b>闭卷考试。\n\n成绩：平时 40% + 期末 60%';
    await page.getByTestId('intro-input').fill(intro);
    await expect(page.getByTestId('intro-count')).toHaveText(`${intro.length}/5000`);
    await shot(page, 'intro-02-editing');
    await page.getByTestId('intro-save').click();
    await expect(page.getByText('课程介绍已保存')).toBeVisible();
    await expect(page.getByTestId('intro-text')).toHaveText(intro, { useInnerText: true });
    await expect(page.getByTestId('intro-text').locator('b')).toHaveCount(0);
    await shot(page, 'intro-03-saved');
    expect((await api(request, '/CourseApi/getCourseIntro', { courseid: course.id }, teacherToken)).describes).toBe(intro);
    // at most 5000 characters
    await page.getByTestId('intro-edit').click();
    await page.getByTestId('intro-input').fill('长'.repeat(5001));
    await expect(page.getByTestId('intro-count')).toHaveText('5000/5000');
    await page.getByTestId('intro-cancel').click();
    await expect(page.getByTestId('leave-ask-dialog')).toBeVisible();
    await page.getByTestId('leave-ask-confirm').click();
    await expect(page.getByTestId('intro-text')).toHaveText(intro, { useInnerText: true });

    // the student: the same menus, and the introduction to read, not to edit
    await signIn(page, request, student);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
    expect(await menuKeys(page)).toEqual(expected);
    await expect(page.getByTestId('home-modules')).toHaveCount(0);
    await shot(page, 'modules-06-student-home');
    await page.getByTestId('home-intro').click();
    await expect(page.getByTestId('intro-text')).toHaveText(intro, { useInnerText: true });
    await expect(page.getByTestId('intro-edit')).toHaveCount(0);
    await shot(page, 'intro-04-student-reads');
    // the student cannot open the areas page
    await page.goto(`/AllReachingActivityModules?courseId=${course.id}`);
    await expect(page.getByTestId('no-permission-text')).toHaveText('您没有权限，请联系课程管理员');
  });
});
