import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseMembers, institutionPeople, teachClasses } from '../../db/schema';
import { newCourse, year } from '../../../test/courses';
import { call, newAddress, registerUser, testApp, testDatabase, type TestDatabase } from '../../../test/helpers';
import { importInstitution } from './institutions.service';

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

let serial = 0;
/** An institution with one teacher, three students and two scheduled courses (the first lists students 1 and 2). */
async function institution(requireAttest = false) {
  serial += 1;
  const n = serial;
  const school = `第${n}示范大学`;
  const imported = await importInstitution(app.ctx.db, {
    name: school,
    requireAttest,
    people: [
      { usertype: 1, realname: '王建国', realstno: `T${n}01` },
      { usertype: 0, realname: '李小明', realstno: `S${n}01` },
      { usertype: 0, realname: '张小红', realstno: `S${n}02` },
      { usertype: 0, realname: '赵小刚', realstno: `S${n}03` },
    ],
    classes: [
      {
        teachClass: `KC${n}-01`,
        coursename: '数据结构',
        classname: '计科 1 班',
        semester: year(),
        term: 1,
        teacherStno: `T${n}01`,
        students: [`S${n}01`, `S${n}02`],
      },
      {
        teachClass: `KC${n}-02`,
        coursename: '操作系统',
        classname: '计科 2 班',
        semester: year(),
        term: 2,
        teacherStno: `T${n}01`,
        students: [`S${n}03`],
      },
    ],
  });
  return { ...imported, school, n };
}

const teacher = (school = '示范学校') => registerUser(app, { usertype: 1, stno: '', school });
const student = (school = '示范学校') => registerUser(app, { school });
const list = async (token: string) => (await call(app, '/AttestApi/getAttestList', {}, { token })).data;
const scheduled = async (token: string, jigouid = 0) =>
  (await call(app, '/CourseApi/teachClass', { jigouid }, { token })).data.list;
/** Certifies the caller with an institution (spec 1 §2 form): the whole answer, to assert on or not. */
const attest = (token: string, body: Record<string, unknown>) => call(app, '/AttestApi/attest', body, { token });
const isMember = async (courseId: number, userId: number) =>
  (
    await app.ctx.db
      .select()
      .from(courseMembers)
      .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)))
  ).length === 1;

describe('institution search', () => {
  it('finds institutions by part of the name, treating % and _ as plain characters', async () => {
    const inst = await institution();
    const found = (await call(app, '/AttestApi/searchJigou', { keyword: `${inst.n}示范` }, { token: (await student()).token }))
      .data.list;
    expect(found).toEqual([{ jigouid: inst.jigouid, jigou: inst.school }]);
    const wildcard = (await call(app, '/AttestApi/searchJigou', { keyword: '%' }, { token: (await student()).token })).data.list;
    expect(wildcard).toEqual([]);
  });

  it('answers nothing without a login', async () => {
    for (const path of [
      '/AttestApi/searchJigou',
      '/AttestApi/getAttestList',
      '/AttestApi/attest',
      '/AttestApi/unbind',
      '/CourseApi/teachClass',
      '/CourseApi/relationTeachClass',
    ])
      expect((await call(app, path, {})).code).toBe(20003);
  });
});

