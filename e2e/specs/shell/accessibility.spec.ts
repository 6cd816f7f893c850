import { api, checkA11y, expect, snap, test } from '../../fixtures';
import { closeRace, deckAndQuestion } from '../classroom/helpers';

/**
 * Issue 25, accessibility: the pages a visitor meets first (login, register, find password), the
 * course list and the classroom (the teacher's projector screen, the student's course home and slides)
 * have no serious or critical axe-core violation; the projector and the student's class pages tell a
 * screen reader of the race, a question and the timer through a polite live region.
 */
test('zh: the first pages and the classroom pass axe-core, and the class is said to a screen reader', async ({
  page,
  request,
  asTeacher,
  newCourse,
  newPhone,
}) => {
  test.setTimeout(180_000);
  for (const [path, testid] of [
    ['/login', 'login-page'],
    ['/register', 'register-page'],
    ['/findPassword', 'findpwd-page'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(testid)).toBeVisible();
    await checkA11y(page, path);
  }
  // the English login page: a short screen pass
  await page.goto('/login');
  await page.getByTestId('login-lang-toggle').click();
  await expect(page.getByTestId('login-lang-toggle')).toHaveText('中文');
  await checkA11y(page, '/login (en)');
  await snap(page, 'a11y-login-en');

  const teacher = await asTeacher();
  const course = await newCourse({ teacher, students: ['林一'] });
  const lin = course.students[0]!;
  const { deck, stepid } = await deckAndQuestion(request, teacher.token, course.id, 2, 60);
  await page.goto('/ktpCourse');
  await expect(page.getByTestId('course-card').first()).toBeVisible();
  await checkA11y(page, 'the teacher’s course list');

  // in class: the projector at a classroom PC's size, the student on the slides
  await api(request, '/Futurev2/AttendClass/beginClass', { courseid: course.id }, teacher.token);
  await api(request, '/InteractWithScreenApi/present', { courseid: course.id, interactid: deck }, teacher.token);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/courseware/inClass?courseId=${course.id}&courseRole=1`);
  await expect(page.getByTestId('in-class-screen')).toBeVisible();
  const phone = await newPhone();
  await phone.goto('/NotFound');
  await phone.evaluate((token) => localStorage.setItem('token', token), lin.token);
  await phone.goto('/ktpCourse');
  await expect(phone.getByTestId('course-card').first()).toBeVisible();
  await checkA11y(phone, 'the student’s course list');
  await phone.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
  await expect(phone.getByTestId('course-home-page')).toBeVisible();
  await checkA11y(phone, 'the student’s course home');
  await phone.goto(`/courseware/inClass?courseId=${course.id}&courseRole=0`);

  // both pages hear the course: a bullet comment flies over each
  await api(request, '/FutureV2/Barrage/setStatus', { courseid: course.id, status: 1 }, teacher.token);
  await expect(phone.getByTestId('class-events')).toBeAttached();
  let n = 0;
  await expect(async () => {
    // sent again until both pages show one: a comment sent before a page joined the room is not replayed to it
    const text = `老师好 ${++n}`;
    await api(request, '/FutureV2/Barrage/sendBarrage', { courseid: course.id, content: text }, lin.token);
    await expect(page.getByTestId('barrage-flight').filter({ hasText: text })).toBeVisible({ timeout: 3000 });
    await expect(phone.getByTestId('class-events-barrage').getByTestId('barrage-flight').filter({ hasText: text })).toBeVisible({
      timeout: 3000,
    });
  }).toPass({ timeout: 30_000 });

  // a race: said on both
  await api(request, '/Futurev2/Tools/startRace', { courseid: course.id }, teacher.token);
  await expect(page.getByTestId('projector-said')).toHaveText('老师发起了抢答！');
  await expect(phone.getByTestId('class-events-said')).toHaveText('老师发起了抢答！');
  await expect(phone.getByTestId('class-events-race')).toBeVisible();
  await checkA11y(phone, 'the student’s slides with the race');
  await checkA11y(page, 'the projector with the race');
  await closeRace(request, teacher.token, course.id);
  // nobody pressed: said so; the wall names nobody
  await expect(page.getByTestId('projector-said')).toHaveText('抢答已结束，没有人抢答');

  // a question and the class timer: said on both
  await api(request, '/InteractApi/startStep', { stepid, seconds: 90 }, teacher.token);
  await expect(page.getByTestId('projector-said')).toHaveText('老师发起了一道题目');
  await expect(phone.getByTestId('class-events-said')).toHaveText('老师发起了一道题目');
  await api(request, '/Futurev2/Tools/startTimer', { courseid: course.id, seconds: 300 }, teacher.token);
  await expect(page.getByTestId('projector-said')).toHaveText(/老师开始计时 [45]:\d\d/);
  await expect(phone.getByTestId('class-events-said')).toHaveText(/老师开始计时 [45]:\d\d/);
  await checkA11y(page, 'the projector with a question and the timer');
  await snap(page, 'a11y-projector-zh');
  await snap(phone, 'a11y-student-slides-zh');
});
