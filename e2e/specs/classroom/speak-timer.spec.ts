import type { Page } from '@playwright/test';
import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';

/**
 * Issue 15 (decision 024): speaking, questions, muting and the class timer, with the teacher's phone
 * and two students'. The teacher begins class; one student writes to the teacher, the other asks a
 * question anonymously; the teacher sees both arrive, mutes the first student, whose input disables at
 * once, and replies to the question, which the asker sees. The teacher starts a one-minute timer that
 * both students see counting down (the second student's phone runs ten minutes fast), then stops it.
 */

const WORDS = {
  zh: {
    letter: '老师，第二个例子能再讲一遍吗',
    question: '牛顿第三定律为什么不抵消？',
    says: (name: string, text: string) => `${name}：${text}`,
    asksAnon: (text: string) => `匿名同学 问：${text}`,
    muted: '老师已将你禁言，暂时不能发言和提问',
    reply: '因为两个力作用在不同物体上',
    replied: (name: string, text: string) => `${name} 回复：${text}`,
    timer: /^计时 0:5\d$/,
    anonymous: '匿名',
  },
  en: {
    letter: 'Could you go over the second example again?',
    question: "Why don't Newton's third-law forces cancel?",
    says: (name: string, text: string) => `${name}: ${text}`,
    asksAnon: (text: string) => `A student asks: ${text}`,
    muted: 'The teacher has muted you: you cannot speak or ask for now',
    reply: 'They act on different bodies',
    replied: (name: string, text: string) => `${name} replied: ${text}`,
    timer: /^Timer 0:5\d$/,
    anonymous: 'Anonymous',
  },
};

