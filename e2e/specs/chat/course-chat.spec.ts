import type { Page } from '@playwright/test';
import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { pngPicture } from '../homework/helpers';
import { joinedStudent } from '../members/helpers';

/**
 * Issue 27, the rest of the chat: the message tab's badge counts unread chat messages live; a course's
 * group chat carries a picture (its thumbnail in the bubble, the whole picture with a tap) and a file
 * (uploaded with a progress bar, opened with a tap); the teacher mutes every student, then lets one chat
 * again, and the students' pages follow live.
 */

const badge = (page: Page) => page.getByTestId('tab-ktpMessage').locator('.adm-badge');

async function openCourseGroup(page: Page, courseId: number) {
  await page.goto('/addressBooks');
  await page.getByTestId(`address-course-${courseId}`).click();
  await page.getByTestId(`address-group-chat-${courseId}`).click();
  await expect(page).toHaveURL(/\/chat\?groupId=\d+/);
  await expect(page.getByTestId('chat-page')).toBeVisible();
}

async function say(page: Page, text: string) {
  await page.getByTestId('chat-input').locator('textarea:not([readonly])').fill(text);
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-message').filter({ hasText: text })).toHaveAttribute('data-status', '2');
}

test('a course group chat: the unread badge, a picture and a file, and the teacher muting the class (zh)', async ({
  page,
  request,
  newPhone,
}) => {
  test.setTimeout(150_000);
  const teacher = await registerPerson(request, 1, '周老师');
  const course = await createCourse(request, teacher.token, { coursename: '操作系统' });
  const student = await joinedStudent(request, '陈同学', course.code);
  const other = await joinedStudent(request, '林同学', course.code);

  // the student waits on the course list: no badge yet
  const phone = await newPhone();
  await signIn(phone, request, student);
  await phone.goto('/ktpCourse');
  await expect(phone.getByTestId('tab-ktpMessage')).toBeVisible();
  await expect(badge(phone)).toHaveCount(0);

  // the teacher opens the course's group from the address book and writes: the badge counts it live
  await signIn(page, request, teacher);
  await openCourseGroup(page, course.id);
  await say(page, '同学们好，本周实验改到周四');
  await expect(badge(phone)).toHaveText('1');
  await say(page, '实验指导书见下面的文件');
  await expect(badge(phone)).toHaveText('2');
  await shot(phone, 'course-chat-zh-01-badge');

  // a picture: uploaded with its progress, then shown in the bubble as its thumbnail (360 px on its longer side)
  await page
    .getByTestId('chat-file-input')
    .setInputFiles({ name: '拓扑图.png', mimeType: 'image/png', buffer: pngPicture(800, 500, 3) });
  const picture = page.getByTestId('chat-message').filter({ has: page.getByTestId('chat-image') });
  await expect(picture).toHaveAttribute('data-status', '2');
  await expect(picture.getByTestId('chat-upload-progress')).toHaveCount(0);
  await expect(picture.getByTestId('chat-image').locator('img')).toHaveAttribute('src', /&thumb=1$/);
  await expect(picture.getByTestId('chat-image').locator('img')).toHaveJSProperty('naturalWidth', 360);
  // a file: its upload held at its first chunk, so its progress bar shows; then its name and size on a
  // card that opens it
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/UploadApi/uploadChunk', async (route) => {
    await held;
    await route.continue();
  });
  const guide = Buffer.from('实验一：进程调度\n'.repeat(400));
  await page.getByTestId('chat-file-input').setInputFiles({ name: '实验指导书.txt', mimeType: 'text/plain', buffer: guide });
  const file = page.getByTestId('chat-message').filter({ hasText: '实验指导书.txt' });
  await expect(file.getByTestId('chat-upload-progress')).toBeVisible();
  await expect(file).toHaveAttribute('data-status', '1');
  await shot(page, 'course-chat-zh-02a-uploading');
  // released: this and any later chunk pass through
  release();
  await expect(file).toHaveAttribute('data-status', '2');
  await expect(file.getByTestId('chat-file')).toHaveAttribute('href', /^http.*\/FileApi\/download\?id=\d+.*&u=\d+$/);
  await shot(page, 'course-chat-zh-02-teacher-media');
  await expect(badge(phone)).toHaveText('4');

  // the student opens the group from the message tab: the list names the kinds; the picture opens large
  await phone.getByTestId('tab-ktpMessage').click();
  await expect(phone.getByTestId('chat-sessions')).toContainText('[文件] 实验指导书.txt');
  await shot(phone, 'course-chat-zh-03-sessions');
  await phone.getByTestId('chat-sessions').getByText('操作系统').click();
  await expect(phone.getByTestId('chat-message')).toHaveCount(4);
  const theirFile = phone.getByTestId('chat-message').filter({ hasText: '实验指导书.txt' }).getByTestId('chat-file');
  const href = await theirFile.getAttribute('href');
  const opened = await phone.request.get(href!);
  expect(opened.status()).toBe(200);
  expect((await opened.body()).equals(guide)).toBe(true);
  await expect(phone.getByTestId('chat-image').locator('img')).toHaveJSProperty('naturalWidth', 360);
  await shot(phone, 'course-chat-zh-04-student-media');
  // tapped, the picture itself opens, whole
  await phone.getByTestId('chat-image').click();
  await expect(phone.getByTestId('chat-image-viewer').locator('img')).toHaveJSProperty('naturalWidth', 800);
  await shot(phone, 'course-chat-zh-05-picture-open');
  await phone.getByTestId('chat-image-viewer').click();
  await expect(phone.getByTestId('chat-image-viewer')).toHaveCount(0);
  await say(phone, '收到，谢谢老师');

  // the teacher mutes every student: the student's input gives way to the notice, live
  await page.getByTestId('chat-more-button').click();
  await page.getByTestId('chat-forbid-all').click();
  await expect(page.getByText('已开启全员禁言')).toBeVisible();
  await expect(phone.getByTestId('chat-forbidden')).toHaveText('老师已开启全员禁言');
  await expect(phone.getByTestId('chat-input')).toHaveCount(0);
  await shot(phone, 'course-chat-zh-06-muted');

  // the teacher lets this one student speak again (by their avatar); the other stays muted
  await page.getByTestId('chat-message').filter({ hasText: '收到，谢谢老师' }).getByTestId('chat-member-button').click();
  await expect(page.getByTestId('chat-allow-one')).toBeVisible();
  await shot(page, 'course-chat-zh-07-member-sheet');
  await page.getByTestId('chat-allow-one').click();
  await expect(phone.getByTestId('chat-input')).toBeVisible();
  await say(phone, '老师，我还有一个问题');
  const third = await newPhone();
  await signIn(third, request, other);
  await openCourseGroup(third, course.id);
  await expect(third.getByTestId('chat-forbidden')).toHaveText('老师已开启全员禁言');
  // and the server holds the line whatever a client sends (socket test: chat.test.ts)
  const rules = await api(
    request,
    '/LetterApi/chatRules',
    { groupid: Number(new URL(third.url()).searchParams.get('groupId')) },
    other.token,
  );
  expect(rules).toMatchObject({ allforbidden: 1, forbidden: 1 });
});

