import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { refuseWrites } from '../../../test/refuse-writes';
import { messageNotices, submissions, users } from '../../db/schema';

/**
 * Issue 12 (5): a course's teacher and assistants are told when a student hands in homework (again,
 * after a return), joins, or asks to join — in the same transaction, and nobody else is.
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
type Notice = {
  action: string;
  title: string;
  courseid: number;
  courserole: number;
  contentid: number;
  teacher: { username: string };
};

async function notices(who: Person): Promise<Notice[]> {
  const res = await call(app, '/MessageApi/lists', { page: 1, limit: 50 }, { token: who.token });
  if (res.status !== 1) throw new Error(res.message);
  return res.data.list;
}

async function ok(url: string, body: Record<string, unknown>, who: Person) {
  const res = await call(app, url, body, { token: who.token });
  if (res.status !== 1) throw new Error(`${url}: ${res.code} ${res.message}`);
  return res.data;
}

async function fileOf(who: Person) {
  const res = await upload(
    app,
    '/UploadApi/uploadV2',
    who.token,
    {},
    { name: 'essay.txt', data: Buffer.from(`work ${Math.random()}`) },
  );
  return res.data.file.id as number;
}

/** A course with an owner, an assistant (reading in English) and a student; and another course's teacher. */
async function setup(settings?: Record<string, unknown>) {
  const teacher = await newTeacher(app);
  const assistant = await newTeacher(app);
  const stranger = await newTeacher(app);
  await app.ctx.db.update(users).set({ lang: 'en' }).where(eq(users.id, assistant.uid));
  const course = await newCourse(app, teacher.token, { coursename: '线性代数' });
  await newCourse(app, stranger.token, { coursename: '别的课' });
  await ok('/AssistantApi/addAssistant', { courseid: course.id, account: assistant.mobile }, teacher);
  if (settings)
    await ok(
      '/CourseApi/saveEnrollSetting',
      { courseid: course.id, enrollstate: '1', auditstate: '0', maxcount: 0, formLists: [], ...settings },
      teacher,
    );
  const student = await registerUser(app, { username: '李同学' });
  return { teacher, assistant, stranger, course, student };
}

