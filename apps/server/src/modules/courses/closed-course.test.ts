import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { comments, submissions } from '../../db/schema';

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

const now = () => Math.floor(Date.now() / 1000);

/** A course with a student, an assistant and a homework, ended by its teacher with `canvisit`. */
async function endedCourse(canvisit: 0 | 1) {
  const teacher = await newTeacher(app);
  const assistant = await newTeacher(app);
  const student = await registerUser(app);
  const course = await newCourse(app, teacher.token);
  await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: student.token });
  await call(app, '/AssistantApi/addAssistant', { courseid: course.id, account: assistant.mobile }, { token: teacher.token });
  const hw = (
    await call(
      app,
      '/HomeworkApi/addHomework',
      { courseid: course.id, title: '期末报告', endtime: now() + 86400 },
      { token: teacher.token },
    )
  ).data as { id: number };
  // uploaded before the course ends: the refusal must be the course's, not the file's
  const file = (
    await upload(
      app,
      '/UploadApi/uploadV2',
      student.token,
      {},
      { name: 'a.txt', data: Buffer.from(randomBytes(8).toString('hex')) },
    )
  ).data.file.id as number;
  expect((await call(app, '/CourseApi/endCourse', { courseid: course.id, canvisit }, { token: teacher.token })).status).toBe(1);
  return { teacher, assistant, student, course, hw, file };
}

describe('an ended course closed to visits', () => {
  it('refuses its student reading, submitting and commenting with 30313, and writes nothing', async () => {
    const { student, course, hw, file } = await endedCourse(0);
    const as = (path: string, body: Record<string, unknown>) => call(app, path, body, { token: student.token });
    const closed = { status: 0, code: 30313, message: '系统提醒：课程已结课，老师已禁止访问', data: null };

    expect(await as('/FutureV2/CourseMeans/getCourseContent', { courseid: course.id, contenttype: 4 })).toEqual(closed);
    expect(await as('/HomeworkApi/getHomework', { courseid: course.id, id: hw.id })).toEqual(closed);
    expect(await as('/ScoreApi/getScoreBook', { courseid: course.id })).toEqual(closed);
    expect(await as('/CourseApi/getCourseIntro', { courseid: course.id })).toMatchObject({ code: 30313 });

    expect(await as('/HomeworkApi/stuWorkSubmit', { courseid: course.id, id: hw.id, fileids: [file] })).toEqual(closed);
    expect(await app.ctx.db.select().from(submissions).where(eq(submissions.contentId, hw.id))).toEqual([]);

    expect(await as('/Futurev2/Comment/addComment', { contentid: hw.id, content: '老师好' })).toEqual(closed);
    expect(await app.ctx.db.select().from(comments).where(eq(comments.contentId, hw.id))).toEqual([]);
  });

  it('answers the refusal in the English of an English account', async () => {
    const { student, course, hw } = await endedCourse(0);
    await call(app, '/UserApi/setLanguage', { lang: 'en' }, { token: student.token });
    expect(
      await call(app, '/HomeworkApi/getHomework', { courseid: course.id, id: hw.id }, { token: student.token }),
    ).toMatchObject({
      code: 30313,
      message: 'This course has ended and the teacher has closed it to students',
    });
  });

  it('still tells its student why (course info with classending and canvisit) and lets them quit, archive and pin it', async () => {
    const { student, course } = await endedCourse(0);
    const info = await call(app, '/CourseApi/getCourseInfo', { courseid: course.id }, { token: student.token });
    expect(info.data).toMatchObject({ courseRole: 0, classending: 1, canvisit: 0 });
    expect(info.data.authData.sort()).toEqual(['archive', 'pin', 'quit']);
    expect((await call(app, '/CourseApi/archiveCourse', { courseid: course.id }, { token: student.token })).status).toBe(1);
  });

  it('gives its student no to-dos of it', async () => {
    const { student, course, hw } = await endedCourse(0);
    const todos = (await call(app, '/Futurev2/Todo/getTodoList', { page: 1 }, { token: student.token })).data;
    expect(todos.list.map((t: { contentid: number }) => t.contentid)).not.toContain(hw.id);
    expect(todos.courses.map((c: { id: number }) => c.id)).not.toContain(course.id);
  });

  it('stays open to its teacher and assistant', async () => {
    const { teacher, assistant, course, hw } = await endedCourse(0);
    for (const token of [teacher.token, assistant.token]) {
      expect((await call(app, '/HomeworkApi/getHomework', { courseid: course.id, id: hw.id }, { token })).status).toBe(1);
      expect(
        (await call(app, '/FutureV2/CourseMeans/getCourseContent', { courseid: course.id, contenttype: 4 }, { token })).status,
      ).toBe(1);
      expect((await call(app, '/Futurev2/Comment/addComment', { contentid: hw.id, content: '期末讲评' }, { token })).status).toBe(
        1,
      );
    }
  });
});

describe('an ended course open to visits', () => {
  it('stays usable by its student: read, submit and comment', async () => {
    const { student, course, hw, file } = await endedCourse(1);
    const as = (path: string, body: Record<string, unknown>) => call(app, path, body, { token: student.token });
    expect((await as('/HomeworkApi/getHomework', { courseid: course.id, id: hw.id })).status).toBe(1);
    expect((await as('/HomeworkApi/stuWorkSubmit', { courseid: course.id, id: hw.id, fileids: [file] })).status).toBe(1);
    expect((await as('/Futurev2/Comment/addComment', { contentid: hw.id, content: '谢谢老师' })).status).toBe(1);
  });
});
