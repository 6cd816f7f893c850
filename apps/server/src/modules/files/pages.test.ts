import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { docxWithText } from '../../../test/documents';
import { call, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { filePreviews, files, jobs } from '../../db/schema';
import { jpegSize, PREVIEW_JOB, pageKey } from './pages';

/** Issue 12 (8): documents open in the browser as page images rendered on the server. */

let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

/** A real PDF of `lines.length` pages, one line of text on each (US letter). */
function pdfOfPages(lines: string[]) {
  const n = lines.length;
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', ''];
  const kids: string[] = [];
  const font = 3 + n * 2;
  lines.forEach((line, i) => {
    const page = 3 + i * 2;
    const stream = `BT /F1 36 Tf 72 700 Td (${line}) Tj ET`;
    kids.push(`${page} 0 R`);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${page + 1} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`,
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    );
  });
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${n} >>`;
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A course with its teacher and one student in it. */
async function classroom() {
  const teacher = await newTeacher(app);
  const course = await newCourse(app, teacher.token);
  const student = await registerUser(app);
  await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: student.token });
  return { teacher, course, student };
}

async function uploaded(token: string, name: string, data: Buffer) {
  const res = await upload(app, '/UploadApi/uploadV2', token, {}, { name, data });
  if (res.status !== 1) throw new Error(`${res.code} ${res.message}`);
  return res.data.file as { id: number };
}

/** A published material of one file, as the teacher adds it. */
async function material(token: string, courseid: number, fileid: number, extra: Record<string, unknown> = {}) {
  const res = await call(
    app,
    '/FutureV2/CourseMeans/addContent',
    { publish: 1, courseid, contenttype: 2, title: '讲义', fileids: [fileid], ...extra },
    { token },
  );
  if (res.status !== 1) throw new Error(`${res.code} ${res.message}`);
  return res.data as { id: number };
}

const preview = (token: string, id: number | string) => call(app, '/FileApi/getPreview', { id }, { token });
const runJobs = () => app.ctx.jobs.runDue(new Date(Date.now() + 1000));
const get = (url: string) => app.inject({ method: 'GET', url });

describe('a PDF material shown as page images', () => {
  it('is queued on first asking, rendered by the job, and its pages open for a student of the course', {
    timeout: 60_000,
  }, async () => {
    const { teacher, course, student } = await classroom();
    const pdf = pdfOfPages(['Page one', 'Page two', 'Page three']);
    const f = await uploaded(teacher.token, 'lecture.pdf', pdf);
    await material(teacher.token, course.id, f.id);

    const first = await preview(student.token, String(f.id));
    expect(first).toMatchObject({ status: 1, data: { id: f.id, kind: 'document', state: 'waiting', pagecount: 0, pages: [] } });
    // asking again queues nothing more
    await preview(teacher.token, f.id);
    expect(
      await app.ctx.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `preview:${f.id}`)),
    ).toHaveLength(1);

    expect(await runJobs()).toBeGreaterThanOrEqual(1);
    const ready = (await preview(student.token, f.id)).data;
    expect(ready).toMatchObject({ state: 'ready', reason: '', pagecount: 3, totalpages: 3 });
    expect(ready.pages.map((p: { pageindex: number }) => p.pageindex)).toEqual([1, 2, 3]);
    for (const page of ready.pages) {
      // absolute, signed and bound to the student
      expect(page.src).toMatch(
        new RegExp(
          `^http://[^/]+/FileApi/download\\?id=${f.id}&exp=\\d+&dl=0&sig=[0-9a-f]{64}&u=${student.uid}&page=${page.pageindex}$`,
        ),
      );
      // letter paper 612×792 pt: the longer side at 1600 px
      expect([page.width, page.height]).toEqual([1237, 1600]);
    }
    const image = await get(ready.pages[1].src.replace(/^http:\/\/[^/]+/, ''));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    expect(jpegSize(image.rawPayload)).toEqual([1237, 1600]);
    // the pages differ (each has its own text)
    const one = await get(ready.pages[0].src.replace(/^http:\/\/[^/]+/, ''));
    expect(one.rawPayload.equals(image.rawPayload)).toBe(false);

    // a page past the end is not found
    const beyond = await get(ready.pages[2].src.replace(/^http:\/\/[^/]+/, '').replace(/page=3$/, 'page=4'));
    expect(JSON.parse(beyond.body)).toMatchObject({ status: 0, code: 40004 });
  });

  it('refuses someone outside the course, who cannot open its pages with a member’s address either', {
    timeout: 60_000,
  }, async () => {
    const { teacher, course, student } = await classroom();
    const f = await uploaded(teacher.token, 'secret-notes.pdf', pdfOfPages(['Only for the class']));
    await material(teacher.token, course.id, f.id);
    const outsider = await registerUser(app);

    const refused = await preview(outsider.token, f.id);
    expect(refused).toMatchObject({ status: 0, code: 40004, data: null });
    // nothing was queued by the refused call
    expect(await app.ctx.db.select().from(filePreviews).where(eq(filePreviews.fileId, f.id))).toEqual([]);

    await preview(student.token, f.id);
    await runJobs();
    const page = (await preview(student.token, f.id)).data.pages[0].src.replace(/^http:\/\/[^/]+/, '');
    expect((await get(page)).statusCode).toBe(200);
    // the student's address is the student's: the outsider's own id in it breaks the signature
    const forged = await get(page.replace(`u=${student.uid}`, `u=${outsider.uid}`));
    expect(JSON.parse(forged.body)).toMatchObject({ status: 0 });
    // and once the student leaves the course the address opens nothing
    const quit = await call(
      app,
      '/CourseApi/quitCourse',
      { courseid: course.id, password: student.password },
      { token: student.token },
    );
    expect(quit.status).toBe(1);
    expect(JSON.parse((await get(page)).body)).toMatchObject({ status: 0 });
    expect(await preview(student.token, f.id)).toMatchObject({ status: 0, code: 40004 });
  });

  it('cuts a long document at the page limit and says how long it is', { timeout: 60_000 }, async () => {
    const { renderPdfPages } = await import('./pages');
    const seen: number[] = [];
    const total = await renderPdfPages(
      pdfOfPages(['a', 'b', 'c', 'd', 'e']),
      async (n, image, size) => {
        seen.push(n);
        expect(size).toEqual([310, 400]);
        expect(image.length).toBeGreaterThan(100);
      },
      { maxPages: 3, px: 400 },
    );
    expect(total).toBe(5);
    expect(seen).toEqual([1, 2, 3]);
  });
});

