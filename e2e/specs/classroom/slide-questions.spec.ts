import { api, expect, test, toast } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';
import { deckAndQuestion } from './helpers';

/**
 * Issue 15: a question placed on a slide. The teacher puts a question of an interactive answer on
 * page 2 of a courseware; in class, when the classroom screen reaches page 2, the question opens and
 * the student following the slides is asked to join, answers, and the teacher's screen links to it.
 */

const WORDS = {
  zh: {
    entry: '课件页上的题目',
    title: '课件页上的题目',
    page: (p: number) => `第 ${p} 页`,
    placed: (p: number) => `已放到第 ${p} 页`,
    waiting: '本页有一道题，放映到这里时发起',
    opened: '本页的题目已发起，查看作答',
    join: '老师发起了互动答题，是否参与？',
    submitted: '已提交，等待老师公布答案',
    asked: '已发起',
  },
  en: {
    entry: 'Questions on slides',
    title: 'Questions on slides',
    page: (p: number) => `Slide ${p}`,
    placed: (p: number) => `Put on slide ${p}`,
    waiting: 'A question sits on this slide; it opens when shown',
    opened: "This slide's question is open: see the answers",
    join: 'Your teacher started an interactive answer. Join?',
    submitted: 'Submitted. Waiting for the teacher to reveal the answer',
    asked: 'Asked',
  },
};

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: a question placed on slide 2 opens when the screen reaches it; the student following answers`, async ({
    page,
    request,
    asTeacher,
    newPhone,
  }) => {
    test.setTimeout(150_000);
    const w = WORDS[lang];
    const teacher = await asTeacher({ page: null });
    const course = await createCourse(request, teacher.token, { coursename: `数据结构 ${Date.now() % 100000}` });
    const ada = await joinedStudent(request, '许三', course.code);
    const { deck } = await deckAndQuestion(request, teacher.token, course.id, 3, 60);
    if (lang === 'en') for (const who of [teacher, ada]) await api(request, '/UserApi/setLanguage', { lang: 'en' }, who.token);

    // ---- from the courseware's page, the teacher puts the question on slide 2
    await signIn(page, request, teacher);
    await page.goto(`/courseware/detail?courseId=${course.id}&courseRole=1&id=${deck}`);
    await page.getByTestId('cw-slide-questions').click();
    await expect(page.getByTestId('page-title')).toHaveText(w.title);
    await expect(page.getByTestId('slide-page')).toHaveCount(3);
    const slide2 = page.locator('[data-testid="slide-page"][data-page="2"]');
    await expect(slide2).toContainText(w.page(2));
    await slide2.getByTestId('slide-place').click();
    await expect(page.getByTestId('slide-pick-step')).toContainText('广度优先搜索用哪种结构？');
    await shot(page, `slide-questions-${lang}-01-pick`);
    await page.getByTestId('slide-pick-step').click();
    await expect(toast(page, w.placed(2))).toBeVisible();
    await expect(slide2.getByTestId('slide-step')).toContainText('广度优先搜索用哪种结构？');
    await expect(page.locator('[data-testid="slide-page"][data-page="1"]').getByTestId('slide-step')).toHaveCount(0);
    await shot(page, `slide-questions-${lang}-02-placed`);

    // ---- in class: the screen shows the courseware; the student follows it
    await api(request, '/Futurev2/AttendClass/beginClass', { courseid: course.id }, teacher.token);
    await page.goto(`/courseware/inClass?courseId=${course.id}&courseRole=1`);
    await page.locator(`[data-testid="in-class-courseware"][data-id="${deck}"]`).getByTestId('in-class-present').click();
    await expect(page.getByTestId('in-class-question')).toHaveCount(0);
    const phone = await newPhone();
    await signIn(phone, request, ada);
    await phone.goto(`/courseware/inClass?courseId=${course.id}&courseRole=0`);
    await expect(phone.getByTestId('slide-stage')).toHaveAttribute('data-page', '1');
    await expect(phone.getByTestId('ia-prompt-dialog')).toHaveCount(0);

    // ---- the screen reaches slide 2: the question opens and the phone asks to join
    await page.getByTestId('in-class-next').click();
    await expect(phone.getByTestId('slide-stage')).toHaveAttribute('data-page', '2');
    await expect(phone.locator('.adm-dialog')).toContainText(w.join);
    await shot(phone, `slide-questions-${lang}-03-join`);
    await expect(page.getByTestId('in-class-question')).toHaveText(w.opened);
    await shot(page, `slide-questions-${lang}-04-screen`);
    await phone.getByTestId('ia-prompt-join').click();
    await phone.getByTestId('option-B').click();
    await phone.getByTestId('ia-submit-answer').click();
    await expect(phone.getByTestId('ia-waiting')).toHaveText(w.submitted);

    // ---- the teacher follows the link to the live answers; the slide's question is marked asked
    await page.getByTestId('in-class-question').click();
    await expect(page.getByTestId('ia-count-B')).toHaveText('1');
    await page.goto(`/documentView/interactpptSubjectLists?courseId=${course.id}&courseRole=1&interactid=${deck}`);
    await expect(slide2.getByTestId('slide-step-asked')).toBeVisible();
    await expect(slide2.getByTestId('slide-step-remove')).toHaveCount(0);
  });
}
