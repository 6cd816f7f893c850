import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';

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

async function classroom(size: number, set: Record<string, unknown>) {
  const t = await newTeacher(app);
  const c = await newCourse(app, t.token);
  const students = [];
  for (let i = 0; i < size; i++) {
    const s = await registerUser(app);
    await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    students.push(s);
  }
  const created = await call(
    app,
    '/CourseGroupActivityApi/add',
    { courseid: c.id, title: '课程项目分组', ...set },
    { token: t.token },
  );
  if (created.status !== 1) throw new Error(created.message);
  return { t, c, students, set: created.data as { id: number } };
}
const info = async (token: string, courseid: number, id: number) =>
  (await call(app, '/CourseGroupActivityApi/info', { courseid, id }, { token })).data;

describe('groupings', () => {
  it('creates, edits, lists and deletes groupings; teachers only', async () => {
    const { t, c, students, set } = await classroom(1, { type: 2, membercap: 3, groupcap: 2, allowcreate: 1 });
    expect(
      (await call(app, '/CourseGroupActivityApi/lists', { courseid: c.id }, { token: students[0]!.token })).data,
    ).toMatchObject([{ id: set.id, title: '课程项目分组', type: 2, membercap: 3, groupcap: 2, allowcreate: 1 }]);
    expect(
      (
        await call(
          app,
          '/CourseGroupActivityApi/add',
          { courseid: c.id, title: '学生建的', type: 2 },
          { token: students[0]!.token },
        )
      ).code,
    ).toBe(40003);
    expect(
      (await call(app, '/CourseGroupActivityApi/add', { courseid: c.id, title: '', type: 2 }, { token: t.token })).message,
    ).toBe('请输入分组名称');
    expect(
      (await call(app, '/CourseGroupActivityApi/add', { courseid: c.id, title: 'x', type: 4 }, { token: t.token })).message,
    ).toBe('请选择分组方式：固定、自由或限制');
    expect(
      (
        await call(
          app,
          '/CourseGroupActivityApi/edit',
          { courseid: c.id, id: set.id, title: '改过的', type: 3, membercap: 2 },
          { token: t.token },
        )
      ).data,
    ).toMatchObject({ title: '改过的', type: 3 });
    expect((await call(app, '/CourseGroupActivityApi/delete', { courseid: c.id, id: set.id }, { token: t.token })).status).toBe(
      1,
    );
    expect((await call(app, '/CourseGroupActivityApi/lists', { courseid: c.id }, { token: t.token })).data).toEqual([]);
  });
});

describe('fixed groups', () => {
  it('lets the teacher assign and move students and pick leaders; students cannot choose', async () => {
    const { t, c, students, set } = await classroom(3, { type: 1, membercap: 2 });
    const [a, b, d] = students as [(typeof students)[0], (typeof students)[0], (typeof students)[0]];
    const g1 = (await call(app, '/CourseGroupApi/add', { courseid: c.id, setid: set.id, name: '第一组' }, { token: t.token }))
      .data;
    const g2 = (await call(app, '/CourseGroupApi/add', { courseid: c.id, setid: set.id, name: '第二组' }, { token: t.token }))
      .data;
    expect((await call(app, '/CourseGroupApi/join', { courseid: c.id, groupid: g1.id }, { token: a.token })).code).toBe(30311);
    expect(
      (await call(app, '/CourseGroupApi/add', { courseid: c.id, setid: set.id, name: '自建' }, { token: a.token })).code,
    ).toBe(30311);
    expect(
      (await call(app, '/CourseGroupApi/join', { courseid: c.id, groupid: g1.id, uids: [a.uid, b.uid] }, { token: t.token }))
        .data,
    ).toEqual({ groupid: g1.id, count: 2 });
    expect(
      (await call(app, '/CourseGroupApi/join', { courseid: c.id, groupid: g1.id, uids: [d.uid] }, { token: t.token })).code,
    ).toBe(30308);
    // moving a student to another group takes them out of the first
    await call(app, '/CourseGroupApi/join', { courseid: c.id, groupid: g2.id, uids: [b.uid] }, { token: t.token });
    await call(app, '/Futurev2/Student/leader', { courseid: c.id, groupid: g1.id, uid: a.uid }, { token: t.token });
    expect(
      (await call(app, '/Futurev2/Student/leader', { courseid: c.id, groupid: g1.id, uid: d.uid }, { token: t.token })).code,
    ).toBe(40004);
    const view = await info(a.token, c.id, set.id);
    expect(
      view.groups.map((g: { name: string; leader: number; members: { uid: number }[] }) => [
        g.name,
        g.leader,
        g.members.map((x) => x.uid),
      ]),
    ).toEqual([
      ['第一组', a.uid, [a.uid]],
      ['第二组', 0, [b.uid]],
    ]);
    expect(view.ungrouped.map((x: { uid: number }) => x.uid)).toEqual([d.uid]);
    expect(view).toMatchObject({ mygroup: g1.id, canManage: 0, canChoose: 0, canCreate: 0 });
    // the leader may rename the group; another student may not
    expect(
      (await call(app, '/CourseGroupApi/update', { courseid: c.id, groupid: g1.id, name: '先锋组' }, { token: a.token })).status,
    ).toBe(1);
    expect(
      (await call(app, '/CourseGroupApi/update', { courseid: c.id, groupid: g1.id, name: '我的' }, { token: b.token })).code,
    ).toBe(40003);
  });
});

