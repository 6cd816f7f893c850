import { api, expect as baseExpect, downloadBy, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';
import { fillStart, idFromUrl, phone, record } from './helpers';

// several phones at once on a shared machine: pages get longer to settle than the default 10 s
const expect = baseExpect.configure({ timeout: 25_000 });

/*
 * Check-in/check-out attendance in English (issue 13): the teacher starts it with check-out opening a
 * minute in; a student checks in from the course's attendance list, is told to come back, and once
 * check-out opens checks out; the teacher's screen shows both times. The teacher's list and the
 * course statistics follow.
 */
test('check-in/out: check in, wait for check-out to open, check out; the teacher sees both times', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const teacher = await registerPerson(request, 1, 'Barbara Liskov');
  await api(request, '/UserApi/setLanguage', { lang: 'en' }, teacher.token);
  const course = await createCourse(request, teacher.token, { coursename: 'Programming Methodology', classname: 'CS 2201' });
  const ada = await joinedStudent(request, 'Ada Byron', course.code);
  await api(request, '/UserApi/setLanguage', { lang: 'en' }, ada.token);
  const grace = await joinedStudent(request, 'Grace Hopper', course.code);
  await api(request, '/UserApi/setLanguage', { lang: 'en' }, grace.token);

  await signIn(page, request, teacher);
  await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
  await page.getByTestId('home-menu-attendance').click();
  await expect(page.getByTestId('page-title')).toHaveText('Attendance');
  await page.getByTestId('att-start').click();
  await fillStart(page, 4, 'Lab session', 5);
  // check-out comes filled: the latest offered time before the end (issue 25)
  await expect(page.locator('.adm-selector-item-active').filter({ has: page.getByTestId('att-checkout-2') })).toBeVisible();
  await page.getByTestId('att-checkout-1').click();
  await shot(page, 'attendance-io-01-add');
  await page.getByTestId('att-add-submit').click();
  await expect(page.getByTestId('tea-checkin-page')).toBeVisible();
  const id = idFromUrl(page);
  await expect(page.getByTestId('att-phase')).toHaveAttribute('data-phase', 'in');

  // Ada checks in from her course's attendance list
  const student = await phone(browser);
  await signIn(student, request, ada);
  await student.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
  await expect(student.getByTestId('att-prompt-dialog')).toContainText('Attendance has started');
  await student.getByTestId('att-prompt-later').click();
  // the bar stays while it is open
  await student.getByTestId('att-open-bar').click();
  const card = student.locator(`[data-testid="att-open"][data-id="${id}"]`);
  await expect(card.getByTestId('att-open-go')).toHaveText('Check in');
  await shot(student, 'attendance-io-02-student-open');
  await card.getByTestId('att-open-go').click();
  await expect(student.getByTestId('checkin-success-title')).toHaveText("You're checked in");
  await student.getByTestId('checkin-success-back').click();
  await expect(card.getByTestId('att-open-done')).toHaveText('Checked in. Come back to check out when it opens');
  await expect(record(page, ada.uid)).toHaveAttribute('data-state', '0');

  // Grace opens the list and never checks in
  const late = await phone(browser);
  await signIn(late, request, grace);
  await late.goto(`/checkIn/studentCheckinIndex?courseId=${course.id}&courseRole=0`);
  const lateCard = late.locator(`[data-testid="att-open"][data-id="${id}"]`);
  await expect(lateCard.getByTestId('att-open-go')).toHaveText('Check in');

  // a minute later check-out opens: on Ada's phone without a reload (issue 25)
  await expect(page.getByTestId('att-phase')).toHaveAttribute('data-phase', 'out', { timeout: 75_000 });
  await expect(card.getByTestId('att-open-go')).toHaveText('Check out', { timeout: 15_000 });
  // Grace, who never checked in, is told she cannot check out
  await expect(lateCard.getByTestId('att-open-missed')).toHaveText(
    'Check-in is over and you did not check in, so you cannot check out. Ask your teacher if there was a reason.',
  );
  await expect(lateCard.getByTestId('att-open-go')).toHaveCount(0);
  await shot(late, 'attendance-io-02b-missed-checkin');
  await late.context().close();
  await card.getByTestId('att-open-go').click();
  await expect(student.getByTestId('checkin-success-title')).toHaveText("You're checked out");
  await shot(student, 'attendance-io-03-checked-out');
  await expect(record(page, ada.uid).getByTestId('att-record-time')).toContainText('→');
  await shot(page, 'attendance-io-04-teacher');

  // the teacher ends it; the statistics count it
  await page.getByTestId('att-end').click();
  await page.getByTestId('att-end-confirm').click();
  await expect(page.getByTestId('tea-checkin-detail')).toBeVisible();
  await page.goto(`/checkIn/teacherCheckinIndex?courseId=${course.id}&courseRole=1&tab=stats`);
  // Ada present, Grace absent
  await expect(page.getByTestId('att-stats-rate')).toHaveText('50%');
  await expect(page.locator(`[data-testid="att-student-stat"][data-userid="${ada.uid}"]`)).toContainText('Ada Byron');
  const { name } = await downloadBy(page, () => page.getByTestId('att-export').click());
  expect(name).toMatch(/\.xlsx$/);
  await shot(page, 'attendance-io-05-statistics');
  await student.context().close();
});
