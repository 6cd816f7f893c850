import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher, year } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { contentFiles, contents, courseMembers, courses, users } from '../../db/schema';
import { setDemoCourse } from './demo.service';

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

const courseCount = async (ownerId: number) =>
  (await app.ctx.db.select({ n: count() }).from(courses).where(eq(courses.ownerId, ownerId)))[0]!.n;

/** A demo course with a directory, a material with a file in a folder, a link, a topic, a notice and a deleted item. */
async function demoCourse() {
  const author = await newTeacher(app);
  const demo = await newCourse(app, author.token, { coursename: '示范：大学物理' });
  await call(app, '/CourseApi/saveCourseIntro', { courseid: demo.id, describes: '一门示范课程' }, { token: author.token });
  const dir = (await call(app, '/CourseApi/addDirectory', { courseid: demo.id, title: '第一章 力学' }, { token: author.token }))
    .data;
  const file = (
    await upload(app, '/UploadApi/uploadV2', author.token, {}, { name: 'lecture.pdf', data: Buffer.from('%PDF-1.4\n牛顿定律') })
  ).data.file;
  const add = async (body: Record<string, unknown>) => {
    const res = await call(
      app,
      '/FutureV2/CourseMeans/addContent',
      { courseid: demo.id, publish: 1, ...body },
      { token: author.token },
    );
    if (res.status !== 1) throw new Error(`${res.code} ${res.message}`);
    return res.data;
  };
  const folder = (
    await call(
      app,
      '/FutureV2/CourseMeans/addFolder',
      { courseid: demo.id, contenttype: 2, title: '讲义' },
      { token: author.token },
    )
  ).data;
  await add({ contenttype: 2, title: '第一讲讲义', fileids: [file.id], folderid: folder.id, dirid: dir.id });
  await add({ contenttype: 10, title: '参考网站', link: 'https://example.edu.cn/physics' });
  await add({ contenttype: 5, title: '讨论：惯性', content: '<p>说说你的理解</p>' });
  await add({ contenttype: 7, title: '开课通知', content: '<p>欢迎</p>' });
  const gone = await add({ contenttype: 2, title: '已删除', fileids: [file.id] });
  await call(app, '/FutureV2/CourseMeans/deleteContent', { courseid: demo.id, id: gone.id }, { token: author.token });
  // as `npm run course:demo` does: the operator command's function, called directly
  await setDemoCourse(app.ctx.db, demo.id, true);
  return { author, demo };
}

async function certifiedTeacher() {
  const t = await newTeacher(app);
  await app.ctx.db.update(users).set({ atteststate: 1 }).where(eq(users.id, t.uid));
  await app.ctx.sessions.forgetUser(t.uid); // as the services do after changing a user
  return t;
}

const form = (demoid: number, extra: Record<string, unknown> = {}) => ({
  demoid,
  coursename: '大学物理（2026 秋）',
  classname: '物理 1 班',
  semester: year(),
  term: 1,
  ...extra,
});

