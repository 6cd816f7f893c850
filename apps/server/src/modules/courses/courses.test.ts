import { academicYears } from '@paiclass/shared';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, registerUser, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { courseMembers, courses, users } from '../../db/schema';

let db: TestDatabase;
let app: FastifyInstance;
const year = academicYears()[2]!;
const form = (extra: Record<string, unknown> = {}) => ({
  coursename: '高等数学',
  classname: '2026 级 1 班',
  venue: '教学楼 A101',
  semester: year,
  term: 1,
  teachtype: 3,
  studytime: '32',
  ...extra,
});
const courseCount = async () => (await app.ctx.db.select({ n: count() }).from(courses))[0]!.n;

async function teacher() {
  return registerUser(app, { usertype: 1, stno: '' });
}
async function create(token: string, extra: Record<string, unknown> = {}) {
  const res = await call(app, '/CourseApi/createCourse', form(extra), { token });
  if (res.status !== 1) throw new Error(`${res.code} ${res.message}`);
  return res.data as { id: number; code: string };
}

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

describe('creating a course', () => {
  it('creates a course with a unique 6-digit join code, owned by the teacher', async () => {
    const t = await teacher();
    const res = await call(app, '/CourseApi/createCourse', form({ studytime: '2.35' }), { token: t.token });
    expect(res.status).toBe(1);
    expect(res.data).toMatchObject({
      coursename: '高等数学',
      classname: '2026 级 1 班',
      semester: year,
      term: 1,
      termTxt: '第一学期',
      teachtype: 3,
      studytime: 2.3,
      role: 1,
      icontype: 1,
      total: 0,
    });
    expect(res.data.code).toMatch(/^\d{6}$/);
    const other = await create(t.token);
    expect(other.code).not.toBe(res.data.code);
  });

  it.each([
    [{ coursename: '' }, '请输入课程名称'],
    [{ coursename: 'x'.repeat(51) }, '课程名称最多 50 个字'],
    [{ classname: 'x'.repeat(51) }, '班级名称最多 50 个字'],
    [{ venue: 'x'.repeat(51) }, '上课地点最多 50 个字'],
    [{ semester: '' }, '请选择学年'],
    [{ semester: '1999-2000' }, '学年只能选前两年到明年'],
    [{ term: 3 }, '请选择学期'],
    [{ term: undefined }, '请选择学期'],
    [{ teachtype: 4 }, '授课方式只能是线上、线下或混合'],
    [{ studytime: '-1.5' }, '学时须大于 0，最多保留一位小数'],
    [{ studytime: '.' }, '学时须大于 0，最多保留一位小数'],
    [{ studytime: '0' }, '学时须大于 0，最多保留一位小数'],
  ])('refuses %j with a clear message and creates nothing', async (patch, message) => {
    const t = await teacher();
    const before = await courseCount();
    const res = await call(app, '/CourseApi/createCourse', form(patch), { token: t.token });
    expect(res).toMatchObject({ status: 0, code: 40001, message });
    expect(await courseCount()).toBe(before);
  });

  it('counts the years it accepts from the current academic year: in March the year that began the autumn before', async () => {
    // March 2027 is the second term of 2026-2027: 2024-2025 through 2027-2028, not the calendar year's 2025-2026 through 2028-2029
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-03-10T12:00:00') });
    try {
      const t = await teacher();
      const before = await courseCount();
      const late = await call(app, '/CourseApi/createCourse', form({ semester: '2028-2029', term: 1 }), { token: t.token });
      expect(late).toMatchObject({ status: 0, code: 40001, message: '学年只能选前两年到明年' });
      expect(await courseCount()).toBe(before);
      const current = await call(app, '/CourseApi/createCourse', form({ semester: '2026-2027', term: 2 }), { token: t.token });
      expect(current.data).toMatchObject({ semester: '2026-2027', term: 2, termTxt: '第二学期' });
      const oldest = await call(app, '/CourseApi/createCourse', form({ semester: '2024-2025', term: 0 }), { token: t.token });
      expect(oldest.status).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('allows an empty study time (none)', async () => {
    const t = await teacher();
    const res = await call(app, '/CourseApi/createCourse', form({ studytime: '' }), { token: t.token });
    expect(res.data.studytime).toBe(-1);
  });

  it('refuses a student', async () => {
    const s = await registerUser(app);
    expect((await call(app, '/CourseApi/createCourse', form(), { token: s.token })).code).toBe(40003);
  });

  it('asks a non-VIP teacher past 50 created courses, deleted ones included, to open VIP', async () => {
    const t = await teacher();
    await app.ctx.db.insert(courses).values(
      Array.from({ length: 50 }, (_, i) => ({
        ownerId: t.uid,
        coursename: `旧课 ${i}`,
        semester: year,
        term: 0,
        code: `9${String(t.uid).padStart(2, '0').slice(-2)}${String(i).padStart(3, '0')}`,
        deletedAt: i % 2 ? new Date() : null,
      })),
    );
    const before = await courseCount();
    expect(await call(app, '/CourseApi/createCourse', form(), { token: t.token })).toMatchObject({ status: 0, code: 30301 });
    expect(await courseCount()).toBe(before);
    await app.ctx.db.update(users).set({ isvip: 1 }).where(eq(users.id, t.uid));
    await app.ctx.sessions.forgetUser(t.uid); // as the services do after changing a user
    expect((await call(app, '/CourseApi/createCourse', form(), { token: t.token })).status).toBe(1);
  });
});

describe('Ketangpai course lists', () => {
  it('lists semesters and courses per tab, with numbers as strings and "0" for every semester', async () => {
    const t = await teacher();
    const s = await registerUser(app);
    const a = await create(t.token, { coursename: '线性代数', term: 2 });
    await create(t.token, { coursename: '概率论', semester: academicYears()[1], term: 0 });
    await call(app, '/CourseApi/joinCourse', { code: a.code }, { token: s.token });

    const semesters = await call(app, '/CourseApi/semesterList', { isstudy: '0', search: '' }, { token: t.token, form: true });
    expect(semesters.data.semester).toEqual([
      { semester: year, term: 2, termTxt: '第二学期' },
      { semester: academicYears()[1], term: 0, termTxt: '全年' },
    ]);
    const all = await call(
      app,
      '/CourseApi/semesterCourseList',
      { isstudy: 0, search: '', semester: '0', term: '' },
      { token: t.token },
    );
    expect(all.data.map((c: { coursename: string }) => c.coursename)).toEqual(['概率论', '线性代数']);
    for (const key of ['id', 'coursename', 'code', 'classname', 'username', 'total', 'role', 'semester', 'term'])
      expect(all.data[0]).toHaveProperty(key);
    const one = await call(
      app,
      '/CourseApi/semesterCourseList',
      { isstudy: '0', semester: year, term: '2' },
      { token: t.token, form: true },
    );
    expect(one.data).toHaveLength(1);
    expect(one.data[0]).toMatchObject({ coursename: '线性代数', total: 1, username: '测试同学', role: 1 });

    const learned = await call(app, '/CourseApi/semesterCourseList', { isstudy: '1' }, { token: s.token });
    expect(learned.data).toHaveLength(1);
    expect(learned.data[0]).toMatchObject({ coursename: '线性代数', role: 0, icontype: 0, code: '' });
    const assisted = await call(app, '/CourseApi/semesterList', { isstudy: 0, type: 'assist' }, { token: t.token });
    expect(assisted.data.semester).toEqual([]);
    const searched = await call(app, '/CourseApi/semesterCourseList', { isstudy: 0, search: '概率' }, { token: t.token });
    expect(searched.data.map((c: { coursename: string }) => c.coursename)).toEqual(['概率论']);
  });

  it("never lists another teacher's courses", async () => {
    const t1 = await teacher();
    const t2 = await teacher();
    await create(t1.token, { coursename: '别人的课' });
    const list = await call(app, '/CourseApi/semesterCourseList', { isstudy: 0 }, { token: t2.token });
    expect(list.data).toEqual([]);
  });

  it('answers in English for an English account', async () => {
    const t = await teacher();
    await call(app, '/UserApi/setLanguage', { lang: 'en' }, { token: t.token });
    await create(t.token, { term: 0 });
    const semesters = await call(app, '/CourseApi/semesterList', { isstudy: 0 }, { token: t.token });
    expect(semesters.data.semester[0].termTxt).toBe('Full year');
  });
});

describe('course list items say what the data says (issue 12, item 14)', () => {
  const listed = async (token: string, isstudy: number, id: number) =>
    (await call(app, '/CourseApi/semesterCourseList', { isstudy }, { token })).data.find(
      (c: { id: string }) => Number(c.id) === id,
    );

  it('gives identity by the caller’s place in the course, and 4 to an archived one', async () => {
    const t = await teacher();
    const helper = await teacher();
    const s = await registerUser(app);
    const c = await create(t.token);
    await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    await call(app, '/AssistantApi/addAssistant', { courseid: c.id, account: helper.mobile }, { token: t.token });
    expect((await listed(t.token, 0, c.id)).identity).toBe('1');
    expect((await listed(helper.token, 0, c.id)).identity).toBe('2');
    expect((await listed(s.token, 1, c.id)).identity).toBe('3');
    await call(app, '/CourseApi/archiveCourse', { courseid: c.id }, { token: s.token });
    const filed = (await call(app, '/CourseApi/archivedCourseList', { type: 3 }, { token: s.token })).data;
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({ id: c.id, identity: '4', archived: 1 });
    // the teacher's own item is not touched by the student's archive
    expect((await listed(t.token, 0, c.id)).identity).toBe('1');
  });

  it('says canview 0 to a student only once the course ended closed to visits', async () => {
    const t = await teacher();
    const s = await registerUser(app);
    const open = await create(t.token, { coursename: '结课可看' });
    const closed = await create(t.token, { coursename: '结课不可看' });
    for (const c of [open, closed]) await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    expect((await listed(s.token, 1, closed.id)).canview).toBe(1);
    await call(app, '/CourseApi/endCourse', { courseid: open.id, canvisit: 1 }, { token: t.token });
    await call(app, '/CourseApi/endCourse', { courseid: closed.id, canvisit: 0 }, { token: t.token });
    expect((await listed(s.token, 1, open.id)).canview).toBe(1);
    expect((await listed(s.token, 1, closed.id)).canview).toBe(0);
    expect((await listed(t.token, 0, closed.id)).canview).toBe(1);
  });

  it('carries the caller’s own course profile as setting, changed as soon as it is saved', async () => {
    const t = await teacher();
    const s = await registerUser(app);
    const c = await create(t.token);
    await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token });
    expect((await listed(s.token, 1, c.id)).setting).toEqual({ classno: '', enrolltime: '', grade: '' });
    const saved = await call(
      app,
      '/UserApi/saveCourseProfile',
      { classno: '3', grade: '2', enrolltime: '2024-09' },
      { token: s.token },
    );
    expect(saved.status).toBe(1);
    expect((await listed(s.token, 1, c.id)).setting).toEqual({ classno: '3', enrolltime: '2024-09', grade: '2' });
  });

  it('sends the live and meeting flags (issue 26) and leaves out the authentication and course-selection fields rather than send made-up zeros', async () => {
    const t = await teacher();
    const c = await create(t.token);
    const item = await listed(t.token, 0, c.id);
    // no meeting in progress, no live on the air: real zeros now that both areas exist
    expect(item).toMatchObject({ type: 0, is_meeting: 0, liveState: 0 });
    for (const key of ['isattest', 'selectStudentCount']) expect(item).not.toHaveProperty(key);
    // what Ketangpai clients read is all there
    expect(item).toMatchObject({ id: String(c.id), courseid: c.id, coursename: '高等数学', teachername: '测试同学', term: '1' });
    const config = (await call(app, '/SchoolApi/getConfig', {})).data;
    expect(config).not.toHaveProperty('ico_url');
    expect(config).not.toHaveProperty('mobileBanner');
    expect(config).toHaveProperty('schoolName');
  });
});

describe('joining by code', () => {
  it('gives each join result its status and message', async () => {
    const t = await teacher();
    const s = await registerUser(app);
    const c = await create(t.token);
    expect((await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token })).data).toEqual({
      status: 100,
      courseid: c.id,
      message: '加入课程成功',
    });
    expect((await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token })).data).toMatchObject({
      status: 105,
      message: '您已在该课程中，不能重复加入',
    });
    expect((await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: t.token })).data.status).toBe(105);
    const unknown = c.code === '000000' ? '000001' : '000000';
    expect((await call(app, '/CourseApi/joinCourse', { code: unknown }, { token: s.token })).data).toMatchObject({
      status: 101,
      courseid: 0,
    });

    const s2 = await registerUser(app);
    await call(app, '/CourseApi/stopCode', { courseid: c.id }, { token: t.token });
    expect((await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s2.token })).data).toMatchObject({
      status: 102,
      message: '该课程已停用加课码，请联系老师',
    });
    await call(app, '/CourseApi/startCode', { courseid: c.id }, { token: t.token });
    await app.ctx.db.update(courses).set({ classending: 1 }).where(eq(courses.id, c.id));
    expect((await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s2.token })).data).toMatchObject({
      status: 102,
      message: '该课程已结课，不能加入',
    });
    const [{ n }] = await app.ctx.db.select({ n: count() }).from(courseMembers).where(eq(courseMembers.courseId, c.id));
    expect(n).toBe(2);
  });

  it('refuses a code that is not 6 digits', async () => {
    const s = await registerUser(app);
    for (const code of ['12345', '1234567', 'abcdef']) {
      expect(await call(app, '/CourseApi/joinCourse', { code }, { token: s.token })).toMatchObject({
        code: 40001,
        message: '请输入 6 位数字加课码',
      });
    }
  });

  it('makes the old code stop working after a reset', async () => {
    const t = await teacher();
    const s = await registerUser(app);
    const c = await create(t.token);
    const reset = await call(app, '/CourseApi/resetCode', { courseid: c.id }, { token: t.token });
    expect(reset.data.code).toMatch(/^\d{6}$/);
    expect(reset.data.code).not.toBe(c.code);
    expect((await call(app, '/CourseApi/joinCourse', { code: c.code }, { token: s.token })).data.status).toBe(101);
    expect((await call(app, '/CourseApi/joinCourse', { code: reset.data.code }, { token: s.token })).data.status).toBe(100);
  });
});

