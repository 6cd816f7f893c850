import net from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse } from '../../../test/courses';
import { call, carriesCode, newAddress, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { connect } from '../../../test/sockets';
import { attendanceRecords, attendances, courseMembers, homeworks, submissionMembers, submissions, users } from '../../db/schema';
import { createSession } from '../accounts/sessions';

/**
 * Issue 25, "Ketangpai's student clients": public check-in helpers and course viewers, as they call
 * Ketangpai, through HTTP on a loopback port (a raw TCP client where the headers matter) and the socket.
 */

let db: TestDatabase;
let app: FastifyInstance;
let port: number;
type Person = { token: string; uid: number };
let teacher: Person;
let students: Person[];
let courseid: number;
let otherCourse: number;

let people = 0;
async function person(usertype: 0 | 1, username: string, stno: string): Promise<Person> {
  const mobile = `137${String(Date.now() % 100000).padStart(5, '0')}${String(people++).padStart(3, '0')}`;
  const [u] = await app.ctx.db
    .insert(users)
    .values({ usertype, username, stno, account: mobile, mobile, school: '示范学校' })
    .returning();
  return { uid: u!.id, token: await createSession(app.ctx.db, u!.id, false, null) };
}

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
  teacher = await person(1, '王老师', '');
  const course = await newCourse(app, teacher.token);
  courseid = course.id;
  students = [];
  for (let i = 0; i < 3; i++) {
    const s = await person(0, `学生${i}`, `2025${String(i).padStart(4, '0')}`);
    expect((await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: s.token })).status).toBe(1);
    students.push(s);
  }
  otherCourse = (await newCourse(app, (await person(1, '别的老师', '')).token)).id;
}, 120_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

const as = (p: Person) => ({ token: p.token });
const endAll = () => app.ctx.db.update(attendances).set({ endedAt: new Date() }).where(eq(attendances.courseId, courseid));
async function start(path: string, body: Record<string, unknown> = {}, course = courseid, who = teacher) {
  const res = await call(app, `/AttenceApi/${path}`, { courseid: course, title: '第一次课签到', duration: 10, ...body }, as(who));
  expect(res.status, res.message).toBe(1);
  return res.data as { id: number; code: string; type: number };
}
type Listed = { id: string; type: string; state: number; attenceCheckinState: number };
const unfinished = async (p: Person, extra: Record<string, unknown> = {}) => {
  const res = await call(app, '/AttenceApi/getNotFinishAttenceStudent', { courseid, ...extra }, as(p));
  expect(res.status, res.message).toBe(1);
  return res.data.lists as Listed[];
};

/** One HTTP/1.1 exchange over a raw TCP connection: the request's bytes as given (written in parts), the whole answer. */
function rawExchange(parts: (string | Buffer)[], answers = 1): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let got = Buffer.alloc(0);
    const text = () => got.toString('utf8');
    const done = () => {
      socket.destroy();
      resolve(text());
    };
    socket.on('data', (chunk) => {
      got = Buffer.concat([got, chunk]);
      // each answer here has a Content-Length (bytes): done once every one is whole
      const head = got.toString('latin1');
      const bodies = [...head.matchAll(/content-length: (\d+)\r\n[\s\S]*?\r\n\r\n/gi)];
      if (bodies.length >= answers) {
        const last = bodies[answers - 1]!;
        if (got.length >= last.index! + last[0].length + Number(last[1])) done();
      }
    });
    socket.on('error', reject);
    socket.on('end', done);
    socket.on('connect', async () => {
      for (const part of parts) {
        socket.write(part);
        await new Promise((r) => setTimeout(r, 30));
      }
    });
    setTimeout(() => reject(new Error(`no whole answer; got: ${text().slice(0, 300)}`)), 8000).unref();
  });
}
/** The JSON bodies of the answers in a raw exchange, in order. */
const jsonBodies = (text: string) =>
  text
    .split(/HTTP\/1\.1 /)
    .filter(Boolean)
    .map((answer) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>);

