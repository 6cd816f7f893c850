import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { card, createCourse, registerPerson, signIn } from './helpers';

test('a teacher reorders courses, searches them and copies one under a new name', async ({ page, request }) => {
  const teacher = await registerPerson(request, 1, '刘老师');
  const first = await createCourse(request, teacher.token, { coursename: '编译原理', classname: '计科 2201 班' });
  const second = await createCourse(request, teacher.token, { coursename: '计算机组成', classname: '计科 2202 班' });
  const third = await createCourse(request, teacher.token, { coursename: '算法设计', classname: '计科 2203 班' });
  const order = async () =>
    (await api<{ id: number }[]>(request, '/CourseApi/semesterCourseList', { isstudy: 0, type: 'teach' }, teacher.token)).map(
      (c) => c.id,
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
    await api<{ id: number; coursename: string; code: string }[]>(
      request,
      '/CourseApi/semesterCourseList',
      { isstudy: 0, type: 'teach' },
      teacher.token,
    )
  ).filter((c) => c.coursename === '算法设计（2027 春）');
  expect(copies).toHaveLength(1);
  expect(copies[0]!.code).not.toBe(third.code);
  await expect(card(page, copies[0]!.id)).toBeVisible();
});
