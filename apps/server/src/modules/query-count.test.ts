import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../test/courses';
import { call, QueryCounter, registerUser, testApp, testDatabase, type TestDatabase, upload } from '../../test/helpers';

/**
 * Query budgets: a list answer runs a fixed number of queries whatever its number of rows, and a
 * call checks the caller's membership once. Counted by the database driver's logger, per request.
 */

const counter = new QueryCounter();
let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  db = await testDatabase({ logger: counter });
  app = await testApp(db);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

/**
 * Counts one call's queries with the caller's session not cached, so that two measured calls each ask
 * the database for the session (the 5 s cache would otherwise answer one and not the other).
 */
async function cold<T>(uid: number, work: () => Promise<T>) {
  await app.ctx.sessions.forgetUser(uid);
  app.ctx.reads.clear();
  return counter.measure(work);
}

const now = () => Math.floor(Date.now() / 1000);
const MEMBERSHIP = /from "course_members" inner join "courses"/i;

async function ok(url: string, body: Record<string, unknown>, token: string) {
  const res = await call(app, url, body, { token });
  if (res.status !== 1) throw new Error(`${url}: ${res.code} ${res.message}`);
  return res.data;
}

async function fileOf(token: string) {
  const res = await upload(
    app,
    '/UploadApi/uploadV2',
    token,
    {},
    { name: 'essay.txt', data: Buffer.from(randomBytes(16).toString('hex')) },
  );
  return res.data.file.id as number;
}

describe('query budgets', () => {
  let teacher: { token: string; uid: number };
  let courseid: number;
  let students: { token: string }[];

  beforeAll(async () => {
    teacher = await newTeacher(app);
    const course = await newCourse(app, teacher.token);
    courseid = course.id;
    students = [];
    for (let i = 0; i < 20; i++) {
      const s = await registerUser(app);
      await ok('/CourseApi/joinCourse', { code: course.code }, s.token);
      students.push(s);
    }
  });

  /** A homework that `count` of the students have submitted to. */
  async function homeworkWith(count: number) {
    const hw = await ok('/HomeworkApi/addHomework', { courseid, title: `作业 ${count}`, endtime: now() + 86400 }, teacher.token);
    for (const s of students.slice(0, count))
      await ok(
        '/HomeworkApi/stuWorkSubmit',
        { courseid, id: hw.id, fileids: [await fileOf(s.token), await fileOf(s.token)] },
        s.token,
      );
    return hw.id as number;
  }

  it('lists 2 and 20 submissions in the same number of queries', async () => {
    const few = await homeworkWith(2);
    const many = await homeworkWith(20);
    // filter 2: the submitted ones, so the two lists have 2 and 20 rows with a submission each
    const list = (id: number) =>
      cold(teacher.uid, () => call(app, '/HomeworkApi/stuUserList', { courseid, id, filter: 2, limit: 50 }, { token: teacher.token }));
    const a = await list(few);
    const b = await list(many);
    expect(a.result.data.list).toHaveLength(2);
    expect(b.result.data.list).toHaveLength(20);
    expect(b.result.data.list.every((r: { submission: { attachment: unknown[] } }) => r.submission.attachment.length === 2)).toBe(
      true,
    );
    expect(b.queries).toBe(a.queries);
    expect(a.sql.filter((q) => MEMBERSHIP.test(q))).toHaveLength(1);
  });

  it('edits a homework with one membership lookup', async () => {
    const hw = await ok('/HomeworkApi/addHomework', { courseid, title: '待改', endtime: now() + 86400 }, teacher.token);
    const edit = await counter.measure(() =>
      call(
        app,
        '/HomeworkApi/editHomework',
        { courseid, id: hw.id, title: '已改', endtime: now() + 7200, fullscore: 50 },
        { token: teacher.token },
      ),
    );
    expect(edit.result).toMatchObject({ status: 1, data: { title: '已改', settings: { fullscore: 50 } } });
    expect(edit.sql.filter((q) => MEMBERSHIP.test(q))).toHaveLength(1);
  });

  it('lists 2 and 20 courses in the same number of queries', async () => {
    const few = await newTeacher(app);
    const many = await newTeacher(app);
    for (let i = 0; i < 2; i++) await newCourse(app, few.token, { coursename: `课程 ${i}` });
    for (let i = 0; i < 20; i++) await newCourse(app, many.token, { coursename: `课程 ${i}` });
    const list = (who: { token: string; uid: number }) =>
      cold(who.uid, () => call(app, '/CourseApi/semesterCourseList', { isstudy: 0, semester: '', term: '' }, { token: who.token }));
    const a = await list(few);
    const b = await list(many);
    expect(a.result.data).toHaveLength(2);
    expect(b.result.data).toHaveLength(20);
    expect(b.queries).toBe(a.queries);
  });
  it('lists a catalogue of 2 and of 20 folders in the same number of queries, each with its first page', async () => {
    /** A course whose catalogue holds `folders` notice folders, the first with 12 notices and the others with 1. */
    async function catalogue(folders: number) {
      const course = await newCourse(app, teacher.token, { coursename: `目录 ${folders}` });
      for (let f = 0; f < folders; f++) {
        const folder = await ok(
          '/FutureV2/CourseMeans/addFolder',
          { courseid: course.id, contenttype: 7, title: `文件夹 ${f}` },
          teacher.token,
        );
        for (let i = 0; i < (f === 0 ? 12 : 1); i++)
          await ok(
            '/FutureV2/CourseMeans/addContent',
            { courseid: course.id, contenttype: 7, title: `公告 ${f}-${i}`, content: '<p>内容</p>', folderid: folder.id },
            teacher.token,
          );
      }
      return course.id as number;
    }
    const list = (id: number) =>
      cold(teacher.uid, () => call(app, '/FutureV2/CourseMeans/getCourseContent', { courseid: id, limit: 50 }, { token: teacher.token }));
    const a = await list(await catalogue(2));
    const b = await list(await catalogue(20));
    expect(a.result.data.list).toHaveLength(2);
    expect(b.result.data.list).toHaveLength(20);
    const big = b.result.data.list.find((x: { title: string }) => x.title === '文件夹 0');
    expect(big.children).toMatchObject({ total: 12, currentPage: 1, finished: 0 });
    expect(big.children.list).toHaveLength(10);
    // newest first, as the folder's own pages
    expect(big.children.list[0].title).toBe('公告 0-11');
    expect(b.result.data.list.filter((x: { children: { total: number } }) => x.children.total === 1)).toHaveLength(19);
    expect(b.queries).toBe(a.queries);
  });
});
