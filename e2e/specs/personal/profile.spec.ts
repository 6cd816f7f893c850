import { deflateSync } from 'node:zlib';
import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { joinedStudent, row } from '../members/helpers';

/*
 * The personal centre's editors (issue 12): a name changed on /infoModify shows at once on the home
 * page and in the course's member list; a picture cropped on /avatar becomes the avatar; a student
 * switches to teacher through the role picker. Each in Chinese and English at 375 px.
 */

const WORDS = {
  zh: {
    nameTitle: '修改姓名',
    short: '请输入正确的姓名',
    departChars: '院系只能包含汉字、字母、数字和 , . ( ) 符号',
    teacher: '老师',
    notImage: '请选择图片文件',
    current: '当前',
  },
  en: {
    nameTitle: 'Edit name',
    short: 'Please enter a correct name',
    departChars: 'The department may contain only Chinese characters, letters, digits and , . ( )',
    teacher: 'Teacher',
    notImage: 'Choose a picture file',
    current: 'current',
  },
} as const;

/** A real PNG photo-like picture, width × height, in colour bands (no image library needed). */
function png(width: number, height: number) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const line = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const band = Math.floor((x / width) * 4) + 4 * Math.floor((y / height) * 2);
      const colours = [
        [47, 107, 255],
        [255, 180, 0],
        [0, 180, 120],
        [230, 70, 90],
        [120, 80, 200],
        [250, 250, 250],
        [30, 30, 30],
        [0, 160, 220],
      ][band]!;
      line.set(colours, 1 + x * 3);
    }
    rows.push(line);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const lang of ['zh', 'en'] as const) {
  const w = WORDS[lang];

  test(`${lang}: a new name shows at once on the home page and in the member list`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const teacher = await registerPerson(request, 1, lang === 'zh' ? '周老师' : 'Ms Chow');
    const course = await createCourse(request, teacher.token, { coursename: lang === 'zh' ? '线性代数' : 'Linear Algebra' });
    const student = await joinedStudent(request, lang === 'zh' ? '吴同学' : 'Sam Wu', course.code);
    for (const who of [teacher, student]) await api(request, '/UserApi/setLanguage', { lang }, who.token);

    // the student renames themselves from the personal centre
    await signIn(page, request, student);
    await page.goto('/ktpMy');
    await page.getByTestId('my-header').click();
    await expect(page.getByTestId('my-info-page')).toBeVisible();
    await shot(page, `personal-${lang}-01-info`);
    await page.getByTestId('info-row-name').click();
    await expect(page.getByTestId('page-title')).toHaveText(w.nameTitle);
    await page.getByTestId('info-input').fill('A');
    await page.getByTestId('info-save').click();
    await expect(page.getByTestId('info-input-error')).toHaveText(w.short);
    await shot(page, `personal-${lang}-02-name-refused`);
    const newName = lang === 'zh' ? '吴小明' : 'Samuel Wu';
    await page.getByTestId('info-input').fill(newName);
    await page.getByTestId('info-save').click();
    await expect(page.getByTestId('info-value-name')).toHaveText(newName);

    // the department keeps only the characters the spec allows, as typed
    await page.getByTestId('info-row-depart').click();
    await page.getByTestId('info-input').fill('计算机#学院(一)');
    await expect(page.getByTestId('info-input')).toHaveValue('计算机学院(一)');
    await page.getByTestId('info-save').click();
    await expect(page.getByTestId('info-value-depart')).toHaveText('计算机学院(一)');

    // the teacher renames too: their course on the home page carries the new name at once
    await signIn(page, request, teacher);
    await page.goto('/index');
    await expect(page.getByTestId('home-course').first()).toContainText(teacher.name);
    await page.goto('/infoModify?modify=name');
    const teacherName = lang === 'zh' ? '周明老师' : 'Ms Mia Chow';
    await page.getByTestId('info-input').fill(teacherName);
    await page.getByTestId('info-save').click();
    await page.goto('/index');
    await expect(page.getByTestId('home-course').first()).toContainText(teacherName);
    await shot(page, `personal-${lang}-03-home-new-name`);

    // the member list shows the student's new name
    await page.goto(`/member?courseId=${course.id}&courseRole=1`);
    await expect(row(page, 'member-row', student.uid)).toContainText(newName);
    await shot(page, `personal-${lang}-04-members-new-name`);
  });

  test(`${lang}: a cropped picture becomes the avatar`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const student = await registerPerson(request, 0, lang === 'zh' ? '郑同学' : 'Jo Zheng');
    await api(request, '/UserApi/setLanguage', { lang }, student.token);
    await signIn(page, request, student);
    await page.goto('/myInfoDetail');
    await page.getByTestId('info-row-avatar').click();
    await expect(page.getByTestId('avatar-current')).toBeVisible();
    // not a picture: refused before anything is sent
    await page
      .getByTestId('avatar-file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByTestId('avatar-error')).toHaveText(w.notImage);
    await page.getByTestId('avatar-file').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png(800, 600) });
    await expect(page.getByTestId('avatar-cropper')).toBeVisible();
    await expect(page.getByTestId('avatar-error')).toHaveCount(0);
    // the crop box is square, 200 × 200 on screen
    const box = await page.locator('.reactEasyCrop_CropArea').boundingBox();
    expect(Math.round(box!.width)).toBe(200);
    expect(Math.round(box!.height)).toBe(200);
    // move the picture under the box
    const area = (await page.getByTestId('avatar-cropper').boundingBox())!;
    await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width / 2 - 60, area.y + area.height / 2 - 20, { steps: 5 });
    await page.mouse.up();
    await shot(page, `personal-${lang}-05-avatar-crop`);
    await page.getByTestId('avatar-upload').click();
    await expect(page.getByTestId('my-info-page')).toBeVisible();
    const avatar = page.getByTestId('info-avatar');
    await expect(avatar).toHaveAttribute('src', /\/FileApi\/avatar\?id=\d+&sig=/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // 0.6 of the cropped square, as a PNG
    const size = await avatar.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(size[0]).toBe(size[1]);
    await shot(page, `personal-${lang}-06-avatar-done`);
  });

  test(`${lang}: a student switches to teacher through the role picker`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const student = await registerPerson(request, 0, lang === 'zh' ? '孙同学' : 'Lee Sun');
    await api(request, '/UserApi/setLanguage', { lang }, student.token);
    await signIn(page, request, student);
    await page.goto('/myInfoDetail');
    await expect(page.getByTestId('info-row-class')).toBeVisible();
    await page.getByTestId('info-row-role').click();
    const options = page.locator('.adm-action-sheet-button-item');
    await expect(options.filter({ hasText: w.current })).toHaveClass(/disabled/);
    await shot(page, `personal-${lang}-07-role-picker`);
    await options.filter({ hasText: w.teacher }).click();
    await expect(page.getByTestId('role-change-dialog')).toBeVisible();
    await shot(page, `personal-${lang}-08-role-confirm`);
    await page.getByTestId('role-change-confirm').click();
    await expect(page.getByTestId('info-role')).toHaveText(w.teacher);
    // a teacher's profile: taught courses and majors instead of class, grade and enrolment
    await expect(page.getByTestId('info-row-lesson')).toBeVisible();
    await expect(page.getByTestId('info-row-class')).toHaveCount(0);
    await page.getByTestId('info-row-major').click();
    await page.getByTestId('major-add').click();
    await page.getByTestId('major-tab-2').click();
    await page.getByTestId('major-option').first().click();
    await page.getByTestId('major-add').click();
    await page.getByTestId('major-tab-0').click();
    await page.getByTestId('major-manual-input').fill('海洋渔业科学与技术专业方向');
    await expect(page.getByTestId('major-manual-input')).toHaveValue('海洋渔业科学与技术专业方'.slice(0, 12));
    await page.getByTestId('major-manual-add').click();
    await expect(page.getByTestId('major-item')).toHaveCount(2);
    await shot(page, `personal-${lang}-09-majors`);
    await page.getByTestId('info-save').click();
    await expect(page.getByTestId('info-value-major')).toContainText('海洋渔业科学与技术专业');
    await shot(page, `personal-${lang}-10-teacher-profile`);
  });
}