describe("a Ketangpai check-in helper's loop", () => {
  it('lists only what the student has not finished, ids as strings, so a second pass never checks in again', async () => {
    await endAll();
    const number = await start('addDigitAttence');
    const rollCall = await start('addNowsAttence');
    const [s0, s1] = students as [Person, Person];
    const listed = await unfinished(s0);
    expect(listed.map((a) => a.id).sort()).toEqual([String(number.id), String(rollCall.id)].sort());
    expect(listed.every((a) => typeof a.id === 'string' && typeof a.type === 'string')).toBe(true);

    // the helper checks in to whatever is listed…
    const first = await call(
      app,
      '/AttenceApi/checkin',
      { id: listed.find((a) => a.type === '1')!.id, code: number.code },
      as(s0),
    );
    expect(first.data.state).toBe(1);
    // …and the next pass finds nothing more to do there: no second check-in to be refused (30324)
    expect((await unfinished(s0)).map((a) => a.id)).toEqual([String(rollCall.id)]);
    // the teacher marks the roll call: finished too
    expect(
      (await call(app, '/AttenceApi/updateState', { id: rollCall.id, studentid: s0.uid, state: 0 }, as(teacher))).status,
    ).toBe(1);
    expect(await unfinished(s0)).toEqual([]);
    // another student has finished nothing
    expect((await unfinished(s1)).map((a) => a.id).sort()).toEqual([String(number.id), String(rollCall.id)].sort());
    // our web app asks with `all` and still sees what it finished, as done
    const all = await unfinished(s0, { all: 1 });
    expect(all.find((a) => a.id === String(number.id))).toMatchObject({ state: 0, attenceCheckinState: 1 });
    expect(await recordCountOf(number.id)).toBe(1);
  });

  it('a check-in/check-out stays listed after the check-in and leaves the list with the check-out', async () => {
    await endAll();
    const a = await start('addCheckinAttence', { checkouttime: 5 });
    const s = students[2]!;
    expect((await call(app, '/AttenceApi/checkin', { id: String(a.id) }, as(s))).data.state).toBe(1);
    expect(await unfinished(s)).toMatchObject([{ id: String(a.id), attenceCheckinState: 1 }]);
    // check-out opens
    await app.ctx.db
      .update(attendances)
      .set({ checkoutAt: new Date(Date.now() - 1000) })
      .where(eq(attendances.id, a.id));
    expect((await call(app, '/AttenceApi/checkin', { id: String(a.id) }, as(s))).status).toBe(1);
    expect(await unfinished(s)).toEqual([]);
    const [r] = await app.ctx.db
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.attendanceId, a.id), eq(attendanceRecords.userId, s.uid)));
    expect(r?.checkoutAt).not.toBeNull();
  });

  it('SummaryApi/attence answers its list under data.data with string ids, where the clients read it', async () => {
    await endAll();
    const a = await start('addDigitAttence', { title: '周三签到' });
    const s = students[1]!;
    const res = await call(app, '/SummaryApi/attence', { courseid, page: 1, size: 50 }, as(s));
    expect(res.status).toBe(1);
    expect(res.data.lists).toBeUndefined();
    const item = (res.data.data as Record<string, unknown>[]).find((x) => x.id === String(a.id));
    expect(item).toMatchObject({ id: String(a.id), courseid: String(courseid), title: '周三签到', mystate: 100 });
    // the student's list holds neither the code nor the geofence (decision 013)
    expect(JSON.stringify(res.data)).not.toContain(`"code"`);
    expect(JSON.stringify(res.data)).not.toContain('latitude');
  });

  it("serves the spec's spelling addNowsAttance beside addNowsAttence", async () => {
    await endAll();
    const res = await call(app, '/AttenceApi/addNowsAttance', { courseid, title: '点名', duration: 5 }, as(teacher));
    expect(res.status, res.message).toBe(1);
    const [row] = await app.ctx.db.select().from(attendances).where(eq(attendances.id, res.data.id));
    expect(row).toMatchObject({ courseId: courseid, type: 0, title: '点名' });
    // a student may not start one by either name
    expect((await call(app, '/AttenceApi/addNowsAttance', { courseid, title: 'x', duration: 5 }, as(students[0]!))).code).toBe(
      40003,
    );
  });
});

const recordCountOf = async (id: number) =>
  (await app.ctx.db.select().from(attendanceRecords).where(eq(attendanceRecords.attendanceId, id))).length;

describe('the socket of a helper that listens to every course', () => {
  it('setActive with classId null joins the course rooms of every course of the user; the start names the course as classId', async () => {
    await endAll();
    const s = await connect(`ws://127.0.0.1:${port}/ws/classroom`, students[0]!.token);
    try {
      await s.send({ cmd: 'AttendClass.setActive', data: { classId: null, classTimeId: null, courserole: 0 } });
      expect(s.messages.filter((m) => m.code === -1)).toEqual([]);
      const a = await start('addDigitAttence');
      // a course the student is not in is not heard
      await start('addDigitAttence', {}, otherCourse, await ownerOf(otherCourse));
      await expect.poll(() => s.events('KeTangPaiPublishAttendance').length, { timeout: 5000 }).toBe(1);
      const heard = s.events('KeTangPaiPublishAttendance')[0]!.data;
      expect(heard).toEqual({ courseid, classId: courseid, attenceid: a.id, type: 1 });
      // and what it hears is never the code (decision 013)
      expect(carriesCode(s.messages, a.code)).toBe(false);
    } finally {
      s.close();
    }
  });
});

