import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, carriesCode, registerUser, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';

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

describe('course home modules', () => {
  it('starts with the ten menus and keeps the teacher’s order and names', async () => {
    const t = await newTeacher(app);
    const c = await newCourse(app, t.token);
    const modules = (await call(app, '/CourseApi/getModules', { courseid: c.id }, { token: t.token })).data;
    expect(modules.map((m: { key: string }) => m.key)).toEqual([
      'catalogue',
      'courseware',
      'homework',
      'test',
      'material',
      'live',
      'meeting',
      'notice',
      'topic',
      'interact',
    ]);
    expect(modules[2]).toEqual({ key: 'homework', name: '作业' });
    const saved = await call(
      app,
      '/CourseApi/saveModules',
      {
        courseid: c.id,
        modules: [
          { key: 'notice', name: '班级公告' },
          { key: 'homework', name: '课后作业' },
        ],
      },
      { token: t.token },
    );
    expect(saved.status).toBe(1);
    expect((await call(app, '/CourseApi/getModules', { courseid: c.id }, { token: t.token })).data).toEqual([
      { key: 'notice', name: '班级公告' },
      { key: 'homework', name: '课后作业' },
    ]);
  });

  it('refuses a name over 8 characters, an empty list and a student, changing nothing', async () => {
    const t = await newTeacher(app);
    const s = await registerUser(app);
    const c = await newCourse(app, t.token);
    await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    expect(
      await call(
        app,
        '/CourseApi/saveModules',
        { courseid: c.id, modules: [{ key: 'notice', name: '一二三四五六七八九' }] },
        { token: t.token },
      ),
    ).toMatchObject({ code: 40001, message: '模块名称最多 8 个字' });
    expect(await call(app, '/CourseApi/saveModules', { courseid: c.id, modules: [] }, { token: t.token })).toMatchObject({
      code: 40001,
      message: '至少保留一个模块',
    });
    expect(
      await call(app, '/CourseApi/saveModules', { courseid: c.id, modules: [{ key: 'notice', name: ' ' }] }, { token: t.token }),
    ).toMatchObject({ code: 40001, message: '请输入模块名称' });
    expect(
      (
        await call(
          app,
          '/CourseApi/saveModules',
          { courseid: c.id, modules: [{ key: 'notice', name: '公告' }] },
          { token: s.token },
        )
      ).code,
    ).toBe(40003);
    expect((await call(app, '/CourseApi/getModules', { courseid: c.id }, { token: s.token })).data).toHaveLength(10);
  });
});

describe('course introduction', () => {
  it('is edited by teachers, read by members and shown in the course item', async () => {
    const t = await newTeacher(app);
    const s = await registerUser(app);
    const c = await newCourse(app, t.token);
    await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    const text = '本课程介绍微积分的基本概念。\n<script>alert(1)</script> 作为文字保存。';
    expect((await call(app, '/CourseApi/saveCourseIntro', { courseid: c.id, describes: text }, { token: t.token })).status).toBe(
      1,
    );
    expect((await call(app, '/CourseApi/getCourseIntro', { courseid: c.id }, { token: s.token })).data.describes).toBe(text);
    expect((await call(app, '/CourseApi/getCourseInfo', { courseid: c.id }, { token: s.token })).data.describes).toBe(text);
    expect((await call(app, '/CourseApi/saveCourseIntro', { courseid: c.id, describes: 'x' }, { token: s.token })).code).toBe(
      40003,
    );
    expect(
      (await call(app, '/CourseApi/saveCourseIntro', { courseid: c.id, describes: 'x'.repeat(5001) }, { token: t.token }))
        .message,
    ).toBe('课程介绍最多 5000 个字');
  });
});

describe('student profile on entering a course', () => {
  it('asks a student for class number, grade and enrolment month until given', async () => {
    const t = await newTeacher(app);
    const s = await registerUser(app);
    const c = await newCourse(app, t.token);
    await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    expect((await call(app, '/UserApi/getUserInfoInCourse', { courseid: c.id }, { token: s.token })).data).toMatchObject({
      courseRole: 0,
      checkstate: 1,
    });
    expect((await call(app, '/UserApi/getUserInfoInCourse', { courseid: c.id }, { token: t.token })).data).toMatchObject({
      courseRole: 1,
      checkstate: 0,
    });
    for (const [body, message] of [
      [{ classno: '', grade: 1, enrolltime: '2024-09' }, '请输入班级号'],
      [{ classno: '3', grade: 7, enrolltime: '2024-09' }, '请选择年级（1-6）'],
      [{ classno: '3', grade: 0, enrolltime: '2024-09' }, '请选择年级（1-6）'],
      [{ classno: '3', grade: 2, enrolltime: '1989-12' }, '请选择入学时间（不早于 1990-01）'],
      [{ classno: '3', grade: 2, enrolltime: '2024-13' }, '请选择入学时间（不早于 1990-01）'],
    ] as const) {
      expect(await call(app, '/UserApi/saveCourseProfile', body, { token: s.token })).toMatchObject({ code: 40001, message });
    }
    expect((await call(app, '/UserApi/getUserInfoInCourse', { courseid: c.id }, { token: s.token })).data.checkstate).toBe(1);
    expect(
      (
        await call(
          app,
          '/UserApi/saveCourseProfile',
          { classno: '3', grade: '2', enrolltime: '1990-01' },
          { token: s.token, form: true },
        )
      ).status,
    ).toBe(1);
    expect((await call(app, '/UserApi/getUserInfoInCourse', { courseid: c.id }, { token: s.token })).data).toMatchObject({
      checkstate: 0,
      setting: { classno: '3', grade: '2', enrolltime: '1990-01' },
    });
    expect((await call(app, '/UserApi/getUserInfo', {}, { token: s.token })).data.additionInfo).toEqual({
      classno: '3',
      grade: '2',
      enrolltime: '1990-01',
    });
  });
});

