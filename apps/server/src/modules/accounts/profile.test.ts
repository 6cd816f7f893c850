import { MAJOR_CATALOGUE } from '@paiclass/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { institutionPeople, users } from '../../db/schema';
import { importInstitution } from '../institutions/institutions.service';
import { createNotices } from '../notices/notices.service';

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

const edit = (token: string, body: Record<string, unknown>, opts: { form?: boolean } = {}) =>
  call(app, '/UserApi/editUserInfo', body, { token, ...opts });
const me = async (token: string) => (await call(app, '/UserApi/getUserInfo', {}, { token })).data;
const row = async (uid: number) => (await app.ctx.db.select().from(users).where(eq(users.id, uid)))[0]!;
const english = async (token: string) => call(app, '/UserApi/setLanguage', { lang: 'en' }, { token });

/** A refusal that names the field, in the caller's language, with nothing written. */
async function refused(token: string, uid: number, body: Record<string, unknown>, message: string) {
  const before = await row(uid);
  const res = await edit(token, body);
  expect(res).toMatchObject({ status: 0, code: 40001, message });
  expect(await row(uid)).toEqual(before);
}

describe('name (spec 1 §5)', () => {
  it('refuses an empty name, a one-character name and a long one with the field named, zh and en', async () => {
    const s = await registerUser(app);
    await refused(s.token, s.uid, { username: '  ' }, '姓名不能为空');
    await refused(s.token, s.uid, { username: '王' }, '请输入正确的姓名');
    await refused(s.token, s.uid, { username: '名'.repeat(31) }, '姓名最多 30 个字');
    await english(s.token);
    await refused(s.token, s.uid, { username: '' }, 'Name cannot be empty');
    await refused(s.token, s.uid, { username: 'A' }, 'Please enter a correct name');
  });

  it('changes the name at once everywhere: user info, a student’s kept course list, the member list', async () => {
    const t = await newTeacher(app);
    const course = await newCourse(app, t.token);
    const s = await registerUser(app);
    await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: s.token });
    const list = async () =>
      (await call(app, '/CourseApi/semesterCourseList', { isstudy: 1, semester: '', term: '' }, { token: s.token })).data;
    const before = await list();
    expect(before[0].username).toBe('测试同学');
    await list(); // kept in the read cache now
    const res = await edit(t.token, { username: '  李明老师 ' });
    expect(res).toMatchObject({ status: 1, data: { username: '李明老师' } });
    expect((await me(t.token)).username).toBe('李明老师');
    expect((await list())[0].username).toBe('李明老师');
    await edit(s.token, { username: '张同学' });
    const members = (await call(app, '/Futurev2/Student/lists', { courseid: course.id }, { token: t.token })).data.list;
    expect(members.map((m: { username: string }) => m.username)).toEqual(['张同学']);
  });
});

