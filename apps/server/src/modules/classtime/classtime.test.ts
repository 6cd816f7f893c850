import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { classTimes, courseMembers } from '../../db/schema';

let db: TestDatabase;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws/classroom`;
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

/** A course with its owner, an assistant, a student and a stranger. */
async function classroom() {
  const owner = await newTeacher(app);
  const course = await newCourse(app, owner.token);
  const assistant = await newTeacher(app);
  await app.ctx.db.insert(courseMembers).values({ courseId: course.id, userId: assistant.uid, role: 'assistant' });
  const student = await registerUser(app);
  await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: student.token });
  const stranger = await registerUser(app);
  return { course, owner, assistant, student, stranger };
}

const status = async (token: string, courseid: number) =>
  call(app, '/Futurev2/AttendClass/classTimeStatus', { courseid }, { token });
const listed = async (token: string, courseid: number, isstudy: number) =>
  (
    (await call(app, '/CourseApi/semesterCourseList', { isstudy }, { token })).data as {
      id: number;
      type: number;
      have_class: number;
    }[]
  ).find((c) => Number(c.id) === Number(courseid));

describe('class time', () => {
  it('begins a class: members see it in progress and the course list says "in class" (type 3)', async () => {
    const { course, owner, student } = await classroom();
    expect((await status(student.token, course.id)).data).toMatchObject({ status: 0, classtimeid: 0 });
    expect(await listed(student.token, course.id, 1)).toMatchObject({ type: 0, have_class: 0 });
    const begun = await call(app, '/Futurev2/AttendClass/beginClass', { courseid: course.id }, { token: owner.token });
    expect(begun.data).toMatchObject({ status: 1, username: '测试同学', endtime: 0 });
    expect(begun.data.classtimeid).toBeGreaterThan(0);
    expect((await status(student.token, course.id)).data).toMatchObject({ status: 1, classtimeid: begun.data.classtimeid });
    expect(await listed(student.token, course.id, 1)).toMatchObject({ type: 3, have_class: 1 });
    expect(await listed(owner.token, course.id, 0)).toMatchObject({ type: 3, have_class: 1 });
    expect((await call(app, '/CourseApi/getCourseInfo', { courseid: course.id }, { token: student.token })).data).toMatchObject({
      type: 3,
    });
    // beginning again keeps the class in progress
    const again = await call(app, '/Futurev2/AttendClass/beginClass', { courseid: course.id }, { token: owner.token });
    expect(again.data.classtimeid).toBe(begun.data.classtimeid);
  });

  it('ends the class; ending again changes nothing; the record lists the lesson', async () => {
    const { course, assistant, student } = await classroom();
    await call(app, '/Futurev2/AttendClass/beginClass', { courseid: course.id }, { token: assistant.token });
    const over = await call(app, '/Futurev2/AttendClass/overClass', { courseid: course.id }, { token: assistant.token });
    expect(over.data.status).toBe(0);
    expect(over.data.endtime).toBeGreaterThan(0);
    expect(await listed(student.token, course.id, 1)).toMatchObject({ type: 0, have_class: 0 });
    expect(
      (await call(app, '/Futurev2/AttendClass/overClass', { courseid: course.id }, { token: assistant.token })).data,
    ).toMatchObject({ status: 0, classtimeid: 0 });
    const record = (await call(app, '/Classtime/getClassList', { courseid: course.id }, { token: assistant.token })).data.list;
    expect(record).toHaveLength(1);
    expect(record[0]).toMatchObject({ status: 0, classtimeid: over.data.classtimeid });
  });

  it('lets only the owner and assistants begin and end classes, and strangers see nothing', async () => {
    const { course, student, stranger } = await classroom();
    for (const path of ['/Futurev2/AttendClass/beginClass', '/Futurev2/AttendClass/overClass', '/Classtime/getClassList'])
      expect((await call(app, path, { courseid: course.id }, { token: student.token })).code).toBe(40003);
    for (const path of [
      '/Futurev2/AttendClass/classTimeStatus',
      '/Futurev2/AttendClass/beginClass',
      '/Futurev2/AttendClass/overClass',
      '/Classtime/getClassList',
    ])
      expect((await call(app, path, { courseid: course.id }, { token: stranger.token })).code).toBe(30202);
    expect((await call(app, '/Futurev2/AttendClass/beginClass', { courseid: 'x' }, { token: student.token })).code).toBe(40001);
    expect(await app.ctx.db.select().from(classTimes).where(eq(classTimes.courseId, course.id))).toEqual([]);
  });

  it('refuses to begin a class in an ended course', async () => {
    const { course, owner } = await classroom();
    await call(app, '/CourseApi/endCourse', { courseid: course.id, canvisit: 1 }, { token: owner.token });
    expect(await call(app, '/Futurev2/AttendClass/beginClass', { courseid: course.id }, { token: owner.token })).toMatchObject({
      code: 30312,
      message: '课程已结课，不能再上课',
    });
    expect(await app.ctx.db.select().from(classTimes).where(eq(classTimes.courseId, course.id))).toEqual([]);
  });

  it('counts a class nobody ended as over after 4 hours, and a new one can begin', async () => {
    const { course, owner, student } = await classroom();
    const started = new Date(Date.now() - 5 * 3600_000);
    await app.ctx.db.insert(classTimes).values({ courseId: course.id, startedBy: owner.uid, startedAt: started });
    expect(await listed(student.token, course.id, 1)).toMatchObject({ type: 0 });
    expect((await status(student.token, course.id)).data.status).toBe(0);
    const begun = await call(app, '/Futurev2/AttendClass/beginClass', { courseid: course.id }, { token: owner.token });
    expect(begun.data.status).toBe(1);
    const record = (await call(app, '/Classtime/getClassList', { courseid: course.id }, { token: owner.token })).data.list;
    expect(record.map((r: { status: number; duration: number }) => [r.status, r.duration])).toEqual([
      [1, 0],
      [0, 240],
    ]);
  });

  it('tells the sockets that have the course open that class began and is over; an outsider cannot open it', async () => {
    const { course, owner, student, stranger } = await classroom();
    const openAs = async (token: string) => {
      const socket = new WebSocket(base, [token, 'hash']);
      const messages: { cmd: string; code: number; data: { courseid: number; status: number } }[] = [];
      socket.on('message', (m) => messages.push(JSON.parse(String(m))));
      await new Promise((resolve) => socket.on('open', resolve));
      // messages are handled in order: the pong comes once the course is open
      socket.send(
        JSON.stringify({ cmd: 'AttendClass.setActive', data: { classId: String(course.id), classTimeId: 0, courserole: 0 } }),
      );
      socket.send(JSON.stringify({ cmd: 'ping', data: 1 }));
      await expect.poll(() => messages.some((m) => m.cmd === 'System.pong')).toBe(true);
      return { socket, messages };
    };
    const mine = await openAs(student.token);
    const theirs = await openAs(stranger.token);
    await call(app, '/Futurev2/AttendClass/beginClass', { courseid: course.id }, { token: owner.token });
    await call(app, '/Futurev2/AttendClass/overClass', { courseid: course.id }, { token: owner.token });
    await expect
      .poll(() => mine.messages.map((m) => m.cmd))
      .toEqual(['System.pong', 'AttendClass.classBegin', 'AttendClass.classOver']);
    expect(mine.messages[1]!.data).toMatchObject({ courseid: course.id, status: 1 });
    expect(theirs.messages.map((m) => [m.cmd, m.code])).toEqual([
      ['User.error', -1],
      ['System.pong', 0],
    ]);
    mine.socket.close();
    theirs.socket.close();
  });
});
