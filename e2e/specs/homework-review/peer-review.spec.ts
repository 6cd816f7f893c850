import { type Account, api, expect, passTime, test, toast } from '../../fixtures';
import { shot } from '../accounts/screens';
import { refusal, signIn } from '../courses/helpers';
import { addHomework, pdfFile, submitFile, textFile, withData } from './helpers';

/*
 * Peer review (homework type 3, spec 2 §2 /homework/reviewDetail, issue #5): after the deadline each
 * submission gets its reviewers; a student reviews through the page (a short comment refused in the
 * server's words), the others through the API; the teacher sees the names, changes a review and
 * publishes; the author sees the final score and the reviews without any reviewer's name.
 */

interface Task {
  rid: number;
  sid: number;
  reviewed: number;
  username?: string;
  uid?: number;
}
interface Received {
  peeraverage: number | null;
  list: { rid?: number; reviewer?: string; reviewerid?: number; score: number | null; reviewed: number; overridden: number }[];
}

test.describe('peer review', () => {
  test('reviews assigned at the deadline, given with the minimum comment, changed by the teacher, published anonymously', async ({
    page,
    request,
    newCourse,
  }) => {
    test.setTimeout(300_000);
    // a course of a new teacher, four new students joined by its code
    const course = await newCourse({
      fields: { coursename: `软件工程 ${Date.now() % 100000}`, classname: '软件 2301 班' },
      students: ['林晓雨', '高子航', '沈佳怡', '韩明哲'],
    });
    const { teacher, students } = course;
    const teacherToken = teacher.token;
    const [lin, gao, shen, han] = students as [Account, Account, Account, Account];
    const names = students.map((s) => s.name);

    // a picture to hand in, drawn by the browser itself
    await signIn(page, request, lin);
    const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 240, height: 120 } });

    // the homework closes in an hour: two reviewers each, anonymous, comments of 10+ characters
    const hw = await addHomework(request, teacherToken, {
      courseid: course.id,
      title: '需求分析报告互评',
      type: 3,
      fullscore: 100,
      endtime: Math.floor(Date.now() / 1000) + 3600,
      reviewers: 2,
      anonymous: 1,
      mincomment: 10,
      scoremode: 1,
    });
    const sids = new Map<number, number>();
    const files = [
      { name: '需求分析-用例图.png', mimeType: 'image/png', buffer: picture },
      pdfFile('requirements.pdf', 'Requirements analysis'),
      textFile('需求分析.txt', '一、项目背景\n二、用户画像\n三、功能需求\n四、非功能需求'),
      textFile('需求分析.md', '# 需求分析\n\n- 登录与注册\n- 课程管理\n- 作业互评'),
    ];
    for (const [i, s] of students.entries()) {
      const saved = await submitFile(request, s.token, course.id, hw.id, files[i]!, '老师好，这是我的需求分析报告。');
      sids.set(s.uid, saved.sid);
    }

    // before the deadline: nothing to review yet, and the teacher cannot assign (30507)
    await page.goto(`/homework/reviewDetail?courseId=${course.id}&id=${hw.id}&courseRole=0`);
    await expect(page.getByTestId('page-title')).toHaveText('作业互评');
    await expect(page.getByTestId('review-homework-title')).toHaveText('需求分析报告互评');
    await expect(page.getByTestId('review-todo-empty')).toHaveText('没有分配给你的互评');
    await expect(page.getByTestId('review-final-pending')).toHaveText('成绩未公布');
    await shot(page, 'review-01-student-before-deadline');
    expect(await refusal(request, '/HomeworkApi/assignReviews', { courseid: course.id, id: hw.id }, teacherToken)).toBe(30507);

    await signIn(page, request, teacher);
    await page.goto(`/homework/reviewDetail?courseId=${course.id}&id=${hw.id}&courseRole=1`);
    await expect(page.getByTestId('review-assign')).toBeDisabled();
    await expect(page.getByTestId('review-assign-hint')).toContainText('自动分配互评');
    await expect(page.getByTestId('review-submission-row')).toHaveCount(4);
    await shot(page, 'review-02-teacher-before-deadline');

    // the deadline passes (the development call brings it and its jobs to now): the job assigns the
    // reviews; "assign now" adds nothing it has already done
    const ran = await passTime(request, hw.id);
    expect(ran.list.map((j) => [j.kind, j.done])).toContainEqual(['homework.assignReviews', 1]);
    await page.reload();
    await expect(page.getByTestId('review-assign')).toBeEnabled();
    await page.getByTestId('review-assign').click();
    await expect(toast(page, /已分配 \d+ 份互评|所有作品都已分配评阅人/)).toBeVisible();
    const tasksOf = async (s: Account) =>
      api<{ list: Task[]; anonymous: number }>(request, '/HomeworkApi/myReviews', { courseid: course.id, id: hw.id }, s.token);
    for (const s of students) {
      const mine = await tasksOf(s);
      // two each, never one's own, and no author named on an anonymous homework
      expect(mine.list).toHaveLength(2);
      expect(mine.list.map((x) => x.sid)).not.toContain(sids.get(s.uid));
      for (const task of mine.list) expect(task.username ?? task.uid).toBeUndefined();
    }

    // 林晓雨 reviews in the page
    await signIn(page, request, lin);
    await page.goto(`/homework/reviewDetail?courseId=${course.id}&id=${hw.id}&courseRole=0`);
    await expect(page.getByTestId('review-task')).toHaveCount(2);
    await expect(page.getByTestId('review-todo-count')).toHaveText('待评 2 / 共 2');
    await expect(page.getByTestId('review-task-author').first()).toHaveText('作品 1');
    await expect(page.getByTestId('review-homework-anonymous')).toHaveText('匿名互评');
    for (const other of [gao, shen, han]) await expect(page.getByText(other.name)).toHaveCount(0);
    const firstTask = page.getByTestId('review-task').first();
    const firstRid = Number(await firstTask.getAttribute('data-rid'));
    await expect(firstTask.getByTestId('review-task-file')).toHaveCount(1);
    await shot(page, 'review-03-student-tasks');

    // a short comment: the live count, then the server's own words, and nothing is written
    await firstTask.getByTestId('review-score').fill('88');
    await firstTask.getByTestId('review-comment').fill('写得不错');
    await expect(firstTask.getByTestId('review-comment-count')).toHaveText('已写 4 字 / 至少 10 字');
    await firstTask.getByTestId('review-submit').click();
    const serverWords = await request.post('/HomeworkApi/submitReview', {
      data: { courseid: course.id, id: hw.id, rid: firstRid, score: 88, comment: '写得不错' },
      headers: { token: lin.token },
    });
    expect(await serverWords.json()).toMatchObject({ status: 0, message: '评语至少 10 个字' });
    await expect(firstTask.getByTestId('review-error')).toHaveText('评语至少 10 个字');
    await expect(page.getByTestId('review-confirm-dialog')).toHaveCount(0);
    await shot(page, 'review-04-comment-too-short');
    expect((await tasksOf(lin)).list.every((x) => x.reviewed === 0)).toBe(true);

    // a score over the full score is refused too
    await firstTask.getByTestId('review-comment').fill('功能需求列得很完整，用户画像可以再具体一些。');
    await expect(firstTask.getByTestId('review-comment-count')).toHaveText('已写 22 字 / 至少 10 字');
    await firstTask.getByTestId('review-score').fill('120');
    await firstTask.getByTestId('review-submit').click();
    await expect(firstTask.getByTestId('review-score-error')).toHaveText('分数不能超过满分 100 分');

    // a good one: confirmed first (it is final), then shown as sent
    await firstTask.getByTestId('review-score').fill('88');
    await firstTask.getByTestId('review-submit').click();
    await expect(page.getByTestId('review-confirm-dialog')).toContainText('提交后不能修改');
    await shot(page, 'review-05-confirm');
    await page.getByTestId('review-confirm-confirm').click();
    await expect(firstTask.getByTestId('review-task-state')).toHaveText('已评阅');
    await expect(firstTask.getByTestId('review-task-score')).toHaveText('88');
    await expect(page.getByTestId('review-todo-count')).toHaveText('待评 1 / 共 2');

    const second = page.getByTestId('review-task').nth(1);
    await second.getByTestId('review-score').fill('76');
    await second.getByTestId('review-comment').fill('结构清晰，但非功能需求部分还比较单薄。');
    await second.getByTestId('review-submit').click();
    await page.getByTestId('review-confirm-confirm').click();
    await expect(second.getByTestId('review-task-state')).toHaveText('已评阅');
    await expect(page.getByTestId('review-todo-count')).toHaveText('待评 0 / 共 2');
    await shot(page, 'review-06-student-done');
    // once given, a review is final
    expect(
      await refusal(
        request,
        '/HomeworkApi/submitReview',
        { courseid: course.id, id: hw.id, rid: firstRid, score: 10, comment: '我想改一下分数，改成十分吧。' },
        lin.token,
      ),
    ).toBe(30508);

    // the other three review through the API
    const scores = [90, 70, 82, 64, 95, 58];
    let k = 0;
    for (const s of [gao, shen, han]) {
      for (const task of (await tasksOf(s)).list) {
        await api(
          request,
          '/HomeworkApi/submitReview',
          {
            courseid: course.id,
            id: hw.id,
            rid: task.rid,
            score: scores[k++],
            comment: `第 ${k} 份互评：内容充实，条理清楚，值得学习。`,
          },
          s.token,
        );
      }
    }

    // the teacher opens 高子航's work: reviewers named, the peer average, and changes one review
    await signIn(page, request, teacher);
    await page.goto(`/homework/reviewDetail?courseId=${course.id}&id=${hw.id}&courseRole=1`);
    const gaoSid = sids.get(gao.uid)!;
    await withData(page, 'review-submission-row', 'sid', gaoSid).click();
    await expect(page).toHaveURL(
      new RegExp(`/homework/reviewDetail\\?courseId=${course.id}&id=${hw.id}&courseRole=1&sid=${gaoSid}$`),
    );
    await expect(page.getByTestId('page-title')).toHaveText('作品的互评');
    await expect(page.getByTestId('review-submission-author')).toHaveText(gao.name);
    await expect(page.getByTestId('submission-file-name')).toHaveText('requirements.pdf');
    // a PDF opens as page images in the preview page (issue 12)
    await expect(page.getByTestId('submission-file-preview')).toHaveAttribute(
      'href',
      new RegExp(`^/filePreview\\?id=\\d+&courseId=${course.id}&courseRole=1$`),
    );
    await expect(page.getByTestId('review-item')).toHaveCount(2);
    const before = await api<Received>(
      request,
      '/HomeworkApi/reviewDetail',
      { courseid: course.id, id: hw.id, sid: gaoSid },
      teacherToken,
    );
    const reviewerNames = before.list.map((r) => r.reviewer!);
    expect(reviewerNames.every((n) => names.includes(n) && n !== gao.name)).toBe(true);
    await expect(page.getByTestId('review-item-reviewer')).toHaveText(reviewerNames);
    await expect(page.getByTestId('review-peer-average')).toHaveText(String(before.peeraverage));
    await shot(page, 'review-07-teacher-submission');

    const changed = page.getByTestId('review-item').first();
    await changed.getByTestId('review-item-override').click();
    await expect(page.getByTestId('override-popup')).toBeVisible();
    await page.getByTestId('override-score').fill('60');
    await page.getByTestId('override-comment').fill('老师复核：数据流图缺失，按评分标准扣分。');
    await shot(page, 'review-08-override');
    await page.getByTestId('override-save').click();
    await expect(changed.getByTestId('review-item-overridden')).toHaveText('老师已修改');
    await expect(changed.getByTestId('review-item-score')).toHaveText('60');
    const after = await api<Received>(
      request,
      '/HomeworkApi/reviewDetail',
      { courseid: course.id, id: hw.id, sid: gaoSid },
      teacherToken,
    );
    expect(after.list[0]).toMatchObject({ score: 60, overridden: 1 });
    await expect(page.getByTestId('review-peer-average')).toHaveText(String(after.peeraverage));

    // the grading page of one submission leads to its reviews too
    await page.goto(`/homework/stuWorkDetail?courseId=${course.id}&courseRole=1&id=${hw.id}&sid=${gaoSid}`);
    await page.getByTestId('work-peer-reviews').click();
    await expect(page).toHaveURL(
      new RegExp(`/homework/reviewDetail\\?courseId=${course.id}&id=${hw.id}&courseRole=1&sid=${gaoSid}$`),
    );
    await expect(page.getByTestId('review-item-overridden')).toHaveCount(1);

    // publish from the overview: each final score is the peer average
    await page.goto(`/homework/reviewDetail?courseId=${course.id}&id=${hw.id}&courseRole=1`);
    await expect(page.getByTestId('review-submission-row')).toHaveCount(4);
    await page.getByTestId('review-publish').click();
    await page.getByTestId('review-publish-confirm').click();
    await expect(toast(page, '已公布 4 份成绩')).toBeVisible();
    await expect(withData(page, 'review-submission-row', 'sid', gaoSid).getByTestId('review-submission-score')).toHaveText(
      String(after.peeraverage),
    );
    await shot(page, 'review-09-teacher-published', { keepToasts: true });

    // 高子航 sees the final score and the reviews, with no reviewer named, on the page and in the answer
    await signIn(page, request, gao);
    await page.goto(`/homework/reviewDetail?courseId=${course.id}&id=${hw.id}&courseRole=0`);
    await expect(page.getByTestId('review-final-score')).toHaveText(String(after.peeraverage));
    const received = page.getByTestId('review-received-section');
    await expect(received.getByTestId('review-item')).toHaveCount(2);
    await expect(received.getByTestId('review-item-reviewer')).toHaveText(['评阅人 1', '评阅人 2']);
    await expect(received.getByTestId('review-item-overridden')).toHaveCount(1);
    await expect(received.getByTestId('review-item-score').first()).toHaveText('60');
    for (const n of reviewerNames) await expect(received.getByText(n)).toHaveCount(0);
    await received.scrollIntoViewIfNeeded();
    await shot(page, 'review-10-student-received');
    const own = await api<Received>(request, '/HomeworkApi/reviewDetail', { courseid: course.id, id: hw.id }, gao.token);
    expect(JSON.stringify(own)).not.toMatch(/reviewer|"rid"/);
    for (const n of reviewerNames) expect(JSON.stringify(own)).not.toContain(n);
  });
});
