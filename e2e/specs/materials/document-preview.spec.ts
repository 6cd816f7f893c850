import type { Locator, Page } from '@playwright/test';
import JSZip from 'jszip';
import { allowConversion, api, CONVERTED_WITHIN, expect, snap, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { createCourse, registerPerson, signIn } from '../courses/helpers';
import { pdfDocument } from '../homework/helpers';
import { joinedStudent } from '../members/helpers';
import { pdfOfPages, uploadSmall } from './helpers';

/*
 * Issue 12 (8): documents open in the browser as page images the server renders, which every phone
 * browser shows (an inline PDF frame shows nothing on Android Chrome, iOS Safari or WeChat's
 * browser): a teacher uploads a PDF material, a student opens its preview from the material and
 * reads it page by page; the grading page shows a handed-in Word file as pages too.
 */

/** A real Word document (.docx) with one paragraph per line. */
async function docxOf(lines: string[]) {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const body = lines
    .map((l) => `<w:p><w:r><w:rPr><w:sz w:val="40"/></w:rPr><w:t xml:space="preserve">${l}</w:t></w:r></w:p>`)
    .join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** Every page image in `scope` has loaded and drawn something (a broken image has no natural width). */
async function expectPagesDrawn(scope: Locator, count: number) {
  await expect(scope.getByTestId('preview-page')).toHaveCount(count);
  const images = scope.getByTestId('preview-page').locator('img');
  for (let i = 0; i < count; i++) {
    await images.nth(i).scrollIntoViewIfNeeded();
    await expect
      .poll(() => images.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(500);
  }
}

const words = {
  zh: {
    title: '第二章 线性表讲义',
    teacher: '钱老师',
    student: '孙同学',
    converting: '正在把文档转换成页面…',
    count: '共 3 页',
    material: '资料',
    uploaded: '上传完成',
  },
  en: {
    title: 'Chapter 2: Linear lists',
    teacher: 'Grace Hopper',
    student: 'Ada Byron',
    converting: 'Turning the document into pages…',
    count: 'Pages: 3',
    material: 'Materials',
    uploaded: 'Uploaded',
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: a teacher's PDF material opens for a student as page images, zoomable, on a 375 px phone`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const w = words[lang];
    const teacher = await registerPerson(request, 1, w.teacher);
    const course = await createCourse(request, teacher.token, { coursename: `${w.material} ${Date.now() % 100000}` });
    const student = await joinedStudent(request, w.student, course.code);
    if (lang === 'en') {
      await api(request, '/UserApi/setLanguage', { lang: 'en' }, teacher.token);
      await api(request, '/UserApi/setLanguage', { lang: 'en' }, student.token);
    }
    const pdf = pdfOfPages([
      ['Chapter 2  Linear lists', `2.1 Sequential lists  ${Date.now()}`, 'Insert, delete, locate'],
      ['2.2 Linked lists', 'Singly and doubly linked', 'Head nodes'],
      ['2.3 Exercises', '1. Reverse a singly linked list', '2. Merge two sorted lists'],
    ]);

    // ---- the teacher uploads the PDF as a material in the page
    await signIn(page, request, teacher);
    await page.goto(`/addActivity/data?courseId=${course.id}&courseRole=1&dataType=2`);
    await page.getByTestId('material-title').fill(w.title);
    await page.getByTestId('upload-input').setInputFiles({ name: 'linear-lists.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByTestId('upload-name')).toHaveText('linear-lists.pdf');
    await expect(page.getByTestId('upload-state')).toHaveText(w.uploaded, { timeout: 30_000 });
    await page.getByTestId('material-submit').click();
    await expect(page).toHaveURL(new RegExp(`/dataIndex\\?type=2&courseId=${course.id}&courseRole=1`), { timeout: 30_000 });
    await expect(page.getByTestId('content-title').filter({ hasText: w.title })).toBeVisible();

    // ---- the student opens the material from the list, then its preview
    await signIn(page, request, student);
    await page.goto(`/dataIndex?type=2&courseId=${course.id}&courseRole=0`);
    await page.getByTestId('content-title').filter({ hasText: w.title }).click();
    await expect(page.getByTestId('material-title')).toHaveText(w.title);
    await expect(page.getByTestId('attachment-preview')).toBeVisible();
    await shot(page, `preview-${lang}-01-material`);
    // the first asking queues the rendering: the first answer is always "waiting"; the page's next
    // askings are held until the "converting" screen is photographed (the rendering itself is quick)
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = 0;
    await page.route('**/FileApi/getPreview', async (route) => {
      if (asked++ > 0) await held;
      await route.continue();
    });
    await page.getByTestId('attachment-preview').click();
    await expect(page).toHaveURL(new RegExp(`/filePreview\\?id=\\d+&courseId=${course.id}&courseRole=0$`));
    await expect(page.getByTestId('page-title')).toHaveText('linear-lists.pdf');
    await expect(page.getByTestId('preview-converting')).toContainText(w.converting);
    await snap(page, `preview-${lang}-02-converting`);
    release();

    // ---- the pages arrive by themselves: three images, one under the other, each drawn
    const viewer = page.getByTestId('preview-pages');
    allowConversion();
    await expect(viewer).toBeVisible({ timeout: CONVERTED_WITHIN });
    await expect(page.getByTestId('preview-page-count')).toHaveText(w.count);
    await expect(viewer.getByTestId('preview-page').first().locator('img')).toHaveAttribute(
      'src',
      /^https?:\/\/[^/]+\/FileApi\/download\?id=\d+&exp=\d+&dl=0&sig=[0-9a-f]{64}&u=\d+&page=1$/,
    );
    await expectPagesDrawn(viewer, 3);
    const [one, two] = await Promise.all([0, 1].map((i) => viewer.getByTestId('preview-page').nth(i).boundingBox()));
    // vertically, each the width of the phone (less the margins), A4-shaped
    expect(two!.y).toBeGreaterThan(one!.y + one!.height - 1);
    expect(one!.width).toBeGreaterThan(340);
    expect(one!.width).toBeLessThanOrEqual(375);
    await viewer.getByTestId('preview-page').first().scrollIntoViewIfNeeded();
    await shot(page, `preview-${lang}-03-pages`);

    // ---- pinch-zoom is the browser's own (the viewport allows it); + widens the pages for a mouse
    const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
    expect(viewport).not.toMatch(/maximum-scale=1(\.0)?\b|user-scalable=(no|0)/);
    await page.getByTestId('preview-zoom-in').click();
    await expect(page.getByTestId('preview-zoom')).toHaveText('150%');
    const wide = await viewer.getByTestId('preview-page').first().boundingBox();
    expect(wide!.width).toBeGreaterThan(one!.width * 1.4);
    await shot(page, `preview-${lang}-04-zoomed`);
  });
}

/** The grading page of one submission. */
async function openGrading(page: Page, courseId: number, hwId: number, sid: number) {
  await page.goto(`/homework/stuWorkDetail?courseId=${courseId}&courseRole=1&id=${hwId}&sid=${sid}`);
}

test('the grading page shows a handed-in Word file and PDF as page images, and opens them full screen', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const teacher = await registerPerson(request, 1, '李老师');
  const course = await createCourse(request, teacher.token, { coursename: `软件工程 ${Date.now() % 100000}` });
  const student = await joinedStudent(request, '周同学', course.code);
  const hw = await api<{ id: number }>(
    request,
    '/HomeworkApi/addHomework',
    {
      courseid: course.id,
      title: '需求分析报告',
      content: '<p>提交需求分析报告</p>',
      fullscore: 100,
      endtime: Math.floor(Date.now() / 1000) + 2 * 86400,
      publish: 1,
    },
    teacher.token,
  );
  const word = await uploadSmall(
    request,
    student.token,
    'requirements.docx',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    await docxOf([
      'Requirements analysis',
      `Zhou, ${Date.now()}`,
      '1. Users: teachers and students',
      '2. Goals: grading on a phone',
    ]),
  );
  const pdf = await uploadSmall(
    request,
    student.token,
    'use-cases.pdf',
    'application/pdf',
    pdfDocument(['Use cases', `${Date.now()}`]),
  );
  const sent = await api<{ sid: number }>(
    request,
    '/HomeworkApi/stuWorkSubmit',
    { courseid: course.id, id: hw.id, fileids: [word.id, pdf.id] },
    student.token,
  );

  await signIn(page, request, teacher);
  await openGrading(page, course.id, hw.id, sent.sid);
  const wordView = page.locator(`[data-testid="file-preview"][data-id="${word.id}"]`);
  const pdfView = page.locator(`[data-testid="file-preview"][data-id="${pdf.id}"]`);
  await expect(wordView).toHaveAttribute('data-kind', 'document');
  // no PDF frame anywhere: frames show nothing on most phone browsers
  await expect(page.locator('iframe')).toHaveCount(0);
  allowConversion();
  await expect(wordView.getByTestId('preview-pages')).toBeVisible({ timeout: CONVERTED_WITHIN });
  await expectPagesDrawn(wordView, 1);
  await expect(pdfView.getByTestId('preview-pages')).toBeVisible({ timeout: 30_000 });
  await expectPagesDrawn(pdfView, 1);
  await wordView.scrollIntoViewIfNeeded();
  await shot(page, 'preview-zh-05-grading-word');

  // full screen: the viewer page, back to the grading page
  await wordView.getByTestId('file-preview-full').click();
  await expect(page).toHaveURL(new RegExp(`/filePreview\\?id=${word.id}&courseId=${course.id}&courseRole=1$`));
  await expect(page.getByTestId('page-title')).toHaveText('requirements.docx');
  await expectPagesDrawn(page.getByTestId('preview-pages'), 1);
  await expect(page.getByTestId('preview-nav-download')).toHaveAttribute('href', /dl=1/);
  await shot(page, 'preview-zh-06-full-screen');
  await page.getByTestId('nav-back').click();
  await expect(page).toHaveURL(/\/homework\/stuWorkDetail\?/);
});

test('a file that is no readable document says so and offers the download; an outsider is refused', async ({ page, request }) => {
  test.setTimeout(90_000);
  const teacher = await registerPerson(request, 1, '吴老师');
  const course = await createCourse(request, teacher.token, { coursename: `离散数学 ${Date.now() % 100000}` });
  const broken = await uploadSmall(
    request,
    teacher.token,
    'broken.pdf',
    'application/pdf',
    Buffer.from(`%PDF-1.4\nnot a pdf ${Date.now()}\n`),
  );
  await api(
    request,
    '/FutureV2/CourseMeans/addContent',
    { publish: 1, courseid: course.id, contenttype: 2, title: '损坏的讲义', fileids: [broken.id] },
    teacher.token,
  );

  await signIn(page, request, teacher);
  await page.goto(`/filePreview?id=${broken.id}&courseId=${course.id}&courseRole=1`);
  await expect(page.getByTestId('preview-failed')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('preview-failed')).toContainText('这份文件无法转换成页面');
  await expect(page.getByTestId('preview-download')).toBeVisible();
  await shot(page, 'preview-zh-07-failed');

  // someone outside the course: the server refuses, the page says so
  const outsider = await registerPerson(request, 0, '陌生人');
  await signIn(page, request, outsider);
  await page.goto(`/filePreview?id=${broken.id}`);
  await expect(page.getByTestId('preview-pages')).toHaveCount(0);
  await expect(page.getByTestId('preview-failed')).toHaveCount(0);
  await expect(page.getByText(/请求的接口或资源不存在/)).toBeVisible();
  await shot(page, 'preview-zh-08-outsider');
});
