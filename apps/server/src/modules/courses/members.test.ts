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

async function classroom(size: number) {
  const t = await newTeacher(app);
  const c = await newCourse(app, t.token);
  const students = [];
  for (let i = 0; i < size; i++) {
    const s = await registerUser(app, { stno: `S${String(i).padStart(3, '0')}` });
    await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    students.push(s);
  }
  return { t, c, students };
}

describe('students', () => {
  it('lists, counts and pages students; classmates see names only', async () => {
    const { t, c, students } = await classroom(3);
    const page = (await call(app, '/Futurev2/Student/lists', { courseid: c.id, page: 1, limit: 2 }, { token: t.token })).data;
    expect(page.total).toBe(3);
    expect(page.list.map((s: { stno: string }) => s.stno)).toEqual(['S000', 'S001']);
    expect(Object.keys(page.list[0]).sort()).toEqual([
      'avatar',
      'classid',
      'classname',
      'jointime',
      'school',
      'stno',
      'uid',
      'username',
    ]);
    const second = (
      await call(app, '/Futurev2/Student/lists', { courseid: c.id, page: '2', limit: '2' }, { token: t.token, form: true })
    ).data;
    expect(second.list).toHaveLength(1);
    const asStudent = (await call(app, '/Futurev2/Student/lists', { courseid: c.id }, { token: students[0]!.token })).data;
    expect(Object.keys(asStudent.list[0]).sort()).toEqual(['avatar', 'uid', 'username']);
    expect((await call(app, '/StudentsApi/getStudentCount', { courseid: c.id }, { token: students[1]!.token })).data).toEqual({
      count: 3,
    });
    const searched = (await call(app, '/Futurev2/Student/lists', { courseid: c.id, search: 'S002' }, { token: t.token })).data;
    expect(searched.list.map((s: { uid: number }) => s.uid)).toEqual([students[2]!.uid]);
    // a student cannot find out whose student number it is
    expect(
      (await call(app, '/Futurev2/Student/lists', { courseid: c.id, search: 'S002' }, { token: students[0]!.token })).data.total,
    ).toBe(0);
  });

  it('shows one student to the teachers only, and removes students', async () => {
    const { t, c, students } = await classroom(2);
    const info = (await call(app, '/StudentsApi/getStudentInfo', { courseid: c.id, uid: students[0]!.uid }, { token: t.token }))
      .data;
    expect(info).toMatchObject({ uid: students[0]!.uid, stno: 'S000', mobile: students[0]!.mobile, answers: [] });
    expect(
      (await call(app, '/StudentsApi/getStudentInfo', { courseid: c.id, uid: students[0]!.uid }, { token: students[1]!.token }))
        .code,
    ).toBe(40003);
    expect((await call(app, '/Futurev2/Student/remove', { courseid: c.id, uids: [] }, { token: t.token })).message).toBe(
      '请至少选择一项',
    );
    expect(
      (await call(app, '/Futurev2/Student/remove', { courseid: c.id, uids: [students[0]!.uid] }, { token: students[1]!.token }))
        .code,
    ).toBe(40003);
    expect(
      (await call(app, '/Futurev2/Student/remove', { courseid: c.id, uids: [students[0]!.uid, t.uid] }, { token: t.token })).data,
    ).toEqual({ count: 1 });
    expect((await call(app, '/StudentsApi/getStudentCount', { courseid: c.id }, { token: t.token })).data).toEqual({ count: 1 });
    expect((await call(app, '/CourseApi/getCourseInfo', { courseid: c.id }, { token: students[0]!.token })).code).toBe(30202);
    // the owner cannot be removed as a student
    expect((await call(app, '/CourseApi/getCourseInfo', { courseid: c.id }, { token: t.token })).status).toBe(1);
  });

  it("keeps another course's members from strangers", async () => {
    const { c } = await classroom(1);
    const other = await newTeacher(app);
    expect((await call(app, '/Futurev2/Student/lists', { courseid: c.id }, { token: other.token })).code).toBe(30202);
    expect((await call(app, '/AssistantApi/getTeacherTeam', { courseid: c.id }, { token: other.token })).code).toBe(30202);
  });
});