describe('free and limited groups', () => {
  it('lets students create, join and leave groups within the caps', async () => {
    const { t, c, students, set } = await classroom(4, { type: 3, membercap: 2, groupcap: 2, allowcreate: 1 });
    const [a, b, d, e] = students as { uid: number; token: string }[];
    const mine = (await call(app, '/CourseGroupApi/add', { courseid: c.id, setid: set.id, name: 'A 组' }, { token: a!.token }))
      .data;
    expect(mine.leader).toBe(a!.uid);
    expect(
      (await call(app, '/CourseGroupApi/add', { courseid: c.id, setid: set.id, name: '再建一个' }, { token: a!.token })).code,
    ).toBe(30310);
    expect((await call(app, '/CourseGroupApi/join', { courseid: c.id, groupid: mine.id }, { token: b!.token })).status).toBe(1);
    expect((await call(app, '/CourseGroupApi/join', { courseid: c.id, groupid: mine.id }, { token: d!.token })).code).toBe(30308);
    const other = (await call(app, '/CourseGroupApi/add', { courseid: c.id, setid: set.id, name: 'B 组' }, { token: d!.token }))
      .data;
    expect(
      (await call(app, '/CourseGroupApi/add', { courseid: c.id, setid: set.id, name: 'C 组' }, { token: e!.token })).code,
    ).toBe(30309);
    expect((await call(app, '/CourseGroupApi/join', { courseid: c.id, groupid: other.id }, { token: b!.token })).code).toBe(
      30310,
    );
    expect((await call(app, '/CourseGroupApi/quit', { courseid: c.id, groupid: mine.id }, { token: b!.token })).status).toBe(1);
    expect((await call(app, '/CourseGroupApi/join', { courseid: c.id, groupid: other.id }, { token: b!.token })).status).toBe(1);
    // a student deletes only their own group while alone in it
    expect((await call(app, '/CourseGroupApi/delete', { courseid: c.id, groupid: other.id }, { token: d!.token })).code).toBe(
      40003,
    );
    expect((await call(app, '/CourseGroupApi/delete', { courseid: c.id, groupid: mine.id }, { token: a!.token })).status).toBe(1);
    const view = await info(t.token, c.id, set.id);
    expect(view.groups.map((g: { name: string }) => g.name)).toEqual(['B 组']);
    expect(view.canManage).toBe(1);
  });

  it('keeps students from creating groups unless allowed, and strangers out', async () => {
    const { c, students, set } = await classroom(1, { type: 2, allowcreate: 0 });
    expect(
      (await call(app, '/CourseGroupApi/add', { courseid: c.id, setid: set.id, name: '不行' }, { token: students[0]!.token }))
        .code,
    ).toBe(40003);
    const stranger = await registerUser(app);
    expect(
      (await call(app, '/CourseGroupActivityApi/info', { courseid: c.id, id: set.id }, { token: stranger.token })).code,
    ).toBe(30202);
    const other = await classroom(0, { type: 2 });
    expect(
      (await call(app, '/CourseGroupActivityApi/info', { courseid: other.c.id, id: set.id }, { token: other.t.token })).code,
    ).toBe(40004);
  });
});

describe('groups follow the course membership', () => {
  it('clears a moved leader from the old group and drops removed or quitting students from their groups', async () => {
    const { t, c, students, set } = await classroom(3, { type: 2, membercap: 3 });
    const [a, b, d] = students as [(typeof students)[0], (typeof students)[0], (typeof students)[0]];
    const g1 = (await call(app, '/CourseGroupApi/add', { courseid: c.id, setid: set.id, name: '一组' }, { token: t.token })).data;
    const g2 = (await call(app, '/CourseGroupApi/add', { courseid: c.id, setid: set.id, name: '二组' }, { token: t.token })).data;
    await call(app, '/CourseGroupApi/join', { courseid: c.id, groupid: g1.id, uids: [a.uid, b.uid, d.uid] }, { token: t.token });
    await call(app, '/Futurev2/Student/leader', { courseid: c.id, groupid: g1.id, uid: a.uid }, { token: t.token });
    await call(app, '/CourseGroupApi/join', { courseid: c.id, groupid: g2.id, uids: [a.uid] }, { token: t.token });
    let view = await info(t.token, c.id, set.id);
    expect(view.groups.find((g: { id: number }) => g.id === g1.id).leader).toBe(0);
    await call(app, '/Futurev2/Student/leader', { courseid: c.id, groupid: g1.id, uid: b.uid }, { token: t.token });
    await call(app, '/Futurev2/Student/remove', { courseid: c.id, uids: [b.uid] }, { token: t.token });
    await call(app, '/CourseApi/quitCourse', { courseid: c.id, password: 'Good#Pass42' }, { token: d.token });
    view = await info(t.token, c.id, set.id);
    const first = view.groups.find((g: { id: number }) => g.id === g1.id);
    expect(first).toMatchObject({ leader: 0, members: [] });
    expect(view.ungrouped.map((x: { uid: number }) => x.uid)).toEqual([]);
  });

  it('never lets students create groups in a fixed grouping', async () => {
    const { c, set, t } = await classroom(0, { type: 1, allowcreate: 1 });
    expect((await info(t.token, c.id, set.id)).allowcreate).toBe(0);
  });
});
