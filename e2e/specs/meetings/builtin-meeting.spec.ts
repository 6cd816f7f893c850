import type { Page } from '@playwright/test';
import { api, checkA11y, expect, test } from '../../fixtures';
import config from '../../playwright.config';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';

/*
 * The built-in small meeting (issue 26, decision 041): a teacher and a student meet in the office-hours room
 * of their course, each in a browser context of their own with Chromium's fake camera and microphone. Media
 * flows both ways: each receiver's RTCPeerConnection.getStats() (inbound-rtp bytes, which the page reads
 * every second onto the tile) keeps growing. The student raises a hand and mutes; the teacher sees both.
 * The student leaves; the teacher's record shows who was there. Then the same in English, as screens.
 */

// Chromium's fake devices for this file only: a generated picture and tone, and no permission prompt
const base = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...base,
    args: [...(base.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
  permissions: ['camera', 'microphone'],
});

/** The bytes the page's receiver counted for the tile of `name` (its RTCPeerConnection's inbound-rtp). */
const inbound = (page: Page, name: string) =>
  page
    .locator(`[data-testid="meeting-peer"][data-name="${name}"]`)
    .getAttribute('data-inbound-bytes')
    .then((v) => Number(v ?? 0));

/** Media from `name` reaches `page`: connected, and the bytes received grow by more than 20 kB after a first reading. */
async function receiving(page: Page, name: string) {
  const tile = page.locator(`[data-testid="meeting-peer"][data-name="${name}"]`);
  await expect(tile).toHaveAttribute('data-connection', 'connected', { timeout: 60_000 });
  await expect.poll(() => inbound(page, name), { timeout: 30_000 }).toBeGreaterThan(0);
  const first = await inbound(page, name);
  await expect.poll(() => inbound(page, name), { timeout: 30_000 }).toBeGreaterThan(first + 20_000);
  // the video element plays what arrives
  await expect
    .poll(() => tile.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 })
    .toBeGreaterThan(0);
}

