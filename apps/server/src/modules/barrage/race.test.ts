import { RACE_COLLECT_MS, RACE_TIE_MS } from '@paiclass/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../../test/courses';
import { call, redisUrl, registerUser, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { connect, type Message, setActive, slowLink } from '../../../test/sockets';
import { raceEntries, races } from '../../db/schema';
import { drawWinner } from './race.service';

let db: TestDatabase;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** a course in class with a teacher and students */
async function inClass(students = 2, on = app) {
  const owner = await newTeacher(on);
  const course = await newCourse(on, owner.token);
  const learners = [];
  for (let i = 0; i < students; i++) {
    const s = await registerUser(on);
    expect((await call(on, '/CourseApi/joinCourse', { code: course.code }, { token: s.token })).status).toBe(1);
    learners.push(s);
  }
  expect((await call(on, '/Futurev2/AttendClass/beginClass', { courseid: course.id }, { token: owner.token })).status).toBe(1);
  return { owner, course, learners };
}

/**
 * A student's phone: a socket through a link of `oneWayMs` each way, that presses `reactMs` after it
 * hears the race start (the student's own reaction). Its round trip is measured as it opens the course.
 */
async function phone(token: string, courseId: number, oneWayMs: number, reactMs: number, targetPort = port) {
  const link = await slowLink(targetPort, oneWayMs);
  const s = await connect(link.port, token);
  await s.send(setActive(courseId));
  // the server pings as the course opens; its pong comes back after the round trip
  await wait(2 * oneWayMs + 50);
  const armed = () =>
    s.on('Tools.raceStart', (m: Message) => {
      setTimeout(() => s.socket.send(JSON.stringify({ cmd: 'Tools.joinRace', data: { raceid: m.data.raceid } })), reactMs);
    });
  armed();
  return {
    ...s,
    rearm: armed,
    close: async () => {
      s.close();
      await link.close();
    },
  };
}

const start = async (token: string, courseid: number) => {
  const r = await call(app, '/Futurev2/Tools/startRace', { courseid: String(courseid) }, { token });
  expect(r.status).toBe(1);
  return r.data as { raceid: number };
};

async function resultOf(s: { events: (cmd: string) => Message[] }, raceid: number) {
  await expect.poll(() => s.events('Tools.raceResult').find((m) => m.data.raceid === raceid), { timeout: 5000 }).toBeTruthy();
  return s.events('Tools.raceResult').find((m) => m.data.raceid === raceid)!.data;
}

describe('the grab-answer race under simulated latencies', () => {
  it('lets a student on a 200 ms round trip who reacts faster win over a 5 ms student who reacts slower', async () => {
    const { owner, course, learners } = await inClass(2);
    const [far, near] = learners as [(typeof learners)[0], (typeof learners)[0]];
    // far: 100 ms each way, reacts in 20 ms; near: 2.5 ms each way, reacts in 170 ms. By raw arrival
    // near is first (≈175 ms after the start against ≈220 ms); by reaction far is, by 150 ms.
    const farPhone = await phone(far.token, course.id, 100, 20);
    const nearPhone = await phone(near.token, course.id, 2.5, 170);
    const { raceid } = await start(owner.token, course.id);
    const result = await resultOf(nearPhone, raceid);
    expect(result.winner).toMatchObject({ uid: far.uid, username: '测试同学' });
    expect(result).toMatchObject({ status: 2, entrants: 2 });
    // both heard the result; each press counted once, timed on the socket
    await resultOf(farPhone, raceid);
    const entries = await app.ctx.db.select().from(raceEntries).where(eq(raceEntries.raceId, raceid));
    const byUser = new Map(entries.map((e) => [e.userId, e]));
    expect(entries.map((e) => e.via)).toEqual(['socket', 'socket']);
    // the corrected reactions are near what each student took (timers on a busy machine run late: a wide margin)
    const [farMs, nearMs] = [byUser.get(far.uid)!.reactionMs, byUser.get(near.uid)!.reactionMs];
    expect(Math.abs(farMs - 20)).toBeLessThan(80);
    expect(Math.abs(nearMs - 170)).toBeLessThan(80);
    expect(nearMs - farMs).toBeGreaterThan(RACE_TIE_MS);
    await farPhone.close();
    await nearPhone.close();
  });

  it('settles a tie inside the window at random: over repeated races each tied student wins', async () => {
    const { owner, course, learners } = await inClass(2);
    const [a, b] = learners as [(typeof learners)[0], (typeof learners)[0]];
    // the same network and the same reaction: a tie, unless a busy machine delays one press past the window
    const pa = await phone(a.token, course.id, 20, 100);
    const pb = await phone(b.token, course.id, 20, 100);
    const tieWins = new Map<number, number>();
    let ties = 0;
    for (let run = 0; run < 30 && !(tieWins.get(a.uid) && tieWins.get(b.uid)); run++) {
      const { raceid } = await start(owner.token, course.id);
      const result = await resultOf(pa, raceid);
      const entries = await app.ctx.db.select().from(raceEntries).where(eq(raceEntries.raceId, raceid));
      expect(entries).toHaveLength(2);
      const [x, y] = entries as [(typeof entries)[0], (typeof entries)[0]];
      if (Math.abs(x.reactionMs - y.reactionMs) <= RACE_TIE_MS) {
        ties++;
        tieWins.set(result.winner.uid, (tieWins.get(result.winner.uid) ?? 0) + 1);
      } else {
        // not a tie: the smaller reaction won
        expect(result.winner.uid).toBe((x.reactionMs < y.reactionMs ? x : y).userId);
      }
      pa.rearm();
      pb.rearm();
    }
    // each of the two won a tie: with fair draws, all of 12 ties going one way is 1 in 2048
    expect(ties).toBeGreaterThan(1);
    expect(tieWins.get(a.uid) ?? 0).toBeGreaterThan(0);
    expect(tieWins.get(b.uid) ?? 0).toBeGreaterThan(0);
    await pa.close();
    await pb.close();
  }, 90_000);

  it('counts the first press only: a second press changes nothing', async () => {
    const { owner, course, learners } = await inClass(1);
    const s = await connect(port, learners[0]!.token);
    const teacher = await connect(port, owner.token);
    await s.send(setActive(course.id));
    await teacher.send(setActive(course.id));
    const { raceid } = await start(owner.token, course.id);
    await s.send({ cmd: 'Tools.joinRace', data: { raceid } }, { cmd: 'Tools.joinRace', data: { raceid: String(raceid) } });
    // the teacher is told of the one press; the students are not
    await expect
      .poll(() => teacher.events('Tools.racePress').map((m) => m.data))
      .toEqual([{ raceid, courseid: course.id, entrants: 1 }]);
    expect(s.events('Tools.racePress')).toEqual([]);
    expect(s.events('Tools.joinRace.ok').map((m) => m.data)).toEqual([
      { raceid, counted: 1 },
      { raceid, counted: 0 },
    ]);
    const entries = await app.ctx.db.select().from(raceEntries).where(eq(raceEntries.raceId, raceid));
    expect(entries).toHaveLength(1);
    const result = await resultOf(s, raceid);
    expect(result.winner.uid).toBe(learners[0]!.uid);
    s.close();
    teacher.close();
  });

  it('refuses the teacher and a stranger, and a press after the race closed', async () => {
    const { owner, course, learners } = await inClass(1);
    const stranger = await registerUser(app);
    const teacher = await connect(port, owner.token);
    await teacher.send(setActive(course.id));
    const { raceid } = await start(owner.token, course.id);
    await teacher.send({ cmd: 'Tools.joinRace', data: { raceid } });
    expect(teacher.events('User.error').at(-1)).toMatchObject({
      code: -1,
      msg: '只有学生可以这样做',
      data: { cmd: 'Tools.joinRace', code: 31207 },
    });
    const outsider = await call(app, '/Futurev2/Tools/joinRace', { courseid: course.id, raceid }, { token: stranger.token });
    expect(outsider).toMatchObject({ status: 0, code: 30202 });
    const byTeacher = await call(app, '/Futurev2/Tools/joinRace', { courseid: course.id }, { token: owner.token });
    expect(byTeacher).toMatchObject({ status: 0, code: 31207 });
    // a stranger's socket cannot open the course, so its press has no course
    const strangerSocket = await connect(port, stranger.token);
    await strangerSocket.send(setActive(course.id), { cmd: 'Tools.joinRace', data: { raceid } });
    expect(strangerSocket.events('User.error').map((m) => m.data?.code ?? null)).toEqual([null, 30202]);
    expect(await app.ctx.db.select().from(raceEntries).where(eq(raceEntries.raceId, raceid))).toEqual([]);

    const s = await connect(port, learners[0]!.token);
    await s.send(setActive(course.id));
    const closed = await call(app, '/Futurev2/Tools/closeRace', { courseid: course.id }, { token: owner.token });
    expect(closed.data).toMatchObject({ raceid, status: 2, winner: null, entrants: 0 });
    await s.send({ cmd: 'Tools.joinRace', data: { raceid } });
    expect(s.events('User.error').at(-1)).toMatchObject({ code: -1, msg: '抢答已结束', data: { code: 31209 } });
    const late = await call(app, '/Futurev2/Tools/joinRace', { courseid: course.id }, { token: learners[0]!.token, lang: 'en' });
    expect(late).toMatchObject({ status: 0, code: 31209 });
    expect(await app.ctx.db.select().from(raceEntries).where(eq(raceEntries.raceId, raceid))).toEqual([]);
    teacher.close();
    strangerSocket.close();
    s.close();
  });

  it('refuses a press that arrives after the collection window, and one with no race open', async () => {
    const { owner, course, learners } = await inClass(2);
    const none = await call(app, '/Futurev2/Tools/joinRace', { courseid: course.id }, { token: learners[0]!.token });
    expect(none).toMatchObject({ status: 0, code: 31208 });
    const { raceid } = await start(owner.token, course.id);
    const first = await call(app, '/Futurev2/Tools/joinRace', { courseid: course.id, raceid }, { token: learners[0]!.token });
    expect(first).toMatchObject({ status: 1, data: { raceid, counted: 1 } });
    const [race] = await app.ctx.db.select().from(races).where(eq(races.id, raceid));
    // the window ends RACE_COLLECT_MS after the first press; the draw may not have run yet when the late press comes
    await wait(RACE_COLLECT_MS + 20);
    const late = await call(app, '/Futurev2/Tools/joinRace', { courseid: course.id, raceid }, { token: learners[1]!.token });
    expect(late).toMatchObject({ status: 0, code: 31209 });
    expect(race!.decideAt).not.toBeNull();
    const current = await call(
      app,
      '/Futurev2/Tools/getStudentCurrentRace',
      { courseid: course.id },
      { token: learners[1]!.token },
    );
    expect(current.data).toMatchObject({
      joined: 0,
      race: { raceid, status: 2, entrants: 1, winner: { uid: learners[0]!.uid } },
    });
  });

  it('times an HTTP press by its raw arrival since the start, and tells a student entering the course of the open race', async () => {
    const { owner, course, learners } = await inClass(1);
    const { raceid } = await start(owner.token, course.id);
    const entering = await call(
      app,
      '/Futurev2/Tools/getStudentCurrentRace',
      { courseid: course.id },
      { token: learners[0]!.token },
    );
    expect(entering.data).toMatchObject({ joined: 0, race: { raceid, status: 1, winner: null, username: '测试同学' } });
    await wait(120);
    await call(app, '/Futurev2/Tools/joinRace', { courseid: String(course.id) }, { token: learners[0]!.token });
    const [entry] = await app.ctx.db.select().from(raceEntries).where(eq(raceEntries.raceId, raceid));
    expect(entry!.via).toBe('http');
    expect(entry!.reactionMs).toBeGreaterThanOrEqual(120);
    const joined = await call(
      app,
      '/Futurev2/Tools/getStudentCurrentRace',
      { courseid: course.id },
      { token: learners[0]!.token },
    );
    expect(joined.data.joined).toBe(1);
    // a second race waits for this one
    expect(await call(app, '/Futurev2/Tools/startRace', { courseid: course.id }, { token: owner.token })).toMatchObject({
      code: 31210,
    });
  });

  it('refuses a race outside class and to a student starting one', async () => {
    const owner = await newTeacher(app);
    const course = await newCourse(app, owner.token);
    expect(await call(app, '/Futurev2/Tools/startRace', { courseid: course.id }, { token: owner.token })).toMatchObject({
      code: 31201,
    });
    const { course: c2, learners } = await inClass(1);
    expect(await call(app, '/Futurev2/Tools/startRace', { courseid: c2.id }, { token: learners[0]!.token })).toMatchObject({
      code: 40003,
    });
    expect(await call(app, '/Futurev2/Tools/startRace', { courseid: 'x' }, { token: owner.token })).toMatchObject({
      code: 40001,
    });
  });

  it.runIf(redisUrl)('decides fairly across two instances (Redis): each instance times its own sockets', async () => {
    const other = await testApp(db);
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { owner, course, learners } = await inClass(2);
      const [far, near] = learners as [(typeof learners)[0], (typeof learners)[0]];
      const otherPort = (other.server.address() as { port: number }).port;
      const farPhone = await phone(far.token, course.id, 100, 20, otherPort);
      const nearPhone = await phone(near.token, course.id, 2.5, 170);
      const { raceid } = await start(owner.token, course.id);
      expect((await resultOf(farPhone, raceid)).winner.uid).toBe(far.uid);
      expect((await resultOf(nearPhone, raceid)).winner.uid).toBe(far.uid);
      await farPhone.close();
      await nearPhone.close();
    } finally {
      await other.close();
    }
  });
});

describe('drawing the winner', () => {
  it('takes the smallest reaction, and draws among those within the tie window', () => {
    expect(drawWinner([])).toBeUndefined();
    const entries = [
      { userId: 3, reactionMs: 200 },
      { userId: 1, reactionMs: 100 },
      { userId: 2, reactionMs: 100 + RACE_TIE_MS },
      { userId: 4, reactionMs: 100 + RACE_TIE_MS + 1 },
    ];
    expect(drawWinner(entries, () => 0)!.userId).toBe(1);
    expect(drawWinner(entries, (n) => n - 1)!.userId).toBe(2);
    const seen = new Set<number>();
    for (let i = 0; i < 64; i++) seen.add(drawWinner(entries)!.userId);
    expect([...seen].sort()).toEqual([1, 2]);
  });
});