describe('public course portal', () => {
  it('does not hand the portal id, which shows the join code, to students', async () => {
    const t = await newTeacher(app);
    const c = await newCourse(app, t.token, { coursename: '不外传的课' });
    const s = await registerUser(app);
    await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    expect((await call(app, '/CourseApi/getCourseInfo', { courseid: c.id }, { token: t.token })).data.coid).toMatch(
      /^[0-9a-f]{32}$/,
    );
    expect((await call(app, '/CourseApi/getCourseInfo', { courseid: c.id }, { token: s.token })).data).toMatchObject({
      coid: '',
      code: '',
    });
    const listed = (await call(app, '/CourseApi/semesterCourseList', { isstudy: 1 }, { token: s.token })).data;
    expect(listed.find((x: { id: string }) => Number(x.id) === c.id)).toMatchObject({ coid: '', code: '' });
  });

  it('shows a course to anyone with its link, never its join code; joining is by the link while it takes students', async () => {
    const t = await newTeacher(app);
    const c = await newCourse(app, t.token, { coursename: '公开课' });
    const coid = (await call(app, '/CourseApi/getCourseInfo', { courseid: c.id }, { token: t.token })).data.coid;
    expect(coid).toMatch(/^[0-9a-f]{32}$/);
    const portal = await call(app, '/CourseShareNoAuthApi/getCouseInfo', { coid });
    expect(portal.data).toMatchObject({ coursename: '公开课', username: '测试同学', total: 0, joinable: 1 });
    expect(carriesCode(portal, c.code)).toBe(false);
    // a visitor with the link joins through it
    const s = await registerUser(app);
    expect((await call(app, '/CourseApi/joinCourse', { coid }, { token: s.token })).data).toMatchObject({
      status: 100,
      courseid: c.id,
    });
    expect((await call(app, '/CourseApi/joinCourse', {}, { token: s.token })).code).toBe(40001);
    expect((await call(app, '/CourseApi/joinCourse', { coid: 'nope' }, { token: s.token })).message).toBe('课程链接不正确');
    await call(app, '/CourseApi/stopCode', { courseid: c.id }, { token: t.token });
    expect((await call(app, '/CourseShareNoAuthApi/getCouseInfo', { coid })).data).toMatchObject({ joinable: 0 });
    // stopped: the link no longer admits anyone
    const late = await registerUser(app);
    expect((await call(app, '/CourseApi/joinCourse', { coid }, { token: late.token })).data.status).toBe(102);
    expect(await call(app, '/CourseShareNoAuthApi/getCouseInfo', { coid: String(c.id) })).toMatchObject({
      code: 40001,
      message: '课程链接不正确',
    });
    expect(await call(app, '/CourseShareNoAuthApi/getCouseInfo', { coid: '0'.repeat(32) })).toMatchObject({
      code: 40004,
      message: '这门课程不存在或已被删除',
    });
    // a copy gets its own link
    const copy = (await call(app, '/CourseApi/copyCourse', { courseid: c.id, coursename: '公开课二' }, { token: t.token })).data;
    expect(copy.coid).not.toBe(coid);
  });
});

describe('template settings', () => {
  it('answers the template and its menus, and updates either; teachers only', async () => {
    const t = await newTeacher(app);
    const s = await registerUser(app);
    const c = await newCourse(app, t.token);
    await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    const before = (await call(app, '/Futurev2/CourseTemplate/getSetting', { courseid: c.id }, { token: s.token })).data;
    expect(before).toMatchObject({ courseid: c.id, type: 0 });
    expect(before.modules).toHaveLength(10);
    const updated = await call(
      app,
      '/Futurev2/CourseTemplate/updateSetting',
      { courseid: c.id, type: 4, modules: [{ key: 'homework', name: '实验报告' }] },
      { token: t.token },
    );
    expect(updated.data).toEqual({ courseid: c.id, type: 4, modules: [{ key: 'homework', name: '实验报告' }] });
    expect(
      (await call(app, '/Futurev2/CourseTemplate/updateSetting', { courseid: c.id, type: 9 }, { token: t.token })).message,
    ).toBe('请选择课程模板');
    expect(
      (await call(app, '/Futurev2/CourseTemplate/updateSetting', { courseid: c.id, type: 1 }, { token: s.token })).code,
    ).toBe(40003);
    expect((await call(app, '/CourseApi/getModules', { courseid: c.id }, { token: s.token })).data).toEqual([
      { key: 'homework', name: '实验报告' },
    ]);
  });
});