describe('certifying', () => {
  it('refuses a bad form with the spec messages and changes nothing', async () => {
    const inst = await institution();
    const s = await student();
    const cases: [Record<string, unknown>, string][] = [
      [{ realname: '李小明', realstno: `S${inst.n}01` }, '请选择学校或机构'],
      [{ jigouid: inst.jigouid, realname: '', realstno: `S${inst.n}01` }, '姓名不能为空'],
      [{ jigouid: inst.jigouid, realname: '李', realstno: `S${inst.n}01` }, '请输入正确的姓名'],
      [{ jigouid: inst.jigouid, realname: '李小明', realstno: '' }, '工号/学号不能为空'],
      [{ jigouid: inst.jigouid, realname: '李小明', realstno: '1' }, '请输入正确的工号/学号'],
      [{ jigouid: inst.jigouid, realname: '李小明', realstno: '1'.repeat(21) }, '工号/学号最多 20 位'],
    ];
    for (const [body, message] of cases) expect(await attest(s.token, body)).toMatchObject({ code: 40001, message });
    expect(await list(s.token)).toMatchObject({ atteststate: 0, list: [] });
  });

  it('certifies only a name and number on the roster, for the caller’s user type', async () => {
    const inst = await institution();
    const s = await student();
    const t = await teacher();
    const refused: [string, Record<string, unknown>][] = [
      [s.token, { realname: '李小华', realstno: `S${inst.n}01` }],
      [s.token, { realname: '李小明', realstno: `S${inst.n}09` }],
      // a student cannot take the teacher's roster entry, nor a teacher a student's
      [s.token, { realname: '王建国', realstno: `T${inst.n}01` }],
      [t.token, { realname: '李小明', realstno: `S${inst.n}01` }],
    ];
    for (const [token, body] of refused)
      expect(await attest(token, { jigouid: inst.jigouid, ...body })).toMatchObject({
        code: 30601,
        message: '姓名与工号/学号不在该机构的名单中，请核对后再试',
      });
    expect(await attest(s.token, { jigouid: 99999, realname: '李小明', realstno: `S${inst.n}01` })).toMatchObject({
      code: 40004,
    });
    const people = await app.ctx.db.select().from(institutionPeople).where(eq(institutionPeople.institutionId, inst.jigouid));
    expect(people.every((p) => p.userId === null)).toBe(true);
  });

  it('certifies a teacher, who gets the scheduled courses back, and shows in the user info', async () => {
    const inst = await institution();
    const t = await teacher();
    const res = await attest(t.token, { jigouid: inst.jigouid, realname: '王建国', realstno: ` T${inst.n}01 ` });
    expect(res.status).toBe(1);
    expect(res.data).toMatchObject({ jigouid: inst.jigouid, jigou: inst.school });
    expect(
      res.data.courses.map((c: { teachClass: string; classid: number; coursename: string }) => [
        c.teachClass,
        c.classid,
        c.coursename,
      ]),
    ).toEqual([
      [`KC${inst.n}-01`, 0, '数据结构'],
      [`KC${inst.n}-02`, 0, '操作系统'],
    ]);
    expect(await list(t.token)).toEqual({
      atteststate: 1,
      list: [{ jigouid: inst.jigouid, jigou: inst.school, realname: '王建国', realstno: `T${inst.n}01` }],
      needAttest: null,
    });
    const info = (await call(app, '/UserApi/getUserInfo', {}, { token: t.token })).data;
    expect(info).toMatchObject({ atteststate: 1, attestInfo: [{ jigou: inst.school }] });
  });

  it('refuses a roster entry certified by another account, and a second certification with the same institution', async () => {
    const inst = await institution();
    const a = await student();
    const b = await student();
    const body = { jigouid: inst.jigouid, realname: '李小明', realstno: `S${inst.n}01` };
    expect((await attest(a.token, body)).status).toBe(1);
    expect(await attest(b.token, body)).toMatchObject({ code: 30602 });
    expect(await attest(a.token, { ...body, realname: '张小红', realstno: `S${inst.n}02` })).toMatchObject({ code: 30603 });
    expect((await list(b.token)).atteststate).toBe(0);
  });

  it('asks people of a school that requires authentication to certify, until they do', async () => {
    const inst = await institution(true);
    const s = await student(inst.school);
    expect((await list(s.token)).needAttest).toEqual({ jigouid: inst.jigouid, jigou: inst.school });
    expect((await list((await student('别的学校')).token)).needAttest).toBeNull();
    await attest(s.token, { jigouid: inst.jigouid, realname: '李小明', realstno: `S${inst.n}01` });
    expect((await list(s.token)).needAttest).toBeNull();
  });

  it('unbinds after which the account can certify again, keeping the courses it joined', async () => {
    const inst = await institution();
    const t = await teacher();
    await attest(t.token, { jigouid: inst.jigouid, realname: '王建国', realstno: `T${inst.n}01` });
    const tc = (await scheduled(t.token))[0];
    const bound = await call(app, '/CourseApi/relationTeachClass', { list: [{ id: tc.id, classid: 0 }] }, { token: t.token });
    const courseId = bound.data.list[0].classid;
    const s = await student();
    await attest(s.token, { jigouid: inst.jigouid, realname: '李小明', realstno: `S${inst.n}01` });
    expect(await isMember(courseId, s.uid)).toBe(true);
    expect((await call(app, '/AttestApi/unbind', { jigouid: inst.jigouid }, { token: s.token })).status).toBe(1);
    expect(await list(s.token)).toMatchObject({ atteststate: 0, list: [] });
    expect((await call(app, '/UserApi/getUserInfo', {}, { token: s.token })).data).toMatchObject({
      atteststate: 0,
      attestInfo: [],
    });
    expect(await isMember(courseId, s.uid)).toBe(true);
    expect((await call(app, '/AttestApi/unbind', { jigouid: inst.jigouid }, { token: s.token })).code).toBe(40004);
    // the roster entry is free again, for this account or another
    const other = await student();
    expect((await attest(other.token, { jigouid: inst.jigouid, realname: '李小明', realstno: `S${inst.n}01` })).status).toBe(1);
  });

  it('limits attempts to 10 a minute from one address', async () => {
    const inst = await institution();
    const s = await student();
    // one address of its own, so that another run against the same Redis within the minute does not share its count
    const ip = newAddress();
    const codes = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (
          await call(
            app,
            '/AttestApi/attest',
            { jigouid: inst.jigouid, realname: '李小明', realstno: `X${i}00` },
            { token: s.token, ip },
          )
        ).code,
      );
    expect(codes.slice(0, 10).every((c) => c === 30601)).toBe(true);
    expect(codes[10]).toBe(42900);
  });

  it('answers in the caller’s language', async () => {
    const inst = await institution();
    const s = await student();
    await call(app, '/UserApi/setLanguage', { lang: 'en' }, { token: s.token });
    const res = await attest(s.token, { jigouid: inst.jigouid, realname: '李', realstno: 'S1' });
    expect(res.message).toBe('Please enter a correct name');
    const wrong = await attest(s.token, { jigouid: inst.jigouid, realname: '李小华', realstno: `S${inst.n}01` });
    expect(wrong.message).toBe("This name and number are not on the institution's roster; check them and try again");
  });
});

