import type { APIRequestContext } from '@playwright/test';
import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { noticeItem, publishNotice, serverNotices } from '../todos/helpers';

/*
 * The personal centre's settings (issue 12; spec 1 §2 /myAllSetting, decision 014), in Chinese and
 * English at 375 px: a notice kind switched off is stored and no such notice comes; the message
 * notices open from the personal centre; the account screen shows the account and logs out for good.
 */

const WORDS = {
  zh: {
    messageSet: '消息设置',
    notices: '消息通知',
    unread: (n: number) => `${n} 条未读`,
    account: '账号管理',
  },
  en: {
    messageSet: 'Notification settings',
    notices: 'Notifications',
    unread: (n: number) => `${n} unread`,
    account: 'Account',
  },
} as const;

const notifyOf = async (request: APIRequestContext, token: string) => {
  const u = await api<Record<'notify1' | 'notify2' | 'notify3' | 'notify4', string>>(request, '/UserApi/getUserInfo', {}, token);
  return [u.notify1, u.notify2, u.notify3, u.notify4];
};

for (const lang of ['zh', 'en'] as const) {
  const w = WORDS[lang];

  test(`${lang}: a notice kind switched off is stored, survives a reload, and its notices stop`, async ({
    page,
    request,
    asStudent,
    newCourse,
  }) => {
    test.setTimeout(120_000);
    const course = await newCourse({ fields: { coursename: lang === 'zh' ? '概率论' : 'Probability' } });
    const student = await asStudent({ lang, name: lang === 'zh' ? '卫同学' : 'Kim Wei' });
    await api(request, '/CourseApi/joinCourse', { code: course.code }, student.token);

    await page.goto('/ktpMy');
    await page.getByTestId('my-message-set').click();
    await expect(page).toHaveURL(/\/myAllSetting\?detail=myMessageSet$/);
    await expect(page.getByTestId('page-title')).toHaveText(w.messageSet);
    for (const i of [1, 2, 3, 4]) await expect(page.getByTestId(`notify-${i}`)).toHaveAttribute('aria-checked', 'true');
    expect(await notifyOf(request, student.token)).toEqual(['1', '1', '1', '1']);

    // course content off: stored at once, the others stay on
    await page.getByTestId('notify-1').click();
    await expect(page.getByTestId('notify-1')).toHaveAttribute('aria-checked', 'false');
    await expect.poll(() => notifyOf(request, student.token)).toEqual(['0', '1', '1', '1']);
    await shot(page, `settings-${lang}-01-notify-off`);
    await page.reload();
    await expect(page.getByTestId('notify-1')).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByTestId('notify-2')).toHaveAttribute('aria-checked', 'true');

    // an announcement published now sends this student no notice
    await publishNotice(request, course.teacher.token, course.id, lang === 'zh' ? '第一次作业说明' : 'About homework 1');
    expect((await serverNotices(request, student.token)).total).toBe(0);

    // switched back on, the next one comes
    await page.getByTestId('notify-1').click();
    await expect.poll(() => notifyOf(request, student.token)).toEqual(['1', '1', '1', '1']);
    const title = lang === 'zh' ? '期中考试安排' : 'Midterm arrangements';
    const second = await publishNotice(request, course.teacher.token, course.id, title);
    const after = await serverNotices(request, student.token);
    expect(after.total).toBe(1);
    expect(after.list[0]!.contentid).toBe(second.id);

    // detail=messageNotice: the message notices, the new one unread
    await page.goto('/ktpMy');
    await page.getByTestId('my-message-notice').click();
    await expect(page).toHaveURL(/\/myAllSetting\?detail=messageNotice$/);
    await expect(page.getByTestId('page-title')).toHaveText(w.notices);
    await expect(page.getByTestId('notice-item')).toHaveCount(1);
    await expect(noticeItem(page, after.list[0]!.id).getByTestId('notice-title')).toContainText(title);
    await expect(noticeItem(page, after.list[0]!.id).getByTestId('notice-title')).toContainText(course.coursename);
    await expect(page.getByTestId('notice-unread-count')).toHaveText(w.unread(1));
    await shot(page, `settings-${lang}-02-message-notice`);
    // opening it reads it and goes to the announcement
    await noticeItem(page, after.list[0]!.id).getByTestId('notice-open').click();
    await expect(page).toHaveURL(new RegExp(`/noticeDetail\\?id=${second.id}&courseId=${course.id}&courseRole=0$`));
    await expect.poll(async () => (await serverNotices(request, student.token)).unread).toBe(0);
  });

  test(`${lang}: the account screen shows the account, and logging out ends the session`, async ({
    page,
    request,
    asTeacher,
  }) => {
    test.setTimeout(90_000);
    const teacher = await asTeacher({ lang, name: lang === 'zh' ? '蒋老师' : 'Ms Jiang' });
    const info = await api<{ account: string; mobile: string }>(request, '/UserApi/getUserInfo', {}, teacher.token);
    await page.goto('/ktpMy');
    await page.getByTestId('my-account-manage').click();
    await expect(page).toHaveURL(/\/myAllSetting\?detail=myAccountManage$/);
    await expect(page.getByTestId('page-title')).toHaveText(w.account);
    await expect(page.getByTestId('account-name')).toHaveText(info.account || info.mobile);
    await expect(page.getByTestId('my-mobile')).toHaveText(`${teacher.mobile.slice(0, 3)}****${teacher.mobile.slice(7)}`);
    await shot(page, `settings-${lang}-03-account`);

    // logging out asks first; cancelling keeps the session
    await page.getByTestId('account-logout').click();
    await expect(page.getByTestId('logout-dialog')).toBeVisible();
    await shot(page, `settings-${lang}-04-logout-confirm`);
    await page.getByTestId('logout-cancel').click();
    await expect(page.getByTestId('account-manage-page')).toBeVisible();
    await api(request, '/UserApi/getUserInfo', {}, teacher.token);

    await page.getByTestId('account-logout').click();
    await page.getByTestId('logout-confirm').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await shot(page, `settings-${lang}-05-logged-out`);
    // the token is refused by the server now
    const res = await request.post('/UserApi/getUserInfo', { data: {}, headers: { token: teacher.token } });
    const json = await res.json();
    expect(json.status).toBe(0);
    // and the personal centre asks to log in first, then goes to the login page
    await page.goto('/myInfoDetail');
    await expect(page.getByTestId('login-required-dialog')).toBeVisible();
    await page.getByTestId('login-required-confirm').click();
    await expect(page).toHaveURL(/\/login$/);
  });
}
