import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { completeProfile, createCourse, registerPerson, signIn } from '../courses/helpers';
import { publishMaterial, publishNotice, serverTodos, swipeOpen, todoItem } from './helpers';

test.describe('to-dos', () => {
  test('a student in two courses filters the to-dos by course, marks one finished and ignores another', async ({
    page,
    request,
    asTeacher,
  }) => {
    test.setTimeout(180_000);
    const teacher = await asTeacher({ page: null });
    const stamp = Date.now() % 100000;
    const teacherToken = teacher.token;
    const algo = await createCourse(request, teacherToken, { coursename: `算法设计 ${stamp}`, classname: '计科 2301 班' });
    const stats = await createCourse(request, teacherToken, { coursename: `概率统计 ${stamp}`, classname: '数学 2302 班' });

    // a new student who learns in both courses
    const student = await registerPerson(request, 0, '周小舟');
    await completeProfile(request, student.token);
    await api(request, '/CourseApi/joinCourse', { code: algo.code }, student.token);
    await api(request, '/CourseApi/joinCourse', { code: stats.code }, student.token);

    // the teacher publishes: two announcements and a material due within a day in one course,
    // an announcement and a material due in three days in the other
    const algoNotice1 = await publishNotice(request, teacherToken, algo.id, '第一次上机安排');
    const algoNotice2 = await publishNotice(request, teacherToken, algo.id, '期中考试范围');
    const algoMaterial = await publishMaterial(request, teacherToken, algo.id, '动态规划讲义', 20 * 3600);
    const statsNotice = await publishNotice(request, teacherToken, stats.id, '教材购买通知');
    const statsMaterial = await publishMaterial(request, teacherToken, stats.id, '习题集第二章', 3 * 86400);
    expect((await serverTodos(request, student.token)).length).toBe(5);

    // the home page shows only the first 3, with the count of all 5
    await signIn(page, request, student);
    await page.goto('/index');
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(page.getByTestId('home-todo-list').getByTestId('todo-item')).toHaveCount(3);
    await expect(page.getByTestId('home-todo-total')).toHaveText('5');
    // soonest deadline first: the material due within a day leads, with its countdown in red
    const firstHome = page.getByTestId('home-todo-list').getByTestId('todo-item').first();
    await expect(firstHome).toHaveAttribute('data-id', String(algoMaterial.id));
    await expect(firstHome.getByTestId('todo-deadline')).toHaveClass(/is-urgent/);
    await expect(firstHome.getByTestId('todo-left')).toHaveText(/^还剩 (19|20) 小时( \d+ 分钟)?$/);
    await shot(page, 'todos-01-home-three');

    // "more" opens the to-do tab with all five
    await page.getByTestId('home-todo-more').click();
    await expect(page).toHaveURL(/\/todoList$/);
    await expect(page.getByTestId('page-title')).toHaveText('待办');
    await expect(page.getByTestId('todo-item')).toHaveCount(5);
    await expect(page.getByTestId('todo-total')).toHaveText('共 5 项');
    await expect(page.getByTestId('todo-end')).toHaveText('没有更多了');
    const notice1 = todoItem(page, algoNotice1.id);
    await expect(notice1.getByTestId('todo-label')).toHaveText('公告');
    await expect(notice1.getByTestId('todo-title')).toHaveText('第一次上机安排');
    await expect(notice1.getByTestId('todo-course')).toHaveText(`算法设计 ${stamp} · 计科 2301 班`);
    await expect(notice1.getByTestId('todo-deadline')).toHaveText('无截止时间');
    const material = todoItem(page, statsMaterial.id);
    await expect(material.getByTestId('todo-label')).toHaveText('资料');
    await expect(material.getByTestId('todo-deadline')).toContainText('截止');
    await expect(material.getByTestId('todo-left')).toHaveText(/^还剩 [23] 天( \d+ 小时)?$/);
    await expect(material.getByTestId('todo-deadline')).not.toHaveClass(/is-urgent/);
    await shot(page, 'todos-02-list');

    // the course filter lists both courses; choosing one shows only its to-dos
    await page.getByTestId('todo-filter').click();
    await expect(page.getByTestId('todo-filter-popup')).toBeVisible();
    await expect(page.getByTestId('todo-filter-option')).toHaveCount(3);
    await expect(page.locator('[data-testid="todo-filter-option"][data-id="0"]')).toContainText('全部课程');
    await shot(page, 'todos-03-filter-popup');
    await page.locator(`[data-testid="todo-filter-option"][data-id="${stats.id}"]`).click();
    await expect(page.getByTestId('todo-filter-popup')).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/todoList\\?classid=${stats.id}$`));
    await expect(page.getByTestId('todo-filter-label')).toHaveText(`概率统计 ${stamp}`);
    await expect(page.getByTestId('todo-item')).toHaveCount(2);
    await expect(page.getByTestId('todo-total')).toHaveText('共 2 项');
    for (const course of await page.getByTestId('todo-course').allTextContents()) expect(course).toContain(`概率统计 ${stamp}`);
    await expect(todoItem(page, statsNotice.id)).toBeVisible();
    await expect(todoItem(page, statsMaterial.id)).toBeVisible();
    await shot(page, 'todos-04-filtered');

    // back to all courses
    await page.getByTestId('todo-filter').click();
    await page.locator('[data-testid="todo-filter-option"][data-id="0"]').click();
    await expect(page).toHaveURL(/\/todoList$/);
    await expect(page.getByTestId('todo-item')).toHaveCount(5);

    // mark finished asks first; cancelling keeps the to-do
    await notice1.getByTestId('todo-more').click();
    await expect(page.getByTestId('todo-actions-title')).toHaveText('第一次上机安排');
    await shot(page, 'todos-05-actions');
    await page.getByTestId('todo-action-finish').click();
    await expect(page.getByTestId('todo-finish-dialog')).toBeVisible();
    await expect(page.getByTestId('todo-finish-dialog')).toContainText('确定将「第一次上机安排」标记为已完成吗？');
    await shot(page, 'todos-06-finish-confirm');
    await page.getByTestId('todo-finish-cancel').click();
    await expect(page.getByTestId('todo-finish-dialog')).toBeHidden();
    await expect(notice1).toBeVisible();
    expect((await serverTodos(request, student.token)).map((t) => t.contentid)).toContain(algoNotice1.id);

    // confirmed, it leaves the list and the server's to-dos
    await notice1.getByTestId('todo-more').click();
    await page.getByTestId('todo-action-finish').click();
    await page.getByTestId('todo-finish-confirm').click();
    await expect(notice1).toHaveCount(0);
    await expect(page.getByTestId('todo-item')).toHaveCount(4);
    await expect(page.getByTestId('todo-total')).toHaveText('共 4 项');
    expect((await serverTodos(request, student.token)).map((t) => t.contentid)).not.toContain(algoNotice1.id);

    // ignore needs no confirmation; here by swiping the to-do left with a finger, as on a phone
    const swiped = page.locator('.adm-swipe-action').filter({ has: todoItem(page, statsMaterial.id) });
    const ignoreButton = swiped.getByRole('button', { name: '忽略' });
    await swipeOpen(page, todoItem(page, statsMaterial.id), ignoreButton);
    await expect(ignoreButton).toBeInViewport({ ratio: 1 });
    await expect(swiped.getByRole('button', { name: '标记完成' })).toBeInViewport({ ratio: 1 });
    await shot(page, 'todos-07-swiped');
    await ignoreButton.click();
    await expect(todoItem(page, statsMaterial.id)).toHaveCount(0);
    await expect(page.getByTestId('todo-item')).toHaveCount(3);
    await expect(page.getByTestId('todo-total')).toHaveText('共 3 项');
    const left = (await serverTodos(request, student.token)).map((t) => t.contentid).sort();
    expect(left).toEqual([algoNotice2.id, algoMaterial.id, statsNotice.id].sort());
    await shot(page, 'todos-08-after-actions');

    // after a reload the list is the server's: still three
    await page.reload();
    await expect(page.getByTestId('todo-item')).toHaveCount(3);

    // opening an announcement to-do goes to its notice
    await todoItem(page, algoNotice2.id).getByTestId('todo-open').click();
    await expect(page).toHaveURL(new RegExp(`/noticeDetail\\?id=${algoNotice2.id}&courseId=${algo.id}&courseRole=0$`));
  });

  test('the list loads 10 to-dos at a time as it scrolls, and says when there is nothing to do', async ({
    page,
    request,
    asTeacher,
  }) => {
    test.setTimeout(180_000);
    const teacher = await asTeacher({ page: null });
    const stamp = Date.now() % 100000;
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, { coursename: `线性代数 ${stamp}` });
    const student = await registerPerson(request, 0, '钱多多');
    await completeProfile(request, student.token);

    // before any course: an empty, honest list
    await signIn(page, request, student);
    await page.goto('/todoList');
    await expect(page.getByTestId('todo-empty-title')).toHaveText('暂无待办');
    await shot(page, 'todos-09-empty');

    await api(request, '/CourseApi/joinCourse', { code: course.code }, student.token);
    for (let i = 1; i <= 12; i += 1) await publishNotice(request, teacherToken, course.id, `第 ${i} 周课堂安排`);

    // the pages the list asks for, as it asks
    const asked: { page: number; limit: number }[] = [];
    page.on('request', (req) => {
      if (/\/Futurev2\/Todo\/getTodoList$/i.test(new URL(req.url()).pathname)) asked.push(req.postDataJSON());
    });
    await page.reload();
    await expect(page.getByTestId('todo-total')).toHaveText('共 12 项');
    await expect(page.getByTestId('todo-item').nth(9)).toBeVisible();
    // scrolling to the end fetches the rest
    await page.getByTestId('todo-item').last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect(page.getByTestId('todo-item')).toHaveCount(12);
    await page.getByTestId('todo-end').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('todo-end')).toBeVisible();
    expect(asked.map((a) => [a.page, a.limit])).toEqual([
      [1, 10],
      [2, 10],
    ]);
    await shot(page, 'todos-10-scrolled-end');
  });
});
