// HTTP benchmark (issue #10): the real server as its own process, loaded over loopback with
// autocannon (32 connections) call by call, against a bare Fastify app in its own process in the same
// run. PGlite by default; PostgreSQL when DATABASE_URL is set (a fresh database, dropped at the end);
// Redis when REDIS_URL is set. BENCH_PROFILE=1 runs the server under `node --cpu-prof` and prints
// where its CPU time went during the load. Prints one JSON result.
import fs from 'node:fs';
import autocannon from 'autocannon';
import { call, listOf, seedTerm } from './fixtures';
import { nowMicros, type ProfileWindow, summarizeProfile } from './profile';
import { basePort, log, runBench, seconds, startBaseline, startServer, warmupSeconds } from './server';

const CONNECTIONS = 32;
const profiling = process.env.BENCH_PROFILE === '1';
/** Optional Accept-Encoding sent with every call (e.g. "gzip, deflate" as Python's requests does). */
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? '';

type Target = { name: string; url: string; path: string; body: unknown; token?: string; list?: boolean };
type Measured = {
  call: string;
  as?: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  unansweredAtEnd: number;
  errors: number;
  errorDetail?: Record<string, number | string[]>;
  ratioToBaseline?: number;
};

const windows: ProfileWindow[] = [];

/** Answers status 1 (checked on the envelope's first bytes, so checking costs the load little). */
const envelopeOk = (body: string) => {
  const head = body.slice(0, 64);
  return head.includes('"status":1,') || head.includes('"status":1}');
};

/** Checks one answer in full before and after the load: status 1 and, for lists, not empty. */
async function check(t: Target) {
  const res = await call(t.url, t.path, t.body, t.token);
  if (t.list) {
    const list = listOf(res.data);
    if (!list || list.length === 0)
      throw new Error(`${t.path}${t.token ? ' (logged in)' : ''} answered an empty list: a broken call cannot be measured`);
    return list.length;
  }
  return undefined;
}

async function load(t: Target, duration: number) {
  const samples: string[] = [];
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (t.token) headers.token = t.token;
  if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
  let compressed = 0;
  let failedStatus = 0;
  const result = await autocannon({
    url: t.url + t.path,
    method: 'POST',
    headers,
    body: JSON.stringify(t.body),
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        onResponse: (status, body, _context, resHeaders) => {
          if (resHeaders?.['content-encoding']) {
            compressed++; // compressed bytes cannot be read here: checked before and after the load instead
            return;
          }
          if (status >= 200 && status < 300 && envelopeOk(body)) return;
          if (status >= 200 && status < 300) failedStatus++;
          if (samples.length < 3) samples.push(`${status} ${body.slice(0, 160)}`);
        },
      },
    ],
  });
  return { result, samples, compressed, failedStatus };
}

async function measure(t: Target, as?: string): Promise<Measured> {
  const items = await check(t);
  const from = nowMicros();
  await load(t, warmupSeconds);
  const { result, samples, compressed, failedStatus } = await load(t, seconds);
  if (t.path !== '/baseline') windows.push({ name: `${t.name}${as ? ` as ${as}` : ''}`, from, to: nowMicros() });
  await check(t);
  // requests still waiting when the time ran out: not in the latencies, so a very slow call is flagged
  const unanswered = result.requests.sent - result.requests.total;
  const errors = result.non2xx + result.errors + result.timeouts + failedStatus + (result.requests.total === 0 ? unanswered : 0);
  const m: Measured = {
    call: t.name,
    ...(as ? { as } : {}),
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    unansweredAtEnd: unanswered,
    errors,
  };
  if (result.requests.total < CONNECTIONS)
    log(`  only ${result.requests.total} answers in ${seconds} s: too few to measure, raise BENCH_SECONDS`);
  if (errors)
    m.errorDetail = {
      non2xx: result.non2xx,
      socketErrors: result.errors,
      timeouts: result.timeouts,
      notStatus1: failedStatus,
      samples,
    };
  if (compressed) (m as Measured & { compressedAnswers: number }).compressedAnswers = compressed;
  if (items !== undefined) (m as Measured & { listLength: number }).listLength = items;
  log(`${t.name}${as ? ` as ${as}` : ''}: ${m.reqPerSec} req/s, p99 ${m.p99Ms} ms, ${errors} errors`);
  if (errors) log(`  errors: ${JSON.stringify(m.errorDetail)}`);
  return m;
}

