import type { APIRequestContext, Page } from '@playwright/test';
import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';

/*
 * Issue 26, the class on the stream (decision 040; spec 2 §2 /onlineLive/question, answerSheet, addTopic,
 * speakHistory). The class needs no picture: it runs on the live page whether the stream is on the air
 * or not, so this journey runs without nginx-rtmp or ffmpeg (live-journey.spec.ts covers the stream).
 * The teacher begins the class on the live; one student writes to the teacher, who mutes them, then
 * mutes everyone; the teacher asks a question of an interactive answer, both phones answer it on the
 * live's answer sheet, the teacher's bars count them and the reveal reaches both; the teacher raises a
 * topic, which appears on the students' live page; the speaking history shows the teacher every letter
 * and a student their own. Then the same pages in English, as screens.
 */

const WORDS = {
  zh: {
    letter: '老师，声音有点小',
    says: (name: string, text: string) => `${name}：${text}`,
    muted: '老师已将你禁言，暂时不能发言和提问',
    allMuted: '老师已开启全员禁言，暂时不能发言和提问',
    waiting: '已提交，等待老师公布答案',
    topic: '这节课你最想讨论什么？',
    classTitle: '直播课堂',
  },
  en: {
    letter: 'Could you speak up a little?',
    says: (name: string, text: string) => `${name}: ${text}`,
    muted: 'The teacher has muted you: you cannot speak or ask for now',
    allMuted: 'The teacher has muted everyone: you cannot speak or ask for now',
    waiting: 'Submitted. Waiting for the teacher to reveal the answer',
    topic: 'What would you most like to discuss?',
    classTitle: 'Class on the live',
  },
};

/** a bank question and an interactive answer of it, as the teacher makes them on the course's pages */
async function quiz(request: APIRequestContext, courseid: number, token: string, lang: 'zh' | 'en') {
  const q = await api<{ id: number }>(
    request,
    '/QuestionBankApi/addQuestion',
    {
      courseid,
      type: 2,
      difficulty: 1,
      title: lang === 'zh' ? '<p>光在真空中的速度约为？</p>' : '<p>The speed of light in vacuum is about?</p>',
      options: ['3×10⁵ m/s', '3×10⁸ m/s', '3×10¹⁰ m/s', '340 m/s'],
      answer: 'B',
      score: 2,
    },
    token,
  );
  return api<{ id: number }>(
    request,
    '/InteractApi/create',
    { courseid, title: lang === 'zh' ? '直播小测' : 'Live quiz', questionids: String(q.id), seconds: 120 },
    token,
  );
}

/** a 375 px screenshot with the part that matters at the top of the screen */
async function shotAt(p: Page, testid: string, name: string) {
  await p
    .getByTestId(testid)
    .first()
    .evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shot(p, name);
}

const room = (courseId: number, role: 0 | 1, id: number) => `/onlineLive?courseId=${courseId}&courseRole=${role}&id=${id}`;

