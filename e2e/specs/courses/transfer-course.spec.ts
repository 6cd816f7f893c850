import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { card, createCourse, expectTabLineUnder, listIds, registerPerson, signIn } from './helpers';

test('a teacher transfers a course to another teacher after confirming with the password', async ({
  page,
  request,
  asTeacher,
}) => {
  const teacher = await asTeacher({ page: null });
  const teacherToken = teacher.token;
  const course = await createCourse(request, teacherToken, {
    coursename: `操作系统 ${Date.now() % 100000}`,
    classname: '计科 2302 班',
  });
  const receiver = await registerPerson(request, 1, '陈老师');
  const student = await registerPerson(request, 0, '钱同学');

  await signIn(page, request, teacher);
  await page.goto('/ktpCourse');
  const mine = card(page, course.id);
  // the line under 我教的 from the first render on
  await expectTabLineUnder(page, page.getByTestId('course-tab-teach'));
  await mine.getByTestId('course-card-more').click();
  await expect(page.getByTestId('course-action-transfer')).toBeVisible();
  await expect(page.getByTestId('course-action-delete')).toBeVisible();
  await shot(page, 'course-transfer-01-owner-menu');
  await page.getByTestId('course-action-transfer').click();

  // who receives it: a student's account is not a teacher, and the server says so after the password
  const ask = page.getByTestId('transfer-account-dialog');
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('你将作为助教留在教学团队中');
  await page.getByTestId('transfer-account-confirm').click();
  await expect(page.getByTestId('transfer-account-input-error')).toHaveText('请输入接收老师的账号、手机号或邮箱');
  await page.getByTestId('transfer-account-input').fill(student.mobile);
  await page.getByTestId('transfer-account-confirm').click();
  const second = page.getByTestId('confirm-second-dialog');
  await expect(second).toBeVisible();
  await expect(second).toContainText('输入登录密码确认');
  await page.getByTestId('confirm-second-input').fill(teacher.password);
  await page.getByTestId('confirm-second-confirm').click();
  // back to the account, with the server's reason
  await expect(page.getByTestId('transfer-account-input')).toHaveValue(student.mobile);
  await expect(page.getByTestId('transfer-account-input-error')).toHaveText(/老师/);
  await shot(page, 'course-transfer-02-not-a-teacher');
  expect(await listIds(request, teacherToken, 'teach')).toContain(course.id);

  // the right teacher; a wrong password first
  await page.getByTestId('transfer-account-input').fill(receiver.mobile);
  await page.getByTestId('transfer-account-confirm').click();
  await expect(second).toBeVisible();
  await page.getByTestId('confirm-second-input').fill('Wrong#2026');
  await page.getByTestId('confirm-second-confirm').click();
  await expect(page.getByTestId('confirm-second-input-error')).toHaveText('登录密码错误，请重新输入');
  await shot(page, 'course-transfer-03-wrong-password');
  expect(await listIds(request, teacherToken, 'teach')).toContain(course.id);
  await page.getByTestId('confirm-second-input').fill(teacher.password);
  await shot(page, 'course-transfer-04-password');
  await page.getByTestId('confirm-second-confirm').click();
  await expect(page.getByText('课程已转让')).toBeVisible();
  await expect(second).toBeHidden();

  // no longer taught by the old owner; under 我协助的 instead
  await expect(mine).toHaveCount(0);
  await page.getByTestId('course-tab-assist').click();
  await expect(page).toHaveURL(/\/ktpCourse\?tab=assist$/);
  await expectTabLineUnder(page, page.getByTestId('course-tab-assist'));
  await expect(mine).toBeVisible();
  await expect(mine.getByTestId('course-tag-assistant')).toHaveText('助教');
  await expect(mine.getByTestId('course-card-teacher')).toHaveText(receiver.name);
  // an assistant's menu: no delete or transfer
  await mine.getByTestId('course-card-more').click();
  await expect(page.getByTestId('course-action-edit')).toBeVisible();
  await expect(page.getByTestId('course-action-copy')).toBeVisible();
  await expect(page.getByTestId('course-action-transfer')).toHaveCount(0);
  await expect(page.getByTestId('course-action-delete')).toHaveCount(0);
  await shot(page, 'course-transfer-05-old-owner-assists');
  await page.locator('.adm-action-sheet-cancel').click();

  expect(await listIds(request, teacherToken, 'teach')).not.toContain(course.id);
  expect(await listIds(request, teacherToken, 'assist')).toContain(course.id);
  expect((await api(request, '/CourseApi/getCourseInfo', { courseid: course.id }, teacherToken)).memberRole).toBe('assistant');
  expect((await api(request, '/CourseApi/getCourseInfo', { courseid: course.id }, receiver.token)).memberRole).toBe('owner');

  // the new owner teaches it
  await signIn(page, request, receiver);
  await page.goto('/ktpCourse');
  await expect(card(page, course.id)).toBeVisible();
  await expect(card(page, course.id).getByTestId('course-card-teacher')).toHaveText(receiver.name);
  await shot(page, 'course-transfer-06-new-owner-teaches');
  expect(await listIds(request, receiver.token, 'teach')).toContain(course.id);
});
