import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { pdfWithPages } from '../../../test/documents';
import { classroom, must } from '../../../test/exams';
import { call, QueryCounter, registerUser, type TestDatabase, testApp, testDatabase, upload } from '../../../test/helpers';
import { barrageMessages } from '../../db/schema';

/** The analysis pages' calls (decision 023 "Analysis pages"): study analysis, a class's bullet comments, its notes. */

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

const ok = async (path: string, body: Record<string, unknown>, token: string) => {
  const res = await call(app, path, body, { token });
  expect(res.status, `${path}: ${res.message}`).toBe(1);
  return res.data;
};

/** A course with two students 甲 and 乙; a first class with a star to 乙; a second with attendance, comments, a race, a question and stars. */
async function smallClass() {
  const owner = await newTeacher(app);
  const c = await newCourse(app, owner.token);
  const a = await registerUser(app, { username: '学生甲' });
  const b = await registerUser(app, { username: '学生乙' });
  for (const s of [a, b]) await ok('/CourseApi/joinCourse', { code: c.code }, s.token);

  await ok('/Futurev2/AttendClass/beginClass', { courseid: c.id }, owner.token);
  await ok('/Futurev2/Representation/addStar', { courseid: c.id, uid: b.uid }, owner.token);
  await ok('/Futurev2/AttendClass/overClass', { courseid: c.id }, owner.token);

  await ok('/Futurev2/AttendClass/beginClass', { courseid: c.id }, owner.token);
  const roll = await ok('/AttenceApi/addNowsAttence', { courseid: c.id, title: '点名', duration: 10 }, owner.token);
  await ok('/AttenceApi/updateState', { id: roll.id, studentid: a.uid, state: 0 }, owner.token);
  await ok('/AttenceApi/updateState', { id: roll.id, studentid: b.uid, state: 1 }, owner.token);
  await ok('/FutureV2/Barrage/setStatus', { courseid: c.id, status: 1 }, owner.token);
  await ok('/FutureV2/Barrage/sendBarrage', { courseid: c.id, content: '懂了' }, a.token);
  // past the per-student interval between two comments
  await app.ctx.db
    .update(barrageMessages)
    .set({ createdAt: sql`${barrageMessages.createdAt} - interval '5 seconds'` })
    .where(eq(barrageMessages.userId, a.uid));
  await ok('/FutureV2/Barrage/sendBarrage', { courseid: c.id, content: '再讲一遍' }, a.token);
  const gone = await ok('/FutureV2/Barrage/sendBarrage', { courseid: c.id, content: '广告' }, b.token);
  await ok('/FutureV2/Barrage/delBarrage', { courseid: c.id, id: gone.id }, owner.token);
  const race = await ok('/Futurev2/Tools/startRace', { courseid: c.id }, owner.token);
  await ok('/Futurev2/Tools/joinRace', { courseid: c.id, raceid: race.raceid }, a.token);
  await ok('/Futurev2/Tools/closeRace', { courseid: c.id }, owner.token);
  await ok('/Futurev2/Representation/addStar', { courseid: c.id, uid: a.uid, stars: 2, reason: '回答好' }, owner.token);
  const q = await ok(
    '/QuestionBankApi/addQuestion',
    { courseid: c.id, type: 2, title: '一加一', options: ['2', '3'], answer: 'A', score: 1 },
    owner.token,
  );
  const made = await ok('/InteractApi/create', { courseid: c.id, title: '随堂', questionids: [q.id] }, owner.token);
  const stepid = made.steps[0].stepid;
  await ok('/InteractApi/startStep', { stepid, seconds: 60 }, owner.token);
  await ok('/InteractApi/answer', { stepid, answer: 'A' }, a.token);
  await ok('/InteractApi/answer', { stepid, answer: 'B' }, b.token);
  const records = await ok('/FutureV2/ClassRecord/lists', { courseid: c.id }, owner.token);
  const [now, first] = records.list.map((r: { classtimeid: number }) => r.classtimeid);
  return { owner, c, a, b, now, first, stepid, race: race.raceid as number };
}