test('直播课堂（zh）：在直播中上课、发言和禁言、提问与答题卡、发起话题、发言记录', async ({
  page,
  request,
  asTeacher,
  newPhone,
}) => {
  test.setTimeout(180_000);
  const w = WORDS.zh;
  const teacher = await asTeacher({ page: null, name: '钱老师' });
  const course = await createCourse(request, teacher.token, { coursename: `大学物理 ${Date.now() % 100000}` });
  const ada = await joinedStudent(request, '林一', course.code);
  const bo = await joinedStudent(request, '周二', course.code);
  const live = await api<{ id: number }>(
    request,
    '/Live/LiveApi/addLive',
    { courseid: course.id, title: '第三章 光学（直播）' },
    teacher.token,
  );
  const item = await quiz(request, course.id, teacher.token, 'zh');

  // ---- the teacher's live room: no class yet; the class begins on the live
  await signIn(page, request, teacher);
  await page.goto(room(course.id, 1, live.id));
  await expect(page.getByTestId('live-room-page').locator('.live-room')).toHaveAttribute('data-live', 'on');
  await expect(page.getByTestId('live-class')).toContainText(w.classTitle);
  const phoneA = await newPhone();
  await signIn(phoneA, request, ada);
  await phoneA.goto(room(course.id, 0, live.id));
  await expect(phoneA.locator('.live-room')).toHaveAttribute('data-live', 'on');
  await expect(phoneA.getByTestId('live-class-none')).toHaveText('老师上课后，你可以在这里答题、发言和提问。');
  await shotAt(page, 'live-class', 'live-class-zh-01-teacher-before');
  await page.getByTestId('live-class-begin').click();
  await expect(page.getByTestId('speak-tools')).toBeVisible();
  await expect(page.getByTestId('letters-empty')).toBeVisible();
  // the student's live page follows at once (Live.class)
  await expect(phoneA.getByTestId('speak-tools')).toBeVisible();
  const phoneB = await newPhone();
  await signIn(phoneB, request, bo);
  await phoneB.goto(room(course.id, 0, live.id));
  await expect(phoneB.getByTestId('speak-tools')).toBeVisible();

  // ---- attendance during the live: the teacher's button leads to it; a student watching is asked at once,
  // checks in with the number and comes back to the live (issue 26)
  await expect(page.getByTestId('live-attendance')).toBeVisible();
  const roll = await api<{ id: number }>(
    request,
    '/AttenceApi/addDigitAttence',
    { courseid: course.id, title: '直播签到', duration: 30, nexttime: 0 },
    teacher.token,
  );
  const code = (await api<{ data: { code: string } }>(request, '/AttenceApi/getDigitAttence', { id: roll.id }, teacher.token)).data.code;
  await expect(phoneB.getByTestId('att-prompt-dialog')).toContainText('“直播签到”正在进行，现在去签到吗？');
  await shotAt(phoneB, 'att-prompt-dialog', 'live-class-zh-01b-attendance-prompt');
  // the other student is asked as well, and checks in later: the live stays in front
  await expect(phoneA.getByTestId('att-prompt-dialog')).toBeVisible();
  await phoneA.getByTestId('att-prompt-later').click();
  await expect(phoneA.getByTestId('att-prompt-dialog')).toHaveCount(0);
  await phoneB.getByTestId('att-prompt-go').click();
  await phoneB.locator(`[data-testid="att-open"][data-id="${roll.id}"]`).getByTestId('att-open-go').click();
  await phoneB.getByTestId('att-code-input').click();
  await phoneB.keyboard.type(code);
  await expect(phoneB.getByTestId('checkin-success-title')).toHaveText('签到成功');
  await phoneB.goto(room(course.id, 0, live.id));
  await expect(phoneB.getByTestId('speak-tools')).toBeVisible();

  // ---- a student writes to the teacher from the live page; the teacher mutes them, then everyone
  await phoneA.getByTestId('speak-input').locator('textarea:not([aria-hidden])').fill(w.letter);
  await phoneA.getByTestId('speak-send').click();
  await expect(page.getByTestId('letter-row')).toHaveCount(1);
  await expect(page.getByTestId('letter-row').first()).toContainText(w.says('林一', w.letter));
  await shotAt(page, 'live-class', 'live-class-zh-02-teacher-letter');
  await page.getByTestId('letter-row').first().getByTestId('letter-mute').click();
  await expect(phoneA.getByTestId('speak-muted')).toHaveText(w.muted);
  await expect(phoneA.getByTestId('speak-send')).toBeDisabled();
  await expect(phoneB.getByTestId('speak-muted')).toHaveCount(0);
  await shotAt(phoneA, 'live-class', 'live-class-zh-03-student-muted');
  await page.getByTestId('speak-mute-all').click();
  await expect(phoneB.getByTestId('speak-muted')).toHaveText(w.allMuted);
  await expect(phoneB.getByTestId('speak-send')).toBeDisabled();
  await page.getByTestId('speak-mute-all').click();
  await expect(phoneB.getByTestId('speak-muted')).toHaveCount(0);
  await expect(phoneA.getByTestId('speak-muted')).toHaveCount(0);

  // ---- the teacher asks a question on the live (/onlineLive/question)
  await page.getByTestId('live-ask').click();
  await expect(page.getByTestId('live-question-page')).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText('直播提问');
  await shot(page, 'live-class-zh-04-teacher-pick');
  await page.getByTestId('ia-row').filter({ hasText: '直播小测' }).click();
  await expect(page).toHaveURL(new RegExp(`interactid=${item.id}`));
  await page.getByTestId('ia-start').click();
  await expect(page.getByTestId('ia-step-state')).toHaveAttribute('data-state', 'open');

  // ---- both phones: the live page says a question waits; its answer sheet takes the answer
  for (const [p, option] of [
    [phoneA, 'option-B'],
    [phoneB, 'option-C'],
  ] as const) {
    await expect(p.getByTestId('live-open-question')).toBeVisible();
    if (p === phoneA) await shotAt(p, 'live-class', 'live-class-zh-05-student-question');
    await p.getByTestId('live-open-question').click();
    await expect(p.getByTestId('live-answer-sheet-page')).toBeVisible();
    await expect(p.getByTestId('ia-countdown')).toBeVisible();
    await p.getByTestId(option).click();
    if (p === phoneA) await shot(p, 'live-class-zh-06-answer-sheet');
    await p.getByTestId('ia-submit-answer').click();
    await expect(p.getByTestId('ia-waiting')).toHaveText(w.waiting);
  }
  // the teacher's bars counted both
  await expect(page.getByTestId('ia-count-B')).toHaveText('1');
  await expect(page.getByTestId('ia-count-C')).toHaveText('1');
  await shot(page, 'live-class-zh-07-teacher-counts');
  // the reveal reaches both sheets
  await page.getByTestId('ia-reveal').click();
  await page.getByTestId('ia-reveal-confirm').click();
  await expect(page.getByTestId('ia-step-state')).toHaveAttribute('data-state', 'revealed');
  await expect(phoneA.getByTestId('ia-mycorrect')).toHaveText('正确');
  await expect(phoneB.getByTestId('ia-mycorrect')).toHaveText('错误');
  await expect(phoneB.getByTestId('ia-count-B')).toHaveText('1');
  await shot(phoneB, 'live-class-zh-08-student-revealed');
  await phoneA.getByTestId('ia-back-live').click();
  await expect(phoneA.getByTestId('live-room-page')).toBeVisible();
  await expect(phoneA.getByTestId('live-open-question')).toHaveCount(0);
  // a student is offered a topic of their own while the teacher allows it, and not once it is forbidden
  await expect(phoneA.getByTestId('live-add-topic')).toBeVisible();
  await api(request, '/Futurev2/Topic/updateSetting', { courseid: course.id, allowstudent: 0 }, teacher.token);
  const setting = phoneA.waitForResponse(/\/Futurev2\/Topic\/getSetting/);
  await phoneA.reload();
  await setting;
  await expect(phoneA.getByTestId('live-class')).toBeVisible();
  await expect(phoneA.getByTestId('live-add-topic')).toHaveCount(0);
  await api(request, '/Futurev2/Topic/updateSetting', { courseid: course.id, allowstudent: 1 }, teacher.token);

  // ---- a topic raised on the live (/onlineLive/addTopic): on every live page at once
  await page.getByTestId('live-back').click();
  await expect(page.getByTestId('live-room-page')).toBeVisible();
  await page.getByTestId('live-add-topic').click();
  await expect(page.getByTestId('live-add-topic-page')).toBeVisible();
  await page.getByTestId('live-topic-submit').click();
  await expect(page.getByText('请输入标题')).toBeVisible();
  await page.getByText('知道了').click();
  await page.getByTestId('live-topic-title').locator('input').fill(w.topic);
  await page.getByTestId('live-topic-body').locator('textarea:not([aria-hidden])').fill('说说你的想法<和疑问>');
  await shot(page, 'live-class-zh-09-add-topic');
  await page.getByTestId('live-topic-submit').click();
  await expect(page.getByTestId('live-room-page')).toBeVisible();
  await expect(page.getByTestId('live-topic')).toHaveText(w.topic);
  await expect(phoneA.getByTestId('live-topic')).toHaveText(w.topic);
  await shotAt(phoneA, 'live-topics', 'live-class-zh-10-student-topic');
  await phoneA.getByTestId('live-topic').click();
  await expect(phoneA).toHaveURL(/\/topicDetail\?id=\d+/);
  await expect(phoneA.getByText('说说你的想法<和疑问>')).toBeVisible();

  // ---- the speaking history (/onlineLive/speakHistory): the teacher every letter, a student their own
  await page.getByTestId('live-speak-history').first().click();
  await expect(page.getByTestId('live-speak-history-page')).toBeVisible();
  await expect(page.getByTestId('live-history-letter')).toHaveCount(1);
  await expect(page.getByTestId('live-history-letter').first()).toContainText(w.says('林一', w.letter));
  await shot(page, 'live-class-zh-11-teacher-history');
  await phoneB.getByTestId('ia-back-live').click();
  await phoneB.getByTestId('live-speak-history').first().click();
  await expect(phoneB.getByTestId('live-history-letters-empty')).toHaveText('还没有发言');
  await shot(phoneB, 'live-class-zh-12-student-history');
});