test('the course chat in English: badge, picture and the muted notice (screens)', async ({ page, request, newPhone }) => {
  test.setTimeout(90_000);
  const teacher = await registerPerson(request, 1, 'Grace Hopper');
  const course = await createCourse(request, teacher.token, { coursename: 'Operating Systems' });
  const student = await joinedStudent(request, 'Ada Byron', course.code);
  for (const who of [teacher, student]) await api(request, '/UserApi/setLanguage', { lang: 'en' }, who.token);

  await signIn(page, request, teacher);
  await openCourseGroup(page, course.id);
  await say(page, 'Lab moved to Thursday');
  await page
    .getByTestId('chat-file-input')
    .setInputFiles({ name: 'topology.png', mimeType: 'image/png', buffer: pngPicture(320, 200, 5) });
  await expect(page.getByTestId('chat-message').filter({ has: page.getByTestId('chat-image') })).toHaveAttribute(
    'data-status',
    '2',
  );
  await page.getByTestId('chat-more-button').click();
  await expect(page.getByTestId('chat-forbid-all')).toHaveText('Mute all students');
  await shot(page, 'course-chat-en-01-teacher-menu');
  await page.getByTestId('chat-forbid-all').click();
  await expect(page.getByText('All students are muted')).toBeVisible();

  const phone = await newPhone();
  await signIn(phone, request, student);
  await phone.goto('/ktpCourse');
  await expect(badge(phone)).toHaveText('2');
  await shot(phone, 'course-chat-en-02-badge');
  await phone.getByTestId('tab-ktpMessage').click();
  await expect(phone.getByTestId('chat-sessions')).toContainText('[Picture] topology.png');
  await phone.getByTestId('chat-sessions').getByText('Operating Systems').click();
  await expect(phone.getByTestId('chat-forbidden')).toHaveText('The teacher has muted all students');
  await expect(phone.getByTestId('chat-image').locator('img')).toHaveJSProperty('naturalWidth', 320);
  await shot(phone, 'course-chat-en-03-student-muted');
});
