import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, STRONG, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { courseMembers, courses, users } from '../../db/schema';

let db: TestDatabase;
let app: FastifyInstance;
const list = async (token: string, body: Record<string, unknown> = { isstudy: 0 }) =>
  (await call(app, '/CourseApi/semesterCourseList', body, { token })).data.map((c: { id: string }) => Number(c.id)); // ids come as strings, as Ketangpai sends them

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

describe('course info', () => {
  it('tells each member their role, permissions and how to confirm', async () => {
    const t = await newTeacher(app);
    const s = await registerUser(app);
    const c = await newCourse(app, t.token);
    await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    const mine = (await call(app, '/CourseApi/getCourseInfo', { courseid: c.id }, { token: t.token })).data;
    expect(mine).toMatchObject({
      courseRole: 1,
      memberRole: 'owner',
      deleteway: 0,
      canvisit: 1,
      allowquit: 1,
      template: 0,
      total: 1,
    });
    expect(mine.authData).toEqual(expect.arrayContaining(['delete', 'transfer', 'manageCode', 'manageEnroll']));
    const theirs = (await call(app, '/CourseApi/getCourseInfo', { courseid: c.id }, { token: s.token })).data;
    expect(theirs).toMatchObject({ courseRole: 0, memberRole: 'student', code: '' });
    expect(theirs.authData).toEqual(['view', 'quit', 'archive', 'pin']);
    const stranger = await registerUser(app);
    expect((await call(app, '/CourseApi/getCourseInfo', { courseid: c.id }, { token: stranger.token })).code).toBe(30202);
    expect((await call(app, '/CourseApi/getCourseInfo', { courseid: 999999 }, { token: t.token })).code).toBe(30202);
  });
});

describe('delete', () => {
  it('asks for the password, then deletes the course for everyone but keeps it toward the cap', async () => {
    const t = await newTeacher(app);
    const s = await registerUser(app);
    const c = await newCourse(app, t.token);
    await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    expect(
      (await call(app, '/CourseApi/deleteCourse', { courseid: c.id, password: 'Wrong#Pass1' }, { token: t.token })).code,
    ).toBe(21019);
    expect(await list(t.token)).toEqual([c.id]);
    expect((await call(app, '/CourseApi/deleteCourse', { courseid: c.id, password: STRONG }, { token: t.token })).status).toBe(1);
    expect(await list(t.token)).toEqual([]);
    expect(await list(s.token, { isstudy: 1 })).toEqual([]);
    expect((await call(app, '/CourseApi/getCourseInfo', { courseid: c.id }, { token: s.token })).code).toBe(30202);
    const [row] = await app.ctx.db.select().from(courses).where(eq(courses.id, c.id));
    expect(row!.deletedAt).not.toBeNull();
    // its code no longer joins
    expect(
      (await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: (await registerUser(app)).token })).data.status,
    ).toBe(101);
  });

  it('asks an account without a password to type the course name (deleteway 1)', async () => {
    const t = await newTeacher(app);
    const c = await newCourse(app, t.token, { coursename: '无密码的课' });
    await app.ctx.db.update(users).set({ passwordHash: null }).where(eq(users.id, t.uid));
    await app.ctx.sessions.forgetUser(t.uid); // as the services do after changing a user
    expect((await call(app, '/CourseApi/getCourseInfo', { courseid: c.id }, { token: t.token })).data.deleteway).toBe(1);
    expect((await call(app, '/CourseApi/deleteCourse', { courseid: c.id, coursename: '无密码' }, { token: t.token })).code).toBe(
      30302,
    );
    expect(
      (await call(app, '/CourseApi/deleteCourse', { courseid: c.id, coursename: '无密码的课' }, { token: t.token })).status,
    ).toBe(1);
  });
});

describe('quit', () => {
  it('lets a student leave with the password, unless the teacher disallows it', async () => {
    const t = await newTeacher(app);
    const s = await registerUser(app);
    const c = await newCourse(app, t.token);
    await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    expect((await call(app, '/CourseApi/setCourseAllowQuit', { courseid: c.id, allowquit: 0 }, { token: t.token })).data).toEqual(
      { allowquit: 0 },
    );
    expect((await call(app, '/CourseApi/getCourseAllowQuit', { courseid: c.id }, { token: s.token })).data).toEqual({
      allowquit: 0,
    });
    expect((await call(app, '/CourseApi/quitCourse', { courseid: c.id, password: STRONG }, { token: s.token })).code).toBe(30303);
    await call(app, '/CourseApi/setCourseAllowQuit', { courseid: c.id, allowquit: 1 }, { token: t.token });
    expect((await call(app, '/CourseApi/quitCourse', { courseid: c.id, password: 'nope#1234' }, { token: s.token })).code).toBe(
      21019,
    );
    expect(await list(s.token, { isstudy: 1 })).toEqual([c.id]);
    expect((await call(app, '/CourseApi/quitCourse', { courseid: c.id, password: STRONG }, { token: s.token })).status).toBe(1);
    expect(await list(s.token, { isstudy: 1 })).toEqual([]);
    // an owner cannot quit their own course
    expect((await call(app, '/CourseApi/quitCourse', { courseid: c.id, password: STRONG }, { token: t.token })).code).toBe(40003);
  });
});

