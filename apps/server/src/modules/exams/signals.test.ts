import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Classroom, classroom, must, type Person } from '../../../test/exams';
import { call, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { testAttempts } from '../../db/schema';

/**
 * Issue 24 (#12): the screen-switch guard relied on the page's own reports. What the server sees is
 * flagged on the paper for the teacher: a gap in the page's heartbeat while the paper is open, and a
 * screen-switch report that arrives long after the page says the switch happened.
 */
let db: TestDatabase;
let app: FastifyInstance;
let room: Classroom;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  room = await classroom(app, 4);
}, 180_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

const tp = (path: string, who: Person, body: Record<string, unknown>) =>
  call(app, `/TestpaperApi/${path}`, body, { token: who.token });
const stu = (i: number) => room.students[i]!;

async function publishedTest(settings: Record<string, unknown> = {}) {
  const q = must(
    await call(
      app,
      '/QuestionBankApi/addQuestion',
      { courseid: room.courseid, type: 1, title: '<p>心跳</p>', answer: '1' },
      { token: room.owner.token },
    ),
    'question',
  );
  const made = must(
    await tp('addTestpaper', room.owner, { courseid: room.courseid, title: '随堂测验', fixed: [q.id], draws: [], ...settings }),
    'addTestpaper',
  );
  must(await tp('publishTestpaper', room.owner, { courseid: room.courseid, id: made.id }), 'publish');
  await app.ctx.jobs.runDue();
  return made.id as number;
}
const start = async (id: number, who: Person) =>
  must(await tp('doSubjectList', who, { courseid: room.courseid, testpaperid: id }), 'doSubjectList');
const beat = async (id: number, who: Person) =>
  must(await tp('heartbeat', who, { courseid: room.courseid, testpaperid: id }), 'heartbeat');
/** Moves the last heartbeat back, as if that much time had passed since it. */
const ago = (attemptId: number, ms: number) =>
  app.ctx.db
    .update(testAttempts)
    .set({ lastBeatAt: new Date(Date.now() - ms) })
    .where(eq(testAttempts.id, attemptId));
const signalsInList = async (id: number, who: Person) =>
  must(await tp('reviewList', room.owner, { courseid: room.courseid, id }), 'reviewList').list.find(
    (r: { uid: number }) => r.uid === who.uid,
  ).signals;
const signalsInDetail = async (id: number, attemptid: number) =>
  must(await tp('reviewDetail', room.owner, { courseid: room.courseid, id, attemptid }), 'reviewDetail').signals;
const stored = async (attemptId: number) =>
  (await app.ctx.db.select().from(testAttempts).where(eq(testAttempts.id, attemptId)))[0]!;

describe('the page’s heartbeat', () => {
  it('steady heartbeats every 15 s are not flagged, up to the hand-in', async () => {
    const id = await publishedTest();
    const paper = await start(id, stu(0));
    expect(await beat(id, stu(0))).toMatchObject({ next: 15 });
    for (let i = 0; i < 4; i++) {
      await ago(paper.attemptid, 15_000);
      await beat(id, stu(0));
    }
    expect((await stored(paper.attemptid)).lastBeatAt!.getTime()).toBeGreaterThan(Date.now() - 5000);
    must(await tp('handup', stu(0), { courseid: room.courseid, testpaperid: id }), 'handup');
    expect(await signalsInList(id, stu(0))).toEqual([]);
    expect(await signalsInDetail(id, paper.attemptid)).toEqual([]);
    expect((await stored(paper.attemptid)).signals).toEqual([]);
  });

  it('a gap in heartbeats while the paper is open is flagged to the teacher, and the paper is not refused', async () => {
    const id = await publishedTest();
    const paper = await start(id, stu(1));
    await beat(id, stu(1));
    await ago(paper.attemptid, 2 * 60_000);
    await beat(id, stu(1));
    expect((await stored(paper.attemptid)).signals).toEqual(['heartbeatGap']);
    expect(await signalsInList(id, stu(1))).toEqual(['heartbeatGap']);
    must(await tp('handup', stu(1), { courseid: room.courseid, testpaperid: id }), 'handup');
    expect(await signalsInDetail(id, paper.attemptid)).toEqual(['heartbeatGap']);
  });

  it('a page silent before its hand-in is flagged; a client that never sends heartbeats is not judged', async () => {
    const id = await publishedTest();
    const silent = await start(id, stu(2));
    await beat(id, stu(2));
    await ago(silent.attemptid, 90_000);
    must(await tp('handup', stu(2), { courseid: room.courseid, testpaperid: id }), 'handup');
    expect((await stored(silent.attemptid)).signals).toEqual(['heartbeatGap']);
    const none = await start(id, stu(3));
    must(await tp('handup', stu(3), { courseid: room.courseid, testpaperid: id }), 'handup');
    expect((await stored(none.attemptid)).signals).toEqual([]);
    expect(await signalsInList(id, stu(3))).toEqual([]);
  });

  it('a heartbeat without an open paper is refused like an answer', async () => {
    const id = await publishedTest();
    const res = await tp('heartbeat', stu(0), { courseid: room.courseid, testpaperid: id });
    expect(res).toMatchObject({ status: 0, code: 30908 });
  });
});

describe('late screen-switch reports', () => {
  it('a report whose page time is far behind its arrival is flagged; a prompt one is not', async () => {
    const id = await publishedTest({ switchlimit: 5 });
    const late = await start(id, stu(0));
    const prompt = await start(id, stu(1));
    for (const p of [late, prompt])
      await app.ctx.db
        .update(testAttempts)
        .set({ startedAt: new Date(Date.now() - 120_000) })
        .where(eq(testAttempts.id, p.attemptid));
    // the switch 110 s ago, reported now
    must(await tp('reportSwitch', stu(0), { courseid: room.courseid, testpaperid: id, count: 1, elapsed: 10_000 }), 'late');
    must(await tp('reportSwitch', stu(1), { courseid: room.courseid, testpaperid: id, count: 1, elapsed: 118_000 }), 'prompt');
    // Ketangpai's report without a time is not judged
    must(await tp('reportSwitch', stu(1), { courseid: room.courseid, testpaperid: id, count: 2 }), 'untimed');
    expect(await signalsInList(id, stu(0))).toEqual(['lateSwitchReport']);
    expect(await signalsInList(id, stu(1))).toEqual([]);
    expect(await signalsInDetail(id, late.attemptid)).toEqual(['lateSwitchReport']);
  });
});
