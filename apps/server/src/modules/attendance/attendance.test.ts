import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newCourse } from '../../../test/courses';
import { call, carriesCode, instancesOf, newAddress, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import {
  attendanceRecords,
  attendances,
  courseClasses,
  courseMembers,
  courses,
  institutionPeople,
  institutions,
  jobs,
  teachClasses,
  teachClassStudents,
  users,
} from '../../db/schema';
import { rooms } from '../../realtime/rooms';
import { createSession } from '../accounts/sessions';
import { issueTicket } from './tickets';

let db: TestDatabase;
let app: FastifyInstance;
type Person = { token: string; uid: number };
let owner: Person;
let assistant: Person;
let students: Person[];
let outsider: Person;
let stranger: Person;
let courseid: number;
/** every event published, as [room, cmd, data] */
const published: [string, string, Record<string, unknown>][] = [];

// Beijing, Tiananmen; and Shanghai, the Bund
const CENTRE = { latitude: 39.908722, longitude: 116.397499 };
const SHANGHAI = { latitude: 31.240018, longitude: 121.490317 };
/** metres north of the centre, as coordinates */
const north = (metres: number) => ({ latitude: CENTRE.latitude + metres / 111_195, longitude: CENTRE.longitude });

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  // on two instances (TEST_INSTANCES=2) a call may be handled by either: both are watched
  for (const instance of instancesOf(app)) {
    const publish = instance.ctx.realtime.publish.bind(instance.ctx.realtime);
    instance.ctx.realtime.publish = async (room: string, cmd: string, data: unknown) => {
      published.push([room, cmd, data as Record<string, unknown>]);
      return publish(room, cmd, data);
    };
  }
  // accounts made directly (registration runs argon2, slow on a busy machine); sessions as a login makes them
  owner = await person(1, '王老师', '');
  assistant = await person(1, '李助教', '');
  const course = await newCourse(app, owner.token);
  courseid = course.id;
  await app.ctx.db.insert(courseMembers).values({ courseId: courseid, userId: assistant.uid, role: 'assistant' });
  students = [];
  for (let i = 0; i < 5; i++) {
    const s = await person(0, `学生${i}`, `2026${String(i).padStart(4, '0')}`);
    const joined = await call(app, '/CourseApi/joinCourse', { code: course.code }, { token: s.token });
    expect(joined.status).toBe(1);
    students.push(s);
  }
  outsider = await person(0, '外人', '1');
  const other = await newCourse(app, (await person(1, '别的老师', '')).token);
  await call(app, '/CourseApi/joinCourse', { code: other.code }, { token: outsider.token });
  stranger = await person(0, '路人', '2');
}, 120_000);

let people = 0;
async function person(usertype: 0 | 1, username: string, stno: string, lang: 'zh' | 'en' = 'zh'): Promise<Person> {
  const mobile = `138${String(Date.now() % 100000).padStart(5, '0')}${String(people++).padStart(3, '0')}`;
  const [u] = await app.ctx.db
    .insert(users)
    .values({ usertype, username, stno, account: mobile, mobile, school: '示范学校', lang })
    .returning();
  return { uid: u!.id, token: await createSession(app.ctx.db, u!.id, false, null) };
}
afterAll(async () => {
  await app.close();
  await db.drop();
});

const as = (p: Person, ip?: string) => ({ token: p.token, ip });
const start = async (path: string, body: Record<string, unknown>, who: Person = owner) => {
  const res = await call(app, `/AttenceApi/${path}`, { courseid, title: '第一次课签到', duration: 10, ...body }, as(who));
  expect(res.status, res.message).toBe(1);
  return res.data as { id: number; code: string; type: number; state: number; counts: Record<string, number> };
};
const checkin = (p: Person, body: Record<string, unknown>, ip?: string) => call(app, '/AttenceApi/checkin', body, as(p, ip));
const record = async (attendanceId: number, userId: number) =>
  (
    await app.ctx.db
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.attendanceId, attendanceId), eq(attendanceRecords.userId, userId)))
  )[0];
const recordCount = async (attendanceId: number) =>
  (await app.ctx.db.select().from(attendanceRecords).where(eq(attendanceRecords.attendanceId, attendanceId))).length;
const teacherList = async (attenceid: number) =>
  (await call(app, '/AttenceV2Api/getAttenceStudentLists', { attenceid }, as(owner))).data as {
    lists: { userid: number; state: number; risk: string[]; unusual: number; checkintime: number; checkouttime: number }[];
    attence: { counts: Record<string, number>; risky: number };
  };
const rowOf = async (attenceid: number, p: Person) => (await teacherList(attenceid)).lists.find((r) => r.userid === p.uid)!;
/** ends every open attendance of the course, so that each test starts with none open */
const endAll = async () => app.ctx.db.update(attendances).set({ endedAt: new Date() }).where(eq(attendances.courseId, courseid));

