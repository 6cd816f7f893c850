import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { card, createCourse, listIds, refusal, registerPerson, signIn } from './helpers';

test('a teacher deletes a course after two confirmations; it is gone for the student too', async ({
  page,
  request,
  asTeacher,
}) => {
  const teacher = await asTeacher({ page: null });
  const teacherToken = teacher.token;
  const course = await createCourse(request, teacherToken, {
    coursename: `数据库原理 ${Date.now() % 100000}`,
    classname: '计科 2303 班',
  });
  const student = await registerPerson(request, 0, '何同学');
  await api(request, '/CourseApi/joinCourse', { code: course.code }, student.token);

  await signIn(page, request, teacher);
  await page.goto('/ktpCourse');
  const mine = card(page, course.id);
  await expect(mine.getByTestId('course-card-total')).toHaveText('1 名学生');
  await mine.getByTestId('course-card-more').click();
  await page.getByTestId('course-action-delete').click();

  // first: what deleting means; cancelling keeps the course
  const ask = page.getByTestId('delete-ask-dialog');
  await expect(ask).toBeVisible();
  await expect(ask).toContainText(course.coursename);
  await shot(page, 'course-delete-01-confirm');
  await page.getByTestId('delete-ask-cancel').click();
  await expect(ask).toBeHidden();
  await expect(mine).toBeVisible();

  // again, confirmed: the login password (this account has one: deleteway 0)
  await mine.getByTestId('course-card-more').click();
  await page.getByTestId('course-action-delete').click();
  await page.getByTestId('delete-ask-confirm').click();
  const second = page.getByTestId('confirm-second-dialog');
  await expect(second).toBeVisible();
  await expect(second).toContainText('删除后不可恢复');
  await page.getByTestId('confirm-second-confirm').click();
  await expect(page.getByTestId('confirm-second-input-error')).toHaveText('请输入密码');
  await page.getByTestId('confirm-second-input').fill(teacher.password);
  await shot(page, 'course-delete-02-password');
  await page.getByTestId('confirm-second-confirm').click();
  await expect(page.getByText('课程已删除')).toBeVisible();
  await expect(mine).toHaveCount(0);
  await shot(page, 'course-delete-03-deleted', { keepToasts: true });
  expect(await listIds(request, teacherToken, 'teach')).not.toContain(course.id);
  expect(await refusal(request, '/CourseApi/getCourseInfo', { courseid: course.id }, teacherToken)).toBe(30202);

  // the student: gone from the list; the old address (30202) offers the join-code step, which says
  // the course may no longer exist (the server does not tell gone from not-a-member, issue 12 item 7)
  await signIn(page, request, student);
  await page.goto('/ktpCourse');
  await expect(page.getByTestId('course-empty-title')).toHaveText('你还没有加入课程');
  await expect(mine).toHaveCount(0);
  await shot(page, 'course-delete-04-student-list');
  expect(await listIds(request, student.token, 'study')).not.toContain(course.id);
  await page.evaluate((id) => sessionStorage.setItem('courseId', String(id)), course.id);
  await page.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
  await expect(page).toHaveURL(/\/joinCourse\?redirect=/);
  await expect(page.getByTestId('join-offer')).toContainText('课程已不存在');
  expect(await page.evaluate(() => sessionStorage.getItem('courseId'))).toBeNull();
});
