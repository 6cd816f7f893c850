import type { APIRequestContext, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { api, expect as baseExpect, downloadBy, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { signIn } from '../courses/helpers';
import type { Student } from '../members/helpers';
import { classroom } from './helpers';

// several phones at once on a shared machine: pages get longer to settle than the default 10 s
const expect = baseExpect.configure({ timeout: 25_000 });

/*
 * Attendance statistics (issue 13; decision 013): per course and per student with the chart, the
 * .xlsx export opened as a workbook, and the counsellor views over the course's administrative
 * classes (`/checkIn/counselorCheckin`, `/checkIn/counselorAdminClassCheckin`), served to the
 * course's teacher and refused to its students. At 375 px, in Chinese and in English.
 *
 * Two ended attendances over four students in two classes, seeded through the API:
 *   number:    A1 present (checked in with the code), A2, B1, B2 absent
 *   roll call: A1 late, A2 sick leave, B1 present, B2 absent (never marked)
 * so the course has 3 attended of 8 (38%), the number attendance 25%, the roll call 50%, class A 50%
 * (2 of 4), class B 25% (1 of 4); A1 100%, A2 0%, B1 50%, B2 0%.
 */

interface Seeded {
  teacher: Awaited<ReturnType<typeof classroom>>['teacher'];
  course: { id: number; coursename: string };
  a1: Student;
  a2: Student;
  b1: Student;
  b2: Student;
  classA: number;
  classB: number;
  number: { id: number; title: string };
  roll: { id: number; title: string };
}

async function seed(request: APIRequestContext, lang: 'zh' | 'en'): Promise<Seeded> {
  const zh = lang === 'zh';
  const { teacher, course, students } = await classroom(request, {
    teacher: zh ? '邓老师' : 'Barbara Liskov',
    coursename: zh ? `概率论 ${Date.now() % 100000}` : `Probability ${Date.now() % 100000}`,
    classname: zh ? '数学 2301' : 'Maths 2301',
    students: zh
      ? ['林晓', '周宁', '吴桐', '欧阳娜娜娜娜娜娜娜娜娜娜娜娜娜娜娜娜']
      : ['Ada Byron', 'Alan Turing', 'Grace Hopper', 'Maximilian Alexander Featherst'],
    ...(zh ? {} : { lang: 'en' as const }),
  });
  const t = teacher.token;
  const [a1, a2, b1, b2] = students;
  const classA = await api<{ id: number }>(
    request,
    '/FutureV2/ClassAdministration/create',
    { courseid: course.id, name: zh ? '计科 2301 班' : 'CS 2301' },
    t,
  );
  const classB = await api<{ id: number }>(
    request,
    '/FutureV2/ClassAdministration/create',
    { courseid: course.id, name: zh ? '计科 2302 班' : 'CS 2302' },
    t,
  );
  await api(request, '/FutureV2/ClassAdministration/move', { courseid: course.id, id: classA.id, uids: [a1!.uid, a2!.uid] }, t);
  await api(request, '/FutureV2/ClassAdministration/move', { courseid: course.id, id: classB.id, uids: [b1!.uid, b2!.uid] }, t);

  const numberTitle = zh ? '第 1 周数字考勤' : 'Week 1, code';
  const number = await api<{ id: number }>(
    request,
    '/AttenceApi/addDigitAttence',
    { courseid: course.id, title: numberTitle, duration: 10, nexttime: 0 },
    t,
  );
  const code = (await api<{ data: { code: string } }>(request, '/AttenceApi/getDigitAttence', { id: number.id }, t)).data.code;
  await api(request, '/AttenceApi/checkin', { id: number.id, code }, a1!.token);
  await api(request, '/AttenceApi/overAttence', { id: number.id }, t);

  const rollTitle = zh ? '第 2 周点名' : 'Week 2, roll call';
  const roll = await api<{ id: number }>(
    request,
    '/AttenceApi/addNowsAttence',
    { courseid: course.id, title: rollTitle, duration: 10, nexttime: 0 },
    t,
  );
  for (const [s, state] of [
    [a1!, 2],
    [a2!, 5],
    [b1!, 0],
  ] as const)
    await api(request, '/AttenceApi/updateState', { id: roll.id, studentid: s.uid, state }, t);
  await api(request, '/AttenceApi/overAttence', { id: roll.id }, t);
  return {
    teacher,
    course,
    a1: a1!,
    a2: a2!,
    b1: b1!,
    b2: b2!,
    classA: classA.id,
    classB: classB.id,
    number: { id: number.id, title: numberTitle },
    roll: { id: roll.id, title: rollTitle },
  };
}

/** The course seeded, and its teacher signed in on `page`. */
async function seededAndSignedIn(page: Page, request: APIRequestContext, lang: 'zh' | 'en') {
  const s = await seed(request, lang);
  await signIn(page, request, s.teacher);
  return s;
}

const studentRow = (page: Page, uid: number) => page.locator(`[data-testid="att-student-stat"][data-userid="${uid}"]`);
/** The counts cells of a student's row: present, late, absent, leave, rate. */
const cells = (page: Page, uid: number) => studentRow(page, uid).locator('td:not(:first-child)');
const chartRow = (page: Page, state: number) => page.locator(`[data-testid="att-chart-row"][data-state="${state}"]`);

/** Nothing runs off a 375 px screen sideways (the page itself; the student table scrolls inside its card). */
async function fitsThePhone(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

async function workbookOf(page: Page, button: string) {
  const { name, bytes } = await downloadBy(page, () => page.getByTestId(button).click());
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer-like Buffer of its own
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return { name, workbook };
}
const values = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
const rowOf = (sheet: ExcelJS.Worksheet, name: string) => {
  for (let n = 2; n <= sheet.rowCount; n++) if (values(sheet, n)[1] === name) return values(sheet, n);
  throw new Error(`${name} is not in ${sheet.name}`);
};

test('statistics in Chinese: the course and its students with the chart, the workbook, and the counsellor views by class', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const s = await seededAndSignedIn(page, request, 'zh');
  const { course } = s;

  // the course's statistics tab
  await page.goto(`/checkIn/teacherCheckinIndex?courseId=${course.id}&courseRole=1`);
  await page.getByTestId('att-tab-stats').click();
  await expect(page).toHaveURL(/tab=stats/);
  await expect(page.getByTestId('att-stats-rate')).toHaveText('38%');
  await expect(page.getByTestId('att-stats-count')).toHaveText('共 2 次考勤，4 名学生');
  // how late counts is said beside the rate it explains: (2 present + 1 late) ÷ 8 expected = 38%
  await expect(page.getByTestId('att-stats-rule')).toContainText('迟到算出勤');
  // the chart: a bar per status with its count; no "not checked in" row once everything counted has ended
  await expect(chartRow(page, 0)).toHaveAttribute('data-count', '2');
  await expect(chartRow(page, 1)).toHaveAttribute('data-count', '4');
  await expect(chartRow(page, 2)).toHaveAttribute('data-count', '1');
  await expect(chartRow(page, 5)).toHaveAttribute('data-count', '1');
  await expect(chartRow(page, 0)).toContainText('出勤');
  await expect(chartRow(page, 1)).toContainText('4 50%');
  await expect(chartRow(page, 100)).toHaveCount(0);
  await fitsThePhone(page);
  await shot(page, 'attendance-stats-01-course');

  // per student: present, late, absent, leave, rate
  await expect(cells(page, s.a1.uid)).toHaveText(['1', '1', '0', '0', '100%']);
  await expect(cells(page, s.a2.uid)).toHaveText(['0', '0', '1', '1', '0%']);
  await expect(cells(page, s.b1.uid)).toHaveText(['1', '0', '1', '0', '50%']);
  await expect(cells(page, s.b2.uid)).toHaveText(['0', '0', '2', '0', '0%']);
  await expect(studentRow(page, s.b2.uid)).toContainText(s.b2.stno);
  // per attendance, newest first, each opening its result
  const perAttendance = page.getByTestId('att-stats-attendance');
  await expect(perAttendance).toHaveCount(2);
  await expect(perAttendance.nth(0)).toContainText('第 2 周点名');
  await expect(perAttendance.nth(0)).toContainText('50%');
  await expect(perAttendance.nth(1)).toContainText('第 1 周数字考勤');
  await expect(perAttendance.nth(1)).toContainText('25%');
  await perAttendance.last().scrollIntoViewIfNeeded();
  await shot(page, 'attendance-stats-02-by-student');

  // the workbook: every student's counts and rate, and every student's status in every attendance
  const { name, workbook } = await workbookOf(page, 'att-export');
  expect(name).toBe(`${course.coursename}-考勤统计.xlsx`);
  const summary = workbook.getWorksheet('学生汇总')!;
  expect(values(summary, 1).join(' | ')).toBe(
    '学号 | 姓名 | 行政班 | 出勤 | 缺勤 | 迟到 | 请假 | 事假 | 病假 | 公假 | 早退 | 考勤次数 | 出勤率 | 存疑签到',
  );
  expect(rowOf(summary, '林晓')).toEqual([s.a1.stno, '林晓', '计科 2301 班', 1, 0, 1, 0, 0, 0, 0, 0, 2, 1, 0]);
  expect(rowOf(summary, '周宁')).toEqual([s.a2.stno, '周宁', '计科 2301 班', 0, 1, 0, 0, 0, 1, 0, 0, 2, 0, 0]);
  expect(rowOf(summary, '吴桐')).toEqual([s.b1.stno, '吴桐', '计科 2302 班', 1, 1, 0, 0, 0, 0, 0, 0, 2, 0.5, 0]);
  const records = workbook.getWorksheet('签到明细')!;
  expect(values(records, 1).slice(0, 2)).toEqual(['学号', '姓名']);
  expect(String(values(records, 1)[2])).toMatch(/^第 1 周数字考勤 \(\d{4}-\d\d-\d\d \d\d:\d\d\)$/);
  expect(String(values(records, 1)[3])).toMatch(/^第 2 周点名 \(/);
  expect(rowOf(records, '林晓')).toEqual([s.a1.stno, '林晓', '出勤', '迟到']);
  expect(rowOf(records, '周宁')).toEqual([s.a2.stno, '周宁', '缺勤', '病假']);
  expect(rowOf(records, s.b2.name)).toEqual([s.b2.stno, s.b2.name, '缺勤', '缺勤']);
  await shot(page, 'attendance-stats-03-exported', { keepToasts: true });

  // an attendance of the list opens its result
  await perAttendance.nth(0).click();
  await expect(page.getByTestId('tea-checkin-detail')).toBeVisible();
  await expect(page.getByTestId('att-detail-title')).toHaveText('第 2 周点名');
  await page.goBack();

  // the counsellor views: the course's classes with their rates, then one class's students
  await page.getByTestId('att-by-class').click();
  await expect(page).toHaveURL(new RegExp(`/checkIn/counselorCheckin\\?courseId=${course.id}&courseRole=1$`));
  await expect(page.getByTestId('page-title')).toHaveText('行政班考勤');
  const classA = page.locator(`[data-testid="counselor-class"][data-classid="${s.classA}"]`);
  const classB = page.locator(`[data-testid="counselor-class"][data-classid="${s.classB}"]`);
  await expect(classA).toContainText('计科 2301 班');
  await expect(classA).toContainText('2 名学生');
  await expect(classA.getByTestId('counselor-class-rate')).toHaveText('50%');
  await expect(classB.getByTestId('counselor-class-rate')).toHaveText('25%');
  await fitsThePhone(page);
  await shot(page, 'attendance-stats-04-counselor');
  await classB.click();
  await expect(page).toHaveURL(
    new RegExp(`/checkIn/counselorAdminClassCheckin\\?courseId=${course.id}&courseRole=1&classid=${s.classB}$`),
  );
  await expect(page.getByTestId('page-title')).toHaveText('行政班学生考勤');
  await expect(page.getByTestId('counselor-class-name')).toHaveText('计科 2302 班');
  await expect(page.getByTestId('counselor-class-rate')).toHaveText('25%');
  await expect(chartRow(page, 0)).toHaveAttribute('data-count', '1');
  await expect(chartRow(page, 1)).toHaveAttribute('data-count', '3');
  // only this class's students
  await expect(page.getByTestId('att-student-stat')).toHaveCount(2);
  await expect(cells(page, s.b1.uid)).toHaveText(['1', '0', '1', '0', '50%']);
  await expect(cells(page, s.b2.uid)).toHaveText(['0', '0', '2', '0', '0%']);
  await fitsThePhone(page);
  await shot(page, 'attendance-stats-05-counselor-class');

  // a student of the course is refused both views: a teacher's address (courseRole=1) sends them to
  // the course list (spec 2 §2), without it the page says "no permission"; the API refuses too
  await signIn(page, request, s.a1);
  await page.goto(`/checkIn/counselorCheckin?courseId=${course.id}&courseRole=1`);
  await expect(page).toHaveURL(/\/ktpCourse$/);
  await expect(page.getByTestId('counselor-classes')).toHaveCount(0);
  await page.goto(`/checkIn/counselorCheckin?courseId=${course.id}`);
  await expect(page.getByTestId('no-permission')).toBeVisible();
  await page.goto(`/checkIn/counselorAdminClassCheckin?courseId=${course.id}&classid=${s.classA}`);
  await expect(page.getByTestId('no-permission')).toBeVisible();
  await expect(page.getByTestId('att-student-stat')).toHaveCount(0);
  for (const classid of [0, s.classA]) {
    const refused = await request.post('/AttenceApi/getAdminClassStatistics', {
      data: { courseid: course.id, classid },
      headers: { token: s.a1.token },
    });
    expect(await refused.json()).toMatchObject({ status: 0, code: 40003 });
  }
  const exportRefused = await request.post('/AttenceApi/exportStatistics', {
    data: { courseid: course.id },
    headers: { token: s.a1.token },
  });
  expect(await exportRefused.json()).toMatchObject({ status: 0, code: 40003 });
});

test('statistics in English: the words of the chart, the table and the workbook, and the counsellor views', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { course, ...s } = await seededAndSignedIn(page, request, 'en');
  await page.goto(`/checkIn/teacherCheckinIndex?courseId=${course.id}&courseRole=1&tab=stats`);
  await expect(page.getByTestId('att-stats-rate')).toHaveText('38%');
  await expect(page.getByTestId('att-stats-count')).toHaveText('Attendances: 2 · Students: 4');
  await expect(page.getByTestId('att-stats-rule')).toContainText('late counts as attended');
  await expect(chartRow(page, 5)).toContainText('Sick leave');
  await expect(page.getByTestId('att-student-table').locator('th')).toHaveText([
    'Student',
    'Present',
    'Late',
    'Absent',
    'Leave',
    'Rate',
  ]);
  await expect(cells(page, s.b1.uid)).toHaveText(['1', '0', '1', '0', '50%']);
  await expect(studentRow(page, s.b2.uid)).toContainText('Maximilian Alexander Featherst');
  await fitsThePhone(page);
  await shot(page, 'attendance-stats-06-en-course');

  const { name, workbook } = await workbookOf(page, 'att-export');
  expect(name).toBe(`${course.coursename}-Attendance.xlsx`);
  const summary = workbook.getWorksheet('By student')!;
  expect(values(summary, 1).join(' | ')).toBe(
    'Student no. | Name | Class | Present | Absent | Late | On leave | Personal leave | Sick leave | Official leave | Left early | Attendances | Attendance rate | Flagged check-ins',
  );
  expect(rowOf(summary, 'Ada Byron')).toEqual([s.a1.stno, 'Ada Byron', 'CS 2301', 1, 0, 1, 0, 0, 0, 0, 0, 2, 1, 0]);
  const records = workbook.getWorksheet('By attendance')!;
  expect(rowOf(records, 'Alan Turing')).toEqual([s.a2.stno, 'Alan Turing', 'Absent', 'Sick leave']);

  await page.getByTestId('att-by-class').click();
  await expect(page.getByTestId('page-title')).toHaveText('Attendance by class');
  const classA = page.locator(`[data-testid="counselor-class"][data-classid="${s.classA}"]`);
  await expect(classA).toContainText('Students: 2');
  await expect(classA.getByTestId('counselor-class-rate')).toHaveText('50%');
  await shot(page, 'attendance-stats-07-en-counselor');
  await classA.click();
  await expect(page.getByTestId('page-title')).toHaveText('Class attendance');
  await expect(page.getByTestId('counselor-class-name')).toHaveText('CS 2301');
  await expect(cells(page, s.a1.uid)).toHaveText(['1', '1', '0', '0', '100%']);
  await expect(cells(page, s.a2.uid)).toHaveText(['0', '0', '1', '1', '0%']);
  await fitsThePhone(page);
  await shot(page, 'attendance-stats-08-en-counselor-class');
});
