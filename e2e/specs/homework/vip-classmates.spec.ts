import type { APIRequestContext, Page } from '@playwright/test';
import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { uploadSmall } from '../materials/helpers';
import { joinedStudent } from '../members/helpers';
import { inSeconds } from './helpers';

/*
 * Issue 28, the VIP privilege "live view of classmates' submissions" (spec 2 §6, decision 051): a
 * student without VIP is offered the privilege; a VIP student is asked to hand in first, then sees
 * classmates' work arrive while the page is open, with no score, comment or student number. Then the
 * teacher turns the homework's switch off in the edit form (decision 054): the row leaves the student's
 * homework page, and the page itself says the teacher turned it off.
 */

interface Products {
  list: { id: number; months: number }[];
}

/** A month of VIP bought and paid in the sandbox, as the VIP page does (decision 035). */
async function buyVip(request: APIRequestContext, token: string) {
  const { list } = await api<Products>(request, '/VipApi/getProductList', {}, token);
  const { orderno } = await api<{ orderno: string }>(
    request,
    '/OrderApi/createOrder',
    { productid: list.find((p) => p.months === 1)!.id },
    token,
  );
  await api(request, '/OrderApi/sandboxPay', { orderno, result: 'pay' }, token);
}

const hand = (request: APIRequestContext, token: string, courseid: number, id: number, text: string, fileids: number[] = []) =>
  api(request, '/HomeworkApi/stuWorkSubmit', { courseid, id, content: `<p>${text}</p>`, fileids }, token);

const w = {
  zh: {
    teacher: '严老师',
    vip: '林晓',
    plain: '周明',
    classmate: '陈雨',
    course: '大学写作',
    title: '读《边城》的一段感想',
    mine: '我读到翠翠在渡口等人的那一段。',
    theirs: '边城里的人情让我想起外婆家的小镇。',
    offer: '实时查看同学作品是会员特权',
    ownFirst: '请先提交你自己的作业',
    empty: '还没有同学提交',
    count: '已有 1 份同学作品',
    live: '实时更新',
    menu: '同学作品实时看',
    switchLabel: '会员可查看同学作品',
    ruleOff: '已关闭',
    off: '老师关闭了本次作业的同学作品查看',
  },
  en: {
    teacher: 'Ms Yan',
    vip: 'Lin Xiao',
    plain: 'Zhou Ming',
    classmate: 'Chen Yu',
    course: 'Academic Writing',
    title: 'A paragraph on Border Town',
    mine: 'I read the part where Cuicui waits at the ferry.',
    theirs: 'The kindness in Border Town reminds me of my grandmother’s town.',
    offer: 'Seeing classmates’ work live is a VIP privilege',
    ownFirst: 'Hand in your own work first',
    empty: 'No classmate has handed in yet',
    count: 'Handed in by classmates: 1',
    live: 'Live',
    menu: 'Classmates’ work, live',
    switchLabel: 'VIP students see classmates’ work',
    ruleOff: 'Off',
    off: 'The teacher turned classmates’ work off for this homework',
  },
};

async function classroom(request: APIRequestContext, lang: 'zh' | 'en') {
  const t = w[lang];
  const teacher = await registerPerson(request, 1, t.teacher);
  const course = await createCourse(request, teacher.token, { coursename: t.course, classname: '2301' });
  if (lang === 'en') await api(request, '/UserApi/setLanguage', { lang: 'en' }, teacher.token);
  const people = [];
  for (const name of [t.vip, t.plain, t.classmate]) {
    const s = await joinedStudent(request, name, course.code);
    if (lang === 'en') await api(request, '/UserApi/setLanguage', { lang: 'en' }, s.token);
    people.push(s);
  }
  const [vip, plain, classmate] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
  const hw = await api<{ id: number }>(
    request,
    '/HomeworkApi/addHomework',
    { courseid: course.id, title: t.title, fullscore: 100, endtime: inSeconds(86400), answertype: 3, publish: 1 },
    teacher.token,
  );
  return { teacher, course, vip, plain, classmate, hw };
}

async function openClassmates(page: Page, courseId: number, id: number, menu: string, screen?: string) {
  await page.goto(`/homework?courseId=${courseId}&courseRole=0&id=${id}`);
  await expect(page.getByTestId('homework-classmates')).toContainText(menu);
  if (screen) {
    await page.getByTestId('homework-classmates').scrollIntoViewIfNeeded();
    await shot(page, screen);
  }
  await page.getByTestId('homework-classmates').click();
  await expect(page).toHaveURL(new RegExp(`/homework/classmatesWork\\?courseId=${courseId}&courseRole=0&id=${id}$`));
}

