import { api, DEMO, expect, test } from '../../fixtures';
import { shot } from './screens';

// Only this journey uses (and changes) DEMO.weak.
test('a user with a weak password is held until the password is changed', async ({ page, request }) => {
  const { mobile, password: weakPassword } = DEMO.weak;
  const strong = 'Strong#2026w';

  await page.goto('/login');
  await page.getByTestId('login-account').fill(mobile);
  await page.getByTestId('login-password').fill(weakPassword);
  await page.getByTestId('login-submit').click();

  // the account security tip
  const dialog = page.getByTestId('weak-password-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('账号安全提示');
  await expect(dialog).toContainText('密码过于简单');
  await expect(page).toHaveURL(/\/accoundNumberInfo\?bind=password&force=1$/);
  await shot(page, 'weak-password-01-security-tip');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(await api(request, '/UserApi/getUserInfo', {}, token!)).toMatchObject({ mobile, safe: 1 });

  await page.getByTestId('weak-password-reset').click();
  await expect(dialog).toBeHidden();

  // the forced page: the explanation, no back arrow, only log out as the way out
  await expect(page).toHaveURL(/\/accoundNumberInfo\?bind=password&force=1$/);
  await expect(page.getByTestId('bind-page-password')).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText('修改密码');
  await expect(page.getByTestId('bind-force-tip')).toHaveText('您的密码过于简单，为了账号安全，请先修改密码后再继续使用。');
  await expect(page.getByTestId('nav-back')).toHaveCount(0);
  await expect(page.getByTestId('bind-logout')).toBeVisible();
  await shot(page, 'weak-password-02-forced-page');

  // trying to leave keeps the user here
  await page.goto('/ktpMy');
  await expect(page).toHaveURL(/\/accoundNumberInfo\?bind=password&force=1$/);
  await expect(page.getByTestId('bind-force-tip')).toBeVisible();
  await expect(page.getByTestId('my-page')).toHaveCount(0);
  await page.goto('/ktpCourse');
  await expect(page).toHaveURL(/\/accoundNumberInfo\?bind=password&force=1$/);
  await expect(page.getByTestId('tab-page-ktpCourse')).toHaveCount(0);
  await shot(page, 'weak-password-03-still-forced');

  // a wrong old password is refused by the server in the form
  await page.getByTestId('bind-old-password').fill('654321');
  await page.getByTestId('bind-password').fill(strong);
  await page.getByTestId('bind-repassword').fill(strong);
  await page.getByTestId('bind-submit').click();
  await expect(page.getByTestId('bind-error')).toHaveText('原密码错误');
  await shot(page, 'weak-password-04-wrong-old-password');

  // the change
  await page.getByTestId('bind-old-password').fill(weakPassword);
  await page.getByTestId('bind-submit').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-page')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  await expect(api(request, '/UserApi/getUserInfo', {}, token!)).rejects.toThrow(/20003/);
  await shot(page, 'weak-password-05-changed-back-to-login', { keepToasts: true });

  // the new password: no tip, straight to the courses
  await page.getByTestId('login-account').fill(mobile);
  await page.getByTestId('login-password').fill(strong);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/ktpCourse$/);
  await expect(page.getByTestId('tab-page-ktpCourse')).toBeVisible();
  await expect(page.getByTestId('weak-password-dialog')).toHaveCount(0);
  await shot(page, 'weak-password-06-logged-in');
  const fresh = await page.evaluate(() => localStorage.getItem('token'));
  expect(await api(request, '/UserApi/getUserInfo', {}, fresh!)).toMatchObject({ mobile, safe: 0 });
  await expect(api(request, '/UserApi/login', { email: mobile, password: weakPassword })).rejects.toThrow(/21001/);
});