describe('teaching team', () => {
  it('adds a teacher as an assistant by phone, lists the team and removes them; owner only', async () => {
    const { t, c, students } = await classroom(1);
    const helper = await newTeacher(app);
    expect(
      (await call(app, '/AssistantApi/addAssistant', { courseid: c.id, account: students[0]!.mobile }, { token: t.token })).code,
    ).toBe(30304);
    expect((await call(app, '/AssistantApi/addAssistant', { courseid: c.id, account: '' }, { token: t.token })).message).toBe(
      '请输入助教老师的账号、手机号或邮箱',
    );
    const added = await call(app, '/AssistantApi/addAssistant', { courseid: c.id, account: helper.mobile }, { token: t.token });
    expect(added.data).toMatchObject({ uid: helper.uid, role: 'assistant' });
    expect(
      (await call(app, '/AssistantApi/addAssistant', { courseid: c.id, account: helper.mobile }, { token: t.token })).code,
    ).toBe(30306);
    const team = (await call(app, '/AssistantApi/getTeacherTeam', { courseid: c.id }, { token: students[0]!.token })).data;
    expect(team.map((m: { uid: number; role: string }) => [m.uid, m.role])).toEqual([
      [t.uid, 'owner'],
      [helper.uid, 'assistant'],
    ]);
    expect(
      (await call(app, '/AssistantApi/getAssistantInfo', { courseid: c.id, uid: helper.uid }, { token: t.token })).data.role,
    ).toBe('assistant');
    // the assistant now manages students but not the team
    expect((await call(app, '/Futurev2/Student/lists', { courseid: c.id }, { token: helper.token })).data.list[0]).toHaveProperty(
      'stno',
    );
    expect(
      (await call(app, '/AssistantApi/addAssistant', { courseid: c.id, account: t.mobile }, { token: helper.token })).code,
    ).toBe(40003);
    expect(
      (await call(app, '/AssistantApi/delAssistant', { courseid: c.id, uid: helper.uid }, { token: helper.token })).code,
    ).toBe(40003);
    expect((await call(app, '/AssistantApi/delAssistant', { courseid: c.id, uid: helper.uid }, { token: t.token })).status).toBe(
      1,
    );
    expect((await call(app, '/CourseApi/getCourseInfo', { courseid: c.id }, { token: helper.token })).code).toBe(30202);
  });
});

describe('administrative classes', () => {
  it('creates, renames, fills, empties and deletes classes', async () => {
    const { t, c, students } = await classroom(3);
    const [a, b] = students;
    const one = (await call(app, '/FutureV2/ClassAdministration/create', { courseid: c.id, name: '一班' }, { token: t.token }))
      .data;
    expect(one).toMatchObject({ name: '一班', count: 0 });
    expect(
      (await call(app, '/FutureV2/ClassAdministration/create', { courseid: c.id, name: '一班' }, { token: t.token })).code,
    ).toBe(30307);
    expect(
      (await call(app, '/FutureV2/ClassAdministration/create', { courseid: c.id, name: '' }, { token: t.token })).message,
    ).toBe('请输入班级名称');
    expect(
      (await call(app, '/FutureV2/ClassAdministration/create', { courseid: c.id, name: 'x'.repeat(21) }, { token: t.token }))
        .message,
    ).toBe('班级名称最多 20 个字');
    expect(
      (await call(app, '/FutureV2/ClassAdministration/create', { courseid: c.id, name: '二班' }, { token: a!.token })).code,
    ).toBe(40003);
    await call(app, '/FutureV2/ClassAdministration/rename', { courseid: c.id, id: one.id, name: '实验一班' }, { token: t.token });
    expect(
      (
        await call(
          app,
          '/FutureV2/ClassAdministration/move',
          { courseid: c.id, id: one.id, uids: [a!.uid, b!.uid] },
          { token: t.token },
        )
      ).data,
    ).toEqual({ count: 2 });
    expect((await call(app, '/FutureV2/ClassAdministration/lists', { courseid: c.id }, { token: t.token })).data).toEqual([
      { id: one.id, name: '实验一班', count: 2 },
    ]);
    const inClass = (await call(app, '/Futurev2/Student/lists', { courseid: c.id, classid: one.id }, { token: t.token })).data;
    expect(inClass.list.map((s: { uid: number; classname: string }) => [s.uid, s.classname])).toEqual([
      [a!.uid, '实验一班'],
      [b!.uid, '实验一班'],
    ]);
    await call(app, '/FutureV2/ClassAdministration/kick', { courseid: c.id, uids: [b!.uid] }, { token: t.token });
    expect((await call(app, '/Futurev2/Student/lists', { courseid: c.id, classid: 0 }, { token: t.token })).data.total).toBe(2);
    await call(app, '/FutureV2/ClassAdministration/delete', { courseid: c.id, id: one.id }, { token: t.token });
    expect((await call(app, '/FutureV2/ClassAdministration/lists', { courseid: c.id }, { token: t.token })).data).toEqual([]);
    expect((await call(app, '/StudentsApi/getStudentCount', { courseid: c.id }, { token: t.token })).data.count).toBe(3);
  });

  it('refuses a class of another course', async () => {
    const first = await classroom(1);
    const second = await classroom(0);
    const cls = (
      await call(
        app,
        '/FutureV2/ClassAdministration/create',
        { courseid: second.c.id, name: '别的班' },
        { token: second.t.token },
      )
    ).data;
    const res = await call(
      app,
      '/FutureV2/ClassAdministration/move',
      { courseid: first.c.id, id: cls.id, uids: [first.students[0]!.uid] },
      { token: first.t.token },
    );
    expect(res.code).toBe(40004);
  });
});
