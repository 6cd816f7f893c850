import { api, expect as baseExpect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';
import { fillStart, idFromUrl, phone, record } from './helpers';

// several phones at once on a shared machine: pages get longer to settle than the default 10 s
const expect = baseExpect.configure({ timeout: 25_000 });

/*
 * GPS attendance in English (spec 2 §8, issue 13), with Playwright's geolocation: the teacher's
 * position is the centre; a student inside the range checks in, one outside is told so on the page
 * (and may try again), and one whose phone cannot locate them is asked "check in anyway?" —
 * continuing checks in, flagged for the teacher with the reason.
 */
const CENTRE = { latitude: 31.23041, longitude: 121.47374, accuracy: 15 };

test('GPS attendance: inside the range, outside it, and the location failing with "check in anyway?"', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const teacher = await registerPerson(request, 1, 'Grace Hopper');
  await api(request, '/UserApi/setLanguage', { lang: 'en' }, teacher.token);
  const course = await createCourse(request, teacher.token, { coursename: 'Networks', classname: 'CS 3101' });
  const ada = await joinedStudent(request, 'Ada Byron', course.code);
  const alan = await joinedStudent(request, 'Alan Turing', course.code);
  const edsger = await joinedStudent(request, 'Edsger Dijkstra', course.code);
  for (const s of [ada, alan, edsger]) await api(request, '/UserApi/setLanguage', { lang: 'en' }, s.token);

  // the teacher starts it where they stand
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation(CENTRE);
  await signIn(page, request, teacher);
  await page.goto(`/checkIn/teaCheckinAdd?courseId=${course.id}&courseRole=1`);
  await expect(page.getByTestId('page-title')).toHaveText('Take attendance');
  await fillStart(page, 2, 'Lab, week 5', 10);
  // no position yet: said
  await page.getByTestId('att-add-submit').click();
  await expect(page.getByTestId('att-location-error')).toHaveText('Get your location first');
  await page.getByTestId('att-locate').click();
  await expect(page.getByTestId('att-location')).toContainText('31.23041, 121.47374');
  await page.getByTestId('att-range-100').click();
  await page.getByTestId('att-address').fill('Building A, room 301');
  await shot(page, 'attendance-gps-01-add');
  await page.getByTestId('att-add-submit').click();
  await expect(page.getByTestId('tea-checkin-page')).toBeVisible();
  const id = idFromUrl(page);
  await expect(page.getByTestId('att-gps-centre')).toContainText('Students within 100 m of you can check in');
  await expect(page.getByTestId('att-gps-centre')).toContainText('Building A, room 301');
  await shot(page, 'attendance-gps-02-running');

  // Ada, about 25 m away: checked in
  const inside = await phone(browser, {
    permissions: ['geolocation'],
    geolocation: { latitude: 31.23061, longitude: 121.47384, accuracy: 20 },
  });
  await signIn(inside, request, ada);
  await inside.goto(`/checkIn/studentCheckinIndex?courseId=${course.id}&courseRole=0`);
  await inside.locator(`[data-testid="att-open"][data-id="${id}"]`).getByTestId('att-open-go').click();
  await expect(inside.getByTestId('page-title')).toHaveText('Check in with location');
  await shot(inside, 'attendance-gps-03-student');
  await inside.getByTestId('att-gps-go').click();
  await expect(inside.getByTestId('checkin-success-title')).toHaveText("You're checked in");
  await shot(inside, 'attendance-gps-04-success');
  await expect(record(page, ada.uid)).toHaveAttribute('data-state', '0');
  await expect(record(page, ada.uid).getByTestId('att-risk')).toHaveCount(0);

  // Alan, across town: told on the page that he is outside the area (nothing about how far), may try again; nothing recorded
  const outside = await phone(browser, {
    permissions: ['geolocation'],
    geolocation: { latitude: 31.29871, longitude: 121.50312, accuracy: 20 },
  });
  await signIn(outside, request, alan);
  await outside.goto(`/checkIn/studentGPS?courseId=${course.id}&courseRole=0&id=${id}`);
  await outside.getByTestId('att-gps-go').click();
  await expect(outside.getByTestId('att-gps-note')).toHaveText('You are outside the check-in area. Move closer and try again');
  await expect(outside.getByTestId('att-gps-go')).toHaveText('Locate again and check in');
  await shot(outside, 'attendance-gps-05-out-of-range');
  await expect(record(page, alan.uid)).toHaveAttribute('data-state', '100');
  // the teacher sees the refused attempt at once (issue 25); Alan is never told the count
  await expect(record(page, alan.uid).getByTestId('att-refused')).toHaveText('1 check-in refused outside the area');
  await expect(outside.getByText(/refused/)).toHaveCount(0);
  await record(page, alan.uid).scrollIntoViewIfNeeded();
  await shot(page, 'attendance-gps-05b-teacher-refused');

  // Edsger's phone will not give a position: asked, cancels once, then checks in anyway
  const lost = await phone(browser, { permissions: [] });
  await signIn(lost, request, edsger);
  await lost.goto(`/checkIn/studentGPS?courseId=${course.id}&courseRole=0&id=${id}`);
  await lost.getByTestId('att-gps-go').click();
  await expect(lost.getByTestId('att-gps-continue-dialog')).toBeVisible();
  await expect(lost.getByText('Check in anyway? Your teacher will see it marked as unusual.')).toBeVisible();
  await shot(lost, 'attendance-gps-06-continue-question');
  await lost.getByTestId('att-gps-continue-cancel').click();
  await expect(lost.getByTestId('student-gps-page')).toBeVisible();
  await expect(record(page, edsger.uid)).toHaveAttribute('data-state', '100');
  await lost.getByTestId('att-gps-go').click();
  await lost.getByTestId('att-gps-continue-confirm').click();
  await expect(lost.getByTestId('checkin-success-unusual')).toHaveText(
    'You checked in without a location; your teacher sees it marked as unusual',
  );
  await shot(lost, 'attendance-gps-07-unusual');

  // the teacher sees it flagged, with the reason
  await expect(record(page, edsger.uid).getByTestId('att-risk')).toHaveText('Checked in after location failed (unusual)');
  await expect(record(page, edsger.uid).getByTestId('att-risk')).toHaveAttribute('data-reasons', 'locationFailed');
  await expect(page.getByTestId('att-arrived-count')).toHaveText('2/3');
  await shot(page, 'attendance-gps-08-teacher-flag');
  for (const p of [inside, outside, lost]) await p.context().close();
});
