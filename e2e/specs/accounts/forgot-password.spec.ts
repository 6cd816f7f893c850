import { api, DEMO, expect, lastCode, pictureAnswer, test } from '../../fixtures';
import { shot } from './screens';

/** alice@example.com → al***@example.com, as the page masks it */
const masked = (email: string) => `${email.slice(0, 2)}***${email.slice(email.indexOf('@'))}`;

/*
 * The account: DEMO.student2, found by its email. A fresh account cannot be used without waiting:
 * the server sends one code per target (phone or email) per 60 s (docs/api.md), so the contact that
 * just received its register code could not receive the reset code for another minute. No other
 * journey signs in as student2 (the reset ends its sessions) or sends its email a code.
 */
const account = 'student2@demo.paiclass.cn'; // the seeded email of DEMO.student2

test('a student who forgot the password resets it with an emailed code and logs in with the new one', async ({
  page,
  request,
}) => {
  const oldPassword = DEMO.student2.password;
  const newPassword = 'After#2026z';
  const oldToken = (await api<{ token: string }>(request, '/UserApi/login', { email: account, password: oldPassword })).token;

  // /login → forgot password
  await page.goto('/login');
  await page.getByTestId('login-forgot').click();
  await expect(page).toHaveURL(/\/findPassword$/);
  await expect(page.getByTestId('page-title')).toHaveText('找回密码');
  const steps = page.getByTestId('findpwd-steps');
  await expect(steps).toContainText('获取验证码');
  await expect(steps).toContainText('验证身份');
  await expect(steps).toContainText('重置密码');
  await shot(page, 'forgot-password-01-step0');

  // step 0: the email, the picture code, the code goes out
  await page.getByTestId('findpwd-account').fill(account);
  await page.getByTestId('findpwd-send').click();
  await expect(page.getByTestId('figure-code-popup')).toBeVisible();
  await page.getByTestId('figure-code-input').fill(await pictureAnswer(page, request));
  await shot(page, 'forgot-password-02-picture-code');
  await page.getByTestId('figure-code-confirm').click();

  // step 1: where the code went
  await expect(page.getByTestId('findpwd-target')).toHaveText(`验证码已发送至 ${masked(account)}`);
  await expect(page.getByTestId('findpwd-code')).toBeVisible();
  await expect(page.getByTestId('send-code')).toBeDisabled();
  await shot(page, 'forgot-password-03-step1', { keepToasts: true });

  // back goes a step down, not out of the page
  await page.getByTestId('nav-back').click();
  await expect(page).toHaveURL(/\/findPassword$/);
  await expect(page.getByTestId('findpwd-account')).toHaveValue(account);
  await expect(page.getByTestId('findpwd-code')).toHaveCount(0);
  await expect(page.getByTestId('findpwd-send')).toBeDisabled();
  await expect(page.getByTestId('findpwd-send')).toHaveText(/\d+ 秒后重发/);
  await expect(page.getByTestId('findpwd-have-code')).toBeVisible();
  await shot(page, 'forgot-password-04-back-to-step0');
  await page.getByTestId('findpwd-have-code').click();
  await expect(page.getByTestId('findpwd-code')).toBeVisible();

  // a wrong code is refused in the form; the right one moves on
  const code = await lastCode(request, account);
  const wrong = code === '111111' ? '222222' : '111111';
  await page.getByTestId('findpwd-code').fill(wrong);
  await page.getByTestId('findpwd-verify').click();
  await expect(page.getByTestId('findpwd-error')).toHaveText('验证码错误，还可以再试 4 次');
  await shot(page, 'forgot-password-05-wrong-code');
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
  await shot(page, 'forgot-password-06-step2');
  await page.getByTestId('findpwd-submit').click();

  // success: back on /login; every old session is over
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('密码已重置，请使用新密码登录')).toBeVisible();
  await shot(page, 'forgot-password-07-reset-done', { keepToasts: true });
  await expect(api(request, '/UserApi/getUserInfo', {}, oldToken)).rejects.toThrow(/20003/);

  // the old password no longer works
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(oldPassword);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toHaveText('账号或密码错误');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await shot(page, 'forgot-password-08-old-password-refused');

  // the new one does, with the account's phone as well
  await page.getByTestId('login-account').fill(DEMO.student2.mobile);
  await page.getByTestId('login-password').fill(newPassword);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/ktpCourse$/);
  await expect(page.getByTestId('tab-page-ktpCourse')).toBeVisible();
  await shot(page, 'forgot-password-09-logged-in');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(await api(request, '/UserApi/getUserInfo', {}, token!)).toMatchObject({
    email: account,
    mobile: DEMO.student2.mobile,
    username: DEMO.student2.name,
  });
});