describe('study analysis', () => {
  it("gives each student's attendance rate, answers and right rate, comments and stars, and one student's line per class", async () => {
    const { owner, c, a, b, now, first, stepid } = await smallClass();
    const all = await ok('/FutureV2/ClassRecord/studyAnalysis', { courseid: String(c.id), junk: 1 }, owner.token);
    expect(all).toMatchObject({ courseid: c.id, classes: 2, attendances: 1, steps: 1 });
    expect(all.lines).toBeUndefined();
    const of = (uid: number) => all.list.find((s: { uid: number }) => s.uid === uid);
    expect(of(a.uid)).toMatchObject({
      username: '学生甲',
      present: 1,
      attendrate: 100,
      answered: 1,
      correct: 1,
      rightrate: 100,
      barrage: 2,
      stars: 2,
      tests: 0,
    });
    expect(of(b.uid)).toMatchObject({ present: 0, attendrate: 0, answered: 1, correct: 0, rightrate: 0, barrage: 1, stars: 1 });

    const one = await ok('/FutureV2/ClassRecord/studyAnalysis', { courseid: c.id, uid: String(b.uid) }, owner.token);
    expect(one.lines).toEqual([
      expect.objectContaining({
        classtimeid: now,
        endtime: 0,
        attendances: 1,
        present: 0,
        steps: 1,
        answered: 1,
        correct: 0,
        barrage: 1,
        stars: 0,
      }),
      expect.objectContaining({ classtimeid: first, attendances: 0, present: 0, steps: 0, answered: 0, barrage: 0, stars: 1 }),
    ]);
    const theirs = await ok('/FutureV2/ClassRecord/studyAnalysis', { courseid: c.id, uid: a.uid }, owner.token);
    expect(theirs.lines[0]).toMatchObject({ present: 1, answered: 1, correct: 1, barrage: 2, stars: 2 });
    expect(stepid).toBeGreaterThan(0);

    // the teacher is not a student of the course: refused naming the student
    expect(
      await call(app, '/FutureV2/ClassRecord/studyAnalysis', { courseid: c.id, uid: owner.uid }, { token: owner.token }),
    ).toMatchObject({
      status: 0,
      code: 31401,
    });
    const bad = await call(app, '/FutureV2/ClassRecord/studyAnalysis', { courseid: 'x' }, { token: owner.token });
    expect(bad).toMatchObject({ status: 0 });
    expect(bad.message).toMatch(/课程/);
  });

  it('answers a course with no class held with its students and zeros', async () => {
    const owner = await newTeacher(app);
    const c = await newCourse(app, owner.token);
    const s = await registerUser(app);
    await ok('/CourseApi/joinCourse', { code: c.code }, s.token);
    const all = await ok('/FutureV2/ClassRecord/studyAnalysis', { courseid: c.id }, owner.token);
    expect(all).toMatchObject({ classes: 0, attendances: 0, steps: 0 });
    expect(all.list).toEqual([expect.objectContaining({ uid: s.uid, attendrate: 0, rightrate: 0, stars: 0 })]);
    expect((await ok('/FutureV2/ClassRecord/studyAnalysis', { courseid: c.id, uid: s.uid }, owner.token)).lines).toEqual([]);
  });

  it('runs the same number of queries for 2 students as for 12', async () => {
    const owner = await newTeacher(app);
    const c = await newCourse(app, owner.token);
    await ok('/Futurev2/AttendClass/beginClass', { courseid: c.id }, owner.token);
    await ok('/FutureV2/Barrage/setStatus', { courseid: c.id, status: 1 }, owner.token);
    const join = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const s = await registerUser(app);
        await ok('/CourseApi/joinCourse', { code: c.code }, s.token);
        await ok('/FutureV2/Barrage/sendBarrage', { courseid: c.id, content: `第${i}` }, s.token);
        await ok('/Futurev2/Representation/addStar', { courseid: c.id, uid: s.uid }, owner.token);
      }
    };
    const measure = async () => {
      await app.ctx.sessions.forgetUser(owner.uid);
      app.ctx.reads.clear();
      const m = await counter.measure(() =>
        call(app, '/FutureV2/ClassRecord/studyAnalysis', { courseid: c.id }, { token: owner.token }),
      );
      expect(m.result.status).toBe(1);
      return m;
    };
    await join(2);
    const small = await measure();
    expect(small.result.data.list).toHaveLength(2);
    await join(10);
    const large = await measure();
    expect(large.result.data.list).toHaveLength(12);
    expect(large.queries).toBe(small.queries);
    expect(small.queries).toBeLessThan(16);
  });
});

