import { expect, passTime, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, refusal, signIn } from '../courses/helpers';
import { localAt } from '../materials/helpers';
import { pickDateTime } from '../dateTime';
import { joinedStudent } from '../members/helpers';
import { getHomework, homeworkList, ownerRow, ownerRows, pdfDocument, pngPicture, uploadsDone } from './helpers';

/*
 * Personal homework end to end (spec 2 §2 Homework routes, §4 homework states, §5 rules, issue #5):
 * a teacher publishes it through /addActivity/task, two students hand in files through
 * /homework/stuWorkSubmit (one after the deadline, marked overtime), the teacher grades one (a
 * score over the full score refused first) and returns the other with a reason, the student
 * hands in again, the teacher shares the good one, expedites the missing student and publishes
 * the scores, and the student reads the score and the comment.
 */

test.describe('personal homework', () => {
  test('publish, submit (one late), grade, return, resubmit, share, expedite, publish scores', async ({
    page,
    request,
    asTeacher,
  }) => {
    test.setTimeout(300_000);
    const teacher = await asTeacher({ page: null });
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, {
      coursename: `操作系统 ${Date.now() % 100000}`,
      classname: '计科 2305 班',
    });
    const li = await joinedStudent(request, '李明轩', course.code);
    const zhang = await joinedStudent(request, '张雨桐', course.code);
    const wang = await joinedStudent(request, '王浩然', course.code);

    // ---- the teacher opens the course's homework from the course home: none yet
    await signIn(page, request, teacher);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('home-menu-homework').click();
    await expect(page).toHaveURL(new RegExp(`/homework\\?courseId=${course.id}&courseRole=1$`));
    await expect(page.getByTestId('page-title')).toHaveText('作业');
    await expect(page.getByTestId('homework-empty-title')).toHaveText('还没有作业');
    await shot(page, 'homework-01-teacher-empty');

    // ---- the form: nothing filled in asks for a title and a deadline, and nothing is written
    await page.getByTestId('homework-create').click();
    await expect(page).toHaveURL(new RegExp(`/addActivity/task\\?courseId=${course.id}&courseRole=1$`));
    await expect(page.getByTestId('page-title')).toHaveText('布置作业');
    await page.getByTestId('hw-submit').click();
    await expect(page.getByTestId('hw-title-error')).toHaveText('请输入标题');
    await expect(page.getByTestId('hw-deadline-error')).toHaveText('请设置截止时间');

    await page.getByTestId('hw-title').fill('实验一：进程调度算法');
    await page.getByTestId('hw-editor').click();
    await page.keyboard.type('实现 FCFS 与 RR 两种调度算法，提交实验报告（PDF 或图片）。');
    await page.getByTestId('upload-input').setInputFiles({
      name: '实验要求.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(`实验一要求\n时间片 20ms\n${Date.now()}\n`),
    });
    await uploadsDone(page, 1);
    await page.getByTestId('hw-fullscore').fill('60');
    await page.getByTestId('hw-allowlate').click();
    await expect(page.getByTestId('hw-allowlate')).toHaveAttribute('aria-checked', 'true');

    // a deadline before the scheduled publish time conflicts with it (spec 2 §5)
    await pickDateTime(page, 'hw-deadline', localAt(1));
    await page.getByTestId('hw-publish-2').click();
    await pickDateTime(page, 'hw-publish-time', localAt(2));
    await page.getByTestId('hw-submit').click();
    await expect(page.getByTestId('hw-deadline-error')).toHaveText('截止时间不能早于发布时间');
    await shot(page, 'homework-02-deadline-conflict');
    expect(await homeworkList(request, teacherToken, course.id)).toHaveLength(0);

    // published now instead
    await page.getByTestId('hw-publish-1').click();
    await page.getByTestId('hw-submit').click();
    await expect(page).toHaveURL(new RegExp(`/homework\\?courseId=${course.id}&courseRole=1&id=\\d+$`));
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await expect(page.getByTestId('homework-title')).toHaveText('实验一：进程调度算法');
    await expect(page.getByTestId('homework-fullscore')).toHaveText('60 分');
    await expect(page.getByTestId('homework-late-rule')).toHaveText('截止后仍可提交，标记为逾期');
    await expect(page.getByTestId('count-notSubmitted')).toHaveAttribute('data-count', '3');
    await shot(page, 'homework-03-teacher-published');
    let hw = await getHomework(request, teacherToken, course.id, id);
    expect(hw.settings).toMatchObject({ type: 1, fullscore: 60, allowlate: 1 });
    expect(hw.attachment.map((f) => f.name)).toEqual(['实验要求.txt']);

    // ---- 李明轩 hands in before the deadline: a message alone is refused with the spec's words
    await signIn(page, request, li);
    await page.goto(`/homework?courseId=${course.id}&courseRole=0`);
    const liRow = page.locator(`[data-testid="homework-row"][data-id="${id}"]`);
    await expect(liRow.getByTestId('homework-row-state')).toHaveText('未提交');
    await shot(page, 'homework-04-student-list');
    await liRow.click();
    await expect(page.getByTestId('nothing-submitted')).toHaveText('你还没有提交作业。');
    await expect(page.getByTestId('homework-file-name')).toHaveText('实验要求.txt');
    await shot(page, 'homework-05-student-homework');
    await page.getByTestId('homework-submit').click();
    await expect(page).toHaveURL(new RegExp(`/homework/stuWorkSubmit\\?courseId=${course.id}&courseRole=0&id=${id}$`));
    await page.getByTestId('submit-message').fill('老师好，报告在附件里。');
    await page.getByTestId('submit-send').click();
    await expect(page.getByTestId('submit-files-error')).toHaveText('作业须以附件形式提交，请至少添加一个附件');
    // the server says the same words and keeps nothing
    const messageOnly = await request.post('/HomeworkApi/stuWorkSubmit', {
      data: { courseid: course.id, id, fileids: [], message: '报告在这里' },
      headers: { token: li.token },
    });
    expect(await messageOnly.json()).toMatchObject({
      status: 0,
      code: 40001,
      message: '作业须以附件形式提交，请至少添加一个附件',
    });
    await shot(page, 'homework-06-attachment-required');

    const report = `实验报告\nFCFS 平均等待时间 12.5ms\nRR（时间片 20ms）平均等待时间 8.1ms\n结论：RR 响应更快。\n${Date.now()}\n`;
    await page.getByTestId('upload-input').setInputFiles([
      { name: '实验报告.txt', mimeType: 'text/plain', buffer: Buffer.from(report) },
      { name: '调度流程图.png', mimeType: 'image/png', buffer: pngPicture(320, 200, 1) },
    ]);
    await uploadsDone(page, 2);
    await page.getByTestId('submit-send').click();
    await expect(page.getByTestId('submit-confirm-dialog')).toContainText('将提交 2 个附件。');
    await shot(page, 'homework-07-submit-confirm');
    await page.getByTestId('submit-confirm-confirm').click();
    await expect(page).toHaveURL(new RegExp(`/homework\\?courseId=${course.id}&courseRole=0&id=${id}$`));
    await expect(page.getByTestId('my-submission-state')).toHaveText('已提交');
    await expect(page.getByTestId('my-submission-file')).toHaveCount(2);
    await expect(page.getByTestId('my-submission-message')).toHaveText('老师好，报告在附件里。');
    await shot(page, 'homework-08-student-submitted');

    // ---- the deadline passes (the development call brings it to now, and the end job with it)
    await passTime(request, id);
    hw = await getHomework(request, teacherToken, course.id, id);
    expect(hw.endtime).toBeLessThanOrEqual(Date.now() / 1000);

    // ---- 张雨桐 hands in after it: warned, and marked overtime
    await signIn(page, request, zhang);
    await page.goto(`/homework?courseId=${course.id}&courseRole=0&id=${id}`);
    await expect(page.getByTestId('late-note')).toHaveText('已过截止时间，现在提交会被标记为逾期。');
    await page.getByTestId('homework-submit').click();
    await expect(page.getByTestId('submit-late-warning')).toBeVisible();
    await page.getByTestId('upload-input').setInputFiles({
      name: '实验一报告.pdf',
      mimeType: 'application/pdf',
      buffer: pdfDocument([
        'Lab 1: CPU scheduling',
        'FCFS average wait 12.5 ms',
        'RR (20 ms) average wait 8.1 ms',
        `${Date.now()}`,
      ]),
    });
    await uploadsDone(page, 1);
    await page.getByTestId('submit-send').click();
    await expect(page.getByTestId('submit-confirm-dialog')).toContainText('已过截止时间，这次提交会被标记为逾期。');
    await page.getByTestId('submit-confirm-confirm').click();
    await expect(page.getByTestId('my-submission-state')).toHaveText('逾期提交');
    await shot(page, 'homework-09-student-overtime');

    // ---- the teacher: counts per state, then the submissions list
    await signIn(page, request, teacher);
    await page.goto(`/homework?courseId=${course.id}&courseRole=1&id=${id}`);
    await expect(page.getByTestId('count-ungraded')).toHaveAttribute('data-count', '2');
    await expect(page.getByTestId('count-overtime')).toHaveAttribute('data-count', '1');
    await expect(page.getByTestId('count-notSubmitted')).toHaveAttribute('data-count', '1');
    await shot(page, 'homework-10-teacher-counts');
    await page.getByTestId('homework-submissions').click();
    await expect(page).toHaveURL(new RegExp(`/homework/stuUserList\\?courseId=${course.id}&courseRole=1&id=${id}$`));
    await expect(page.getByTestId('owner-row')).toHaveCount(3);
    await expect(ownerRow(page, `u:${li.uid}`).getByTestId('owner-state')).toHaveText('已提交');
    await expect(ownerRow(page, `u:${zhang.uid}`).getByTestId('owner-state')).toHaveText('逾期提交');
    await expect(ownerRow(page, `u:${wang.uid}`).getByTestId('owner-state')).toHaveText('未提交');
    await shot(page, 'homework-11-submissions');

    // the overtime tab holds only 张雨桐
    await page.getByTestId('filter-tab-3').click();
    await expect(page).toHaveURL(/filter=3/);
    await expect(page.getByTestId('owner-row')).toHaveCount(1);
    await expect(ownerRow(page, `u:${zhang.uid}`)).toBeVisible();
    // batch grading with nothing selected is refused with the spec's words
    await page.getByTestId('filter-tab-0').click();
    await expect(page.getByTestId('owner-row')).toHaveCount(3);
    await page.getByTestId('batch-toggle').click();
    await page.getByTestId('batch-grade').click();
    await expect(page.getByText('请至少选择一份作业')).toBeVisible();
    await shot(page, 'homework-12-batch-none-selected', { keepToasts: true });
    await page.getByTestId('batch-toggle').click();

    // ---- 李明轩's work opens in the page: the text as text, the picture as a picture
    await ownerRow(page, `u:${li.uid}`).getByTestId('owner-open').click();
    await expect(page).toHaveURL(/\/homework\/stuWorkDetail\?/);
    await expect(page.getByTestId('work-who')).toContainText('李明轩');
    await expect(page.getByTestId('file-preview')).toHaveCount(2);
    await expect(page.getByTestId('file-preview-text')).toContainText('RR（时间片 20ms）平均等待时间 8.1ms');
    const img = page.getByTestId('file-preview-image');
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(320);

    // a score over the full score is refused, and nothing is graded
    await page.getByTestId('grade-score').fill('61');
    await page.getByTestId('grade-save').click();
    await expect(page.getByTestId('grade-score-error')).toHaveText('分数不能超过满分 60 分');
    await shot(page, 'homework-13-grade-over-full');
    const liSid = (await ownerRows(request, teacherToken, course.id, id)).find((r) => r.owner === `u:${li.uid}`)!.submission!.sid;
    expect(
      await refusal(request, '/HomeworkApi/correct', { courseid: course.id, id, sids: [liSid], score: 61 }, teacherToken),
    ).toBe(40001);
    expect(
      (await ownerRows(request, teacherToken, course.id, id)).find((r) => r.owner === `u:${li.uid}`)!.submission!.score,
    ).toBeNull();

    await page.getByTestId('grade-score').fill('55');
    await page.getByTestId('grade-comment').fill('算法实现正确，对比分析清楚；流程图可以再标注时间片。');
    await page.getByTestId('grade-save').click();
    await expect(page.getByTestId('work-current-score')).toContainText('当前成绩 55 分');
    await expect(page.getByTestId('work-state')).toHaveText('已批改（成绩未公布）');
    await shot(page, 'homework-14-graded-phone');

    // the same page on a large screen: the files on the left, the grading panel on the right
    await page.setViewportSize({ width: 1280, height: 860 });
    const files = await page.getByTestId('file-preview').first().boundingBox();
    const panel = await page.getByTestId('grade-panel').boundingBox();
    expect(panel!.x).toBeGreaterThan(files!.x + files!.width - 1);
    expect(Math.abs(panel!.y - files!.y)).toBeLessThan(200);
    await shot(page, 'homework-15-graded-wide');
    await page.setViewportSize({ width: 375, height: 812 });

    // ---- 张雨桐's PDF opens as page images (issue 12: a PDF frame shows nothing on most phones); the teacher returns it with a reason
    await page.goto(`/homework/stuUserList?courseId=${course.id}&courseRole=1&id=${id}`);
    await ownerRow(page, `u:${zhang.uid}`).getByTestId('owner-open').click();
    await expect(page.getByTestId('work-state')).toHaveText('逾期提交');
    await expect(page.getByTestId('preview-page').first().locator('img')).toHaveAttribute(
      'src',
      /\/FileApi\/download\?id=\d+.*dl=0.*&page=1$/,
      {
        timeout: 30_000,
      },
    );
    await shot(page, 'homework-16-pdf-preview');
    await page.getByTestId('work-return').click();
    await expect(page).toHaveURL(/\/homework\/repulse\?.*sids=\d+$/);
    await expect(page.getByTestId('repulse-row')).toHaveCount(1);
    await page.getByTestId('repulse-submit').click();
    await expect(page.getByTestId('repulse-reason-error')).toHaveText('请填写打回原因（最多 200 个字）');
    await page.getByTestId('repulse-reason').fill('缺少 RR 调度的甘特图，请补充后重新提交。');
    await shot(page, 'homework-17-return-reason');
    await page.getByTestId('repulse-submit').click();
    await expect(page).toHaveURL(/\/homework\/stuWorkDetail\?/);
    await expect(page.getByTestId('work-state')).toHaveText('已打回');
    await expect(page.getByTestId('work-returned-note')).toContainText('缺少 RR 调度的甘特图');

    // ---- 张雨桐 reads the reason and hands in again (after the deadline: overtime again)
    await signIn(page, request, zhang);
    await page.goto(`/homework?courseId=${course.id}&courseRole=0&id=${id}`);
    await expect(page.getByTestId('my-submission-state')).toHaveText('已打回');
    await expect(page.getByTestId('my-submission-return-reason')).toContainText('缺少 RR 调度的甘特图，请补充后重新提交。');
    await shot(page, 'homework-18-student-returned');
    await page.getByTestId('homework-resubmit').click();
    await expect(page.getByTestId('submit-return-reason')).toContainText('缺少 RR 调度的甘特图');
    await expect(page.getByTestId('submit-kept-file')).toHaveCount(1);
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'RR甘特图.png', mimeType: 'image/png', buffer: pngPicture(300, 180, 7) });
    await uploadsDone(page, 1);
    await page.getByTestId('submit-send').click();
    await expect(page.getByTestId('submit-confirm-dialog')).toContainText('新的提交会替换上一次');
    await page.getByTestId('submit-confirm-confirm').click();
    await expect(page.getByTestId('my-submission-state')).toHaveText('逾期提交');
    await expect(page.getByTestId('my-submission-file')).toHaveCount(2);
    await page.getByTestId('homework-history').click();
    await expect(page.getByTestId('history-version')).toHaveCount(2);
    await expect(page.getByTestId('history-version').first()).toHaveAttribute('data-version', '2');
    await expect(page.getByTestId('history-version').first().getByTestId('history-file')).toHaveCount(2);
    await expect(page.getByTestId('history-version').last().getByTestId('history-file')).toHaveCount(1);
    await shot(page, 'homework-19-history');

    // ---- the teacher shares 李明轩's work and expedites 王浩然
    await signIn(page, request, teacher);
    await page.goto(`/homework/stuUserList?courseId=${course.id}&courseRole=1&id=${id}`);
    await ownerRow(page, `u:${li.uid}`).getByTestId('owner-more').click();
    await page.getByTestId('row-action-share').click();
    await page.getByTestId('share-popup-confirm').click();
    await expect(page.getByTestId('share-popup-error')).toHaveText('请填写分享理由（最多 200 个字）');
    await page.getByTestId('share-popup-input').fill('对比分析完整，图示清楚，值得大家参考。');
    await shot(page, 'homework-20-share-reason');
    await page.getByTestId('share-popup-confirm').click();
    await expect(ownerRow(page, `u:${li.uid}`).getByTestId('owner-shared')).toBeVisible();

    await page.goto(`/homework?courseId=${course.id}&courseRole=1&id=${id}`);
    await page.getByTestId('homework-call').click();
    await expect(page).toHaveURL(new RegExp(`/homework/call\\?courseId=${course.id}&courseRole=1&id=${id}$`));
    await expect(page.getByTestId('call-person')).toHaveCount(1);
    await expect(page.getByTestId('call-name')).toHaveText('王浩然');
    await page.getByTestId('call-all').click();
    await expect(page.getByTestId('call-all-dialog')).toContainText('给 1 位未提交的学生发送提醒？');
    await page.getByTestId('call-all-confirm').click();
    await expect(page.getByTestId('call-called')).toBeVisible();
    await shot(page, 'homework-21-expedited');
    expect((await ownerRows(request, teacherToken, course.id, id, 8)).map((r) => r.owner)).toEqual([`u:${wang.uid}`]);

    // ---- publish the scores (after a confirmation)
    await page.goto(`/homework?courseId=${course.id}&courseRole=1&id=${id}`);
    await page.getByTestId('publish-scores').click();
    await expect(page.getByTestId('publish-scores-dialog')).toContainText('已批改的 1 份作业');
    await page.getByTestId('publish-scores-confirm').click();
    await expect(page.getByTestId('scores-published-note')).toBeVisible();
    await expect(page.getByTestId('count-published')).toHaveAttribute('data-count', '1');
    await shot(page, 'homework-22-scores-published');

    // ---- 王浩然 sees the reminder
    await signIn(page, request, wang);
    await page.goto(`/homework?courseId=${course.id}&courseRole=0`);
    await expect(page.locator(`[data-testid="homework-row"][data-id="${id}"]`).getByTestId('homework-row-called')).toHaveText(
      '老师提醒你尽快提交作业',
    );
    // the homework is on their to-do list, and the to-do opens it
    await page.goto('/todoList');
    await page.getByTestId('todo-item').filter({ hasText: '实验一：进程调度算法' }).click();
    await expect(page).toHaveURL(new RegExp(`/homework\\?id=${id}&courseId=${course.id}&courseRole=0$`));
    await expect(page.getByTestId('called-note')).toHaveText('老师提醒你尽快提交作业');

    // ---- 李明轩 reads the score and the comment, and the shared work
    await signIn(page, request, li);
    await page.goto(`/homework?courseId=${course.id}&courseRole=0&id=${id}`);
    await expect(page.getByTestId('my-submission-state')).toHaveText('已批改');
    await expect(page.getByTestId('my-submission-score')).toHaveText('55 分');
    await expect(page.getByTestId('my-submission-comment')).toContainText('算法实现正确，对比分析清楚');
    // graded work is final: no resubmit button
    await expect(page.getByTestId('homework-resubmit')).toHaveCount(0);
    await shot(page, 'homework-23-student-score');
    await page.getByTestId('homework-shared').click();
    await expect(page.getByTestId('shared-work')).toHaveCount(1);
    await expect(page.getByTestId('shared-work-share-reason')).toContainText('对比分析完整，图示清楚');
    await expect(page.getByTestId('shared-work-file')).toHaveCount(2);
    await shot(page, 'homework-24-shared-list');

    const mine = await getHomework(request, li.token, course.id, id);
    expect(mine.mine).toMatchObject({ state: 5, score: 55 });
    const theirs = await getHomework(request, zhang.token, course.id, id);
    expect(theirs.mine).toMatchObject({ state: 2, overtime: 1, version: 2, score: null });
  });
});
