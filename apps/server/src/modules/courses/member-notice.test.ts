import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, STRONG, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { jobs } from '../../db/schema';
import { nextOccurrence } from './member-notice';

const CST = 480;

describe('nextOccurrence', () => {
  // 2026-11-21 is a Saturday
  it('finds Saturday 21:30 later the same Saturday', () => {
    expect(nextOccurrence(new Date('2026-11-21T12:00:00+08:00'), 6, '21:30', CST).toISOString()).toBe(
      new Date('2026-11-21T21:30:00+08:00').toISOString(),
    );
  });
  it('goes to next week once the time has passed', () => {
    expect(nextOccurrence(new Date('2026-11-21T21:30:00+08:00'), 6, '21:30', CST).toISOString()).toBe(
      new Date('2026-11-28T21:30:00+08:00').toISOString(),
    );
  });
  it('counts days in the school’s zone, not UTC', () => {
    // 2026-11-22 01:00 in Beijing is still Saturday in UTC
    expect(nextOccurrence(new Date('2026-11-22T01:00:00+08:00'), 1, '08:00', CST).toISOString()).toBe(
      new Date('2026-11-23T08:00:00+08:00').toISOString(),
    );
  });
});

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

describe('weekly member-change notice', () => {
  it('is scheduled for Saturday 21:30 and tells the teachers who joined and left', async () => {
    const t = await newTeacher(app);
    const c = await newCourse(app, t.token, { coursename: '数据结构' });
    expect((await call(app, '/CourseApi/getMemberSetting', { courseid: c.id }, { token: t.token })).data).toEqual({
      courseid: c.id,
      notify: 1,
      weekday: 6,
      time: '21:30',
    });
    const [job] = await app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `member-notice:${c.id}`));
    const local = new Date(job!.runAt.getTime() + CST * 60_000);
    expect([local.getUTCDay(), local.getUTCHours(), local.getUTCMinutes()]).toEqual([6, 21, 30]);

    const [a, b] = [await registerUser(app), await registerUser(app)];
    for (const s of [a, b]) await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    await call(app, '/CourseApi/quitCourse', { courseid: c.id, password: STRONG }, { token: b.token });

    expect(await app.ctx.jobs.runDue(new Date(job!.runAt.getTime() + 1000))).toBeGreaterThanOrEqual(1);
    const notices = (await call(app, '/MessageApi/lists', {}, { token: t.token })).data;
    // each join was told at once (issue 12); the weekly notice sums the week up
    expect(notices).toMatchObject({ total: 3, unread: 3 });
    expect(notices.list.map((n: { action: string }) => n.action)).toEqual(['member_change', 'member_join', 'member_join']);
    expect(notices.list[0]).toMatchObject({
      courseid: c.id,
      isread: 0,
      action: 'member_change',
      title: '《数据结构》本周成员变动：加入 2 人，退出 1 人',
    });
    // the next week is already on the queue
    const [next] = await app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `member-notice:${c.id}`));
    expect(next!.runAt.getTime() - job!.runAt.getTime()).toBe(7 * 86_400_000);
    expect(next!.doneAt).toBeNull();
  });

  it('can be moved or switched off by the teachers only, with clear errors', async () => {
    const t = await newTeacher(app);
    const s = await registerUser(app);
    const c = await newCourse(app, t.token);
    await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    expect((await call(app, '/CourseApi/getMemberSetting', { courseid: c.id }, { token: s.token })).code).toBe(40003);
    expect(
      (
        await call(
          app,
          '/CourseApi/saveMemberSetting',
          { courseid: c.id, notify: 1, weekday: 7, time: '21:30' },
          { token: t.token },
        )
      ).message,
    ).toBe('请选择星期几');
    expect(
      (
        await call(
          app,
          '/CourseApi/saveMemberSetting',
          { courseid: c.id, notify: 1, weekday: 1, time: '25:00' },
          { token: t.token },
        )
      ).message,
    ).toBe('请选择时间（时:分）');
    expect(
      (
        await call(
          app,
          '/CourseApi/saveMemberSetting',
          { courseid: c.id, notify: 1, weekday: 1, time: '08:00' },
          { token: t.token },
        )
      ).data,
    ).toMatchObject({ weekday: 1, time: '08:00' });
    const [moved] = await app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `member-notice:${c.id}`));
    expect(new Date(moved!.runAt.getTime() + CST * 60_000).getUTCDay()).toBe(1);
    await call(app, '/CourseApi/saveMemberSetting', { courseid: c.id, notify: 0, weekday: 1, time: '08:00' }, { token: t.token });
    expect(
      await app.ctx.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `member-notice:${c.id}`)),
    ).toEqual([]);
  });

  it('sends nothing in a week without changes', async () => {
    const t = await newTeacher(app);
    const c = await newCourse(app, t.token);
    const [job] = await app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `member-notice:${c.id}`));
    await app.ctx.jobs.runDue(new Date(job!.runAt.getTime() + 1000));
    expect((await call(app, '/MessageApi/lists', {}, { token: t.token })).data.total).toBe(0);
  });
});

describe('message notices', () => {
  it('go from unread to read one by one or all at once, and only for their owner', async () => {
    const t = await newTeacher(app);
    const other = await newTeacher(app);
    const c = await newCourse(app, t.token, { coursename: '编译原理' });
    const s = await registerUser(app);
    await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    const [job] = await app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `member-notice:${c.id}`));
    await app.ctx.jobs.runDue(new Date(job!.runAt.getTime() + 1000));
    await app.ctx.jobs.runDue(new Date(job!.runAt.getTime() + 7 * 86_400_000 + 1000));
    const list = (await call(app, '/MessageApi/lists', { page: 1, limit: 10 }, { token: t.token })).data;
    // the join, told at once, and the one weekly notice
    expect(list.total).toBe(2);
    const id = list.list[0].id;
    expect((await call(app, '/MessageApi/readIt', { id }, { token: other.token })).code).toBe(40004);
    expect((await call(app, '/MessageApi/readIt', { id }, { token: t.token })).data).toEqual({ id, isread: 1 });
    expect((await call(app, '/MessageApi/lists', { unread: 1 }, { token: t.token })).data.total).toBe(1);
    expect((await call(app, '/MessageApi/readAll', {}, { token: t.token })).data).toEqual({ count: 1 });
    expect((await call(app, '/MessageApi/lists', { unread: 1 }, { token: t.token })).data.total).toBe(0);
    expect((await call(app, '/MessageApi/lists', {}, { token: other.token })).data.total).toBe(0);
  });
});
