import type { APIRequestContext, Page } from '@playwright/test';
import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, signIn } from '../courses/helpers';
import { pdfOfPages, uploadSmall } from '../materials/helpers';
import { joinedStudent } from '../members/helpers';
import { slidesReady } from './helpers';

/**
 * Issue 15, decision 025: the teacher shows a courseware in class and turns its pages; a student
 * marks the page "don't understand" and comments on it from their phone, and the teacher's screen shows
 * the comment at once; after class the student opens the courseware's class review (the pages shown
 * in order, their own mark, the comment) and the teacher reads the use statistics and the class's review.
 */

const WORDS = {
  zh: {
    student: '林一',
    title: '第五章 排序',
    comment: '快排的枢轴怎么选？',
    comments: (n: number) => `${n} 条评论`,
    pageOf: (p: number, n: number) => `第 ${p} / ${n} 页`,
    entry: '课堂回顾（1 节课放映过）',
    order: ['第1页', '第2页', '第3页'],
    doubted: '我没听懂',
    inClass: '1 条评论（课上 1 条）',
    presented: '课堂放映 1 次',
    doubts: '1 人没听懂',
    notesSlide: '「第五章 排序」放映 3 页，翻页 3 次 ›',
    stem: '快速排序的平均时间复杂度是？',
    mine: '我的答案：A',
    keyHidden: '老师还没有公布答案',
    answered: '1 人作答，0 人答对',
    key: '正确答案：B',
  },
  en: {
    student: 'Lin Yi',
    title: 'Chapter 5: Sorting',
    comment: 'How is the quicksort pivot chosen?',
    comments: (n: number) => `Comments: ${n}`,
    pageOf: (p: number, n: number) => `Page ${p} of ${n}`,
    entry: 'Review the classes that showed it (1)',
    order: ['p. 1', 'p. 2', 'p. 3'],
    doubted: "I didn't understand",
    inClass: 'Comments: 1 (1 in class)',
    presented: 'Times shown in class: 1',
    doubts: "1 don't understand",
    notesSlide: '"Chapter 5: Sorting": pages shown 3, turns 3 ›',
    stem: 'What is the average time of quicksort?',
    mine: 'My answer: A',
    keyHidden: 'The teacher has not revealed the answer',
    answered: '1 answered, 0 right',
    key: 'Answer: B',
  },
};

/** A three-page PDF courseware made through the API, once its pages are rendered. */
async function courseware(request: APIRequestContext, token: string, courseid: number, title: string) {
  const file = await uploadSmall(
    request,
    token,
    'sorting.pdf',
    'application/pdf',
    pdfOfPages([['Bubble sort'], ['Quick sort'], ['Merge sort']]),
  );
  const item = await api<{ id: number }>(
    request,
    '/FutureV2/CourseMeans/addContent',
    { courseid, contenttype: 1, title, fileids: [file.id] },
    token,
  );
  await slidesReady(request, item.id, token);
  return item.id;
}

