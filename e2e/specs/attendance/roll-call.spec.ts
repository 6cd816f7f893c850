import type { Page } from '@playwright/test';
import { api, expect as baseExpect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { signIn } from '../courses/helpers';
import type { Student } from '../members/helpers';
import { classroom, fillStart, idFromUrl, phone, record } from './helpers';

// several phones at once on a shared machine: pages get longer to settle than the default 10 s
const expect = baseExpect.configure({ timeout: 25_000 });

/*
 * Roll call (attendance type 0, spec 2 §4; issue 13): the teacher calls the roll and sets each
 * student's status by hand; students do nothing but see the status they were given, pushed to their
 * page (`addRecord` to the student's own room) without a reload. A student cannot check in to a roll
 * call (30328). Chinese first, then English.
 */
/** On the start form: a roll call (its hint said) of ten minutes; the running page's attendance id. */
async function startRollCall(page: Page, title: string, hint: string) {
  await page.getByTestId('att-type-0').click();
  await expect(page.getByTestId('att-type-hint')).toHaveText(hint);
  await fillStart(page, 0, title, 10);
  await page.getByTestId('att-add-submit').click();
  await expect(page.getByTestId('tea-checkin-page')).toBeVisible();
  return idFromUrl(page);
}

test('roll call: the teacher marks each student by hand, the student sees their status live; ended, the rest are absent', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { teacher, course, students } = await classroom(request, {
    teacher: '韩老师',
    coursename: `线性代数 ${Date.now() % 100000}`,
    classname: '数学 2302',
    students: ['林晓', '周宁', '吴桐'],
  });
  const [lin, zhou, wu] = students as [Student, Student, Student];

  // the teacher starts a roll call from the course's attendance page
  await signIn(page, request, teacher);
  await page.goto(`/checkIn/teacherCheckinIndex?courseId=${course.id}&courseRole=1`);
  await page.getByTestId('att-start').click();
  const id = await startRollCall(page, '第 5 周周四点名', '老师逐个设置学生的出勤状态，学生无需操作');
  await expect(page.getByTestId('att-run-title')).toHaveText('第 5 周周四点名');
  await expect(page.getByTestId('att-roll-call-hint')).toHaveText('点击学生设置出勤状态');
  // nobody checks in to a roll call: the count is of students marked, and the unmarked are "not marked yet"
  await expect(page.getByTestId('att-arrived')).toHaveText('已点名 0/3');
  for (const s of [lin, zhou, wu]) {
    await expect(record(page, s.uid)).toHaveAttribute('data-state', '100');
    await expect(record(page, s.uid).getByTestId('att-state')).toHaveText('未点名');
  }
  await shot(page, 'attendance-roll-01-teacher-start');

  // Lin enters the course: a roll call asks nothing of her, so no "check in now?" and no bar
  const student = await phone(browser);
  await signIn(student, request, lin);
  const asked = student.waitForResponse('**/AttenceApi/getNotFinishAttenceStudent');
  await student.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
  expect((await (await asked).json()).data.lists).toMatchObject([{ id: String(id), type: '0', state: 100 }]);
  await expect(student.getByTestId('course-home-page')).toBeVisible();
  await student.waitForTimeout(1_000);
  await expect(student.getByTestId('att-prompt-dialog')).toHaveCount(0);
  await expect(student.getByTestId('att-open-bar')).toHaveCount(0);

  // her course's attendance: the roll call is there, with nothing for her to do
  await student.goto(`/checkIn/studentCheckinIndex?courseId=${course.id}&courseRole=0`);
  const card = student.locator(`[data-testid="att-open"][data-id="${id}"]`);
  await expect(card).toHaveAttribute('data-type', '0');
  await expect(card.getByTestId('att-open-hint')).toHaveText('老师正在点名，无需自己签到');
  await expect(card.getByTestId('att-open-go')).toHaveCount(0);
  await shot(student, 'attendance-roll-02-student-waiting');
  // nor through the API: 30328
  const refused = await request.post('/AttenceApi/checkin', { data: { id }, headers: { token: lin.token } });
  expect(await refused.json()).toMatchObject({ status: 0, code: 30328 });

  // the teacher marks Lin present and Zhou on sick leave; Lin's page shows hers without a reload
  await record(page, lin.uid).click();
  await expect(page.getByText('设置 林晓 的出勤状态')).toBeVisible();
  await shot(page, 'attendance-roll-03-teacher-sheet');
  await page.getByTestId('att-set-0').click();
  await expect(record(page, lin.uid)).toHaveAttribute('data-state', '0');
  await expect(record(page, lin.uid)).toContainText('老师已手动设置');
  await record(page, zhou.uid).click();
  await page.getByTestId('att-set-5').click();
  await expect(record(page, zhou.uid)).toHaveAttribute('data-state', '5');
  await expect(page.getByTestId('att-arrived')).toHaveText('已点名 2/3');
  await shot(page, 'attendance-roll-04-teacher-marked');

  await expect(card.getByTestId('att-state')).toHaveAttribute('data-state', '0');
  await expect(card.getByTestId('att-open-done')).toHaveText('老师已将你记为“出勤”');
  await shot(student, 'attendance-roll-05-student-marked');

  // the teacher ends it: Wu, never marked, is absent
  await page.getByTestId('att-end').click();
  await page.getByTestId('att-end-confirm').click();
  await expect(page.getByTestId('tea-checkin-detail')).toBeVisible();
  await expect(record(page, wu.uid)).toHaveAttribute('data-state', '1');
  await expect(page.getByTestId('att-detail-present')).toHaveText('出勤 1 / 3 人');

  // Lin came in late after all: corrected after the end, and her page follows
  await record(page, lin.uid).click();
  await page.getByTestId('att-set-2').click();
  await expect(record(page, lin.uid)).toHaveAttribute('data-state', '2');
  await expect(page.getByTestId('att-detail-present')).toHaveText('出勤 1 / 3 人');
  await shot(page, 'attendance-roll-06-teacher-detail');
  const row = student.locator(`[data-testid="att-history-row"][data-id="${id}"]`);
  await expect(row.getByTestId('att-state')).toHaveAttribute('data-state', '2');
  await expect(row.getByTestId('att-state')).toHaveText('迟到');
  await expect(card).toHaveCount(0);
  await shot(student, 'attendance-roll-07-student-history');

  // the server agrees: Lin late, Zhou on sick leave, both set by hand; Wu absent
  const lists = await api<{ lists: { userid: number; state: number; manual: number }[] }>(
    request,
    '/AttenceV2Api/getAttenceStudentLists',
    { attenceid: id },
    teacher.token,
  );
  const of = (uid: number) => lists.lists.find((r) => r.userid === uid);
  expect(of(lin.uid)).toMatchObject({ state: 2, manual: 1 });
  expect(of(zhou.uid)).toMatchObject({ state: 5, manual: 1 });
  expect(of(wu.uid)).toMatchObject({ state: 1 });
  await student.context().close();
});