describe('starting and ending attendance', () => {
  it('a roll call: the course hears it start, the teacher sets each status by hand, the student hears theirs, and it ends', async () => {
    await endAll();
    published.length = 0;
    const a = await start('addNowsAttence', { title: '点名' });
    expect(a).toMatchObject({ type: 0, state: 1, title: '点名' });
    expect(published).toContainEqual([
      rooms.course(courseid),
      'KeTangPaiPublishAttendance',
      { courseid, classId: courseid, attenceid: a.id, type: 0 },
    ]);
    const open = await call(app, '/AttenceApi/getNotFinishAttenceStudent', { courseid: String(courseid) }, as(students[0]!));
    expect(open.data.lists).toEqual([
      expect.objectContaining({ id: String(a.id), type: '0', state: 100, attenceCheckinState: 0, duration: 10 }),
    ]);
    // students do not check in to a roll call
    expect((await checkin(students[0]!, { id: a.id })).code).toBe(30328);
    const set = await call(app, '/AttenceApi/updateState', { id: a.id, studentid: students[0]!.uid, state: 2 }, as(assistant));
    expect(set.data).toMatchObject({ userid: students[0]!.uid, state: 2, manual: 1, recordStatus: 3 });
    expect(published.filter(([, cmd]) => cmd === 'addRecord').map(([room]) => room)).toEqual([
      rooms.courseStaff(courseid),
      rooms.user(students[0]!.uid),
    ]);
    // the teacher set it: finished for the student, listed only with the web app's `all`
    expect((await call(app, '/AttenceApi/getNotFinishAttenceStudent', { courseid }, as(students[0]!))).data.lists).toEqual([]);
    expect(
      (await call(app, '/AttenceApi/getNotFinishAttenceStudent', { courseid, all: 1 }, as(students[0]!))).data.lists[0].state,
    ).toBe(2);
    // a status outside 0-7 is refused and writes nothing
    const bad = await call(app, '/AttenceApi/updateState', { id: a.id, studentid: students[1]!.uid, state: 9 }, as(owner));
    expect(bad).toMatchObject({ status: 0, code: 40001 });
    expect(bad.message).toBe('出勤状态不正确');
    expect(await record(a.id, students[1]!.uid)).toBeUndefined();
    // a teacher is not a student of the course
    expect((await call(app, '/AttenceApi/updateState', { id: a.id, studentid: assistant.uid, state: 0 }, as(owner))).code).toBe(
      40001,
    );
    published.length = 0;
    const over = await call(app, '/AttenceApi/overAttence', { id: a.id }, as(owner));
    expect(over.data).toMatchObject({ state: 0 });
    expect(over.data.counts).toMatchObject({ '1': 4, '2': 1, '100': 0 });
    expect(published).toContainEqual([
      rooms.course(courseid),
      'KeTangPaiPublishAttendance',
      { courseid, classId: courseid, attenceid: a.id, type: 0 },
    ]);
    expect((await call(app, '/AttenceApi/getNotFinishAttenceStudent', { courseid }, as(students[0]!))).data.lists).toEqual([]);
    // the teacher may still correct a status after the end
    expect(
      (await call(app, '/AttenceApi/updateState', { id: a.id, studentid: students[1]!.uid, state: 5 }, as(owner))).data.state,
    ).toBe(5);
  });

  it('a roll call’s "mark all present" marks every student not marked yet, keeps the statuses set, and is the teacher’s (issue 25)', async () => {
    await endAll();
    const a = await start('addNowsAttence', { title: '全体点名' });
    await call(app, '/AttenceApi/updateState', { id: a.id, studentid: students[0]!.uid, state: 2 }, as(owner));
    // a student may not
    const refused = await call(app, '/AttenceApi/markAllPresent', { id: a.id }, as(students[1]!));
    expect(refused.status).toBe(0);
    expect(await record(a.id, students[1]!.uid)).toBeUndefined();
    published.length = 0;
    const all = await call(app, '/AttenceApi/markAllPresent', { id: String(a.id) }, as(assistant));
    expect(all.data).toEqual({ id: a.id, marked: students.length - 1 });
    const list = await teacherList(a.id);
    const states = students.map((p) => list.lists.find((r) => r.userid === p.uid)!.state);
    expect(states).toEqual([2, ...students.slice(1).map(() => 0)]);
    // each student marked hears theirs; the one marked late before hears nothing
    const heard = published.filter(([, cmd]) => cmd === 'addRecord').map(([room]) => room);
    for (const p of students.slice(1)) expect(heard).toContain(rooms.user(p.uid));
    expect(heard).not.toContain(rooms.user(students[0]!.uid));
    // again: nothing left to mark
    expect((await call(app, '/AttenceApi/markAllPresent', { id: a.id }, as(owner))).data.marked).toBe(0);
    // a number attendance is checked in by its students: refused, nothing written
    await call(app, '/AttenceApi/overAttence', { id: a.id }, as(owner));
    const digit = await start('addDigitAttence', { code: '4321' });
    const wrong = await call(app, '/AttenceApi/markAllPresent', { id: digit.id }, as(owner));
    expect(wrong).toMatchObject({ status: 0, code: 40001 });
    expect(await recordCount(digit.id)).toBe(0);
  });

  it('refuses a start without a name or a duration, naming the field, and writes nothing', async () => {
    const before = (await app.ctx.db.select().from(attendances)).length;
    const noTitle = await call(app, '/AttenceApi/addAttence', { courseid, title: ' ', duration: 5 }, as(owner));
    expect(noTitle).toMatchObject({ status: 0, code: 40001 });
    expect(noTitle.message).toContain('签到名称');
    const noDuration = await call(app, '/AttenceApi/addAttence', { courseid, title: 'x', duration: '' }, as(owner, undefined));
    expect(noDuration.code).toBe(40001);
    expect(noDuration.message).toContain('持续时间');
    const english = await person(1, 'Ms Smith', '', 'en');
    const en = await call(app, '/AttenceApi/addDigitAttence', { courseid, title: 'x', duration: 0 }, { token: english.token });
    expect(en.message).toBe('Set how long it stays open (1 to 1440 minutes)');
    const lateCheckout = await call(
      app,
      '/AttenceApi/addCheckinAttence',
      { courseid, title: 'x', duration: 5, checkouttime: 5 },
      as(owner),
    );
    expect(lateCheckout.code).toBe(40001);
    const pastNext = await call(app, '/AttenceApi/addAttence', { courseid, title: 'x', duration: 5, nexttime: 1000 }, as(owner));
    expect(pastNext.code).toBe(40001);
    const noFence = await call(app, '/AttenceApi/addGPSAttence', { courseid, title: 'x', duration: 5 }, as(owner));
    expect(noFence.code).toBe(40001);
    expect((await app.ctx.db.select().from(attendances)).length).toBe(before);
  });

  it('students and outsiders are refused every teacher call; outsiders see nothing of the course', async () => {
    const a = await start('addDigitAttence', {});
    const g = await start('addGPSAttence', { ...CENTRE, radius: 200 });
    const teacherCalls: [string, Record<string, unknown>][] = [
      ['/AttenceApi/addNowsAttence', { courseid, title: 'x', duration: 5 }],
      ['/AttenceApi/addDigitAttence', { courseid, title: 'x', duration: 5 }],
      ['/AttenceApi/addGPSAttence', { courseid, title: 'x', duration: 5, ...CENTRE }],
      ['/AttenceApi/addAttence', { courseid, title: 'x', duration: 5 }],
      ['/AttenceApi/addCheckinAttence', { courseid, title: 'x', duration: 5, checkouttime: 2 }],
      ['/AttenceApi/overAttence', { id: a.id }],
      ['/AttenceApi/delAttence', { id: a.id }],
      ['/AttenceApi/renameAttence', { id: a.id, title: 'y' }],
      ['/AttenceApi/updateState', { id: a.id, studentid: students[1]!.uid, state: 0 }],
      ['/AttenceApi/updateDigitAttenceCode', { id: a.id }],
      ['/AttenceApi/getDigitAttence', { id: a.id }],
      ['/AttenceApi/getQrCode', { id: a.id }],
      ['/AttenceApi/getLocation', { id: g.id }],
      ['/AttenceV2Api/getAttenceStudentLists', { attenceid: a.id }],
      ['/AttenceV2Api/getAttenceBuildingGps', { courseid }],
      ['/AttenceApi/getCourseStatistics', { courseid }],
      ['/AttenceApi/getAdminClassStatistics', { courseid }],
      ['/AttenceApi/exportStatistics', { courseid }],
    ];
    const before = JSON.stringify(await app.ctx.db.select().from(attendances));
    for (const [path, body] of teacherCalls) {
      const bystudent = await call(app, path, body, as(students[1]!));
      expect([bystudent.status, bystudent.code], `${path} as a student`).toEqual([0, 40003]);
      for (const who of [outsider, stranger]) {
        const res = await call(app, path, body, as(who));
        expect(res.status, `${path} as an outsider`).toBe(0);
        expect([30202, 40004]).toContain(res.code);
        expect(carriesCode(res, a.code), `${path} carries the code`).toBe(false);
      }
    }
    expect(JSON.stringify(await app.ctx.db.select().from(attendances))).toBe(before);
    for (const who of [outsider, stranger]) {
      expect((await checkin(who, { id: a.id, code: a.code })).code).toBe(40004);
      expect((await call(app, '/AttenceApi/getNotFinishAttenceStudent', { courseid }, as(who))).code).toBe(30202);
      expect((await call(app, '/AttenceApi/getCheckInResult', { attenceid: a.id }, as(who))).code).toBe(40004);
      expect((await call(app, '/SummaryApi/attence', { courseid }, as(who))).code).toBe(30202);
    }
  });

  it('the teacher and assistants are refused checking in to their own course (30316)', async () => {
    const a = await start('addDigitAttence', {});
    for (const who of [owner, assistant]) {
      const res = await checkin(who, { id: a.id, code: a.code });
      expect(res).toMatchObject({ status: 0, code: 30316 });
      expect(res.message).toBe('你是该课程的老师或助教，无需签到');
    }
    expect(await recordCount(a.id)).toBe(0);
  });

  it('renames, and deletes: a deleted attendance leaves the lists and a late check-in hears 30325', async () => {
    const a = await start('addDigitAttence', { code: '4321' });
    expect((await call(app, '/AttenceApi/renameAttence', { id: a.id, title: '改名后' }, as(owner))).data.title).toBe('改名后');
    published.length = 0;
    expect((await call(app, '/AttenceApi/delAttence', { id: String(a.id) }, as(owner))).data).toEqual({ id: a.id });
    expect(published).toContainEqual([
      rooms.course(courseid),
      'KeTangPaiPublishAttendance',
      { courseid, classId: courseid, attenceid: a.id, type: 1 },
    ]);
    expect((await checkin(students[2]!, { id: a.id, code: '4321' })).code).toBe(30325);
    const open = (await call(app, '/AttenceApi/getNotFinishAttenceStudent', { courseid }, as(students[2]!))).data.lists as {
      id: string;
    }[];
    expect(open.map((x) => x.id)).not.toContain(String(a.id));
    const summary = (await call(app, '/SummaryApi/attence', { courseid, page: 1, size: 100 }, as(owner))).data.data as {
      id: string;
    }[];
    expect(summary.map((x) => x.id)).not.toContain(String(a.id));
    // and its end job is gone
    expect(
      await app.ctx.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `attendance:end:${a.id}`)),
    ).toEqual([]);
  });

  it('ends on its own at its duration: refused as ended (30322) at once, and the end job tells the course', async () => {
    const a = await start('addDigitAttence', { duration: 1 });
    const [job] = await app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `attendance:end:${a.id}`));
    expect(job!.runAt.getTime() - Date.now()).toBeGreaterThan(50_000);
    // the end passes: the attendance is over for every read before the job has run
    await app.ctx.db
      .update(attendances)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(attendances.id, a.id));
    await app.ctx.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.key, `attendance:end:${a.id}`));
    const res = await checkin(students[0]!, { id: a.id, code: a.code });
    expect(res).toMatchObject({ status: 0, code: 30322, message: '签到已结束' });
    const open = (await call(app, '/AttenceApi/getNotFinishAttenceStudent', { courseid }, as(students[0]!))).data.lists as {
      id: string;
    }[];
    expect(open.map((x) => x.id)).not.toContain(String(a.id));
    published.length = 0;
    await app.ctx.jobs.runDue(new Date());
    const [row] = await app.ctx.db.select().from(attendances).where(eq(attendances.id, a.id));
    expect(row!.endedAt).not.toBeNull();
    expect(published).toContainEqual([
      rooms.course(courseid),
      'KeTangPaiPublishAttendance',
      { courseid, classId: courseid, attenceid: a.id, type: 1 },
    ]);
    // nobody checked in: everyone is absent
    expect((await call(app, '/AttenceApi/getCheckInResult', { attenceid: a.id }, as(students[0]!))).data.mine.state).toBe(1);
  });
});

