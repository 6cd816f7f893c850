import { CODES, PPT_PAGING_EVENT } from '@paiclass/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { pdfWithPages } from '../../../test/documents';
import { call, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { openSocket, socketUrl } from '../../../test/sockets';
import { classPresentations } from '../../db/schema';

/**
 * Issue 25, decision 029: during a class a student sees no slide past the pages the classroom screen
 * has shown, on the server too (the slide image itself is refused), unless the teacher lets them.
 */

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

async function courseware(token: string, courseid: number, pages: string[]) {
  const res = await upload(app, '/UploadApi/uploadV2', token, {}, { name: 'slides.pdf', data: pdfWithPages(pages) });
  const added = await call(
    app,
    '/FutureV2/CourseMeans/addContent',
    { courseid, contenttype: 1, title: '第三章', fileids: [res.data.file.id] },
    { token },
  );
  expect(added.status).toBe(1);
  await runJobs();
  return added.data.id as number;
}

async function classOnSlides() {
  const teacher = await newTeacher(app);
  const course = await newCourse(app, teacher.token);
  const student = await registerUser(app);
  await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: student.token });
  const deck = await courseware(teacher.token, course.id, ['One', 'Two', 'Three', 'Four']);
  const classtimeid = (await call(app, '/Futurev2/AttendClass/beginClass', { courseid: course.id }, { token: teacher.token }))
    .data.classtimeid as number;
  const shown = await call(
    app,
    '/InteractWithScreenApi/present',
    { courseid: course.id, interactid: deck },
    { token: teacher.token },
  );
  expect(shown.status).toBe(1);
  return { teacher, course, student, deck, classtimeid };
}

const slidesFor = async (token: string, courseid: number) =>
  (await call(app, '/InteractWithScreenApi/listSlides', { courseid }, { token })).data;

/** Fetches a slide image by its address, or by the address with another page number put in by hand. */
async function fetchPage(address: string, page?: number) {
  const u = new URL(address);
  if (page !== undefined) u.searchParams.set('page', String(page));
  const res = await app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  return { status: res.statusCode, type: String(res.headers['content-type']), body: res.body };
}

const turn = (token: string, courseid: number, pageindex: number) =>
  call(app, '/InteractWithScreenApi/gotoPage', { courseid, pageindex }, { token });

describe('paging ahead during a class (decision 029)', () => {
  it('holds a student to the pages the screen has shown, the slide image included; the teacher is not held', async () => {
    const { teacher, course, student } = await classOnSlides();
    const mine = await slidesFor(student.token, course.id);
    expect(mine).toMatchObject({ presenting: 1, page: 1, total: 4, ahead: 0, reached: 1 });
    expect(await fetchPage(mine.pages[0].url)).toMatchObject({ status: 200, type: 'image/jpeg' });
    // the next page's address, or page 1's with the number edited, opens nothing yet
    for (const tried of [await fetchPage(mine.pages[1].url), await fetchPage(mine.pages[0].url, 3)]) {
      expect(tried.type).toContain('application/json');
      expect(JSON.parse(tried.body)).toMatchObject({ status: 0, code: CODES.pageAhead, message: '老师还没讲到这一页' });
    }
    const teachers = await slidesFor(teacher.token, course.id);
    expect(await fetchPage(teachers.pages[3].url)).toMatchObject({ status: 200, type: 'image/jpeg' });

    // the screen reaches page 3 and goes back to 2: the student may look at 3, still not at 4
    await turn(teacher.token, course.id, 3);
    await turn(teacher.token, course.id, 2);
    expect(await slidesFor(student.token, course.id)).toMatchObject({ page: 2, reached: 3, ahead: 0 });
    expect((await fetchPage(mine.pages[2].url)).status).toBe(200);
    expect(JSON.parse((await fetchPage(mine.pages[3].url)).body).code).toBe(CODES.pageAhead);

    // class over: nothing is held back any more
    await call(app, '/Futurev2/AttendClass/overClass', { courseid: course.id }, { token: teacher.token });
    expect((await fetchPage(mine.pages[3].url)).status).toBe(200);
  });

  it("the teacher's switch lets students page ahead, told live; students cannot switch it; a bad value names its field", async () => {
    const { teacher, course, student, deck, classtimeid } = await classOnSlides();
    const phone = await openSocket(url, student.token, { courseId: course.id });

    const byStudent = await call(
      app,
      '/InteractWithScreenApi/setPaging',
      { courseid: course.id, ahead: 1 },
      { token: student.token },
    );
    expect(byStudent.code).toBe(CODES.forbidden);
    const bad = await call(
      app,
      '/InteractWithScreenApi/setPaging',
      { courseid: course.id, ahead: 'maybe' },
      { token: teacher.token },
    );
    expect(bad).toMatchObject({ status: 0, code: CODES.badInput, message: '是否允许学生往后翻页（ahead）须是 0 或 1' });
    const [before] = await app.ctx.db.select().from(classPresentations).where(eq(classPresentations.classTimeId, classtimeid));
    expect(before?.ahead).toBe(false);

    const on = await call(
      app,
      '/InteractWithScreenApi/setPaging',
      { courseid: String(course.id), ahead: 'true' },
      { token: teacher.token },
    );
    expect(on.data).toMatchObject({ presenting: 1, ahead: 1 });
    await expect
      .poll(() => phone.events(PPT_PAGING_EVENT).map((m) => m.data))
      .toEqual([{ courseid: course.id, classtimeid, interactid: deck, ahead: 1 }]);
    const mine = await slidesFor(student.token, course.id);
    expect(mine).toMatchObject({ ahead: 1, reached: 1 });
    expect((await fetchPage(mine.pages[3].url)).status).toBe(200);

    // the same setting again tells nobody; switched off, page 4 is held back again
    await call(app, '/InteractWithScreenApi/setPaging', { courseid: course.id, ahead: 1 }, { token: teacher.token });
    await call(app, '/InteractWithScreenApi/setPaging', { courseid: course.id, ahead: 0 }, { token: teacher.token });
    await expect.poll(() => phone.events(PPT_PAGING_EVENT).map((m) => m.data.ahead)).toEqual([1, 0]);
    expect(JSON.parse((await fetchPage(mine.pages[3].url)).body).code).toBe(CODES.pageAhead);

    // another courseware on the screen starts with the switch off
    await call(app, '/InteractWithScreenApi/setPaging', { courseid: course.id, ahead: 1 }, { token: teacher.token });
    const other = await courseware(teacher.token, course.id, ['A', 'B']);
    const next = await call(
      app,
      '/InteractWithScreenApi/present',
      { courseid: course.id, interactid: other },
      { token: teacher.token },
    );
    expect(next.data).toMatchObject({ interactid: other, ahead: 0, reached: 1 });

    // nothing on the screen: 31102
    await call(app, '/InteractWithScreenApi/stop', { courseid: course.id }, { token: teacher.token });
    const none = await call(app, '/InteractWithScreenApi/setPaging', { courseid: course.id, ahead: 1 }, { token: teacher.token });
    expect(none.code).toBe(CODES.notPresenting);
    phone.close();
  });
});
