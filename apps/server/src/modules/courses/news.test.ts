import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { courseAreaSeen } from '../../db/schema';

/**
 * Issue 12 (5): the course home's red numbers — per user, the items of each area published since
 * they last opened it; opening clears it for them alone.
 */

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

type Person = { token: string; uid: number; mobile: string };
const now = () => Math.floor(Date.now() / 1000);

async function ok(url: string, body: Record<string, unknown>, who: Person) {
  const res = await call(app, url, body, { token: who.token });
  if (res.status !== 1) throw new Error(`${url}: ${res.code} ${res.message}`);
  return res.data;
}
const counts = (who: Person, courseid: number) => ok('/CourseApi/getNewCounts', { courseid }, who);
const open = (who: Person, courseid: number, area: string) => ok('/CourseApi/markSeen', { courseid, area }, who);
const notice = (who: Person, courseid: number, extra: Record<string, unknown> = {}) =>
  ok(
    '/FutureV2/CourseMeans/addContent',
    { courseid, contenttype: 7, title: '停课通知', content: '<p>周三停课</p>', publish: 1, ...extra },
    who,
  );

async function fileOf(who: Person) {
  const res = await upload(
    app,
    '/UploadApi/uploadV2',
    who.token,
    {},
    { name: 'notes.txt', data: Buffer.from(`n ${Math.random()}`) },
  );
  return res.data.file.id as number;
}

async function classroom() {
  const teacher = await newTeacher(app);
  const course = await newCourse(app, teacher.token);
  const a = await registerUser(app);
  const b = await registerUser(app);
  await ok('/CourseApi/joinCourse', { code: course.code }, a);
  await ok('/CourseApi/joinCourse', { code: course.code }, b);
  return { teacher, course, a, b };
}

const zero = { notice: 0, material: 0, homework: 0, topic: 0, enroll: 0 };

describe('new counts on the course home', () => {
  it('counts a published notice for each student, not for its author, and clears only for whoever opens the area', async () => {
    const { teacher, course, a, b } = await classroom();
    expect(await counts(a, course.id)).toEqual({ courseid: course.id, ...zero });
    // read once, so that the next read would come from the cache if the change feed did not drop it
    await notice(teacher, course.id);
    expect(await counts(a, course.id)).toMatchObject({ notice: 1 });
    expect(await counts(b, course.id)).toMatchObject({ notice: 1 });
    expect(await counts(teacher, course.id)).toMatchObject({ notice: 0 });

    const seen = await open(a, course.id, 'notice');
    expect(seen).toMatchObject({ courseid: course.id, area: 'notice' });
    expect(Math.abs(seen.seentime - now())).toBeLessThan(5);
    expect(await counts(a, course.id)).toMatchObject({ notice: 0 });
    expect(await counts(b, course.id)).toMatchObject({ notice: 1 });

    await notice(teacher, course.id, { title: '补课通知' });
    await notice(teacher, course.id, { title: '考试通知' });
    expect(await counts(a, course.id)).toMatchObject({ notice: 2 });
    expect(await counts(b, course.id)).toMatchObject({ notice: 3 });
  });

  it('counts each area on its own tile: materials of every kind, homework, topics', async () => {
    const { teacher, course, a } = await classroom();
    await ok(
      '/FutureV2/CourseMeans/addContent',
      { courseid: course.id, contenttype: 2, title: '讲义', fileids: [await fileOf(teacher)], publish: 1 },
      teacher,
    );
    await ok(
      '/FutureV2/CourseMeans/addContent',
      { courseid: course.id, contenttype: 10, title: '参考链接', link: 'https://example.com/a', publish: 1 },
      teacher,
    );
    await ok('/HomeworkApi/addHomework', { courseid: course.id, title: '习题一', endtime: now() + 86400 }, teacher);
    await ok(
      '/FutureV2/CourseMeans/addContent',
      { courseid: course.id, contenttype: 5, title: '讨论', content: '<p>谈谈</p>', publish: 1 },
      teacher,
    );
    expect(await counts(a, course.id)).toMatchObject({ notice: 0, material: 2, homework: 1, topic: 1 });
    await open(a, course.id, 'material');
    expect(await counts(a, course.id)).toMatchObject({ notice: 0, material: 0, homework: 1, topic: 1 });
    await open(a, course.id, 'homework');
    await open(a, course.id, 'topic');
    expect(await counts(a, course.id)).toMatchObject(zero);
  });

  it('leaves out drafts, items waiting for their time, deleted items and what was published before the student joined', async () => {
    const { teacher, course, a } = await classroom();
    await notice(teacher, course.id, { publish: 0, title: '草稿' });
    await notice(teacher, course.id, { publish: 2, publish_time: now() + 3600, title: '定时' });
    const gone = await notice(teacher, course.id, { title: '删掉的' });
    await ok('/FutureV2/CourseMeans/deleteContent', { courseid: course.id, id: gone.id }, teacher);
    expect(await counts(a, course.id)).toMatchObject({ notice: 0 });
    const late = await registerUser(app);
    await notice(teacher, course.id, { title: '加入前' });
    await ok('/CourseApi/joinCourse', { code: course.code }, late);
    expect(await counts(late, course.id)).toMatchObject({ notice: 0 });
    expect(await counts(a, course.id)).toMatchObject({ notice: 1 });
  });

  it('counts the teacher’s items for an assistant, and the join requests waiting for the teacher and assistant only', async () => {
    const { teacher, course, a } = await classroom();
    const assistant = await newTeacher(app);
    await ok('/AssistantApi/addAssistant', { courseid: course.id, account: assistant.mobile }, teacher);
    await notice(teacher, course.id);
    expect(await counts(assistant, course.id)).toMatchObject({ notice: 1, enroll: 0 });
    await ok(
      '/CourseApi/saveEnrollSetting',
      { courseid: course.id, enrollstate: '1', auditstate: '1', maxcount: 0, formLists: [] },
      teacher,
    );
    const asking = await registerUser(app);
    await ok('/CourseApi/submitEnroll', { code: course.code, answers: [] }, asking);
    expect(await counts(teacher, course.id)).toMatchObject({ enroll: 1 });
    expect(await counts(assistant, course.id)).toMatchObject({ enroll: 1 });
    expect(await counts(a, course.id)).toMatchObject({ enroll: 0 });
  });

  it('refuses strangers (30202) and a wrong area by name, writing nothing', async () => {
    const { course, a } = await classroom();
    const stranger = await registerUser(app);
    expect(await call(app, '/CourseApi/getNewCounts', { courseid: course.id }, { token: stranger.token })).toMatchObject({
      status: 0,
      code: 30202,
    });
    expect(
      await call(app, '/CourseApi/markSeen', { courseid: course.id, area: 'notice' }, { token: stranger.token }),
    ).toMatchObject({ status: 0, code: 30202 });
    const wrong = await call(app, '/CourseApi/markSeen', { courseid: String(course.id), area: 'exam' }, { token: a.token });
    expect(wrong).toMatchObject({ status: 0, code: 40001 });
    expect(wrong.message).toContain('area');
    expect(await app.ctx.db.select().from(courseAreaSeen).where(eq(courseAreaSeen.courseId, course.id))).toEqual([]);
    // ids as strings, as Ketangpai clients send them
    expect(
      (await call(app, '/CourseApi/markSeen', { courseid: String(course.id), area: 'topic' }, { token: a.token })).status,
    ).toBe(1);
  });
});
