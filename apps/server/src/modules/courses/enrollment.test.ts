import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, carriesCode, registerUser, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { courseMembers } from '../../db/schema';

let db: TestDatabase;
let app: FastifyInstance;
const students = async (courseId: number) =>
  (await app.ctx.db.select({ n: count() }).from(courseMembers).where(eq(courseMembers.courseId, courseId)))[0]!.n - 1;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

async function setup(settings: Record<string, unknown>) {
  const t = await newTeacher(app);
  const c = await newCourse(app, t.token);
  const saved = await call(
    app,
    '/CourseApi/saveEnrollSetting',
    { courseid: c.id, enrollstate: '1', auditstate: '0', maxcount: 0, formLists: [], ...settings },
    { token: t.token },
  );
  if (saved.status !== 1) throw new Error(saved.message);
  return { t, c };
}

describe('enrolment settings', () => {
  it('starts open, automatic, without questions, offering the six default questions', async () => {
    const t = await newTeacher(app);
    const c = await newCourse(app, t.token);
    const s = (await call(app, '/CourseApi/getEnrollSetting', { courseid: c.id }, { token: t.token })).data;
    expect(s).toMatchObject({ enrollstate: '1', auditstate: '0', maxcount: 0 });
    expect(s.formLists.map((q: { key: string; title: string; selected: number }) => [q.key, q.title, q.selected])).toEqual([
      ['name', '姓名', 0],
      ['phone', '手机号', 0],
      ['stno', '学号', 0],
      ['staffno', '工号', 0],
      ['school', '学校', 0],
      ['company', '单位', 0],
    ]);
  });

  it('saves default and custom questions, and refuses a custom question without a title', async () => {
    const { t, c } = await setup({
      auditstate: '1',
      formLists: [
        { key: 'name', title: '', selected: 1 },
        { title: '你的专业', selected: 1 },
      ],
    });
    const s = (await call(app, '/CourseApi/getEnrollSetting', { courseid: c.id }, { token: t.token })).data;
    expect(s.auditstate).toBe('1');
    expect(s.formLists.filter((q: { selected: number }) => q.selected).map((q: { title: string }) => q.title)).toEqual([
      '姓名',
      '你的专业',
    ]);
    const bad = await call(
      app,
      '/CourseApi/saveEnrollSetting',
      { courseid: c.id, enrollstate: '1', auditstate: '0', formLists: [{ title: ' ', selected: 1 }] },
      { token: t.token },
    );
    expect(bad).toMatchObject({ code: 40001, message: '请输入问题标题' });
    expect((await call(app, '/CourseApi/getEnrollSetting', { courseid: c.id }, { token: t.token })).data.auditstate).toBe('1');
  });

  it('keeps the settings and the review from students', async () => {
    const { c } = await setup({});
    const s = await registerUser(app);
    await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    expect((await call(app, '/CourseApi/getEnrollSetting', { courseid: c.id }, { token: s.token })).code).toBe(40003);
    expect((await call(app, '/CourseApi/enrollList', { courseid: c.id }, { token: s.token })).code).toBe(40003);
    expect((await call(app, '/CourseApi/enrollReview', { courseid: c.id, ids: [1], state: 1 }, { token: s.token })).code).toBe(
      40003,
    );
  });
});

