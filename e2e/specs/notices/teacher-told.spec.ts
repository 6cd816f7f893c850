import { api, expect as baseExpect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { uploadsDone } from '../homework/helpers';
import { joinedStudent } from '../members/helpers';

/*
 * Issue 12 (5): teachers are told what students do (a message and a to-do when work is handed in,
 * a message when a student joins, shown on the member-change page too), and every member sees on
 * the course home's tiles what is new to them since they last opened each area.
 */

// pages are waited for longer than the default: a loaded machine can take over 10 s to open one
const expect = baseExpect.configure({ timeout: 30_000 });

const inADay = () => Math.floor(Date.now() / 1000) + 86_400;

test.describe('teachers are told, and the course home shows what is new', () => {
  test('a student hands in homework: the teacher sees the message, the to-do and the join on the member-change page', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const teacher = await registerPerson(request, 1, '陈老师');
    const course = await createCourse(request, teacher.token, {
      coursename: `数据结构 ${Date.now() % 100000}`,
      classname: '计科 2401 班',
    });
    const li = await joinedStudent(request, '李思远', course.code);
    const hw = await api<{ id: number }>(
      request,
      '/HomeworkApi/addHomework',
      { courseid: course.id, title: '链表实验报告', endtime: inADay() },
      teacher.token,
    );

    // the student: the homework tile says one new, opening the list clears it
    await signIn(page, request, li);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
    await expect(page.getByTestId('home-menu-new-homework')).toHaveText('1');
    await expect(page.getByTestId('home-menu-new-notice')).toHaveCount(0);
    await shot(page, 'told-01-student-home-new-homework');
    await page.getByTestId('home-menu-homework').click();
    await page.locator(`[data-testid="homework-row"][data-id="${hw.id}"]`).click();
    await page.getByTestId('homework-submit').click();
    await page.getByTestId('upload-input').setInputFiles({
      name: '链表实验报告.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(`单链表插入与删除 ${Date.now()}\n`),
    });
    await uploadsDone(page, 1);
    await page.getByTestId('submit-send').click();
    await page.getByTestId('submit-confirm-confirm').click();
    await expect(page.getByTestId('my-submission-state')).toHaveText('已提交');
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
    await expect(page.getByTestId('home-menu-homework')).toBeVisible();
    await expect(page.getByTestId('home-menu-new-homework')).toHaveCount(0);

    // the teacher: two unread messages — the work handed in, newest first, and the join
    await signIn(page, request, teacher);
    await page.goto('/ktpMessage');
    await expect(page.getByTestId('message-notices-unread')).toHaveAttribute('data-count', '2');
    await expect(page.getByTestId('message-todo-count')).toHaveAttribute('data-count', '1');
    await shot(page, 'told-02-teacher-messages-tab');
    await page.getByTestId('message-notices-entry').click();
    const rows = page.getByTestId('notice-item');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByTestId('notice-title')).toHaveText(`${course.coursename}：李思远 提交了作业「链表实验报告」`);
    await expect(rows.nth(0).getByTestId('notice-label')).toHaveText('作业');
    await expect(rows.nth(1).getByTestId('notice-title')).toHaveText(`${course.coursename}：李思远 加入了课程`);
    await shot(page, 'told-03-teacher-notices');
    // the message opens the homework, for grading
    await rows.nth(0).getByTestId('notice-open').click();
    await expect(page).toHaveURL(new RegExp(`/homework\\?id=${hw.id}&courseId=${course.id}&courseRole=1$`));

    // the to-do: the homework with one submission waiting to be graded
    await page.goto('/todoList');
    const todo = page.getByTestId('todo-item').filter({ hasText: '链表实验报告' });
    await expect(todo.getByTestId('todo-pending')).toHaveText('待处理 1');
    await shot(page, 'told-04-teacher-todo');

    // the member-change page lists the join (its empty state said it would)
    await page.goto(`/member/memberSetting?courseId=${course.id}`);
    const changes = page.getByTestId('member-changes');
    await expect(changes.getByTestId('notice-title')).toHaveText(`${course.coursename}：李思远 加入了课程`);
    await expect(changes.getByTestId('member-changes-empty')).toHaveCount(0);
    await changes.getByTestId('notice-title').scrollIntoViewIfNeeded();
    await shot(page, 'told-05-member-changes');
    await changes.getByTestId('notice-open').click();
    await expect(page).toHaveURL(new RegExp(`/member\\?courseId=${course.id}$`));
  });

  test('a teacher publishes a notice: the student’s notices tile counts it, opening clears it for that student only', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const teacher = await registerPerson(request, 1, '周老师');
    const course = await createCourse(request, teacher.token, {
      coursename: `离散数学 ${Date.now() % 100000}`,
      classname: '计科 2402 班',
    });
    const wang = await joinedStudent(request, '王一诺', course.code);
    const zhao = await joinedStudent(request, '赵子涵', course.code);

    // the teacher publishes a notice from the course home
    await signIn(page, request, teacher);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    await expect(page.getByTestId('home-menu-notice')).toBeVisible();
    await expect(page.getByTestId('home-menu-new-notice')).toHaveCount(0);
    await page.getByTestId('home-menu-notice').click();
    await page.getByTestId('notice-create').click();
    await page.getByTestId('notice-title-input').fill('第 3 周调课');
    await page.getByTestId('notice-editor').click();
    await page.keyboard.type('周三的课调到周五下午 2 点，地点不变。');
    await page.getByTestId('notice-submit').click();
    await expect(page).toHaveURL(new RegExp(`/noticeDetail\\?id=\\d+&courseId=${course.id}&courseRole=1$`));
    // the author has nothing new
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    await expect(page.getByTestId('home-menu-notice')).toBeVisible();
    await expect(page.getByTestId('home-menu-new-notice')).toHaveCount(0);

    await signIn(page, request, wang);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
    const badge = page.getByTestId('home-menu-new-notice');
    await expect(badge).toHaveText('1');
    await expect(badge).toHaveAttribute('aria-label', '1 条新内容');
    await shot(page, 'told-06-student-home-new-notice');
    await page.getByTestId('home-menu-notice').click();
    await expect(page.getByTestId('page-title')).toHaveText('公告');
    await page.getByTestId('nav-back').click();
    await expect(page).toHaveURL(new RegExp(`/courseHome\\?courseId=${course.id}`));
    await expect(page.getByTestId('home-menu-notice')).toBeVisible();
    await expect(badge).toHaveCount(0);
    await shot(page, 'told-07-student-home-cleared');
    // a reload reads it from the server: still cleared
    await page.reload();
    await expect(page.getByTestId('home-menu-notice')).toBeVisible();
    await expect(badge).toHaveCount(0);

    // the other student has not opened it yet
    const theirs = await api<{ notice: number }>(request, '/CourseApi/getNewCounts', { courseid: course.id }, zhao.token);
    expect(theirs.notice).toBe(1);
  });

  test('in English: the teacher is told of a join request, with the waiting count on Enrolment review; a student sees new materials', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const teacher = await registerPerson(request, 1, 'Grace Hopper');
    await api(request, '/UserApi/setLanguage', { lang: 'en' }, teacher.token);
    const course = await createCourse(request, teacher.token, { coursename: 'Compilers', classname: 'CS 2405' });
    const ada = await joinedStudent(request, 'Ada Byron', course.code);
    await api(request, '/UserApi/setLanguage', { lang: 'en' }, ada.token);
    await api(
      request,
      '/CourseApi/saveEnrollSetting',
      { courseid: course.id, enrollstate: '1', auditstate: '1', maxcount: 0, formLists: [] },
      teacher.token,
    );
    const alan = await registerPerson(request, 0, 'Alan Turing');
    await api(request, '/CourseApi/submitEnroll', { code: course.code, answers: [] }, alan.token);
    await api(
      request,
      '/FutureV2/CourseMeans/addContent',
      { courseid: course.id, contenttype: 10, title: 'Dragon Book errata', link: 'https://example.com/errata', publish: 1 },
      teacher.token,
    );
    const hw = await api<{ id: number }>(
      request,
      '/HomeworkApi/addHomework',
      { courseid: course.id, title: 'Lexer exercise', endtime: inADay() },
      teacher.token,
    );
    const file = await request.post('/UploadApi/uploadV2', {
      headers: { token: ada.token },
      multipart: { file: { name: 'lexer.txt', mimeType: 'text/plain', buffer: Buffer.from(`tokens ${Date.now()}`) } },
    });
    const fileid = (await file.json()).data.file.id as number;
    await api(request, '/HomeworkApi/stuWorkSubmit', { courseid: course.id, id: hw.id, fileids: [fileid] }, ada.token);

    // the teacher's messages, in English
    await signIn(page, request, teacher);
    await page.goto('/schoolmsg');
    const rows = page.getByTestId('notice-item');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0).getByTestId('notice-title')).toHaveText('Compilers: Ada Byron handed in "Lexer exercise"');
    await expect(rows.nth(1).getByTestId('notice-title')).toHaveText(
      'Compilers: Alan Turing asked to join and is waiting for your approval',
    );
    await expect(rows.nth(1).getByTestId('notice-label')).toHaveText('Join request');
    await expect(rows.nth(2).getByTestId('notice-title')).toHaveText('Compilers: Ada Byron joined the course');
    await shot(page, 'told-en-01-teacher-notices');
    // the join request opens the enrolment review
    await rows.nth(1).getByTestId('notice-open').click();
    await expect(page).toHaveURL(new RegExp(`/enrollReview\\?courseId=${course.id}$`));

    // the course home: one request waiting on Enrolment review
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    await expect(page.getByTestId('home-enroll-waiting')).toHaveText('1');
    await page.getByTestId('home-enroll-review').scrollIntoViewIfNeeded();
    await shot(page, 'told-en-02-teacher-enroll-waiting');

    // the member-change page: this course's request and join; a new course's empty state says what will come
    await page.goto(`/member/memberSetting?courseId=${course.id}`);
    await expect(page.getByTestId('member-changes').getByTestId('notice-title')).toHaveText([
      'Compilers: Alan Turing asked to join and is waiting for your approval',
      'Compilers: Ada Byron joined the course',
    ]);
    const empty = await createCourse(request, teacher.token, { coursename: 'Type Theory', classname: 'CS 2406' });
    await page.goto(`/member/memberSetting?courseId=${empty.id}`);
    await expect(page.getByTestId('member-changes-empty')).toHaveText(
      'No member changes yet. When a student joins or asks to join, you’ll see it here and in Messages.',
    );
    await shot(page, 'told-en-03-member-changes-empty');

    // the student: one new material and one new homework
    await signIn(page, request, ada);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
    await expect(page.getByTestId('home-menu-new-material')).toHaveText('1');
    await expect(page.getByTestId('home-menu-new-homework')).toHaveText('1');
    await expect(page.getByTestId('home-menu-new-material')).toHaveAttribute('aria-label', '1 new');
    await shot(page, 'told-en-04-student-home-new');
    await page.getByTestId('home-menu-material').click();
    await expect(page.getByTestId('page-title')).toHaveText('Materials');
    await page.getByTestId('nav-back').click();
    await expect(page.getByTestId('home-menu-homework')).toBeVisible();
    await expect(page.getByTestId('home-menu-new-material')).toHaveCount(0);
    await expect(page.getByTestId('home-menu-new-homework')).toHaveText('1');
    await shot(page, 'told-en-05-student-material-cleared');
  });
});
