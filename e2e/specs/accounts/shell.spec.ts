import { expect, test } from '../../fixtures';
import { shot } from './screens';

test.describe('home shell', () => {
  test('a teacher sees no research-office tab while it is not built; its address says what comes', async ({
    page,
    asTeacher,
  }) => {
    const teacher = await asTeacher();
    await page.goto('/ktpCourse');
    await expect(page.getByTestId('tab-page-ktpCourse')).toBeVisible();
    const tabs = page.locator('.shell-tabbar [data-testid^="tab-"]');
    // to-do, courses, messages, me: the office (not built) is hidden, the finals are a student's
    await expect(tabs).toHaveCount(4);
    await expect(page.getByTestId('tab-teachingAndResearchOffice')).toHaveCount(0);
    await expect(page.getByTestId('tab-final')).toHaveCount(0);
    await expect(tabs.first()).toHaveAttribute('data-testid', 'tab-todoList');
    // the course list (the courses journeys cover it), with the teacher's create button
    await expect(page.getByTestId('course-tab-teach')).toBeVisible();
    await expect(page.getByTestId('course-create')).toBeVisible();
    await shot(page, 'shell-01-teacher-courses');

    // an old link to the office still opens an honest page with its own title
    await page.goto('/teachingAndResearchOffice');
    const office = page.getByTestId('tab-page-teachingAndResearchOffice');
    await expect(office.getByTestId('page-title')).toHaveText('教研室');
    await expect(office.getByTestId('placeholder-title')).toHaveText('教研室尚未开放');
    await expect(office.getByTestId('placeholder-text')).toHaveText(/后续版本推出/);
    await shot(page, 'shell-02-teacher-office');
    // the to-do and message tabs are real pages (specs/todos and specs/home cover them)
    await page.getByTestId('tab-todoList').click();
    await expect(page).toHaveURL(/\/todoList$/);
    await expect(page.getByTestId('tab-page-todoList').getByTestId('page-title')).toHaveText('待办');
    await expect(page.getByTestId('todo-filter')).toBeVisible();
    await shot(page, 'shell-03-teacher-todo');
    await page.getByTestId('tab-ktpMessage').click();
    await expect(page).toHaveURL(/\/ktpMessage$/);
    await expect(page.getByTestId('tab-page-ktpMessage').getByTestId('page-title')).toHaveText('消息');
    await expect(page.getByTestId('message-notices-entry')).toBeVisible();
    await expect(page.getByTestId('chat-sessions-empty')).toContainText('还没有会话');
    await shot(page, 'shell-04-teacher-messages');

    await page.getByTestId('tab-ktpMy').click();
    await expect(page).toHaveURL(/\/ktpMy$/);
    await expect(page.getByTestId('my-username')).toHaveText(teacher.name);
    await expect(page.getByTestId('my-role')).toHaveText('老师');
    await shot(page, 'shell-05-teacher-my');

    // the students' tab opened by address sends a teacher to the course list
    await page.goto('/final');
    await expect(page).toHaveURL(/\/ktpCourse$/);
    await expect(page.getByTestId('tab-page-final')).toHaveCount(0);
  });

  test('a student sees no finals tab while finals are not built; its address says what comes', async ({ page, asStudent }) => {
    await asStudent();
    await page.goto('/ktpCourse');
    await expect(page.getByTestId('tab-page-ktpCourse')).toBeVisible();
    await expect(page.locator('.shell-tabbar [data-testid^="tab-"]')).toHaveCount(4);
    await expect(page.getByTestId('tab-teachingAndResearchOffice')).toHaveCount(0);
    // no finals tab, so no "hot" flag on something that does not exist
    await expect(page.getByTestId('tab-final')).toHaveCount(0);
    await expect(page.locator('.shell-tabbar .adm-badge')).toHaveCount(0);
    await shot(page, 'shell-06-student-courses');

    await page.goto('/final');
    const final = page.getByTestId('tab-page-final');
    await expect(final.getByTestId('page-title')).toHaveText('期末考试');
    await expect(final.getByTestId('placeholder-title')).toHaveText('期末考试尚未开放');
    await expect(final.getByTestId('placeholder-text')).toHaveText(/后续版本推出/);
    await shot(page, 'shell-07-student-final');
    await page.getByTestId('tab-ktpMy').click();
    await expect(page.getByTestId('my-role')).toHaveText('学生');

    // the teachers' tab opened by address sends a student to the course list
    await page.goto('/teachingAndResearchOffice');
    await expect(page).toHaveURL(/\/ktpCourse$/);
    await expect(page.getByTestId('tab-page-teachingAndResearchOffice')).toHaveCount(0);
  });

  test('an unknown address shows the not-found page with a way home', async ({ page, asStudent }) => {
    await asStudent();
    await page.goto('/NoSuchPage');
    await expect(page).toHaveURL(/\/NotFound$/);
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await expect(page.getByTestId('not-found-title')).toHaveText('找不到这个页面');
    await expect(page.getByTestId('page-title')).toHaveText('页面不存在');
    await shot(page, 'shell-08-not-found');
    await page.getByTestId('not-found-home').click();
    await expect(page).toHaveURL(/\/ktpCourse$/);
    await expect(page.getByTestId('tab-page-ktpCourse')).toBeVisible();
  });

  test('a logged-out visitor of /ktpMy is asked to log in and brought back after', async ({ page, asStudent }) => {
    const student = await asStudent({ page: null });
    await page.goto('/ktpMy');
    const dialog = page.getByTestId('login-required-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('您还没有登录，先去登录吗？');
    await expect(page.getByTestId('my-page')).toHaveCount(0);
    await shot(page, 'shell-09-login-required');

    await page.getByTestId('login-required-confirm').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem('redirect'))).toBe('/ktpMy');
    await page.getByTestId('login-account').fill(student.mobile);
    await page.getByTestId('login-password').fill(student.password);
    await shot(page, 'shell-10-login-after-prompt');
    await page.getByTestId('login-submit').click();

    await expect(page).toHaveURL(/\/ktpMy$/);
    await expect(page.getByTestId('my-username')).toHaveText(student.name);
    expect(await page.evaluate(() => sessionStorage.getItem('redirect'))).toBeNull();
    await shot(page, 'shell-11-back-on-my');
  });
});
