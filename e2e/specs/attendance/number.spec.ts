import { api, expect as baseExpect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';
import { openPicker } from '../dateTime';
import { fillStart, idFromUrl, localInput, phone, record } from './helpers';

// several phones at once on a shared machine: pages get longer to settle than the default 10 s
const expect = baseExpect.configure({ timeout: 25_000 });

/*
 * Number attendance (spec 2 §2 /checkIn, §5, §8; issue 13), in Chinese: the teacher starts it from
 * the course home (the required fields refused first), the classroom screen shows the code; a
 * student is asked on entering the course, types a wrong code then the right one, and the teacher's
 * screen shows the arrival without a reload; the teacher is refused checking in, ends the
 * attendance after a confirmation and sets another student's status by hand.
 */
test('number attendance: start, a student checks in with the code, seen live; the teacher refused, a status set by hand', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const teacher = await registerPerson(request, 1, '沈老师');
  const course = await createCourse(request, teacher.token, {
    coursename: `数据结构 ${Date.now() % 100000}`,
    classname: '计科 2301',
  });
  const lin = await joinedStudent(request, '林晓', course.code);
  const zhou = await joinedStudent(request, '周宁', course.code);

  // the teacher enters attendance from the course home
  await signIn(page, request, teacher);
  await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
  await page.getByTestId('home-menu-attendance').click();
  await expect(page.getByTestId('teacher-checkin-index')).toBeVisible();
  await expect(page.getByTestId('att-empty')).toBeVisible();
  await shot(page, 'attendance-01-teacher-empty');

  // every required field comes filled (issue 25: one tap starts); emptied, each is said in the
  // spec's words, and nothing starts
  await page.getByTestId('att-start').click();
  await expect(page.getByTestId('tea-checkin-add')).toBeVisible();
  await expect(page.getByTestId('att-type-1')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('att-title')).toHaveValue(/考勤$/);
  await expect(page.getByTestId('att-nexttime')).toHaveAttribute(
    'data-value',
    new RegExp(`^${localInput(7 * 86400).slice(0, 10)}T`),
  );
  // the field reads in the app's language, whatever the browser's
  const week = new Date(Date.now() + 7 * 86_400_000);
  await expect(page.getByTestId('att-nexttime')).toContainText(
    `${week.getFullYear()}年${week.getMonth() + 1}月${week.getDate()}日`,
  );
  await shot(page, 'attendance-02a-add-defaults');
  // the app's own picker (issue 25): wheels labelled in Chinese, no time before now, no Clear for a
  // required field; Esc leaves the value as it was
  await openPicker(page, 'att-nexttime');
  await expect(page.getByTestId('att-nexttime-picker')).toContainText('确定');
  await expect(page.getByTestId('att-nexttime-picker').locator('.adm-picker-view-column-item-active').nth(1)).toHaveText(
    `${week.getMonth() + 1}月`,
  );
  await expect(page.getByTestId('att-nexttime-clear')).toHaveCount(0);
  await expect(page.getByTestId('att-nexttime-year')).toHaveAttribute('aria-label', '年');
  await shot(page, 'attendance-02b-picker-zh');
  // a tap on the next hour (the hour before at 23:00, the wheel's last) turns the wheel (a phone's way);
  // Esc keeps the field as it was
  const before = await page.getByTestId('att-nexttime').getAttribute('data-value');
  const hours = page.getByTestId('att-nexttime-picker').locator('.adm-picker-view-column').nth(3);
  const hourBefore = await page.getByTestId('att-nexttime-hour').getAttribute('aria-valuenow');
  const step = Number(hourBefore) < 23 ? 1 : -1;
  const neighbour = hours.locator(
    step === 1
      ? '.adm-picker-view-column-item-active + .adm-picker-view-column-item'
      : '.adm-picker-view-column-item:has(+ .adm-picker-view-column-item-active)',
  );
  await neighbour.tap();
  await expect(page.getByTestId('att-nexttime-hour')).not.toHaveAttribute('aria-valuenow', hourBefore ?? '');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('att-nexttime-picker')).toBeHidden();
  await expect(page.getByTestId('att-nexttime')).toHaveAttribute('data-value', before ?? '');
  await expect(page.getByTestId('att-nexttime')).toBeFocused();
  // a tap on the next hour and on 确定 keep it: the field reads an hour later (or earlier)
  await openPicker(page, 'att-nexttime');
  await neighbour.tap();
  await expect(page.getByTestId('att-nexttime-hour')).not.toHaveAttribute('aria-valuenow', hourBefore ?? '');
  await page.getByTestId('att-nexttime-confirm').tap();
  await expect(page.getByTestId('att-nexttime-picker')).toBeHidden();
  const later = new Date(new Date(before ?? '').getTime() + step * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await expect(page.getByTestId('att-nexttime')).toHaveAttribute('data-value', new RegExp(`T${pad(later.getHours())}:`));
  await page.getByTestId('att-title').fill('');
  await page.getByTestId('att-duration-5').click();
  await page.getByTestId('att-add-submit').click();
  await expect(page.getByTestId('att-title-error')).toHaveText('请输入考勤名称');
  await expect(page.getByTestId('att-duration-error')).toHaveText('请选择持续时间');
  await shot(page, 'attendance-02-add-required');
  const none = await api<{ total: number }>(request, '/SummaryApi/attence', { courseid: course.id }, teacher.token);
  expect(none.total).toBe(0);

  await fillStart(page, 1, '第 3 周周二考勤', 5);
  await page.getByTestId('att-add-submit').click();
  await expect(page.getByTestId('tea-checkin-page')).toBeVisible();
  const id = idFromUrl(page);
  await expect(page.getByTestId('att-code')).toHaveText(/^\d{4}$/);
  const code = (await page.getByTestId('att-code').textContent())!.trim();
  await expect(page.getByTestId('att-arrived-count')).toHaveText('0/2');
  await expect(page.getByTestId('att-countdown')).toHaveText(/^0[45]:\d\d$/);
  await shot(page, 'attendance-03-teacher-code');

  // the student enters the course: asked at once
  const student = await phone(browser);
  await signIn(student, request, lin);
  await student.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
  await expect(student.getByTestId('course-home-page')).toBeVisible();
  await expect(student.getByTestId('att-prompt-dialog')).toContainText('老师发起了考勤', { timeout: 30_000 });
  await expect(student.getByTestId('att-prompt-dialog')).toContainText('“第 3 周周二考勤”正在进行，现在去签到吗？');
  await shot(student, 'attendance-04-student-prompt');
  await student.getByTestId('att-prompt-go').click();
  await expect(student.getByTestId('student-checkin-index')).toBeVisible();
  await student.locator(`[data-testid="att-open"][data-id="${id}"]`).getByTestId('att-open-go').click();
  await expect(student.getByTestId('student-number-page')).toBeVisible();

  // a wrong code is said under the field and cleared
  const wrong = code === '0000' ? '1111' : '0000';
  await student.getByTestId('att-code-input').click();
  await student.keyboard.type(wrong);
  await expect(student.getByTestId('att-code-error')).toHaveText('签到码错误，请向老师确认');
  await shot(student, 'attendance-05-student-wrong-code');
  await student.keyboard.type(code);
  await expect(student.getByTestId('checkin-success-page')).toBeVisible();
  await expect(student.getByTestId('checkin-success-title')).toHaveText('签到成功');
  await expect(student.getByTestId('checkin-success-name')).toHaveText('第 3 周周二考勤');
  await shot(student, 'attendance-06-student-success');

  // the teacher's screen shows the arrival without a reload
  await expect(page.getByTestId('att-arrived-count')).toHaveText('1/2');
  await expect(record(page, lin.uid)).toHaveAttribute('data-state', '0');
  await expect(record(page, lin.uid).getByTestId('att-record-time')).toBeVisible();
  await expect(record(page, zhou.uid)).toHaveAttribute('data-state', '100');
  await shot(page, 'attendance-07-teacher-arrival');

  // checking in again: the first time counts
  const again = await api<{ total: number }>(request, '/AttenceApi/checkin', { id, code }, lin.token).catch(
    (e: Error) => e.message,
  );
  expect(String(again)).toContain('30324');

  // the teacher cannot check in to their own course
  const teacherPhone = await phone(browser);
  await signIn(teacherPhone, request, teacher);
  await teacherPhone.goto(`/checkIn/studentNumber?courseId=${course.id}&courseRole=0&id=${id}`);
  await teacherPhone.getByTestId('att-code-input').click();
  await teacherPhone.keyboard.type(code);
  await expect(teacherPhone.getByTestId('checkin-fail-page')).toBeVisible();
  await expect(teacherPhone.getByTestId('checkin-fail-message')).toHaveText('你是该课程的老师或助教，无需签到');
  await shot(teacherPhone, 'attendance-08-teacher-refused');
  await teacherPhone.context().close();

  // ending asks first; cancelling keeps it open
  await page.getByTestId('att-end').click();
  await expect(page.getByTestId('att-end-dialog')).toBeVisible();
  await shot(page, 'attendance-09-end-confirm');
  await page.getByTestId('att-end-cancel').click();
  await expect(page.getByTestId('att-countdown')).toBeVisible();
  await page.getByTestId('att-end').click();
  await page.getByTestId('att-end-confirm').click();
  await expect(page.getByTestId('tea-checkin-detail')).toBeVisible();
  // the one who did not come is absent
  await expect(record(page, zhou.uid)).toHaveAttribute('data-state', '1');

  // the teacher sets Zhou's status by hand: sick leave
  await record(page, zhou.uid).click();
  await page.getByTestId('att-set-5').click();
  await expect(record(page, zhou.uid)).toHaveAttribute('data-state', '5');
  await expect(record(page, zhou.uid)).toContainText('老师已手动设置');
  const sick = await api<{ lists: { userid: number; state: number; manual: number }[] }>(
    request,
    '/AttenceV2Api/getAttenceStudentLists',
    { attenceid: id },
    teacher.token,
  );
  expect(sick.lists.find((r) => r.userid === zhou.uid)).toMatchObject({ state: 5, manual: 1 });

  // the filter: sick leave only, then all
  await page.getByTestId('att-filter-5').click();
  await expect(page.locator('[data-testid="att-record"]')).toHaveCount(1);
  await page.getByTestId('att-filter-all').click();
  await expect(page.locator('[data-testid="att-record"]')).toHaveCount(2);
  await shot(page, 'attendance-10-detail');

  // renamed on /checkIn/teaCheckinEdit: an empty name is refused
  await page.getByTestId('att-detail-menu').click();
  await page.getByTestId('att-rename').click();
  await expect(page.getByTestId('tea-checkin-edit')).toBeVisible();
  await page.getByTestId('att-edit-title').fill('');
  await page.getByTestId('att-edit-submit').click();
  await expect(page.getByTestId('att-edit-title-error')).toHaveText('请输入考勤名称');
  await page.getByTestId('att-edit-title').fill('第 3 周周二考勤（补）');
  await shot(page, 'attendance-11-rename');
  await page.getByTestId('att-edit-submit').click();
  await expect(page.getByTestId('att-detail-title')).toHaveText('第 3 周周二考勤（补）');

  // deleting asks first; confirmed, the course has no attendance left
  await page.getByTestId('att-detail-menu').click();
  await page.getByTestId('att-delete').click();
  await expect(page.getByTestId('att-delete-dialog')).toBeVisible();
  await shot(page, 'attendance-12-delete-confirm');
  await page.getByTestId('att-delete-confirm').click();
  await expect(page.getByTestId('teacher-checkin-index')).toBeVisible();
  await expect(page.getByTestId('att-empty')).toBeVisible();
  const left = await api<{ total: number }>(request, '/SummaryApi/attence', { courseid: course.id }, teacher.token);
  expect(left.total).toBe(0);
  await student.context().close();
});