describe('notices to a course’s teachers', () => {
  it('tells the teacher and assistants, each in their language, when a student joins by code — nobody else', async () => {
    const { teacher, assistant, stranger, course, student } = await setup();
    await ok('/CourseApi/joinCourse', { code: course.code }, student);
    const [mine] = await notices(teacher);
    expect(mine).toMatchObject({
      action: 'member_join',
      courseid: course.id,
      courserole: 1,
      title: '线性代数：李同学 加入了课程',
      teacher: { username: '李同学' },
    });
    expect((await notices(assistant))[0]).toMatchObject({ action: 'member_join', title: '线性代数: 李同学 joined the course' });
    expect(await notices(stranger)).toEqual([]);
    expect(await notices(student)).toEqual([]);
  });

  it('tells them once of a join request waiting for review, not of an answer changed while it waits', async () => {
    const { teacher, assistant, stranger, course, student } = await setup({ auditstate: '1' });
    const asked = await ok('/CourseApi/joinCourse', { code: course.code }, student);
    expect(asked.status).toBe(110);
    // going to the form is not a request yet
    expect(await notices(teacher)).toEqual([]);
    expect((await ok('/CourseApi/submitEnroll', { code: course.code, answers: [] }, student)).status).toBe(110);
    expect(await notices(teacher)).toEqual([
      expect.objectContaining({ action: 'join_request', title: '线性代数：李同学 申请加入课程，等待你审核' }),
    ]);
    expect((await notices(assistant))[0]).toMatchObject({
      action: 'join_request',
      title: '线性代数: 李同学 asked to join and is waiting for your approval',
    });
    await ok('/CourseApi/submitEnroll', { code: course.code, answers: [] }, student);
    expect(await notices(teacher)).toHaveLength(1);
    expect(await notices(stranger)).toEqual([]);
    expect(await notices(student)).toEqual([]);
  });

  it('tells them of a submission, a resubmission and a resubmission after a return, naming the homework', async () => {
    const { teacher, assistant, stranger, course, student } = await setup();
    await ok('/CourseApi/joinCourse', { code: course.code }, student);
    const other = await registerUser(app, { username: '王同学' });
    await ok('/CourseApi/joinCourse', { code: course.code }, other);
    const hw = await ok(
      '/HomeworkApi/addHomework',
      { courseid: course.id, title: '第一章习题', endtime: Math.floor(Date.now() / 1000) + 86400 },
      teacher,
    );
    const before = (await notices(teacher)).length;

    const first = await ok(
      '/HomeworkApi/stuWorkSubmit',
      { courseid: course.id, id: hw.id, fileids: [await fileOf(student)] },
      student,
    );
    const list = await notices(teacher);
    expect(list).toHaveLength(before + 1);
    expect(list[0]).toMatchObject({
      action: 'work_submit',
      contentid: hw.id,
      courserole: 1,
      title: '线性代数：李同学 提交了作业「第一章习题」',
      teacher: { username: '李同学' },
    });
    expect((await notices(assistant))[0]).toMatchObject({ title: '线性代数: 李同学 handed in "第一章习题"' });

    await ok('/HomeworkApi/stuWorkSubmit', { courseid: course.id, id: hw.id, fileids: [await fileOf(student)] }, student);
    expect((await notices(teacher))[0]).toMatchObject({
      action: 'work_resubmit',
      title: '线性代数：李同学 重新提交了作业「第一章习题」',
    });

    await ok('/HomeworkApi/repulse', { courseid: course.id, id: hw.id, sids: [first.sid], reason: '缺少步骤' }, teacher);
    await ok('/HomeworkApi/stuWorkSubmit', { courseid: course.id, id: hw.id, fileids: [await fileOf(student)] }, student);
    expect((await notices(teacher))[0]).toMatchObject({
      action: 'work_resubmit_returned',
      title: '线性代数：作业「第一章习题」被打回后，李同学 重新提交了',
    });
    expect((await notices(assistant))[0]).toMatchObject({
      action: 'work_resubmit_returned',
      title: '线性代数: 李同学 handed in "第一章习题" again after it was returned',
    });
    expect(await notices(stranger)).toEqual([]);
    // the member-change page lists only the course's member notices, not the work handed in
    const members = await call(
      app,
      '/MessageApi/lists',
      { page: 1, courseid: String(course.id), kind: 'members' },
      { token: teacher.token },
    );
    expect(members.data.list.map((n: Notice) => n.action)).toEqual(['member_join', 'member_join']);
    expect(members.data.total).toBe(2);
    // the students hear of the homework and of their return, never of anyone's work
    expect((await notices(student)).map((n) => n.action)).toEqual(['homework_returned', 'publish']);
    expect((await notices(other)).map((n) => n.action)).toEqual(['publish']);
  });

  it('writes no notice for a refused submission', async () => {
    const { teacher, course, student } = await setup();
    await ok('/CourseApi/joinCourse', { code: course.code }, student);
    const hw = await ok(
      '/HomeworkApi/addHomework',
      { courseid: course.id, title: '空交', endtime: Math.floor(Date.now() / 1000) + 86400 },
      teacher,
    );
    const before = (await notices(teacher)).length;
    const refused = await call(
      app,
      '/HomeworkApi/stuWorkSubmit',
      { courseid: course.id, id: hw.id, fileids: [] },
      { token: student.token },
    );
    expect(refused.status).toBe(0);
    expect(await notices(teacher)).toHaveLength(before);
  });

  it('writes the notices in the submission’s transaction: a failure after them leaves no notice and no submission', async () => {
    const { teacher, course, student } = await setup();
    await ok('/CourseApi/joinCourse', { code: course.code }, student);
    const hw = await ok(
      '/HomeworkApi/addHomework',
      { courseid: course.id, title: '回滚', endtime: Math.floor(Date.now() / 1000) + 86400 },
      teacher,
    );
    const fileid = await fileOf(student);
    // the database refuses the teachers' notice: the submission written before it must go too
    const restore = await refuseWrites(db, 'message_notices', { when: `NEW.content_id = ${hw.id}` });
    try {
      const res = await call(
        app,
        '/HomeworkApi/stuWorkSubmit',
        { courseid: course.id, id: hw.id, fileids: [fileid] },
        { token: student.token },
      );
      expect(res).toMatchObject({ status: 0, code: 50000 });
    } finally {
      await restore();
    }
    expect(await app.ctx.db.select().from(submissions).where(eq(submissions.contentId, hw.id))).toEqual([]);
    const rows = await app.ctx.db
      .select()
      .from(messageNotices)
      .where(and(eq(messageNotices.userId, teacher.uid), eq(messageNotices.contentId, hw.id)));
    expect(rows).toEqual([]);
  });
});
