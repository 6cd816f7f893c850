import type { Page } from '@playwright/test';
import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';

/**
 * Issue 15: barrage and the grab-answer race in class, with the teacher's phone and two students'.
 * The teacher begins class and switches bullet comments on; a student sends a highlighted one; it
 * shows on the teacher's list and flies across the other student's screen. The teacher starts a
 * grab-answer; both students press; one wins and all three phones name the winner. A student who
 * opens the course while a race is open is asked to go to class (spec 2 §8).
 */

const WORDS = {
  zh: {
    on: '弹幕已开启',
    closed: '老师还没有开启弹幕',
    comment: '老师讲得真清楚',
    row: (name: string, text: string) => `${name}：${text}`,
    running: (n: number) => `抢答进行中，已有 ${n} 人抢答`,
    winner: (name: string) => `${name} 抢到了！`,
    youWon: '你抢到了！',
    prompt: '老师发起了抢答，去上课吗？',
    go: '去上课',
    vipLeft: '还可用 2/3 次',
  },
  en: {
    on: 'Bullet comments on',
    closed: 'The teacher has not switched bullet comments on',
    comment: 'Very clear, thanks',
    row: (name: string, text: string) => `${name}: ${text}`,
    running: (n: number) => `Grab-answer open: ${n} pressed so far`,
    winner: (name: string) => `${name} got it!`,
    youWon: 'You got it!',
    prompt: 'The teacher has started a grab-answer. Go to class?',
    go: 'Go',
    vipLeft: '2 of 3 left this class',
  },
};

const home = (p: Page, courseId: number, role: 0 | 1) => p.goto(`/courseHome?courseId=${courseId}&courseRole=${role}`);

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: barrage switched on, a comment on every screen, a grab-answer won and named on all phones`, async ({
    page,
    request,
    asTeacher,
    newPhone,
  }) => {
    test.setTimeout(120_000);
    const w = WORDS[lang];
    const teacher = await asTeacher({ page: null });
    const course = await createCourse(request, teacher.token, { coursename: `物理 ${Date.now() % 100000}` });
    const names = lang === 'zh' ? ['林一', '周二'] : ['Ada Lin', 'Bo Zhou'];
    const ada = await joinedStudent(request, names[0]!, course.code);
    const bo = await joinedStudent(request, names[1]!, course.code);
    if (lang === 'en')
      for (const who of [teacher, ada, bo]) await api(request, '/UserApi/setLanguage', { lang: 'en' }, who.token);

    // ---- the teacher begins class: the classroom tools appear, barrage off
    await signIn(page, request, teacher);
    await home(page, course.id, 1);
    await page.getByTestId('class-begin').click();
    const tools = page.getByTestId('classroom-tools');
    await expect(tools).toBeVisible();
    await expect(page.getByTestId('barrage-list-empty')).toBeVisible();

    const phoneA = await newPhone();
    await signIn(phoneA, request, ada);
    await home(phoneA, course.id, 0);
    await expect(phoneA.getByTestId('barrage-closed')).toHaveText(w.closed);
    // in English the second student's phone asks for reduced motion: comments show still, without flying
    const phoneB = await newPhone(lang === 'en' ? { reducedMotion: 'reduce' } : undefined);
    await signIn(phoneB, request, bo);
    await home(phoneB, course.id, 0);
    await expect(phoneB.getByTestId('classroom-tools')).toBeVisible();

    // ---- barrage on: pushed to the students at once
    await page.getByTestId('barrage-switch').click();
    await expect(page.getByTestId('barrage-state')).toHaveText(w.on);
    await expect(phoneA.getByTestId('barrage-input')).toBeVisible();
    await expect(phoneB.getByTestId('barrage-state')).toHaveText(w.on);
    await shot(phoneA, `barrage-${lang}-01-student-compose`);

    // ---- a student sends a highlighted comment: the teacher's list and the other student's screen
    await phoneA.getByTestId('barrage-input').locator('input').fill(w.comment);
    await phoneA.getByTestId('barrage-vip').click();
    await phoneA.getByTestId('barrage-send').click();
    await expect(page.getByTestId('barrage-row')).toHaveCount(1);
    await expect(page.getByTestId('barrage-row').first()).toContainText(w.row(names[0]!, w.comment));
    const flying = phoneB.getByTestId('barrage-flight').filter({ hasText: w.comment });
    await expect(flying).toBeVisible();
    await expect(flying).toHaveAttribute('data-vip', '1');
    await expect(phoneB.getByTestId('barrage-layer')).toHaveClass(lang === 'en' ? /is-still/ : /^barrage-layer$/);
    await expect(phoneA.getByTestId('barrage-vip-left')).toContainText(w.vipLeft);
    await shot(phoneB, `barrage-${lang}-02-comment-flies`);
    await shot(page, `barrage-${lang}-03-teacher-list`);

    // ---- a grab-answer: both students press, one wins, every phone names the same winner
    await page.getByTestId('race-start').click();
    await expect(page.getByTestId('race-open')).toHaveText(w.running(0));
    for (const p of [phoneA, phoneB]) await expect(p.getByTestId('race-grab')).toBeVisible();
    await shot(phoneB, `barrage-${lang}-04-grab-button`);
    await Promise.all([phoneA.getByTestId('race-grab').click(), phoneB.getByTestId('race-grab').click()]);
    const result = page.getByTestId('race-result');
    await expect(result).toBeVisible();
    const winnerId = Number(await result.getAttribute('data-winner'));
    expect([ada.uid, bo.uid]).toContain(winnerId);
    const [winner, loser] = winnerId === ada.uid ? [phoneA, phoneB] : [phoneB, phoneA];
    const winnerName = winnerId === ada.uid ? names[0]! : names[1]!;
    await expect(result).toHaveText(w.winner(winnerName));
    await expect(winner.getByTestId('race-result')).toHaveText(w.youWon);
    await expect(loser.getByTestId('race-result')).toHaveText(w.winner(winnerName));
    await shot(winner, `barrage-${lang}-05-winner`);
    await shot(loser, `barrage-${lang}-06-other-student`);
    await shot(page, `barrage-${lang}-07-teacher-result`);

    // ---- a second race while one student is away: opening the course, they are asked to go to class
    await loser.goto('about:blank');
    await page.getByTestId('race-start').click();
    await expect(page.getByTestId('race-open')).toBeVisible();
    await home(loser, course.id, 0);
    await expect(loser.getByTestId('race-prompt-dialog')).toBeVisible();
    await expect(loser.getByText(w.prompt)).toBeVisible();
    await shot(loser, `barrage-${lang}-08-entering-prompt`);
    await loser.getByRole('button', { name: w.go }).click();
    await loser.getByTestId('race-grab').click();
    await expect(loser.getByTestId('race-result')).toHaveText(w.youWon);
    await expect(page.getByTestId('race-result')).toHaveText(w.winner(winnerId === ada.uid ? names[1]! : names[0]!));
  });
}
