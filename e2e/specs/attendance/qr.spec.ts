import { api, expect as baseExpect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';
import { fillStart, idFromUrl, phone, record } from './helpers';

// several phones at once on a shared machine: pages get longer to settle than the default 10 s
const expect = baseExpect.configure({ timeout: 25_000 });

/*
 * QR attendance (spec 2 §2 /checkIn/checkinCodeResult, §8; issue 13), in Chinese: the classroom
 * screen's code changes every few seconds; what it encodes is read from the teacher's page and
 * opened on a student's phone, as the camera would; a ticket kept past its life is refused as
 * expired ("please rescan") and the current one checks in. An address without a ticket is the
 * spec's scan failure.
 */
test('QR attendance: the code rotates, a scan checks in, an old code is expired, the arrivals show live', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const teacher = await registerPerson(request, 1, '韩老师');
  const course = await createCourse(request, teacher.token, {
    coursename: `计算机网络 ${Date.now() % 100000}`,
    classname: '网络 2302',
  });
  const wu = await joinedStudent(request, '吴桐', course.code);
  const xu = await joinedStudent(request, '许诺', course.code);

  await signIn(page, request, teacher);
  await page.goto(`/checkIn/teacherCheckinIndex?courseId=${course.id}&courseRole=1`);
  await page.getByTestId('att-start').click();
  await fillStart(page, 3, '周四扫码考勤', 10);
  await page.getByTestId('att-add-submit').click();
  await expect(page.getByTestId('tea-checkin-page')).toBeVisible();
  const id = idFromUrl(page);
  const qr = page.getByTestId('att-qr');
  await expect(qr).toHaveAttribute('data-qr-url', /\/checkIn\/checkinCodeResult\?.*ticketid=.*sign=/);
  await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
  const first = (await qr.getAttribute('data-qr-url'))!;
  await shot(page, 'attendance-qr-01-screen');

  // the code changes every few seconds
  await expect.poll(async () => qr.getAttribute('data-qr-url'), { timeout: 15_000 }).not.toBe(first);

  // the students' phones are signed in and have the app open (a scan opens it warm, as a phone's
  // browser does): the ticket lives seconds, so the scan is what goes to the server
  const wuPhone = await phone(browser);
  await signIn(wuPhone, request, wu);
  const xuPhone = await phone(browser);
  await signIn(xuPhone, request, xu);
  // an address without a ticket: the spec's scan failure
  for (const p of [wuPhone, xuPhone]) await p.goto('/checkIn/checkinCodeResult');
  await expect(xuPhone.getByTestId('checkin-scan-failed')).toHaveText('扫码失败');
  await expect(xuPhone.getByText('请用手机相机扫描老师屏幕上的二维码完成签到')).toBeVisible();
  await shot(xuPhone, 'attendance-qr-06-scan-failed');

  // Wu scans the code on the screen now
  await wuPhone.goto((await qr.getAttribute('data-qr-url'))!);
  await expect(wuPhone.getByTestId('checkin-success-title')).toHaveText('签到成功');
  await expect(wuPhone.getByTestId('checkin-success-name')).toHaveText('周四扫码考勤');
  await shot(wuPhone, 'attendance-qr-02-success');
  await expect(record(page, wu.uid)).toHaveAttribute('data-state', '0');
  await expect(page.getByTestId('att-arrived-count')).toHaveText('1/2');

  // Xu opens the first code once it has expired: told to scan again
  const expire = Number(new URL(first).searchParams.get('expire'));
  await expect.poll(() => Date.now() / 1000 > expire + 1, { timeout: 30_000, intervals: [1000] }).toBe(true);
  await xuPhone.goto(first);
  await expect(xuPhone.getByTestId('checkin-fail-message')).toHaveText('二维码已过期，请重新扫码');
  await shot(xuPhone, 'attendance-qr-03-expired');
  await expect(record(page, xu.uid)).toHaveAttribute('data-state', '100');
  // and the code on the screen now
  await xuPhone.goto((await qr.getAttribute('data-qr-url'))!);
  await expect(xuPhone.getByTestId('checkin-success-title')).toHaveText('签到成功');
  await expect(page.getByTestId('att-arrived-count')).toHaveText('2/2');
  await shot(page, 'attendance-qr-04-arrivals');

  // the screen enlarges for the classroom
  await qr.click();
  await expect(page.locator('.att-qr-wrap.is-large')).toBeVisible();
  await shot(page, 'attendance-qr-05-large');
  await page.getByTestId('att-qr').click();

  const rows = await api<{ lists: { userid: number; state: number }[] }>(
    request,
    '/AttenceV2Api/getAttenceStudentLists',
    { attenceid: id },
    teacher.token,
  );
  expect(rows.lists.map((r) => r.state)).toEqual([0, 0]);
  await wuPhone.context().close();
  await xuPhone.context().close();
});