const home = (p: Page, courseId: number, role: 0 | 1) => p.goto(`/courseHome?courseId=${courseId}&courseRole=${role}`);
/** a 375 px screenshot with the part of the section that matters at the top of the screen */
async function shotAt(p: Page, testid: string, name: string) {
  await p
    .getByTestId(testid)
    .first()
    .evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shot(p, name);
}

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: a student speaks, another asks, the teacher mutes one and runs a timer every phone counts`, async ({
    page,
    request,
    asTeacher,
    newPhone,
  }) => {
    test.setTimeout(150_000);
    const w = WORDS[lang];
    const teacherName = lang === 'zh' ? '张老师' : 'Ms Zhang';
    const teacher = await asTeacher({ page: null, name: teacherName });
    const course = await createCourse(request, teacher.token, { coursename: `物理 ${Date.now() % 100000}` });
    const names = lang === 'zh' ? ['林一', '周二'] : ['Ada Lin', 'Bo Zhou'];
    const ada = await joinedStudent(request, names[0]!, course.code);
    const bo = await joinedStudent(request, names[1]!, course.code);
    if (lang === 'en')
      for (const who of [teacher, ada, bo]) await api(request, '/UserApi/setLanguage', { lang: 'en' }, who.token);

    // ---- the teacher begins class: speaking and questions appear, empty
    await signIn(page, request, teacher);
    await home(page, course.id, 1);
    await page.getByTestId('class-begin').click();
    await expect(page.getByTestId('speak-tools')).toBeVisible();
    await expect(page.getByTestId('letters-empty')).toBeVisible();
    await expect(page.getByTestId('questions-empty')).toBeVisible();

    const phoneA = await newPhone();
    await signIn(phoneA, request, ada);
    await home(phoneA, course.id, 0);
    // the second student's phone runs ten minutes fast: the timer still shows the class's seconds
    const phoneB = await newPhone();
    await phoneB.clock.install({ time: new Date(Date.now() + 10 * 60_000) });
    await phoneB.clock.resume();
    await signIn(phoneB, request, bo);
    await home(phoneB, course.id, 0);
    await expect(phoneA.getByTestId('speak-tools')).toBeVisible();
    await expect(phoneB.getByTestId('my-questions-empty')).toBeVisible();

    // ---- a student writes to the teacher: the teacher's list shows it live
    await phoneA.getByTestId('speak-input').locator('textarea:not([aria-hidden])').fill(w.letter);
    await shotAt(phoneA, 'speak-tools', `speak-${lang}-01-student-speak`);
    await phoneA.getByTestId('speak-send').click();
    await expect(page.getByTestId('letter-row')).toHaveCount(1);
    await expect(page.getByTestId('letter-row').first()).toContainText(w.says(names[0]!, w.letter));

    // ---- the other student asks anonymously: the teacher sees the question without a name
    await phoneB.getByTestId('speak-mode-ask').click();
    await phoneB.getByTestId('speak-input').locator('textarea:not([aria-hidden])').fill(w.question);
    await phoneB.getByTestId('speak-anonymous').click();
    await phoneB.getByTestId('speak-send').click();
    await expect(phoneB.getByTestId('my-question')).toContainText(w.question);
    await expect(page.getByTestId('question-row')).toHaveCount(1);
    await expect(page.getByTestId('question-row').first()).toContainText(w.asksAnon(w.question));
    await expect(page.getByTestId('question-row').first()).not.toContainText(names[1]!);
    // the first student never sees the other's question
    await expect(phoneA.getByTestId('my-questions-empty')).toBeVisible();
    await shotAt(page, 'speak-tools', `speak-${lang}-02-teacher-lists`);

    // ---- the teacher mutes the first student: their input disables at once; the other's does not
    await page.getByTestId('letter-row').first().getByTestId('letter-mute').click();
    await expect(phoneA.getByTestId('speak-muted')).toHaveText(w.muted);
    await expect(phoneA.getByTestId('speak-input').locator('textarea:not([aria-hidden])')).toBeDisabled();
    await expect(phoneA.getByTestId('speak-send')).toBeDisabled();
    await expect(phoneB.getByTestId('speak-muted')).toHaveCount(0);
    await expect(phoneB.getByTestId('speak-input').locator('textarea:not([aria-hidden])')).toBeEnabled();
    await shotAt(phoneA, 'speak-tools', `speak-${lang}-03-student-muted`);

    // ---- the teacher replies: the asker sees the reply and the question answered
    await page.getByTestId('question-row').first().getByTestId('question-reply').click();
    await page.getByTestId('question-reply-input').locator('textarea:not([aria-hidden])').fill(w.reply);
    await page.getByTestId('question-reply-send').click();
    await expect(page.getByTestId('question-row').first()).toHaveAttribute('data-answered', '1');
    await expect(phoneB.getByTestId('my-question-reply')).toHaveText(w.replied(teacherName, w.reply));
    await expect(phoneB.getByTestId('my-question')).toContainText(w.anonymous);
    await shotAt(phoneB, 'speak-tools', `speak-${lang}-04-student-reply`);

    // ---- a one-minute timer: both students count it down by the server's clock
    await page.getByTestId('timer-start-60').click();
    for (const p of [page, phoneA, phoneB]) await expect(p.getByTestId('class-timer')).toHaveText(w.timer);
    const seconds = async (p: Page) => Number(await p.getByTestId('class-timer').getAttribute('data-seconds'));
    const [a0, b0] = [await seconds(phoneA), await seconds(phoneB)];
    expect(Math.abs(a0 - b0)).toBeLessThanOrEqual(1);
    await expect.poll(() => seconds(phoneB), { timeout: 5_000 }).toBeLessThan(b0);
    await shotAt(phoneB, 'speak-tools', `speak-${lang}-05-student-timer`);
    await shotAt(page, 'speak-tools', `speak-${lang}-06-teacher-timer`);
    // the class's slides show the same timer in their bar
    await phoneA.goto(`/courseware/inClass?courseId=${course.id}&courseRole=0`);
    await expect(phoneA.getByTestId('in-class-page').getByTestId('class-timer')).toHaveText(w.timer);
    await shot(phoneA, `speak-${lang}-07-slides-timer`);

    // ---- stopped: gone from every phone
    await page.getByTestId('timer-stop').click();
    for (const p of [page, phoneA, phoneB]) await expect(p.getByTestId('class-timer')).toHaveCount(0);
  });
}
