import { api, expect, register, snap, test } from '../../fixtures';

/**
 * Issue 25, "counts that need a reload today, and must update live": the teacher's course home counts
 * a student who joins, a test's settings count a paper started and handed in, the homework list counts
 * work handed in, and a student's result page shows the score once the teacher publishes it, all
 * without a reload. Each page says when it is listening (`data-live="on"`), and only then does anyone act.
 */
test('zh: the counts follow the class without a reload', async ({ page, request, asTeacher, newCourse, newPhone }) => {
  test.setTimeout(120_000);
  const teacher = await asTeacher();
  const course = await newCourse({ teacher, students: ['林一'] });
  const [lin] = course.students;

  // the course home: a second student joins with the code
  await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
  const total = page.getByTestId('course-home-total');
  await expect(total).toHaveAttribute('data-live', 'on');
  await expect(total).toHaveText(/1 名学生/);
  const zhou = await register(request, 0, '周二');
  await api(request, '/UserApi/saveCourseProfile', { classno: '2301', grade: 2, enrolltime: '2025-09' }, zhou.token);
  await api(request, '/CourseApi/joinCourse', { code: course.code }, zhou.token);
  await expect(total).toHaveText(/2 名学生/);
  await snap(page, 'live-counts-course-home-zh');

  // a test: started and handed in, counted on its settings page
  const q = await api<{ id: number }>(
    request,
    '/QuestionBankApi/addQuestion',
    { courseid: course.id, type: 1, title: '<p>树是连通无环图</p>', answer: '1', score: 2 },
    teacher.token,
  );
  const paper = await api<{ id: number }>(
    request,
    '/TestpaperApi/addTestpaper',
    { courseid: course.id, title: '随堂测', fixed: [q.id], releasescore: 0 },
    teacher.token,
  );
  await api(request, '/TestpaperApi/publishTestpaper', { courseid: course.id, id: paper.id }, teacher.token);
  await page.goto(`/testing/settings?courseId=${course.id}&courseRole=1&id=${paper.id}`);
  const counts = page.getByTestId('test-counts');
  await expect(counts).toHaveAttribute('data-live', 'on');
  await expect(counts).toContainText('未开始 2');
  const started = await api<{ lists: { id: number }[]; attemptid: number }>(
    request,
    '/TestpaperApi/doSubjectList',
    { courseid: course.id, testpaperid: paper.id },
    lin!.token,
  );
  await expect(counts).toContainText('作答中 1');
  await api(
    request,
    '/TestpaperApi/handup',
    { courseid: course.id, testpaperid: paper.id, answers: [{ subjectid: started.lists[0]!.id, answer: '1', seq: 1 }] },
    lin!.token,
  );
  await expect(counts).toContainText('已交 1');
  await expect(counts).toContainText('未开始 1');
  await snap(page, 'live-counts-test-zh');

  // homework: work handed in is counted on the list
  const hw = await api<{ id: number }>(
    request,
    '/HomeworkApi/addHomework',
    { courseid: course.id, title: '读书报告', fullscore: 100, answertype: 2, endtime: Math.floor(Date.now() / 1000) + 86400 },
    teacher.token,
  );
  await page.goto(`/homework?courseId=${course.id}&courseRole=1`);
  await expect(page.getByTestId('homework-list-page')).toHaveAttribute('data-live', 'on');
  const stats = page.getByTestId('homework-row-stats');
  await expect(stats).toContainText('已交 0');
  await api(request, '/HomeworkApi/stuWorkSubmit', { courseid: course.id, id: hw.id, content: '<p>读完了</p>' }, zhou.token);
  await expect(stats).toContainText('已交 1');
  await expect(stats).toContainText('未交 1');
  await snap(page, 'live-counts-homework-zh');

  // the student's result: the score appears when the teacher publishes it
  const phone = await newPhone();
  await phone.goto('/NotFound');
  await phone.evaluate((token) => localStorage.setItem('token', token), lin!.token);
  await phone.goto(`/testing/testingresult?courseId=${course.id}&courseRole=0&testpaperid=${paper.id}`);
  const result = phone.getByTestId('result');
  await expect(result).toHaveAttribute('data-live', 'on');
  await expect(phone.getByTestId('result-no-score')).toBeVisible();
  await api(request, '/TestpaperApi/publishScores', { courseid: course.id, id: paper.id }, teacher.token);
  await expect(phone.getByTestId('result-score')).toContainText('2');
  await snap(phone, 'live-counts-result-zh');
});
