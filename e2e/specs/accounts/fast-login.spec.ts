import type { APIRequestContext, Page } from '@playwright/test';
import { api, expect, freshPhone, lastCode, pictureAnswer, seeded, test } from '../../fixtures';
import { shot } from './screens';

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/** /login in SMS-code mode with the phone typed in. */
async function openFastMode(page: Page, phone: string) {
  await page.goto('/login');
  await expect(page.getByTestId('login-page')).toBeVisible();
  await page.getByTestId('login-mode-fast').click();
  await expect(page.getByTestId('login-mobile')).toBeVisible();
  await expect(page.getByTestId('login-password')).toHaveCount(0);
  await expect(page.getByTestId('login-fast-hint')).toHaveText('未注册的手机号验证后将自动创建账号');
  await expect(page.getByTestId('login-submit')).toHaveText(/注册登录/);
  await page.getByTestId('login-mobile').fill(phone);
}

/** Passes the picture code and waits for the countdown that proves the SMS went out. */
async function passPictureCode(page: Page, request: APIRequestContext) {
  await expect(page.getByTestId('figure-code-popup')).toBeVisible();
  await page.getByTestId('figure-code-input').fill(await pictureAnswer(page, request));
  await page.getByTestId('figure-code-confirm').click();
  await expect(page.getByTestId('figure-code-popup')).toBeHidden();
  await expect(page.getByTestId('send-code')).toBeDisabled();
  await expect(page.getByTestId('send-code')).toHaveText(/^\d{1,2} 秒后重发$/);
}

test.describe('fast login by phone', () => {
  test('an existing account logs in with an SMS code, after a wrong picture code', async ({ page, request }) => {
    // an account of this journey alone, made before the server started: no code has gone to its phone yet
    const { mobile: phone, name } = seeded().accounts.smsLogin;
    await openFastMode(page, phone);
    await expect(page.getByTestId('send-code')).toHaveText('获取验证码');
    await shot(page, 'fast-login-01-sms-mode');

    await page.getByTestId('send-code').click();
    await expect(page.getByTestId('figure-code-popup')).toBeVisible();
    const right = await pictureAnswer(page, request);
    const firstSrc = await page.getByTestId('figure-code-img').getAttribute('src');
    await shot(page, 'fast-login-02-picture-code');

    // a wrong picture answer ('0' is never in a picture code): the message in the popup, a new picture
    await page.getByTestId('figure-code-input').fill('0000');
    await page.getByTestId('figure-code-confirm').click();
    await expect(page.getByTestId('figure-code-error')).toHaveText('图形验证码错误，请重新输入');
    await expect(page.getByTestId('figure-code-img')).not.toHaveAttribute('src', firstSrc!);
    await expect(page.getByTestId('figure-code-input')).toHaveValue('');
    await expect(page.getByTestId('figure-code-popup')).toBeVisible();
    // no SMS went out, and the old answer is void
    await expect(lastCode(request, phone)).rejects.toThrow(/40004/);
    const renewed = await pictureAnswer(page, request);
    expect(renewed).not.toBe(right);
    await shot(page, 'fast-login-03-picture-wrong');

    // the right answer: the popup closes and the button counts down
    await page.getByTestId('figure-code-input').fill(renewed);
    await page.getByTestId('figure-code-confirm').click();
    await expect(page.getByTestId('figure-code-popup')).toBeHidden();
    await expect(page.getByTestId('send-code')).toBeDisabled();
    await expect(page.getByTestId('send-code')).toHaveText(/^\d{1,2} 秒后重发$/);
    const shown = Number((await page.getByTestId('send-code').textContent())!.match(/\d+/)![0]);
    expect(shown).toBeGreaterThan(50);
    expect(shown).toBeLessThanOrEqual(60);
    await expect
      .poll(async () => Number((await page.getByTestId('send-code').textContent())!.match(/\d+/)?.[0]), { timeout: 5_000 })
      .toBeLessThan(shown);
    await shot(page, 'fast-login-04-countdown', { keepToasts: true });

    const code = await lastCode(request, phone);
    await page.getByTestId('sms-code').fill(code);
    await page.getByTestId('login-submit').click();

    await expect(page).toHaveURL(/\/ktpCourse$/);
    await expect(page.getByTestId('tab-page-ktpCourse')).toBeVisible();
    await expect(page.getByTestId('tab-ktpMy')).toBeVisible();
    await shot(page, 'fast-login-05-logged-in');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const info = await api(request, '/UserApi/getUserInfo', {}, token!);
    expect(info).toMatchObject({ mobile: phone, username: name });
  });

  test('a new phone verifies, completes the fast register and is logged in', async ({ page, request }) => {
    const phone = freshPhone();
    await openFastMode(page, phone);
    await page.getByTestId('send-code').click();
    await passPictureCode(page, request);
    await page.getByTestId('sms-code').fill(await lastCode(request, phone));
    await shot(page, 'fast-login-06-new-phone-code');
    await page.getByTestId('login-submit').click();

    // no account yet: the fast register, the phone read-only
    await expect(page).toHaveURL(new RegExp(`/register\\?userCount=${phone}$`));
    await expect(page.getByTestId('page-title')).toHaveText('完善信息');
    const mobileField = page.getByTestId('register-mobile');
    await expect(mobileField).toHaveValue(masked(phone));
    await expect(mobileField).toHaveAttribute('readonly', '');
    await expect(page.getByTestId('register-account')).toHaveCount(0);
    // the confirmation appears only once a password is typed (the password is optional here)
    await expect(page.getByTestId('register-repassword')).toHaveCount(0);
    await expect(page.getByTestId('register-submit')).toHaveText(/完成注册并登录/);
    await shot(page, 'fast-login-07-fast-register');

    // a student needs a student number
    await page.getByTestId('register-username').fill('周快登');
    await page.getByTestId('register-usertype-student').click();
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-stno-error')).toHaveText('学生请填写学号');
    await expect(page).toHaveURL(/\/register\?userCount=/);
    await page.getByTestId('register-stno').fill('2026200');
    await shot(page, 'fast-login-08-fast-register-filled');
    await page.getByTestId('register-submit').click();

    await expect(page).toHaveURL(/\/ktpCourse$/);
    await expect(page.getByTestId('tab-page-ktpCourse')).toBeVisible();
    await shot(page, 'fast-login-09-new-account-logged-in');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const info = await api(request, '/UserApi/getUserInfo', {}, token!);
    expect(info).toMatchObject({ mobile: phone, username: '周快登', usertype: '0', stno: '2026200' });
    expect(await page.evaluate(() => sessionStorage.getItem('registerTicket'))).toBeNull();
  });
});
