import { CODES, PPT_PAGE_EVENT, PPT_STOP_EVENT } from '@paiclass/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { pdfWithPages } from '../../../test/documents';
import { call, redisUrl, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { openSocket, socketUrl } from '../../../test/sockets';
import { classPresentations } from '../../db/schema';

/** Issue 15: courseware on the classroom screen, followed by every phone and turned by the remote controller. */

let db: TestDatabase;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = socketUrl(app);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

const runJobs = () => app.ctx.jobs.runDue(new Date(Date.now() + 1000));

async function coursewareOf(token: string, courseid: number, pages: string[], convert = true) {
  const res = await upload(app, '/UploadApi/uploadV2', token, {}, { name: 'slides.pdf', data: pdfWithPages(pages) });
  const added = await call(
    app,
    '/FutureV2/CourseMeans/addContent',
    { courseid, contenttype: 1, title: '第二章 课件', fileids: [res.data.file.id] },
    { token },
  );
  expect(added.status).toBe(1);
  if (convert) await runJobs();
  return added.data.id as number;
}

async function classroom() {
  const teacher = await newTeacher(app);
  const course = await newCourse(app, teacher.token);
  const [student, other, outsider] = [await registerUser(app), await registerUser(app), await registerUser(app)];
  for (const s of [student, other]) await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: s.token });
  const deck = await coursewareOf(teacher.token, course.id, ['One', 'Two', 'Three']);
  return { teacher, course, student, other, outsider, deck };
}

const begin = async (token: string, courseid: number) =>
  (await call(app, '/Futurev2/AttendClass/beginClass', { courseid }, { token })).data.classtimeid as number;
const rows = () => app.ctx.db.select().from(classPresentations);
const pagesHeard = (messages: { cmd: string; data: { page: number } }[]) =>
  messages.filter((m) => m.cmd === PPT_PAGE_EVENT).map((m) => m.data.page);

