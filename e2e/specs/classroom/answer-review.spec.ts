import type { Page } from '@playwright/test';
import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';

/**
 * Issue 15, answer review (decision 022): the teacher previews an interactive answer of an open and a
 * choice question, asks both in class; two students answer and land on "submitted"; the teacher
 * reviews the open answers, marks one excellent with a comment and shows it on the classroom screen
 * with its name (the student is told at once); the screen shows it, then the choice question is
 * revealed there; a student's results show the key, right or wrong and the answer shown.
 */

const WORDS = {
  zh: {
    pager: (n: number, total: number) => `第 ${n} / ${total} 题`,
    key: '正确答案：B',
    analysis: '解析：1+1=2',
    waiting: '已提交，等待老师公布答案',
    done: '已提交',
    excellent: '优秀',
    comment: '例子举得好',
    exhibited: '老师在大屏上展示了你的答案',
    answered: (a: number, m: number) => `已答 ${a}/${m}`,
    wrong: '错误',
    open: '惯性：没有外力时物体保持原来的运动状态',
    other: '不太清楚',
  },
  en: {
    pager: (n: number, total: number) => `Question ${n} of ${total}`,
    key: 'Answer: B',
    analysis: 'Explanation: 1+1=2',
    waiting: 'Submitted. Waiting for the teacher to reveal the answer',
    done: 'Submitted',
    excellent: 'Excellent',
    comment: 'A good example',
    exhibited: 'Your teacher showed your answer on the screen',
    answered: (a: number, m: number) => `${a}/${m} answered`,
    wrong: 'Wrong',
    open: 'Inertia: with no force a body keeps its motion',
    other: 'Not sure',
  },
};

