// Exam storm (issue 14): EXAM_STUDENTS students (1,000) start one 50-question paper at the same moment,
// save their answers in EXAM_BATCHES batches each (as the page's journal flushes them), and hand in at
// the same moment, against the real server process on PostgreSQL (DATABASE_URL; REDIS_URL when set).
// Reported: losses (an acknowledged answer or hand-in missing from the database, or a student never
// acknowledged: all must be 0), p50/p99 of each call on its first try, the storm's rows per second
// against a raw node-postgres INSERT loop of the same answer rows in the same run (the ratio), and a
// retried hand-in changing nothing. Then the storm again on a second paper with the server killed
// (SIGKILL) halfway through the answers and restarted on the same database: the clients retry what was
// not answered (same sequence numbers), and every acknowledged answer and hand-in is still there.
// BENCH_PROFILE=1 profiles the server through the first storm and leaves out the kill. Prints one JSON result.
import type pg from 'pg';
import { ATTEMPT_STATUS } from '../packages/shared/src/exams/constants';
import { call, percentile, phonePost, round, sleep, stormRoom } from './fixtures';
import { summarizeProfile } from './profile';
import { basePort, log, runBench } from './server';

const STUDENTS = Number(process.env.EXAM_STUDENTS ?? 1000);
const QUESTIONS = 50;
const BATCHES = Number(process.env.EXAM_BATCHES ?? 5);
/** a client gives up on one call after this long (the restart must come well before) */
const GIVE_UP_MS = 120_000;

type Student = { id: number; token: string };
type Item = { subjectid: number; type: string; optionList: { id: string }[]; blanks: number };
type Sent = { ok: boolean; data?: Answer; firstTryMs?: number; attempts: number; refused?: string };
/** The fields of the answers the storm reads: doSubjectList's items, saveAnswer's saved entries, handup's repeat. */
type Answer = { lists?: Item[]; saved?: { subjectid: number; seq: number }[]; repeat?: number };

/**
 * One call as a phone makes it during an exam: retried after a dropped connection, a 5xx or a 429 until
 * the server answers, or given up after GIVE_UP_MS. A refusal (status 0) is an answer, not retried.
 */
async function send(base: string, path: string, body: unknown, token: string): Promise<Sent> {
  const began = performance.now();
  let attempts = 0;
  while (performance.now() - began < GIVE_UP_MS) {
    attempts++;
    const sent = performance.now();
    try {
      const res = await phonePost(base + path, body, token);
      if (res.status >= 500 || res.status === 429) throw new Error(`HTTP ${res.status}`);
      const json = JSON.parse(res.text);
      if (json.status !== 1) return { ok: false, attempts, refused: `${json.code} ${json.message}` };
      return { ok: true, data: json.data, firstTryMs: attempts === 1 ? performance.now() - sent : undefined, attempts };
    } catch {
      await sleep(200 + Math.random() * 300);
    }
  }
  return { ok: false, attempts, refused: 'gave up' };
}

/** The bank: 50 questions of the automatically graded types and a short answer, made through the API. */
async function makeBank(base: string, teacher: string, courseid: number) {
  const ids: number[] = [];
  for (let i = 0; i < QUESTIONS; i++) {
    const kind = i % 5;
    const question =
      kind === 0
        ? { type: 1, title: `<p>判断 ${i}</p>`, answer: '1' }
        : kind === 1
          ? { type: 2, title: `<p>单选 ${i}</p>`, options: ['甲', '乙', '丙', '丁'], answer: 'B' }
          : kind === 2
            ? { type: 3, title: `<p>多选 ${i}</p>`, options: ['甲', '乙', '丙', '丁'], answer: 'A|C' }
            : kind === 3
              ? { type: 5, title: `<p>填空 ${i}：__ 与 __</p>`, blanks: [['北京'], ['上海']] }
              : { type: 4, title: `<p>简答 ${i}</p>`, answer: '参考答案' };
    const res = await call<{ id: number }>(base, '/QuestionBankApi/addQuestion', { courseid, score: 2, ...question }, teacher);
    ids.push(res.data.id);
  }
  return ids;
}

/** A published paper of the bank's 50 questions (45 minutes); resolves when every student's paper is prepared. */
async function publishPaper(db: pg.Client, base: string, teacher: string, courseid: number, bank: number[], title: string) {
  const made = await call<{ id: number }>(
    base,
    '/TestpaperApi/addTestpaper',
    { courseid, title, fixed: bank, draws: [], testtype: 2, timelimit: 45, shuffleoptions: 1, releasescore: 0 },
    teacher,
  );
  const id = made.data.id;
  const started = performance.now();
  await call(base, '/TestpaperApi/publishTestpaper', { courseid, id }, teacher);
  for (;;) {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from test_attempts where content_id = $1', [id]);
    if (rows[0]!.n >= STUDENTS) break;
    if (performance.now() - started > 120_000) throw new Error(`${title}: only ${rows[0]!.n} papers prepared after 120 s`);
    await sleep(250);
  }
  log(`${title}: ${STUDENTS} papers prepared ${Math.round(performance.now() - started)} ms after publishing`);
  return id;
}