describe('course state and wire tolerance', () => {
  it('no attendance starts in an ended course (30312); a student of one closed to visits is kept out (30313)', async () => {
    const course = await newCourse(app, owner.token);
    await call(app, '/CourseApi/joinCourse', { code: course.code }, as(students[4]!));
    const a = (
      await call(app, '/AttenceApi/addDigitAttence', { courseid: course.id, title: '期末', duration: 5, code: '7777' }, as(owner))
    ).data;
    await app.ctx.db.update(courses).set({ classending: 1, canvisit: 0 }).where(eq(courses.id, course.id));
    const refused = await call(app, '/AttenceApi/addAttence', { courseid: course.id, title: '结课后', duration: 5 }, as(owner));
    expect(refused.code).toBe(30312);
    expect((await checkin(students[4]!, { id: a.id, code: '7777' })).code).toBe(30313);
    expect((await call(app, '/AttenceApi/getNotFinishAttenceStudent', { courseid: course.id }, as(students[4]!))).code).toBe(
      30313,
    );
    expect(await recordCount(a.id)).toBe(0);
  });

  it('takes a form-encoded check-in with numbers as strings, as Ketangpai’s clients send it', async () => {
    const a = await start('addDigitAttence', { code: '0099' });
    const res = await call(
      app,
      '/AttenceApi/checkin',
      { id: String(a.id), code: '0099', unusual: '0', clienttype: 'android', reqtimestamp: '1764100000000' },
      { token: students[2]!.token, form: true },
    );
    expect(res.data).toMatchObject({ state: 1, attenceid: a.id });
    // getLocation of an attendance that has no geofence
    expect((await call(app, '/AttenceApi/getLocation', { id: a.id }, as(owner))).code).toBe(30329);
  });
});