describe('scheduled courses', () => {
  async function certifiedTeacher(requireAttest = false) {
    const inst = await institution(requireAttest);
    const t = await teacher();
    await attest(t.token, { jigouid: inst.jigouid, realname: '王建国', realstno: `T${inst.n}01` });
    const [first, second] = await scheduled(t.token);
    return { inst, t, first, second };
  }

  it('binds one to an existing course and creates a course for another, joining certified students', async () => {
    const { inst, t, first, second } = await certifiedTeacher();
    const early = await student();
    await attest(early.token, { jigouid: inst.jigouid, realname: '李小明', realstno: `S${inst.n}01` });
    const mine = await newCourse(app, t.token, { coursename: '我的数据结构' });
    const res = await call(
      app,
      '/CourseApi/relationTeachClass',
      {
        list: [
          { id: first.id, classid: mine.id },
          { id: second.id, classid: 0 },
        ],
      },
      { token: t.token },
    );
    expect(res.status).toBe(1);
    const [a, b] = res.data.list;
    expect(a).toMatchObject({ id: first.id, classid: Number(mine.id), bindname: '我的数据结构' });
    expect(b.classid).toBeGreaterThan(0);
    const courses = (await call(app, '/CourseApi/semesterCourseList', { isstudy: 0, semester: '', term: '' }, { token: t.token }))
      .data;
    expect(courses.find((c: { id: string }) => Number(c.id) === b.classid)).toMatchObject({
      coursename: '操作系统',
      classname: '计科 2 班',
      term: '2',
    });
    // the student certified earlier joins the bound course; a student certified later joins on certifying
    expect(await isMember(Number(mine.id), early.uid)).toBe(true);
    const late = await student();
    const certified = await attest(late.token, { jigouid: inst.jigouid, realname: '赵小刚', realstno: `S${inst.n}03` });
    expect(certified.data.courses).toMatchObject([{ id: second.id, classid: b.classid, coursename: '操作系统' }]);
    expect(await isMember(b.classid, late.uid)).toBe(true);
    expect(await isMember(Number(mine.id), late.uid)).toBe(false);
    expect(await scheduled(late.token)).toMatchObject([{ id: second.id, classid: b.classid, bindname: '操作系统' }]);
    // binding the same again changes nothing
    expect(
      (await call(app, '/CourseApi/relationTeachClass', { list: [{ id: first.id, classid: mine.id }] }, { token: t.token }))
        .status,
    ).toBe(1);
  });

  it('refuses what the caller may not bind, and changes nothing', async () => {
    const { inst, t, first, second } = await certifiedTeacher();
    const mine = await newCourse(app, t.token);
    await call(app, '/CourseApi/relationTeachClass', { list: [{ id: first.id, classid: mine.id }] }, { token: t.token });
    const other = await newCourse(app, t.token);
    const stranger = await teacher();
    const theirs = await newCourse(app, stranger.token);
    const s = await student();
    await attest(s.token, { jigouid: inst.jigouid, realname: '李小明', realstno: `S${inst.n}01` });
    const cases: [string, unknown[], number][] = [
      [t.token, [{ id: first.id, classid: other.id }], 30604],
      [t.token, [{ id: second.id, classid: theirs.id }], 30202],
      // the first item is fine, the second is not: nothing of the call is written
      [
        t.token,
        [
          { id: second.id, classid: other.id },
          { id: 999999, classid: 0 },
        ],
        40004,
      ],
      [stranger.token, [{ id: second.id, classid: theirs.id }], 40004],
      [s.token, [{ id: second.id, classid: 0 }], 40003],
      [t.token, [], 40001],
    ];
    for (const [token, items, code] of cases)
      expect((await call(app, '/CourseApi/relationTeachClass', { list: items }, { token })).code).toBe(code);
    const rows = await app.ctx.db
      .select()
      .from(teachClasses)
      .where(eq(teachClasses.institutionId, inst.jigouid))
      .orderBy(teachClasses.id);
    expect(rows.map((r) => r.courseId)).toEqual([Number(mine.id), null]);
  });

  it('answers join status 103 for a course bound to an institution that requires authentication', async () => {
    const { inst, t, first } = await certifiedTeacher(true);
    const res = await call(app, '/CourseApi/relationTeachClass', { list: [{ id: first.id, classid: 0 }] }, { token: t.token });
    const courseId = res.data.list[0].classid;
    const [course] = (await call(app, '/CourseApi/semesterCourseList', { isstudy: 0 }, { token: t.token })).data.filter(
      (c: { id: string }) => Number(c.id) === courseId,
    );
    const outsider = await student();
    expect(await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: outsider.token })).toMatchObject({
      data: { status: 103, message: '该课程要求先完成学校身份认证' },
    });
    expect(await isMember(courseId, outsider.uid)).toBe(false);
    // certified with the institution but not on this course's list: may join by code
    await attest(outsider.token, { jigouid: inst.jigouid, realname: '赵小刚', realstno: `S${inst.n}03` });
    expect((await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: outsider.token })).data.status).toBe(100);
  });

  it('lets anyone join a course bound to an institution that does not require authentication', async () => {
    const { t, first } = await certifiedTeacher(false);
    const res = await call(app, '/CourseApi/relationTeachClass', { list: [{ id: first.id, classid: 0 }] }, { token: t.token });
    const courseId = res.data.list[0].classid;
    const [course] = (await call(app, '/CourseApi/semesterCourseList', { isstudy: 0 }, { token: t.token })).data.filter(
      (c: { id: string }) => Number(c.id) === courseId,
    );
    expect(
      (await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: (await student()).token })).data.status,
    ).toBe(100);
  });

  it('lists only the caller’s own scheduled courses, by institution', async () => {
    const { inst, t } = await certifiedTeacher();
    const other = await institution();
    expect((await scheduled(t.token)).map((c: { jigouid: number }) => c.jigouid)).toEqual([inst.jigouid, inst.jigouid]);
    expect(await scheduled(t.token, other.jigouid)).toEqual([]);
    expect(await scheduled((await teacher()).token)).toEqual([]);
  });
});

