import { IMAGE_MAX_BYTES } from '@paiclass/shared';
import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { joinedStudent } from '../members/helpers';
import { getHomework, phonePhoto, uploadsDone } from './helpers';

/*
 * Issue 12 (3): phone photos are handed in as homework. A photo over 5 MB is an attachment, so the
 * attachment limit (150M) applies, not the 5 MB image limit, and the hint says so. By default the
 * browser scales such a photo down before upload (a JPEG); ticking "original" sends it as it is.
 */

test('a student hands in two 6 MB phone photos: one scaled down in the browser, one kept original', async ({ page, request }) => {
  test.setTimeout(120_000);
  const teacher = await registerPerson(request, 1, '孙老师');
  const course = await createCourse(request, teacher.token, { coursename: `电路分析 ${Date.now() % 100000}` });
  const student = await joinedStudent(request, '周子涵', course.code);
  const hw = await api<{ id: number }>(
    request,
    '/HomeworkApi/addHomework',
    {
      courseid: course.id,
      title: '第三章习题（拍照上传）',
      content: '<p>手写后拍照提交。</p>',
      fullscore: 100,
      endtime: Math.floor(Date.now() / 1000) + 2 * 86400,
      publish: 1,
    },
    teacher.token,
  );
  const page1 = phonePhoto();
  const page2 = phonePhoto();
  expect(page1.length).toBeGreaterThan(6 * 1024 * 1024);

  await signIn(page, request, student);
  await page.goto(`/homework/stuWorkSubmit?courseId=${course.id}&courseRole=0&id=${hw.id}`);
  await expect(page.getByTestId('work-submit-form')).toBeVisible();
  // the hint names the limit that applies: the attachment limit
  await expect(page.locator('.field-hint').first()).toContainText('按附件限制：每个文件最大 150M');
  await expect(page.getByTestId('keep-original')).not.toBeChecked();

  // ---- by default the photo is scaled down in the browser, to a JPEG under 5 MB
  await page.getByTestId('upload-input').setInputFiles({ name: 'IMG_0930.png', mimeType: 'image/png', buffer: page1 });
  await uploadsDone(page, 1);
  await expect(page.getByTestId('upload-name')).toHaveText('IMG_0930.jpg');
  await expect(page.getByTestId('upload-scaled')).toHaveText('已压缩，原图 6.3 MB');

  // ---- "original": the next photo goes up as it is, which the attachment limit allows
  await page.getByTestId('keep-original').click();
  await expect(page.getByTestId('keep-original')).toBeChecked();
  await page.getByTestId('upload-input').setInputFiles({ name: 'IMG_0931.png', mimeType: 'image/png', buffer: page2 });
  await uploadsDone(page, 2);
  await expect(page.getByTestId('upload-name').nth(1)).toHaveText('IMG_0931.png');
  await expect(page.getByTestId('upload-scaled')).toHaveCount(1);
  await expect(page.getByTestId('upload-error')).toHaveCount(0);
  await shot(page, 'homework-phone-photo-01-attached');

  await page.getByTestId('submit-send').click();
  await expect(page.getByTestId('submit-confirm-dialog')).toContainText('将提交 2 个附件。');
  await page.getByTestId('submit-confirm-confirm').click();
  await expect(page).toHaveURL(new RegExp(`/homework\\?courseId=${course.id}&courseRole=0&id=${hw.id}$`));
  await expect(page.getByTestId('my-submission-state')).toHaveText('已提交');
  await expect(page.getByTestId('my-submission-file')).toHaveCount(2);
  await shot(page, 'homework-phone-photo-02-submitted');

  // the server holds the scaled JPEG (under the image limit) and the original byte for byte
  const files = (await getHomework(request, student.token, course.id, hw.id)).mine?.attachment as
    | { name: string; size: number; mime: string }[]
    | undefined;
  expect(files?.map((f) => f.name).sort()).toEqual(['IMG_0930.jpg', 'IMG_0931.png']);
  const scaled = files!.find((f) => f.name === 'IMG_0930.jpg')!;
  expect(scaled.mime).toBe('image/jpeg');
  expect(scaled.size).toBeLessThanOrEqual(IMAGE_MAX_BYTES);
  expect(files!.find((f) => f.name === 'IMG_0931.png')).toMatchObject({ size: page2.length, mime: 'image/png' });
});
