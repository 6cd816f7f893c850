import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { LEARN_TIME_STEP_MAX } from '@paiclass/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { pdfWithText } from '../../../test/documents';
import { call, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { coursewareComments, coursewareDoubts, coursewareLearners } from '../../db/schema';
import { slidesOf } from './slides';

/** Issue 15: courseware (content type 1) — a real .pptx converted to slides, learned page by page. */

const run = promisify(execFile);
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

/** A real PowerPoint file made by LibreOffice from a flat OpenDocument presentation, one slide per title. */
async function pptxOfSlides(titles: string[]) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'paiclass-pptx-'));
  try {
    const pages = titles
      .map(
        (t, i) =>
          `<draw:page draw:name="p${i + 1}"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="20cm" svg:height="3cm"><draw:text-box><text:p>${t}</text:p></draw:text-box></draw:frame></draw:page>`,
      )
      .join('');
    const fodp = `<?xml version="1.0" encoding="UTF-8"?><office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation"><office:body><office:presentation>${pages}</office:presentation></office:body></office:document>`;
    await writeFile(path.join(dir, 'deck.fodp'), fodp);
    await run(
      'soffice',
      [
        `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
        '--headless',
        '--convert-to',
        'pptx',
        '--outdir',
        dir,
        path.join(dir, 'deck.fodp'),
      ],
      { timeout: 120_000 },
    );
    return await readFile(path.join(dir, 'deck.pptx'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function classroom() {
  const teacher = await newTeacher(app);
  const course = await newCourse(app, teacher.token);
  const student = await registerUser(app);
  const other = await registerUser(app);
  for (const s of [student, other]) await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: s.token });
  const outsider = await registerUser(app);
  return { teacher, course, student, other, outsider };
}

async function uploaded(token: string, name: string, data: Buffer) {
  const res = await upload(app, '/UploadApi/uploadV2', token, {}, { name, data });
  if (res.status !== 1) throw new Error(`${res.code} ${res.message}`);
  return res.data.file as { id: number };
}

const addCourseware = (token: string, courseid: number, fileids: (number | string)[], extra: Record<string, unknown> = {}) =>
  call(
    app,
    '/FutureV2/CourseMeans/addContent',
    { courseid, contenttype: '1', title: '第一章 课件', fileids, ...extra },
    { token },
  );
const runJobs = () => app.ctx.jobs.runDue(new Date(Date.now() + 1000));
const counts = async () => ({
  learners: (await app.ctx.db.select().from(coursewareLearners)).length,
  doubts: (await app.ctx.db.select().from(coursewareDoubts)).length,
  comments: (await app.ctx.db.select().from(coursewareComments)).length,
});

let pptx: Buffer;
beforeAll(async () => {
  pptx = await pptxOfSlides(['Slide one', 'Slide two', 'Slide three']);
}, 120_000);

describe('a PowerPoint courseware', () => {
  it('converts a real .pptx into page images the teacher watches become ready, and students learn it page by page', {
    timeout: 120_000,
  }, async () => {
    const { teacher, course, student, other } = await classroom();
    const f = await uploaded(teacher.token, 'chapter1.pptx', pptx);
    const added = await addCourseware(teacher.token, course.id, [String(f.id)]);
    expect(added).toMatchObject({ status: 1, data: { contenttype: 1 } });
    const id = added.data.id as number;

    // queued at once: the teacher sees it waiting
    const waiting = await call(
      app,
      '/InteractPPTApi/listSlides',
      { interactid: String(id), extra: 'ignored' },
      { token: teacher.token },
    );
    expect(waiting.data).toMatchObject({ interactid: id, courseid: course.id, state: 'waiting', total: 0, pages: [] });
    const listed = await call(app, '/PrestudyTaskApi/preStudyList', { courseid: String(course.id) }, { token: teacher.token });
    expect(listed.data.list).toEqual([expect.objectContaining({ id, state: 'waiting', learned: 0 })]);

    await runJobs();
    const slides = await call(app, '/InteractPPTApi/listSlides', { interactid: id }, { token: student.token });
    expect(slides.data).toMatchObject({ state: 'ready', total: 3 });
    expect(slides.data.pages.map((p: { pageindex: number }) => p.pageindex)).toEqual([1, 2, 3]);
    // absolute, signed and bound to the student; the image opens for them
    const url = new URL(slides.data.pages[1].url);
    expect(url.pathname).toBe('/FileApi/download');
    expect(url.searchParams.get('u')).toBe(String(student.uid));
    const image = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/jpeg');

    // the lead's slidesOf gives the same pages, bound to whoever asks
    const forTeacher = await slidesOf(app.ctx, { id: teacher.uid } as never, id);
    expect(forTeacher).toMatchObject({ interactid: id, courseId: course.id, state: 'ready', total: 3 });
    expect(forTeacher.pages[0]).toMatchObject({ index: 1, url: expect.stringContaining(`u=${teacher.uid}`) });

    // the student learns: pages, time, a doubt, a comment, finishing
    expect(
      (
        await call(
          app,
          '/PrestudyTaskApi/studyTaskPageIndex',
          { interactid: String(id), pageindex: '2' },
          { token: student.token },
        )
      ).data,
    ).toMatchObject({ pageindex: 2, seen: 1, finished: 0 });
    const learned = await call(
      app,
      '/PrestudyTaskApi/addLearnTime',
      { interactid: id, time: 30, pageindex: 3 },
      { token: student.token },
    );
    expect(learned.data).toMatchObject({ pageindex: 3, seen: 2 });
    // a report cannot claim more time than passed since the last one
    expect(learned.data.seconds).toBeLessThanOrEqual(10);
    const doubt = await call(
      app,
      '/PrestudyTaskApi/setDoubtState',
      { interactid: id, pageindex: '2', state: '1' },
      { token: student.token },
    );
    expect(doubt.data).toEqual({ interactid: id, pageindex: 2, state: 1, doubts: 1 });
    await call(app, '/PrestudyTaskApi/setDoubtState', { interactid: id, pageindex: 2, state: 1 }, { token: other.token });
    await call(app, '/PrestudyTaskApi/setDoubtState', { interactid: id, pageindex: 2, state: 0 }, { token: other.token });
    const comment = await call(
      app,
      '/PrestudyTaskApi/addComment',
      { interactid: id, pageindex: 2, comment: '第二页的公式没看懂', replyid: '' },
      { token: student.token },
    );
    expect(comment.data).toMatchObject({
      pageindex: 2,
      comment: '第二页的公式没看懂',
      uid: student.uid,
      candelete: 1,
      replyid: 0,
    });
    const reply = await call(
      app,
      '/PrestudyTaskApi/addComment',
      { interactid: id, pageindex: 1, comment: '课上再讲一遍', replyid: comment.data.id },
      { token: teacher.token },
    );
    // a reply sits on its thread's page and names whom it answers
    expect(reply.data).toMatchObject({ pageindex: 2, replyid: comment.data.id, isteacher: 1 });
    expect(
      (await call(app, '/PrestudyTaskApi/finishStudyTask', { interactid: id }, { token: student.token })).data,
    ).toMatchObject({ finished: 1 });

    const info = (await call(app, '/PrestudyTaskApi/getPreStudyInfo', { interactid: id }, { token: student.token })).data;
    expect(info).toMatchObject({
      state: 'ready',
      total: 3,
      closed: 0,
      manage: 0,
      doubts: [2],
      learning: { finished: 1, seen: 2 },
    });
    expect(info.comments).toHaveLength(1);
    expect(info.comments[0].replies).toEqual([expect.objectContaining({ comment: '课上再讲一遍', candelete: 0 })]);
    const all = (await call(app, '/InteractPPTApi/getAllSlides', { interactid: id }, { token: student.token })).data;
    expect(all.pages.map((p: { comments: number; doubted: number }) => [p.comments, p.doubted])).toEqual([
      [0, 0],
      [2, 1],
      [0, 0],
    ]);

    // the teacher sees the counts per page, who doubted, who commented, who learned for how long
    const chart = (await call(app, '/PrestudyTaskManageApi/listSlides', { interactid: id }, { token: teacher.token })).data;
    expect(chart.pages.map((p: { doubts: number; comments: number }) => [p.doubts, p.comments])).toEqual([
      [0, 0],
      [1, 2],
      [0, 0],
    ]);
    const doubters = (
      await call(app, '/PrestudyTaskManageApi/getDoubtStudentListsV2', { interactid: id, pageindex: 2 }, { token: teacher.token })
    ).data;
    expect(doubters.list.map((d: { uid: number }) => d.uid)).toEqual([student.uid]);
    const commenters = (
      await call(app, '/PrestudyTaskManageApi/getCommentStudentLists', { interactid: id, pageindex: 2 }, { token: teacher.token })
    ).data;
    expect(commenters.list[0]).toMatchObject({ uid: student.uid, comment: '第二页的公式没看懂', candelete: 1 });
    const stats = (await call(app, '/PrestudyTaskManageApi/getStatinfoV2', { interactid: id }, { token: teacher.token })).data;
    expect(stats).toMatchObject({ members: 2, learned: 1, finished: 1, total: 3 });
    expect(stats.list[0]).toMatchObject({ uid: student.uid, finished: 1, seen: 2 });
    expect(stats.list[1]).toMatchObject({ uid: other.uid, seconds: 0, finished: 0 });
    expect(
      (await call(app, '/PrestudyTaskApi/preStudyList', { courseid: course.id }, { token: teacher.token })).data.list[0],
    ).toMatchObject({ id, state: 'ready', total: 3, learned: 1 });
  });
});

describe('refusals change nothing', () => {
  it('refuses a courseware that is not one PPT, PPTX or PDF', async () => {
    const { teacher, course } = await classroom();
    const doc = await uploaded(teacher.token, 'notes.txt', Buffer.from('plain text'));
    const before = (await call(app, '/PrestudyTaskApi/preStudyList', { courseid: course.id }, { token: teacher.token })).data
      .list;
    const res = await addCourseware(teacher.token, course.id, [doc.id]);
    expect(res).toMatchObject({ status: 0, code: 40001 });
    expect(res.message).toContain('PPT');
    expect((await addCourseware(teacher.token, course.id, [])).code).toBe(40001);
    expect(
      (await call(app, '/PrestudyTaskApi/preStudyList', { courseid: course.id }, { token: teacher.token })).data.list,
    ).toEqual(before);
  });

  it('keeps an outsider, a student of an unpublished courseware, a long comment and another’s comment out', {
    timeout: 60_000,
  }, async () => {
    const { teacher, course, student, other, outsider } = await classroom();
    const pdf = await uploaded(teacher.token, 'one.pdf', pdfWithText('Only page'));
    const published = (await addCourseware(teacher.token, course.id, [pdf.id])).data.id as number;
    const draft = (await addCourseware(teacher.token, course.id, [pdf.id], { publish: 0 })).data.id as number;
    await runJobs();
    const c = await call(
      app,
      '/PrestudyTaskApi/addComment',
      { interactid: published, pageindex: 1, comment: '我的' },
      { token: student.token },
    );
    expect(c.status).toBe(1);
    const before = await counts();

    // an outsider learns nothing of the course
    for (const [url, body] of [
      ['/InteractPPTApi/listSlides', { interactid: published }],
      ['/PrestudyTaskApi/addComment', { interactid: published, pageindex: 1, comment: 'hi' }],
      ['/PrestudyTaskApi/setDoubtState', { interactid: published, pageindex: 1, state: 1 }],
      ['/PrestudyTaskApi/addLearnTime', { interactid: published, time: 10 }],
    ] as const)
      expect((await call(app, url, body, { token: outsider.token })).code).toBe(30202);
    expect((await call(app, '/PrestudyTaskApi/preStudyList', { courseid: course.id }, { token: outsider.token })).code).toBe(
      30202,
    );

    // a student does not see a draft, as if it did not exist
    for (const url of ['/InteractPPTApi/listSlides', '/PrestudyTaskApi/getPreStudyInfo', '/PrestudyTaskApi/finishStudyTask'])
      expect((await call(app, url, { interactid: draft }, { token: student.token })).code).toBe(40004);
    expect(
      (await call(app, '/PrestudyTaskApi/setDoubtState', { interactid: draft, pageindex: 1 }, { token: student.token })).code,
    ).toBe(40004);
    expect(
      (await call(app, '/PrestudyTaskApi/preStudyList', { courseid: course.id }, { token: student.token })).data.list.map(
        (i: { id: number }) => i.id,
      ),
    ).toEqual([published]);

    // too long, no page, a page past the end: refused naming the field
    const long = await call(
      app,
      '/PrestudyTaskApi/addComment',
      { interactid: published, pageindex: 1, comment: '长'.repeat(501) },
      { token: student.token, lang: 'en' },
    );
    expect(long).toMatchObject({ status: 0, code: 40001 });
    expect(long.message).toContain('500');
    const past = await call(
      app,
      '/PrestudyTaskApi/setDoubtState',
      { interactid: published, pageindex: 2 },
      { token: student.token },
    );
    expect(past).toMatchObject({ status: 0, code: 40001 });
    // refused by name: the page number
    expect(past.message).toContain('页码');
    const wrongId = await call(app, '/PrestudyTaskApi/addLearnTime', { interactid: 'abc', time: 5 }, { token: student.token });
    expect(wrongId).toMatchObject({ status: 0, code: 40001 });
    expect(wrongId.message).toBe('请选择课件');

    // another student's comment is not theirs to delete; statistics are the teacher's
    expect((await call(app, '/PrestudyTaskApi/delComment', { id: c.data.id }, { token: other.token })).code).toBe(40003);
    expect(
      (await call(app, '/PrestudyTaskManageApi/getStatinfoV2', { interactid: published }, { token: student.token })).code,
    ).toBe(40003);
    expect((await call(app, '/PrestudyTaskApi/closePreStudy', { interactid: published }, { token: student.token })).code).toBe(
      40003,
    );
    // a teacher does not learn (their time would count as a student's)
    expect(
      (await call(app, '/PrestudyTaskApi/addLearnTime', { interactid: published, time: 5 }, { token: teacher.token })).code,
    ).toBe(40003);
    expect(await counts()).toEqual(before);

    // the writer deletes their own; the teacher deletes any
    const again = await call(
      app,
      '/PrestudyTaskApi/addComment',
      { interactid: published, pageindex: 1, comment: '再问' },
      { token: other.token },
    );
    expect((await call(app, '/PrestudyTaskApi/delComment', { id: again.data.id }, { token: other.token })).data).toEqual({
      count: 1,
    });
    expect((await call(app, '/PrestudyTaskApi/delComment', { id: c.data.id }, { token: teacher.token })).data).toEqual({
      count: 1,
    });
    expect((await app.ctx.db.select().from(coursewareComments).where(eq(coursewareComments.contentId, published))).length).toBe(
      0,
    );
  });

  it('refuses learning before the slides are ready and after the teacher closed the pre-study', async () => {
    const { teacher, course, student } = await classroom();
    const pdf = await uploaded(teacher.token, 'two.pdf', pdfWithText('Page'));
    const id = (await addCourseware(teacher.token, course.id, [pdf.id])).data.id as number;
    expect((await call(app, '/PrestudyTaskApi/addLearnTime', { interactid: id, time: 5 }, { token: student.token })).code).toBe(
      31001,
    );
    await runJobs();
    const report = async (time: number) =>
      (await call(app, '/PrestudyTaskApi/addLearnTime', { interactid: id, time }, { token: student.token })).data
        .seconds as number;
    // as if the previous report came `seconds` ago
    const previousReport = (seconds: number) =>
      app.ctx.db
        .update(coursewareLearners)
        .set({ countedAt: new Date(Date.now() - seconds * 1000) })
        .where(eq(coursewareLearners.contentId, id));
    // issue 24: the first report starts the count and adds nothing, whatever it claims
    expect(await report(500)).toBe(0);
    // a report 40 s after the previous one adds at most 40 s, even claiming more
    await previousReport(40);
    const second = await report(500);
    expect(second).toBeGreaterThanOrEqual(39);
    expect(second).toBeLessThanOrEqual(40);
    // a page turned in between does not restart the count
    await previousReport(10);
    await call(app, '/PrestudyTaskApi/studyTaskPageIndex', { interactid: id, pageindex: 1 }, { token: student.token });
    expect((await report(10)) - second).toBe(10);
    // a long gap adds at most LEARN_TIME_STEP_MAX seconds
    await previousReport(1000);
    const third = await report(500);
    expect(third - second - 10).toBe(LEARN_TIME_STEP_MAX);
    const [kept] = await app.ctx.db.select().from(coursewareLearners).where(eq(coursewareLearners.contentId, id));
    expect(kept!.seconds).toBe(third);
    expect((await call(app, '/PrestudyTaskApi/closePreStudy', { interactid: id }, { token: teacher.token })).data).toEqual({
      interactid: id,
      closed: 1,
    });
    expect((await call(app, '/PrestudyTaskApi/addLearnTime', { interactid: id, time: 5 }, { token: student.token })).code).toBe(
      30403,
    );
    const info = (await call(app, '/PrestudyTaskApi/getPreStudyInfo', { interactid: id }, { token: student.token })).data;
    expect(info).toMatchObject({ closed: 1, total: 1, learning: { seconds: third } });
  });
});

describe('downloads switched off', () => {
  it('still shows a student the slides, but not the document', async () => {
    const { teacher, course, student } = await classroom();
    const pdf = await uploaded(teacher.token, 'locked.pdf', pdfWithText('Locked'));
    const id = (await addCourseware(teacher.token, course.id, [pdf.id], { downloadable: 0 })).data.id as number;
    await runJobs();
    const slides = (await call(app, '/InteractPPTApi/listSlides', { interactid: id }, { token: student.token })).data;
    const url = new URL(slides.pages[0].url);
    expect((await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(200);
    expect((await call(app, '/InteractPPTApi/downloadppt', { interactid: id }, { token: student.token })).code).toBe(30401);
    const own = (await call(app, '/InteractPPTApi/downloadppt', { interactid: id }, { token: teacher.token })).data;
    expect(own.name).toBe('locked.pdf');
    // the document's own address (no page) stays closed to the student even with a page grant's signature
    const doc = new URL(slides.pages[0].url);
    doc.searchParams.delete('page');
    expect((await app.inject({ method: 'GET', url: `${doc.pathname}${doc.search}` })).json()).toMatchObject({ code: 30401 });
  });
});

describe('a pre-study task with an end time', () => {
  it('is a student’s to-do until they finish it', async () => {
    const { teacher, course, student } = await classroom();
    const pdf = await uploaded(teacher.token, 'task.pdf', pdfWithText('Task'));
    const endtime = Math.floor(Date.now() / 1000) + 86400;
    const id = (await addCourseware(teacher.token, course.id, [pdf.id], { endtime })).data.id as number;
    await runJobs();
    const todos = async () =>
      (await call(app, '/Futurev2/Todo/getTodoList', { classid: course.id }, { token: student.token })).data.list.map(
        (t: { contentid: number; contenttype: number }) => [t.contentid, t.contenttype],
      );
    expect(await todos()).toContainEqual([id, 1]);
    await call(app, '/PrestudyTaskApi/finishStudyTask', { interactid: id }, { token: student.token });
    expect(await todos()).not.toContainEqual([id, 1]);
  });
});

describe('a file that cannot be converted', () => {
  it('shows failed to the teacher and leaves nothing to learn', { timeout: 60_000 }, async () => {
    const { teacher, course, student } = await classroom();
    const broken = await uploaded(teacher.token, 'broken.pdf', Buffer.from('%PDF-1.4 truncated, no pages'));
    const id = (await addCourseware(teacher.token, course.id, [broken.id])).data.id as number;
    await runJobs();
    expect((await call(app, '/InteractPPTApi/listSlides', { interactid: id }, { token: teacher.token })).data).toMatchObject({
      state: 'failed',
      total: 0,
      pages: [],
    });
    expect(
      (await call(app, '/PrestudyTaskApi/preStudyList', { courseid: course.id }, { token: student.token })).data.list[0],
    ).toMatchObject({ id, state: 'failed' });
    expect((await call(app, '/PrestudyTaskApi/finishStudyTask', { interactid: id }, { token: student.token })).code).toBe(31001);
  });
});
