import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { card, createCourse, listIds, registerPerson, signIn } from './helpers';

test('a student archives a course, finds it in the archive and restores it', async ({ page, request, asTeacher }) => {
  const teacher = await asTeacher({ page: null });
  const teacherToken = teacher.token;
  const course = await createCourse(request, teacherToken, {
    coursename: `高等数学 ${Date.now() % 100000}`,
    classname: '数学 2301 班',
  });
  const other = await createCourse(request, teacherToken, {
    coursename: `大学英语 ${Date.now() % 100000}`,
    classname: '外语 2301 班',
  });
  const student = await registerPerson(request, 0, '孙同学');
  await api(request, '/CourseApi/joinCourse', { code: course.code }, student.token);
  await api(request, '/CourseApi/joinCourse', { code: other.code }, student.token);

  await signIn(page, request, student);
  await page.goto('/ktpCourse');
  const mine = card(page, course.id);
  await expect(mine).toBeVisible();
  await expect(card(page, other.id)).toBeVisible();

  // the student's menu: pin, archive, leave — no edit, delete, copy or transfer
  await mine.getByTestId('course-card-more').click();
  await expect(page.getByTestId('course-menu-title')).toHaveText(course.coursename);
  await expect(page.getByTestId('course-action-archive')).toBeVisible();
  await expect(page.getByTestId('course-action-quit')).toBeVisible();
  await expect(page.getByTestId('course-action-pin')).toHaveText('置顶');
  await expect(page.getByTestId('course-action-delete')).toHaveCount(0);
  await expect(page.getByTestId('course-action-edit')).toHaveCount(0);
  await shot(page, 'course-archive-01-student-menu');

  // pin it first: it moves to the pinned list
  await page.getByTestId('course-action-pin').click();
  await expect(page.getByTestId('pinned-section').locator(`[data-course-id="${course.id}"]`)).toBeVisible();
  await expect(mine.getByTestId('course-tag-top')).toHaveText('置顶');
  await shot(page, 'course-archive-02-pinned');
  expect((await api(request, '/CourseApi/getCourseInfo', { courseid: course.id }, student.token)).isTop).toBe(1);

  // archive: gone from the list, only for this student
  await mine.getByTestId('course-card-more').click();
  await page.getByTestId('course-action-archive').click();
  await expect(page.getByText('已归档，可在「归档管理」中恢复')).toBeVisible();
  await expect(mine).toHaveCount(0);
  await expect(card(page, other.id)).toBeVisible();
  await shot(page, 'course-archive-03-archived', { keepToasts: true });
  expect(await listIds(request, student.token, 'study')).not.toContain(course.id);
  expect(
    (await api<{ id: number }[]>(request, '/CourseApi/archivedCourseList', { type: 3 }, student.token)).map((c) => c.id),
  ).toEqual([course.id]);
  expect(await listIds(request, teacherToken, 'teach')).toContain(course.id);

  // the archive: restore
  await page.getByTestId('course-archive').click();
  await expect(page).toHaveURL(/\/filedCourse$/);
  await expect(page.getByTestId('page-title')).toHaveText('归档管理');
  const archived = card(page, course.id);
  await expect(archived).toBeVisible();
  await expect(archived.getByTestId('course-card-teacher')).toHaveText(teacher.name);
  await shot(page, 'course-archive-04-archive-list');
  await archived.getByTestId('filed-restore').click();
  await expect(page.getByTestId('filed-empty')).toBeVisible();
  await shot(page, 'course-archive-05-restored', { keepToasts: true });
  expect(await api(request, '/CourseApi/archivedCourseList', { type: 0 }, student.token)).toEqual([]);

  // back in the list, still pinned
  await page.getByTestId('nav-back').click();
  await expect(page).toHaveURL(/\/ktpCourse$/);
  await expect(page.getByTestId('pinned-section').locator(`[data-course-id="${course.id}"]`)).toBeVisible();
  await shot(page, 'course-archive-06-back-in-list');
  expect(await listIds(request, student.token, 'study')).toContain(course.id);
});