describe('courseware on the classroom screen', () => {
  it('is refused before class, to students and for a courseware of another course, and nothing is written', async () => {
    const { teacher, course, student, deck } = await classroom();
    const early = await call(
      app,
      '/InteractWithScreenApi/present',
      { courseid: course.id, interactid: deck },
      { token: teacher.token },
    );
    expect(early).toMatchObject({ status: 0, code: CODES.notInClass, message: '还没有开始上课，请先上课' });

    await begin(teacher.token, course.id);
    const byStudent = await call(
      app,
      '/InteractWithScreenApi/present',
      { courseid: course.id, interactid: deck },
      { token: student.token },
    );
    expect(byStudent.code).toBe(CODES.forbidden);
    const elsewhere = await classroom();
    const foreign = await call(
      app,
      '/InteractWithScreenApi/present',
      { courseid: course.id, interactid: elsewhere.deck },
      { token: teacher.token },
    );
    expect(foreign.code).toBe(CODES.courseGone);
    const turnedEarly = await call(
      app,
      '/InteractWithScreenApi/gotoPage',
      { courseid: course.id, pageindex: 2 },
      { token: teacher.token },
    );
    expect(turnedEarly.code).toBe(CODES.notPresenting);
    expect((await rows()).filter((r) => r.courseId === course.id)).toEqual([]);
  });

  it('refuses slides still being converted (31001)', async () => {
    const { teacher, course } = await classroom();
    const raw = await coursewareOf(teacher.token, course.id, ['A', 'B'], false);
    await begin(teacher.token, course.id);
    const res = await call(
      app,
      '/InteractWithScreenApi/present',
      { courseid: course.id, interactid: raw },
      { token: teacher.token },
    );
    expect(res.code).toBe(CODES.slidesNotReady);
  });

  it('every phone follows the page the remote controller turns to; students cannot turn; a late phone starts where the class is', async () => {
    const { teacher, course, student, other, outsider, deck } = await classroom();
    const classtimeid = await begin(teacher.token, course.id);
    const phone = await openSocket(url, student.token, { courseId: course.id });
    const stranger = await openSocket(url, outsider.token, { courseId: course.id });

    const shown = await call(
      app,
      '/InteractWithScreenApi/present',
      { courseid: String(course.id), interactid: String(deck), unknown: 'ignored' },
      { token: teacher.token },
    );
    expect(shown.data).toMatchObject({ presenting: 1, classtimeid, interactid: deck, page: 1, total: 3 });
    await expect
      .poll(() => phone.events(PPT_PAGE_EVENT).map((m) => m.data))
      .toEqual([{ courseid: course.id, classtimeid, interactid: deck, page: 1, total: 3 }]);

    // the remote controller registers as Ketangpai's does (type 3) and turns pages with its commands
    const remote = await openSocket(url, teacher.token, { courseId: course.id, classTimeId: classtimeid, remote: true });
    await remote.send({ cmd: 'ppt_next' });
    await remote.send({ cmd: 'ppt_next' });
    await remote.send({ cmd: 'ppt_next' }); // past the last page: stays on it, nothing announced
    await remote.send({ cmd: 'ppt_pre' });
    await remote.send({ cmd: 'goto_page', data: { pageindex: '3' } });
    await expect.poll(() => pagesHeard(phone.messages)).toEqual([1, 2, 3, 2, 3]);
    await expect.poll(() => pagesHeard(remote.messages)).toEqual([2, 3, 2, 3]);

    // a page past the end is refused naming the field; a student's remote commands are refused; nothing moves
    await remote.send({ cmd: 'goto_page', data: { pageindex: 9 } });
    await expect
      .poll(() => remote.events('User.error'))
      .toEqual([{ cmd: 'User.error', code: -1, msg: '页码须是从 1 起的整数', data: { cmd: 'goto_page', code: CODES.badInput } }]);
    await phone.send({ cmd: 'ppt_pre' });
    await expect.poll(() => phone.events('User.error').map((m) => m.data.code)).toEqual([CODES.forbidden]);
    const [row] = await app.ctx.db.select().from(classPresentations).where(eq(classPresentations.classTimeId, classtimeid));
    expect(row).toMatchObject({ page: 3, total: 3, contentId: deck });
    expect(stranger.events(PPT_PAGE_EVENT)).toEqual([]);

    // a phone that opens the class now gets the page and its own signed slide addresses
    const late = await call(app, '/InteractWithScreenApi/listSlides', { courseid: course.id }, { token: other.token });
    expect(late.data).toMatchObject({ presenting: 1, interactid: deck, page: 3, total: 3, title: '第二章 课件' });
    expect(late.data.pages).toHaveLength(3);
    expect(new URL(late.data.pages[2].url).searchParams.get('u')).toBe(String(other.uid));
    const outside = await call(app, '/InteractWithScreenApi/listSlides', { courseid: course.id }, { token: outsider.token });
    expect(outside.code).toBe(CODES.courseGone);

    // off the screen: every phone is told, and nothing is on it
    await call(app, '/InteractWithScreenApi/stop', { courseid: course.id }, { token: teacher.token });
    await expect.poll(() => phone.events(PPT_STOP_EVENT).map((m) => m.data.classtimeid)).toEqual([classtimeid]);
    expect(
      (await call(app, '/InteractWithScreenApi/listSlides', { courseid: course.id }, { token: student.token })).data,
    ).toMatchObject({
      presenting: 0,
      classtimeid,
      page: 0,
    });
    for (const s of [phone, stranger, remote]) s.close();
  });

  it('the same courseware put on the screen again keeps its page; the class ending ends the showing', async () => {
    const { teacher, course, student, deck } = await classroom();
    await begin(teacher.token, course.id);
    const present = () =>
      call(app, '/InteractWithScreenApi/present', { courseid: course.id, interactid: deck }, { token: teacher.token });
    await present();
    await call(app, '/InteractWithScreenApi/gotoPage', { courseid: course.id, pageindex: 2 }, { token: teacher.token });
    expect((await present()).data.page).toBe(2);
    const past = await call(
      app,
      '/InteractWithScreenApi/gotoPage',
      { courseid: course.id, pageindex: 4 },
      { token: teacher.token },
    );
    expect(past).toMatchObject({ status: 0, code: CODES.badInput });
    expect(past.message).toBe('页码须是从 1 起的整数');
    await call(app, '/Futurev2/AttendClass/overClass', { courseid: course.id }, { token: teacher.token });
    expect(
      (await call(app, '/InteractWithScreenApi/listSlides', { courseid: course.id }, { token: student.token })).data.presenting,
    ).toBe(0);
  });

  it.runIf(redisUrl)('a page turned by a remote on one instance reaches a phone on another (Redis)', async () => {
    const other = await testApp(db);
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { teacher, course, student, deck } = await classroom();
      const classtimeid = await begin(teacher.token, course.id);
      await call(app, '/InteractWithScreenApi/present', { courseid: course.id, interactid: deck }, { token: teacher.token });
      const phone = await openSocket(socketUrl(other), student.token, { courseId: course.id });
      const remote = await openSocket(url, teacher.token, { courseId: course.id, classTimeId: classtimeid, remote: true });
      await remote.send({ cmd: 'goto_page', data: { pageindex: 3 } });
      await expect.poll(() => pagesHeard(phone.messages)).toEqual([3]);
      phone.close();
      remote.close();
    } finally {
      await other.close();
    }
  });
});