test('roll call in English: "Marked 1/2", "Not marked yet", and the student told what they were marked', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const { teacher, course, students } = await classroom(request, {
    teacher: 'Frances Allen',
    coursename: 'Compiler Design',
    classname: 'CS 4102',
    students: ['Ada Byron', 'Alan Turing'],
    lang: 'en',
  });
  const ada = students[0]!;

  await signIn(page, request, teacher);
  await page.goto(`/checkIn/teaCheckinAdd?courseId=${course.id}&courseRole=1`);
  const id = await startRollCall(page, 'Thursday lecture', "You set each student's status yourself; students do nothing");
  await expect(page.getByTestId('att-arrived')).toHaveText('Marked 0/2');
  await expect(record(page, ada.uid).getByTestId('att-state')).toHaveText('Not marked yet');

  const student = await phone(browser);
  await signIn(student, request, ada);
  await student.goto(`/checkIn/studentCheckinIndex?courseId=${course.id}&courseRole=0`);
  const card = student.locator(`[data-testid="att-open"][data-id="${id}"]`);
  await expect(card.getByTestId('att-open-hint')).toHaveText("Your teacher is calling the roll; you don't need to do anything");

  await record(page, ada.uid).click();
  await expect(page.getByText("Set Ada Byron's status")).toBeVisible();
  await page.getByTestId('att-set-6').click();
  await expect(record(page, ada.uid)).toHaveAttribute('data-state', '6');
  await expect(record(page, ada.uid).getByTestId('att-state')).toHaveText('Official leave');
  await expect(page.getByTestId('att-arrived')).toHaveText('Marked 1/2');
  await shot(page, 'attendance-roll-08-en-teacher');
  await expect(card.getByTestId('att-open-done')).toHaveText('Your teacher marked you: Official leave');
  await shot(student, 'attendance-roll-09-en-student');
  await student.context().close();
});
