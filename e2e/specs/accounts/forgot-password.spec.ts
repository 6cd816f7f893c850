import { type APIRequestContext } from '@playwright/test';
import { api, expect, freshPhone, lastCode, pictureAnswer, snap, test } from '../../fixtures';

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/** A fresh student account made through the API, as if registered earlier. */
async function seedAccount(request: APIRequestContext, mobile: string, password: string) {
  const figure = await api<{ sessionid: string }>(request, '/UserApi/getFigureCode');
  const verify = await lastCode(request, figure.sessionid);
  await api(request, '/UserApi/sendCode', { mobile, type: 'register', verify, sessionid: figure.sessionid });
  const code = await lastCode(request, mobile);
  await api(request, '/UserApi/register', {
    type: 1,
    email: mobile,
    password,
    repassword: password,
    username: '吴忘记',
    stno: '2026300',
    usertype: 0,
    code,
  });
}

test('a student who forgot the password resets it by SMS and logs in with the new one', async ({ page, request }) => {
  const phone = freshPhone();
  const oldPassword = 'Before#2026';
  const newPassword = 'After#2026z';
  await seedAccount(request, phone, oldPassword);
  const oldToken = (await api<{ token: string }>(request, '/UserApi/login', { email: phone, password: oldPassword })).token;

  // /login → forgot password
  await page.goto('/login');
  await page.getByTestId('login-forgot').click();
  await expect(page).toHaveURL(/\/findPassword$/);
  await expect(page.getByTestId('page-title')).toHaveText('找回密码');
  const steps = page.getByTestId('findpwd-steps');
  await expect(steps).toContainText('获取验证码');
  await expect(steps).toContainText('验证身份');
  await expect(steps).toContainText('重置密码');
  await snap(page, 'forgot-password-01-step0');

  // step 0: the phone, the picture code, the code goes out
  await page.getByTestId('findpwd-account').fill(phone);
  await page.getByTestId('findpwd-send').click();
  await expect(page.getByTestId('figure-code-popup')).toBeVisible();
  await page.getByTestId('figure-code-input').fill(await pictureAnswer(page, request));
  await snap(page, 'forgot-password-02-picture-code');
  await page.getByTestId('figure-code-confirm').click();

  // step 1: where the code went
  await expect(page.getByTestId('findpwd-target')).toHaveText(`验证码已发送至 ${masked(phone)}`);
  await expect(page.getByTestId('findpwd-code')).toBeVisible();
  await expect(page.getByTestId('send-code')).toBeDisabled();
  await snap(page, 'forgot-password-03-step1');

  // back goes a step down, not out of the page
  await page.getByTestId('nav-back').click();
  await expect(page).toHaveURL(/\/findPassword$/);
  await expect(page.getByTestId('findpwd-account')).toHaveValue(phone);
  await expect(page.getByTestId('findpwd-code')).toHaveCount(0);
  await expect(page.getByTestId('findpwd-send')).toBeDisabled();
  await expect(page.getByTestId('findpwd-send')).toHaveText(/\d+ 秒后重发/);
  await expect(page.getByTestId('findpwd-have-code')).toBeVisible();
  await snap(page, 'forgot-password-04-back-to-step0');
  await page.getByTestId('findpwd-have-code').click();
  await expect(page.getByTestId('findpwd-code')).toBeVisible();

  // a wrong code is refused in the form; the right one moves on
  const code = await lastCode(request, phone);
  const wrong = code === '111111' ? '222222' : '111111';
  await page.getByTestId('findpwd-code').fill(wrong);
  await page.getByTestId('findpwd-verify').click();
  await expect(page.getByTestId('findpwd-error')).toHaveText('验证码错误，还可以再试 4 次');
  await snap(page, 'forgot-password-05-wrong-code');
  await page.getByTestId('findpwd-code').fill(code);
  await page.getByTestId('findpwd-verify').click();

  // step 2: the new password twice
  await expect(page.getByTestId('findpwd-password')).toBeVisible();
  await expect(page.getByTestId('findpwd-error')).toHaveCount(0);
  await page.getByTestId('findpwd-password').fill(newPassword);
  await page.getByTestId('findpwd-repassword').fill('After#2026y');
  await page.getByTestId('findpwd-submit').click();
  await expect(page.getByTestId('findpwd-repassword-error')).toHaveText('两次输入的密码应该一致');
  await page.getByTestId('findpwd-repassword').fill(newPassword);
  await snap(page, 'forgot-password-06-step2');
  await page.getByTestId('findpwd-submit').click();

  // success: back on /login; every old session is over
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('密码已重置，请使用新密码登录')).toBeVisible();
  await snap(page, 'forgot-password-07-reset-done');
  await expect(api(request, '/UserApi/getUserInfo', {}, oldToken)).rejects.toThrow(/20003/);

  // the old password no longer works
  await page.getByTestId('login-account').fill(phone);
  await page.getByTestId('login-password').fill(oldPassword);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toHaveText('账号或密码错误');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await snap(page, 'forgot-password-08-old-password-refused');

  // the new one does
  await page.getByTestId('login-password').fill(newPassword);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/ktpCourse$/);
  await expect(page.getByTestId('tab-page-ktpCourse')).toBeVisible();
  await snap(page, 'forgot-password-09-logged-in');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(await api(request, '/UserApi/getUserInfo', {}, token!)).toMatchObject({ mobile: phone, username: '吴忘记' });
});