await runBench(async () => {
  const baselineServer = await startBaseline(basePort + 1);
  const server = await startServer(basePort, { profile: profiling });
  log('seeding a term of courses through the API…');
  const { teacher, student, data } = await seedTerm(server.url);
  const s = server.url;
  const teacherList = { isstudy: 0, search: '', type: 'teach', semester: '', term: '' }; // what the web app's course list sends
  const studentList = { isstudy: 1, search: '', semester: '', term: '' };

  const baselineTarget: Target = {
    name: 'bare Fastify JSON POST (baseline)',
    url: baselineServer.url,
    path: baselineServer.path,
    body: {},
  };
  const before = await measure(baselineTarget);
  const calls: Measured[] = [];
  calls.push(await measure({ name: 'POST /SchoolApi/getConfig (no database)', url: s, path: '/SchoolApi/getConfig', body: {} }));
  calls.push(
    await measure(
      { name: 'POST /UserApi/getUserInfo', url: s, path: '/UserApi/getUserInfo', body: {}, token: teacher },
      'teacher',
    ),
  );
  calls.push(
    await measure(
      {
        name: 'POST //userapi//GETUSERINFO (case-folded path)',
        url: s,
        path: '//userapi//GETUSERINFO',
        body: {},
        token: teacher,
      },
      'teacher',
    ),
  );
  for (const [as, token, body] of [
    ['teacher', teacher, teacherList],
    ['student', student, studentList],
  ] as const) {
    calls.push(
      await measure(
        { name: 'POST /CourseApi/semesterCourseList', url: s, path: '/CourseApi/semesterCourseList', body, token, list: true },
        as,
      ),
    );
    calls.push(
      await measure(
        { name: 'POST /todoApi/getIndexList', url: s, path: '/todoApi/getIndexList', body: {}, token, list: true },
        as,
      ),
    );
  }
  // the baseline again at the end: the machine is shared, so its load drifts during the run
  const after = await measure(baselineTarget);
  const baseline = (before.reqPerSec + after.reqPerSec) / 2;
  for (const c of calls) c.ratioToBaseline = +(c.reqPerSec / baseline).toFixed(3);

  const logLines = fs.readFileSync(server.logFile, 'utf8').split('\n').length;
  await server.stop();
  const profileFile = server.profileFile();
  const profile = profiling && profileFile ? summarizeProfile(profileFile, windows) : undefined;
  if (profiling && !profileFile) log('no CPU profile was written (did the server exit cleanly?)');
  if (profile) {
    log(`CPU profile ${profile.file}: ${profile.busyMs} ms busy under load; top self time:`);
    for (const f of profile.topSelf) log(`  ${f.share.padStart(6)} ${String(f.selfMs).padStart(7)} ms  ${f.name}`);
  }
  return {
    bench: 'http',
    driver: server.driver,
    redis: server.redis,
    server: server.command,
    node: process.version,
    client: `autocannon, ${CONNECTIONS} connections, ${warmupSeconds} s warm-up then ${seconds} s per call, over 127.0.0.1`,
    acceptEncoding: acceptEncoding || 'identity (none sent)',
    firstAnswerMs: server.firstAnswerMs,
    serverLogLines: logLines,
    data,
    baseline: { call: baselineTarget.name, reqPerSec: Math.round(baseline), before, after },
    calls,
    ...(profile ? { profile } : {}),
  };
});
