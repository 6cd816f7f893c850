import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, signIn } from '../courses/helpers';
import { localAt, uploadSmall } from '../materials/helpers';
import { pickDateTime } from '../dateTime';
import { joinedStudent } from '../members/helpers';
import { getHomework, ownerRow, pdfDocument, pngPicture, uploadsDone } from './helpers';

/*
 * Group homework (spec 2 §3 Homework type "group", issue #5): one submission per group, made by
 * any member and seen by all of them, graded once for the group; a student without a group in the
 * homework's grouping is told why they cannot hand in.
 */

test.describe('group homework', () => {
  test('one member hands in for the group, the other sees it, one grade reaches both; a student without a group is told why', async ({
    page,
    request,
    asTeacher,
  }) => {
    test.setTimeout(180_000);
    const teacher = await asTeacher({ page: null });
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, {
      coursename: `软件工程 ${Date.now() % 100000}`,
      classname: '软件 2301 班',
    });
    const liu = await joinedStudent(request, '刘思远', course.code);
    const chen = await joinedStudent(request, '陈可欣', course.code);
    const zhao = await joinedStudent(request, '赵一鸣', course.code);

    // a fixed grouping with one group of two; 赵一鸣 is in no group
    const grouping = await api<{ id: number }>(
      request,
      '/CourseGroupActivityApi/add',
      { courseid: course.id, title: '课程设计分组', type: 1, membercap: 3 },
      teacherToken,
    );
    const group = await api<{ id: number }>(
      request,
      '/CourseGroupApi/add',
      { courseid: course.id, setid: grouping.id, name: '第一组' },
      teacherToken,
    );
    await api(
      request,
      '/CourseGroupApi/join',
      { courseid: course.id, groupid: group.id, uids: [liu.uid, chen.uid] },
      teacherToken,
    );

    // ---- the teacher publishes group homework through the form: the grouping is asked for first
    await signIn(page, request, teacher);
    await page.goto(`/addActivity/task?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('hw-title').fill('课程设计：需求规格说明书');
    await page.getByTestId('hw-editor').click();
    await page.keyboard.type('每组提交一份需求规格说明书（PDF），附用例图。');
    await pickDateTime(page, 'hw-deadline', localAt(3));
    await page.getByTestId('hw-type-2').click();
    await expect(page.getByTestId('hw-type-hint')).toHaveText('每组提交一份，组内任一成员提交，老师批改一次');
    await page.getByTestId('hw-submit').click();
    await expect(page.getByTestId('hw-grouping-error')).toHaveText('小组作业请选择一个分组');
    await page.getByTestId('hw-grouping').click();
    await page.getByTestId(`hw-grouping-option-${grouping.id}`).click();
    await expect(page.getByTestId('hw-grouping')).toContainText('课程设计分组');
    await shot(page, 'homework-group-01-form');
    await page.getByTestId('hw-submit').click();
    await expect(page).toHaveURL(new RegExp(`/homework\\?courseId=${course.id}&courseRole=1&id=\\d+$`));
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await expect(page.getByTestId('homework-type')).toHaveText('小组作业');
    await expect(page.getByTestId('homework-total')).toHaveText('应交 1 组');
    expect((await getHomework(request, teacherToken, course.id, id)).settings).toMatchObject({
      type: 2,
      groupsetid: grouping.id,
    });

    // ---- 刘思远 hands in for the group
    await signIn(page, request, liu);
    await page.goto(`/homework?courseId=${course.id}&courseRole=0&id=${id}`);
    await expect(page.getByTestId('nothing-submitted')).toHaveText('你的小组还没有提交作业，小组任一成员提交即可。');
    await page.getByTestId('homework-submit').click();
    await page.getByTestId('upload-input').setInputFiles([
      {
        name: '需求规格说明书.pdf',
        mimeType: 'application/pdf',
        buffer: pdfDocument(['Software Requirements Specification', 'Group 1', `${Date.now()}`]),
      },
      { name: '用例图.png', mimeType: 'image/png', buffer: pngPicture(320, 200, 11) },
    ]);
    await uploadsDone(page, 2);
    await page.getByTestId('submit-send').click();
    await expect(page.getByTestId('submit-confirm-dialog')).toContainText('全组成员都会看到这次提交。');
    await page.getByTestId('submit-confirm-confirm').click();
    await expect(page.getByTestId('my-submission-state')).toHaveText('已提交');
    await expect(page.getByTestId('my-submission-group')).toHaveText('第一组');

    // ---- 陈可欣 sees the group's submission, made by 刘思远
    await signIn(page, request, chen);
    await page.goto(`/homework?courseId=${course.id}&courseRole=0`);
    await expect(page.locator(`[data-testid="homework-row"][data-id="${id}"]`).getByTestId('homework-row-state')).toHaveText(
      '已提交',
    );
    await page.locator(`[data-testid="homework-row"][data-id="${id}"]`).click();
    await expect(page.getByTestId('my-work')).toContainText('小组作业');
    await expect(page.getByTestId('my-submission-group')).toHaveText('第一组');
    await expect(page.getByTestId('my-submission-who')).toContainText('刘思远 提交');
    await expect(page.getByTestId('my-submission-file')).toHaveCount(2);
    await shot(page, 'homework-group-02-member-sees-group-work');

    // ---- 赵一鸣 has no group: told why, and no way to hand in
    await signIn(page, request, zhao);
    await page.goto(`/homework?courseId=${course.id}&courseRole=0&id=${id}`);
    await expect(page.getByTestId('no-group-note')).toContainText('这是小组作业，你还没有加入本次作业所用分组的小组');
    await expect(page.getByTestId('homework-submit')).toHaveCount(0);
    await shot(page, 'homework-group-03-no-group');
    await page.goto(`/homework/stuWorkSubmit?courseId=${course.id}&courseRole=0&id=${id}`);
    await expect(page.getByTestId('no-group-note')).toBeVisible();
    await expect(page.getByTestId('submit-send')).toHaveCount(0);
    // the server refuses a submission of theirs too (30502) with the words the page shows its reason in
    const own = await uploadSmall(request, zhao.token, '个人草稿.txt', 'text/plain', Buffer.from(`草稿 ${Date.now()}`));
    const res = await request.post('/HomeworkApi/stuWorkSubmit', {
      data: { courseid: course.id, id, fileids: [own.id], message: '' },
      headers: { token: zhao.token },
    });
    expect(await res.json()).toMatchObject({
      status: 0,
      code: 30502,
      message: '你还没有加入这次作业所用分组的小组，请先加入小组',
    });
    expect((await getHomework(request, zhao.token, course.id, id)).ingroup).toBe(0);

    // ---- the teacher grades the group once, from the list
    await signIn(page, request, teacher);
    await page.goto(`/homework/stuUserList?courseId=${course.id}&courseRole=1&id=${id}`);
    await expect(page.getByTestId('submissions-count')).toHaveText('1 组');
    const row = ownerRow(page, `g:${group.id}`);
    await expect(row.getByTestId('owner-name')).toHaveText('第一组');
    await expect(row.getByTestId('owner-members')).toHaveText(/刘思远.*陈可欣|陈可欣.*刘思远/);
    await expect(row.getByTestId('owner-time')).toContainText('刘思远 提交');
    await shot(page, 'homework-group-04-teacher-list');
    await row.getByTestId('owner-more').click();
    await page.getByTestId('row-action-grade').click();
    await expect(page.getByTestId('grade-popup-who')).toHaveText('第一组');
    await page.getByTestId('grade-score').fill('');
    await page.getByTestId('grade-save').click();
    await expect(page.getByTestId('grade-score-error')).toHaveText('请输入分数');
    await page.getByTestId('grade-score').fill('88');
    await page.getByTestId('grade-comment').fill('需求描述完整，用例图规范。');
    await shot(page, 'homework-group-05-grade-popup');
    await page.getByTestId('grade-save').click();
    await expect(row.getByTestId('owner-score')).toHaveText('88');
    await expect(row.getByTestId('owner-state')).toHaveText('已批改（成绩未公布）');

    // before the scores are published the students see no score
    expect((await getHomework(request, chen.token, course.id, id)).mine).toMatchObject({ state: 4, score: null, comment: '' });

    await page.goto(`/homework?courseId=${course.id}&courseRole=1&id=${id}`);
    await page.getByTestId('publish-scores').click();
    await page.getByTestId('publish-scores-confirm').click();
    await expect(page.getByTestId('scores-published-note')).toBeVisible();

    // ---- both members see the group's score and comment
    for (const member of [liu, chen]) {
      await signIn(page, request, member);
      await page.goto(`/homework?courseId=${course.id}&courseRole=0&id=${id}`);
      await expect(page.getByTestId('my-submission-state')).toHaveText('已批改');
      await expect(page.getByTestId('my-submission-score')).toHaveText('88 分');
      await expect(page.getByTestId('my-submission-comment')).toContainText('需求描述完整，用例图规范。');
      const seen = await getHomework(request, member.token, course.id, id);
      expect(seen.mine).toMatchObject({ state: 5, score: 88, groupname: '第一组' });
    }
    await shot(page, 'homework-group-06-member-score');
  });
});
