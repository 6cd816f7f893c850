import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { completeProfile, createCourse, endsWith, registerPerson, signIn, typeJoinCode } from './helpers';

/*
 * A shared course or homework link opened by a logged-in student who is not a member (issue 12
 * item 7): not a toast and the course list, but the join-code step, and after joining the link.
 */
async function addHomework(
  request: Parameters<typeof api>[0],
  token: string,
  courseid: number,
  title: string,
  content = '<p>见附件要求。</p>',
) {
  return api<{ id: number }>(
    request,
    '/HomeworkApi/addHomework',
    {
      courseid,
      title,
      content,
      fullscore: 100,
      endtime: Math.floor(Date.now() / 1000) + 3 * 86400,
      publish: 1,
    },
    token,
  );
}

test('a non-member opens a homework link, joins with the code and lands on the homework', async ({ page, request }) => {
  const teacher = await registerPerson(request, 1, '陈老师');
  const course = await createCourse(request, teacher.token, {
    coursename: `操作系统 ${Date.now() % 100000}`,
    classname: '计科 2401 班',
  });
  const hw = await addHomework(request, teacher.token, course.id, '实验二：内存分页');
  const student = await registerPerson(request, 0, '林同学');
  await completeProfile(request, student.token);
  const link = `/homework?courseId=${course.id}&courseRole=0&id=${hw.id}`;

  await signIn(page, request, student);
  await page.evaluate((id) => sessionStorage.setItem('courseId', String(id)), course.id);
  await page.goto(link);
  // the join-code step, carrying the link; nothing of the course shows
  await expect(page).toHaveURL(endsWith(`/joinCourse?redirect=${encodeURIComponent(link)}`));
  await expect(page.getByTestId('join-offer')).toHaveText(
    '你还不是这门课程的成员（或课程已不存在）。输入老师给的 6 位加课码加入课程，加入后会打开你收到的链接。',
  );
  await expect(page.getByText(course.coursename)).toHaveCount(0);
  await expect(page.getByText('实验二：内存分页')).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('courseId'))).toBeNull();
  await shot(page, 'course-link-join-01-offer');

  await typeJoinCode(page, course.code);
  await expect(page.getByTestId('join-submit')).toBeEnabled();
  await shot(page, 'course-link-join-02-code-typed');
  await page.getByTestId('join-submit').click();
  // joined, and on the homework the link pointed to
  await expect(page).toHaveURL(endsWith(link));
  await expect(page.getByText('实验二：内存分页').first()).toBeVisible();
  await expect(page.getByTestId('nothing-submitted')).toHaveText('你还没有提交作业。');
  await shot(page, 'course-link-join-03-on-homework');
  expect(await api(request, '/CourseApi/getCourseInfo', { courseid: course.id }, student.token)).toMatchObject({
    courseRole: 0,
  });

  // an absolute URL is never a return target: the offer is not made, and joining enters the course home
  await page.goto(`/joinCourse?redirect=${encodeURIComponent(`https://evil.example/courseHome?courseId=${course.id}`)}`);
  await expect(page.getByTestId('join-page')).toBeVisible();
  await expect(page.getByTestId('join-offer')).toHaveCount(0);
  await typeJoinCode(page, course.code);
  await page.getByTestId('join-submit').click();
  await expect(page).toHaveURL(endsWith(`/courseHome?courseId=${course.id}&courseRole=0`));

  // "back to my courses" leaves the offer for the list
  const other = await createCourse(request, teacher.token, { coursename: `编译原理 ${Date.now() % 100000}` });
  await page.goto(`/courseHome?courseId=${other.id}&courseRole=0`);
  await expect(page.getByTestId('join-offer')).toBeVisible();
  await page.getByTestId('join-offer-home').click();
  await expect(page).toHaveURL(/\/ktpCourse$/);
});

test('in English: a course that reviews joins says so, and after approval the link opens', async ({ page, request }) => {
  const teacher = await registerPerson(request, 1, 'Grace Hopper');
  const course = await createCourse(request, teacher.token, {
    coursename: `Compilers ${Date.now() % 100000}`,
    classname: 'CS 2304',
  });
  await api(
    request,
    '/CourseApi/saveEnrollSetting',
    { courseid: course.id, enrollstate: 1, auditstate: 1, maxcount: 0, formLists: [] },
    teacher.token,
  );
  const hw = await addHomework(request, teacher.token, course.id, 'Lexer for a tiny language', '<p>See the attached brief.</p>');
  const student = await registerPerson(request, 0, 'Ada Byron');
  await api(request, '/UserApi/setLanguage', { lang: 'en' }, student.token);
  await completeProfile(request, student.token);
  const link = `/homework?courseId=${course.id}&courseRole=0&id=${hw.id}`;

  await signIn(page, request, student);
  await page.goto(link);
  await expect(page).toHaveURL(endsWith(`/joinCourse?redirect=${encodeURIComponent(link)}`));
  await expect(page.getByTestId('join-offer')).toContainText('You are not a member of this course');
  await typeJoinCode(page, course.code);
  await shot(page, 'course-link-join-04-offer-en');
  await page.getByTestId('join-submit').click();

  // the course reviews joins: the request is sent and the page says the link opens after approval
  await expect(page).toHaveURL(endsWith(`/studentEnrollCourseDetail?code=${course.code}&redirect=${encodeURIComponent(link)}`));
  await page.getByTestId('enroll-submit').click();
  await expect(page.getByTestId('enroll-state-waiting')).toBeVisible();
  await expect(page.getByTestId('enroll-waiting-link')).toHaveText(
    'Once your teacher approves, open the link you were sent again to see it.',
  );
  await shot(page, 'course-link-join-05-waiting-en');

  // the teacher approves; the student's page now opens the link
  const requests = await api<{ id: number }[]>(
    request,
    '/CourseApi/enrollList',
    { courseid: course.id, state: 0 },
    teacher.token,
  );
  await api(request, '/CourseApi/enrollReview', { courseid: course.id, ids: requests.map((r) => r.id), state: 1 }, teacher.token);
  await page.reload();
  await expect(page.getByTestId('enroll-enter')).toHaveText('Open the link you were sent');
  await page.getByTestId('enroll-enter').click();
  await expect(page).toHaveURL(endsWith(link));
  await expect(page.getByText('Lexer for a tiny language').first()).toBeVisible();
  await shot(page, 'course-link-join-06-on-homework-en');
});