test('live class (en): the class on the live, its question and history pages, as screens', async ({
  page,
  request,
  asTeacher,
  newPhone,
}) => {
  test.setTimeout(120_000);
  const w = WORDS.en;
  const teacher = await asTeacher({ page: null, name: 'Grace Hopper' });
  const course = await createCourse(request, teacher.token, { coursename: `Physics ${Date.now() % 100000}` });
  const ada = await joinedStudent(request, 'Ada Lin', course.code);
  for (const who of [teacher, ada]) await api(request, '/UserApi/setLanguage', { lang: 'en' }, who.token);
  const live = await api<{ id: number }>(
    request,
    '/Live/LiveApi/addLive',
    { courseid: course.id, title: 'Optics (live)' },
    teacher.token,
  );
  await quiz(request, course.id, teacher.token, 'en');
  await signIn(page, request, teacher);
  await page.goto(room(course.id, 1, live.id));
  await expect(page.locator('.live-room')).toHaveAttribute('data-live', 'on');
  await expect(page.getByTestId('live-class-begin')).toHaveText('Teach this live as a class');
  await shotAt(page, 'live-class', 'live-class-en-01-teacher-before');
  await page.getByTestId('live-class-begin').click();
  await expect(page.getByTestId('speak-tools')).toBeVisible();
  const phone = await newPhone();
  await signIn(phone, request, ada);
  await phone.goto(room(course.id, 0, live.id));
  await expect(phone.getByTestId('speak-tools')).toBeVisible();
  await phone.getByTestId('speak-input').locator('textarea:not([aria-hidden])').fill(w.letter);
  await phone.getByTestId('speak-send').click();
  await expect(page.getByTestId('letter-row')).toHaveCount(1);
  await shotAt(page, 'live-class', 'live-class-en-02-teacher-class');
  await page.getByTestId('live-ask').click();
  await expect(page.getByTestId('page-title')).toHaveText('Questions on the live');
  await page.getByTestId('ia-row').first().click();
  await page.getByTestId('ia-start').click();
  await expect(page.getByTestId('ia-step-state')).toHaveAttribute('data-state', 'open');
  await expect(phone.getByTestId('live-open-question')).toBeVisible();
  await shotAt(phone, 'live-class', 'live-class-en-03-student-class');
  await phone.getByTestId('live-open-question').click();
  await phone.getByTestId('option-B').click();
  await phone.getByTestId('ia-submit-answer').click();
  await expect(phone.getByTestId('ia-waiting')).toHaveText(w.waiting);
  await shot(phone, 'live-class-en-04-answer-sheet');
  await expect(page.getByTestId('ia-count-B')).toHaveText('1');
  await shot(page, 'live-class-en-05-teacher-counts');
  await page.getByTestId('live-back').click();
  await page.getByTestId('live-add-topic').click();
  await expect(page.getByTestId('page-title')).toHaveText('Start a topic');
  await page.getByTestId('live-topic-title').locator('input').fill(w.topic);
  await shot(page, 'live-class-en-06-add-topic');
  await page.getByTestId('live-topic-submit').click();
  await expect(page.getByTestId('live-topic')).toHaveText(w.topic);
  await page.getByTestId('live-speak-history').first().click();
  await expect(page.getByTestId('live-history-letter')).toHaveCount(1);
  await shot(page, 'live-class-en-07-teacher-history');
});