for (const lang of ['zh', 'en'] as const) {
  test(`classmates' work (${lang}): offered without VIP, hand in first, then a classmate's work arrives live`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const t = w[lang];
    const { teacher, course, vip, plain, classmate, hw } = await classroom(request, lang);

    // without VIP the page offers the privilege and leads to the VIP page
    await signIn(page, request, plain);
    await openClassmates(page, course.id, hw.id, t.menu, `homework-classmates-${lang}-00-menu`);
    await expect(page.getByTestId('classmates-vip-offer')).toContainText(t.offer);
    await shot(page, `homework-classmates-${lang}-01-offer`);
    await page.getByTestId('classmates-open-vip').click();
    await expect(page).toHaveURL(/\/vipManagement$/);
    await expect(page.getByTestId('vip-privilege-classmates')).toBeVisible();

    // a VIP student who has not handed in is asked to first
    await buyVip(request, vip.token);
    await signIn(page, request, vip);
    await openClassmates(page, course.id, hw.id, t.menu);
    await expect(page.getByTestId('classmates-refusal')).toContainText(t.ownFirst);
    await shot(page, `homework-classmates-${lang}-02-own-first`);

    // handed in: nobody else yet, the page listening
    await hand(request, vip.token, course.id, hw.id, t.mine);
    await page.reload();
    await expect(page.getByTestId('classmates-empty')).toContainText(t.empty);
    await expect(page.getByTestId('classmates-live')).toHaveText(t.live);
    await shot(page, `homework-classmates-${lang}-03-empty`);

    // a classmate hands in on their phone, and the work arrives without a reload
    const notes = await uploadSmall(
      request,
      classmate.token,
      'notes.txt',
      'text/plain',
      Buffer.from(`${t.theirs} ${Date.now()}`),
    );
    await hand(request, classmate.token, course.id, hw.id, t.theirs, [notes.id]);
    const card = page.getByTestId('classmate-work');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('classmate-work-who')).toHaveText(t.classmate);
    await expect(card.getByTestId('classmate-work-answer')).toContainText(t.theirs);
    await expect(card.getByTestId('classmate-work-file-name')).toHaveText('notes.txt');
    await expect(page.getByTestId('classmates-count')).toHaveText(t.count);

    // graded and published, the work still shows no score, comment or student number to a classmate
    const owners = await api<{ list: { submission: { sid: number; uid: number } | null }[] }>(
      request,
      '/HomeworkApi/stuUserList',
      { courseid: course.id, id: hw.id, filter: 0 },
      teacher.token,
    );
    const sid = owners.list.find((r) => r.submission?.uid === classmate.uid)!.submission!.sid;
    await api(
      request,
      '/HomeworkApi/correct',
      { courseid: course.id, id: hw.id, sids: [sid], score: 93, comment: 'excellent-comment' },
      teacher.token,
    );
    await api(request, '/HomeworkApi/publishScore', { courseid: course.id, id: hw.id }, teacher.token);
    await page.reload();
    await expect(card.getByTestId('classmate-work-answer')).toContainText(t.theirs);
    await expect(card).not.toContainText('93');
    await expect(card).not.toContainText('excellent-comment');
    await expect(card).not.toContainText(classmate.stno);
    await shot(page, `homework-classmates-${lang}-04-arrived`);

    // the teacher turns the view off for this homework in its edit form
    await signIn(page, request, teacher);
    await page.goto(`/addActivity/task?courseId=${course.id}&courseRole=1&id=${hw.id}`);
    const toggle = page.getByTestId('hw-classmateswork');
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('switch', { name: t.switchLabel })).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.scrollIntoViewIfNeeded();
    await shot(page, `homework-classmates-${lang}-05-teacher-switch`);
    await page.getByTestId('hw-submit').click();
    await expect(page).toHaveURL(new RegExp(`/homework\\?courseId=${course.id}&courseRole=1&id=${hw.id}$`));
    await expect(page.getByTestId('homework-classmates-rule')).toHaveText(t.ruleOff);
    const settings = await api<{ settings: { classmateswork: number } }>(
      request,
      '/HomeworkApi/getHomework',
      { courseid: course.id, id: hw.id },
      teacher.token,
    );
    expect(settings.settings.classmateswork).toBe(0);

    // the VIP student's homework page has no row for it, and the page says why
    await signIn(page, request, vip);
    await page.goto(`/homework?courseId=${course.id}&courseRole=0&id=${hw.id}`);
    await expect(page.getByTestId('homework-shared')).toBeVisible();
    await expect(page.getByTestId('homework-classmates')).toHaveCount(0);
    await page.goto(`/homework/classmatesWork?courseId=${course.id}&courseRole=0&id=${hw.id}`);
    await expect(page.getByTestId('classmates-off')).toContainText(t.off);
    await shot(page, `homework-classmates-${lang}-06-off`);
    await page.getByTestId('classmates-shared').click();
    await expect(page).toHaveURL(new RegExp(`/homework/stuWorkShareList\\?courseId=${course.id}&courseRole=0&id=${hw.id}$`));
  });
}
