import { api, DEMO, expect, freshPhone, lastCode, pictureAnswer, test } from '../../fixtures';
import { shot } from './screens';

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

test.describe('register a new student', () => {
  test('registers through the form, verifies by SMS, switches to English and logs out', async ({ page, request }) => {
    const phone = freshPhone();
    const password = 'Study#2026x';
    const name = '陈思远';

    // the login page, then its register link
    await page.goto('/login');
    await expect(page.getByTestId('login-page')).toBeVisible();
    await expect(page.getByTestId('login-submit')).toHaveText(/登\s*录/);
    await shot(page, 'register-student-01-login');
    await page.getByTestId('login-register').click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByTestId('page-title')).toHaveText('注册');
    await shot(page, 'register-student-02-register-empty');

    // the normal register form
    await page.getByTestId('register-account').fill(phone);
    await page.getByTestId('register-password').fill(password);
    await page.getByTestId('register-repassword').fill(password);
    await page.getByTestId('register-username').fill(name);
    await page.getByTestId('register-usertype-student').click();
    await page.getByTestId('register-school').fill('开源大学');
    await page.getByTestId('register-stno').fill('2026100');
    await shot(page, 'register-student-03-register-filled');
    await page.getByTestId('register-submit').click();

    // the picture code before the SMS goes out
    await expect(page.getByTestId('figure-code-popup')).toBeVisible();
    await expect(page.getByText('安全验证')).toBeVisible();
    const answer = await pictureAnswer(page, request);
    await shot(page, 'register-student-04-picture-code');
    await page.getByTestId('figure-code-input').fill(answer);
    await page.getByTestId('figure-code-confirm').click();

    // /loginVerify: the code went to the phone, the resend button counts down
    await expect(page).toHaveURL(/\/loginVerify$/);
    await expect(page.getByTestId('verify-target')).toHaveText(`验证码已发送至手机 ${masked(phone)}`);
    await expect(page.getByTestId('send-code')).toBeDisabled();
    await expect(page.getByTestId('send-code')).toHaveText(/\d+ 秒后重发/);
    await expect(page.getByTestId('verify-submit')).toBeDisabled();
    const code = await lastCode(request, phone);
    expect(code).toMatch(/^\d{6}$/);
    await page.getByTestId('sms-code').fill(code);
    await shot(page, 'register-student-05-verify', { keepToasts: true });
    await page.getByTestId('verify-submit').click();

    // logged in: the course list, empty for a new student, pointing at the join code
    await expect(page).toHaveURL(/\/ktpCourse$/);
    await expect(page.getByTestId('tab-page-ktpCourse')).toBeVisible();
    await expect(page.getByTestId('course-empty-title')).toHaveText('你还没有加入课程');
    await expect(page.getByTestId('course-empty-text')).toContainText('加课码');
    await shot(page, 'register-student-06-courses-empty');

    // the account exists on the server as entered
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const info = await api(request, '/UserApi/getUserInfo', {}, token!);
    expect(info).toMatchObject({
      mobile: phone,
      username: name,
      usertype: '0',
      stno: '2026100',
      school: '开源大学',
      lang: 'zh',
      safe: 0,
    });
    expect(await page.evaluate(() => sessionStorage.getItem('registerCache'))).toBeNull();

    // 我的: name and role
    await page.getByTestId('tab-ktpMy').click();
    await expect(page).toHaveURL(/\/ktpMy$/);
    await expect(page.getByTestId('my-username')).toHaveText(name);
    await expect(page.getByTestId('my-role')).toHaveText('学生');
    await expect(page.getByTestId('my-school')).toHaveText('开源大学');
    await expect(page.getByTestId('my-mobile')).toHaveText(masked(phone));
    await expect(page.getByTestId('lang-switch-zh')).toHaveAttribute('aria-pressed', 'true');
    await shot(page, 'register-student-07-my-zh');

    // English, stored on the account
    await page.getByTestId('lang-switch-en').click();
    await expect(page.getByTestId('lang-switch-en')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('my-role')).toHaveText('Student');
    await expect(page.getByTestId('tab-ktpMy')).toContainText('Me');
    await expect(page.getByTestId('tab-ktpCourse')).toContainText('Courses');
    await expect(page.getByTestId('logout')).toHaveText(/Log out/);
    await shot(page, 'register-student-08-my-en', { keepToasts: true });
    await expect.poll(async () => (await api(request, '/UserApi/getUserInfo', {}, token!)).lang).toBe('en');

    // a reload keeps English even when this device forgot its choice: it comes from the account
    await page.evaluate(() => localStorage.removeItem('lang'));
    await page.reload();
    await expect(page.getByTestId('my-role')).toHaveText('Student');
    await expect(page.getByTestId('page-title')).toHaveText('Me');
    await expect(page.getByTestId('tab-ktpCourse')).toContainText('Courses');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await shot(page, 'register-student-09-my-en-reloaded');

    // log out, after a confirmation
    await page.getByTestId('logout').click();
    const dialog = page.getByTestId('logout-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Log out');
    await shot(page, 'register-student-10-logout-confirm');
    await page.getByTestId('logout-confirm').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-page')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // the session is over on the server too
    await expect(api(request, '/UserApi/getUserInfo', {}, token!)).rejects.toThrow(/20003/);
    await shot(page, 'register-student-11-logged-out');
  });

  test('bad input is refused with the localised message and nothing is sent', async ({ page, request }) => {
    const phone = freshPhone();
    await page.goto('/register');
    await expect(page.getByTestId('register-page')).toBeVisible();
    await page.getByTestId('register-account').fill(phone);
    await page.getByTestId('register-username').fill('错误示范');
    await page.getByTestId('register-stno').fill('2026999');

    // the confirmation differs
    await page.getByTestId('register-password').fill('Study#2026x');
    await page.getByTestId('register-repassword').fill('Study#2026y');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-repassword-error')).toHaveText('两次输入的密码应该一致');
    await expect(page.getByTestId('figure-code-popup')).toBeHidden();
    await expect(page).toHaveURL(/\/register$/);
    await shot(page, 'register-student-12-mismatch');

    // a weak password (letters only)
    await page.getByTestId('register-password').fill('abcdefgh');
    await page.getByTestId('register-repassword').fill('abcdefgh');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-password-error')).toHaveText('密码强度太低：需包含字母、数字、符号中的至少两种');
    await expect(page.getByTestId('register-repassword-error')).toBeHidden();
    await expect(page.getByTestId('figure-code-popup')).toBeHidden();
    await expect(page).toHaveURL(/\/register$/);
    await shot(page, 'register-student-13-weak-password');

    // a student without a student number
    await page.getByTestId('register-password').fill('Study#2026x');
    await page.getByTestId('register-repassword').fill('Study#2026x');
    await page.getByTestId('register-stno').fill('');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-stno-error')).toHaveText('学生请填写学号');
    await expect(page.getByTestId('figure-code-popup')).toBeHidden();
    // nothing went out to this phone
    await expect(lastCode(request, phone)).rejects.toThrow(/40004/);

    // a phone already registered: the server refuses after the picture code
    await page.getByTestId('register-stno').fill('2026999');
    await page.getByTestId('register-account').fill(DEMO.student1.mobile);
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('figure-code-popup')).toBeVisible();
    await page.getByTestId('figure-code-input').fill(await pictureAnswer(page, request));
    await page.getByTestId('figure-code-confirm').click();
    await expect(page.getByTestId('figure-code-popup')).toBeHidden();
    await expect(page.getByTestId('register-error')).toHaveText('该账号已注册，请直接登录');
    await expect(page).toHaveURL(/\/register$/);
    expect(await page.evaluate(() => sessionStorage.getItem('registerCache'))).toBeNull();
    await expect(lastCode(request, DEMO.student1.mobile)).rejects.toThrow(/40004/);
    await shot(page, 'register-student-14-already-registered');
  });
});