/** A student's answer to an item: right for the first half of the questions, wrong for the rest. */
function answerOf(item: Item, index: number): unknown {
  const right = index < QUESTIONS / 2;
  switch (item.type) {
    case '1':
      return right ? '1' : '0';
    case '2':
      return right ? 'B' : 'C';
    case '3':
      return right ? 'A|C' : 'B|D';
    case '5':
      return right ? ['北京', '上海'] : ['南京', '上海'];
    default:
      return `第 ${index} 题的回答`;
  }
}

type Journey = {
  start?: Sent;
  saves: Sent[];
  /** acknowledged (subjectid -> seq) */
  acked: Map<number, number>;
  handup?: Sent;
};

/** Each student's exam: start, answer in BATCHES batches (increasing seq), hand in; `halfway` fires once when half the answer calls were sent. */
async function storm(base: string, students: Student[], courseid: number, testpaperid: number, halfway?: () => Promise<void>) {
  const journeys: Journey[] = students.map(() => ({ saves: [], acked: new Map() }));
  const began = performance.now();
  const key = { courseid, testpaperid };
  const items: Item[][] = [];
  await Promise.all(
    students.map(async (s, i) => {
      const start = await send(base, '/TestpaperApi/doSubjectList', key, s.token);
      journeys[i]!.start = start;
      items[i] = start.ok ? (start.data?.lists ?? []).filter((item) => Number(item.type) !== 10) : [];
    }),
  );
  const startedMs = performance.now() - began;

  const total = students.length * BATCHES;
  let sentCalls = 0;
  let crash: Promise<void> | undefined;
  const perBatch = Math.ceil(QUESTIONS / BATCHES);
  for (let b = 0; b < BATCHES; b++) {
    await Promise.all(
      students.map(async (s, i) => {
        const batch = items[i]!.slice(b * perBatch, (b + 1) * perBatch).map((item, j) => ({
          subjectid: item.subjectid,
          answer: answerOf(item, b * perBatch + j),
          seq: b * perBatch + j + 1,
        }));
        if (batch.length === 0) return;
        sentCalls++;
        if (halfway && !crash && sentCalls >= total / 2) crash = halfway();
        const saved = await send(base, '/TestpaperApi/saveAnswer', { ...key, answers: batch }, s.token);
        journeys[i]!.saves.push(saved);
        if (saved.ok) for (const a of saved.data?.saved ?? []) journeys[i]!.acked.set(a.subjectid, a.seq);
      }),
    );
  }
  await crash;
  const answeredMs = performance.now() - began - startedMs;
  await Promise.all(
    students.map(async (s, i) => {
      journeys[i]!.handup = await send(base, '/TestpaperApi/handup', key, s.token);
    }),
  );
  const wallMs = performance.now() - began;
  return { journeys, startedMs, answeredMs, handedInMs: wallMs - startedMs - answeredMs, wallMs };
}

/** What the database holds for a paper: answers by (user, question) with their seq, attempts per user and their status. */
async function stored(db: pg.Client, testpaperid: number) {
  const answers = await db.query<{ user_id: number; item_id: number; seq: number }>(
    `select a.user_id, t.item_id, t.seq from test_answers t join test_attempts a on a.id = t.attempt_id where a.content_id = $1`,
    [testpaperid],
  );
  const attempts = await db.query<{ user_id: number; n: number; submitted: number }>(
    `select user_id, count(*)::int as n, count(*) filter (where status = $2)::int as submitted
     from test_attempts where content_id = $1 group by user_id`,
    [testpaperid, ATTEMPT_STATUS.submitted],
  );
  const seqs = new Map<string, number>();
  for (const r of answers.rows) seqs.set(`${r.user_id}:${r.item_id}`, r.seq);
  return {
    answerRows: answers.rows.length,
    seqs,
    submitted: new Set(attempts.rows.filter((r) => r.submitted > 0).map((r) => r.user_id)),
    duplicateAttempts: attempts.rows.filter((r) => r.n > 1).length,
  };
}

const timing = (sent: (Sent | undefined)[]) => {
  const first = sent
    .map((s) => s?.firstTryMs)
    .filter((x): x is number => x !== undefined)
    .sort((a, b) => a - b);
  return { p50Ms: round(percentile(first, 50)), p99Ms: round(percentile(first, 99)) };
};

