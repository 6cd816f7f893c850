import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { card, createCourse, listIds, registerPerson, signIn, typeJoinCode } from './helpers';

test('manual review: a student waits, the teacher approves one and rejects another', async ({ page, request, asTeacher }) => {
  test.setTimeout(120_000); // three people and two screens: about 30 s on a quiet machine
  const teacher = await asTeacher({ page: null });
  const teacherToken = teacher.token;
  const course = await createCourse(request, teacherToken, {
    coursename: `机器学习 ${Date.now() % 100000}`,
    classname: '人工智能 2401 班',
  });
  const approved = await registerPerson(request, 0, '郑同学');
  const rejected = await registerPerson(request, 0, '冯同学');
  const question = '你的专业';

  // the teacher: enrolment settings from the course home: manual review, the student number and a question
  await signIn(page, request, teacher);
  await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
  await page.getByTestId('home-enroll-setting').click();
  await expect(page).toHaveURL(new RegExp(`/seniorSetting\\?courseId=${course.id}$`));
  await page.getByTestId('audit-manual').click();
  await page.getByTestId('enroll-q-stno').click();
  await page.getByTestId('enroll-custom-add').click();
  await expect(page.getByTestId('custom-question-dialog')).toBeVisible();
  await page.getByTestId('custom-question-confirm').click();
  await expect(page.getByTestId('custom-question-input-error')).toHaveText('请输入问题标题');
  await page.getByTestId('custom-question-input').fill(question);
  await shot(page, 'course-enrol-01-add-question');
  await page.getByTestId('custom-question-confirm').click();
  await expect(page.getByTestId('custom-question-dialog')).toBeHidden();
  await expect(page.getByTestId('enroll-custom-title')).toHaveText(question);
  await shot(page, 'course-enrol-02-manual-review');
  await page.getByTestId('enroll-save').click();
  await expect(page).toHaveURL(new RegExp(`/courseHome\\?courseId=${course.id}&courseRole=1$`));
  const setting = await api(request, '/CourseApi/getEnrollSetting', { courseid: course.id }, teacherToken);
  expect(setting).toMatchObject({ enrollstate: '1', auditstate: '1', maxcount: 0 });
  expect(setting.formLists.filter((q: { selected: number }) => q.selected === 1).map((q: { title: string }) => q.title)).toEqual([
    '学号',
    question,
  ]);

  // each student joins by code, fills the form and waits
  for (const [index, student] of [approved, rejected].entries()) {
    await signIn(page, request, student);
    await page.goto('/joinCourse');
    await typeJoinCode(page, course.code);
    await page.getByTestId('join-submit').click();
    await expect(page).toHaveURL(new RegExp(`/studentEnrollCourseDetail\\?code=${course.code}$`));
    await expect(page.getByTestId('enroll-course-name')).toHaveText(course.coursename);
    if (index === 0) {
      // every question is required
      await page.getByTestId('enroll-answer-0').fill('2026101');
      await page.getByTestId('enroll-submit').click();
      await expect(page.getByTestId('enroll-answer-1-error')).toHaveText('请回答所有报名问题');
      await shot(page, 'course-enrol-03-form-missing');
    } else await page.getByTestId('enroll-answer-0').fill('2026102');
    await page.getByTestId('enroll-answer-1').fill(index === 0 ? '计算机科学' : '软件工程');
    await page.getByTestId('enroll-submit').click();
    await expect(page.getByTestId('enroll-state-waiting')).toHaveText('报名已提交，等待老师审核');
    await expect(page.getByTestId('enroll-answers')).toContainText(index === 0 ? '计算机科学' : '软件工程');
    if (index === 0) await shot(page, 'course-enrol-04-waiting');
    // not in the course yet
    expect(await listIds(request, student.token, 'study')).not.toContain(course.id);
  }
  const waiting = await api<{ id: number; username: string; state: number }[]>(
    request,
    '/CourseApi/enrollList',
    { courseid: course.id, state: 0 },
    teacherToken,
  );
  expect(waiting.map((r) => r.username).sort()).toEqual([approved.name, rejected.name].sort());

  // the teacher reviews
  await signIn(page, request, teacher);
  await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
  await page.getByTestId('home-enroll-review').click();
  await expect(page).toHaveURL(new RegExp(`/enrollReview\\?courseId=${course.id}$`));
  const rows = page.getByTestId('review-row');
  await expect(rows).toHaveCount(2);
  const rowOf = (name: string) => rows.filter({ has: page.getByTestId('review-name').getByText(name, { exact: true }) });
  await expect(rowOf(approved.name).getByTestId('review-answers')).toContainText('计算机科学');
  await shot(page, 'course-enrol-05-review-waiting');

  // bulk approval needs a choice
  await page.getByTestId('review-bulk-approve').click();
  await expect(page.getByText('请至少选择一项')).toBeVisible();
  await rowOf(approved.name).getByTestId('review-check').click();
  await expect(page.getByTestId('review-selected')).toHaveText('已选 1 人');
  await shot(page, 'course-enrol-06-review-selected', { keepToasts: false });
  await page.getByTestId('review-bulk-approve').click();
  await expect(page.getByText('已通过 1 人')).toBeVisible();
  await expect(rows).toHaveCount(1);

  // the other one, rejected from its row after a confirmation
  await rowOf(rejected.name).getByTestId('review-row-reject').click();
  await expect(page.getByTestId('review-reject-ask-dialog')).toBeVisible();
  await shot(page, 'course-enrol-07-reject-confirm');
  await page.getByTestId('review-reject-ask-confirm').click();
  await expect(page.getByTestId('review-empty')).toBeVisible();
  await page.getByTestId('review-tab-1').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('review-name')).toHaveText(approved.name);
  await shot(page, 'course-enrol-08-review-approved');
  await page.getByTestId('review-tab-2').click();
  await expect(rows.first().getByTestId('review-name')).toHaveText(rejected.name);
  await expect(rows.first().getByTestId('review-state')).toHaveText('已拒绝');
  // one request in detail
  await rows.first().getByTestId('review-open').click();
  await expect(page).toHaveURL(new RegExp(`/enrollDetail\\?courseId=${course.id}&id=\\d+$`));
  await expect(page.getByTestId('enroll-detail-name')).toHaveText(rejected.name);
  await expect(page.getByTestId('enroll-detail-answers')).toContainText('软件工程');
  await expect(page.getByTestId('enroll-detail-state')).toHaveText('已拒绝');
  await shot(page, 'course-enrol-09-request-detail');
  const all = await api<{ username: string; state: number }[]>(
    request,
    '/CourseApi/enrollList',
    { courseid: course.id },
    teacherToken,
  );
  expect(Object.fromEntries(all.map((r) => [r.username, r.state]))).toEqual({ [approved.name]: 1, [rejected.name]: 2 });

  // the approved student finds the course under 我学的
  await signIn(page, request, approved);
  await page.goto('/ktpCourse');
  await expect(card(page, course.id)).toBeVisible();
  await shot(page, 'course-enrol-10-approved-student-list');
  expect(await listIds(request, approved.token, 'study')).toContain(course.id);

  // the rejected one is told so when trying again
  await signIn(page, request, rejected);
  await page.goto('/joinCourse');
  await typeJoinCode(page, course.code);
  await page.getByTestId('join-submit').click();
  await expect(page.getByTestId('join-fail')).toBeVisible();
  await expect(page.getByTestId('join-fail-message')).toHaveText('您的报名未通过审核');
  await shot(page, 'course-enrol-11-rejected-again');
  expect(await listIds(request, rejected.token, 'study')).not.toContain(course.id);
});
