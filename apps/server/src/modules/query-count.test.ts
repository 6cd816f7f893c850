import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCourse, newTeacher } from '../../test/courses';
import {
  call,
  QueryCounter,
  registerUser,
  usePostgres,
  type TestDatabase,
  testApp,
  testDatabase,
  upload,
} from '../../test/helpers';
import { connect } from '../../test/sockets';
import { attendanceRecords, messageNotices } from '../db/schema';

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
  let students: { token: string; uid: number }[];

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
      cold(teacher.uid, () =>
        call(app, '/HomeworkApi/stuUserList', { courseid, id, filter: 2, limit: 50 }, { token: teacher.token }),
      );
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
      cold(who.uid, () =>
        call(app, '/CourseApi/semesterCourseList', { isstudy: 0, semester: '', term: '' }, { token: who.token }),
      );
    const a = await list(few);
    const b = await list(many);
    expect(a.result.data).toHaveLength(2);
    expect(b.result.data).toHaveLength(20);
    expect(b.queries).toBe(a.queries);
  });
  it('reads every course-home tile count in one query, whatever the course holds', async () => {
    const student = students[0] as { token: string; uid: number };
    const uid = student.uid;
    const measure = () => cold(uid, () => call(app, '/CourseApi/getNewCounts', { courseid }, { token: student.token }));
    const before = await measure();
    for (let i = 0; i < 5; i++)
      await ok(
        '/FutureV2/CourseMeans/addContent',
        { courseid, contenttype: 7, title: `公告 ${i}`, content: '<p>内容</p>' },
        teacher.token,
      );
    const after = await measure();
    expect(after.result.data.notice).toBe(before.result.data.notice + 5);
    expect(after.queries).toBe(before.queries);
    // the session lookup aside, one query: membership and every count together
    expect(after.sql.filter((q) => !/"sessions"/i.test(q))).toHaveLength(1);
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
      cold(teacher.uid, () =>
        call(app, '/FutureV2/CourseMeans/getCourseContent', { courseid: id, limit: 50 }, { token: teacher.token }),
      );
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

  it("checks a student in with one read and one write, and stores the teacher's event with others (the storm)", async () => {
    const a = await ok('/AttenceApi/addDigitAttence', { courseid, title: '签到', duration: 10, code: '1357' }, teacher.token);
    const student = students[3] as { token: string; uid: number };
    const { result, sql } = await cold(student.uid, () =>
      call(app, '/AttenceApi/checkin', { id: a.id, code: '1357', deviceid: 'phone-3' }, { token: student.token }),
    );
    expect(result.data).toMatchObject({ state: 1, repeat: 0 });
    // the session aside: the attendance, membership, enrolment list, own record and device in one
    // read; the record; the teacher's event (inserted together with whatever else is being published)
    const own = sql.filter((q) => !/"sessions"/i.test(q));
    expect(own).toHaveLength(3);
    expect(own[0]).toMatch(/^select [\s\S]* from unnest\([\s\S]* join "attendances"/i);
    expect(own[1]).toMatch(/^insert into "attendance_records"/i);
    expect(own[2]).toMatch(/^insert into "realtime_events"/i);
  });
  it('reads sessions and admissions and writes records for a class checking in at once in a few statements, one record each, a double press a repeat', async () => {
    const a = await ok('/AttenceApi/addDigitAttence', { courseid, title: '齐签', duration: 10, code: '2468' }, teacher.token);
    const checkin = (s: { token: string }, requestid: string) =>
      call(app, '/AttenceApi/checkin', { id: a.id, code: '2468', requestid }, { token: s.token });
    // a class arriving together: none of their sessions cached
    for (const s of students) await app.ctx.sessions.forgetUser(s.uid);
    const { result, sql } = await counter.measure(() =>
      Promise.all([...students.map((s, i) => checkin(s, `r-${i}`)), checkin(students[0]!, 'again')]),
    );
    const logins = sql.filter((q) => /from "sessions"/i.test(q));
    const reads = sql.filter((q) => /^select [\s\S]* from unnest\([\s\S]* join "attendances"/i.test(q));
    const inserts = sql.filter((q) => /^insert into "attendance_records"/i.test(q));
    // on PGlite the database answers within the same turn of the event loop, so each injected call
    // runs to its end before the next one's body is read: there is nothing arriving together to group
    for (const statements of [logins, reads, inserts]) {
      if (usePostgres) expect(statements.length).toBeLessThan(students.length / 2);
      else expect(statements.length).toBeLessThanOrEqual(students.length + 1);
    }
    // the first student pressed twice: one check-in, and a repeat (30324)
    const twice = [result[0]!, result.at(-1)!];
    expect(twice.filter((r) => r.status === 1 && r.data.repeat === 0)).toHaveLength(1);
    expect(twice.filter((r) => r.code === 30324)).toHaveLength(1);
    expect(result.slice(1, students.length).every((r) => r.status === 1 && r.data.repeat === 0)).toBe(true);
    const rows = await app.ctx.db.select().from(attendanceRecords).where(eq(attendanceRecords.attendanceId, a.id));
    expect(rows.map((r) => r.userId).sort((x, y) => x - y)).toEqual(students.map((s) => s.uid).sort((x, y) => x - y));
  });

  it('starts a prepared paper, saves a batch of answers and hands in, each in a fixed number of queries (the exam storm)', async () => {
    const q = await ok(
      '/QuestionBankApi/addQuestion',
      { courseid, type: 2, title: '<p>一题</p>', options: ['甲', '乙'], answer: 'B' },
      teacher.token,
    );
    const paper = await ok(
      '/TestpaperApi/addTestpaper',
      { courseid, title: '小测', fixed: [q.id], timelimit: 30 },
      teacher.token,
    );
    await ok('/TestpaperApi/publishTestpaper', { courseid, id: paper.id }, teacher.token);
    await app.ctx.jobs.runDue();
    const student = students[4] as { token: string; uid: number };
    const key = { courseid, testpaperid: paper.id };
    // the session's lookup aside, and a transaction's begin and commit (PostgreSQL's driver logs them)
    const notSession = (sql: string[]) => sql.filter((q) => !/"sessions"/i.test(q) && !/^(begin|commit)$/i.test(q.trim()));

    const start = await cold(student.uid, () => call(app, '/TestpaperApi/doSubjectList', key, { token: student.token }));
    expect(start.result.status).toBe(1);
    // one read for membership, the test with its settings, the caller's extra time and attempts; the
    // stamp of the prepared paper; its hand-in job; the staff's event. The frozen paper comes from
    // memory, and a paper just started has no answers to read back
    expect(notSession(start.sql)).toHaveLength(4);
    expect(start.sql.some((q) => /from "test_answers"/i.test(q))).toBe(false);

    const subjectid = start.result.data.lists[0].subjectid;
    const save = await cold(student.uid, () =>
      call(app, '/TestpaperApi/saveAnswer', { ...key, answers: [{ subjectid, answer: 'B', seq: 1 }] }, { token: student.token }),
    );
    expect(save.result.data.saved).toHaveLength(1);
    // membership with the test in one read; the attempt under way; the answers written
    expect(notSession(save.sql)).toHaveLength(3);

    const handup = await cold(student.uid, () => call(app, '/TestpaperApi/handup', key, { token: student.token }));
    expect(handup.result.data).toMatchObject({ repeat: 0, answered: 1, unanswered: 0 });
    // membership with the test in one read; the attempt locked; its answers; the hand-in; the job
    // cancelled (two statements); the staff's event — the answers graded are the ones counted, not
    // read again
    expect(notSession(handup.sql)).toHaveLength(7);
  });

  it('publishes to a course of 2 and of 20 students in the same number of queries, and every student hears of it', async () => {
    const small = await newCourse(app, teacher.token, { coursename: '小班' });
    for (const s of students.slice(0, 2)) await ok('/CourseApi/joinCourse', { code: small.code }, s.token);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const sockets: Awaited<ReturnType<typeof connect>>[] = [];
    for (const s of students) {
      const socket = await connect(port, s.token);
      // the user's room is joined once the token is checked: a ping round trip shows it is in place
      await socket.send();
      sockets.push(socket);
    }
    const notices = async (contentId: number) =>
      (await app.ctx.db.select().from(messageNotices).where(eq(messageNotices.contentId, contentId))).map((n) => n.userId).sort();
    const uids = (list: { uid: number }[]) => list.map((s) => s.uid).sort();
    const heard = (contentId: number) =>
      sockets.filter((s) => s.events('Message.notice').some((m) => m.data.contentid === contentId)).length;
    try {
      // published at once
      const publish = (id: number, title: string) =>
        cold(teacher.uid, () =>
          call(
            app,
            '/FutureV2/CourseMeans/addContent',
            { courseid: id, contenttype: 7, title, content: '<p>周五停课</p>', publish: 1 },
            { token: teacher.token },
          ),
        );
      const two = await publish(small.id, '停课通知（小班）');
      const twenty = await publish(courseid, '停课通知');
      expect(await notices(two.result.data.id)).toEqual(uids(students.slice(0, 2)));
      expect(await notices(twenty.result.data.id)).toEqual(uids(students));
      await expect.poll(() => heard(twenty.result.data.id)).toBe(20);
      expect(heard(two.result.data.id)).toBe(2);
      expect(twenty.queries).toBe(two.queries);
      // the notices of all the students in one insert, their pushes in one more
      expect(twenty.sql.filter((q) => /^insert into "message_notices"/i.test(q))).toHaveLength(1);
      expect(twenty.sql.filter((q) => /^insert into "realtime_events"/i.test(q))).toHaveLength(1);

      // published later by the scheduled job
      const later = async (id: number, title: string) => {
        const item = await ok(
          '/FutureV2/CourseMeans/addContent',
          { courseid: id, contenttype: 7, title, content: '<p>调课</p>', publish: 2, publish_time: now() + 600 },
          teacher.token,
        );
        const run = await counter.measure(() =>
          call(app, '/DevApi/runDueJobs', { contentid: item.id, ahead: 601 }, { ip: '127.0.0.1' }),
        );
        expect(run.result.data.ran).toBe(1);
        return { id: item.id as number, queries: run.queries };
      };
      const twoLater = await later(small.id, '调课通知（小班）');
      const twentyLater = await later(courseid, '调课通知');
      expect(await notices(twentyLater.id)).toEqual(uids(students));
      await expect.poll(() => heard(twentyLater.id)).toBe(20);
      expect(heard(twoLater.id)).toBe(2);
      expect(twentyLater.queries).toBe(twoLater.queries);
    } finally {
      for (const s of sockets) s.close();
    }
  });
});