async function ownerOf(course: number): Promise<Person> {
  const [m] = await app.ctx.db
    .select({ userId: courseMembers.userId })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, course), eq(courseMembers.role, 'owner')));
  return { uid: m!.userId, token: await createSession(app.ctx.db, m!.userId, false, null) };
}

describe('a POST that offers an HTTP/2 upgrade (Java HttpClient, curl --http2 over plain HTTP)', () => {
  const offer = (path: string, body: string, token: string, extra = '') =>
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n` +
    `HTTP2-Settings: AAEAAEAAAAIAAAAAAAMAAABkAAQBAAAAAAUAAEAA\r\ntoken: ${token}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n`;

  it('keeps its body (sent with the headers or after them) and the connection answers the next request', async () => {
    await endAll();
    const a = await start('addDigitAttence');
    const s = students[1]!;
    const body = JSON.stringify({ courseid: String(courseid) });
    const two = await rawExchange(
      [
        // the headers first, the body a moment later: Node has already handed the request over by then
        offer('/AttenceApi/getNotFinishAttenceStudent', body, s.token),
        body,
        // the next request on the same connection, plain
        `POST /AttenceApi/checkin HTTP/1.1\r\nHost: x\r\ntoken: ${s.token}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(JSON.stringify({ id: a.id, code: a.code }))}\r\n\r\n${JSON.stringify({ id: a.id, code: a.code })}`,
      ],
      2,
    );
    expect(two).toMatch(/^HTTP\/1\.1 200/);
    const [listed, checkedIn] = jsonBodies(two);
    expect(listed).toMatchObject({ status: 1, data: { lists: [{ id: String(a.id) }] } });
    expect(checkedIn).toMatchObject({ status: 1, data: { state: 1 } });
    expect(await recordCountOf(a.id)).toBe(1);

    // the whole request in one write
    const one = await rawExchange([offer('/AttenceApi/getNotFinishAttenceStudent', body, s.token) + body]);
    expect(jsonBodies(one)[0]).toMatchObject({ status: 1, data: { lists: [] } });
  });

  it('a refusal of such a POST names the wrong field', async () => {
    const body = JSON.stringify({ courseid, all: 'abc' });
    const text = await rawExchange([offer('/AttenceApi/getNotFinishAttenceStudent', body, students[1]!.token) + body]);
    expect(jsonBodies(text)[0]).toMatchObject({ status: 0, code: 40001, message: '输入内容不正确：all', data: null });
  });

  it('a WebSocket upgrade still opens the classroom socket', async () => {
    const s = await connect(`ws://127.0.0.1:${port}/ws/classroom`, students[1]!.token);
    await s.send({ cmd: 'AttendClass.setActive', data: { classId: courseid } });
    expect(s.messages.filter((m) => m.code === -1)).toEqual([]);
    s.close();
  });
});

describe('every refusal a student client can meet is a well-formed envelope', () => {
  const wellFormed = (status: number, text: string) => {
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(body).sort(), text).toEqual(['code', 'data', 'message', 'status']);
    expect(body.status, text).toBe(0);
    expect(typeof body.code, text).toBe('number');
    expect(body.code, text).not.toBe(10000);
    expect(typeof body.message === 'string' && body.message.length > 0, text).toBe(true);
    expect(body.data, text).toBeNull();
    return { status, code: body.code as number, message: body.message as string };
  };
  const send = async (init: { method?: string; path: string; headers?: Record<string, string>; body?: string }) => {
    const res = await fetch(`http://127.0.0.1:${port}${init.path}`, {
      method: init.method ?? 'POST',
      headers: { token: students[0]!.token, ...init.headers },
      body: init.body,
    });
    return wellFormed(res.status, await res.text());
  };

  it('unknown paths, bad JSON, bodies too large, wrong values and media types, rate limits', async () => {
    const json = { 'content-type': 'application/json' };
    expect(await send({ path: '/AttenceApi/noSuchCall', headers: json, body: '{}' })).toMatchObject({ status: 404, code: 40004 });
    expect(await send({ method: 'GET', path: '/AttenceApi/noSuchCall' })).toMatchObject({ status: 404, code: 40004 });
    // a GET of a call that is a POST
    expect(await send({ method: 'GET', path: '/AttenceApi/getNotFinishAttenceStudent' })).toMatchObject({ code: 40004 });
    expect(
      await send({ path: '/AttenceApi/checkin', headers: json, body: JSON.stringify({ id: 1, pad: 'x'.repeat(1024 * 1024) }) }),
    ).toMatchObject({ status: 413 });
    const unfinishedPath = '/AttenceApi/getNotFinishAttenceStudent';
    expect(await send({ path: unfinishedPath, headers: json, body: `{"courseid": ${courseid}, "all": "abc"}` })).toMatchObject({
      code: 40001,
      message: '输入内容不正确：all',
    });
    // a schema's own message names the field in words
    expect(await send({ path: '/AttenceApi/checkin', headers: json, body: '{"id": "abc"}' })).toMatchObject({
      code: 40001,
      message: '请选择签到',
    });
    // a body that is not an object is refused as an empty one: the field the call needs first
    for (const body of ['[]', '"x"', '7', 'null'])
      expect(await send({ path: '/HomeworkApi/getHomework', headers: json, body })).toMatchObject({
        code: 40001,
        message: '输入内容不正确：courseid',
      });
    // a body that is not JSON: the body is named
    expect(await send({ path: unfinishedPath, headers: json, body: '{"courseid": 1,' })).toMatchObject({
      code: 40001,
      message: '输入内容不正确：body',
    });
    expect(
      await send({ path: '/AttenceApi/checkin', headers: { 'content-type': 'application/xml' }, body: '<id>1</id>' }),
    ).toMatchObject({ code: 40001 });
    expect(
      await send({ path: '/AttenceApi/checkin', headers: { token: 'not-a-token', ...json }, body: '{"id":1}' }),
    ).toMatchObject({
      code: 20003,
    });
    // a call limited to 20 a minute per address, called by a student (40003 each time, then 42900)
    const ip = newAddress();
    let last: Awaited<ReturnType<typeof send>> | undefined;
    for (let i = 0; i < 21; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/AttenceApi/exportStatistics',
        headers: { token: students[0]!.token },
        payload: { courseid },
        remoteAddress: ip,
      });
      last = wellFormed(res.statusCode, res.body);
    }
    expect(last).toMatchObject({ status: 429, code: 42900 });
  });
});

