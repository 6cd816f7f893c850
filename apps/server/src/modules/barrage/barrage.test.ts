import { BARRAGE_PER_CLASS_TIME, BARRAGE_VIP_USES_FREE } from '@paiclass/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, redisUrl, registerUser, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { connect, setActive } from '../../../test/sockets';
import { barrageMessages } from '../../db/schema';

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

async function course(students = 2, begin = true) {
  const owner = await newTeacher(app);
  const c = await newCourse(app, owner.token);
  const learners = [];
  for (let i = 0; i < students; i++) {
    const s = await registerUser(app);
    expect((await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token })).status).toBe(1);
    learners.push(s);
  }
  if (begin)
    expect((await call(app, '/Futurev2/AttendClass/beginClass', { courseid: c.id }, { token: owner.token })).status).toBe(1);
  return { owner, course: c, learners };
}

const rows = (courseId: number) => app.ctx.db.select().from(barrageMessages).where(eq(barrageMessages.courseId, courseId));
/** moves the student's comments back in time, past the per-student interval */
const age = (userId: number) =>
  app.ctx.db
    .update(barrageMessages)
    .set({ createdAt: sql`${barrageMessages.createdAt} - interval '10 seconds'` })
    .where(eq(barrageMessages.userId, userId));

describe('barrage', () => {
  it('is off until the teacher switches it on; the switch and each comment reach everyone with the course open', async () => {
    const { owner, course: c, learners } = await course(2);
    const [a, b] = learners as [(typeof learners)[0], (typeof learners)[0]];
    const teacher = await connect(port, owner.token);
    const other = await connect(port, b.token);
    await teacher.send(setActive(c.id));
    await other.send(setActive(c.id));

    const off = await call(app, '/FutureV2/Barrage/sendBarrage', { courseid: c.id, content: '你好' }, { token: a.token });
    expect(off).toMatchObject({ status: 0, code: 31202, message: '老师没有开启弹幕' });
    const on = await call(app, '/FutureV2/Barrage/setStatus', { courseid: String(c.id), status: '1' }, { token: owner.token });
    expect(on).toMatchObject({ status: 1, data: { courseid: c.id, status: 1 } });
    await expect.poll(() => other.events('Barrage.switch').map((m) => m.data.status)).toEqual([1]);

    const sent = await call(
      app,
      '/Futurev2/Barrage/sendBarrage',
      { courseid: String(c.id), content: '  <b>老师</b>讲得\n好！ ', isvip: '1', coruserole: 0, reqtimestamp: 1 },
      { token: a.token },
    );
    expect(sent).toMatchObject({ status: 1, data: { content: '老师讲得 好！', vip: 1, uid: a.uid, username: '测试同学' } });
    for (const s of [teacher, other]) await expect.poll(() => s.events('Barrage.new').map((m) => m.data)).toEqual([sent.data]);

    const listed = await call(app, '/FutureV2/Barrage/lists', { courseid: c.id }, { token: owner.token });
    expect(listed.data).toMatchObject({ status: 1, list: [{ id: sent.data.id, content: '老师讲得 好！' }] });
    expect((await rows(c.id))[0]).toMatchObject({ content: '老师讲得 好！', vip: true });
    teacher.close();
    other.close();
  });

  it('sends over the socket command Barrage.send for the course the socket has open', async () => {
    const { owner, course: c, learners } = await course(1);
    await call(app, '/FutureV2/Barrage/setStatus', { courseid: c.id, status: 1 }, { token: owner.token });
    const s = await connect(port, learners[0]!.token);
    await s.send(setActive(c.id), { cmd: 'Barrage.send', data: { content: '来自 socket' } });
    expect(s.events('Barrage.send.ok')[0]!.data).toMatchObject({ content: '来自 socket', vip: 0 });
    await expect.poll(() => s.events('Barrage.new').map((m) => m.data.content)).toEqual(['来自 socket']);
    // a bad input over the socket names its problem
    await age(learners[0]!.uid);
    await s.send({ cmd: 'Barrage.send', data: { content: '' } });
    expect(s.events('User.error').at(-1)).toMatchObject({
      code: -1,
      msg: '弹幕内容不能为空',
      data: { cmd: 'Barrage.send', code: 40001 },
    });
    expect(await rows(c.id)).toHaveLength(1);
    s.close();
  });

  it('refuses empty, too long, too fast, past the count and past the VIP uses, writing nothing', async () => {
    const { owner, course: c, learners } = await course(1);
    const me = learners[0]!;
    await call(app, '/FutureV2/Barrage/setStatus', { courseid: c.id, status: 1 }, { token: owner.token });
    const send = (body: Record<string, unknown>, lang?: string) =>
      call(app, '/FutureV2/Barrage/sendBarrage', { courseid: c.id, ...body }, { token: me.token, lang });
    expect(await send({ content: '<p> </p>' })).toMatchObject({ code: 40001, message: '弹幕内容不能为空' });
    expect(await send({ content: '字'.repeat(51) })).toMatchObject({ code: 40001, message: '弹幕最多 50 个字' });
    expect(await send({ content: 'x', vip: 2 })).toMatchObject({ code: 40001, message: '开关只能是 0 或 1' });
    expect(await send({ content: 'x', courseid: 'abc' })).toMatchObject({ code: 40001, message: '课程不存在' });
    expect(await rows(c.id)).toHaveLength(0);

    expect((await send({ content: '字'.repeat(50), vip: 1 })).status).toBe(1);
    expect(await send({ content: '再来' })).toMatchObject({ code: 31203 });
    for (let i = 1; i < BARRAGE_VIP_USES_FREE; i++) {
      await age(me.uid);
      expect((await send({ content: `vip ${i}`, vip: 1 })).status).toBe(1);
    }
    await age(me.uid);
    expect(await send({ content: 'vip again', vip: 1 })).toMatchObject({ code: 31205, message: '本节课的炫彩弹幕次数已用完' });
    const vip = await call(app, '/FutureV2/Barrage/getVIPBarrageUseCount', { courseid: c.id }, { token: me.token });
    expect(vip.data).toEqual({ used: BARRAGE_VIP_USES_FREE, total: BARRAGE_VIP_USES_FREE, left: 0 });

    // the rest of the class time's allowance, written directly, then one more is refused
    const [first] = await rows(c.id);
    await app.ctx.db.insert(barrageMessages).values(
      Array.from({ length: BARRAGE_PER_CLASS_TIME - BARRAGE_VIP_USES_FREE }, () => ({
        classTimeId: first!.classTimeId,
        courseId: c.id,
        userId: me.uid,
        content: 'old',
        createdAt: new Date(Date.now() - 60_000),
      })),
    );
    expect(await send({ content: 'one more' })).toMatchObject({ code: 31204 });
    const config = await call(app, '/FutureV2/Barrage/getConfig', { courseid: c.id }, { token: me.token });
    expect(config.data).toMatchObject({
      status: 1,
      maxlength: 50,
      interval: 3000,
      limit: BARRAGE_PER_CLASS_TIME,
      sent: BARRAGE_PER_CLASS_TIME,
    });
    expect(await rows(c.id)).toHaveLength(BARRAGE_PER_CLASS_TIME);
  });

  it('belongs to a class in progress, to students, and its switch and deletes to the teacher', async () => {
    const { owner, course: c, learners } = await course(1, false);
    const me = learners[0]!;
    const stranger = await registerUser(app);
    expect(await call(app, '/FutureV2/Barrage/setStatus', { courseid: c.id, status: 1 }, { token: owner.token })).toMatchObject({
      code: 31201,
    });
    expect(
      await call(app, '/FutureV2/Barrage/sendBarrage', { courseid: c.id, content: 'hi' }, { token: me.token }),
    ).toMatchObject({ code: 31201 });
    const idle = await call(app, '/FutureV2/Barrage/getConfig', { courseid: c.id }, { token: me.token });
    expect(idle.data).toMatchObject({ classtimeid: 0, status: 0 });
    expect((await call(app, '/FutureV2/Barrage/lists', { courseid: c.id }, { token: me.token })).data).toEqual({
      classtimeid: 0,
      status: 0,
      list: [],
    });

    await call(app, '/Futurev2/AttendClass/beginClass', { courseid: c.id }, { token: owner.token });
    expect(await call(app, '/FutureV2/Barrage/setStatus', { courseid: c.id, status: 1 }, { token: me.token })).toMatchObject({
      code: 40003,
    });
    await call(app, '/FutureV2/Barrage/setStatus', { courseid: c.id, status: 1 }, { token: owner.token });
    expect(
      await call(app, '/FutureV2/Barrage/sendBarrage', { courseid: c.id, content: 'hi' }, { token: owner.token }),
    ).toMatchObject({ code: 31207 });
    expect(
      await call(app, '/FutureV2/Barrage/sendBarrage', { courseid: c.id, content: 'hi' }, { token: stranger.token }),
    ).toMatchObject({ code: 30202 });
    expect(await call(app, '/FutureV2/Barrage/lists', { courseid: c.id }, { token: stranger.token })).toMatchObject({
      code: 30202,
    });

    const sent = await call(app, '/FutureV2/Barrage/sendBarrage', { courseid: c.id, content: '删掉我' }, { token: me.token });
    const watcher = await connect(port, me.token);
    await watcher.send(setActive(c.id));
    expect(
      await call(app, '/FutureV2/Barrage/delBarrage', { courseid: c.id, id: sent.data.id }, { token: me.token }),
    ).toMatchObject({ code: 40003 });
    expect(await call(app, '/FutureV2/Barrage/delBarrage', { courseid: c.id, id: 'x' }, { token: owner.token })).toMatchObject({
      code: 40001,
      message: '请选择弹幕',
    });
    expect(
      (await call(app, '/FutureV2/Barrage/delBarrage', { courseid: c.id, id: sent.data.id }, { token: owner.token })).status,
    ).toBe(1);
    await expect.poll(() => watcher.events('Barrage.deleted').map((m) => m.data.id)).toEqual([sent.data.id]);
    expect((await call(app, '/FutureV2/Barrage/lists', { courseid: c.id }, { token: owner.token })).data.list).toEqual([]);
    // deleted, it still counts
    expect((await call(app, '/FutureV2/Barrage/getConfig', { courseid: c.id }, { token: me.token })).data.sent).toBe(1);
    expect(await call(app, '/FutureV2/Barrage/delBarrage', { courseid: c.id, id: 999999 }, { token: owner.token })).toMatchObject(
      { code: 40004 },
    );
    // switched off, live
    await call(app, '/FutureV2/Barrage/setStatus', { courseid: c.id, status: 0 }, { token: owner.token });
    await expect.poll(() => watcher.events('Barrage.switch').map((m) => m.data.status)).toEqual([0]);
    await age(me.uid);
    expect(
      await call(app, '/FutureV2/Barrage/sendBarrage', { courseid: c.id, content: 'hi' }, { token: me.token }),
    ).toMatchObject({ code: 31202 });
    watcher.close();
  });

  it.runIf(redisUrl)('carries a comment sent on one instance to a socket on another (Redis)', async () => {
    const other = await testApp(db);
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { owner, course: c, learners } = await course(1);
      await call(app, '/FutureV2/Barrage/setStatus', { courseid: c.id, status: 1 }, { token: owner.token });
      const onB = await connect((other.server.address() as { port: number }).port, owner.token);
      await onB.send(setActive(c.id));
      await call(app, '/FutureV2/Barrage/sendBarrage', { courseid: c.id, content: '跨实例' }, { token: learners[0]!.token });
      await expect.poll(() => onB.events('Barrage.new').map((m) => m.data.content)).toEqual(['跨实例']);
      onB.close();
    } finally {
      await other.close();
    }
  });
});