describe('transfer', () => {
  it('hands the course to another teacher by phone; the old owner stays as an assistant', async () => {
    const t = await newTeacher(app);
    const next = await newTeacher(app);
    const c = await newCourse(app, t.token);
    const res = await call(
      app,
      '/CourseApi/transferCourse',
      { courseid: c.id, account: next.mobile, password: STRONG },
      { token: t.token },
    );
    expect(res.data).toMatchObject({ ownerid: next.uid });
    expect(await list(next.token, { isstudy: 0, type: 'teach' })).toEqual([c.id]);
    expect(await list(t.token, { isstudy: 0, type: 'assist' })).toEqual([c.id]);
    expect((await call(app, '/CourseApi/deleteCourse', { courseid: c.id, password: STRONG }, { token: t.token })).code).toBe(
      40003,
    );
  });

  it('refuses a student, an unknown account and oneself as the target, changing nothing', async () => {
    const t = await newTeacher(app);
    const s = await registerUser(app);
    const c = await newCourse(app, t.token);
    for (const account of [s.mobile, '13000000000', t.mobile]) {
      expect(
        (await call(app, '/CourseApi/transferCourse', { courseid: c.id, account, password: STRONG }, { token: t.token })).code,
      ).toBe(30304);
    }
    expect(
      (await call(app, '/CourseApi/transferCourse', { courseid: c.id, account: '', password: STRONG }, { token: t.token }))
        .message,
    ).toBe('请输入接收老师的账号、手机号或邮箱');
    const [row] = await app.ctx.db.select().from(courses).where(eq(courses.id, c.id));
    expect(row!.ownerId).toBe(t.uid);
  });
});

describe('copy, sort, archive list, end, template', () => {
  it('copies a course under a new name with a new code and none of its members', async () => {
    const t = await newTeacher(app);
    const s = await registerUser(app);
    const c = await newCourse(app, t.token, { venue: '实验楼' });
    await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    expect((await call(app, '/CourseApi/copyCourse', { courseid: c.id, coursename: '' }, { token: t.token })).message).toBe(
      '请输入课程名称',
    );
    const copy = (await call(app, '/CourseApi/copyCourse', { courseid: c.id, coursename: '高等数学（二）' }, { token: t.token }))
      .data;
    expect(copy).toMatchObject({ coursename: '高等数学（二）', venue: '实验楼', total: 0 });
    expect(copy.code).not.toBe(c.code);
    expect((await call(app, '/CourseApi/copyCourse', { courseid: c.id, coursename: 'x' }, { token: s.token })).code).toBe(40003);
  });

  it('keeps the order the user dragged', async () => {
    const t = await newTeacher(app);
    const a = await newCourse(app, t.token, { coursename: 'A' });
    const b = await newCourse(app, t.token, { coursename: 'B' });
    const c = await newCourse(app, t.token, { coursename: 'C' });
    expect(await list(t.token)).toEqual([c.id, b.id, a.id]);
    await call(app, '/CourseApi/sortCourse', { ids: [a.id, c.id, b.id] }, { token: t.token });
    expect(await list(t.token)).toEqual([a.id, c.id, b.id]);
  });

  it('lists archived courses by bucket', async () => {
    const t = await newTeacher(app);
    const s = await registerUser(app);
    const c = await newCourse(app, t.token);
    await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    await call(app, '/CourseApi/archiveCourse', { courseid: c.id }, { token: t.token });
    const ids = async (token: string, type: number) =>
      (await call(app, '/CourseApi/archivedCourseList', { type }, { token })).data.map((x: { id: number }) => x.id);
    expect(await ids(t.token, 0)).toEqual([c.id]);
    expect((await call(app, '/CourseApi/archivedCourseList', { type: 1 }, { token: t.token })).data[0].total).toBe(1);
    expect(await ids(t.token, 1)).toEqual([c.id]);
    expect(await ids(t.token, 3)).toEqual([]);
    expect(await ids(s.token, 0)).toEqual([]);
  });

  it('ends a course: no more joins, and whether students may still visit', async () => {
    const t = await newTeacher(app);
    const s = await registerUser(app);
    const c = await newCourse(app, t.token);
    await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    expect((await call(app, '/CourseApi/endCourse', { courseid: c.id, canvisit: 0 }, { token: s.token })).code).toBe(40003);
    expect((await call(app, '/CourseApi/endCourse', { courseid: c.id, canvisit: 0 }, { token: t.token })).data).toEqual({
      classending: 1,
      canvisit: 0,
    });
    expect((await call(app, '/CourseApi/getCourseInfo', { courseid: c.id }, { token: s.token })).data).toMatchObject({
      classending: 1,
      canvisit: 0,
    });
    expect(
      (await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: (await registerUser(app)).token })).data.status,
    ).toBe(102);
  });

  it('saves the template type 1-6', async () => {
    const t = await newTeacher(app);
    const c = await newCourse(app, t.token);
    expect(
      (await call(app, '/Futurev2/CourseTemplate/saveTempleteType', { courseid: c.id, type: 7 }, { token: t.token })).message,
    ).toBe('请选择课程模板');
    expect(
      (
        await call(
          app,
          '/futurev2/coursetemplate/saveTempleteType',
          { courseid: String(c.id), type: '4' },
          { token: t.token, form: true },
        )
      ).data,
    ).toEqual({ template: 4 });
    expect((await call(app, '/CourseApi/getCourseInfo', { courseid: c.id }, { token: t.token })).data.template).toBe(4);
  });
});

describe('members are scoped', () => {
  it('keeps a member row per course and user only', async () => {
    const t = await newTeacher(app);
    const c = await newCourse(app, t.token);
    const rows = await app.ctx.db.select().from(courseMembers).where(eq(courseMembers.courseId, c.id));
    expect(rows.map((r) => [r.userId, r.role])).toEqual([[t.uid, 'owner']]);
  });
});