describe("a class's bullet comments and notes", () => {
  it('lists the comments in order with author and deleted ones flagged, per minute and by sender', async () => {
    const { owner, c, a, b, now } = await smallClass();
    const d = await ok('/FutureV2/ClassRecord/barrageDetail', { courseid: String(c.id), classtimeid: String(now) }, owner.token);
    expect(d.list.map((m: { content: string }) => m.content)).toEqual(['懂了', '再讲一遍', '广告']);
    expect(d.list.map((m: { deleted: boolean }) => m.deleted)).toEqual([false, false, true]);
    expect(d.list[0]).toMatchObject({ uid: a.uid, username: '学生甲', vip: false });
    expect(d.minutes).toEqual([{ minute: 0, count: 3 }]);
    expect(d.senders).toEqual([
      { uid: a.uid, username: '学生甲', count: 2 },
      { uid: b.uid, username: '学生乙', count: 1 },
    ]);
  });

  it("tells the class's story in time order: began, roll call and its result, race and winner, stars, the question", async () => {
    const { owner, c, a, first, now, stepid, race } = await smallClass();
    const notes = await ok('/FutureV2/ClassRecord/classNotes', { courseid: c.id, classtimeid: now }, owner.token);
    expect(notes).toMatchObject({ classtimeid: now, endtime: 0, students: 2, barrage: 3, showing: null, doubts: [] });
    expect(notes.notes.map((n: { kind: string }) => n.kind)).toEqual(['begin', 'attendance', 'race', 'star', 'step']);
    expect(notes.notes[1]).toMatchObject({ title: '点名', present: 1, late: 0, students: 2 });
    expect(notes.notes[2]).toMatchObject({ id: race, winner: '学生甲' });
    expect(notes.notes[3]).toMatchObject({ uid: a.uid, username: '学生甲', stars: 2, reason: '回答好' });
    expect(notes.notes[4]).toMatchObject({ id: stepid, answered: 2, correct: 1 });
    const times = notes.notes.map((n: { time: number }) => n.time);
    expect([...times].sort((x, y) => x - y)).toEqual(times);

    const ended = await ok('/FutureV2/ClassRecord/classNotes', { courseid: c.id, classtimeid: first }, owner.token);
    expect(ended.notes.map((n: { kind: string }) => n.kind)).toEqual(['begin', 'star', 'end']);
    expect(ended.barrage).toBe(0);
  });
});

describe('who may read the analysis', () => {
  it("refuses a student and an outsider, and another course's class time; names a wrong class time", async () => {
    const { owner, c, a, now } = await smallClass();
    const other = await newTeacher(app);
    const c2 = await newCourse(app, other.token);
    await ok('/Futurev2/AttendClass/beginClass', { courseid: c2.id }, other.token);
    const theirs = (await ok('/FutureV2/ClassRecord/lists', { courseid: c2.id }, other.token)).list[0].classtimeid;
    for (const path of [
      '/FutureV2/ClassRecord/studyAnalysis',
      '/FutureV2/ClassRecord/barrageDetail',
      '/FutureV2/ClassRecord/classNotes',
    ]) {
      const body = { courseid: c.id, classtimeid: now };
      expect(await call(app, path, body, { token: a.token }), path).toMatchObject({ status: 0, code: 40003 });
      expect(await call(app, path, body, { token: other.token }), path).toMatchObject({ status: 0, code: 30202 });
    }
    for (const path of ['/futurev2/classrecord/barrageDetail', '/FutureV2/ClassRecord/classNotes']) {
      expect(await call(app, path, { courseid: c.id, classtimeid: theirs }, { token: owner.token }), path).toMatchObject({
        status: 0,
        code: 40004,
      });
      const missing = await call(app, path, { courseid: c.id }, { token: owner.token });
      expect(missing.status).toBe(0);
      expect(missing.message).toMatch(/上课/);
    }
  });
});