describe('number attendance', () => {
  it('changes the code after 200 wrong guesses across the class, tells the teacher, and refuses the old code (issue 24)', async () => {
    // a course of its own: 40 guessers at the per-student limit of 5, and one latecomer
    const course = await newCourse(app, owner.token);
    const crowd: Person[] = [];
    for (let i = 0; i < 41; i++) crowd.push(await person(0, `猜码${i}`, `3026${String(i).padStart(4, '0')}`));
    await app.ctx.db.insert(courseMembers).values(crowd.map((p) => ({ courseId: course.id, userId: p.uid, role: 'student' })));
    const started = await call(
      app,
      '/AttenceApi/addDigitAttence',
      { courseid: course.id, title: '长签到', duration: 120, code: '5309' },
      as(owner),
    );
    const id = started.data.id as number;
    const codeNow = async () => (await app.ctx.db.select().from(attendances).where(eq(attendances.id, id)))[0]!.code;
    const changes = () => published.filter(([, cmd]) => cmd === 'attendanceCodeChanged');
    published.length = 0;
    let guess = 0;
    for (const p of crowd.slice(0, 40))
      for (let k = 0; k < 5; k++) {
        if (guess === 199) {
          // one short of the limit: the code stands
          expect(await codeNow()).toBe('5309');
          expect(changes()).toEqual([]);
        }
        // guesses 0000-0199: never the code
        const res = await checkin(p, { id, code: String(guess++).padStart(4, '0') });
        expect(res.code).toBe(30314);
      }
    const next = await codeNow();
    expect(next).not.toBe('5309');
    expect(next).toMatch(/^\d{4}$/);
    // the teacher's screens hear the new code and why; the course room, where students listen, hears nothing
    expect(changes()).toEqual([
      [rooms.courseStaff(course.id), 'attendanceCodeChanged', { courseid: course.id, attenceid: id, code: next, wrong: 200 }],
    ]);
    expect(published.filter(([room]) => room === rooms.course(course.id))).toEqual([]);
    // the old code is refused; the one on the teacher's screen checks in
    const late = crowd[40]!;
    expect((await checkin(late, { id, code: '5309' })).code).toBe(30314);
    expect((await call(app, '/AttenceApi/getDigitAttence', { id }, as(owner))).data).toEqual({ data: { code: next } });
    expect((await checkin(late, { id, code: next })).data).toMatchObject({ state: 1, attenceid: id });
    expect(await record(id, crowd[0]!.uid)).toBeUndefined();
  }, 120_000);

  it('students never receive the code; a wrong one is 30314; the right one checks in once and the first time is kept', async () => {
    const a = await start('addDigitAttence', { code: '0427' });
    expect(a.code).toBe('0427');
    const staffView = (await call(app, '/AttenceApi/getDigitAttence', { id: a.id }, as(assistant))).data;
    expect(staffView).toEqual({ data: { code: '0427' } });
    expect(carriesCode(staffView, '0427')).toBe(true);
    const s = students[0]!;
    for (const [path, body] of [
      ['/AttenceApi/getNotFinishAttenceStudent', { courseid }],
      ['/AttenceApi/getCheckInResult', { attenceid: a.id }],
      ['/SummaryApi/attence', { courseid }],
    ] as const) {
      const res = await call(app, path, body, as(s));
      expect(res.status).toBe(1);
      expect(carriesCode(res.data, '0427'), path).toBe(false);
    }
    const wrong = await checkin(s, { id: a.id, code: '1111' });
    expect(wrong).toMatchObject({ status: 0, code: 30314 });
    expect(carriesCode(wrong, '0427')).toBe(false);
    published.length = 0;
    const ok = await checkin(s, { id: String(a.id), code: 427, clienttype: 'web', requestid: 'req-1' });
    expect(ok.data).toMatchObject({ state: 1, attenceid: a.id, repeat: 0 });
    expect(published).toContainEqual([
      rooms.courseStaff(courseid),
      'addRecord',
      expect.objectContaining({
        attenceid: a.id,
        userid: s.uid,
        username: '学生0',
        stno: '20260000',
        state: 0,
        recordStatus: 1,
        risk: [],
      }),
    ]);
    // nothing of a student's check-in goes to the course room, where students listen
    expect(published.filter(([room]) => room === rooms.course(courseid))).toEqual([]);
    const first = ok.data.checkintime;
    await new Promise((r) => setTimeout(r, 1100));
    const again = await checkin(s, { id: a.id, code: '0427' });
    expect(again).toMatchObject({ status: 0, code: 30324, message: '重复签到（以第一次签到时间为准）' });
    // a retry of the same request is answered with the same success
    const retry = await checkin(s, { id: a.id, code: '0427', requestid: 'req-1' });
    expect(retry.data).toMatchObject({ state: 1, repeat: 1, checkintime: first });
    expect((await record(a.id, s.uid))!.checkinAt!.getTime()).toBe(
      first * 1000 + ((await record(a.id, s.uid))!.checkinAt!.getTime() % 1000),
    );
    expect(await recordCount(a.id)).toBe(1);
    expect((await rowOf(a.id, s)).checkintime).toBe(first);
  });

  it('limits code guessing per student and attendance: after 5 wrong codes even the right one is refused', async () => {
    const a = await start('addDigitAttence', { code: '9876' });
    const s = students[1]!;
    for (let i = 0; i < 5; i++) expect((await checkin(s, { id: a.id, code: String(1000 + i) }, newAddress())).code).toBe(30314);
    const locked = await checkin(s, { id: a.id, code: '9876' }, newAddress());
    expect(locked).toMatchObject({ status: 0, code: 42900 });
    expect(await record(a.id, s.uid)).toBeUndefined();
    // another student of the same attendance is not locked out, nor the same student elsewhere
    expect((await checkin(students[2]!, { id: a.id, code: '9876' })).data.state).toBe(1);
    const b = await start('addDigitAttence', { code: '1234' });
    expect((await checkin(s, { id: b.id, code: '1234' })).data.state).toBe(1);
  });

  it('a new code replaces the old one', async () => {
    const a = await start('addDigitAttence', { code: '1111' });
    const changed = await call(app, '/AttenceApi/updateDigitAttenceCode', { id: a.id }, as(owner));
    expect(changed.data.code).toMatch(/^\d{4}$/);
    const fresh = changed.data.code === '1111' ? '2222' : changed.data.code;
    if (fresh === '2222') await call(app, '/AttenceApi/updateDigitAttenceCode', { id: a.id, code: '2222' }, as(owner));
    expect((await checkin(students[3]!, { id: a.id, code: '1111' })).code).toBe(30314);
    expect((await checkin(students[3]!, { id: a.id, code: fresh })).data.state).toBe(1);
  });

  it('retries under load never duplicate: the same request sent 10 times at once is one record, every answer a success', async () => {
    const a = await start('addDigitAttence', { code: '5555' });
    const s = students[4]!;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => checkin(s, { id: a.id, code: '5555', requestid: 'storm-1' })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(1));
    expect(new Set(answers.map((r) => r.data.checkintime)).size).toBe(1);
    expect(await recordCount(a.id)).toBe(1);
  });
});

