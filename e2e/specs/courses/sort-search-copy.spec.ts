import { api, expect, snap, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { card, createCourse, registerPerson, signIn } from './helpers';

test('a teacher reorders courses, searches them and copies one under a new name', async ({ page, request }) => {
  const teacher = await registerPerson(request, 1, '刘老师');
  const first = await createCourse(request, teacher.token, { coursename: '编译原理', classname: '计科 2201 班' });
  const second = await createCourse(request, teacher.token, { coursename: '计算机组成', classname: '计科 2202 班' });
  const third = await createCourse(request, teacher.token, { coursename: '算法设计', classname: '计科 2203 班' });
  const order = async () =>
    // the list answers ids as strings, as Ketangpai does (issue 10)
    (await api<{ id: string }[]>(request, '/CourseApi/semesterCourseList', { isstudy: 0, type: 'teach' }, teacher.token)).map(
      (c) => Number(c.id),
    );
  // newest first until the teacher orders them
  expect(await order()).toEqual([third.id, second.id, first.id]);

  await signIn(page, request, teacher);
  await page.goto('/ktpCourse');
  await expect(card(page, third.id)).toBeVisible();

  // sort mode: move 编译原理 to the top, then save
  await page.getByTestId('course-sort').click();
  const rows = page.getByTestId('sort-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.first().getByTestId('sort-up')).toBeDisabled();
  const row = page.locator(`[data-testid="sort-row"][data-course-id="${first.id}"]`);
  await row.getByTestId('sort-up').click();
  await row.getByTestId('sort-up').click();
  await expect(rows.first()).toHaveAttribute('data-course-id', String(first.id));
  await shot(page, 'course-sort-01-sort-mode');
  await page.getByTestId('sort-save').click();
  await expect(page.getByTestId('sort-panel')).toHaveCount(0);
  await expect(page.getByTestId('course-card').first()).toHaveAttribute('data-course-id', String(first.id));
  expect(await order()).toEqual([first.id, third.id, second.id]);
  await shot(page, 'course-sort-02-saved', { keepToasts: true });

  // drag to reorder: with the mouse, 计算机组成 (last) by its handle to the top
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
  await page.getByTestId('course-sort').click();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toHaveAttribute('data-course-id', String(second.id));
  const handle = (id: number) => page.locator(`[data-testid="sort-handle"][data-course-id="${id}"]`);
  const centre = async (id: number) => {
    const box = (await handle(id).boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const from = await centre(second.id);
  const to = await centre(first.id);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, to.y - 6, { steps: 12 });
  const dragged = page.locator(`[data-testid="sort-row"][data-course-id="${second.id}"]`);
  await expect(dragged).toHaveAttribute('data-dragging', 'true');
  // the dragged row follows the pointer, over the top row, while the others moved down to make room
  const draggedBox = (await dragged.boundingBox())!;
  expect(Math.abs(draggedBox.y + draggedBox.height / 2 - (to.y - 6))).toBeLessThan(12);
  await snap(page, 'course-sort-02b-dragging');
  await page.mouse.up();
  // the new order shows at once, before saving
  await expect(rows.first()).toHaveAttribute('data-course-id', String(second.id));
  await expect(rows.nth(1)).toHaveAttribute('data-course-id', String(first.id));
  await expect(rows.nth(2)).toHaveAttribute('data-course-id', String(third.id));
  await expect(dragged).not.toHaveAttribute('data-dragging', 'true');
  await shot(page, 'course-sort-02c-dropped');
  expect(await order()).toEqual([first.id, third.id, second.id]);

  // and with a finger (real touch events): 编译原理 (now second) down to the bottom
  const finger = await page.context().newCDPSession(page);
  const start = await centre(first.id);
  const end = await centre(third.id);
  const scrolled = await page.evaluate(() => window.scrollY);
  await finger.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: start.x, y: start.y }] });
  for (let i = 1; i <= 12; i++) {
    const y = start.y + ((end.y + 6 - start.y) * i) / 12;
    await finger.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: start.x, y }] });
  }
  await expect(page.locator(`[data-testid="sort-row"][data-course-id="${first.id}"]`)).toHaveAttribute('data-dragging', 'true');
  await finger.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await finger.detach();
  await expect(rows.nth(0)).toHaveAttribute('data-course-id', String(second.id));
  await expect(rows.nth(1)).toHaveAttribute('data-course-id', String(third.id));
  await expect(rows.nth(2)).toHaveAttribute('data-course-id', String(first.id));
  // the page did not scroll away under the finger
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

  await page.getByTestId('sort-save').click();
  await expect(page.getByTestId('sort-panel')).toHaveCount(0);
  await expect(page.getByTestId('course-card').first()).toHaveAttribute('data-course-id', String(second.id));
  expect(await order()).toEqual([second.id, third.id, first.id]);
  await shot(page, 'course-sort-02d-drag-saved', { keepToasts: true });

  // search by class name
  await page.getByTestId('course-search').fill('2202');
  await expect(page.getByTestId('course-card')).toHaveCount(1);
  await expect(card(page, second.id)).toBeVisible();
  await shot(page, 'course-sort-03-search');
  await page.getByTestId('course-search').fill('没有这门课');
  await expect(page.getByTestId('course-empty-title')).toHaveText('没有找到相关课程');
  await page.getByTestId('course-search').fill('');
  await expect(page.getByTestId('course-card')).toHaveCount(3);

  // copy: a new name is required
  await card(page, third.id).getByTestId('course-card-more').click();
  await page.getByTestId('course-action-copy').click();
  await expect(page.getByTestId('copy-name-dialog')).toBeVisible();
  await page.getByTestId('copy-name-confirm').click();
  await expect(page.getByTestId('copy-name-input-error')).toHaveText('请输入课程名称');
  await page.getByTestId('copy-name-input').fill('算法设计（2027 春）');
  await shot(page, 'course-sort-04-copy-name');
  await page.getByTestId('copy-name-confirm').click();
  await expect(page.getByText('已复制为「算法设计（2027 春）」')).toBeVisible();
  await expect(page.getByTestId('course-card')).toHaveCount(4);
  const copies = (
    await api<{ id: string; coursename: string; code: string }[]>(
      request,
      '/CourseApi/semesterCourseList',
      { isstudy: 0, type: 'teach' },
      teacher.token,
    )
  ).filter((c) => c.coursename === '算法设计（2027 春）');
  expect(copies).toHaveLength(1);
  expect(copies[0]!.code).not.toBe(third.code);
  await expect(card(page, Number(copies[0]!.id))).toBeVisible();
});
