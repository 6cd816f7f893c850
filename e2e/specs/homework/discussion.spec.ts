import { api, expect, passTime, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';
import { inSeconds } from './helpers';

/*
 * /homework/discussDetail: a student asks about a homework from its page, the teacher answers from
 * theirs, and the discussion stays open after the deadline.
 */
test('a homework discussion: a question, the teacher’s reply and a like, still open after the deadline', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const teacher = await registerPerson(request, 1, '郑老师');
  const course = await createCourse(request, teacher.token, { coursename: '计算机网络', classname: '网络 2301 班' });
  const student = await joinedStudent(request, '韩梅梅', course.code);
  const hw = await api<{ id: number }>(
    request,
    '/HomeworkApi/addHomework',
    {
      courseid: course.id,
      title: '抓包分析实验',
      content: '<p>用抓包工具分析一次 TCP 三次握手。</p>',
      endtime: inSeconds(86400),
      publish: 1,
    },
    teacher.token,
  );

  // the student asks from the homework page
  await signIn(page, request, student);
  await page.goto(`/homework?courseId=${course.id}&courseRole=0&id=${hw.id}`);
  await page.getByTestId('homework-discuss').click();
  await expect(page).toHaveURL(new RegExp(`/homework/discussDetail\\?courseId=${course.id}&courseRole=0&id=${hw.id}$`));
  await expect(page.getByTestId('discuss-homework-title')).toHaveText('抓包分析实验');
  await expect(page.getByTestId('comments-empty')).toBeVisible();
  await page.getByTestId('comment-input').fill('老师，抓包工具可以用 tcpdump 吗？');
  await page.getByTestId('comment-send').click();
  await expect(page.getByTestId('comment-text')).toHaveText(['老师，抓包工具可以用 tcpdump 吗？']);

  // the teacher replies and likes the question from theirs
  await signIn(page, request, teacher);
  await page.goto(`/homework?courseId=${course.id}&courseRole=1&id=${hw.id}`);
  await page.getByTestId('homework-discuss').click();
  const question = page.getByTestId('comment').first();
  await question.getByTestId('comment-like').click();
  await expect(question.getByTestId('comment-likes')).toHaveText('1');
  await question.getByTestId('comment-reply').click();
  await page.getByTestId('comment-input').fill('可以，Wireshark 也行。');
  await page.getByTestId('comment-send').click();
  await expect(question.getByTestId('reply-content')).toHaveText(['可以，Wireshark 也行。']);
  await expect(question.getByTestId('reply-name')).toHaveText(['郑老师']);
  await shot(page, 'homework-discuss-01-teacher');

  // after the deadline the discussion stays open
  await passTime(request, hw.id);
  await signIn(page, request, student);
  await page.goto(`/homework/discussDetail?courseId=${course.id}&courseRole=0&id=${hw.id}`);
  // typed once the discussion has loaded, as a person reads before writing
  await expect(page.getByTestId('comment-text')).toHaveText(['老师，抓包工具可以用 tcpdump 吗？']);
  await page.getByTestId('comment-input').fill('谢谢老师！');
  await page.getByTestId('comment-send').click();
  // sent (the composer empties) and listed first, newest on top
  await expect(page.getByTestId('comment-input')).toHaveValue('');
  await expect(page.getByTestId('comment-text')).toHaveText(['谢谢老师！', '老师，抓包工具可以用 tcpdump 吗？']);
  await shot(page, 'homework-discuss-02-after-deadline');
});