describe('pin and archive', () => {
  it('pins a course to the top of the caller’s own list and archives it out of the list', async () => {
    const t = await teacher();
    const s = await registerUser(app);
    const first = await create(t.token, { coursename: '第一门' });
    const second = await create(t.token, { coursename: '第二门' });
    await call(app, '/CourseApi/joinCourse', { code: first.code }, { token: s.token });
    await call(app, '/CourseApi/setTop', { courseid: first.id, isTop: 1 }, { token: t.token });
    const list = await call(app, '/CourseApi/semesterCourseList', { isstudy: 0 }, { token: t.token });
    expect(list.data.map((c: { id: string; isTop: number }) => [Number(c.id), c.isTop])).toEqual([
      [first.id, 1],
      [second.id, 0],
    ]);
    // the pin is the teacher's own, not the student's
    expect((await call(app, '/CourseApi/semesterCourseList', { isstudy: 1 }, { token: s.token })).data[0].isTop).toBe(0);
    await call(app, '/CourseApi/archiveCourse', { courseid: first.id }, { token: s.token });
    expect((await call(app, '/CourseApi/semesterCourseList', { isstudy: 1 }, { token: s.token })).data).toEqual([]);
    expect((await call(app, '/CourseApi/semesterCourseList', { isstudy: 0 }, { token: t.token })).data).toHaveLength(2);
    await call(app, '/CourseApi/restoreCourse', { courseid: first.id }, { token: s.token });
    expect((await call(app, '/CourseApi/semesterCourseList', { isstudy: 1 }, { token: s.token })).data).toHaveLength(1);
  });
});