describe('courses from a demo', () => {
  it('lists demo courses to teachers, saying whether they may create from them', async () => {
    const { demo } = await demoCourse();
    const plain = await newTeacher(app);
    const listed = (await call(app, '/CourseApi/demoCourseList', {}, { token: plain.token })).data;
    expect(listed.allowed).toBe(0);
    expect(listed.list.find((c: { id: number }) => c.id === demo.id)).toMatchObject({
      coursename: '示范：大学物理',
      describes: '一门示范课程',
      items: 4,
    });
    expect((await call(app, '/CourseApi/demoCourseList', {}, { token: (await certifiedTeacher()).token })).data.allowed).toBe(1);
    expect((await call(app, '/CourseApi/demoCourseList', {}, { token: (await registerUser(app)).token })).code).toBe(40003);
    expect((await call(app, '/CourseApi/demoCourseList', {})).code).toBe(20003);
  });

  it('creates the course with the demo’s settings and its catalogue as drafts, without its members', async () => {
    const { author, demo } = await demoCourse();
    const s = await registerUser(app);
    await call(app, '/CourseApi/joinCourse', { code: demo.code }, { token: s.token });
    const t = await certifiedTeacher();
    const res = await call(app, '/CourseApi/createCourseFromDemo', form(demo.id), { token: t.token });
    expect(res.status).toBe(1);
    expect(res.data).toMatchObject({ coursename: '大学物理（2026 秋）', classname: '物理 1 班', role: 1, total: 0, copied: 4 });
    const id = Number(res.data.id);
    expect((await call(app, '/CourseApi/getCourseIntro', { courseid: id }, { token: t.token })).data.describes).toBe(
      '一门示范课程',
    );
    const members = await app.ctx.db.select().from(courseMembers).where(eq(courseMembers.courseId, id));
    expect(members.map((m) => [m.userId, m.role])).toEqual([[t.uid, 'owner']]);
    const items = await app.ctx.db.select().from(contents).where(eq(contents.courseId, id));
    expect(items.map((i) => [i.title, i.publishState, i.authorId]).sort()).toEqual(
      [
        ['第一讲讲义', 0, t.uid],
        ['参考网站', 0, t.uid],
        ['讨论：惯性', 0, t.uid],
        ['开课通知', 0, t.uid],
        ['讲义', 0, t.uid],
      ].sort(),
    );
    const material = items.find((i) => i.title === '第一讲讲义')!;
    const folder = items.find((i) => i.title === '讲义')!;
    expect(material.folderId).toBe(folder.id);
    expect(material.directoryId).not.toBeNull();
    expect(await app.ctx.db.select().from(contentFiles).where(eq(contentFiles.contentId, material.id))).toHaveLength(1);
    // the demo itself is untouched, and the new course is not a demo
    expect((await app.ctx.db.select().from(courses).where(eq(courses.id, id)))[0]!.isDemo).toBe(false);
    expect((await call(app, '/CourseApi/getCourseInfo', { courseid: demo.id }, { token: author.token })).data.total).toBe(1);
  });

  it('refuses uncertified teachers, students, unknown or non-demo courses and bad forms, creating nothing', async () => {
    const { demo } = await demoCourse();
    const t = await certifiedTeacher();
    const plain = await newTeacher(app);
    const other = await newCourse(app, plain.token);
    const cases: [string, Record<string, unknown>, number, string?][] = [
      [plain.token, form(demo.id), 40003],
      [(await registerUser(app)).token, form(demo.id), 40003],
      [t.token, form(other.id), 40004],
      [t.token, form(999999), 40004],
      [t.token, form(demo.id, { coursename: '' }), 40001, '请输入课程名称'],
      [t.token, form(demo.id, { semester: '1999-2000' }), 40001],
      [t.token, form(demo.id, { demoid: '' }), 40001, '请选择示范课程'],
    ];
    for (const [token, body, code, message] of cases) {
      const res = await call(app, '/CourseApi/createCourseFromDemo', body, { token });
      expect(res.code).toBe(code);
      if (message) expect(res.message).toBe(message);
    }
    expect(await courseCount(t.uid)).toBe(0);
    // a demo no longer offered is gone for everyone
    await setDemoCourse(app.ctx.db, demo.id, false);
    expect((await call(app, '/CourseApi/createCourseFromDemo', form(demo.id), { token: t.token })).code).toBe(40004);
  });

  it('counts toward the 50-course cap of a non-VIP teacher', async () => {
    const { demo } = await demoCourse();
    const t = await certifiedTeacher();
    const [first] = await app.ctx.db.select().from(courses).where(eq(courses.id, demo.id));
    await app.ctx.db.insert(courses).values(
      Array.from({ length: 50 }, (_, i) => ({
        ownerId: t.uid,
        coursename: `占位 ${i}`,
        semester: first!.semester,
        term: 1,
        code: String(800000 + i + (t.uid % 1000) * 50).slice(-6),
      })),
    );
    expect((await call(app, '/CourseApi/createCourseFromDemo', form(demo.id), { token: t.token })).code).toBe(30301);
    expect(await courseCount(t.uid)).toBe(50);
  });
});