describe('joining with enrolment rules', () => {
  it('says plainly when the enrolment form is asked for an unknown code', async () => {
    const s = await registerUser(app);
    const res = await call(app, '/CourseApi/getEnrollForm', { code: '000000' }, { token: s.token });
    expect(res).toMatchObject({ status: 0, code: 40004, message: '加课码不存在，请核对后再试' });
  });

  it('refuses joining while enrolment is closed', async () => {
    const { c } = await setup({ enrollstate: '0' });
    const s = await registerUser(app);
    expect((await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token })).data).toMatchObject({
      status: 102,
      message: '该课程暂未开放报名',
    });
  });

  it('refuses the student past the seat limit', async () => {
    const { c } = await setup({ maxcount: 1 });
    const first = await registerUser(app);
    const second = await registerUser(app);
    expect((await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: first.token })).data.status).toBe(100);
    expect((await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: second.token })).data).toMatchObject({
      status: 102,
      message: '该课程人数已满',
    });
    expect(await students(c.id)).toBe(1);
  });

  it('sends students to the form when questions are asked, and joins them at once under automatic review', async () => {
    const { c } = await setup({ formLists: [{ key: 'stno', selected: 1, title: '' }] });
    const s = await registerUser(app);
    expect((await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token })).data).toMatchObject({
      status: 110,
      message: '请先填写报名信息',
    });
    const form = (await call(app, '/CourseApi/getEnrollForm', { code: c.code }, { token: s.token })).data;
    expect(form).toMatchObject({ courseid: c.id, state: -1, formLists: [{ key: 'stno', title: '学号', selected: 1 }] });
    expect(
      await call(app, '/CourseApi/submitEnroll', { code: c.code, answers: [{ title: '学号', value: '' }] }, { token: s.token }),
    ).toMatchObject({ code: 40001, message: '请回答所有报名问题' });
    expect(await students(c.id)).toBe(0);
    const done = await call(
      app,
      '/CourseApi/submitEnroll',
      { code: c.code, answers: [{ title: '学号', value: '2026001' }] },
      { token: s.token },
    );
    expect(done.data).toMatchObject({ status: 100 });
    expect(await students(c.id)).toBe(1);
  });

  it('takes the form by the portal id as by the code, without the code', async () => {
    const { c, t } = await setup({ formLists: [{ key: 'stno', selected: 1, title: '' }] });
    const coid = (await call(app, '/CourseApi/getCourseInfo', { courseid: c.id }, { token: t.token })).data.coid;
    const s = await registerUser(app);
    expect((await call(app, '/CourseApi/joinCourse', { coid }, { token: s.token })).data).toMatchObject({ status: 110 });
    const form = (await call(app, '/CourseApi/getEnrollForm', { coid }, { token: s.token })).data;
    expect(form).toMatchObject({ courseid: c.id, state: -1 });
    expect(carriesCode(form, c.code)).toBe(false);
    const done = await call(
      app,
      '/CourseApi/submitEnroll',
      { coid, answers: [{ title: '学号', value: '2026001' }] },
      { token: s.token },
    );
    expect(done.data).toMatchObject({ status: 100 });
    expect(await students(c.id)).toBe(1);
  });

  it('runs manual review: waiting, approved in bulk, rejected with its own message', async () => {
    const { t, c } = await setup({ auditstate: '1', formLists: [{ title: '为什么选这门课', selected: 1 }] });
    const [a, b, r] = [await registerUser(app), await registerUser(app), await registerUser(app)];
    for (const s of [a, b, r]) {
      expect((await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token })).data.status).toBe(110);
      const res = await call(
        app,
        '/CourseApi/submitEnroll',
        { code: c.code, answers: [{ title: '为什么选这门课', value: '感兴趣' }] },
        { token: s.token },
      );
      expect(res.data).toMatchObject({ status: 110, message: '报名已提交，请等待老师审核' });
    }
    expect((await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: a.token })).data).toMatchObject({
      status: 110,
      message: '报名已提交，请等待老师审核',
    });
    const waiting = (await call(app, '/CourseApi/enrollList', { courseid: c.id, state: 0 }, { token: t.token })).data;
    expect(waiting).toHaveLength(3);
    expect(waiting[0].answers).toEqual([{ title: '为什么选这门课', value: '感兴趣' }]);
    const byUid = new Map(waiting.map((w: { uid: number; id: number }) => [w.uid, w.id]));
    expect(await call(app, '/CourseApi/enrollReview', { courseid: c.id, ids: [], state: 1 }, { token: t.token })).toMatchObject({
      code: 40001,
      message: '请至少选择一项',
    });
    expect(
      (
        await call(
          app,
          '/CourseApi/enrollReview',
          { courseid: c.id, ids: [byUid.get(a.uid), byUid.get(b.uid)], state: 1 },
          { token: t.token },
        )
      ).data,
    ).toEqual({ count: 2 });
    expect(
      (await call(app, '/CourseApi/enrollReview', { courseid: c.id, ids: [byUid.get(r.uid)], state: 2 }, { token: t.token }))
        .data,
    ).toEqual({ count: 1 });
    expect(await students(c.id)).toBe(2);
    expect(
      (await call(app, '/CourseApi/semesterCourseList', { isstudy: 1 }, { token: a.token })).data.map((x: { id: string }) =>
        Number(x.id),
      ),
    ).toEqual([c.id]);
    expect((await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: r.token })).data).toMatchObject({
      status: 102,
      message: '您的报名未通过审核',
    });
    expect((await call(app, '/CourseApi/getEnrollForm', { code: c.code }, { token: r.token })).data.state).toBe(2);
    // a second review of the same requests changes nothing
    expect(
      (await call(app, '/CourseApi/enrollReview', { courseid: c.id, ids: [byUid.get(r.uid)], state: 1 }, { token: t.token }))
        .code,
    ).toBe(40001);
  });

  it('refuses approvals past the seat limit', async () => {
    const { t, c } = await setup({ auditstate: '1', maxcount: 1 });
    const [a, b] = [await registerUser(app), await registerUser(app)];
    for (const s of [a, b]) await call(app, '/CourseApi/submitEnroll', { code: c.code, answers: [] }, { token: s.token });
    const ids = (await call(app, '/CourseApi/enrollList', { courseid: c.id }, { token: t.token })).data.map(
      (w: { id: number }) => w.id,
    );
    expect((await call(app, '/CourseApi/enrollReview', { courseid: c.id, ids, state: 1 }, { token: t.token })).code).toBe(30305);
    expect(await students(c.id)).toBe(0);
  });
});
