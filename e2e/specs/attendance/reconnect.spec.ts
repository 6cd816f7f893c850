import { api, expect as baseExpect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { signIn } from '../courses/helpers';
import type { Student } from '../members/helpers';
import { classroom, record, switchableSocket } from './helpers';

// several phones at once on a shared machine: pages get longer to settle than the default 10 s
const expect = baseExpect.configure({ timeout: 25_000 });

/*
 * The teacher's socket dropped and restored while students check in (issue 13 "the socket dropped and
 * restored"; decision 016): the teacher watches a running attendance on its detail page; the
 * network goes, two students check in meanwhile, the page gives up after its tries and says it is
 * offline; back online, Reconnect asks for what it missed (`System.resume` and `setActive` with the
 * `since` cursor), the server replays exactly the missed arrivals, and the list shows each student
 * once.
 */
test('the socket dropped and restored on the detail page: the offline bar, the missed arrivals replayed by cursor, no duplicates', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { teacher, course, students } = await classroom(request, {
    teacher: '宋老师',
    coursename: `数字电路 ${Date.now() % 100000}`,
    classname: '电子 2301',
    students: ['林晓', '周宁', '吴桐', '郑洁'],
  });
  const [lin, zhou, wu, zheng] = students as [Student, Student, Student, Student];
  const started = await api<{ id: number }>(
    request,
    '/AttenceApi/addDigitAttence',
    { courseid: course.id, title: '第 6 周数字考勤', duration: 30, nexttime: 0 },
    teacher.token,
  );
  const id = started.id;
  const code = (await api<{ data: { code: string } }>(request, '/AttenceApi/getDigitAttence', { id }, teacher.token)).data.code;
  const checkin = (s: Student) => api(request, '/AttenceApi/checkin', { id, code }, s.token);

  // the teacher's phone: its clock can be run ahead, its socket switched off
  await page.clock.install();
  const network = await switchableSocket(page);
  await signIn(page, request, teacher);
  await page.goto(`/checkIn/teaCheckinDetail?courseId=${course.id}&courseRole=1&id=${id}`);
  await expect(page.getByTestId('att-detail-title')).toHaveText('第 6 周数字考勤');
  await expect(page.getByTestId('att-record')).toHaveCount(4);
  // the socket is open and in the course's rooms
  await expect
    .poll(() => network.connections[0]?.sent.some((m) => m.cmd === 'AttendClass.setActive' && m.data?.classId === course.id))
    .toBe(true);

  // online: Lin's arrival shows without a reload
  await checkin(lin);
  await expect(record(page, lin.uid)).toHaveAttribute('data-state', '0');
  const before = network.connections[0]!.received.find((m) => m.cmd === 'addRecord' && m.data?.userid === lin.uid);
  expect(before?.seq).toBeGreaterThan(0);
  const lastSeen = Math.max(...network.connections[0]!.received.map((m) => m.seq ?? 0));

  // the network goes; Zhou and Wu check in meanwhile; the page cannot know yet
  await network.down();
  await checkin(zhou);
  await checkin(wu);
  await page.waitForTimeout(1_500);
  await expect(record(page, zhou.uid)).toHaveAttribute('data-state', '100');
  await expect(record(page, wu.uid)).toHaveAttribute('data-state', '100');
  await expect(page.getByTestId('live-offline')).toHaveCount(0);

  // one try at once, four more 10 s apart, then the page says so (the clock run no further: offline,
  // the page would read the list again every 10 s)
  const offline = page.getByTestId('live-offline');
  for (let i = 0; i < 6 && !(await offline.isVisible()); i++) {
    await page.clock.runFor(10_500);
    await page.waitForTimeout(300);
  }
  await expect(offline).toBeVisible();
  await expect(offline).toContainText('实时连接已断开，新消息和签到不会自动出现');
  await expect(record(page, zhou.uid)).toHaveAttribute('data-state', '100');
  await shot(page, 'attendance-live-01-offline');
  expect(network.connections).toHaveLength(1);

  // back online: Reconnect asks for what happened after the last event it saw
  network.up();
  await offline.getByTestId('live-retry').click();
  await expect(offline).toHaveCount(0);
  await expect(record(page, zhou.uid)).toHaveAttribute('data-state', '0');
  await expect(record(page, wu.uid)).toHaveAttribute('data-state', '0');
  await expect.poll(() => network.connections.length).toBe(2);
  const again = network.connections[1]!;
  await expect.poll(() => again.sent[0]).toEqual({ cmd: 'System.resume', data: { since: lastSeen } });
  await expect
    .poll(() => again.sent.find((m) => m.cmd === 'AttendClass.setActive')?.data)
    .toMatchObject({ classId: course.id, since: lastSeen });
  // the server replays the two arrivals it missed, newer than the cursor. It also sends again what the page
  // heard in the seconds before the cursor, a window for events committed out of order (decision 016), and
  // an event may come through two of the page's rooms: the page keeps one of each event id
  const replayed = () => [
    ...new Map(
      again.received
        .filter((m) => m.cmd === 'addRecord' && Number(m.data?.attenceid) === id && (m.seq ?? 0) > lastSeen)
        .map((m) => [m.seq, m]),
    ).values(),
  ];
  await expect.poll(() => replayed().map((m) => m.data?.userid)).toEqual(expect.arrayContaining([zhou.uid, wu.uid]));
  // (Lin's arrival reaches the teacher through more than one room, each event with its own id: the copy
  // through a second room may land just after the cursor was read)
  expect(replayed().every((m) => [lin.uid, zhou.uid, wu.uid].includes(Number(m.data?.userid)))).toBe(true);

  // each student once, with the counts of the server
  await expect(page.getByTestId('att-record')).toHaveCount(4);
  for (const s of students) await expect(record(page, s.uid)).toHaveCount(1);
  await expect(page.getByTestId('att-detail-present')).toHaveText('出勤 3 / 4 人');
  await shot(page, 'attendance-live-02-reconnected');

  // live again: Zheng's arrival shows at once, still without a duplicate
  await checkin(zheng);
  await expect(record(page, zheng.uid)).toHaveAttribute('data-state', '0');
  await expect(page.getByTestId('att-record')).toHaveCount(4);
  await expect(page.getByTestId('att-detail-present')).toHaveText('出勤 4 / 4 人');
  expect(again.received.filter((m) => m.cmd === 'addRecord' && m.data?.userid === zheng.uid)).toHaveLength(1);
});
