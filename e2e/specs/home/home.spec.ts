import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { completeProfile, createCourse, registerPerson, signIn } from '../courses/helpers';

test.describe('home page', () => {
  test('a teacher reaches the home page from the course list: carousel, quick buttons with "new course", course banner', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const teacher = await registerPerson(request, 1, '林老师');
    const course = await createCourse(request, teacher.token, {
      coursename: `软件工程 ${Date.now() % 100000}`,
      classname: '软工 2301 班',
    });

    await signIn(page, request, teacher);
    await page.goto('/ktpCourse');
    await page.getByTestId('course-list-home').click();
    await expect(page).toHaveURL(/\/index$/);
    await expect(page.getByTestId('page-title')).toHaveText('首页');
    await expect(page.getByTestId('home-page')).toHaveAttribute('data-role', 'teacher');

    // two pictures that turn by themselves every 5 s
    await expect(page.getByTestId('home-slide')).toHaveCount(2);
    await expect(page.getByTestId('home-slide-title')).toHaveText(['PaiClass', '加入课程']);
    await expect(page.getByTestId('home-carousel')).toHaveAttribute('data-interval', '5000');
    const activeDot = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="home-carousel"] .adm-page-indicator-dot')].findIndex((d) =>
          d.classList.contains('adm-page-indicator-dot-active'),
        ),
      );
    expect(await activeDot()).toBe(0);
    await expect.poll(activeDot, { timeout: 9_000, intervals: [500] }).toBe(1);

    // the teacher's quick buttons include "new course"
    await expect(page.getByTestId('home-quick').locator('.home-quick-label')).toHaveText([
      '新建课程',
      '加入课程',
      '我的课程',
      '课程广场',
      '我的特权',
    ]);
    // no to-dos for a teacher yet; the course banner shows the new course
    await expect(page.getByTestId('home-todo-empty')).toHaveText('暂无待办');
    await expect(page.locator(`[data-testid="home-course"][data-course-id="${course.id}"]`)).toContainText(course.coursename);
    await expect(page.getByTestId('home-courses')).toHaveAttribute('data-interval', '3000');
    await shot(page, 'home-01-teacher');

    // the playground (not built) has no tab; the course square (not built) is marked and does not open;
    // privileges opens the VIP page (issue 28)
    await expect(page.getByTestId('home-tab-playground')).toHaveCount(0);
    await expect(page.getByTestId('home-quick-square')).toHaveAttribute('data-coming', '1');
    await expect(page.getByTestId('home-quick-square')).toBeDisabled();
    await expect(page.getByTestId('home-quick-square').getByTestId('coming-mark')).toHaveText('即将推出');
    await expect(page.getByTestId('home-quick-privileges')).toBeEnabled();
    await expect(page.getByTestId('home-quick-privileges').getByTestId('coming-mark')).toHaveCount(0);
    await expect(page).toHaveURL(/\/index$/);
    await shot(page, 'home-02-coming');

    // new course opens the course form; the course banner opens the course
    await page.getByTestId('home-quick-create').click();
    await expect(page).toHaveURL(/\/newCourse$/);
    await page.goBack();
    await page.locator(`[data-testid="home-course"][data-course-id="${course.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/courseHome\\?courseId=${course.id}&courseRole=1$`));
  });

  test('a student sees no "new course", and the home page in English', async ({ page, request }) => {
    test.setTimeout(120_000);
    const student = await registerPerson(request, 0, 'Mary Shelley');
    await completeProfile(request, student.token);

    // with no course yet the banner offers to join one
    await signIn(page, request, student);
    await page.goto('/ktpStudentHome');
    await expect(page.getByTestId('home-page')).toHaveAttribute('data-role', 'student');
    await expect(page.getByTestId('home-quick').locator('.home-quick-label')).toHaveText([
      '加入课程',
      '我的课程',
      '课程广场',
      '我的特权',
    ]);
    await expect(page.getByTestId('home-quick-create')).toHaveCount(0);
    await expect(page.getByTestId('home-courses-empty')).toContainText('你还没有加入课程');
    // /ktpStudentHome sits above the tab bar
    await expect(page.getByTestId('tab-ktpCourse')).toBeVisible();
    await shot(page, 'home-03-student');
    await page.getByTestId('home-quick-join').click();
    await expect(page).toHaveURL(/\/joinCourse$/);

    // in English
    await api(request, '/UserApi/setLanguage', { lang: 'en' }, student.token);
    await signIn(page, request, student);
    await page.goto('/index');
    await expect(page.getByTestId('page-title')).toHaveText('Home');
    await expect(page.getByTestId('home-slide-title')).toHaveText(['PaiClass', 'Join a course']);
    await expect(page.getByTestId('home-quick').locator('.home-quick-label')).toHaveText([
      'Join course',
      'My courses',
      'Course catalogue',
      'Benefits',
    ]);
    await expect(page.getByTestId('home-quick-square').getByTestId('coming-mark')).toHaveText('Coming');
    await expect(page.getByTestId('home-todo-empty')).toHaveText('Nothing to do');
    await shot(page, 'home-04-student-en');
    await page.goto('/todoList');
    await expect(page.getByTestId('todo-empty-title')).toHaveText('Nothing to do');
    await page.goto('/ktpMessage');
    await expect(page.getByTestId('message-notices-entry')).toContainText('Notifications');
    await expect(page.getByTestId('chat-sessions-empty')).toContainText('No conversations yet');
    await shot(page, 'home-05-messages-en');
  });
});