describe('number, school, department, class', () => {
  it('names the number by the user type: student number or staff number', async () => {
    const s = await registerUser(app);
    await refused(s.token, s.uid, { stno: '' }, '学号不能为空');
    await refused(s.token, s.uid, { stno: '1' }, '请输入正确的学号');
    await refused(s.token, s.uid, { stno: '1'.repeat(21) }, '学号最多 20 位');
    const t = await newTeacher(app);
    await refused(t.token, t.uid, { stno: '7' }, '请输入正确的工号');
    await english(t.token);
    await refused(t.token, t.uid, { stno: '' }, 'Staff number cannot be empty');
    expect((await edit(t.token, { stno: ' T2026 ' })).data.stno).toBe('T2026');
  });

  it('takes a school of up to 50 characters, refusing an empty one', async () => {
    const s = await registerUser(app);
    await refused(s.token, s.uid, { school: '' }, '学校不能为空');
    await refused(s.token, s.uid, { school: '校'.repeat(51) }, '学校名称最多 50 个字');
    expect((await edit(s.token, { school: '第二示范大学' })).data.school).toBe('第二示范大学');
  });

  it('keeps the department to Chinese characters, letters, digits and , . ( ), at most 20', async () => {
    const s = await registerUser(app);
    await refused(s.token, s.uid, { department: '计算机学院#1' }, '院系只能包含汉字、字母、数字和 , . ( ) 符号');
    await refused(s.token, s.uid, { department: '计' }, '请输入正确的院系');
    await refused(s.token, s.uid, { department: '院'.repeat(21) }, '院系最多 20 个字');
    await english(s.token);
    await refused(
      s.token,
      s.uid,
      { department: 'CS & Maths' },
      'The department may contain only Chinese characters, letters, digits and , . ( )',
    );
    expect((await edit(s.token, { department: '计算机学院（软件）,一系.' })).data.department).toBe('计算机学院（软件）,一系.');
  });

  it('takes a student’s class, grade 1-6 and enrolment month from 1990-01, and refuses them from a teacher', async () => {
    const s = await registerUser(app);
    await refused(s.token, s.uid, { classno: '1' }, '请输入正确的班级');
    await refused(s.token, s.uid, { classno: '班'.repeat(21) }, '班级最多 20 个字');
    await refused(s.token, s.uid, { grade: 7 }, '请选择年级（1-6）');
    await refused(s.token, s.uid, { grade: 0 }, '请选择年级（1-6）');
    await refused(s.token, s.uid, { enrolltime: '1989-12' }, '请选择入学时间（不早于 1990-01）');
    await refused(s.token, s.uid, { enrolltime: '2024-13' }, '请选择入学时间（不早于 1990-01）');
    // form-encoded, as Ketangpai clients send it
    const res = await edit(s.token, { classno: '计科 2 班', grade: '3', enrolltime: '1990-01' }, { form: true });
    expect(res.data.additionInfo).toEqual({ classno: '计科 2 班', grade: '3', enrolltime: '1990-01' });
    const t = await newTeacher(app);
    await refused(t.token, t.uid, { grade: 2 }, '这一项只有学生填写');
  });

  it('refuses a call with nothing to change, and one bad field keeps the good ones from being written', async () => {
    const s = await registerUser(app);
    await refused(s.token, s.uid, {}, '请填写要修改的内容');
    await refused(s.token, s.uid, { username: '新名字', department: '#' }, '请输入正确的院系');
  });
});

describe('taught courses and majors (teachers)', () => {
  it('keeps a teacher’s taught courses, each named correctly, at most 20, and refuses them from a student', async () => {
    const t = await newTeacher(app);
    const res = await edit(t.token, { teachcourse: ['高等数学', ' 线性代数 ', '高等数学'] });
    expect(res.data.teachcourse).toEqual(['高等数学', '线性代数']);
    // a list as JSON text from a form-encoded client
    expect((await edit(t.token, { teachcourse: JSON.stringify(['概率论']) }, { form: true })).data.teachcourse).toEqual([
      '概率论',
    ]);
    const before = await row(t.uid);
    const bad = await edit(t.token, { teachcourse: ['高等数学', '数'] });
    expect(bad).toMatchObject({ code: 40001, message: '请输入正确的任教课程' });
    expect(await row(t.uid)).toEqual(before);
    await refused(t.token, t.uid, { teachcourse: Array.from({ length: 21 }, (_, i) => `课程${i}`) }, '任教课程最多 20 门');
    const s = await registerUser(app);
    await refused(s.token, s.uid, { teachcourse: ['高等数学'] }, '这一项只有老师填写');
  });

  it('takes majors from the three catalogues under the catalogue’s title, and typed ones of 2-12 characters', async () => {
    const t = await newTeacher(app);
    const higher = MAJOR_CATALOGUE['1'][0]!;
    const vocational = MAJOR_CATALOGUE['2'][1]!;
    const secondary = MAJOR_CATALOGUE['3'][2]!;
    const res = await edit(t.token, {
      majors: [
        { type: '1', id: higher.id, title: 'anything sent' },
        { type: 2, id: vocational.id, title: '' },
        { type: '3', id: secondary.id, title: '' },
        { type: '0', title: ' 航海技术 ' },
      ],
    });
    expect(res.data.majors).toEqual([
      { type: '1', id: higher.id, title: higher.zh },
      { type: '2', id: vocational.id, title: vocational.zh },
      { type: '3', id: secondary.id, title: secondary.zh },
      { type: '0', id: '', title: '航海技术' },
    ]);
    await refused(
      t.token,
      t.uid,
      { majors: [{ type: '1', id: 'h999', title: '假专业' }] },
      '专业库里没有这个专业，请重新选择或手动填写',
    );
    await refused(t.token, t.uid, { majors: [{ type: '0', title: '一二三四五六七八九十一二三' }] }, '专业名称最多 12 个字');
    await refused(t.token, t.uid, { majors: [{ type: '0', title: '航' }] }, '请输入正确的专业');
    await english(t.token);
    await refused(t.token, t.uid, { majors: [{ type: '0', title: '' }] }, 'Major cannot be empty');
    const s = await registerUser(app);
    await refused(s.token, s.uid, { majors: [{ type: '0', title: '航海技术' }] }, '这一项只有老师填写');
  });
});

