// Attendance storm (issue 13): STORM_STUDENTS students (2,000) check in to one number attendance within
// STORM_SECONDS (10) against the real server process on PostgreSQL (DATABASE_URL; REDIS_URL when set),
// while the teacher's socket counts the arrivals pushed to it. Reported: losses (an acknowledged check-in
// missing from the database, or a student never acknowledged: both must be 0), p50/p99 of the check-in
// calls, and the teacher's socket receiving every arrival. Then an unpaced burst of the same size with
// 64 in flight, as rows per second against a raw node-postgres INSERT loop of the same rows in the same
// run (the ratio). Then the storm again with the server killed (SIGKILL) halfway and restarted on the
// same database: every acknowledged check-in is still there, and the clients' retries (same request id)
// add no duplicates. BENCH_PROFILE=1 runs the server under `node --cpu-prof` through the paced storm and
// the burst, and leaves out the kill (a killed process writes no profile). Prints one JSON result.
import type pg from 'pg';
import WebSocket from 'ws';
import { call, percentile, phonePost, round, sleep, stormRoom } from './fixtures';
import { summarizeProfile } from './profile';
import { basePort, log, runBench, type startServer } from './server';

const STUDENTS = Number(process.env.STORM_STUDENTS ?? 2000);
const WINDOW_MS = Number(process.env.STORM_SECONDS ?? 10) * 1000;
const CODE = '2468';
/** a client gives up on one check-in after this long (the restart must come well before) */
const GIVE_UP_MS = 120_000;

