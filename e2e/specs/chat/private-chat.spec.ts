import { api, expect, test, toast } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';

/**
 * Issue 27: a teacher and a student of one course open a private chat from the address book and
 * exchange messages live, each on a phone of their own; the unread count shows on the student's list
 * until the chat is read. The teacher recalls a message; the student blocks the teacher, whose next
 * message is refused, and unblocks.
 */
for (const lang of ['zh', 'en'] as const) {
  test(`a private chat from the address book, live both ways, with its unread count (${lang})`, async ({
    page,
    request,
    newPhone,
  }) => {
    test.setTimeout(180_000);
    const words =
      lang === 'zh'
        ? {
            teacher: '王老师',
            student: '李同学',
            course: '数据结构',
            hello: '同学你好，作业收到了',
            reply: '谢谢老师！',
            title: '消息',
            again: '明天交实验报告',
            youRecalled: '你撤回了一条消息',
            recalledBy: '王老师 撤回了一条消息',
            refused: '对方已拒收',
            blocked: '已屏蔽，对方的消息不会再发给你',
            unblock: '取消屏蔽',
            unblocked: '已取消屏蔽',
          }
        : {
            teacher: 'Grace Hopper',
            student: 'Ada Byron',
            course: 'Data Structures',
            hello: 'Hello Ada, homework received',
            reply: 'Thank you!',
            title: 'Messages',
            again: 'Lab report due tomorrow',
            youRecalled: 'You recalled a message',
            recalledBy: 'Grace Hopper recalled a message',
            refused: 'The other party has refused',
            blocked: 'Blocked: their messages no longer reach you',
            unblock: 'Unblock',
            unblocked: 'Unblocked',
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

    // the teacher recalls the first message within its 2 minutes: both phones show the recall live
    await phone.getByTestId('chat-sessions').getByText(words.teacher).click();
    await expect(phone.getByTestId('chat-message').filter({ hasText: words.hello })).toBeVisible();
    await page.getByTestId('chat-message').filter({ hasText: words.hello }).getByTestId('chat-own-actions').click();
    await page.getByTestId('chat-recall').click();
    await expect(page.getByText(words.youRecalled)).toBeVisible();
    await expect(page.getByTestId('chat-message').filter({ hasText: words.hello })).toHaveCount(0);
    await expect(phone.getByText(words.recalledBy)).toBeVisible();
    await expect(phone.getByTestId('chat-message').filter({ hasText: words.hello })).toHaveCount(0);
    await shot(page, `chat-${lang}-06-recalled`);
    // another's message offers no recall
    await expect(page.getByTestId('chat-message').filter({ hasText: words.reply }).getByTestId('chat-own-actions')).toHaveCount(0);

    // the student blocks the teacher: the teacher's next message is refused and shows failed
    await phone.getByTestId('chat-more-button').click();
    await phone.getByTestId('chat-block').click();
    await expect(phone.locator('.adm-toast-main')).toHaveText(words.blocked);
    await page.getByTestId('chat-input').locator('textarea:not([readonly])').fill(words.again);
    await page.getByTestId('chat-send').click();
    const again = page.getByTestId('chat-message').filter({ hasText: words.again });
    await expect(again).toHaveAttribute('data-status', '3');
    await expect(page.locator('.adm-toast-main')).toHaveText(words.refused);
    await shot(page, `chat-${lang}-07-refused`, { keepToasts: true });
    await expect(phone.getByTestId('chat-message').filter({ hasText: words.again })).toHaveCount(0);
    // unblocked, the same message sent again arrives once
    await phone.getByTestId('chat-more-button').click();
    await expect(phone.getByTestId('chat-block')).toHaveText(words.unblock);
    await shot(phone, `chat-${lang}-08-unblock-menu`);
    await phone.getByTestId('chat-block').click();
    // the server has taken the unblock (its toast follows the answer) before the teacher sends again
    await expect(toast(phone, words.unblocked)).toBeVisible();
    await page.getByTestId('chat-resend').click();
    await expect(again).toHaveAttribute('data-status', '2');
    await expect(phone.getByTestId('chat-message').filter({ hasText: words.again })).toHaveCount(1);

    // the history, read-only, from the more menu: the recall keeps its place
    await page.getByTestId('chat-more-button').click();
    await page.getByTestId('chat-history-button').click();
    await expect(page.getByTestId('chat-history-item')).toHaveCount(3);
    await expect(page.getByTestId('chat-history-item').first()).toContainText(words.again);
    await shot(page, `chat-${lang}-09-history`);
  });
}
