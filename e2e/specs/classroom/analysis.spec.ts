import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, signIn } from '../courses/helpers';
import { joinedStudent, row } from '../members/helpers';

/**
 * Issue 15, decision 023 "Analysis pages": a class is held (roll call, bullet comments, a question
 * answered, stars), all set up through the API. The teacher opens the study analysis from the stars
 * page, sorts it by stars, opens a student's class-by-class line, then from the class record opens the
 * class's notes and its bullet-comment detail.
 */

const WORDS = {
  zh: {
    byStars: '按星星',
    byRight: '按正确率',
    present: '已出勤',
    absent: '缺勤',
    deleted: '已删除',
    began: '开始上课',
    ended: '下课',
  },
  en: {
    byStars: 'Stars',
    byRight: 'Right rate',
    present: 'Present',
    absent: 'Absent',
    deleted: 'Deleted',
    began: 'Class began',
    ended: 'Class ended',
  },
};

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: the teacher reads the study analysis, a student's line, the class's notes and bullet comments`, async ({
    page,
    request,
    asTeacher,
  }) => {
    test.setTimeout(150_000);
    const w = WORDS[lang];
    const teacher = await asTeacher({ page: null });
    const course = await createCourse(request, teacher.token, { coursename: `分析 ${Date.now() % 100000}` });
    const names = lang === 'zh' ? ['林一', '周二', '吴三'] : ['Ada Lin', 'Bo Zhou', 'Cy Wu'];
    const ada = await joinedStudent(request, names[0]!, course.code);
    const bo = await joinedStudent(request, names[1]!, course.code);
    const cy = await joinedStudent(request, names[2]!, course.code);
    if (lang === 'en')
      for (const who of [teacher, ada, bo, cy]) await api(request, '/UserApi/setLanguage', { lang: 'en' }, who.token);

    // ---- the class: Ada and Bo present, Cy absent; three comments (Cy's deleted); one question; stars
    await api(request, '/Futurev2/AttendClass/beginClass', { courseid: course.id }, teacher.token);
    const roll = await api(
      request,
      '/AttenceApi/addNowsAttence',
      { courseid: course.id, title: '点名', duration: 10 },
      teacher.token,
    );
    await api(request, '/AttenceApi/updateState', { id: roll.id, studentid: ada.uid, state: 0 }, teacher.token);
    await api(request, '/AttenceApi/updateState', { id: roll.id, studentid: bo.uid, state: 2 }, teacher.token);
    await api(request, '/AttenceApi/updateState', { id: roll.id, studentid: cy.uid, state: 1 }, teacher.token);
    await api(request, '/FutureV2/Barrage/setStatus', { courseid: course.id, status: 1 }, teacher.token);
    await api(request, '/FutureV2/Barrage/sendBarrage', { courseid: course.id, content: '听懂了' }, ada.token);
    await api(request, '/FutureV2/Barrage/sendBarrage', { courseid: course.id, content: '老师好' }, bo.token);
    const gone = await api(request, '/FutureV2/Barrage/sendBarrage', { courseid: course.id, content: '广告' }, cy.token);
    await api(request, '/FutureV2/Barrage/delBarrage', { courseid: course.id, id: gone.id }, teacher.token);
    const q = await api(
      request,
      '/QuestionBankApi/addQuestion',
      { courseid: course.id, type: 2, title: '一加一等于几', options: ['2', '3'], answer: 'A', score: 1 },
      teacher.token,
    );
    const made = await api(
      request,
      '/InteractApi/create',
      { courseid: course.id, title: '随堂', questionids: [q.id] },
      teacher.token,
    );
    const stepid = made.steps[0].stepid;
    await api(request, '/InteractApi/startStep', { stepid, seconds: 60 }, teacher.token);
    await api(request, '/InteractApi/answer', { stepid, answer: 'A' }, ada.token);
    await api(request, '/InteractApi/answer', { stepid, answer: 'B' }, bo.token);
    await api(request, '/Futurev2/Representation/addStar', { courseid: course.id, uid: bo.uid, stars: 3 }, teacher.token);
    await api(request, '/Futurev2/Representation/addStar', { courseid: course.id, uid: ada.uid, stars: 1 }, teacher.token);
    await api(request, '/Futurev2/AttendClass/overClass', { courseid: course.id }, teacher.token);

    // ---- study analysis from the stars page: by attendance Ada and Bo first, Cy last
    await signIn(page, request, teacher);
    await page.goto(`/representation/performanceStatistics?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('star-study').click();
    await expect(page).toHaveURL(/\/analysis\/studyAnalysis\?courseId=\d+&courseRole=1$/);
    await expect(page.getByTestId('study-student')).toHaveCount(3);
    await expect(page.getByTestId('study-student').last()).toHaveAttribute('data-uid', String(cy.uid));
    await expect(row(page, 'study-student', ada.uid)).toContainText('100% (1/1)');
    await shot(page, `classroom-study-analysis-${lang}`);

    // sorted by right rate Ada leads, by stars Bo does
    await page.getByTestId('study-sort').getByText(w.byRight).click();
    await expect(page.getByTestId('study-student').first()).toHaveAttribute('data-uid', String(ada.uid));
    await page.getByTestId('study-sort').getByText(w.byStars).click();
    await expect(page.getByTestId('study-student').first()).toHaveAttribute('data-uid', String(bo.uid));

    // ---- Cy's line: the one class, absent
    await row(page, 'study-student', cy.uid).click();
    await expect(page).toHaveURL(new RegExp(`uid=${cy.uid}`));
    await expect(page.getByTestId('study-one-name')).toContainText(names[2]!);
    await expect(page.getByTestId('study-line')).toHaveCount(1);
    await expect(page.getByTestId('study-line')).toHaveAttribute('data-attended', 'no');
    await expect(page.getByTestId('study-line')).toContainText(w.absent);
    await shot(page, `classroom-study-student-${lang}`);

    // ---- the class record → its notes: began, roll call, question, stars, ended
    await page.goto(`/analysis/detail?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('class-record').first().click();
    await page.getByTestId('record-notes-link').click();
    await expect(page).toHaveURL(/\/analysis\/classNotesDetails\?courseId=\d+&courseRole=1&classtimeid=\d+/);
    const kinds = page.getByTestId('note');
    await expect(kinds.first()).toContainText(w.began);
    await expect(kinds.last()).toContainText(w.ended);
    await expect(page.locator('[data-kind="attendance"]')).toContainText(
      lang === 'zh' ? '出勤 1 · 迟到 1 · 未到 1' : 'Present 1 · late 1 · absent 1',
    );
    await expect(page.locator('[data-kind="step"]')).toContainText('一加一等于几');
    await expect(page.locator('[data-kind="star"]')).toHaveCount(2);
    await shot(page, `classroom-class-notes-${lang}`);

    // ---- its bullet comments: three in order, Cy's marked deleted; the per-minute chart; senders
    await page.getByTestId('notes-barrage').click();
    await expect(page).toHaveURL(/\/analysis\/bulletChatDetail\?courseId=\d+&courseRole=1&classtimeid=\d+/);
    const lines = page.getByTestId('barrage-line');
    await expect(lines).toHaveCount(3);
    await expect(lines.nth(0)).toContainText('听懂了');
    await expect(lines.nth(2)).toContainText(w.deleted);
    await expect(page.getByTestId('barrage-minutes').locator('.minute-bar')).not.toHaveCount(0);
    await expect(page.getByTestId('barrage-senders').getByTestId('record-bar')).toHaveCount(3);
    await shot(page, `classroom-barrage-detail-${lang}`);

    // and back on the class record, the link to it from there too
    await page.goto(`/analysis/detail?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('class-record').first().click();
    await page.getByTestId('record-barrage-link').click();
    await expect(page.getByTestId('barrage-line')).toHaveCount(3);
  });
}