let serial = 0;
/** A student certified with an institution by its activation code. */
async function certifiedStudent() {
  serial += 1;
  const name = `第${serial}资料大学`;
  const imported = await importInstitution(app.ctx.db, {
    name,
    requireAttest: false,
    people: [{ usertype: 0, realname: '李小明', realstno: `P${serial}01`, activation: true }],
    classes: [],
  });
  const s = await registerUser(app, { school: name, stno: `P${serial}01` });
  const res = await call(
    app,
    '/AttestApi/attest',
    { jigouid: imported.jigouid, realname: '李小明', realstno: `P${serial}01`, code: imported.codes[0]!.code },
    { token: s.token },
  );
  expect(res.status).toBe(1);
  return { ...s, jigou: name, jigouid: imported.jigouid };
}
const certifiedWith = async (uid: number) =>
  (await app.ctx.db.select().from(institutionPeople).where(eq(institutionPeople.userId, uid))).length;

describe('certified accounts (decision 014)', () => {
  it('asks before a number or school change ends the certification, and ends it when confirmed', async () => {
    const s = await certifiedStudent();
    const before = await row(s.uid);
    const asked = await edit(s.token, { stno: 'P999' });
    expect(asked).toMatchObject({ status: 0, code: 30605 });
    expect(asked.message).toContain(s.jigou);
    expect(await row(s.uid)).toEqual(before);
    expect((await edit(s.token, { school: '别的大学' })).code).toBe(30605);
    // the same values again end nothing and need no confirmation
    expect((await edit(s.token, { stno: before.stno, school: before.school })).status).toBe(1);
    expect(await certifiedWith(s.uid)).toBe(1);
    const done = await edit(s.token, { stno: 'P999', confirm: 1 });
    expect(done).toMatchObject({ status: 1, data: { stno: 'P999', atteststate: 0, attestInfo: [] } });
    expect(await certifiedWith(s.uid)).toBe(0);
  });

  it('lets a certified account change its name and class without ending anything', async () => {
    const s = await certifiedStudent();
    expect((await edit(s.token, { username: '李晓明', classno: '一班' })).status).toBe(1);
    expect(await certifiedWith(s.uid)).toBe(1);
    expect((await me(s.token)).atteststate).toBe(1);
  });
});

describe('role change (spec 1 §4)', () => {
  const change = (token: string, body: Record<string, unknown>) => call(app, '/UserApi/changeUsertype', body, { token });

  it('makes a student a teacher, whose number is then a staff number', async () => {
    const s = await registerUser(app);
    const res = await change(s.token, { usertype: '1' });
    expect(res).toMatchObject({ status: 1, data: { usertype: '1' } });
    expect((await row(s.uid)).usertype).toBe(1);
    expect((await edit(s.token, { stno: '' })).message).toBe('工号不能为空');
    expect((await edit(s.token, { teachcourse: ['物理'] })).status).toBe(1);
  });

  it('refuses a VIP student, in both languages, and changes nothing', async () => {
    const s = await registerUser(app);
    await app.ctx.db.update(users).set({ isvip: 1 }).where(eq(users.id, s.uid));
    await app.ctx.sessions.forgetUser(s.uid);
    expect(await change(s.token, { usertype: 1 })).toMatchObject({ status: 0, code: 30801, message: '会员学生不能更改身份' });
    await english(s.token);
    expect((await change(s.token, { usertype: 1 })).message).toBe('A VIP student cannot change their role');
    expect((await row(s.uid)).usertype).toBe(0);
  });

  it('refuses a teacher becoming a student', async () => {
    const t = await newTeacher(app);
    expect(await change(t.token, { usertype: 0 })).toMatchObject({ status: 0, code: 30802 });
    expect((await row(t.uid)).usertype).toBe(1);
  });

  it('asks a certified student first, then ends the certification made as a student', async () => {
    const s = await certifiedStudent();
    expect((await change(s.token, { usertype: 1 })).code).toBe(30605);
    expect((await row(s.uid)).usertype).toBe(0);
    expect((await change(s.token, { usertype: 1, confirm: 1 })).data).toMatchObject({ usertype: '1', atteststate: 0 });
    expect(await certifiedWith(s.uid)).toBe(0);
  });
});

