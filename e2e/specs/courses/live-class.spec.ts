import type { Browser, Page, WebSocketRoute } from '@playwright/test';
import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { completeProfile, createCourse, registerPerson, signIn } from './helpers';

/**
 * The student's classroom socket passes through a switch: `down` closes it and refuses new ones, as a
 * phone losing its network would; `up` lets the next try through to the real server.
 */
async function switchableSocket(page: Page) {
  let down = false;
  const open = new Set<WebSocketRoute>();
  await page.routeWebSocket(/\/ws\/classroom$/, (ws) => {
    if (down) {
      ws.close({ code: 4000, reason: 'network down' });
      return;
    }
    ws.connectToServer();
    open.add(ws);
  });
  return {
    down: async () => {
      down = true;
      for (const ws of open) await ws.close({ code: 4000, reason: 'network down' });
      open.clear();
    },
    up: () => {
      down = false;
    },
  };
}

async function classroom(request: Parameters<typeof registerPerson>[0], teacherName: string, studentName: string) {
  const teacher = await registerPerson(request, 1, teacherName);
  const course = await createCourse(request, teacher.token, {
    coursename: `实时课堂 ${Date.now() % 100000}`,
    classname: '物理 2302 班',
  });
  const student = await registerPerson(request, 0, studentName);
  await completeProfile(request, student.token);
  await api(request, '/CourseApi/joinCourse', { code: course.code }, student.token);
  return { teacher, course, student };
}

async function studentPage(browser: Browser, lang?: 'en') {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: lang === 'en' ? 'en-US' : 'zh-CN',
  });
  const page = await context.newPage();
  if (lang) await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
  return page;
}

test.describe('the live classroom connection', () => {
  test('a student sees class begin and end without reloading, and what happened while the connection was down arrives when it is back', async ({
    page,
    request,
    browser,
  }) => {
    const { teacher, course, student } = await classroom(request, '林老师', '吴同学');
    const learner = await studentPage(browser);
    const network = await switchableSocket(learner);
    await signIn(learner, request, student);
    await learner.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
    await expect(learner.getByTestId('course-home-title').or(learner.getByText(course.coursename).first())).toBeVisible();
    await expect(learner.getByTestId('class-time-bar')).toHaveCount(0);

    // the teacher begins the class on their own phone: the student's page shows it at once
    await signIn(page, request, teacher);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('class-begin').click();
    await expect(page.getByTestId('class-time-bar')).toHaveAttribute('data-state', 'on');
    await expect(learner.getByTestId('class-time-bar')).toHaveAttribute('data-state', 'on', { timeout: 5_000 });
    await expect(learner.getByTestId('class-time-bar')).toContainText('上课中');
    await shot(learner, 'live-class-01-student-sees-begin');

    // the student's network goes; the teacher ends the class meanwhile; the page still shows "in class"
    await network.down();
    await page.getByTestId('class-end').click();
    await page.getByTestId('class-end-confirm').click();
    await expect(page.getByTestId('class-time-bar')).toHaveAttribute('data-state', 'off');
    await learner.waitForTimeout(1_000);
    await expect(learner.getByTestId('class-time-bar')).toHaveAttribute('data-state', 'on');

    // the network comes back: the socket's next try (10 s apart) asks for what it missed, and the bar goes
    network.up();
    await expect(learner.getByTestId('class-time-bar')).toHaveCount(0, { timeout: 15_000 });
    await shot(learner, 'live-class-02-student-after-reconnect');
    await learner.context().close();
  });

  test('in English: after five failed tries the page says live updates are off, and Reconnect brings them back', async ({
    page,
    request,
    browser,
  }) => {
    const { teacher, course, student } = await classroom(request, 'Ms Lin', 'Wu Lei');
    await api(request, '/UserApi/setLanguage', { lang: 'en' }, student.token);
    const learner = await studentPage(browser, 'en');
    await learner.clock.install();
    const network = await switchableSocket(learner);
    await signIn(learner, request, student);
    await learner.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
    await expect(learner.getByText(course.coursename).first()).toBeVisible();
    await expect(learner.getByTestId('live-offline')).toHaveCount(0);

    // the network goes for good: one try at once, then four more 10 s apart
    await network.down();
    for (let i = 0; i < 6; i++) await learner.clock.runFor(10_500);
    const offline = learner.getByTestId('live-offline');
    await expect(offline).toBeVisible();
    await expect(offline).toContainText("Live updates are off: new messages and check-ins won't appear on their own");
    await shot(learner, 'live-class-03-en-offline');

    // the class begins while the student is offline; the network returns and the student taps Reconnect
    await signIn(page, request, teacher);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('class-begin').click();
    await expect(page.getByTestId('class-time-bar')).toHaveAttribute('data-state', 'on');
    network.up();
    await learner.getByTestId('live-retry').click();
    await expect(offline).toHaveCount(0);
    await expect(learner.getByTestId('class-time-bar')).toHaveAttribute('data-state', 'on', { timeout: 10_000 });
    await expect(learner.getByTestId('class-time-bar')).toContainText('In class');
    await shot(learner, 'live-class-04-en-reconnected');
    await learner.context().close();
  });
});