describe('an office document and other files', () => {
  it('renders a handed-in .docx through its PDF for the teacher grading it', { timeout: 180_000 }, async () => {
    const { teacher, course, student } = await classroom();
    const hw = await call(
      app,
      '/HomeworkApi/addHomework',
      {
        courseid: course.id,
        title: '读书报告',
        content: '<p>交一份报告</p>',
        fullscore: 100,
        endtime: Math.floor(Date.now() / 1000) + 86400,
      },
      { token: teacher.token },
    );
    const docx = await docxWithText(['读书报告', 'A report on limits']);
    const f = await uploaded(student.token, '报告.docx', docx);
    const sent = await call(
      app,
      '/HomeworkApi/stuWorkSubmit',
      { courseid: course.id, id: hw.data.id, fileids: [f.id] },
      { token: student.token },
    );
    expect(sent.status).toBe(1);

    expect((await preview(teacher.token, f.id)).data).toMatchObject({ kind: 'document', state: 'waiting' });
    // the submission's own conversion job and the preview's: both run
    await runJobs();
    const ready = (await preview(teacher.token, f.id)).data;
    expect(ready).toMatchObject({ state: 'ready', pagecount: 1, totalpages: 1 });
    const [row] = await app.ctx.db.select().from(files).where(eq(files.id, f.id));
    expect(row!.pdfState).toBe(2);
    const image = await get(ready.pages[0].src.replace(/^http:\/\/[^/]+/, ''));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    // an A4 page from LibreOffice: taller than wide, the longer side 1600
    const [w, h] = jpegSize(image.rawPayload);
    expect(h).toBe(1600);
    expect(w).toBeGreaterThan(1000);
    expect(w).toBeLessThan(1600);
  });

  it('renders a .docx material even before any conversion ran, and keeps its PDF', { timeout: 180_000 }, async () => {
    const { teacher, course, student } = await classroom();
    const f = await uploaded(teacher.token, 'syllabus.docx', await docxWithText(['Syllabus', 'Week one: limits']));
    await material(teacher.token, course.id, f.id);
    await preview(student.token, f.id);
    await runJobs();
    const ready = (await preview(student.token, f.id)).data;
    expect(ready).toMatchObject({ state: 'ready', pagecount: 1 });
    const [row] = await app.ctx.db.select().from(files).where(eq(files.id, f.id));
    expect(row).toMatchObject({ pdfState: 2 });
    expect(row!.pdfFileId).toBeTruthy();
    const [stored] = await app.ctx.db.select().from(filePreviews).where(eq(filePreviews.fileId, f.id));
    expect(await app.ctx.storage.exists(pageKey(f.id, stored!.version, 1))).toBe(true);
  });

  it('shows a picture as its own page, without a job', async () => {
    const { teacher, course, student } = await classroom();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const f = await uploaded(teacher.token, 'board.png', png);
    await material(teacher.token, course.id, f.id);
    const res = (await preview(student.token, f.id)).data;
    expect(res).toMatchObject({ kind: 'image', state: 'ready', pagecount: 1 });
    expect(res.pages[0].src).toMatch(
      new RegExp(`/FileApi/download\\?id=${f.id}&exp=\\d+&dl=0&sig=[0-9a-f]{64}&u=${student.uid}$`),
    );
    expect(
      await app.ctx.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `preview:${f.id}`)),
    ).toEqual([]);
  });

  it('fails a file that is no readable document, and one with no viewer, offering the download', {
    timeout: 60_000,
  }, async () => {
    const { teacher } = await classroom();
    const broken = await uploaded(teacher.token, 'broken.pdf', Buffer.from('%PDF-1.4\nthis is not really a PDF\n'));
    expect((await preview(teacher.token, broken.id)).data.state).toBe('waiting');
    await runJobs();
    const failed = (await preview(teacher.token, broken.id)).data;
    expect(failed).toMatchObject({ state: 'failed', reason: 'unreadable', pages: [] });
    expect(failed.download).toMatch(/dl=1/);
    expect(await app.ctx.db.select().from(jobs).where(eq(jobs.kind, PREVIEW_JOB))).not.toHaveLength(0);

    const zip = await uploaded(teacher.token, 'code.zip', Buffer.from('PK\x03\x04 not much of an archive'));
    expect((await preview(teacher.token, zip.id)).data).toMatchObject({ kind: 'none', state: 'failed', reason: 'unsupported' });
  });

  it('refuses a bad id, naming the field', async () => {
    const { teacher } = await classroom();
    const res = await preview(teacher.token, 'abc');
    expect(res).toMatchObject({ status: 0, code: 40001 });
  });
});