// a 1×1 png
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const uploadImage = async (token: string, data = PNG, type = 'image') =>
  (await upload(app, '/UploadApi/uploadV2', token, { type, filename: 'avatar.png' }, { name: 'avatar.png', data })).data.file
    .id as number;

describe('avatar (spec 1 §2, §5)', () => {
  it('sets an uploaded image as the avatar, shown to others under its address until replaced', async () => {
    const s = await registerUser(app);
    const id = await uploadImage(s.token);
    const res = await call(app, '/UserApi/updateAvatar', { fileid: String(id) }, { token: s.token });
    expect(res.status).toBe(1);
    const address = new URL((await me(s.token)).avatar);
    expect(address.pathname).toBe('/FileApi/avatar');
    const image = await app.inject({ method: 'GET', url: address.pathname + address.search });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    // a forged signature opens nothing
    const forged = await app.inject({ method: 'GET', url: `/FileApi/avatar?id=${id}&sig=${'0'.repeat(64)}` });
    expect(forged.json()).toMatchObject({ status: 0, code: 40004 });
    // replaced: the old address opens nothing
    const other = Buffer.concat([PNG, Buffer.from([0])]);
    await call(app, '/UserApi/updateAvatar', { fileid: await uploadImage(s.token, other) }, { token: s.token });
    expect((await app.inject({ method: 'GET', url: address.pathname + address.search })).json()).toMatchObject({ code: 40004 });
    expect(new URL((await me(s.token)).avatar).search).not.toBe(address.search);
  });

  it('refuses another user’s file and a file that is not an image, changing nothing', async () => {
    const s = await registerUser(app);
    const other = await registerUser(app);
    const theirs = await uploadImage(other.token);
    expect((await call(app, '/UserApi/updateAvatar', { fileid: theirs }, { token: s.token })).code).toBe(40004);
    const text = await uploadImage(s.token, Buffer.from('not an image at all'), 'attachment');
    const res = await call(app, '/UserApi/updateAvatar', { fileid: text }, { token: s.token });
    expect(res).toMatchObject({ code: 40014, message: '请上传图片文件（jpg、png、gif、webp、bmp）' });
    expect((await row(s.uid)).avatar).toBe('');
  });

  it('refuses an image over 5 MB at upload, with the image limit’s message', async () => {
    const s = await registerUser(app);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(
      app,
      '/UploadApi/uploadV2',
      s.token,
      { type: 'image', filename: 'big.png' },
      { name: 'big.png', data: big },
    );
    expect(res).toMatchObject({ status: 0, message: '图片文件不能大于 5MB' });
  });
});

describe('message-notice switches (notify1-4)', () => {
  it('keeps notices of a kind the user switched off from reaching them', async () => {
    const s = await registerUser(app);
    const res = await call(app, '/UserApi/setNotify', { notify1: 0, notify3: '0' }, { token: s.token, form: true });
    expect(res.data).toMatchObject({ notify1: '0', notify2: '1', notify3: '0', notify4: '1' });
    await createNotices(app.ctx, [
      { userId: s.uid, courseRole: 0, action: 'publish', contenttype: 7, title: '新公告' },
      { userId: s.uid, courseRole: 0, action: 'publish', contenttype: 4, title: '新作业' },
      { userId: s.uid, courseRole: 0, action: 'grade', contenttype: 4, title: '作业已批改' },
    ]);
    const list = (await call(app, '/MessageApi/lists', {}, { token: s.token })).data.list;
    expect(list.map((n: { title: string }) => n.title)).toEqual(['新作业']);
    expect((await call(app, '/UserApi/setNotify', {}, { token: s.token })).code).toBe(40001);
  });

  it('keeps both of two switches flipped at the same moment', async () => {
    const s = await registerUser(app);
    // the session is cached with every switch on; both calls start from it
    await call(app, '/UserApi/getUserInfo', {}, { token: s.token });
    await Promise.all([
      call(app, '/UserApi/setNotify', { notify1: 0 }, { token: s.token }),
      call(app, '/UserApi/setNotify', { notify2: 0 }, { token: s.token }),
    ]);
    const info = (await call(app, '/UserApi/getUserInfo', {}, { token: s.token })).data;
    expect([info.notify1, info.notify2, info.notify3, info.notify4]).toEqual(['0', '0', '1', '1']);
  });
});
