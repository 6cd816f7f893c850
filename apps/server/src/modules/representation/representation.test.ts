import { STAR_EVENT, STARS_PER_CLASS_TIME } from '@paiclass/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { courseStars } from '../../db/schema';

let db: TestDatabase;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

/** a classroom socket (always in its user's room) and the messages it received */
async function listen(token: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/classroom`, [token, 'hash']);
  // biome-ignore lint/suspicious/noExplicitAny: each event has its own data; the test knows its shape
  const messages: { cmd: string; data: any }[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(String(raw))));
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  return { events: (cmd: string) => messages.filter((m) => m.cmd === cmd), close: () => socket.close() };
}

async function course(students = 2, begin = true) {
  const owner = await newTeacher(app);
  const c = await newCourse(app, owner.token);
  const learners = [];
  for (let i = 0; i < students; i++) {
    const s = await registerUser(app, { username: `学生${i + 1}` });
    expect((await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token })).status).toBe(1);
    learners.push(s);
  }
  if (begin)
    expect((await call(app, '/Futurev2/AttendClass/beginClass', { courseid: c.id }, { token: owner.token })).status).toBe(1);
  return { owner, course: c, learners: learners as [(typeof learners)[0], (typeof learners)[0]] };
}

const rows = (courseId: number) => app.ctx.db.select().from(courseStars).where(eq(courseStars.courseId, courseId));
const add = (token: string, body: Record<string, unknown>) => call(app, '/Futurev2/Representation/addStar', body, { token });
const takeBack = (token: string, body: Record<string, unknown>) =>
  call(app, '/Futurev2/Representation/takeBackStar', body, { token });

describe('stars', () => {
  it('awards a student a star in class with a reason; their page is told, another student is not', async () => {
    const { owner, course: c, learners } = await course(2);
    const [a, b] = learners;
    const sa = await listen(a.token);
    const sb = await listen(b.token);
    const given = await add(owner.token, {
      courseid: String(c.id),
      uid: String(a.uid),
      reason: '  <b>回答</b>得好 ',
      coruserole: 1,
      reqtimestamp: 1,
    });
    expect(given).toMatchObject({
      status: 1,
      data: {
        courseid: c.id,
        uid: a.uid,
        total: 1,
        awarded: 1,
        left: STARS_PER_CLASS_TIME - 1,
        entry: { stars: 1, reason: '回答得好' },
      },
    });
    expect(given.data.entry.classtimeid).toBeGreaterThan(0);
    await expect.poll(() => sa.events(STAR_EVENT).map((m) => m.data)).toEqual([given.data]);
    expect(sb.events(STAR_EVENT)).toEqual([]);
    expect(await rows(c.id)).toMatchObject([{ userId: a.uid, stars: 1, reason: '回答得好', givenBy: owner.uid }]);

    const log = await call(app, '/Futurev2/Representation/starLog', { courseid: c.id }, { token: a.token });
    expect(log.data).toMatchObject({
      uid: a.uid,
      username: '学生1',
      total: 1,
      count: 1,
      list: [{ stars: 1, reason: '回答得好' }],
    });
    expect(log.data.list[0].givenbyname).toBeTruthy();
    sa.close();
    sb.close();
  });

  it('gives several at once, takes some back (never below zero) and keeps both in the log, newest first', async () => {
    const { owner, course: c, learners } = await course(1);
    const [a] = learners;
    expect((await add(owner.token, { courseid: c.id, userid: a.uid, num: '3', remark: '积极发言' })).data.total).toBe(3);
    const back = await takeBack(owner.token, { courseid: c.id, uid: a.uid, reason: '误加' });
    expect(back).toMatchObject({ status: 1, data: { total: 2, awarded: 2, entry: { stars: -1, reason: '误加' } } });
    const tooMany = await takeBack(owner.token, { courseid: c.id, uid: a.uid, stars: 3 });
    expect(tooMany).toMatchObject({ status: 0, code: 31403, message: '这位同学没有这么多星星可以收回' });
    const log = await call(app, '/Futurev2/Representation/starLog', { courseid: c.id, uid: a.uid }, { token: owner.token });
    expect(log.data).toMatchObject({ total: 2, count: 2, list: [{ stars: -1 }, { stars: 3 }] });
    expect((await rows(c.id)).length).toBe(2);
  });

  it('refuses more than the per-class limit for one student, and counts a take-back', async () => {
    const { owner, course: c, learners } = await course(1);
    const [a] = learners;
    for (let i = 0; i < STARS_PER_CLASS_TIME / 5; i++)
      expect((await add(owner.token, { courseid: c.id, uid: a.uid, stars: 5 })).status).toBe(1);
    const over = await add(owner.token, { courseid: c.id, uid: a.uid });
    expect(over).toMatchObject({ status: 0, code: 31402 });
    expect((await rows(c.id)).length).toBe(STARS_PER_CLASS_TIME / 5);
    await takeBack(owner.token, { courseid: c.id, uid: a.uid });
    expect((await add(owner.token, { courseid: c.id, uid: a.uid })).data).toMatchObject({ total: STARS_PER_CLASS_TIME, left: 0 });
  });

  it('outside class gives stars too, with no class time', async () => {
    const { owner, course: c, learners } = await course(1, false);
    const given = await add(owner.token, { courseid: c.id, uid: learners[0].uid });
    expect(given.data.entry.classtimeid).toBe(0);
    expect((await rows(c.id))[0]!.classTimeId).toBeNull();
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const { owner, course: c, learners } = await course(1);
    const a = learners[0];
    // each message names its field in words (the envelope's rule for a message of its own)
    const cases: [Record<string, unknown>, string][] = [
      [{ courseid: c.id }, '请选择学生'],
      [{ courseid: c.id, uid: 'x' }, '请选择学生'],
      [{ courseid: c.id, uid: a.uid, stars: 6 }, '一次可加 1-5 颗星'],
      [{ courseid: c.id, uid: a.uid, stars: '0' }, '一次可加 1-5 颗星'],
      [{ courseid: c.id, uid: a.uid, stars: 1.5 }, '一次可加 1-5 颗星'],
      [{ courseid: c.id, uid: a.uid, reason: '好'.repeat(51) }, '理由最多 50 个字'],
      [{ courseid: c.id, uid: a.uid, reason: { x: 1 } }, '理由最多 50 个字'],
      [{ courseid: 'abc', uid: a.uid }, '课程不存在'],
    ];
    for (const [body, message] of cases) {
      const res = await add(owner.token, body);
      expect(res, JSON.stringify(body)).toMatchObject({ status: 0, message });
    }
    expect(await rows(c.id)).toEqual([]);
  });

  it('lets only staff award, only to students of the course; a student reads only their own log', async () => {
    const { owner, course: c, learners } = await course(2);
    const [a, b] = learners;
    const assistant = await newTeacher(app);
    const stranger = await newTeacher(app);
    const other = await course(1);
    const made = await call(
      app,
      '/AssistantApi/addAssistant',
      { courseid: c.id, account: assistant.mobile },
      { token: owner.token },
    );
    expect(made.status).toBe(1);
    expect((await add(assistant.token, { courseid: c.id, uid: a.uid })).data).toMatchObject({
      total: 1,
      entry: { givenby: assistant.uid },
    });

    const before = (await rows(c.id)).length;
    expect(await add(b.token, { courseid: c.id, uid: a.uid })).toMatchObject({ status: 0, code: 40003 });
    expect(await add(stranger.token, { courseid: c.id, uid: a.uid })).toMatchObject({ status: 0, code: 30202 });
    expect(await add(owner.token, { courseid: c.id, uid: other.learners[0].uid })).toMatchObject({ status: 0, code: 31401 });
    expect(await add(owner.token, { courseid: c.id, uid: owner.uid })).toMatchObject({ status: 0, code: 31401 });
    expect(await add(owner.token, { courseid: c.id, uid: 999999 })).toMatchObject({ status: 0, code: 31401 });
    expect(await takeBack(a.token, { courseid: c.id, uid: a.uid })).toMatchObject({ status: 0, code: 40003 });
    expect((await rows(c.id)).length).toBe(before);

    const log = (token: string, body: Record<string, unknown>) => call(app, '/Futurev2/Representation/starLog', body, { token });
    expect(await log(b.token, { courseid: c.id, uid: a.uid })).toMatchObject({ status: 0, code: 40003 });
    expect(await log(b.token, { courseid: c.id, uid: String(b.uid) })).toMatchObject({
      status: 1,
      data: { uid: b.uid, total: 0 },
    });
    expect(await log(owner.token, { courseid: c.id })).toMatchObject({ status: 0, message: '请选择学生' });
    expect(await log(owner.token, { courseid: c.id, uid: other.learners[0].uid })).toMatchObject({ status: 0, code: 31401 });
    expect(await log(stranger.token, { courseid: c.id, uid: a.uid })).toMatchObject({ status: 0, code: 30202 });
    expect(
      await call(app, '/Futurev2/Representation/performanceStatistics', { courseid: c.id }, { token: a.token }),
    ).toMatchObject({ status: 0, code: 40003 });
  });

  it('lists every student with their stars for the teacher, most first, sharing ranks', async () => {
    const { owner, course: c, learners } = await course(2);
    const [a, b] = learners;
    const three = await registerUser(app, { username: '学生3' });
    await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: three.token });
    await add(owner.token, { courseid: c.id, uid: b.uid, stars: 2 });
    await add(owner.token, { courseid: c.id, uid: three.uid, stars: 2 });
    const stats = await call(
      app,
      '/futurev2//representation/performanceStatistics',
      { courseid: String(c.id) },
      { token: owner.token },
    );
    expect(stats).toMatchObject({ status: 1, data: { courseid: c.id, total: 4, limit: STARS_PER_CLASS_TIME } });
    expect(stats.data.classtimeid).toBeGreaterThan(0);
    expect(
      stats.data.list.map((s: { uid: number; total: number; rank: number; inclass: number }) => [
        s.uid,
        s.total,
        s.rank,
        s.inclass,
      ]),
    ).toEqual([
      [b.uid, 2, 1, 2],
      [three.uid, 2, 1, 2],
      [a.uid, 0, 3, 0],
    ]);
  });
});