const stageOf = (p: Page) => p.getByTestId('slide-stage');

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: pages shown in class, a live comment on the teacher's screen, the student's review and the teacher's use statistics`, async ({
    page,
    request,
    asTeacher,
    newPhone,
  }) => {
    test.setTimeout(90_000);
    const w = WORDS[lang];
    const teacher = await asTeacher({ page: null });
    const course = await createCourse(request, teacher.token, { coursename: `算法 ${Date.now() % 100000}` });
    const student = await joinedStudent(request, w.student, course.code);
    const deck = await courseware(request, teacher.token, course.id, w.title);
    if (lang === 'en')
      for (const who of [teacher, student]) await api(request, '/UserApi/setLanguage', { lang: 'en' }, who.token);
    // a question placed on page 2: it opens when the screen reaches the page
    const q = await api<{ id: number }>(
      request,
      '/QuestionBankApi/addQuestion',
      { courseid: course.id, type: 2, title: `<p>${w.stem}</p>`, options: ['O(n)', 'O(n log n)'], answer: 'B', score: 1 },
      teacher.token,
    );
    const quiz = await api<{ steps: { stepid: number }[] }>(
      request,
      '/InteractApi/create',
      { courseid: course.id, title: w.title, questionids: [q.id], seconds: 60 },
      teacher.token,
    );
    const stepid = quiz.steps[0]!.stepid;
    await api(request, '/InteractPPTApi/placeStep', { stepid, interactid: deck, pageindex: 2 }, teacher.token);

    // ---- the teacher begins the class on the classroom screen, shows the courseware and turns to page 2
    await signIn(page, request, teacher);
    await page.goto(`/courseware/inClass?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('in-class-begin').click();
    await page.locator(`[data-testid="in-class-courseware"][data-id="${deck}"]`).getByTestId('in-class-present').click();
    await expect(page.getByTestId('in-class-page-no')).toHaveText(w.pageOf(1, 3));
    await page.getByTestId('in-class-next').click();
    await expect(page.getByTestId('in-class-page-no')).toHaveText(w.pageOf(2, 3));

    // ---- the student answers the question (the answer journeys are elsewhere), then follows on their phone,
    //      does not understand page 2 and asks about it
    await expect
      .poll(
        async () =>
          (await api<{ count: number }>(request, '/InteractApi/isExistJoinStepV2', { courseid: course.id }, student.token)).count,
      )
      .toBe(1);
    await api(request, '/InteractApi/answer', { stepid, answer: 'A' }, student.token);
    const phone = await newPhone();
    await signIn(phone, request, student);
    await phone.goto(`/courseware/inClass?courseId=${course.id}&courseRole=0`);
    await expect(stageOf(phone)).toHaveAttribute('data-page', '2');
    await phone.getByTestId('in-class-doubt').click();
    await expect(phone.getByTestId('in-class-doubt')).toHaveAttribute('data-state', 'on');
    await phone.getByTestId('in-class-comment').click();
    const popup = phone.getByTestId('in-class-comment-popup');
    await popup.getByTestId('cw-comment-input').locator('textarea:not([aria-hidden])').fill(w.comment);
    await popup.getByTestId('cw-comment-send').click();
    await expect(popup.getByTestId('cw-comment-text')).toHaveText([w.comment]);
    await shot(phone, `courseware-review-${lang}-01-student-comment`);
    await phone.keyboard.press('Escape');

    // ---- the teacher's screen shows the comment on the page at once
    await expect(page.getByTestId('slide-comments')).toHaveText(w.comments(1));
    await expect(page.getByTestId('in-class-newest-comment')).toContainText(w.comment);
    await expect(page.getByTestId('slide-doubts')).toBeVisible();
    await shot(page, `courseware-review-${lang}-02-screen-live-comment`);
    await page.getByTestId('in-class-next').click();
    await expect(page.getByTestId('in-class-page-no')).toHaveText(w.pageOf(3, 3));
    await expect(page.getByTestId('in-class-newest-comment')).toHaveCount(0);
    await api(request, '/Futurev2/AttendClass/overClass', { courseid: course.id }, teacher.token);

    // ---- after class, the student opens the courseware and its class review
    await phone.goto(`/courseware/startLearning?courseId=${course.id}&courseRole=0&id=${deck}`);
    await expect(phone.getByTestId('cw-review-entry')).toHaveText(w.entry);
    // the slide's picture, once loaded, moves everything below it down: a click before that can land elsewhere
    await expect
      .poll(() => phone.getByTestId('cw-slide-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await phone.getByTestId('cw-review-entry').click();
    await expect(phone.getByTestId('cw-review-page')).toBeVisible();
    await expect(phone.getByTestId('cwr-order-item')).toHaveText(w.order.map((p) => new RegExp(`^${p}`)));
    const second = phone.locator('[data-testid="cwr-page"][data-page="2"]');
    await expect(second.getByTestId('cwr-doubted')).toHaveText(w.doubted);
    await expect(second.getByTestId('cwr-comment-count')).toHaveText(w.inClass);
    await expect(phone.locator('[data-testid="cwr-page"][data-page="3"]').getByTestId('cwr-doubted')).toHaveCount(0);
    await expect(second.getByTestId('cwr-step-mine')).toHaveText(w.mine);
    await expect(second.getByTestId('cwr-step-key')).toHaveText(w.keyHidden);
    await shot(phone, `courseware-review-${lang}-03-student-review`);
    await second.getByTestId('cwr-comments-toggle').click();
    await expect(second.getByTestId('cw-comment-text')).toHaveText([w.comment]);
    await second.scrollIntoViewIfNeeded();
    await shot(phone, `courseware-review-${lang}-04-student-review-comments`);

    // ---- the teacher's courseware page: the use statistics, and the class's review from them
    await page.goto(`/courseware/detail?courseId=${course.id}&courseRole=1&id=${deck}`);
    const stats = page.getByTestId('cw-use-stats');
    await expect(stats.getByTestId('cwu-opened')).toHaveText('1/1');
    await expect(stats.getByTestId('cwu-presented')).toHaveText(w.presented);
    // page 2: read on their own by nobody yet (the learning page opened on page 1), one doubt, one comment
    const row = stats.locator('[data-testid="cwu-page"][data-page="2"]');
    await expect(row.locator('td')).toHaveText([w.order[1]!, '0', '1', '1']);
    await expect(stats.locator('[data-testid="cwu-page"][data-page="1"]').locator('td').nth(1)).toHaveText('1');
    await stats.scrollIntoViewIfNeeded();
    await shot(page, `courseware-review-${lang}-05-teacher-use-stats`);
    await stats.getByTestId('cwu-class').click();
    const reviewed = page.locator('[data-testid="cwr-page"][data-page="2"]');
    await expect(reviewed.getByTestId('cwr-doubts')).toHaveText(w.doubts);
    await expect(reviewed.getByTestId('cwr-step-counts')).toHaveText(w.answered);
    await expect(reviewed.getByTestId('cwr-step-key')).toHaveText(w.key);
    await shot(page, `courseware-review-${lang}-06-teacher-review`);

    // ---- the class's notes lead to the same review
    const classtimeid = await page.getByTestId('cwr-body').getAttribute('data-classtimeid');
    await page.goto(`/analysis/classNotesDetails?courseId=${course.id}&courseRole=1&classtimeid=${classtimeid}`);
    await expect(page.getByTestId('notes-slide')).toHaveText(w.notesSlide);
    await page.getByTestId('notes-slides').scrollIntoViewIfNeeded();
    await shot(page, `courseware-review-${lang}-07-class-notes`);
    await page.getByTestId('notes-slide').click();
    await expect(page.getByTestId('cwr-body')).toHaveAttribute('data-classtimeid', classtimeid!);
  });
}
