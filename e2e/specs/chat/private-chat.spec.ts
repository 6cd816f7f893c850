import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';

/**
 * Issue 27: a teacher and a student of one course open a private chat from the address book and
 * exchange messages live, each on a phone of their own; the unread count shows on the student's list
 * until the chat is read.
 */
for (const lang of ['zh', 'en'] as const) {
  test(`a private chat from the address book, live both ways, with its unread count (${lang})`, async ({
    page,
    request,
    newPhone,
  }) => {
    test.setTimeout(120_000);
    const words =
      lang === 'zh'
        ? {
            teacher: '王老师',
            student: '李同学',
            course: '数据结构',
            hello: '同学你好，作业收到了',
            reply: '谢谢老师！',
            title: '消息',
          }
        : {
            teacher: 'Grace Hopper',
            student: 'Ada Byron',
            course: 'Data Structures',
            hello: 'Hello Ada, homework received',
            reply: 'Thank you!',
            title: 'Messages',
          };
    const teacher = await registerPerson(request, 1, words.teacher);
    const course = await createCourse(request, teacher.token, { coursename: words.course });
    const student = await joinedStudent(request, words.student, course.code);
    if (lang === 'en')
      for (const who of [teacher, student]) await api(request, '/UserApi/setLanguage', { lang: 'en' }, who.token);

    // the teacher: the message tab, the address book, the course's people, the student
    await signIn(page, request, teacher);
    await page.goto('/ktpMessage');
    await expect(page.getByTestId('tab-page-ktpMessage').getByTestId('page-title')).toHaveText(words.title);
    await expect(page.getByTestId('chat-sessions-empty')).toBeVisible();
    await page.getByTestId('address-book-button').click();
    await expect(page).toHaveURL(/\/addressBooks$/);
    await page.getByTestId(`address-course-${course.id}`).click();
    await expect(page.getByTestId(`address-person-${student.uid}`)).toContainText(words.student);
    // the panel has finished opening: the student's row is in view (not clipped by the opening panel)
    await expect(page.getByTestId(`address-person-${student.uid}`)).toBeInViewport({ ratio: 0.9 });
    await shot(page, `chat-${lang}-01-address-book`);
    await page.getByTestId(`address-person-${student.uid}`).click();
    await expect(page).toHaveURL(/\/chat\?groupId=\d+/);
    await expect(page.getByTestId('page-title')).toHaveText(words.student);
    await expect(page.getByTestId('chat-no-messages')).toBeVisible();

    // the student, on a phone of their own, on the message tab
    const phone = await newPhone();
    await signIn(phone, request, student);
    await phone.goto('/ktpMessage');
    await expect(phone.getByTestId('chat-sessions')).toBeVisible();

    // the teacher writes (spaces around it are trimmed); it shows sent
    await page.getByTestId('chat-input').locator('textarea:not([readonly])').fill(`  ${words.hello}  `);
    await page.getByTestId('chat-send').click();
    const mine = page.getByTestId('chat-message').filter({ hasText: words.hello });
    await expect(mine).toHaveAttribute('data-status', '2');
    await expect(mine).toHaveAttribute('data-mine', '1');
    await shot(page, `chat-${lang}-02-teacher-sent`);

    // the student's list shows it live, with one unread
    await expect(phone.getByTestId('chat-session-unread')).toHaveText('1');
    await expect(phone.getByTestId('chat-sessions')).toContainText(words.hello);
    await shot(phone, `chat-${lang}-03-student-unread`);

    // the student opens it and answers; the teacher sees the answer live
    await phone.getByTestId('chat-sessions').getByText(words.teacher).click();
    await expect(phone.getByTestId('page-title')).toHaveText(words.teacher);
    await expect(phone.getByTestId('chat-message').filter({ hasText: words.hello })).toHaveAttribute('data-mine', '0');
    await phone.getByTestId('chat-input').locator('textarea:not([readonly])').fill(words.reply);
    await phone.getByTestId('chat-send').click();
    await expect(phone.getByTestId('chat-message').filter({ hasText: words.reply })).toHaveAttribute('data-status', '2');
    await expect(page.getByTestId('chat-message').filter({ hasText: words.reply })).toHaveAttribute('data-mine', '0');
    await shot(page, `chat-${lang}-04-teacher-reply`);
    await shot(phone, `chat-${lang}-05-student-chat`);

    // read: the student's list has nothing unread
    await phone.getByTestId('nav-back').click();
    await expect(phone.getByTestId('chat-sessions')).toContainText(words.reply);
    await expect(phone.getByTestId('chat-session-unread')).toHaveCount(0);

    // the history, read-only, from the more menu
    await page.getByTestId('chat-more-button').click();
    await page.getByTestId('chat-history-button').click();
    await expect(page.getByTestId('chat-history-item')).toHaveCount(2);
    await expect(page.getByTestId('chat-history-item').first()).toContainText(words.reply);
    await shot(page, `chat-${lang}-06-history`);
  });
}