describe('getCourseContent items carry the fields Ketangpai items carry, each true', () => {
  it('homework: checkrepeat and warmingcheckrate from its duplicate check, fullscore, the caller’s grade once published', async () => {
    const made = await call(
      app,
      '/HomeworkApi/addHomework',
      { courseid, title: '第一次作业', content: '', publish: 1, endtime: Math.floor(Date.now() / 1000) + 86_400 },
      as(teacher),
    );
    expect(made.status, made.message).toBe(1);
    const id = made.data.id as number;
    await app.ctx.db.update(homeworks).set({ dupCheck: true, dupCeiling: 35, fullScore: 80 }).where(eq(homeworks.contentId, id));
    const s = students[0]!;
    const [sub] = await app.ctx.db
      .insert(submissions)
      .values({
        contentId: id,
        userId: s.uid,
        owner: `u:${s.uid}`,
        status: 3,
        score: 72.5,
        gradedAt: new Date(1_760_000_000_000),
      })
      .returning();
    await app.ctx.db.insert(submissionMembers).values({ submissionId: sub!.id, userId: s.uid });
    const list = async (p: Person) =>
      (await call(app, '/FutureV2/CourseMeans/getCourseContent', { courseid, contenttype: 4 }, as(p))).data.list as Record<
        string,
        unknown
      >[];
    const hidden = (await list(s)).find((i) => i.id === id)!;
    expect(hidden).toMatchObject({
      checkrepeat: '1',
      warmingcheckrate: '35',
      fullscore: 80,
      totalScore: 80,
      testpaperType: 0,
      grade: '',
      scoringtime: 0,
      fullcount: 3,
    });
    expect(hidden.stop_time).toBe(hidden.endtime);
    expect(hidden.begintime).toBe(hidden.publish_time);
    expect(hidden.updatetime).toBeGreaterThan(0);
    // the score reaches the student once published
    await app.ctx.db.update(submissions).set({ scorePublished: true }).where(eq(submissions.id, sub!.id));
    expect((await list(s)).find((i) => i.id === id)).toMatchObject({ grade: '72.5', scoringtime: 1_760_000_000 });
    // another student has no grade; with the check off the rate is 0
    await app.ctx.db.update(homeworks).set({ dupCheck: false }).where(eq(homeworks.contentId, id));
    expect((await list(students[1]!)).find((i) => i.id === id)).toMatchObject({
      checkrepeat: '0',
      warmingcheckrate: '0',
      grade: '',
    });
  });

  it('every other item carries them too, with its "none"', async () => {
    const made = await call(
      app,
      '/FutureV2/CourseMeans/addContent',
      { courseid, contenttype: 7, title: '公告', content: '<p>本周停课</p>', publish: 1 },
      as(teacher),
    );
    expect(made.status, made.message).toBe(1);
    const res = await call(app, '/FutureV2/CourseMeans/getCourseContent', { courseid, contenttype: 7 }, as(students[0]!));
    const item = (res.data.list as Record<string, unknown>[]).find((i) => i.title === '公告')!;
    expect(item).toMatchObject({
      checkrepeat: '0',
      warmingcheckrate: '0',
      grade: '',
      fullscore: 0,
      testpaperType: 0,
      fullcount: 3,
    });
  });
});
