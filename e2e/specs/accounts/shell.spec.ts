import type { Page } from '@playwright/test';
import { DEMO, expect, loginAs, test } from '../../fixtures';
import { shot } from './screens';

/** Opens a tab from the bar and checks its honest empty state. */
async function openTab(page: Page, tab: string, navTitle: string, title: string, text: RegExp) {
  await page.getByTestId(`tab-${tab}`).click();
  await expect(page).toHaveURL(new RegExp(`/${tab}$`));
  const body = page.getByTestId(`tab-page-${tab}`);
  await expect(body).toBeVisible();
  await expect(body.getByTestId('page-title')).toHaveText(navTitle);
  await expect(body.getByTestId('placeholder-title')).toHaveText(title);
  await expect(body.getByTestId('placeholder-text')).toHaveText(text);
}

test.describe('home shell', () => {
  test('a teacher sees the office tab and not the finals tab, each an honest empty state', async ({ page, request }) => {
    await loginAs(page, request, DEMO.teacher.mobile, DEMO.teacher.password);
    await page.goto('/ktpCourse');
    await expect(page.getByTestId('tab-page-ktpCourse')).toBeVisible();
    const tabs = page.locator('.shell-tabbar [data-testid^="tab-"]');
    await expect(tabs).toHaveCount(5);
    await expect(page.getByTestId('tab-teachingAndResearchOffice')).toBeVisible();
    await expect(page.getByTestId('tab-teachingAndResearchOffice')).toContainText('教研室');
    await expect(page.getByTestId('tab-final')).toHaveCount(0);
    // the office is the first tab
    await expect(tabs.first()).toHaveAttribute('data-testid', 'tab-teachingAndResearchOffice');
    // the course list (the courses journeys cover it), with the teacher's create button
    await expect(page.getByTestId('course-tab-teach')).toBeVisible();
    await expect(page.getByTestId('course-create')).toBeVisible();
    await shot(page, 'shell-01-teacher-courses');

    await openTab(page, 'teachingAndResearchOffice', '教研室', '教研室即将开放', /后续版本推出/);
    await shot(page, 'shell-02-teacher-office');
    // the to-do and message tabs are real pages now (specs/todos and specs/home cover them)
    await page.getByTestId('tab-todoList').click();
    await expect(page).toHaveURL(/\/todoList$/);
    await expect(page.getByTestId('tab-page-todoList').getByTestId('page-title')).toHaveText('待办');
    await expect(page.getByTestId('todo-filter')).toBeVisible();
    await shot(page, 'shell-03-teacher-todo');
    await page.getByTestId('tab-ktpMessage').click();
    await expect(page).toHaveURL(/\/ktpMessage$/);
    await expect(page.getByTestId('tab-page-ktpMessage').getByTestId('page-title')).toHaveText('消息');
    await expect(page.getByTestId('message-notices-entry')).toBeVisible();
    await expect(page.getByTestId('message-chat-unavailable')).toContainText(/后续版本推出/);
    await shot(page, 'shell-04-teacher-messages');

    await page.getByTestId('tab-ktpMy').click();
    await expect(page).toHaveURL(/\/ktpMy$/);
    await expect(page.getByTestId('my-username')).toHaveText(DEMO.teacher.name);
    await expect(page.getByTestId('my-role')).toHaveText('老师');
    await expect(page.getByTestId('my-more-note')).toHaveText(/后续版本推出/);
    await shot(page, 'shell-05-teacher-my');

    // the students' tab opened by address sends a teacher to the course list
    await page.goto('/final');
    await expect(page).toHaveURL(/\/ktpCourse$/);
    await expect(page.getByTestId('tab-page-final')).toHaveCount(0);
  });

  test('a student sees the finals tab with its hot flag and not the office tab', async ({ page, request }) => {
    await loginAs(page, request, DEMO.student1.mobile, DEMO.student1.password);
    await page.goto('/ktpCourse');
    await expect(page.getByTestId('tab-page-ktpCourse')).toBeVisible();
    await expect(page.locator('.shell-tabbar [data-testid^="tab-"]')).toHaveCount(5);
    await expect(page.getByTestId('tab-teachingAndResearchOffice')).toHaveCount(0);
    const final = page.getByTestId('tab-final');
    await expect(final).toBeVisible();
    await expect(final).toContainText('期末');
    await expect(final.locator('.adm-badge')).toHaveText('热');
    await shot(page, 'shell-06-student-courses');

    await openTab(page, 'final', '期末', '期末考试即将开放', /后续版本推出/);
    await shot(page, 'shell-07-student-final');
    await page.getByTestId('tab-ktpMy').click();
    await expect(page.getByTestId('my-role')).toHaveText('学生');

    // the teachers' tab opened by address sends a student to the course list
    await page.goto('/teachingAndResearchOffice');
    await expect(page).toHaveURL(/\/ktpCourse$/);
    await expect(page.getByTestId('tab-page-teachingAndResearchOffice')).toHaveCount(0);
  });

  test('an unknown address shows the not-found page with a way home', async ({ page, request }) => {
    await loginAs(page, request, DEMO.student1.mobile, DEMO.student1.password);
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

  test('a logged-out visitor of /ktpMy is asked to log in and brought back after', async ({ page }) => {
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
    await page.getByTestId('login-account').fill(DEMO.student1.mobile);
    await page.getByTestId('login-password').fill(DEMO.student1.password);
    await shot(page, 'shell-10-login-after-prompt');
    await page.getByTestId('login-submit').click();

    await expect(page).toHaveURL(/\/ktpMy$/);
    await expect(page.getByTestId('my-username')).toHaveText(DEMO.student1.name);
    expect(await page.evaluate(() => sessionStorage.getItem('redirect'))).toBeNull();
    await shot(page, 'shell-11-back-on-my');
  });
});
