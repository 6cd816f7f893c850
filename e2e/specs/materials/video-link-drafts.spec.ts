import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, signIn } from '../courses/helpers';
import { joinedStudent, secondPhone } from '../members/helpers';
import { pickDateTime } from '../dateTime';
import { catalogue, localAt, rowOf, uniqueBytes } from './helpers';

test.describe('materials', () => {
  test('a MOOC video kept as a draft and a link scheduled for tomorrow; the student watches once allowed and gets the link', async ({
    page,
    request,
    browser,
    asTeacher,
  }) => {
    test.setTimeout(180_000);
    const teacher = await asTeacher({ page: null });
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, {
      coursename: `数据库原理 ${Date.now() % 100000}`,
      classname: '软件 2302 班',
    });
    const student = await joinedStudent(request, '沈嘉怡', course.code);

    // a MOOC video: only a video is taken
    await signIn(page, request, teacher);
    await page.goto(`/dataIndex?type=2&courseId=${course.id}&courseRole=1`);
    await page.getByTestId('material-upload').click();
    await page.getByTestId('upload-type-9').click();
    await expect(page.getByTestId('page-title')).toHaveText('添加 MOOC 视频');
    await page.getByTestId('material-title').fill('第一讲 数据库系统导论');
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a video') });
    await expect(page.getByTestId('upload-error')).toHaveText('请上传视频文件');
    await page.getByTestId('upload-remove').click();
    await expect(page.getByTestId('upload-row')).toHaveCount(0);
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'lecture1.mp4', mimeType: 'video/mp4', buffer: uniqueBytes(300_000) });
    await expect(page.getByTestId('upload-state')).toHaveText('上传完成');
    // students may watch but not download; kept as a draft for now
    await page.getByTestId('material-downloadable').click();
    await expect(page.getByTestId('material-downloadable')).toHaveAttribute('aria-checked', 'false');
    await page.getByTestId('material-publish-0').click();
    await expect(page.getByTestId('material-submit')).toHaveText('保存草稿');
    await shot(page, 'materials-18-video-form');
    await page.getByTestId('material-submit').click();
    await expect(page).toHaveURL(new RegExp(`/dataIndex\\?type=2&courseId=${course.id}&courseRole=1$`));
    const video = (await catalogue(request, teacherToken, course.id, 2)).find((i) => i.contenttype === 9)!;
    expect(video).toMatchObject({ title: '第一讲 数据库系统导论', downloadable: 0, publishState: 0 });
    await expect(rowOf(page, video.id).getByTestId('content-state')).toHaveText('未发布');

    // an external link, scheduled for tomorrow: the link must be a web address, the time in the future
    await page.getByTestId('material-upload').click();
    await page.getByTestId('upload-type-10').click();
    await expect(page.getByTestId('page-title')).toHaveText('添加外部链接');
    await page.getByTestId('material-title').fill('课程网站');
    await page.getByTestId('material-link').fill('ftp://files.example.edu/db');
    // a phone whose clock runs two days slow: its picker offers yesterday, which the server refuses
    await page.clock.setSystemTime(new Date(Date.now() - 2 * 86_400_000));
    await page.getByTestId('material-publish-2').click();
    await page.getByTestId('material-submit').click();
    await expect(page.getByTestId('material-link-error')).toHaveText('请输入以 http:// 或 https:// 开头的链接');
    await expect(page.getByTestId('material-publish-time-error')).toHaveText('请选择发布时间');
    await page.getByTestId('material-link').fill('https://db.example.edu/course');
    await pickDateTime(page, 'material-publish-time', localAt(-1));
    await page.getByTestId('material-submit').click();
    await expect(page.getByTestId('material-publish-time-error')).toHaveText('时间不能早于现在');
    await page.clock.setSystemTime(new Date());
    const tomorrow = localAt(1);
    await pickDateTime(page, 'material-publish-time', tomorrow);
    await shot(page, 'materials-19-link-form');
    await page.getByTestId('material-submit').click();
    await expect(page).toHaveURL(new RegExp(`/dataIndex\\?type=2&courseId=${course.id}&courseRole=1$`));
    const link = (await catalogue(request, teacherToken, course.id, 2)).find((i) => i.contenttype === 10)!;
    expect(link).toMatchObject({ title: '课程网站', publishState: 1 });
    await expect(rowOf(page, link.id).getByTestId('content-state')).toHaveText('定时发布');
    await expect(rowOf(page, link.id)).toContainText(`${tomorrow.replace('T', ' ')} 发布`);
    await shot(page, 'materials-20-drafts');

    // the student sees neither a draft nor a scheduled item
    const phone = await secondPhone(browser);
    await signIn(phone, request, student);
    await phone.goto(`/dataIndex?type=2&courseId=${course.id}&courseRole=0`);
    await expect(phone.getByTestId('materials-empty')).toContainText('老师发布资料后会显示在这里');

    // the teacher publishes both now
    for (const id of [video.id, link.id]) {
      await rowOf(page, id).getByTestId('content-more').click();
      await page.getByTestId('item-action-publish').click();
      await expect(rowOf(page, id).getByTestId('content-state')).toHaveText('已发布');
    }

    // the video cannot be played while downloading is off (the server gives no address), then plays
    await phone.reload();
    await rowOf(phone, video.id).getByTestId('content-title').click();
    await expect(phone.getByTestId('material-video-blocked')).toHaveText('视频无法播放');
    await expect(phone.getByTestId('attachment-no-download')).toHaveText('没有下载权限');
    await rowOf(page, video.id).getByTestId('content-more').click();
    await expect(page.getByTestId('item-action-download')).toHaveText('允许学生下载');
    await page.getByTestId('item-action-download').click();
    await expect(page.getByText('学生现在可以下载')).toBeVisible();
    await phone.reload();
    await expect(phone.getByTestId('material-video')).toHaveAttribute('src', /\/FileApi\/download\?id=\d+&exp=\d+&dl=0&sig=/);
    await expect(phone.getByTestId('attachment-download')).toBeVisible();
    await shot(phone, 'materials-21-student-video');

    // the link opens in a new tab
    await phone.getByTestId('nav-back').click();
    await rowOf(phone, link.id).getByTestId('content-title').click();
    await expect(phone.getByTestId('material-link')).toHaveText('https://db.example.edu/course');
    const open = phone.getByTestId('material-open-link');
    await expect(open).toHaveAttribute('href', 'https://db.example.edu/course');
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('rel', /noopener/);
    await shot(phone, 'materials-22-student-link');
    await phone.getByTestId('nav-back').click();
    await expect(rowOf(phone, link.id).getByTestId('content-learned')).toHaveText('已学');

    // the same pages in English
    await api(request, '/UserApi/setLanguage', { lang: 'en' }, student.token);
    await phone.reload();
    await expect(phone.getByTestId('page-title')).toHaveText('Materials');
    await expect(rowOf(phone, link.id).getByTestId('content-learned')).toHaveText('Completed');
    await expect(rowOf(phone, video.id).getByTestId('content-learned')).toHaveText('Completed');
    await shot(phone, 'materials-23-student-list-en');
    await api(request, '/UserApi/setLanguage', { lang: 'zh' }, student.token);
    await phone.context().close();
  });
});