describe('GPS attendance', () => {
  it('students never receive the geofence centre or radius', async () => {
    const a = await start('addGPSAttence', { ...CENTRE, radius: 150, address: '天安门广场' });
    expect((await call(app, '/AttenceApi/getLocation', { id: a.id }, as(owner))).data).toEqual({
      ...CENTRE,
      radius: 150,
      address: '天安门广场',
    });
    for (const [path, body] of [
      ['/AttenceApi/getNotFinishAttenceStudent', { courseid }],
      ['/AttenceApi/getCheckInResult', { attenceid: a.id }],
      ['/SummaryApi/attence', { courseid }],
      ['/AttenceApi/getLocation', { id: a.id }],
      ['/AttenceV2Api/getAttenceBuildingGps', { courseid }],
    ] as const) {
      const text = JSON.stringify(await call(app, path, body, as(students[0]!)));
      expect(text).not.toContain('39.9087');
      expect(text).not.toContain('116.3974');
      expect(text).not.toMatch(/"radius"|"latitude"|"longitude"/);
    }
    const out = await checkin(students[0]!, { id: a.id, ...north(1000), accuracy: 20 });
    expect(JSON.stringify(out)).not.toMatch(/39\.9087|116\.3974|150/);
  });

  it('inside checks in; outside is 30315, also when the claimed accuracy would cover the gap; off the Earth 30321', async () => {
    const a = await start('addGPSAttence', { ...CENTRE, radius: 100 });
    const s = students[0]!;
    expect((await checkin(s, { id: a.id, ...north(400), accuracy: 30 })).code).toBe(30315);
    // 35 m outside: a claimed accuracy widens the fence by 30 m at most (decision 013)
    expect((await checkin(s, { id: a.id, ...north(135), accuracy: 50 })).code).toBe(30315);
    expect((await checkin(s, { id: a.id, latitude: 95, longitude: 10, accuracy: 10 })).code).toBe(30321);
    expect(await record(a.id, s.uid)).toBeUndefined();
    const ok = await checkin(s, { id: a.id, ...north(60), accuracy: 15 });
    expect(ok.data).toMatchObject({ state: 1, unusual: 0 });
    expect((await rowOf(a.id, s)).risk).toEqual([]);
  });

  it('no position is 30320; continuing (unusual=1) checks in flagged abnormal for the teacher', async () => {
    const a = await start('addGPSAttence', { ...CENTRE, radius: 100 });
    const s = students[1]!;
    const failed = await checkin(s, { id: a.id, latitude: '', longitude: '' });
    expect(failed).toMatchObject({ status: 0, code: 30320 });
    expect(failed.message).toContain('是否继续');
    const cont = await checkin(s, { id: a.id, unusual: 1 });
    expect(cont.data).toMatchObject({ state: 1, unusual: 1 });
    const row = await rowOf(a.id, s);
    expect(row).toMatchObject({ state: 0, unusual: 1 });
    expect(row.risk).toEqual(expect.arrayContaining(['locationFailed', 'emptyCoordinates']));
  });

  it('flags coordinates that look typed in: accuracy 0, whole degrees, exactly the centre', async () => {
    const a = await start('addGPSAttence', { ...CENTRE, radius: 100 });
    await checkin(students[2]!, { id: a.id, ...CENTRE, accuracy: 12 });
    await checkin(students[3]!, { id: a.id, ...north(20), accuracy: 0 });
    await checkin(students[4]!, { id: a.id, ...north(30), accuracy: 25 });
    expect((await rowOf(a.id, students[2]!)).risk).toEqual(['perfectCoordinates']);
    expect((await rowOf(a.id, students[3]!)).risk).toEqual(['perfectCoordinates']);
    expect((await rowOf(a.id, students[4]!)).risk).not.toContain('perfectCoordinates');
    const b = await start('addGPSAttence', { latitude: 40, longitude: 116, radius: 100 });
    await checkin(students[0]!, { id: b.id, latitude: 40, longitude: 116, accuracy: 5 });
    expect((await rowOf(b.id, students[0]!)).risk).toContain('perfectCoordinates');
  });

  it('flags impossible travel between a student’s consecutive GPS check-ins', async () => {
    const s = students[3]!;
    const beijing = await start('addGPSAttence', { ...CENTRE, radius: 100 });
    await checkin(s, { id: beijing.id, ...north(10), accuracy: 10 });
    const shanghai = await start('addGPSAttence', { ...SHANGHAI, radius: 100 });
    const res = await checkin(s, {
      id: shanghai.id,
      latitude: SHANGHAI.latitude + 0.0001,
      longitude: SHANGHAI.longitude,
      accuracy: 10,
    });
    expect(res.data.state).toBe(1);
    expect((await rowOf(shanghai.id, s)).risk).toContain('impossibleTravel');
    expect((await teacherList(shanghai.id)).attence.risky).toBe(1);

    // issue 24: the student learns nothing of it (no count, flag or reason in any answer); the teacher still does
    await endAll();
    const own = await call(app, '/AttenceApi/getStudentStatistics', { courseid }, as(s));
    expect(own.data.lists).toHaveLength(1);
    expect(own.data.lists[0]).not.toHaveProperty('risky');
    const result = await call(app, '/AttenceApi/getCheckInResult', { attenceid: shanghai.id }, as(s));
    expect(result.status).toBe(1);
    const summary = await call(app, '/SummaryApi/attence', { courseid }, as(s));
    for (const answer of [own, result, summary]) expect(JSON.stringify(answer)).not.toMatch(/risk|impossibleTravel/i);
    const theirs = await call(app, '/AttenceApi/getStudentStatistics', { courseid, studentid: s.uid }, as(owner));
    expect(theirs.data.lists[0].risky).toBeGreaterThanOrEqual(1);
  });

  it('a device is the server’s cookie: accounts sharing the same client deviceid but no cookie are not flagged', async () => {
    const a = await start('addGPSAttence', { ...CENTRE, radius: 200 });
    await checkin(students[0]!, { id: a.id, ...north(11), accuracy: 9, deviceid: 'phone-A' });
    await checkin(students[1]!, { id: a.id, ...north(12), accuracy: 9, deviceid: 'phone-A' });
    // three accounts of one cookie jar are flagged: relay.test.ts
    expect((await rowOf(a.id, students[0]!)).risk).not.toContain('sharedDevice');
    expect((await rowOf(a.id, students[1]!)).risk).not.toContain('sharedDevice');
  });

  it('the teacher gets the places used before; students are refused them', async () => {
    await start('addGPSAttence', { ...CENTRE, radius: 120, address: '主楼' });
    const places = (await call(app, '/AttenceV2Api/getAttenceBuildingGps', { courseid }, as(assistant))).data.lists;
    expect(places[0]).toMatchObject({ address: '主楼', ...CENTRE, radius: 120 });
    expect((await call(app, '/AttenceV2Api/getAttenceBuildingGps', { courseid }, as(students[0]!))).code).toBe(40003);
  });
});

