import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { completeProfile, createCourse, registerPerson, signIn } from '../courses/helpers';
import { noticeItem, publishNotice, serverNotices, swipeOpen } from '../todos/helpers';

test.describe('message notices', () => {
  test('a student sees unread notices, opens one (it becomes read) and ignores the rest', async ({
    page,
    request,
    asTeacher,
  }) => {
    test.setTimeout(180_000);
    const teacher = await asTeacher({ page: null });
    const stamp = Date.now() % 100000;
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, { coursename: `大学物理 ${stamp}`, classname: '物理 2301 班' });
    const student = await registerPerson(request, 0, '孙悟空');
    await completeProfile(request, student.token);
    await api(request, '/CourseApi/joinCourse', { code: course.code }, student.token);

    // three announcements: a message notice each for the student
    const first = await publishNotice(request, teacherToken, course.id, '实验课调课通知');
    await publishNotice(request, teacherToken, course.id, '实验报告模板');
    const third = await publishNotice(request, teacherToken, course.id, '期末复习答疑');
    const before = await serverNotices(request, student.token);
    expect(before.unread).toBe(3);
    const [newest, middle, oldest] = before.list;
    expect(newest!.contentid).toBe(third.id);
    expect(oldest!.contentid).toBe(first.id);

    // the messages tab shows the unread count on the notices entry, and no chat sessions yet
    await signIn(page, request, student);
    await page.goto('/todoList');
    await page.getByTestId('tab-ktpMessage').click();
    await expect(page).toHaveURL(/\/ktpMessage$/);
    await expect(page.getByTestId('message-notices-unread')).toHaveText('3');
    await expect(page.getByTestId('message-todo-count')).toHaveText('3');
    await expect(page.getByTestId('chat-sessions-empty')).toContainText('还没有会话');
    await shot(page, 'messages-01-tab');

    // the notices: newest first, each unread with a dot
    await page.getByTestId('message-notices-entry').click();
    await expect(page).toHaveURL(/\/schoolmsg$/);
    await expect(page.getByTestId('page-title')).toHaveText('消息通知');
    await expect(page.getByTestId('notice-item')).toHaveCount(3);
    await expect(page.getByTestId('notice-unread-dot')).toHaveCount(3);
    await expect(page.getByTestId('notice-unread-count')).toHaveText('3 条未读');
    await expect(page.getByTestId('notice-item').first()).toHaveAttribute('data-id', String(newest!.id));
    await expect(noticeItem(page, newest!.id).getByTestId('notice-title')).toHaveText(
      `大学物理 ${stamp}：公告「期末复习答疑」已发布`,
    );
    await expect(noticeItem(page, newest!.id).getByTestId('notice-label')).toHaveText('公告');
    await expect(noticeItem(page, newest!.id).getByTestId('notice-from')).toHaveText(`来自 ${teacher.name}`);
    await expect(page.getByTestId('notice-end')).toBeVisible();
    await shot(page, 'messages-02-unread');

    // opening one marks it read and goes to its announcement
    await noticeItem(page, newest!.id).getByTestId('notice-open').click();
    await expect(page).toHaveURL(new RegExp(`/noticeDetail\\?id=${third.id}&courseId=${course.id}&courseRole=0$`));
    await expect.poll(async () => (await serverNotices(request, student.token)).unread).toBe(2);
    const after = await serverNotices(request, student.token);
    expect(after.list.find((n) => n.id === newest!.id)?.isread).toBe(1);

    // back on the list it shows read, the other two still unread
    await page.goto('/schoolmsg');
    await expect(noticeItem(page, newest!.id)).toHaveAttribute('data-read', '1');
    await expect(noticeItem(page, newest!.id).getByTestId('notice-unread-dot')).toHaveCount(0);
    await expect(noticeItem(page, middle!.id).getByTestId('notice-unread-dot')).toBeVisible();
    await expect(page.getByTestId('notice-unread-count')).toHaveText('2 条未读');

    // the unread tab lists only the two
    await page.getByTestId('notice-tab-unread').click();
    await expect(page.getByTestId('notice-item')).toHaveCount(2);
    await page.getByTestId('notice-tab-all').click();
    await expect(page.getByTestId('notice-item')).toHaveCount(3);

    // swiping one left offers "ignore": it becomes read without opening
    const ignore = page
      .locator('.adm-swipe-action')
      .filter({ has: noticeItem(page, middle!.id) })
      .getByRole('button', { name: '忽略' });
    await swipeOpen(page, noticeItem(page, middle!.id), ignore);
    await expect(ignore).toBeInViewport({ ratio: 1 });
    await ignore.click();
    await expect(noticeItem(page, middle!.id)).toHaveAttribute('data-read', '1');
    await expect(page).toHaveURL(/\/schoolmsg$/);
    await expect(page.getByTestId('notice-unread-count')).toHaveText('1 条未读');
    expect((await serverNotices(request, student.token)).unread).toBe(1);

    // ignore all asks first, then marks the rest read
    await page.getByTestId('notice-read-all').click();
    await expect(page.getByTestId('notice-read-all-dialog')).toContainText('将 1 条未读消息全部标记为已读？');
    await shot(page, 'messages-03-ignore-all');
    await page.getByTestId('notice-read-all-confirm').click();
    await expect(page.getByTestId('notice-unread-dot')).toHaveCount(0);
    await expect(page.getByTestId('notice-unread-count')).toHaveText('0 条未读');
    expect((await serverNotices(request, student.token)).unread).toBe(0);
    await page.getByTestId('notice-tab-unread').click();
    await expect(page.getByTestId('notice-empty-title')).toHaveText('没有未读消息');
    await page.getByTestId('notice-tab-all').click();
    await expect(page.getByTestId('notice-item')).toHaveCount(3);
    await shot(page, 'messages-04-all-read');

    // the messages tab's count is gone
    await page.goto('/ktpMessage');
    await expect(page.getByTestId('message-notices-unread')).toHaveAttribute('data-count', '0');
    await expect(page.getByTestId('message-notices-unread')).toBeHidden();
  });

  test('an appeal notice says to handle it on PC instead of opening', async ({ page, request }) => {
    const student = await registerPerson(request, 0, '猪八戒');
    // no flow of this release sends appeals (they come with the PC appeal area): the list the
    // server gives is extended with one appeal, and reading it is answered as the server would
    const appeal = {
      id: 990001,
      contenttype: 4,
      contentid: 77,
      courseid: 5,
      courserole: 1,
      isread: 0,
      action: 'appeal',
      createtime: Math.floor(Date.now() / 1000) - 120,
      title: '学生对作业「实验一」的成绩提出申诉',
      activitylabel: '申诉',
      teacher: { username: '猪八戒' },
      type: 4,
      eventtype: 99,
      coid: '',
    };
    let readIt = 0;
    await page.route(/\/MessageApi\/lists$/i, async (route) => {
      const res = await route.fetch();
      const json = await res.json();
      const read = readIt > 0;
      json.data.list = [{ ...appeal, isread: read ? 1 : 0 }, ...json.data.list];
      json.data.total += 1;
      json.data.unread += read ? 0 : 1;
      await route.fulfill({ response: res, json });
    });
    await page.route(/\/MessageApi\/readIt$/i, async (route) => {
      if (route.request().postDataJSON().id !== appeal.id) return route.continue();
      readIt += 1;
      await route.fulfill({ json: { status: 1, code: 10000, message: '访问成功', data: { id: appeal.id, isread: 1 } } });
    });

    await signIn(page, request, student);
    await page.goto('/schoolmsg');
    await expect(page.getByTestId('notice-item')).toHaveCount(1);
    await expect(page.getByTestId('notice-label')).toHaveText('申诉');
    await page.getByTestId('notice-open').click();
    await expect(page.getByTestId('notice-appeal-dialog')).toContainText('请在电脑端处理申诉，移动端暂不支持该消息');
    await shot(page, 'messages-05-appeal');
    await page.getByTestId('notice-appeal-dialog').getByRole('button', { name: '知道了' }).click();
    await expect(page.getByTestId('notice-appeal-dialog')).toBeHidden();
    // it stays on the list page (no item page opens) and counts as read
    await expect(page).toHaveURL(/\/schoolmsg$/);
    expect(readIt).toBe(1);
    await expect(page.getByTestId('notice-item')).toHaveAttribute('data-read', '1');
  });
});
