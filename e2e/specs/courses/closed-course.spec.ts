import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { joinedStudent } from '../members/helpers';
import { card, createCourse, registerPerson, signIn } from './helpers';

/*
 * spec 1 §5, spec 2 §2: a student of an ended course whose teacher disabled visits gets the system
 * reminder and goes back to the course list — opening it from the list, and following a link straight
 * to one of its pages (where the server's refusal, 30313, brings the same reminder). The teacher
 * keeps the course.
 */
test('an ended course closed to visits turns its student away, from the list and from a direct link', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const teacher = await registerPerson(request, 1, '孙老师');
  const course = await createCourse(request, teacher.token, { coursename: '数据结构', classname: '计科 2302 班' });
  const student = await joinedStudent(request, '周同学', course.code);
  const hw = await api<{ id: number }>(
    request,
    '/HomeworkApi/addHomework',
    { courseid: course.id, title: '二叉树遍历', endtime: Math.floor(Date.now() / 1000) + 86400, publish: 1 },
    teacher.token,
  );
  await api(request, '/CourseApi/endCourse', { courseid: course.id, canvisit: 0 }, teacher.token);

  // from the course list: the reminder, then back to the list
  await signIn(page, request, student);
  await page.goto('/ktpCourse');
  await expect(card(page, course.id).getByTestId('course-tag-ended')).toBeVisible();
  await card(page, course.id).getByTestId('course-card-open').click();
  await expect(page.getByTestId('course-closed-dialog')).toContainText('系统提醒：课程已结课，老师已禁止访问');
  await page.getByText('知道了').click();
  await expect(page).toHaveURL(/\/ktpCourse$/);

  // a link straight to the homework (no courseRole in it): the server refuses, the same reminder shows
  await page.goto(`/homework?courseId=${course.id}&id=${hw.id}`);
  const dialog = page.getByTestId('course-closed-dialog');
  await expect(dialog).toContainText('系统提醒：课程已结课，老师已禁止访问');
  await expect(dialog).toHaveCount(1);
  // nothing of the course, and no "retry", behind the reminder
  await expect(page.getByTestId('course-closed-blank')).toBeAttached();
  await expect(page.getByText('二叉树遍历')).toHaveCount(0);
  await expect(page.getByText('重试')).toHaveCount(0);
  await shot(page, 'closed-course-01-direct-link');
  await page.getByText('知道了').click();
  await expect(page).toHaveURL(/\/ktpCourse$/);
  await expect(page.getByTestId('course-closed-dialog')).toHaveCount(0);

  // the teacher still opens the homework
  await signIn(page, request, teacher);
  await page.goto(`/homework?courseId=${course.id}&courseRole=1&id=${hw.id}`);
  await expect(page.getByText('二叉树遍历').first()).toBeVisible();
  await expect(page.getByTestId('course-closed-dialog')).toHaveCount(0);
});