function summarise(run: Awaited<ReturnType<typeof storm>>, students: Student[], db: Awaited<ReturnType<typeof stored>>) {
  let answersAcked = 0;
  let answersLost = 0;
  let notAcknowledged = 0;
  const refusals: Record<string, number> = {};
  const count = (s: Sent | undefined) => {
    if (s && !s.ok) refusals[s.refused ?? '?'] = (refusals[s.refused ?? '?'] ?? 0) + 1;
    if (!s?.ok) notAcknowledged++;
  };
  run.journeys.forEach((j, i) => {
    count(j.start);
    for (const s of j.saves) count(s);
    count(j.handup);
    for (const [subjectid, seq] of j.acked) {
      answersAcked++;
      if ((db.seqs.get(`${students[i]!.id}:${subjectid}`) ?? -1) < seq) answersLost++;
    }
  });
  const handedIn = run.journeys.filter((j) => j.handup?.ok);
  const handupsLost = students.filter((s, i) => run.journeys[i]!.handup?.ok && !db.submitted.has(s.id)).length;
  return {
    students: students.length,
    answersAcknowledged: answersAcked,
    answersLostAfterAcknowledgement: answersLost,
    handupsAcknowledged: handedIn.length,
    handupsLostAfterAcknowledgement: handupsLost,
    callsNotAcknowledged: notAcknowledged,
    losses: answersLost + handupsLost + notAcknowledged,
    answerRowsStored: db.answerRows,
    duplicateAttempts: db.duplicateAttempts,
    retriedCalls: run.journeys.reduce(
      (n, j) => n + [j.start, ...j.saves, j.handup].reduce((m, s) => m + (s ? s.attempts - 1 : 0), 0),
      0,
    ),
    start: timing(run.journeys.map((j) => j.start)),
    saveAnswer: timing(run.journeys.flatMap((j) => j.saves)),
    handup: timing(run.journeys.map((j) => j.handup)),
    phasesMs: { start: Math.round(run.startedMs), answers: Math.round(run.answeredMs), handup: Math.round(run.handedInMs) },
    wallMs: Math.round(run.wallMs),
    ...(Object.keys(refusals).length ? { refusals } : {}),
  };
}

/** The baseline: the same answer rows written by a plain INSERT loop on one node-postgres connection. */
async function rawInsertLoop(db: pg.Client, rows: number) {
  await db.query(
    `create temporary table exam_baseline (attempt_id int not null, item_id int not null, answer jsonb, seq int not null,
       elapsed_ms int, late boolean not null default false, saved_at timestamptz not null default now(),
       primary key (attempt_id, item_id))`,
  );
  const started = performance.now();
  for (let i = 0; i < rows; i++)
    await db.query(
      `insert into exam_baseline (attempt_id, item_id, answer, seq) values ($1, $2, $3, $4)
       on conflict (attempt_id, item_id) do update set answer = excluded.answer, seq = excluded.seq`,
      [Math.floor(i / QUESTIONS), i % QUESTIONS, JSON.stringify('B'), (i % QUESTIONS) + 1],
    );
  const ms = performance.now() - started;
  return { rows, ms: Math.round(ms), rowsPerSec: Math.round((rows / ms) * 1000) };
}

await runBench(async () => {
  const profiling = process.env.BENCH_PROFILE === '1';
  const { server, db, teacher, courseId, students } = await stormRoom(basePort, {
    profile: profiling,
    coursename: '期中考试',
    count: STUDENTS,
    studentName: '考生',
  });
  const course = { id: courseId };
  try {
    const bank = await makeBank(server.url, teacher, course.id);

    const first = await publishPaper(db, server.url, teacher, course.id, bank, '期中考试 1');
    log(`storm: ${STUDENTS} students start, answer ${QUESTIONS} questions in ${BATCHES} batches and hand in`);
    const run = await storm(server.url, students, course.id, first);
    await sleep(500);
    const firstStored = await stored(db, first);
    const again = await Promise.all(
      students.map((s) => send(server.url, '/TestpaperApi/handup', { courseid: course.id, testpaperid: first }, s.token)),
    );
    const result = {
      ...summarise(run, students, firstStored),
      retriedHandupsAllRepeat: again.every((s) => s.ok && s.data?.repeat === 1),
    };
    log('storm:', JSON.stringify(result));
    // the server's rows per second: every answer row, over the storm's wall time
    const serverRate = {
      rows: firstStored.answerRows,
      ms: result.wallMs,
      rowsPerSec: Math.round((firstStored.answerRows / result.wallMs) * 1000),
    };
    const baseline = await rawInsertLoop(db, firstStored.answerRows);
    log('raw loop:', JSON.stringify(baseline));
    const throughput = {
      server: serverRate,
      rawInsertLoop: baseline,
      ratioToRawInsertLoop: Math.round((serverRate.rowsPerSec / baseline.rowsPerSec) * 1000) / 1000,
    };

    if (profiling) {
      await server.stop();
      const file = server.profileFile();
      return { storm: result, throughput, profile: file ? summarizeProfile(file, [], 30) : 'none' };
    }

    const second = await publishPaper(db, server.url, teacher, course.id, bank, '期中考试 2');
    let restartMs: number | undefined;
    const crashed = await storm(server.url, students, course.id, second, async () => {
      log('crash: killing the server (SIGKILL) halfway through the answers');
      server.crash();
      await sleep(1000);
      restartMs = await server.restart();
      log(`crash: the server answers again ${restartMs} ms after its restart`);
    });
    await sleep(500);
    const crashResult = { ...summarise(crashed, students, await stored(db, second)), restartMs };
    log('crash:', JSON.stringify(crashResult));
    return {
      bench: 'exam-storm',
      server: server.command,
      driver: server.driver,
      redis: server.redis,
      students: STUDENTS,
      questions: QUESTIONS,
      batchesPerStudent: BATCHES,
      storm: result,
      throughput,
      killedHalfway: crashResult,
    };
  } finally {
    await db.end();
  }
});
