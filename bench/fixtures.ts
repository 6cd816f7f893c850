// Data for the benchmarks, made through the real API as a teacher and students would make it:
// logins of the README's demo accounts, and a teacher with a realistic term of courses.
import { createHash, randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import pg from 'pg';
import { Agent, request } from 'undici';
import { academicYears } from '../packages/shared/src';
import { log, type RunningServer, startServer } from './server';

export type Envelope<T = unknown> = { status: number; code: number; message: string; data: T };

export const DEMO = {
  teacher: { phone: '13800000001', password: 'Teach@2026' },
  student: { phone: '13800000002', password: 'Study@2026' },
  student2: { phone: '13800000003', password: 'Study@2026' },
} as const;

/**
 * The storms' phones: one keep-alive pool without a limit on connections (each student its own, as
 * phones are), calls sent with undici's `request`. A thousand phones here share the machine's two
 * cores with the server and PostgreSQL, so the client must cost little: `fetch` took 430-900 µs of
 * CPU per call, `request` 180-220 (decision 058).
 */
const phones = new Agent({ connections: null, keepAliveTimeout: 60_000 });

/** A JSON POST as a phone sends it (gzip accepted, as browsers do): the HTTP status and the body's text. Throws when no answer comes. */
export async function phonePost(url: string, body: unknown, token?: string): Promise<{ status: number; text: string }> {
  const res = await request(url, {
    method: 'POST',
    dispatcher: phones,
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const raw = Buffer.from(await res.body.arrayBuffer());
  const text = (res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8');
  return { status: res.statusCode, text };
}

/** One call as a Ketangpai client sends it; a rate-limited answer waits as told and tries again. */
export async function call<T = unknown>(
  base: string,
  path: string,
  body: unknown = {},
  token?: string,
  form?: FormData,
): Promise<Envelope<T>> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: form ? { ...(token ? { token } : {}) } : { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: form ?? JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status === 429 && attempt < 5) {
      const wait = Number(res.headers.get('retry-after') ?? 10);
      log(`${path} rate-limited: waiting ${wait} s`);
      await new Promise((r) => setTimeout(r, wait * 1000 + 100));
      continue;
    }
    let json: Envelope<T>;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`${path}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
    }
    if (!res.ok || json.status !== 1) throw new Error(`${path}: HTTP ${res.status}, ${json.code} ${json.message}`);
    return json;
  }
}

export async function login(base: string, who: { phone: string; password: string }) {
  const res = await call<{ token: string }>(base, '/UserApi/login', { email: who.phone, password: who.password });
  return res.data.token;
}

async function uploadFile(base: string, token: string, name: string, text: string) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'application/octet-stream' }), name);
  const res = await call<{ file: { id: number } }>(base, '/UploadApi/uploadV2', undefined, token, form);
  return res.data.file.id;
}

export const COURSES = 12;
const STUDENT_COURSES = 8;
const STUDENT2_COURSES = 4;
const SUBMITTED = 3;

/**
 * Gives the demo teacher a term's worth of work through the API: 12 courses (on top of the two the
 * demo school seeds), each with two materials due in a week, an announcement and a homework; the
 * first student joins 8 of them and hands in 3 homework, the second joins 4. So the teacher's
 * to-dos (work to grade) and the students' (unread announcements, materials and homework due) are
 * not empty.
 */
export async function seedTerm(base: string) {
  const started = performance.now();
  const teacher = await login(base, DEMO.teacher);
  const student = await login(base, DEMO.student);
  const student2 = await login(base, DEMO.student2);
  const inAWeek = Math.floor(Date.now() / 1000) + 7 * 86400;
  const semester = academicYears()[2] as string;
  const courses: Array<{ id: number; code: string; homework: number }> = [];
  for (let i = 1; i <= COURSES; i++) {
    const course = (
      await call<{ id: number; code: string }>(
        base,
        '/CourseApi/createCourse',
        {
          coursename: `基准课程 ${i}`,
          classname: `2026 级 ${i} 班`,
          venue: '教学楼 A101',
          semester,
          term: 1,
          teachtype: 2,
          studytime: '32',
        },
        teacher,
      )
    ).data;
    for (const n of [1, 2]) {
      const fileid = await uploadFile(
        base,
        teacher,
        `第${n}章讲义.pdf`,
        `%PDF-1.4\n课程 ${i} 第 ${n} 章 ${'讲义内容 '.repeat(50)}`,
      );
      await call(
        base,
        '/FutureV2/CourseMeans/addContent',
        { courseid: course.id, contenttype: 2, title: `第 ${n} 章 讲义`, fileids: [fileid], publish: 1, endtime: inAWeek },
        teacher,
      );
    }
    await call(
      base,
      '/FutureV2/CourseMeans/addContent',
      {
        courseid: course.id,
        contenttype: 7,
        title: '开课通知',
        content: '<p>本周四第一次上课，请提前预习第一章。</p>',
        publish: 1,
      },
      teacher,
    );
    const homework = (
      await call<{ id: number }>(
        base,
        '/HomeworkApi/addHomework',
        { courseid: course.id, title: '第一次作业', content: '<p>写一篇短文</p>', fullscore: 100, endtime: inAWeek },
        teacher,
      )
    ).data;
    courses.push({ id: course.id, code: course.code, homework: homework.id });
  }
  for (const [token, count] of [
    [student, STUDENT_COURSES],
    [student2, STUDENT2_COURSES],
  ] as const) {
    for (const c of courses.slice(0, count)) {
      const joined = await call<{ status: number }>(base, '/CourseApi/joinCourse', { code: c.code }, token);
      if (joined.data.status !== 100) throw new Error(`joinCourse ${c.code}: status ${joined.data.status}`);
    }
  }
  for (const c of courses.slice(0, SUBMITTED)) {
    const fileid = await uploadFile(base, student, '作业.txt', `我的作业 ${c.id}`);
    await call(base, '/HomeworkApi/stuWorkSubmit', { courseid: c.id, id: c.homework, fileids: [fileid] }, student);
  }
  log(`seeded ${COURSES} courses with materials, announcements and homework in ${Math.round(performance.now() - started)} ms`);
  return {
    teacher,
    student,
    data: {
      courses: COURSES,
      perCourse: '2 materials, 1 announcement, 1 homework',
      studentJoined: STUDENT_COURSES,
      student2Joined: STUDENT2_COURSES,
      submitted: SUBMITTED,
    },
  };
}

/** The list inside an answer: `data` itself, or `data.list`. */
export const listOf = (data: unknown): unknown[] | undefined =>
  Array.isArray(data) ? data : Array.isArray((data as { list?: unknown })?.list) ? (data as { list: unknown[] }).list : undefined;

/**
 * Students of a course made straight in the database (accounts, sessions, membership), each with a
 * session token: thousands of registrations would measure registering.
 */
export async function seedStudents(db: pg.Client, courseId: number, count: number, name: string) {
  const started = performance.now();
  const tokens = Array.from({ length: count }, () => randomBytes(24).toString('hex'));
  const tag = randomBytes(3).toString('hex');
  const users = await db.query<{ id: number }>(
    `insert into users (username, account, usertype)
     select $2::text || g, 'storm-${tag}-' || g || '@bench.test', 0 from generate_series(1, $1::int) g
     returning id`,
    [count, name],
  );
  const ids = users.rows.map((r) => r.id).sort((a, b) => a - b);
  await db.query(
    `insert into sessions (user_id, token_hash, expires_at)
     select unnest($1::int[]), unnest($2::text[]), now() + interval '1 day'`,
    [ids, tokens.map((t) => createHash('sha256').update(t).digest('hex'))],
  );
  await db.query(`insert into course_members (course_id, user_id, role) select $1, unnest($2::int[]), 'student'`, [
    courseId,
    ids,
  ]);
  log(`seeded ${count} students in ${Math.round(performance.now() - started)} ms`);
  return ids.map((id, i) => ({ id, token: tokens[i]! }));
}

/** The p-th percentile of sorted numbers (0 for none). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
/** One decimal. */
export const round = (n: number) => Math.round(n * 10) / 10;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * What a storm benchmark starts from: the real server on a fresh PostgreSQL database (DATABASE_URL
 * required), a client on that database, the demo teacher logged in, one new course of theirs and
 * `count` students of it made straight in the database.
 */
export async function stormRoom(
  port: number,
  options: { profile: boolean; coursename: string; count: number; studentName: string },
): Promise<{
  server: RunningServer;
  db: pg.Client;
  teacher: string;
  courseId: number;
  students: { id: number; token: string }[];
}> {
  if (!process.env.DATABASE_URL) throw new Error('the storm runs against PostgreSQL: set DATABASE_URL');
  const server = await startServer(port, { profile: options.profile });
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  const teacher = await login(server.url, DEMO.teacher);
  const course = await call<{ id: number }>(
    server.url,
    '/CourseApi/createCourse',
    {
      coursename: options.coursename,
      classname: '2026 级',
      semester: academicYears()[1],
      term: 1,
      teachtype: 2,
      studytime: '32',
    },
    teacher,
  );
  const students = await seedStudents(db, course.data.id, options.count, options.studentName);
  return { server, db, teacher, courseId: course.data.id, students };
}
