import { api, expect, signInPage, test, toast } from '../../fixtures';
import { shot } from '../accounts/screens';

/*
 * Offline tests (issue 14): the test is taken on paper; the teacher types each student's score on
 * the test's grading page — a score above the total is caught before saving, leaving with unsaved
 * scores asks first — saves, and the student sees their score on their tests page.
 */

const WORDS = {
  zh: {
    scored: (n: number, of: number) => `已录入 ${n}/${of} 人`,
    outOfRange: '分数须是 0 到 10，最多一位小数',
    saveN: (n: number) => `保存 ${n} 人的成绩`,
    saved: '成绩已保存',
    leave: '还有成绩没有保存，离开后会丢失。确定离开吗？',
    score: '8.5 分',
  },
  en: {
    scored: (n: number, of: number) => `${n} of ${of} scored`,
    outOfRange: 'A score is 0 to 10, one decimal at most',
    saveN: (n: number) => `Save ${n} scores`,
    saved: 'Scores saved',
    leave: "Some scores aren't saved and will be lost. Leave anyway?",
    score: '8.5 pts',
  },
};

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: the teacher types an offline test's scores; the student sees theirs`, async ({
    page,
    request,
    asTeacher,
    newCourse,
    newPhone,
  }) => {
    test.setTimeout(120_000);
    const w = WORDS[lang];
    const teacher = await asTeacher({ name: '秦老师', lang });
    const course = await newCourse({ teacher, students: ['甲同学', '乙同学'] });
    const [jia, yi] = course.students;
    const q = await api<{ id: number }>(
      request,
      '/QuestionBankApi/addQuestion',
      { courseid: course.id, type: 4, title: '默写《静夜思》', answer: '床前明月光', score: 10 },
      teacher.token,
    );
    const made = await api<{ id: number }>(
      request,
      '/TestpaperApi/addTestpaper',
      { courseid: course.id, title: '期中笔试', fixed: [q.id], draws: [], offline: 1 },
      teacher.token,
    );
    await api(request, '/TestpaperApi/publishTestpaper', { courseid: course.id, id: made.id }, teacher.token);

    // from the test's settings to its grading page: the score sheet, nobody scored yet
    await page.goto(`/testing/settings?courseId=${course.id}&courseRole=1&id=${made.id}`);
    await page.getByTestId('test-review').click();
    await expect(page.getByTestId('offline-scored')).toContainText(w.scored(0, 2));
    await expect(page.getByTestId('review-tab-papers')).toHaveCount(0);
    const row = (uid: number) => page.locator(`[data-testid="offline-row"][data-uid="${uid}"]`);

    // a score above the total is caught on the spot; saving waits until it is right
    await row(jia.uid).getByTestId('offline-score').fill('15');
    await expect(row(jia.uid).getByTestId('offline-row-error')).toHaveText(w.outOfRange);
    await expect(page.getByTestId('offline-save')).toBeDisabled();
    await shot(page, `tests-offline-${lang}-01-error`);
    await row(jia.uid).getByTestId('offline-score').fill('8.5');
    await row(yi.uid).getByTestId('offline-score').fill('6');
    await expect(page.getByTestId('offline-save')).toHaveText(w.saveN(2));

    // leaving with unsaved scores asks; staying keeps them
    await page.getByTestId('nav-back').click();
    await expect(page.locator('.adm-dialog')).toContainText(w.leave);
    await page.getByTestId('offline-leave-cancel').click();
    await expect(row(jia.uid).getByTestId('offline-score')).toHaveValue('8.5');

    await page.getByTestId('offline-save').click();
    await expect(toast(page, w.saved)).toBeVisible();
    await expect(page.getByTestId('offline-scored')).toContainText(w.scored(2, 2));
    await shot(page, `tests-offline-${lang}-02-saved`);
    await page.reload();
    await expect(row(yi.uid).getByTestId('offline-score')).toHaveValue('6');

    // the student sees their own score (released on hand-in by default), nobody else's
    if (lang === 'en') await api(request, '/UserApi/setLanguage', { lang: 'en' }, jia.token);
    const phone = await newPhone();
    await signInPage(phone, jia.token);
    await phone.goto(`/testing/stu/detail?courseId=${course.id}&courseRole=0`);
    await expect(phone.getByTestId('test-row-score')).toHaveText(w.score);
    await shot(phone, `tests-offline-${lang}-03-student`);
  });
}
