import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';

/*
 * Course notices (announcements, content type 7; spec 2 §2 /noticeDetail, /addActivity/notice) and
 * the unread-announcement dialog of the course list (spec 1 §2).
 */

interface ContentPage {
  total: number;
  list: { id: number; title: string; mstatus: number; statistics?: { completed: number; unlearned: number } }[];
}

test.describe('notices', () => {
  test('a teacher publishes a notice, an empty one refused first; a student reads it from the unread dialog; the teacher sees it read', async ({
    page,
    request,
    asTeacher,
  }) => {
    test.setTimeout(180_000);
    const teacher = await asTeacher({ page: null });
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, {
      coursename: `操作系统 ${Date.now() % 100000}`,
      classname: '软件 2302 班',
    });
    const student = await joinedStudent(request, '周晓彤', course.code);

    // the teacher opens the course's notices from the course home: none yet
    await signIn(page, request, teacher);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('home-menu-notice').click();
    await expect(page).toHaveURL(new RegExp(`/noticeDetail\\?courseId=${course.id}&courseRole=1$`));
    await expect(page.getByTestId('page-title')).toHaveText('公告');
    await expect(page.getByTestId('notice-empty-title')).toHaveText('还没有公告');
    await shot(page, 'notices-01-empty-list');

    // a notice with a title but no content is refused with the spec's words, and nothing is written
    await page.getByTestId('notice-create').click();
    await expect(page).toHaveURL(new RegExp(`/addActivity/notice\\?courseId=${course.id}&courseRole=1$`));
    await expect(page.getByTestId('page-title')).toHaveText('发布公告');
    await page.getByTestId('notice-title-input').fill('期中考试安排');
    await page.getByTestId('notice-submit').click();
    await expect(page.getByTestId('notice-body-error')).toHaveText('公告内容不允许为空');
    // blank space is no content either
    await page.getByTestId('notice-editor').click();
    await page.keyboard.type('    ');
    await page.getByTestId('notice-submit').click();
    await expect(page.getByTestId('notice-body-error')).toHaveText('公告内容不允许为空');
    await shot(page, 'notices-02-empty-refused');
    const none = await api<ContentPage>(
      request,
      '/FutureV2/CourseMeans/getCourseContent',
      { courseid: course.id, contenttype: 7 },
      teacherToken,
    );
    expect(none.total).toBe(0);

    // the body: plain, bold, and a larger size
    await page.getByTestId('notice-editor').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('期中考试定于第 9 周周三上午，');
    await page.getByTestId('notice-editor-bold').click();
    await expect(page.getByTestId('notice-editor-bold')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('请带好学生证');
    await page.getByTestId('notice-editor-bold').click();
    await page.keyboard.type('。');
    await page.getByTestId('notice-editor-size').click();
    await page.getByTestId('notice-editor-size-24').click();
    await page.keyboard.type('地点：教学楼 A201');
    await expect(page.getByTestId('notice-body-error')).toHaveCount(0);

    // a picture over 5 MB is refused before it is sent; a small one goes in
    await page.getByTestId('notice-editor-image-input').setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 10),
    });
    await expect(page.getByText('图片文件不能大于 5MB')).toBeVisible();
    const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 160, height: 60 } });
    await page
      .getByTestId('notice-editor-image-input')
      .setInputFiles({ name: 'seats.png', mimeType: 'image/png', buffer: picture });
    await expect(page.getByTestId('notice-editor').locator('img[data-file]')).toHaveCount(1);
    await expect(page.getByTestId('notice-editor').locator('b')).toHaveText('请带好学生证');
    await expect(page.getByTestId('notice-editor').locator('span[style*="font-size: 24px"]')).toContainText('地点');
    await expect(page.getByTestId('notice-mode-1')).toBeVisible();
    await shot(page, 'notices-03-editor');

    // published now: the teacher lands on the notice, nobody has read it yet
    await page.getByTestId('notice-submit').click();
    await expect(page).toHaveURL(new RegExp(`/noticeDetail\\?id=\\d+&courseId=${course.id}&courseRole=1$`));
    const noticeId = Number(new URL(page.url()).searchParams.get('id'));
    await expect(page.getByTestId('notice-title')).toHaveText('期中考试安排');
    await expect(page.getByTestId('notice-body').locator('b')).toHaveText('请带好学生证');
    const larger = page.getByTestId('notice-body').locator('span[style*="font-size"]');
    await expect(larger).toContainText('地点：教学楼 A201');
    await expect(larger).toHaveCSS('font-size', '24px');
    const img = page.getByTestId('notice-body').locator('img');
    await expect(img).toHaveAttribute('src', /^http:\/\/[^/]+\/FileApi\/download\?id=\d+&/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId('readers-tab-done')).toHaveText('已读 0');
    await expect(page.getByTestId('readers-tab-todo')).toHaveText('未读 1');
    await shot(page, 'notices-04-teacher-detail');

    // the student opens the course list: the unread dialog names the course and the notice
    await signIn(page, request, student);
    await page.goto('/ktpCourse');
    await expect(page.getByTestId('unread-dialog')).toBeVisible();
    await expect(page.getByTestId('unread-item')).toHaveCount(1);
    await expect(page.getByTestId('unread-course')).toHaveText(course.coursename);
    await expect(page.getByTestId('unread-title')).toHaveText('期中考试安排');
    await shot(page, 'notices-05-unread-dialog');

    // tapping it opens the notice, tagged read
    await page.getByTestId('unread-item').click();
    await expect(page).toHaveURL(new RegExp(`/noticeDetail\\?id=${noticeId}&courseId=${course.id}&courseRole=0$`));
    await expect(page.getByTestId('notice-title')).toHaveText('期中考试安排');
    await expect(page.getByTestId('notice-read-tag')).toHaveText('已读');
    await expect(page.getByTestId('notice-body').locator('b')).toHaveText('请带好学生证');
    await expect
      .poll(() =>
        page
          .getByTestId('notice-body')
          .locator('img')
          .evaluate((el: HTMLImageElement) => el.naturalWidth),
      )
      .toBeGreaterThan(0);
    await expect(page.getByTestId('notice-edit')).toHaveCount(0);
    await expect(page.getByTestId('readers')).toHaveCount(0);
    await shot(page, 'notices-06-student-notice-read');

    // back on the course list, the dialog no longer shows
    const asked = page.waitForResponse((r) => r.url().includes('/NoticeApi/unreadNotices'));
    await page.getByTestId('nav-back').click();
    await expect(page).toHaveURL(/\/ktpCourse$/);
    expect((await (await asked).json()).data.list).toEqual([]);
    await expect(page.locator(`[data-testid="course-card"][data-course-id="${course.id}"]`)).toBeVisible();
    await expect(page.getByTestId('unread-dialog')).toHaveCount(0);
    await shot(page, 'notices-07-course-list-no-dialog');

    // the student's list of the course's notices says read too
    await page.goto(`/noticeDetail?courseId=${course.id}&courseRole=0`);
    await expect(page.getByTestId('notice-row-read')).toHaveText('已读');
    await expect(page.getByTestId('notice-create')).toHaveCount(0);

    // the teacher sees one read, and by whom
    await signIn(page, request, teacher);
    await page.goto(`/noticeDetail?courseId=${course.id}&courseRole=1`);
    const row = page.locator(`[data-testid="notice-row"][data-id="${noticeId}"]`);
    await expect(row.getByTestId('notice-row-stats')).toHaveText('已读 1 人 · 未读 0 人');
    await shot(page, 'notices-08-teacher-list-read');
    await row.locator('.activity-main').click();
    await expect(page.getByTestId('readers-tab-done')).toHaveText('已读 1');
    await expect(page.getByTestId('readers-tab-todo')).toHaveText('未读 0');
    await expect(page.getByTestId('reader-row').getByTestId('person-name')).toHaveText(student.name);
    await shot(page, 'notices-09-teacher-readers');
    const page1 = await api<ContentPage>(
      request,
      '/FutureV2/CourseMeans/getCourseContent',
      { courseid: course.id, contenttype: 7 },
      teacherToken,
    );
    expect(page1.list[0]!.statistics).toEqual({ completed: 1, unlearned: 0 });
  });

  test('"later" hides the unread dialog for the session, "got it" reads them all; the teacher edits and deletes a notice', async ({
    page,
    request,
    asTeacher,
  }) => {
    test.setTimeout(180_000);
    const teacher = await asTeacher({ page: null });
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, { coursename: `编译原理 ${Date.now() % 100000}` });
    const student = await joinedStudent(request, '钱思远', course.code);
    const first = await api<{ id: number }>(
      request,
      '/FutureV2/CourseMeans/addContent',
      { courseid: course.id, contenttype: 7, title: '实验课调到周五', content: '<p>本周实验课调到周五下午。</p>', publish: 1 },
      teacherToken,
    );
    await api(
      request,
      '/FutureV2/CourseMeans/addContent',
      { courseid: course.id, contenttype: 7, title: '作业提交提醒', content: '<p>第三次作业周日截止。</p>', publish: 1 },
      teacherToken,
    );

    // "later": the dialog goes, and stays away for this browser session
    await signIn(page, request, student);
    await page.goto('/ktpCourse');
    await expect(page.getByTestId('unread-item')).toHaveCount(2);
    await expect(page.getByTestId('unread-title')).toHaveText(['作业提交提醒', '实验课调到周五']);
    await page.getByTestId('unread-later').click();
    await expect(page.getByTestId('unread-dialog')).toHaveCount(0);
    await page.reload();
    await expect(page.locator(`[data-testid="course-card"][data-course-id="${course.id}"]`)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('unread-dialog')).toHaveCount(0);

    // a new session: the dialog is back; "got it" reads both without opening them
    await signIn(page, request, student);
    await page.goto('/ktpCourse');
    await expect(page.getByTestId('unread-item')).toHaveCount(2);
    await page.getByTestId('unread-ok').click();
    await expect(page.getByTestId('unread-dialog')).toHaveCount(0);
    await expect.poll(async () => (await api(request, '/NoticeApi/unreadNotices', {}, student.token)).list.length).toBe(0);
    await page.goto(`/noticeDetail?courseId=${course.id}&courseRole=0`);
    await expect(page.getByTestId('notice-row-read')).toHaveText(['已读', '已读']);
    await shot(page, 'notices-10-student-list-all-read');

    // the teacher edits one: the form comes filled in, saving returns to the notice
    await signIn(page, request, teacher);
    await page.goto(`/noticeDetail?id=${first.id}&courseId=${course.id}&courseRole=1`);
    await page.getByTestId('notice-edit').click();
    await expect(page).toHaveURL(new RegExp(`/addActivity/notice\\?courseId=${course.id}&courseRole=1&id=${first.id}$`));
    await expect(page.getByTestId('notice-title-input')).toHaveValue('实验课调到周五');
    await expect(page.getByTestId('notice-editor')).toContainText('本周实验课调到周五下午。');
    await expect(page.getByTestId('notice-mode-1')).toHaveCount(0);
    await page.getByTestId('notice-title-input').fill('实验课调到周五下午');
    await page.getByTestId('notice-submit').click();
    await expect(page).toHaveURL(new RegExp(`/noticeDetail\\?id=${first.id}&courseId=${course.id}&courseRole=1$`));
    await expect(page.getByTestId('notice-title')).toHaveText('实验课调到周五下午');

    // deleting asks first; cancel keeps it, confirm removes it
    await page.getByTestId('notice-delete').click();
    await expect(page.getByTestId('notice-delete-dialog')).toContainText('实验课调到周五下午');
    await shot(page, 'notices-11-delete-confirm');
    await page.getByTestId('notice-delete-cancel').click();
    await expect(page.getByTestId('notice-title')).toHaveText('实验课调到周五下午');
    await page.getByTestId('notice-delete').click();
    await page.getByTestId('notice-delete-confirm').click();
    await expect(page).toHaveURL(new RegExp(`/noticeDetail\\?courseId=${course.id}&courseRole=1$`));
    await expect(page.getByTestId('notice-row')).toHaveCount(1);
    await expect(page.getByTestId('notice-row-title')).toHaveText('作业提交提醒');
    await expect(page.getByTestId('notice-count')).toHaveText('共 1 条公告');
    const left = await api<ContentPage>(
      request,
      '/FutureV2/CourseMeans/getCourseContent',
      { courseid: course.id, contenttype: 7 },
      teacherToken,
    );
    expect(left.list.map((n) => n.title)).toEqual(['作业提交提醒']);
  });
});