const stepCard = (page: Page, sort: number) => page.locator(`[data-testid="ia-step"][data-sort="${sort}"]`);

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: answers previewed, asked, reviewed, marked, shown on the screen and revealed`, async ({
    page,
    request,
    asTeacher,
    newPhone,
  }) => {
    test.setTimeout(180_000); // three phones and the screen: some 50 steps, each seconds long on a busy machine
    const w = WORDS[lang];
    const teacher = await asTeacher({ page: null });
    const course = await createCourse(request, teacher.token, { coursename: `物理 ${Date.now() % 100000}` });
    const [ada, bo] = [await joinedStudent(request, '林一', course.code), await joinedStudent(request, '周二', course.code)];
    if (lang === 'en')
      for (const who of [teacher, ada, bo]) await api(request, '/UserApi/setLanguage', { lang: 'en' }, who.token);
    const bank = (body: object) =>
      api<{ id: number }>(
        request,
        '/QuestionBankApi/addQuestion',
        { courseid: course.id, difficulty: 1, score: 1, ...body },
        teacher.token,
      );
    const open = await bank({
      type: 4,
      title: '<p>简述牛顿第一定律</p>',
      answer: '物体保持静止或匀速直线运动',
      analysis: '举例说明',
    });
    const single = await bank({ type: 2, title: '<p>1+1=?</p>', options: ['1', '2', '3', '4'], answer: 'B', analysis: '1+1=2' });
    const item = await api<{ id: number; steps: { stepid: number }[] }>(
      request,
      '/InteractApi/create',
      { courseid: course.id, title: '课堂小测', questionids: [open.id, single.id], seconds: 120 },
      teacher.token,
    );
    const [openStep, singleStep] = item.steps.map((s) => s.stepid) as [number, number];
    await api(request, '/Futurev2/AttendClass/beginClass', { courseid: course.id }, teacher.token);

    // ---- the teacher previews the questions as students will see them, with the key kept apart
    await signIn(page, request, teacher);
    await page.goto(`/InteractiveAnswers/detailTeacher?courseId=${course.id}&courseRole=1&id=${item.id}`);
    await page.getByTestId('ia-preview').click();
    await expect(page.getByTestId('iar-preview-pager')).toHaveText(w.pager(1, 2));
    await page.getByTestId('iar-preview-next').click();
    await expect(page.getByTestId('iar-preview-pager')).toHaveText(w.pager(2, 2));
    await expect(page.getByTestId('iar-preview-step').getByTestId('option-B')).toBeVisible();
    await expect(page.getByTestId('iar-preview-key')).toContainText(w.key);
    await expect(page.getByTestId('iar-preview-analysis')).toHaveText(w.analysis);
    await shot(page, `answer-review-${lang}-01-preview`);

    // ---- both questions asked from the item page
    await page.goBack();
    for (const sort of [1, 2]) {
      await stepCard(page, sort).getByTestId('ia-start').click();
      await expect(stepCard(page, sort).getByTestId('ia-step-state')).toHaveAttribute('data-state', 'open');
    }

    // ---- two phones answer; each lands on "submitted", waiting, with no key
    const phoneA = await newPhone();
    const phoneB = await newPhone();
    await signIn(phoneA, request, ada);
    await signIn(phoneB, request, bo);
    const answerPage = (stepid: number) =>
      `/InteractiveAnswers/answer?courseId=${course.id}&courseRole=0&stepid=${stepid}&id=${item.id}`;
    await phoneB.goto(answerPage(openStep));
    await phoneB.getByTestId('answer-text').fill(w.other);
    await phoneB.getByTestId('ia-submit-answer').click();
    await expect(phoneB.getByTestId('ia-waiting')).toHaveText(w.waiting);
    await phoneB.goto(answerPage(singleStep));
    await phoneB.getByTestId('option-C').click();
    await phoneB.getByTestId('ia-submit-answer').click();
    await expect(phoneB).toHaveURL(/\/InteractiveAnswers\/success\?/);
    await expect(phoneB.getByTestId('iar-success-done')).toContainText(w.done);
    await expect(phoneB.getByTestId('ia-student-key')).toHaveCount(0);
    await phoneA.goto(answerPage(singleStep));
    await phoneA.getByTestId('option-B').click();
    await phoneA.getByTestId('ia-submit-answer').click();
    await expect(phoneA.getByTestId('ia-waiting')).toBeVisible();
    await phoneA.goto(answerPage(openStep));
    await phoneA.getByTestId('answer-text').fill(w.open);
    await phoneA.getByTestId('ia-submit-answer').click();
    await expect(phoneA.getByTestId('iar-success-left')).toBeVisible();
    await expect(phoneA.getByTestId('ia-mine')).toContainText(w.open);
    await shot(phoneA, `answer-review-${lang}-02-success`);

    // ---- the teacher reviews the open answers: one marked excellent with a comment, shown with its name
    await stepCard(page, 1).getByTestId('ia-to-review').click();
    await expect(page.getByTestId('iar-answer')).toHaveCount(2);
    const adaCard = page.locator(`[data-testid="iar-answer"][data-uid="${ada.uid}"]`);
    await expect(adaCard.getByTestId('iar-answer-text')).toHaveText(w.open);
    await adaCard.getByTestId('iar-mark-1').click();
    await expect(adaCard.getByTestId('iar-mark')).toHaveAttribute('data-mark', '1');
    await adaCard.getByTestId('iar-comment-edit').click();
    await adaCard.locator('[data-testid="iar-comment-input"] textarea:not([aria-hidden])').fill(w.comment);
    await adaCard.getByTestId('iar-comment-save').click();
    await expect(adaCard.getByTestId('iar-comment')).toHaveText(w.comment);
    await adaCard.locator('.adm-checkbox').first().click();
    await page.locator('[data-testid="iar-bar"] .adm-checkbox').click();
    await page.getByTestId('iar-exhibit').click();
    await expect(adaCard.getByTestId('iar-shown-tag')).toBeVisible();
    await shot(page, `answer-review-${lang}-03-review`);
    // the student hears of it at once: marked, commented, shown
    await expect(phoneA.getByTestId('iar-my-exhibited')).toHaveText(w.exhibited);
    await expect(phoneA.getByTestId('iar-my-mark')).toHaveText(w.excellent);
    await expect(phoneA.getByTestId('iar-my-comment')).toContainText(w.comment);
    await shot(phoneA, `answer-review-${lang}-04-student-shown`);

    // ---- one student's answers across the item
    await adaCard.getByTestId('iar-detail').click();
    await expect(page.getByTestId('iar-detail-name')).toHaveText('林一');
    await expect(page.getByTestId('iar-detail-answer')).toHaveText(w.open);
    await expect(page.getByTestId('iar-detail-row-answer')).toHaveText([w.open, 'B']);
    await shot(page, `answer-review-${lang}-05-detail`);
    await page.goBack();

    // ---- the classroom screen shows the answer picked, with its name
    await page.getByTestId('iar-to-screen').click();
    await expect(page.getByTestId('iar-screen-answered')).toHaveText(w.answered(2, 2));
    await expect(page.getByTestId('iar-shown-text')).toHaveText(w.open);
    await expect(page.getByTestId('iar-shown-name')).toHaveText('林一');
    await shot(page, `answer-review-${lang}-06-screen-shown`);

    // ---- the choice question on the screen: no key until revealed there
    await page.goto(`/InteractiveAnswers/questionExhibition?courseId=${course.id}&courseRole=1&stepid=${singleStep}`);
    await expect(page.getByTestId('iar-screen-option-B')).toBeVisible();
    await expect(page.getByTestId('iar-screen-key')).toHaveCount(0);
    await page.getByTestId('iar-screen-reveal').click();
    await page.getByTestId('iar-screen-reveal-confirm').click();
    await expect(page.getByTestId('iar-screen-key')).toHaveText(w.key);
    await expect(page.getByTestId('ia-count-B')).toHaveText('1');
    await shot(page, `answer-review-${lang}-07-screen-revealed`);

    // ---- the other student: wrong, and in their results the key and the answer shown
    await expect(phoneB.getByTestId('ia-mycorrect')).toHaveText(w.wrong);
    // the big mark over a wrong answer is a red cross, not a green tick (issue 25)
    await expect(phoneB.getByTestId('iar-done-icon')).toHaveAttribute('data-outcome', '0');
    await expect(phoneB.getByTestId('iar-done-icon')).toHaveClass(/is-wrong/);
    await shot(phoneB, `answer-review-${lang}-07b-wrong-mark`);
    await phoneB.getByTestId('iar-to-results').click();
    await expect(phoneB.getByTestId('iar-results-answered')).toHaveText('2/2');
    await expect(phoneB.getByTestId('iar-results-right')).toHaveText('0/1');
    const first = phoneB.locator('[data-testid="iar-result-step"][data-sort="1"]');
    await expect(first.getByTestId('iar-shown-name')).toHaveText('林一');
    await expect(first.getByTestId('iar-shown-text')).toHaveText(w.open);
    const second = phoneB.locator('[data-testid="iar-result-step"][data-sort="2"]');
    await expect(second.getByTestId('ia-student-key')).toHaveText(w.key);
    await expect(second.getByTestId('ia-mycorrect')).toHaveText(w.wrong);
    // nothing of another student's choice: it was not shown
    await expect(second.getByTestId('iar-shown-answer')).toHaveCount(0);
    await shot(phoneB, `answer-review-${lang}-08-results`);
  });
}