describe('importing an institution', () => {
  it('is idempotent, keeps bindings and replaces a class’s student list', async () => {
    const inst = await institution();
    const t = await teacher();
    await attest(t.token, { jigouid: inst.jigouid, realname: '王建国', realstno: `T${inst.n}01` });
    const [first] = await scheduled(t.token);
    const bound = await call(app, '/CourseApi/relationTeachClass', { list: [{ id: first.id, classid: 0 }] }, { token: t.token });
    const courseId = bound.data.list[0].classid;
    const s = await student();
    await attest(s.token, { jigouid: inst.jigouid, realname: '赵小刚', realstno: `S${inst.n}03` });
    expect(await isMember(courseId, s.uid)).toBe(false);
    // the same import through the development call, now listing student 3 in the first class
    const again = await call(app, '/DevApi/importInstitution', {
      name: inst.school,
      people: [{ usertype: 0, realname: '赵小刚', realstno: `S${inst.n}03` }],
      classes: [
        {
          teachClass: `KC${inst.n}-01`,
          coursename: '数据结构',
          semester: year(),
          term: 1,
          teacherStno: `T${inst.n}01`,
          students: [`S${inst.n}03`],
        },
      ],
    });
    expect(again.data).toMatchObject({ jigouid: inst.jigouid, people: 1, classes: 1 });
    expect(await isMember(courseId, s.uid)).toBe(true);
    const rows = await app.ctx.db.select().from(teachClasses).where(eq(teachClasses.institutionId, inst.jigouid));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === first.id)?.courseId).toBe(courseId);
    expect(
      await app.ctx.db.select().from(institutionPeople).where(eq(institutionPeople.institutionId, inst.jigouid)),
    ).toHaveLength(4);
  });
});