/** The teacher's socket with the course open; it reconnects and asks for what it missed, as the web app does. */
function teacherSocket(base: string, token: string, courseId: number) {
  const arrivals = new Map<number, Set<number>>();
  let lastSeq: number | undefined;
  let ws: WebSocket | undefined;
  let closing = false;
  let reconnects = 0;
  let refetches = 0;
  const arrive = (attendanceId: number, users: number[]) => {
    const set = arrivals.get(attendanceId) ?? new Set<number>();
    for (const u of users) set.add(u);
    arrivals.set(attendanceId, set);
  };
  const refetch = async () => {
    refetches++;
    for (const attendanceId of arrivals.keys()) {
      for (let page = 1; ; page++) {
        const res = await call<{ total: number; lists: { userid: number; recordStatus: number }[] }>(
          base,
          '/AttenceV2Api/getAttenceStudentLists',
          { attenceid: attendanceId, page, size: 500 },
          token,
        );
        if (res.status !== 1) throw new Error(`refetch: ${res.code} ${res.message}`);
        arrive(
          attendanceId,
          res.data.lists.filter((r) => r.recordStatus > 0).map((r) => r.userid),
        );
        if (page * 500 >= res.data.total) break;
      }
    }
  };
  const open = () =>
    new Promise<void>((resolve) => {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/ws/classroom`, [token, 'bench']);
      ws = socket;
      socket.on('open', () => {
        socket.send(
          JSON.stringify({
            cmd: 'AttendClass.setActive',
            data: { classId: courseId, classTimeId: 0, courserole: 0, ...(lastSeq !== undefined ? { since: lastSeq } : {}) },
          }),
        );
        socket.send(JSON.stringify({ cmd: 'ping', data: 'ready' }));
      });
      socket.on('message', (raw) => {
        const m = JSON.parse(String(raw));
        if (typeof m.seq === 'number') lastSeq = Math.max(lastSeq ?? 0, m.seq);
        if (m.cmd === 'System.pong' && m.data === 'ready') resolve();
        if (m.cmd === 'addRecord') arrive(Number(m.data.attenceid), [Number(m.data.userid)]);
        // more was missed than the server replays: refetch the lists shown, as the teacher's page does
        if (m.cmd === 'System.resume' && m.data?.more) void refetch().catch(() => {});
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        if (closing) return;
        // the server went away: try again until it is back
        reconnects++;
        setTimeout(() => void open().catch(() => {}), 300);
        resolve();
      });
    });
  return {
    open,
    arrivals: (attendanceId: number) => arrivals.get(attendanceId)?.size ?? 0,
    reconnects: () => reconnects,
    refetches: () => refetches,
    close: () => {
      closing = true;
      ws?.close();
    },
  };
}

type Outcome = { acked: boolean; firstTryMs?: number; ackMs?: number; attempts: number; refused?: string };

/** One student's check-in as a phone makes it: retried with the same request id until answered, or given up. */
async function checkIn(base: string, token: string, attendanceId: number, requestid: string): Promise<Outcome> {
  const began = performance.now();
  let attempts = 0;
  while (performance.now() - began < GIVE_UP_MS) {
    attempts++;
    const sent = performance.now();
    try {
      const res = await phonePost(
        `${base}/AttenceApi/checkin`,
        { id: String(attendanceId), code: CODE, requestid, clienttype: 'bench' },
        token,
      );
      if (res.status >= 500 || res.status === 429) throw new Error(`HTTP ${res.status}`);
      const body = JSON.parse(res.text);
      if (body.status === 1 && body.data?.state === 1)
        return {
          acked: true,
          firstTryMs: attempts === 1 ? performance.now() - sent : undefined,
          ackMs: performance.now() - began,
          attempts,
        };
      return { acked: false, attempts, refused: `${body.code} ${body.message}` };
    } catch {
      await sleep(200 + Math.random() * 300);
    }
  }
  return { acked: false, attempts, refused: 'gave up' };
}

async function startAttendance(base: string, teacher: string, courseId: number, title: string) {
  const res = await call<{ id?: number; attenceid?: number }>(
    base,
    '/AttenceApi/addDigitAttence',
    { courseid: courseId, title, duration: 30, nexttime: 0, code: CODE },
    teacher,
  );
  return Number(res.data.id ?? res.data.attenceid);
}

/** What the database holds for an attendance: students recorded, and students recorded more than once. */
async function stored(db: pg.Client, attendanceId: number) {
  const rows = await db.query<{ user_id: number; n: number }>(
    'select user_id, count(*)::int as n from attendance_records where attendance_id = $1 group by user_id',
    [attendanceId],
  );
  return { users: new Set(rows.rows.map((r) => r.user_id)), duplicates: rows.rows.filter((r) => r.n > 1).length };
}

async function storm(
  server: Awaited<ReturnType<typeof startServer>>,
  students: { id: number; token: string }[],
  attendanceId: number,
  name: string,
  crashHalfway: boolean,
) {
  const outcomes: Promise<Outcome>[] = [];
  let restartMs: number | undefined;
  let restarted: Promise<void> | undefined;
  const began = performance.now();
  for (let i = 0; i < students.length; i++) {
    const due = (i * WINDOW_MS) / students.length;
    const wait = due - (performance.now() - began);
    if (wait > 0) await sleep(wait);
    if (crashHalfway && i === Math.floor(students.length / 2)) {
      log(`${name}: killing the server (SIGKILL) after ${i} check-ins were sent`);
      server.crash();
      restarted = sleep(1000).then(async () => {
        restartMs = await server.restart();
        log(`${name}: the server answers again ${restartMs} ms after its restart`);
      });
    }
    outcomes.push(checkIn(server.url, students[i]!.token, attendanceId, `${name}-${students[i]!.id}`));
  }
  const done = await Promise.all(outcomes);
  await restarted;
  return { done, wallMs: performance.now() - began, restartMs };
}

function summarise(done: Outcome[], recorded: Set<number>, students: { id: number }[], duplicates: number) {
  const acked = students.filter((_, i) => done[i]!.acked);
  const lostAfterAck = acked.filter((s) => !recorded.has(s.id)).length;
  const firstTry = done
    .map((o) => o.firstTryMs)
    .filter((x): x is number => x !== undefined)
    .sort((a, b) => a - b);
  const refusals: Record<string, number> = {};
  for (const o of done) if (o.refused) refusals[o.refused] = (refusals[o.refused] ?? 0) + 1;
  return {
    students: students.length,
    acknowledged: acked.length,
    notAcknowledged: students.length - acked.length,
    lostAfterAcknowledgement: lostAfterAck,
    losses: lostAfterAck + (students.length - acked.length),
    recorded: recorded.size,
    duplicateRecords: duplicates,
    retriedCalls: done.reduce((n, o) => n + o.attempts - 1, 0),
    p50Ms: round(percentile(firstTry, 50)),
    p99Ms: round(percentile(firstTry, 99)),
    ...(Object.keys(refusals).length ? { refusals } : {}),
  };
}

/** The baseline: the same rows written by a plain INSERT loop on one node-postgres connection. */
async function rawInsertLoop(db: pg.Client, students: { id: number }[]) {
  await db.query(
    `create temporary table storm_baseline (attendance_id int not null, user_id int not null, course_id int not null,
       state smallint not null, record_status smallint not null, checkin_at timestamptz, address varchar(45) not null,
       clienttype varchar(40) not null, primary key (attendance_id, user_id))`,
  );
  const started = performance.now();
  for (const s of students)
    await db.query(`insert into storm_baseline values ($1, $2, $3, 0, 1, now(), '127.0.0.1', 'bench') on conflict do nothing`, [
      1,
      s.id,
      1,
    ]);
  const ms = performance.now() - started;
  return { rows: students.length, ms: Math.round(ms), rowsPerSec: Math.round((students.length / ms) * 1000) };
}

/** Every student at once, 64 in flight: how fast the server takes check-ins when nothing paces them. */
async function burst(base: string, students: { id: number; token: string }[], attendanceId: number) {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < students.length) {
      const s = students[next++]!;
      const o = await checkIn(base, s.token, attendanceId, `burst-${s.id}`);
      if (!o.acked) throw new Error(`burst check-in refused: ${o.refused}`);
    }
  };
  await Promise.all(Array.from({ length: 64 }, worker));
  const ms = performance.now() - started;
  return { rows: students.length, ms: Math.round(ms), rowsPerSec: Math.round((students.length / ms) * 1000) };
}

await runBench(async () => {
  const profiling = process.env.BENCH_PROFILE === '1';
  const { server, db, teacher, courseId, students } = await stormRoom(basePort, {
    profile: profiling,
    coursename: '签到风暴',
    count: STUDENTS,
    studentName: '风暴',
  });
  const course = { id: courseId };
  try {
    const socket = teacherSocket(server.url, teacher, course.id);
    await socket.open();

    const first = await startAttendance(server.url, teacher, course.id, '风暴 1');
    log(`storm: ${STUDENTS} check-ins within ${WINDOW_MS / 1000} s`);
    const paced = await storm(server, students, first, 'paced', false);
    await sleep(1000);
    const pacedStored = await stored(db, first);
    const pacedResult = {
      ...summarise(paced.done, pacedStored.users, students, pacedStored.duplicates),
      wallMs: Math.round(paced.wallMs),
      teacherSocketArrivals: socket.arrivals(first),
    };
    log('paced:', JSON.stringify(pacedResult));

    const second = await startAttendance(server.url, teacher, course.id, '风暴 2');
    const serverBurst = await burst(server.url, students, second);
    const baseline = await rawInsertLoop(db, students);
    log('burst:', JSON.stringify(serverBurst), 'raw loop:', JSON.stringify(baseline));

    if (profiling) {
      // a killed process writes no profile: the profile covers the paced storm and the burst
      socket.close();
      await server.stop();
      const file = server.profileFile();
      return {
        paced: pacedResult,
        burst: { server: serverBurst, rawInsertLoop: baseline },
        profile: file ? summarizeProfile(file, [], 30) : 'none',
      };
    }
    const third = await startAttendance(server.url, teacher, course.id, '风暴 3');
    const crashed = await storm(server, students, third, 'crash', true);
    // the clients retry with their request ids after the restart: once more each, to show retries add nothing
    const again = await Promise.all(students.map((s) => checkIn(server.url, s.token, third, `crash-${s.id}`)));
    await sleep(2000);
    const crashStored = await stored(db, third);
    const crashResult = {
      ...summarise(crashed.done, crashStored.users, students, crashStored.duplicates),
      wallMs: Math.round(crashed.wallMs),
      restartMs: crashed.restartMs,
      retriedAfterRestartAllAcknowledged: again.every((o) => o.acked),
      teacherSocketArrivals: socket.arrivals(third),
      teacherSocketReconnects: socket.reconnects(),
      teacherSocketRefetches: socket.refetches(),
    };
    log('crash:', JSON.stringify(crashResult));
    socket.close();
    return {
      bench: 'attendance-storm',
      server: server.command,
      driver: server.driver,
      redis: server.redis,
      students: STUDENTS,
      windowSeconds: WINDOW_MS / 1000,
      paced: pacedResult,
      burst: {
        server: serverBurst,
        rawInsertLoop: baseline,
        ratioToRawInsertLoop: Math.round((serverBurst.rowsPerSec / baseline.rowsPerSec) * 1000) / 1000,
      },
      killedHalfway: crashResult,
    };
  } finally {
    await db.end();
  }
});
