import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { messageNotices, submissionMembers, submissions, submissionVersions, users } from '../../db/schema';

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

const now = () => Math.floor(Date.now() / 1000);
type Person = { token: string; uid: number };
const hwCall = (path: string, token: string, body: Record<string, unknown>) => call(app, `/HomeworkApi/${path}`, body, { token });

async function classroom(students: number) {
  const teacher = await newTeacher(app);
  const course = await newCourse(app, teacher.token);
  const list: Person[] = [];
  for (let i = 0; i < students; i++) {
    const s = await registerUser(app);
    await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: s.token });
    list.push(s);
  }
  return { teacher, course, students: list };
}

async function fileOf(token: string) {
  const res = await upload(
    app,
    '/UploadApi/uploadV2',
    token,
    {},
    { name: 'essay.txt', data: Buffer.from(`作业 ${randomBytes(8).toString('hex')}`) },
  );
  return res.data.file.id as number;
}

async function homework(token: string, courseid: number, extra: Record<string, unknown> = {}) {
  const res = await hwCall('addHomework', token, {
    courseid,
    title: '小组报告',
    fullscore: 100,
    endtime: now() + 86400,
    ...extra,
  });
  if (res.status !== 1) throw new Error(`${res.code} ${res.message}`);
  return res.data as { id: number };
}

/** A course with a fixed grouping: `members` in group 1, the rest in no group; and a group homework of it. */
async function groupWork(students: number, members: number) {
  const room = await classroom(students);
  const { teacher, course } = room;
  const set = (
    await call(app, '/CourseGroupActivityApi/add', { courseid: course.id, title: '项目分组', type: 1 }, { token: teacher.token })
  ).data;
  const group = (
    await call(app, '/CourseGroupApi/add', { courseid: course.id, setid: set.id, name: '第一组' }, { token: teacher.token })
  ).data;
  const uids = room.students.slice(0, members).map((s) => s.uid);
  await call(app, '/CourseGroupApi/join', { courseid: course.id, groupid: group.id, uids }, { token: teacher.token });
  const hw = await homework(teacher.token, course.id, { type: 2, groupsetid: set.id });
  const join = (p: Person) =>
    call(app, '/CourseGroupApi/join', { courseid: course.id, groupid: group.id, uids: [p.uid] }, { token: teacher.token });
  const leave = (p: Person) =>
    call(app, '/CourseGroupApi/quit', { courseid: course.id, groupid: group.id, uids: [p.uid] }, { token: teacher.token });
  return { ...room, hw, group, join, leave };
}

async function submitAs(p: Person, courseid: number, id: number) {
  return hwCall('stuWorkSubmit', p.token, { courseid, id, fileids: [await fileOf(p.token)] });
}

const bookScore = async (p: Person, courseid: number, hwId: number) =>
  (await call(app, '/ScoreApi/getScoreBook', { courseid }, { token: p.token })).data.rows[0]?.scores[hwId] ?? null;
const scoredNotices = async (p: Person) =>
  (await app.ctx.db.select().from(messageNotices).where(eq(messageNotices.userId, p.uid))).filter(
    (n) => n.action === 'homework_scored',
  );

