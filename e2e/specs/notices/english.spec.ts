import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';

test('in English: the unread dialog, a notice, the notice form and a topic with comments', async ({ page, request }) => {
  test.setTimeout(120_000);
  const teacher = await registerPerson(request, 1, 'Grace Hopper');
  await api(request, '/UserApi/setLanguage', { lang: 'en' }, teacher.token);
  const course = await createCourse(request, teacher.token, { coursename: 'Operating Systems', classname: 'CS 2303' });
  const ada = await joinedStudent(request, 'Ada Byron', course.code);
  await api(request, '/UserApi/setLanguage', { lang: 'en' }, ada.token);
  const notice = await api<{ id: number }>(
    request,
    '/FutureV2/CourseMeans/addContent',
    {
      courseid: course.id,
      contenttype: 7,
      title: 'Midterm on Wednesday',
      content: '<p>Bring your <b>student card</b>.</p>',
      publish: 1,
    },
    teacher.token,
  );
  const topic = await api<{ id: number }>(
    request,
    '/FutureV2/CourseMeans/addContent',
    { courseid: course.id, contenttype: 5, title: 'Which scheduler is fairest?', content: '', publish: 1 },
    teacher.token,
  );
  const first = await api<{ id: number }>(
    request,
    '/Futurev2/Comment/addComment',
    { contentid: topic.id, content: 'Round robin, clearly.' },
    ada.token,
  );
  await api(
    request,
    '/Futurev2/Comment/addComment',
    { contentid: topic.id, content: 'It starves nobody, true.', replyid: first.id },
    teacher.token,
  );
  await api(request, '/Futurev2/Comment/like', { id: first.id }, teacher.token);

  // the student: the dialog, then the notice
  await signIn(page, request, ada);
  await page.goto('/ktpCourse');
  await expect(page.getByTestId('unread-dialog')).toContainText('Unread announcements (1)');
  await expect(page.getByTestId('unread-later')).toHaveText('Later');
  await expect(page.getByTestId('unread-ok')).toHaveText('Got it');
  await shot(page, 'notices-en-01-unread-dialog');
  await page.getByTestId('unread-item').click();
  await expect(page.getByTestId('page-title')).toHaveText('Announcement');
  await expect(page.getByTestId('notice-read-tag')).toHaveText('Read');
  await expect(page.getByTestId('notice-body').locator('b')).toHaveText('student card');
  await shot(page, 'notices-en-02-notice');

  // the topic and its comments
  await page.goto(`/topicDetail?id=${topic.id}&courseId=${course.id}&courseRole=0`);
  await expect(page.getByTestId('comments-title')).toHaveText('Comments 1');
  await expect(page.getByTestId('reply-name')).toHaveText('Grace Hopper');
  await expect(page.getByTestId('reply-target')).toHaveText('Ada Byron');
  await expect(page.getByTestId('reply-content')).toHaveText('It starves nobody, true.');
  await expect(page.getByTestId('comment-likes').first()).toHaveText('1');
  await expect(page.getByTestId('comment-input')).toHaveAttribute('placeholder', 'Write a comment');
  await shot(page, 'topics-en-01-comments');

  // the teacher: the notice list and an empty notice refused
  await signIn(page, request, teacher);
  await page.goto(`/noticeDetail?courseId=${course.id}&courseRole=1`);
  await expect(page.getByTestId('notice-count')).toHaveText('Announcements: 1');
  await expect(page.locator(`[data-testid="notice-row"][data-id="${notice.id}"]`).getByTestId('notice-row-stats')).toHaveText(
    'Read 1 · unread 0',
  );
  await shot(page, 'notices-en-03-list');
  await page.getByTestId('notice-create').click();
  await page.getByTestId('notice-title-input').fill('Lab moved');
  await page.getByTestId('notice-submit').click();
  await expect(page.getByTestId('notice-body-error')).toHaveText('The announcement cannot be empty');
  await expect(page.getByTestId('notice-mode-2')).toHaveText('At a time');
  await shot(page, 'notices-en-04-form');
});