describe('permission matrix', () => {
  type Who = 'stranger' | 'student' | 'assistant' | 'owner';
  // [call, body, roles allowed, the code an allowed role gets (destructive calls are stopped at their confirmation)]
  const calls: [string, (c: { id: number }) => Record<string, unknown>, Who[], number?][] = [
    ['/CourseApi/getCourseInfo', (c) => ({ courseid: c.id }), ['student', 'assistant', 'owner']],
    ['/CourseApi/editCourse', (c) => ({ id: c.id, ...form({ coursename: '改名' }) }), ['assistant', 'owner']],
    ['/CourseApi/deleteCourse', (c) => ({ courseid: c.id, password: 'Wrong#Pass1' }), ['owner'], 21019],
    ['/CourseApi/quitCourse', (c) => ({ courseid: c.id, password: 'Wrong#Pass1' }), ['student'], 21019],
    ['/CourseApi/transferCourse', (c) => ({ courseid: c.id, account: '13000000001', password: 'Wrong#Pass1' }), ['owner'], 30304],
    ['/CourseApi/copyCourse', (c) => ({ courseid: c.id, coursename: '副本' }), ['assistant', 'owner']],
    ['/CourseApi/endCourse', (c) => ({ courseid: c.id, canvisit: 1 }), ['owner']],
    ['/CourseApi/setCourseAllowQuit', (c) => ({ courseid: c.id, allowquit: 1 }), ['owner']],
    ['/CourseApi/getCourseAllowQuit', (c) => ({ courseid: c.id }), ['student', 'assistant', 'owner']],
    ['/Futurev2/CourseTemplate/saveTempleteType', (c) => ({ courseid: c.id, type: 2 }), ['assistant', 'owner']],
    ['/CourseApi/getEnrollSetting', (c) => ({ courseid: c.id }), ['assistant', 'owner']],
    [
      '/CourseApi/saveEnrollSetting',
      (c) => ({ courseid: c.id, enrollstate: '1', auditstate: '0', formLists: [] }),
      ['assistant', 'owner'],
    ],
    ['/CourseApi/enrollList', (c) => ({ courseid: c.id }), ['assistant', 'owner']],
    ['/CourseApi/enrollReview', (c) => ({ courseid: c.id, ids: [999999], state: 1 }), ['assistant', 'owner'], 40001],
    ['/CourseApi/resetCode', (c) => ({ courseid: c.id }), ['owner']],
    ['/CourseApi/stopCode', (c) => ({ courseid: c.id }), ['owner']],
    ['/CourseApi/startCode', (c) => ({ courseid: c.id }), ['owner']],
    ['/CourseApi/setTop', (c) => ({ courseid: c.id, isTop: 1 }), ['student', 'assistant', 'owner']],
    ['/CourseApi/archiveCourse', (c) => ({ courseid: c.id }), ['student', 'assistant', 'owner']],
    ['/CourseApi/restoreCourse', (c) => ({ courseid: c.id }), ['student', 'assistant', 'owner']],
    ['/Futurev2/AttendClass/classTimeStatus', (c) => ({ courseid: c.id }), ['student', 'assistant', 'owner']],
    // the matrix ended the course above: an allowed role gets past the role check to "course ended"
    ['/Futurev2/AttendClass/beginClass', (c) => ({ courseid: c.id }), ['assistant', 'owner'], 30312],
    ['/Futurev2/AttendClass/overClass', (c) => ({ courseid: c.id }), ['assistant', 'owner']],
    ['/Classtime/getClassList', (c) => ({ courseid: c.id }), ['assistant', 'owner']],
  ];
  let course: { id: number; code: string };
  const tokens = {} as Record<Who, string>;

  beforeAll(async () => {
    const owner = await teacher();
    course = await create(owner.token);
    const student = await registerUser(app);
    const assistant = await teacher();
    const stranger = await registerUser(app);
    await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: student.token });
    await app.ctx.db.insert(courseMembers).values({ courseId: course.id, userId: assistant.uid, role: 'assistant' });
    Object.assign(tokens, { owner: owner.token, student: student.token, assistant: assistant.token, stranger: stranger.token });
  });

  for (const [path, body, allowed, okCode = 10000] of calls) {
    for (const who of ['stranger', 'student', 'assistant', 'owner'] as Who[]) {
      const expected = allowed.includes(who) ? okCode : who === 'stranger' ? 30202 : 40003;
      it(`${path} as ${who} answers ${expected}`, async () => {
        const before = await app.ctx.db.select().from(courses).where(eq(courses.id, course.id));
        const res = await call(app, path, body(course), { token: tokens[who] });
        expect(res.code).toBe(expected);
        if (!allowed.includes(who))
          expect(await app.ctx.db.select().from(courses).where(eq(courses.id, course.id))).toEqual(before);
      });
    }
  }
});