describe('a group submission belongs to the members it was submitted for', () => {
  it('gives a student who joins the group after grading neither the score nor the files', async () => {
    const { teacher, course, students, hw, join } = await groupWork(3, 2);
    const [a, , late] = students as [Person, Person, Person];
    const sub = (await submitAs(a, course.id, hw.id)).data;
    await hwCall('correct', teacher.token, { courseid: course.id, id: hw.id, sids: [sub.sid], score: 90 });
    expect((await join(late)).status).toBe(1);
    await hwCall('publishScore', teacher.token, { courseid: course.id, id: hw.id });

    const view = (await hwCall('getHomework', late.token, { courseid: course.id, id: hw.id })).data;
    expect(view).toMatchObject({ ingroup: 1, mine: null, state: 0, cansubmit: 0 });
    expect((await hwCall('stuWorkHistory', late.token, { courseid: course.id, id: hw.id, sid: sub.sid })).data).toEqual({
      list: [],
    });
    expect(await bookScore(late, course.id, hw.id)).toBeNull();
    expect(await scoredNotices(late)).toHaveLength(0);
    // the graded work is final: the newcomer cannot replace it either
    expect((await submitAs(late, course.id, hw.id)).code).toBe(30503);
    // the teacher's list names the members it was submitted for
    const row = (await hwCall('stuUserList', teacher.token, { courseid: course.id, id: hw.id })).data.list[0];
    expect(row.members.map((m: { uid: number }) => m.uid).sort()).toEqual([students[0]!.uid, students[1]!.uid].sort());
  });

  it('keeps the score and the files of a student who leaves the group after grading', async () => {
    const { teacher, course, students, hw, leave } = await groupWork(2, 2);
    const [a, gone] = students as [Person, Person];
    const sub = (await submitAs(a, course.id, hw.id)).data;
    await hwCall('correct', teacher.token, { courseid: course.id, id: hw.id, sids: [sub.sid], score: 77 });
    expect((await leave(gone)).status).toBe(1);
    await hwCall('publishScore', teacher.token, { courseid: course.id, id: hw.id });

    const view = (await hwCall('getHomework', gone.token, { courseid: course.id, id: hw.id })).data;
    expect(view).toMatchObject({ ingroup: 0, state: 5, mine: { sid: sub.sid, score: 77 } });
    expect(view.mine.attachment).toHaveLength(1);
    expect((await hwCall('stuWorkHistory', gone.token, { courseid: course.id, id: hw.id, sid: 0 })).data.list).toHaveLength(1);
    expect(await bookScore(gone, course.id, hw.id)).toBe(77);
    expect(await scoredNotices(gone)).toHaveLength(1);
    const book = (await call(app, '/ScoreApi/getScoreBook', { courseid: course.id }, { token: teacher.token })).data;
    expect(book.rows.find((r: { uid: number }) => r.uid === gone.uid).scores[hw.id]).toBe(77);
  });

  it('hands the work to the members of the moment when it is resubmitted', async () => {
    const { teacher, course, students, hw, join } = await groupWork(3, 2);
    const [a, , late] = students as [Person, Person, Person];
    await submitAs(a, course.id, hw.id);
    await join(late);
    const again = (await submitAs(late, course.id, hw.id)).data;
    expect(again).toMatchObject({ version: 2, uid: late.uid });
    await hwCall('correct', teacher.token, { courseid: course.id, id: hw.id, sids: [again.sid], score: 60 });
    await hwCall('publishScore', teacher.token, { courseid: course.id, id: hw.id });
    for (const s of students) expect(await bookScore(s, course.id, hw.id)).toBe(60);
  });

  it("keeps the group's submission when the account of its last submitter is deleted", async () => {
    const { teacher, course, students, hw } = await groupWork(2, 2);
    const [a, last] = students as [Person, Person];
    await submitAs(a, course.id, hw.id);
    const sub = (await submitAs(last, course.id, hw.id)).data;
    await app.ctx.db.delete(users).where(eq(users.id, last.uid));

    const [row] = await app.ctx.db.select().from(submissions).where(eq(submissions.id, sub.sid));
    expect(row).toMatchObject({ id: sub.sid, userId: null, version: 2 });
    expect(await app.ctx.db.select().from(submissionVersions).where(eq(submissionVersions.submissionId, sub.sid))).toHaveLength(
      2,
    );
    const view = (await hwCall('getHomework', a.token, { courseid: course.id, id: hw.id })).data;
    expect(view).toMatchObject({ state: 1, mine: { sid: sub.sid, uid: 0, username: '' } });
    const listed = (await hwCall('stuUserList', teacher.token, { courseid: course.id, id: hw.id })).data.list[0];
    expect(listed).toMatchObject({ state: 1, submission: { sid: sub.sid } });
    expect((await hwCall('stuWorkHistory', a.token, { courseid: course.id, id: hw.id, sid: 0 })).data.list).toHaveLength(2);
    expect((await hwCall('correct', teacher.token, { courseid: course.id, id: hw.id, sids: [sub.sid], score: 70 })).status).toBe(
      1,
    );
  });
});

describe('two first submissions at the same moment', () => {
  it('takes both from one student: the second is a resubmission, not a fault', async () => {
    const { teacher, course, students } = await classroom(1);
    const s = students[0]!;
    const hw = await homework(teacher.token, course.id);
    const files = [await fileOf(s.token), await fileOf(s.token)];
    const answers = await Promise.all(
      files.map((f) => hwCall('stuWorkSubmit', s.token, { courseid: course.id, id: hw.id, fileids: [f] })),
    );
    expect(answers.map((r) => r.status)).toEqual([1, 1]);
    expect(answers.map((r) => r.data.version).sort()).toEqual([1, 2]);
    expect(answers[0]!.data.sid).toBe(answers[1]!.data.sid);
    const rows = await app.ctx.db.select().from(submissions).where(eq(submissions.contentId, hw.id));
    expect(rows).toHaveLength(1);
    expect(
      await app.ctx.db.select().from(submissionVersions).where(eq(submissionVersions.submissionId, rows[0]!.id)),
    ).toHaveLength(2);
  });

  it('takes both from two members of a group into the one group submission, owned by both', async () => {
    const { course, students, hw } = await groupWork(2, 2);
    const [a, b] = students as [Person, Person];
    const [fa, fb] = [await fileOf(a.token), await fileOf(b.token)];
    const answers = await Promise.all([
      hwCall('stuWorkSubmit', a.token, { courseid: course.id, id: hw.id, fileids: [fa] }),
      hwCall('stuWorkSubmit', b.token, { courseid: course.id, id: hw.id, fileids: [fb] }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([1, 1]);
    expect(answers.map((r) => r.data.version).sort()).toEqual([1, 2]);
    const rows = await app.ctx.db.select().from(submissions).where(eq(submissions.contentId, hw.id));
    expect(rows).toHaveLength(1);
    const owners = await app.ctx.db.select().from(submissionMembers).where(eq(submissionMembers.submissionId, rows[0]!.id));
    expect(owners.map((o) => o.userId).sort()).toEqual([a.uid, b.uid].sort());
  });
});