describe('QR attendance', () => {
  it('a signed ticket checks in once (state 8); its replay is a repeat; a forged one is illegal; an expired one 30319', async () => {
    const a = await start('addAttence', {});
    const ticket = (await call(app, '/AttenceApi/getQrCode', { id: a.id }, as(owner))).data;
    expect(ticket).toMatchObject({ ticketid: expect.stringMatching(new RegExp(`^${a.id}\\.`)), rotate: 5 });
    expect(ticket.expire - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(12);
    expect(ticket.url).toContain('/checkIn/checkinCodeResult?ticketid=');
    const scan = (p: Person, t: Record<string, unknown>, ip?: string) => call(app, '/AttenceApi/AttenceResult', t, as(p, ip));
    const s = students[0]!;
    expect((await checkin(s, { id: a.id })).code).toBe(30327);
    const ok = await scan(s, { ticketid: ticket.ticketid, expire: ticket.expire, sign: ticket.sign });
    expect(ok.data).toMatchObject({ state: 8, attenceid: a.id });
    expect((await scan(s, { ticketid: ticket.ticketid, expire: ticket.expire, sign: ticket.sign })).code).toBe(30324);
    // a stretched expiry or another attendance's id breaks the signature
    expect((await scan(students[1]!, { ...ticket, expire: ticket.expire + 3600 })).code).toBe(30326);
    expect((await scan(students[1]!, { ...ticket, ticketid: ticket.ticketid.replace(/^\d+/, String(a.id + 1)) })).code).toBe(
      30326,
    );
    const old = issueTicket(app.ctx.secret, a.id, Date.now() - 60_000);
    expect((await scan(students[1]!, old)).code).toBe(30319);
    expect(await record(a.id, students[1]!.uid)).toBeUndefined();
    // a QR ticket of an attendance that is not QR
    const digit = await start('addDigitAttence', {});
    expect((await scan(students[1]!, issueTicket(app.ctx.secret, digit.id))).code).toBe(30317);
    expect((await call(app, '/AttenceApi/getQrCode', { id: digit.id }, as(owner))).code).toBe(30317);
    // once ended, no new ticket
    await call(app, '/AttenceApi/overAttence', { id: a.id }, as(owner));
    expect((await call(app, '/AttenceApi/getQrCode', { id: a.id }, as(owner))).code).toBe(30322);
  });

  it('several accounts using one ticket from one address are not flagged (a class on campus Wi-Fi)', async () => {
    const a = await start('addAttence', {});
    const ticket = (await call(app, '/AttenceApi/getQrCode', { id: a.id }, as(owner))).data;
    const t = { ticketid: ticket.ticketid, expire: ticket.expire, sign: ticket.sign };
    const ip = newAddress();
    expect((await call(app, '/AttenceApi/AttenceResult', t, as(students[0]!, ip))).data.state).toBe(8);
    expect((await call(app, '/AttenceApi/AttenceResult', t, as(students[1]!, ip))).data.state).toBe(8);
    expect((await call(app, '/AttenceApi/AttenceResult', t, as(students[2]!, newAddress()))).data.state).toBe(8);
    // a relayed ticket and 60 students on one address: relay.test.ts
    expect((await rowOf(a.id, students[0]!)).risk).toEqual([]);
    expect((await rowOf(a.id, students[1]!)).risk).toEqual([]);
    expect((await rowOf(a.id, students[2]!)).risk).toEqual([]);
  });

  it('takes the socket’s address, never X-Forwarded-For without a configured proxy', async () => {
    const a = await start('addAttence', {});
    const ticket = (await call(app, '/AttenceApi/getQrCode', { id: a.id }, as(owner))).data;
    const res = await app.inject({
      method: 'POST',
      url: '/AttenceApi/AttenceResult',
      headers: { token: students[3]!.token, 'x-forwarded-for': '203.0.113.9' },
      payload: { ticketid: ticket.ticketid, expire: ticket.expire, sign: ticket.sign },
      remoteAddress: '10.9.8.7',
    });
    expect(res.json().data.state).toBe(8);
    expect((await record(a.id, students[3]!.uid))!.address).toBe('10.9.8.7');
  });
});

describe('check-in and check-out', () => {
  it('checks in, then out once check-out opens; one who never checks out has left early (7) at the end', async () => {
    await endAll();
    const a = await start('addCheckinAttence', { duration: 10, checkouttime: 5 });
    const [s0, s1, s2] = [students[0]!, students[1]!, students[2]!];
    expect((await checkin(s0, { id: a.id })).data.state).toBe(1);
    expect((await checkin(s1, { id: a.id })).data.state).toBe(1);
    expect((await checkin(s0, { id: a.id })).code).toBe(30324);
    let open = (await call(app, '/AttenceApi/getNotFinishAttenceStudent', { courseid }, as(s0))).data.lists[0];
    expect(open).toMatchObject({ type: '4', checkinover: 0, attenceCheckinState: 1 });
    // check-out opens
    await app.ctx.db
      .update(attendances)
      .set({ checkoutAt: new Date(Date.now() - 1000) })
      .where(eq(attendances.id, a.id));
    const out = await checkin(s0, { id: a.id, requestid: 'out-1' });
    expect(out.data.state).toBe(1);
    expect(out.data.checkouttime).toBeGreaterThan(0);
    expect((await checkin(s0, { id: a.id })).code).toBe(30324);
    // the check-out's retry is the same success
    expect((await checkin(s0, { id: a.id, requestid: 'out-1' })).data).toMatchObject({
      state: 1,
      repeat: 1,
      checkouttime: out.data.checkouttime,
    });
    // checked out: finished, so no longer listed (issue 25); the web app's `all` still shows it as done
    expect((await call(app, '/AttenceApi/getNotFinishAttenceStudent', { courseid }, as(s0))).data.lists).toEqual([]);
    open = (await call(app, '/AttenceApi/getNotFinishAttenceStudent', { courseid, all: 1 }, as(s0))).data.lists[0];
    expect(open).toMatchObject({ checkinover: 1, attenceCheckinState: 2 });
    // never checked in: once check-out opens nothing is left to do, so it is not listed (issue 25)...
    expect((await call(app, '/AttenceApi/getNotFinishAttenceStudent', { courseid }, as(s2))).data.lists).toEqual([]);
    // ...and checking out is refused, and nothing is written
    const refused = await checkin(s2, { id: a.id });
    expect(refused).toMatchObject({ status: 0, code: 30331, message: '你没有签到，不能签退；如有原因请联系老师' });
    expect(await record(a.id, s2.uid)).toBeUndefined();
    await call(app, '/AttenceApi/overAttence', { id: a.id }, as(owner));
    const list = await teacherList(a.id);
    const state = (p: Person) => list.lists.find((r) => r.userid === p.uid)!.state;
    // present, left early, absent (not late: a check-out alone is not an attendance), absent
    expect([state(s0), state(s1), state(s2), state(students[3]!)]).toEqual([0, 7, 1, 1]);
  });
});

describe('enrolment list', () => {
  it('a course bound to a certifying school admits only certified students on the class list (30318)', async () => {
    const [inst] = await app.ctx.db
      .insert(institutions)
      .values({ name: `考勤大学${Date.now()}`, requireAttest: true })
      .returning();
    const [tc] = await app.ctx.db
      .insert(teachClasses)
      .values({
        institutionId: inst!.id,
        teachClass: 'TC1',
        coursename: '高数',
        semester: '2026-2027',
        term: 1,
        teacherStno: 'T1',
        courseId: courseid,
      })
      .returning();
    await app.ctx.db
      .insert(institutionPeople)
      .values({ institutionId: inst!.id, usertype: 0, realname: '学生0', realstno: 'S0', userId: students[0]!.uid });
    await app.ctx.db.insert(teachClassStudents).values({ teachClassId: tc!.id, stno: 'S0' });
    try {
      const a = await start('addDigitAttence', { code: '3030' });
      const refused = await checkin(students[1]!, { id: a.id, code: '3030' });
      expect(refused).toMatchObject({ status: 0, code: 30318 });
      expect(refused.message).toBe('只有在选课名单中并已完成身份认证的成员才能参与签到');
      expect((await checkin(students[0]!, { id: a.id, code: '3030' })).data.state).toBe(1);
    } finally {
      await app.ctx.db.delete(teachClasses).where(eq(teachClasses.id, tc!.id));
    }
  });
});

describe('results, summaries and statistics', () => {
  it('the student sees their own result, the teacher everyone’s; the summary counts by status, paged', async () => {
    await endAll();
    const a = await start('addDigitAttence', { code: '8080', title: '统计用' });
    await checkin(students[0]!, { id: a.id, code: '8080' });
    await call(app, '/AttenceApi/updateState', { id: a.id, studentid: students[1]!.uid, state: 5 }, as(owner));
    const mine = (await call(app, '/AttenceApi/getCheckInResult', { attenceid: a.id }, as(students[0]!))).data;
    expect(mine).toMatchObject({ mine: { state: 0 }, lists: [], counts: {} });
    const all = (await call(app, '/AttenceApi/getCheckInResult', { attenceid: a.id }, as(owner))).data;
    expect(all.mine).toBeNull();
    expect(all.lists).toHaveLength(5);
    expect(all.counts).toMatchObject({ '0': 1, '5': 1, '100': 3 });
    const filtered = (
      await call(app, '/AttenceV2Api/getAttenceStudentLists', { attenceid: a.id, state: 100, page: 1, size: 2 }, as(owner))
    ).data;
    expect(filtered).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(filtered.lists).toHaveLength(2);
    const page = (await call(app, '/SummaryApi/attence', { courseid, page: 1, size: 1 }, as(owner))).data;
    expect(page.total).toBeGreaterThan(1);
    expect(page.data).toEqual([
      expect.objectContaining({ id: String(a.id), mystate: -1, counts: expect.objectContaining({ '0': 1, '5': 1, '100': 3 }) }),
    ]);
    const studentPage = (await call(app, '/SummaryApi/attence', { courseid, page: 1, size: 1 }, as(students[1]!))).data;
    expect(studentPage.data[0]).toMatchObject({ id: String(a.id), mystate: 5, counts: {} });
  });

  it('statistics per student, per course and per administrative class, and the .xlsx export', async () => {
    await endAll();
    const [cls] = await app.ctx.db.insert(courseClasses).values({ courseId: courseid, name: '计科 1 班' }).returning();
    await app.ctx.db
      .update(courseMembers)
      .set({ classId: cls!.id })
      .where(and(eq(courseMembers.courseId, courseid), eq(courseMembers.userId, students[0]!.uid)));
    const mineOnly = (await call(app, '/AttenceApi/getStudentStatistics', { courseid }, as(students[0]!))).data.lists;
    expect(mineOnly).toHaveLength(1);
    expect(mineOnly[0]).toMatchObject({ userid: students[0]!.uid, classname: '计科 1 班' });
    expect(mineOnly[0].total).toBeGreaterThan(5);
    expect(mineOnly[0].counts['0']).toBeGreaterThan(3);
    expect(
      (await call(app, '/AttenceApi/getStudentStatistics', { courseid, studentid: students[1]!.uid }, as(students[0]!))).code,
    ).toBe(40003);
    const everyone = (await call(app, '/AttenceApi/getStudentStatistics', { courseid }, as(owner))).data.lists;
    expect(everyone).toHaveLength(5);
    const course = (await call(app, '/AttenceApi/getCourseStatistics', { courseid }, as(owner))).data;
    expect(course.students).toBe(5);
    expect(course.attendances).toBe(mineOnly[0].total);
    const sum = Object.values(course.counts as Record<string, number>).reduce((n, c) => n + c, 0);
    expect(sum).toBe(5 * course.attendances);
    expect(course.rate).toBeGreaterThan(0);
    const byClass = (await call(app, '/AttenceApi/getAdminClassStatistics', { courseid, classid: cls!.id }, as(assistant))).data;
    expect(byClass.classes).toEqual([
      expect.objectContaining({ classid: cls!.id, name: '计科 1 班', students: 1, rate: mineOnly[0].rate }),
    ]);
    expect(byClass.lists.map((r: { userid: number }) => r.userid)).toEqual([students[0]!.uid]);
    const res = await app.inject({
      method: 'POST',
      url: '/AttenceApi/exportStatistics',
      headers: { token: owner.token },
      payload: { courseid },
      remoteAddress: newAddress(),
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('学号');
    expect(sheet.getRow(1).getCell(4).value).toBe('出勤');
    const row0 = sheet.getRow(2);
    expect(row0.getCell(1).value).toBe('20260000');
    expect(row0.getCell(4).value).toBe(mineOnly[0].counts['0']);
    expect(book.worksheets[1]!.rowCount).toBe(6);
  });
});

describe('the classroom socket', () => {
  /** A socket with the course open (`AttendClass.setActive`), once the server has joined its rooms. */
  async function opened(p: Person, base: string) {
    const socket = new WebSocket(base, [p.token, 'hash']);
    const messages: { cmd: string; data: Record<string, unknown> }[] = [];
    socket.on('message', (m) => messages.push(JSON.parse(String(m))));
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send(JSON.stringify({ cmd: 'AttendClass.setActive', data: { classId: courseid, classTimeId: 0, courserole: 0 } }));
    // messages are handled in order: the pong comes once the rooms are joined
    socket.send(JSON.stringify({ cmd: 'ping', data: 10 }));
    await expect.poll(() => messages.some((m) => m.cmd === 'System.pong')).toBe(true);
    return { socket, messages };
  }

  it('the course hears an attendance start; the teacher hears each arrival with its flags; students hear no one else’s', async () => {
    await endAll();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws/classroom`;
    const teacher = await opened(owner, base);
    const student = await opened(students[0]!, base);
    const classmate = await opened(students[1]!, base);
    const a = await start('addGPSAttence', { ...CENTRE, radius: 100 });
    for (const s of [teacher, student, classmate])
      await expect
        .poll(() => s.messages.find((m) => m.cmd === 'KeTangPaiPublishAttendance')?.data)
        .toEqual({ courseid, classId: courseid, attenceid: a.id, type: 2 });
    await checkin(students[0]!, { id: a.id, ...CENTRE, accuracy: 8 });
    await expect
      .poll(() => teacher.messages.find((m) => m.cmd === 'addRecord')?.data)
      .toMatchObject({ attenceid: a.id, userid: students[0]!.uid, state: 0, recordStatus: 1, risk: ['perfectCoordinates'] });
    await call(app, '/AttenceApi/updateState', { id: a.id, studentid: students[0]!.uid, state: 3 }, as(owner));
    await expect
      .poll(() => student.messages.find((m) => m.cmd === 'addRecord')?.data)
      .toMatchObject({ attenceid: a.id, userid: students[0]!.uid, state: 3, recordStatus: 3, courseid });
    // the student's own copy carries none of the flags the teacher's did (issue 24)
    expect(student.messages.find((m) => m.cmd === 'addRecord')?.data).not.toHaveProperty('risk');
    expect(JSON.stringify(student.messages)).not.toContain('perfectCoordinates');
    // what the classmate's socket heard: the start, and nothing of another student
    expect(classmate.messages.filter((m) => m.cmd === 'addRecord')).toEqual([]);
    expect(JSON.stringify(student.messages)).not.toContain('39.9087');
    for (const s of [teacher, student, classmate]) s.socket.close();
  });
});
