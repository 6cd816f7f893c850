import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { CLASS_LEAD_MINUTES } from '@paiclass/shared';
import { eq } from 'drizzle-orm';
import { call, registerUser, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { attendances } from '../../db/schema';

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

const ok = async (path: string, body: Record<string, unknown>, token: string) => {
  const res = await call(app, path, body, { token });
  expect(res.status, `${path}: ${res.message}`).toBe(1);
  return res.data;
};

describe('class records', () => {
  it("lists each class time with who was present, comments, races and winners, questions answered and right, and stars; another class's things stay in theirs", async () => {
    const owner = await newTeacher(app);
    const c = await newCourse(app, owner.token);
    const a = await registerUser(app, { username: '学生甲' });
    const b = await registerUser(app, { username: '学生乙' });
    for (const s of [a, b]) await ok('/CourseApi/joinCourse', { code: c.code }, s.token);

    // the first class: nothing but a star
    await ok('/Futurev2/AttendClass/beginClass', { courseid: c.id }, owner.token);
    await ok('/Futurev2/Representation/addStar', { courseid: c.id, uid: b.uid }, owner.token);
    await ok('/Futurev2/AttendClass/overClass', { courseid: c.id }, owner.token);

    // the second: a roll call with one present and one late-by-hand absent, two comments, a race won, two stars
    await ok('/Futurev2/AttendClass/beginClass', { courseid: c.id }, owner.token);
    const roll = await ok('/AttenceApi/addNowsAttence', { courseid: c.id, title: '点名', duration: 10 }, owner.token);
    await ok('/AttenceApi/updateState', { id: roll.id, studentid: a.uid, state: 0 }, owner.token);
    await ok('/AttenceApi/updateState', { id: roll.id, studentid: b.uid, state: 1 }, owner.token);
    await ok('/FutureV2/Barrage/setStatus', { courseid: c.id, status: 1 }, owner.token);
    await ok('/FutureV2/Barrage/sendBarrage', { courseid: c.id, content: '懂了' }, a.token);
    await ok('/FutureV2/Barrage/sendBarrage', { courseid: c.id, content: '好' }, b.token);
    const race = await ok('/Futurev2/Tools/startRace', { courseid: c.id }, owner.token);
    await ok('/Futurev2/Tools/joinRace', { courseid: c.id, raceid: race.raceid }, a.token);
    await ok('/Futurev2/Tools/closeRace', { courseid: c.id }, owner.token);
    await ok('/Futurev2/Representation/addStar', { courseid: c.id, uid: a.uid, stars: 2 }, owner.token);
    // one question asked: both answer, one right
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

    const records = await ok('/Futurev2/ClassRecord/lists', { courseid: String(c.id) }, owner.token);
    expect(records.students).toBe(2);
    expect(records.list).toHaveLength(2);
    const [now, first] = records.list;
    expect(now).toMatchObject({
      endtime: 0,
      attendances: 1,
      present: 1,
      barrage: 2,
      races: [{ winner: '学生甲' }],
      steps: [{ stepid, stem: expect.stringContaining('一加一'), answered: 2, correct: 1 }],
      doubts: 0,
      stars: 2,
    });
    expect(first).toMatchObject({ attendances: 0, present: 0, barrage: 0, races: [], stars: 1 });
    expect(first.endtime).toBeGreaterThanOrEqual(first.starttime);

    const one = await ok('/FutureV2/ClassRecord/lists', { courseid: c.id, classtimeid: first.classtimeid }, owner.token);
    expect(one.list).toEqual([first]);
  });

  it('counts a roll taken before 上课 in that class: within a class period, and never one the class before already has', async () => {
    const owner = await newTeacher(app);
    const c = await newCourse(app, owner.token);
    const a = await registerUser(app);
    await ok('/CourseApi/joinCourse', { code: c.code }, a.token);
    const roll = async (title: string, minutesAgo = 0) => {
      const made = await ok('/AttenceApi/addNowsAttence', { courseid: c.id, title, duration: 10 }, owner.token);
      await ok('/AttenceApi/updateState', { id: made.id, studentid: a.uid, state: 0 }, owner.token);
      if (minutesAgo)
        await db.database.db
          .update(attendances)
          .set({ createdAt: new Date(Date.now() - minutesAgo * 60_000) })
          .where(eq(attendances.id, made.id));
    };
    // the first class: a roll during it
    await ok('/Futurev2/AttendClass/beginClass', { courseid: c.id }, owner.token);
    await roll('第一节课中');
    await ok('/Futurev2/AttendClass/overClass', { courseid: c.id }, owner.token);
    // before the second: a roll taken well before (a morning one: not this class's) and one just before 上课
    await roll('早上的', CLASS_LEAD_MINUTES + 15);
    await roll('上课前');
    await ok('/Futurev2/AttendClass/beginClass', { courseid: c.id }, owner.token);
    const [second, first] = (await ok('/Futurev2/ClassRecord/lists', { courseid: c.id }, owner.token)).list;
    // the roll taken after the first class ended and before the second began is the second's; the first
    // class keeps its own, and the early one (before the first class, over a period ago) is in neither
    expect(second).toMatchObject({ attendances: 1, present: 1 });
    expect(first).toMatchObject({ attendances: 1, present: 1 });
  });

  it("is the teacher's and assistants' only; another course's class time is not found", async () => {
    const owner = await newTeacher(app);
    const c = await newCourse(app, owner.token);
    const s = await registerUser(app);
    await ok('/CourseApi/joinCourse', { code: c.code }, s.token);
    const other = await newTeacher(app);
    const c2 = await newCourse(app, other.token);
    await ok('/Futurev2/AttendClass/beginClass', { courseid: c2.id }, other.token);
    const theirs = (await ok('/FutureV2/ClassRecord/lists', { courseid: c2.id }, other.token)).list[0].classtimeid;

    expect(await call(app, '/FutureV2/ClassRecord/lists', { courseid: c.id }, { token: s.token })).toMatchObject({
      status: 0,
      code: 40003,
    });
    expect(await call(app, '/FutureV2/ClassRecord/lists', { courseid: c.id }, { token: other.token })).toMatchObject({
      status: 0,
      code: 30202,
    });
    expect(
      await call(app, '/FutureV2/ClassRecord/lists', { courseid: c.id, classtimeid: theirs }, { token: owner.token }),
    ).toMatchObject({ status: 0, code: 40004 });
    expect(await ok('/FutureV2/ClassRecord/lists', { courseid: c.id }, owner.token)).toEqual({
      courseid: c.id,
      students: 1,
      list: [],
    });
  });
});