test('课堂小会议（zh）：老师和学生在答疑室里互相看到听到，举手、静音、离开，老师看到参会记录', async ({
  page,
  request,
  newPhone,
}) => {
  test.setTimeout(240_000);
  const teacher = await registerPerson(request, 1, '周老师');
  const course = await createCourse(request, teacher.token, { coursename: `答疑课 ${Date.now() % 100000}` });
  const student = await joinedStudent(request, '郑同学', course.code);

  await signIn(page, request, teacher);
  await page.goto(`/conference?courseId=${course.id}&courseRole=1`);
  await page.getByTestId('meeting-rooms-link').click();
  await expect(page.getByTestId('meeting-room-row')).toHaveCount(9);
  await expect(page.getByTestId('meeting-room-row').first()).toContainText('答疑室');
  await expect(page.getByTestId('meeting-record')).toContainText('还没有人用过会议室');
  const turnMissing = (await page.getByTestId('meeting-turn-missing').count()) > 0;
  await shot(page, 'meeting-zh-01-rooms');
  await checkA11y(page, 'the built-in meeting rooms of a course');

  // the teacher enters the office-hours room, alone
  await page.getByTestId('meeting-room-join').first().click();
  await expect(page.getByTestId('meeting-room')).toHaveAttribute('data-phase', 'in', { timeout: 30_000 });
  await expect(page.getByTestId('meeting-count')).toHaveText('会议中 1 人');
  if (!turnMissing) await expect(page.getByTestId('meeting-no-turn')).toHaveCount(0);

  // the student on a phone sees the teacher in the room's list, and joins
  const phone = await newPhone({ permissions: ['camera', 'microphone'] });
  await signIn(phone, request, student);
  await phone.goto(`/conference/rooms?courseId=${course.id}&courseRole=0`);
  await expect(phone.getByTestId('meeting-room-people').first()).toHaveText('周老师');
  await expect(phone.getByTestId('meeting-record')).toHaveCount(0);
  await phone.getByTestId('meeting-room-join').first().click();
  await expect(phone.getByTestId('meeting-room')).toHaveAttribute('data-phase', 'in', { timeout: 30_000 });
  await expect(phone.getByTestId('meeting-count')).toHaveText('会议中 2 人');
  await expect(page.getByTestId('meeting-count')).toHaveText('会议中 2 人');

  // media both ways, as each receiver's getStats shows
  await receiving(page, '郑同学');
  await receiving(phone, '周老师');
  await shot(page, 'meeting-zh-02-teacher');
  await shot(phone, 'meeting-zh-03-student');
  await checkA11y(phone, 'a meeting room with two people');

  // raise a hand and mute: the teacher sees both
  await phone.getByTestId('meeting-hand-button').click();
  await phone.getByTestId('meeting-mic').click();
  await expect(phone.getByTestId('meeting-mic')).toHaveText('取消静音');
  const studentTile = page.locator('[data-testid="meeting-peer"][data-name="郑同学"]');
  await expect(studentTile).toHaveAttribute('data-hand', '1');
  await expect(studentTile.getByTestId('meeting-hand')).toHaveText('举手');
  await expect(studentTile.getByTestId('meeting-muted')).toHaveText('已静音');
  await shot(page, 'meeting-zh-04-hand');
  // the hand comes down
  await phone.getByTestId('meeting-hand-button').click();
  await expect(studentTile).toHaveAttribute('data-hand', '0');

  // the camera off and on again: the picture comes back, still flowing
  await phone.getByTestId('meeting-cam').click();
  await expect(phone.getByTestId('meeting-cam')).toHaveText('开摄像头');
  await phone.getByTestId('meeting-cam').click();
  await receiving(page, '郑同学');

  // the student leaves: the teacher is alone again
  await phone.getByTestId('meeting-leave').click();
  await expect(phone.getByTestId('meeting-left')).toContainText('您已离开会议室');
  await expect(page.getByTestId('meeting-count')).toHaveText('会议中 1 人');
  await expect(page.getByTestId('meeting-peer')).toHaveCount(0);
  await shot(phone, 'meeting-zh-05-left');

  // the record: the student was there (and for how long), the teacher is still there
  await page.getByTestId('meeting-leave').click();
  await page.goto(`/conference/rooms?courseId=${course.id}&courseRole=1`);
  const rows = page.getByTestId('meeting-record-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: '郑同学' })).toContainText('分钟');
  await rows.last().scrollIntoViewIfNeeded();
  await shot(page, 'meeting-zh-06-record');
});

test('built-in meeting (en): two people see and hear each other, a raised hand, the record, as screens', async ({
  page,
  request,
  newPhone,
}) => {
  test.setTimeout(240_000);
  const teacher = await registerPerson(request, 1, 'Ms Grey');
  await api(request, '/UserApi/setLanguage', { lang: 'en' }, teacher.token);
  const course = await createCourse(request, teacher.token, { coursename: `Office hours ${Date.now() % 100000}` });
  const student = await joinedStudent(request, 'Lee', course.code);
  await api(request, '/UserApi/setLanguage', { lang: 'en' }, student.token);

  await signIn(page, request, teacher);
  await page.goto(`/conference/rooms?courseId=${course.id}&courseRole=1`);
  await expect(page.getByTestId('meeting-room-row').first()).toContainText('Office hours');
  await shot(page, 'meeting-en-01-rooms');
  await page.getByTestId('meeting-room-join').nth(1).click();
  await expect(page.getByTestId('meeting-room')).toHaveAttribute('data-phase', 'in', { timeout: 30_000 });

  const phone = await newPhone({ permissions: ['camera', 'microphone'], locale: 'en-US' });
  await signIn(phone, request, student);
  await phone.goto(`/conference/room?courseId=${course.id}&courseRole=0&room=2`);
  await expect(phone.getByTestId('meeting-count')).toHaveText('2 people in the meeting', { timeout: 30_000 });
  await receiving(page, 'Lee');
  await receiving(phone, 'Ms Grey');
  await phone.getByTestId('meeting-hand-button').click();
  await expect(page.locator('[data-testid="meeting-peer"][data-name="Lee"]').getByTestId('meeting-hand')).toHaveText(
    'Hand up',
  );
  await shot(page, 'meeting-en-02-teacher');
  await shot(phone, 'meeting-en-03-student');
  await phone.getByTestId('meeting-leave').click();
  await expect(phone.getByTestId('meeting-left')).toContainText('You left the meeting room');
  await page.getByTestId('meeting-leave').click();
  await page.goto(`/conference/rooms?courseId=${course.id}&courseRole=1`);
  await expect(page.getByTestId('meeting-record-row')).toHaveCount(2);
  await page.getByTestId('meeting-record-row').last().scrollIntoViewIfNeeded();
  await shot(page, 'meeting-en-04-record');
});
