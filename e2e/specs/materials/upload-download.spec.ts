import { api, downloadBy, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, refusal, signIn } from '../courses/helpers';
import { joinedStudent, secondPhone } from '../members/helpers';
import { catalogue, md5, rowOf, sendChunk, uniqueBytes } from './helpers';

const CHUNK = 5_120_000; // spec 2 §9
const SIZE = 12 * 1024 * 1024;

test.describe('materials', () => {
  test('a teacher uploads a 12 MB material in chunks; the student downloads it until the teacher turns downloading off', async ({
    page,
    request,
    browser,
    asTeacher,
  }) => {
    test.setTimeout(240_000);
    const teacher = await asTeacher({ page: null });
    const teacherToken = teacher.token;
    const course = await createCourse(request, teacherToken, {
      coursename: `操作系统 ${Date.now() % 100000}`,
      classname: '计科 2304 班',
    });
    const student = await joinedStudent(request, '周子墨', course.code);
    const file = { name: 'chapter3-notes.pdf', buffer: uniqueBytes(SIZE) };

    // the teacher opens the (empty) materials of the course from the course home
    await signIn(page, request, teacher);
    await page.goto(`/courseHome?courseId=${course.id}&courseRole=1`);
    await page.getByTestId('home-menu-material').click();
    await expect(page).toHaveURL(new RegExp(`/dataIndex\\?type=2&courseId=${course.id}&courseRole=1$`));
    await expect(page.getByTestId('page-title')).toHaveText('资料');
    await expect(page.getByTestId('materials-empty')).toContainText('还没有资料');
    await shot(page, 'materials-01-teacher-empty');

    // upload: choose "files" among the three kinds
    await page.getByTestId('material-upload').click();
    await expect(page.getByTestId('upload-type-title')).toBeVisible();
    await shot(page, 'materials-02-upload-kinds');
    await page.getByTestId('upload-type-2').click();
    await expect(page).toHaveURL(new RegExp(`/addActivity/data\\?courseId=${course.id}&courseRole=1&dataType=2$`));
    await expect(page.getByTestId('page-title')).toHaveText('上传资料');

    // nothing filled in: the title and a file are asked for, nothing is sent
    await page.getByTestId('material-submit').click();
    await expect(page.getByTestId('material-title-error')).toHaveText('请输入标题');
    await expect(page.getByTestId('files-error')).toHaveText('请至少上传一个文件');

    // an earlier attempt on another device got the first chunk in: this upload resumes after it
    const first = await sendChunk(request, teacherToken, file, 0, CHUNK);
    expect(first).toMatchObject({ status: 1, complete: 0 });

    // watch the chunks the page sends: the second one's first try is dropped, the last is held for a screenshot
    const sent: number[] = [];
    let dropped = false;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const checks: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/UploadApi/checkChunk')) checks.push(r.postDataJSON());
    });
    await page.route('**/UploadApi/uploadChunk', async (route) => {
      const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
      const chunk = Number(/name="chunk"\r\n\r\n(\d+)/.exec(body)?.[1] ?? -1);
      sent.push(chunk);
      expect(body).toContain(`name="fileMd5"\r\n\r\n${md5(file.buffer)}`);
      expect(body).toContain('name="chunks"\r\n\r\n3');
      if (chunk === 1 && !dropped) {
        dropped = true;
        await route.abort('failed');
        return;
      }
      if (chunk === 2) await held;
      await route.continue();
    });

    await page.getByTestId('material-title').fill('第三章 进程与线程讲义');
    await page.getByTestId('upload-input').setInputFiles({ name: file.name, mimeType: 'application/pdf', buffer: file.buffer });
    await expect(page.getByTestId('upload-name')).toHaveText(file.name);
    await expect(page.getByTestId('upload-state')).toContainText('正在上传');
    await expect(page.getByTestId('upload-progress')).toBeVisible();
    await expect.poll(() => sent.length).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('material-submit')).toHaveText('文件上传中…');
    await shot(page, 'materials-03-uploading');
    release();
    await expect(page.getByTestId('upload-state')).toHaveText('上传完成');
    // chunk 0 was already on the server; chunk 1 was sent again after the dropped connection
    expect(sent).toEqual([1, 1, 2]);
    expect(checks[0]).toEqual({ fileMd5: md5(file.buffer), filename: file.name, size: SIZE });
    await page.unroute('**/UploadApi/uploadChunk');
    await shot(page, 'materials-04-upload-form');

    // published now, students may download (the default)
    await expect(page.getByTestId('material-downloadable')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('material-submit').click();
    await expect(page).toHaveURL(new RegExp(`/dataIndex\\?type=2&courseId=${course.id}&courseRole=1$`));
    const [item] = await catalogue(request, teacherToken, course.id, 2);
    expect(item).toMatchObject({ title: '第三章 进程与线程讲义', contenttype: 2, downloadable: 1 });
    const row = rowOf(page, item!.id);
    await expect(row.getByTestId('content-title')).toHaveText('第三章 进程与线程讲义');
    await expect(row.getByTestId('content-size')).toHaveText('12.0 MB');
    await expect(row.getByTestId('content-state')).toHaveText('已发布');
    await expect(row.getByTestId('content-stats')).toHaveText('已学 0 · 未学 1');
    await shot(page, 'materials-05-teacher-list');

    // the student, on their own phone, sees it unlearned, opens it and downloads the very bytes
    const phone = await secondPhone(browser);
    await signIn(phone, request, student);
    await phone.goto(`/courseHome?courseId=${course.id}&courseRole=0`);
    await phone.getByTestId('home-menu-material').click();
    await expect(phone).toHaveURL(new RegExp(`/dataIndex\\?type=2&courseId=${course.id}&courseRole=0$`));
    await expect(rowOf(phone, item!.id).getByTestId('content-learned')).toHaveText('未学');
    await expect(phone.getByTestId('material-upload')).toHaveCount(0);
    await expect(phone.getByTestId('content-more')).toHaveCount(0);
    await shot(phone, 'materials-06-student-list');
    await rowOf(phone, item!.id).getByTestId('content-title').click();
    await expect(phone).toHaveURL(new RegExp(`/dataIndex\\?type=2&courseId=${course.id}&courseRole=0&id=${item!.id}$`));
    await expect(phone.getByTestId('material-title')).toHaveText('第三章 进程与线程讲义');
    await expect(phone.getByTestId('attachment-name')).toHaveText(file.name);
    await expect(phone.getByTestId('attachment-size')).toHaveText('12.0 MB');
    await shot(phone, 'materials-07-student-material');
    const { name, bytes: got } = await downloadBy(phone, () => phone.getByTestId('attachment-download').click());
    expect(name).toBe(file.name);
    expect(got.length).toBe(SIZE);
    expect(md5(got)).toBe(md5(file.buffer));

    // back in the list it reads as learned; the teacher's statistics count it
    await phone.getByTestId('nav-back').click();
    await expect(rowOf(phone, item!.id).getByTestId('content-learned')).toHaveText('已学');
    await rowOf(phone, item!.id).getByTestId('content-title').click();
    await expect(phone.getByTestId('attachment-download')).toBeVisible();
    await page.reload();
    await expect(row.getByTestId('content-stats')).toHaveText('已学 1 · 未学 0');

    // the teacher turns downloading off for it
    await row.getByTestId('content-more').click();
    await expect(page.getByTestId('item-menu-title')).toHaveText('第三章 进程与线程讲义');
    await expect(page.getByTestId('item-action-download')).toHaveText('禁止学生下载');
    await shot(page, 'materials-08-teacher-menu');
    await page.getByTestId('item-action-download').click();
    await expect(page.getByText('学生现在不能下载')).toBeVisible();
    expect((await catalogue(request, teacherToken, course.id, 2))[0]).toMatchObject({ downloadable: 0 });

    // the student still has the old page open: the server refuses, the page says so and drops the button
    await phone.getByTestId('attachment-download').click();
    await expect(phone.locator('.adm-dialog-content')).toContainText('没有下载权限');
    await shot(phone, 'materials-09-student-refused', { keepToasts: true });
    await phone.getByRole('button', { name: '知道了' }).click();
    await expect(phone.getByTestId('attachment-no-download')).toHaveText('没有下载权限');
    await expect(phone.getByTestId('attachment-download')).toHaveCount(0);

    // opened afresh: no permission, and no address anywhere in the page or the answer
    await phone.reload();
    await expect(phone.getByTestId('attachment-no-download')).toHaveText('没有下载权限');
    await expect(phone.getByTestId('attachment-download')).toHaveCount(0);
    expect(await phone.content()).not.toContain('/FileApi/download');
    await shot(phone, 'materials-10-student-no-permission');
    const files = await api<{ attachment: { id: number; url: string; download: string; candownload: number }[] }>(
      request,
      '/FutureV2/Courseware/query',
      { courseid: course.id, id: item!.id },
      student.token,
    );
    expect(files.attachment[0]).toMatchObject({ url: '', download: '', candownload: 0 });
    expect(
      await refusal(
        request,
        '/FutureV2/Courseware/download',
        { courseid: course.id, id: item!.id, fileid: files.attachment[0]!.id },
        student.token,
      ),
    ).toBe(30401);

    // the teacher still downloads it
    const teacherFile = await api<{ download: string }>(
      request,
      '/FutureV2/Courseware/download',
      { courseid: course.id, id: item!.id, fileid: files.attachment[0]!.id },
      teacherToken,
    );
    expect(teacherFile.download).toContain('/FileApi/download');
    await phone.context().close();
  });
});
