import type { Page } from '@playwright/test';
import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, refusal, signIn } from '../courses/helpers';
import { joinedStudent, secondPhone } from '../members/helpers';

/*
 * Course topics (content type 5) with comments, replies and likes (spec 2 §2 /topicDetail,
 * /addActivity/topic; spec 2 §6: the teacher can forbid students from starting topics).
 */

interface CommentPage {
  total: number;
  list: { id: number; content: string; likes: number; replies: { id: number; content: string }[] }[];
}

/** A top-level comment by its text. */
const comment = (page: Page, text: string) => page.getByTestId('comment').filter({ hasText: text });
/** The like, reply and delete buttons of the comment itself (not of its replies). */
const ownActions = (page: Page, text: string) => comment(page, text).locator(':scope > .comment-main > .comment-actions');

test.describe('topics', () => {
  test('a topic with comments, a reply and likes; a student deletes their comment; the teacher forbids student topics', async ({
    page,
    request,
    browser,
    asTeacher,
  }) => {
    test.setTimeout(240_000);
    const teacher = await asTeacher({ page: null });
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, {
      coursename: `数据结构 ${Date.now() % 100000}`,
      classname: '计科 2304 班',
    });
    const lin = await joinedStudent(request, '林一凡', course.code);
    const wu = await joinedStudent(request, '吴佳怡', course.code);

    // the teacher opens the course's topics: none yet, students allowed to start them by default
    await signIn(page, request, teacher);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('home-menu-topic').click();
    await expect(page).toHaveURL(new RegExp(`/topicDetail\\?courseId=${course.id}&courseRole=1$`));
    await expect(page.getByTestId('page-title')).toHaveText('话题');
    await expect(page.getByTestId('topic-empty-title')).toHaveText('还没有话题');
    await expect(page.getByTestId('topic-allow-switch')).toHaveAttribute('aria-checked', 'true');
    await shot(page, 'topics-01-teacher-empty');

    // the teacher starts a topic: a title is required
    await page.getByTestId('topic-create').click();
    await expect(page).toHaveURL(new RegExp(`/addActivity/topic\\?courseId=${course.id}&courseRole=1$`));
    await page.getByTestId('topic-submit').click();
    await expect(page.getByTestId('topic-title-input-error')).toHaveText('请输入标题');
    await page.getByTestId('topic-title-input').fill('你觉得哪种排序算法最实用？');
    await page.getByTestId('topic-editor').click();
    await page.keyboard.type('结合时间复杂度和稳定性说说你的理由。');
    await shot(page, 'topics-02-new-topic');
    await page.getByTestId('topic-submit').click();
    await expect(page).toHaveURL(new RegExp(`/topicDetail\\?id=\\d+&courseId=${course.id}&courseRole=1$`));
    const topicId = Number(new URL(page.url()).searchParams.get('id'));
    await expect(page.getByTestId('topic-title')).toHaveText('你觉得哪种排序算法最实用？');
    await expect(page.getByTestId('topic-body')).toHaveText('结合时间复杂度和稳定性说说你的理由。');
    await expect(page.getByTestId('comments-empty')).toBeVisible();
    const topicPath = (role: 0 | 1) => `/topicDetail?id=${topicId}&courseId=${course.id}&courseRole=${role}`;

    // 林一凡 comments; an empty comment is refused first
    await signIn(page, request, lin);
    await page.goto(`/topicDetail?courseId=${course.id}&courseRole=0`);
    await expect(page.getByTestId('topic-row-title')).toHaveText('你觉得哪种排序算法最实用？');
    await page.getByTestId('topic-row').locator('.activity-main').click();
    await expect(page).toHaveURL(new RegExp(`/topicDetail\\?id=${topicId}&courseId=${course.id}&courseRole=0$`));
    await expect(page.getByTestId('topic-edit')).toHaveCount(0);
    await page.getByTestId('comment-input').fill('   ');
    await page.getByTestId('comment-send').click();
    await expect(page.getByTestId('comment-error')).toHaveText('评论内容不能为空');
    await page.getByTestId('comment-input').fill('快速排序，平均 O(n log n)，实际跑得最快。');
    await page.getByTestId('comment-send').click();
    await expect(comment(page, '快速排序')).toHaveCount(1);
    await expect(comment(page, '快速排序').getByTestId('comment-name')).toHaveText(lin.name);
    await expect(page.getByTestId('comments-title')).toHaveText('评论 1');
    await expect(page.getByTestId('comment-input')).toHaveValue('');

    // 吴佳怡 replies to it, likes it, and comments herself
    await signIn(page, request, wu);
    await page.goto(topicPath(0));
    await ownActions(page, '快速排序').getByTestId('comment-reply').click();
    await expect(page.getByTestId('composer-reply')).toHaveText(`回复 ${lin.name}`);
    await page.getByTestId('comment-input').fill('归并排序更稳定，适合链表。');
    await page.getByTestId('comment-send').click();
    const reply = comment(page, '快速排序').getByTestId('reply');
    await expect(reply).toHaveCount(1);
    await expect(reply.getByTestId('reply-name')).toHaveText(wu.name);
    await expect(reply.getByTestId('reply-target')).toHaveText(lin.name);
    await expect(reply.getByTestId('reply-content')).toHaveText('归并排序更稳定，适合链表。');
    await expect(page.getByTestId('composer-reply')).toHaveCount(0);
    // like, take it back, like again: the count follows
    const like = ownActions(page, '快速排序').getByTestId('comment-like');
    await expect(like.getByTestId('comment-likes')).toHaveText('0');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like.getByTestId('comment-likes')).toHaveText('1');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(like.getByTestId('comment-likes')).toHaveText('0');
    await like.click();
    await expect(like.getByTestId('comment-likes')).toHaveText('1');
    await page.getByTestId('comment-input').fill('我也投快速排序一票。');
    await page.getByTestId('comment-send').click();
    await expect(page.getByTestId('comments-title')).toHaveText('评论 2');
    // she may delete her own comment but not his
    await expect(ownActions(page, '我也投快速排序').getByTestId('comment-delete')).toHaveCount(1);
    await expect(ownActions(page, '快速排序，平均').getByTestId('comment-delete')).toHaveCount(0);
    await shot(page, 'topics-03-reply-and-like');

    // 林一凡 sees the like on his comment and deletes it (with its reply) after confirming
    await signIn(page, request, lin);
    await page.goto(topicPath(0));
    const linLike = ownActions(page, '快速排序，平均').getByTestId('comment-like');
    await expect(linLike.getByTestId('comment-likes')).toHaveText('1');
    await expect(linLike).toHaveAttribute('aria-pressed', 'false');
    await expect(comment(page, '快速排序，平均').getByTestId('reply').getByTestId('comment-delete')).toHaveCount(0);
    await shot(page, 'topics-04-comments-seen-by-author');
    await ownActions(page, '快速排序，平均').getByTestId('comment-delete').click();
    await expect(page.getByTestId('comment-delete-dialog')).toContainText('1 条回复');
    await shot(page, 'topics-05-delete-confirm');
    await page.getByTestId('comment-delete-cancel').click();
    await expect(comment(page, '快速排序，平均')).toHaveCount(1);
    await ownActions(page, '快速排序，平均').getByTestId('comment-delete').click();
    await page.getByTestId('comment-delete-confirm').click();
    await expect(comment(page, '快速排序，平均')).toHaveCount(0);
    await expect(page.getByTestId('comments-title')).toHaveText('评论 1');
    const afterDelete = await api<CommentPage>(request, '/Futurev2/Comment/getCommentPage', { contentid: topicId }, teacherToken);
    expect(afterDelete.total).toBe(1);
    expect(afterDelete.list.map((c) => c.content)).toEqual(['我也投快速排序一票。']);

    // while allowed, 林一凡 starts a topic of his own
    await page.goto(`/topicDetail?courseId=${course.id}&courseRole=0`);
    await expect(page.getByTestId('topic-closed-note')).toHaveCount(0);
    await page.getByTestId('topic-create').click();
    await expect(page.getByTestId('topic-mode-1')).toHaveCount(0);
    await page.getByTestId('topic-title-input').fill('期末复习有什么好方法？');
    await page.getByTestId('topic-submit').click();
    await expect(page).toHaveURL(new RegExp(`/topicDetail\\?id=\\d+&courseId=${course.id}&courseRole=0$`));
    await expect(page.getByTestId('topic-title')).toHaveText('期末复习有什么好方法？');
    await expect(page.getByTestId('topic-delete')).toBeVisible();

    // on a second phone, 林一凡 begins another topic while it is still allowed
    const phone = await secondPhone(browser);
    await signIn(phone, request, lin);
    await phone.goto(`/addActivity/topic?courseId=${course.id}&courseRole=0`);
    await phone.getByTestId('topic-title-input').fill('实验报告可以晚交吗？');

    // the teacher may delete anyone's comment, and forbids students from starting topics
    await signIn(page, request, teacher);
    await page.goto(topicPath(1));
    await ownActions(page, '我也投快速排序').getByTestId('comment-delete').click();
    await page.getByTestId('comment-delete-confirm').click();
    await expect(page.getByTestId('comments-empty')).toBeVisible();
    await page.goto(`/topicDetail?courseId=${course.id}&courseRole=1`);
    await expect(page.getByTestId('topic-row')).toHaveCount(2);
    await page.getByTestId('topic-allow-switch').click();
    await expect(page.getByTestId('topic-allow-switch')).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText('已禁止学生发起话题')).toBeVisible();
    await shot(page, 'topics-06-teacher-forbids', { keepToasts: true });
    await expect
      .poll(async () => (await api(request, '/Futurev2/Topic/getSetting', { courseid: course.id }, teacherToken)).allowstudent)
      .toBe(0);

    // the topic begun on the second phone is refused when sent, with the server's words
    await phone.getByTestId('topic-submit').click();
    await expect(phone.getByTestId('topic-form-error')).toHaveText('老师已禁止学生发起话题');
    await expect(phone).toHaveURL(/\/addActivity\/topic\?/);
    await shot(phone, 'topics-07-student-attempt-refused');
    await phone.context().close();

    // the student's button is gone, the page says why, and the server refuses an attempt anyway
    await signIn(page, request, lin);
    await page.goto(`/topicDetail?courseId=${course.id}&courseRole=0`);
    await expect(page.getByTestId('topic-closed-note')).toHaveText('老师已禁止学生发起话题');
    await expect(page.getByTestId('topic-row')).toHaveCount(2);
    await expect(page.getByTestId('topic-create')).toHaveCount(0);
    await shot(page, 'topics-08-student-forbidden');
    await page.goto(`/addActivity/topic?courseId=${course.id}&courseRole=0`);
    await expect(page.getByTestId('no-permission-text')).toHaveText('老师已禁止学生发起话题');
    await expect(page.getByTestId('topic-submit')).toHaveCount(0);
    expect(
      await refusal(
        request,
        '/FutureV2/CourseMeans/addContent',
        { courseid: course.id, contenttype: 5, title: '偷偷发一个' },
        lin.token,
      ),
    ).toBe(30402);
    const topics = await api<{ total: number }>(
      request,
      '/FutureV2/CourseMeans/getCourseContent',
      { courseid: course.id, contenttype: 5 },
      teacherToken,
    );
    expect(topics.total).toBe(2);
  });
});