describe('courseware in the analysis', () => {
  it("counts a student's courseware pages, shows the courseware on the screen in class and the doubts marked per page", async () => {
    const owner = await newTeacher(app);
    const c = await newCourse(app, owner.token);
    const s = await registerUser(app, { username: '学生丙' });
    await ok('/CourseApi/joinCourse', { code: c.code }, s.token);
    const file = await upload(
      app,
      '/UploadApi/uploadV2',
      owner.token,
      {},
      { name: '第一章.pdf', data: pdfWithPages(['一', '二', '三']) },
    );
    const deck = await ok(
      '/FutureV2/CourseMeans/addContent',
      { courseid: c.id, contenttype: 1, title: '第一章 课件', fileids: [file.data.file.id] },
      owner.token,
    );
    await app.ctx.jobs.runDue(new Date(Date.now() + 1000));
    await ok('/Futurev2/AttendClass/beginClass', { courseid: c.id }, owner.token);
    await ok('/InteractWithScreenApi/present', { courseid: c.id, interactid: deck.id }, owner.token);
    await ok('/InteractWithScreenApi/gotoPage', { courseid: c.id, pageindex: 2 }, owner.token);
    await ok('/PrestudyTaskApi/studyTaskPageIndex', { interactid: deck.id, pageindex: 2 }, s.token);
    await ok('/PrestudyTaskApi/setDoubtState', { interactid: deck.id, pageindex: 2, state: 1 }, s.token);
    const now = (await ok('/FutureV2/ClassRecord/lists', { courseid: c.id }, owner.token)).list[0].classtimeid;

    const study = await ok('/FutureV2/ClassRecord/studyAnalysis', { courseid: c.id }, owner.token);
    expect(study.list[0]).toMatchObject({ uid: s.uid, coursewares: 1, finished: 0 });
    expect(study.list[0].pages).toBeGreaterThanOrEqual(1);
    const notes = await ok('/FutureV2/ClassRecord/classNotes', { courseid: c.id, classtimeid: now }, owner.token);
    expect(notes.showing).toEqual({ contentid: deck.id, title: '第一章 课件', page: 2, total: 3 });
    expect(notes.doubts).toEqual([{ contentid: deck.id, title: '第一章 课件', page: 2, count: 1 }]);
    // once the class ends nothing is on the screen; the doubts stay in its notes
    await ok('/Futurev2/AttendClass/overClass', { courseid: c.id }, owner.token);
    const after = await ok('/FutureV2/ClassRecord/classNotes', { courseid: c.id, classtimeid: now }, owner.token);
    expect(after.showing).toBeNull();
    expect(after.doubts).toHaveLength(1);
  });
});

describe('tests in the analysis', () => {
  it('counts the tests a student handed in and the average score of the graded ones in percent', async () => {
    const room = await classroom(app, 2);
    const [done, idle] = room.students as [(typeof room.students)[0], (typeof room.students)[0]];
    const ids: number[] = [];
    for (const title of ['一', '二'])
      ids.push(
        must(
          await call(
            app,
            '/QuestionBankApi/addQuestion',
            { courseid: room.courseid, type: 2, title, options: ['甲', '乙'], answer: 'A', score: 2 },
            { token: room.owner.token },
          ),
          'question',
        ).id,
      );
    const tp = (path: string, token: string, body: Record<string, unknown>) =>
      call(app, `/TestpaperApi/${path}`, { courseid: room.courseid, ...body }, { token });
    const made = must(await tp('addTestpaper', room.owner.token, { title: '小测', fixed: ids, draws: [] }), 'add');
    must(await tp('publishTestpaper', room.owner.token, { id: made.id }), 'publish');
    await app.ctx.jobs.runDue();
    const paper = must(await tp('doSubjectList', done.token, { testpaperid: made.id }), 'start');
    const [first, second] = paper.lists as { id: number }[];
    must(await tp('saveAnswer', done.token, { testpaperid: made.id, subjectid: first!.id, answer: 'A' }), 'right');
    must(await tp('saveAnswer', done.token, { testpaperid: made.id, subjectid: second!.id, answer: 'B' }), 'wrong');
    must(await tp('handup', done.token, { testpaperid: made.id }), 'handup');

    const study = await ok('/FutureV2/ClassRecord/studyAnalysis', { courseid: room.courseid }, room.assistant.token);
    const of = (uid: number) => study.list.find((x: { uid: number }) => x.uid === uid);
    expect(of(done.uid)).toMatchObject({ tests: 1, testavg: 50 });
    expect(of(idle.uid)).toMatchObject({ tests: 0, testavg: 0 });
  });
});
