// Fan-out (issue 15): one bullet comment (`/FutureV2/Barrage/sendBarrage`, a student's HTTP call) and one
// page turn (`goto_page` on the teacher's remote-controller socket) fanned out to FANOUT_SOCKETS (2,000)
// classroom sockets of one class, each a student who opened the course with `AttendClass.setActive`,
// against the real server process on PostgreSQL and Redis (DATABASE_URL and REDIS_URL):
// - oneInstance: every socket on instance A;
// - twoInstances: half the sockets moved to a second instance B on the same database and Redis, the
//   comment and the page turn still sent through A (so B hears them only through Redis);
// - bare: a bare `ws` WebSocketServer in a child process of its own (bench/ws-baseline.mjs) sending the
//   same bytes (the event as the students had just received it from PaiClass) to as many sockets; its
//   round follows each PaiClass round, so both share whatever else the machine is doing at the time.
// Every socket lives in this process, so one clock measures from the send call (just before the fetch or
// the socket's send) to each socket's receipt. FANOUT_ROUNDS (5) measured rounds of each message per
// case after one warm-up round; p50/p99 over every delivery of the measured rounds, and per round, and
// the ratio of PaiClass's to the bare broadcast's; losses are sockets that never heard the round's
// message within 15 s (must be 0). The load average is reported: others' work on the machine shows in
// every figure. This process holds both crowds of sockets at once (2 × FANOUT_SOCKETS descriptors): it
// stops at once, saying so, when `ulimit -n` is lower (raise it in the shell first: `ulimit -n 8192`;
// the servers it starts inherit it). The students' sockets
// send only their setActive and one `ping` (to learn they joined), far inside the socket limits of
// decision 016; the server's own 30 s heartbeat pings are answered by `ws` itself.
// BENCH_PROFILE=1 runs both instances under `node --cpu-prof` and adds where their CPU went during the
// measured rounds. Prints one JSON result.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { Redis } from 'ioredis';
import type pg from 'pg';
import WebSocket from 'ws';
import { pdfWithPages } from '../apps/server/test/documents';
import { PPT_PAGE_EVENT } from '../packages/shared/src/classtime/constants';
import { call, percentile, round, sleep, stormRoom } from './fixtures';
import { nowMicros, type ProfileWindow, summarizeProfile } from './profile';
import { basePort, log, type RunningServer, runBench, startBaseline, startServer } from './server';

const SOCKETS = Number(process.env.FANOUT_SOCKETS ?? 2000);
const ROUNDS = Number(process.env.FANOUT_ROUNDS ?? 5);
const WARMUP_ROUNDS = 1;
/** a socket that has not heard a round's message by then counts as a loss */
const ROUND_TIMEOUT_MS = 15_000;
/** a pause between rounds, so that one round's tail does not overlap the next one's start */
const GAP_MS = 300;
/** sockets connecting at once */
const CONNECTING = 100;
/** one student per bullet comment: a student may send one per 3 s (decision 021) */
const SENDERS = 2 * (ROUNDS + WARMUP_ROUNDS);

type Student = { id: number; token: string };
type Kind = 'barrage' | 'pageTurn';

/** What one round waits for: each socket's first matching message, stamped on arrival. */
type Round = {
  match: (text: string) => boolean;
  times: Float64Array;
  heard: number;
  payload?: string;
  complete: () => void;
};

/**
 * The listening sockets, each in a slot: a message is stamped with performance.now() before anything
 * else, then checked against the round under way. Slots keep their index when a socket is moved to
 * another instance.
 */
class Crowd {
  sockets: WebSocket[] = [];
  current?: Round;
  /** closes this process did not ask for (a server closing a socket for its limits would show here) */
  unexpectedCloses: Record<string, number> = {};
  private closing = new WeakSet<WebSocket>();

  constructor(readonly size: number) {}

  /** Opens the socket of slot `i` at `url`; `hello` is sent on open, `ready` tells its answer; resolves when ready. */
  open(i: number, url: string, protocols: string[] | undefined, hello: string[], ready: (text: string) => boolean) {
    return new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(url, protocols);
      let isReady = hello.length === 0;
      const timer = setTimeout(() => reject(new Error(`socket ${i} not ready within 30 s`)), 30_000);
      ws.on('open', () => {
        for (const m of hello) ws.send(m);
        if (isReady) {
          clearTimeout(timer);
          resolve();
        }
      });
      ws.on('message', (raw) => {
        const at = performance.now();
        const text = String(raw);
        if (!isReady) {
          if (ready(text)) {
            isReady = true;
            clearTimeout(timer);
            resolve();
          }
          return;
        }
        const r = this.current;
        if (!r || r.times[i]! > 0 || !r.match(text)) return;
        r.times[i] = at;
        r.payload ??= text;
        if (++r.heard === this.size) r.complete();
      });
      ws.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      ws.on('close', (code, reason) => {
        if (this.sockets[i] !== ws || this.closing.has(ws)) return;
        const key = `${code} ${String(reason)}`;
        this.unexpectedCloses[key] = (this.unexpectedCloses[key] ?? 0) + 1;
      });
      this.sockets[i] = ws;
    });
  }

  /** Opens the slots `from`…`to - 1`, CONNECTING at a time. */
  async openAll(from: number, to: number, opener: (i: number) => Promise<void>) {
    let next = from;
    const worker = async () => {
      while (next < to) await opener(next++);
    };
    await Promise.all(Array.from({ length: Math.min(CONNECTING, to - from) }, worker));
  }

  async closeSlots(from: number, to: number) {
    await Promise.all(
      this.sockets.slice(from, to).map(
        (ws) =>
          new Promise<void>((resolve) => {
            this.closing.add(ws);
            if (ws.readyState === WebSocket.CLOSED) return resolve();
            ws.once('close', () => resolve());
            ws.close();
          }),
      ),
    );
  }

  /**
   * One round: arms the match, runs the trigger (the send call) and waits until every socket heard it
   * or ROUND_TIMEOUT_MS passed. Delivery times are from just before the trigger ran; `answered`: the
   * trigger is a call with an answer, whose time is kept (`callMs`).
   */
  async measure(match: (text: string) => boolean, trigger: () => Promise<unknown>, answered = false) {
    let complete!: () => void;
    const all = new Promise<void>((resolve) => {
      complete = resolve;
    });
    const r: Round = { match, times: new Float64Array(this.size), heard: 0, complete };
    this.current = r;
    const sentAt = performance.now();
    const call = trigger().then(() => performance.now() - sentAt);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, ROUND_TIMEOUT_MS)))]);
    clearTimeout(timer);
    const callMs = answered ? await call : undefined;
    if (!answered) await call;
    this.current = undefined;
    const perSocket = Array.from(r.times, (t) => (t > 0 ? t - sentAt : -1));
    return { perSocket, lost: this.size - r.heard, callMs, payload: r.payload };
  }
}

/** a round's delivery times per socket (-1: never heard), and the bare server's send loop */
type Measured = Awaited<ReturnType<Crowd['measure']>> & { sendLoopMs?: number };

const stats = (ms: number[]) => {
  const sorted = ms.filter((x) => x >= 0).sort((a, b) => a - b);
  return {
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    firstMs: round(sorted[0] ?? 0),
    lastMs: round(sorted.at(-1) ?? 0),
  };
};

/** Delivery p50/p99 over every delivery of the measured rounds, the losses, and each round's figures. */
function summarise(rounds: Measured[], slots?: { [part: string]: [number, number] }) {
  const all = rounds.flatMap((r) => r.perSocket);
  const loops = rounds
    .map((r) => r.sendLoopMs)
    .filter((x): x is number => x !== undefined)
    .sort((a, b) => a - b);
  const calls = rounds
    .map((r) => r.callMs)
    .filter((x): x is number => x !== undefined)
    .sort((a, b) => a - b);
  return {
    deliveries: all.filter((x) => x >= 0).length,
    losses: rounds.reduce((n, r) => n + r.lost, 0),
    ...stats(all),
    ...(calls.length ? { sendCallAnswerP50Ms: round(percentile(calls, 50)) } : {}),
    ...(loops.length ? { serverSendLoopP50Ms: round(percentile(loops, 50)) } : {}),
    ...(slots
      ? {
          bySocketsOn: Object.fromEntries(
            Object.entries(slots).map(([part, [from, to]]) => [part, stats(rounds.flatMap((r) => r.perSocket.slice(from, to)))]),
          ),
        }
      : {}),
    perRound: rounds.map((r) => ({
      ...stats(r.perSocket),
      lost: r.lost,
      ...(r.callMs !== undefined ? { sendCallAnswerMs: round(r.callMs) } : {}),
      ...(r.sendLoopMs !== undefined ? { serverSendLoopMs: round(r.sendLoopMs) } : {}),
    })),
  };
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : null);
/**
 * PaiClass's p50 and p99 over the bare broadcast's, over every delivery of the case; and the median of
 * the rounds' own ratios (each PaiClass round against the bare round right after it), which one stalled
 * round (a heartbeat, a collection, someone else's build) moves less.
 */
function ratios(s: ReturnType<typeof summarise>, bare: ReturnType<typeof summarise>) {
  const median = (xs: (number | null)[]) => {
    const sorted = xs.filter((x): x is number => x !== null).sort((a, b) => a - b);
    return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : null;
  };
  const paired = s.perRound.map((r, i) => [r, bare.perRound[i]] as const).filter(([, b]) => b !== undefined);
  return {
    ratioP50ToBare: ratio(s.p50Ms, bare.p50Ms),
    ratioP99ToBare: ratio(s.p99Ms, bare.p99Ms),
    medianRoundRatioP50: median(paired.map(([r, b]) => ratio(r.p50Ms, b!.p50Ms))),
    medianRoundRatioP99: median(paired.map(([r, b]) => ratio(r.p99Ms, b!.p99Ms))),
  };
}

/** A courseware of `pages` converted to slides by the server's own job runner. */
async function courseware(base: string, teacher: string, courseid: number, pages: number) {
  const form = new FormData();
  const pdf = pdfWithPages(Array.from({ length: pages }, (_, i) => `Page ${i + 1}`));
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'fanout.pdf');
  const uploaded = await call<{ file: { id: number } }>(base, '/UploadApi/uploadV2', undefined, teacher, form);
  const added = await call<{ id: number }>(
    base,
    '/FutureV2/CourseMeans/addContent',
    { courseid, contenttype: 1, title: '扇出课件', fileids: [uploaded.data.file.id] },
    teacher,
  );
  const interactid = added.data.id;
  const started = performance.now();
  for (;;) {
    const slides = await call<{ state: string; total: number }>(base, '/InteractPPTApi/listSlides', { interactid }, teacher);
    if (slides.data.state === 'ready') return { interactid, total: slides.data.total };
    if (slides.data.state === 'failed') throw new Error('the courseware could not be converted');
    if (performance.now() - started > 120_000) throw new Error(`slides still ${slides.data.state} after 120 s`);
    await sleep(250);
  }
}

const wsUrl = (server: RunningServer) => `${server.url.replace('http', 'ws')}/ws/classroom`;
const setActive = (courseId: number, classTimeId = 0) =>
  JSON.stringify({ cmd: 'AttendClass.setActive', data: { classId: courseId, classTimeId, courserole: 0 } });
const PING = JSON.stringify({ cmd: 'ping', data: 'ready' });
const isPong = (text: string) => text.includes('"System.pong"');

/**
 * What "stored, then published" (decision 016) costs at the least, measured from here: the event row
 * inserted as the hub inserts it, then published on Redis and heard back by a subscriber (the server
 * hears its own rooms the same way). A floor under the time before the first socket hears anything.
 */
async function storeThenPublishFloor(db: pg.Client, payload: string, times = 20) {
  const pub = new Redis(process.env.REDIS_URL!);
  const sub = new Redis(process.env.REDIS_URL!);
  // not the servers' prefix (paiclass:): nothing of theirs hears it
  const channel = `paiclass-bench:fanout-floor:${process.pid}`;
  await sub.subscribe(channel);
  const inserts: number[] = [];
  const totals: number[] = [];
  try {
    for (let i = 0; i < times; i++) {
      const heard = new Promise<void>((resolve) => sub.once('message', () => resolve()));
      const started = performance.now();
      const { rows } = await db.query<{ id: string }>(
        'insert into realtime_events (room, cmd, data) values ($1, $2, $3) returning id',
        ['bench:floor', 'Bench.floor', payload],
      );
      inserts.push(performance.now() - started);
      await pub.publish(channel, JSON.stringify({ seq: Number(rows[0]!.id), payload }));
      await heard;
      totals.push(performance.now() - started);
      await sleep(20);
    }
  } finally {
    sub.disconnect();
    pub.disconnect();
  }
  const p = (ms: number[], q: number) =>
    round(
      percentile(
        [...ms].sort((a, b) => a - b),
        q,
      ),
    );
  return {
    times,
    insertP50Ms: p(inserts, 50),
    insertAndRedisRoundTripP50Ms: p(totals, 50),
    insertAndRedisRoundTripP99Ms: p(totals, 99),
  };
}

/** The soft limit on open files this process (and the servers it starts) runs under. */
function openFilesLimit() {
  const out = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim();
  return out === 'unlimited' ? Number.POSITIVE_INFINITY : Number(out);
}

await runBench(async () => {
  if (!process.env.REDIS_URL) throw new Error('the fan-out runs two instances through Redis: set REDIS_URL');
  const needed = 2 * SOCKETS + 256;
  const limit = openFilesLimit();
  if (limit < needed)
    throw new Error(`ulimit -n is ${limit}; ${SOCKETS} sockets need ${needed}: run \`ulimit -n ${needed}\` first`);
  const profiling = process.env.BENCH_PROFILE === '1';
  const {
    server: a,
    db,
    teacher,
    courseId,
    students: seeded,
  } = await stormRoom(basePort, { profile: profiling, coursename: '弹幕扇出', count: SOCKETS + SENDERS, studentName: '扇出' });
  const listeners: Student[] = seeded.slice(0, SOCKETS);
  const senders: Student[] = seeded.slice(SOCKETS);
  const windows: { a: ProfileWindow[]; b: ProfileWindow[] } = { a: [], b: [] };
  try {
    const deck = await courseware(a.url, teacher, courseId, 3);
    const classtimeid = (
      await call<{ classtimeid: number }>(a.url, '/Futurev2/AttendClass/beginClass', { courseid: courseId }, teacher)
    ).data.classtimeid;
    await call(a.url, '/FutureV2/Barrage/setStatus', { courseid: courseId, status: 1 }, teacher);
    await call(a.url, '/InteractWithScreenApi/present', { courseid: courseId, interactid: deck.interactid }, teacher);
    log(`class ${classtimeid} begun, barrage on, courseware ${deck.interactid} (${deck.total} pages) on the screen`);

    // the teacher's remote controller on A: it turns the pages
    const remote = new Crowd(1);
    await remote.open(0, wsUrl(a), [teacher, 'bench'], [setActive(courseId, classtimeid), PING], isPong);

    const crowd = new Crowd(SOCKETS);
    const openStudent = (server: RunningServer) => (i: number) =>
      crowd.open(i, wsUrl(server), [listeners[i]!.token, 'bench'], [setActive(courseId), PING], isPong);
    let began = performance.now();
    await crowd.openAll(0, SOCKETS, openStudent(a));
    const connectMs = Math.round(performance.now() - began);
    log(`${SOCKETS} sockets on A joined the course room in ${connectMs} ms`);

    // the bare broadcast: its own process, as many sockets of this process, open beside PaiClass's
    const bareServer = await startBaseline(basePort + 1, 'ws-baseline.mjs', '/ready');
    const bareUrl = bareServer.url.replace('http', 'ws');
    const control = new WebSocket(`${bareUrl}/control`);
    await new Promise((resolve, reject) => control.once('open', resolve).once('error', reject));
    const sendLoops: number[] = [];
    control.on('message', (raw) => sendLoops.push(JSON.parse(String(raw)).sendLoopMs));
    const bareCrowd = new Crowd(SOCKETS);
    began = performance.now();
    await bareCrowd.openAll(0, SOCKETS, (i) => bareCrowd.open(i, `${bareUrl}/`, undefined, [], () => true));
    log(`${SOCKETS} sockets on the bare ws server in ${Math.round(performance.now() - began)} ms`);

    let sent = 0;
    let page = 1;
    const paiclass: Record<Kind, () => Promise<Measured>> = {
      barrage: () => {
        const content = `fanout ${++sent} ${Math.random().toString(36).slice(2, 8)}`;
        const sender = senders[sent - 1]!;
        return crowd.measure(
          (text) => text.includes('"Barrage.new"') && text.includes(content),
          () => call(a.url, '/FutureV2/Barrage/sendBarrage', { courseid: courseId, content }, sender.token),
          true,
        );
      },
      pageTurn: () => {
        page = page === 2 ? 3 : 2;
        const to = page;
        return crowd.measure(
          (text) => text.includes(`"${PPT_PAGE_EVENT}"`) && text.includes(`"page":${to},`),
          async () => remote.sockets[0]!.send(JSON.stringify({ cmd: 'goto_page', data: { pageindex: to } })),
        );
      },
    };
    /** the bytes PaiClass's sockets just received, sent by the bare server */
    const bare = async (payload: string): Promise<Measured> => {
      const before = sendLoops.length;
      const m = await bareCrowd.measure(
        () => true,
        async () => control.send(payload),
      );
      for (let waited = 0; sendLoops.length === before && waited < 1000; waited += 10) await sleep(10);
      return { ...m, sendLoopMs: sendLoops.length > before ? sendLoops.at(-1) : undefined };
    };

    /**
     * WARMUP_ROUNDS then ROUNDS rounds; each round a bullet comment, the bare broadcast of its bytes, a
     * page turn and the bare broadcast of its bytes, so that PaiClass and the baseline share whatever
     * else the machine is doing at the time. The warm-up is left out of the figures.
     */
    async function rounds(name: string, profiled: ProfileWindow[][]) {
      const out = {
        barrage: [] as Measured[],
        pageTurn: [] as Measured[],
        bareBarrage: [] as Measured[],
        barePageTurn: [] as Measured[],
      };
      const loadBefore = os.loadavg()[0]!;
      for (let r = 0; r < WARMUP_ROUNDS + ROUNDS; r++) {
        const label = r < WARMUP_ROUNDS ? 'warm-up' : String(r - WARMUP_ROUNDS + 1);
        for (const kind of ['barrage', 'pageTurn'] as const) {
          const from = nowMicros();
          const m = await paiclass[kind]();
          const to = nowMicros();
          await sleep(GAP_MS);
          if (!m.payload) throw new Error(`${name} ${kind} ${label}: no socket heard it`);
          const baseline = await bare(m.payload);
          await sleep(GAP_MS);
          if (r >= WARMUP_ROUNDS) {
            out[kind].push(m);
            out[kind === 'barrage' ? 'bareBarrage' : 'barePageTurn'].push(baseline);
            for (const w of profiled) w.push({ name: `${name} ${kind} ${label}`, from, to });
          }
          const brief = (x: Measured) => JSON.stringify({ ...stats(x.perSocket), lost: x.lost });
          log(`${name} ${kind} ${label}: ${brief(m)}  bare: ${brief(baseline)}`);
        }
      }
      return { ...out, load: [round(loadBefore), round(os.loadavg()[0]!)] };
    }

    /** a case's figures: each message against the bare broadcasts of its bytes made between its rounds */
    const figures = (m: Awaited<ReturnType<typeof rounds>>, slots?: { [part: string]: [number, number] }) => {
      const bareBarrage = summarise(m.bareBarrage);
      const barePageTurn = summarise(m.barePageTurn);
      const barrage = summarise(m.barrage, slots);
      const pageTurn = summarise(m.pageTurn, slots);
      return {
        loadAverage1mBeforeAfter: m.load,
        barrage: { ...ratios(barrage, bareBarrage), ...barrage },
        pageTurn: { ...ratios(pageTurn, barePageTurn), ...pageTurn },
        bare: { barrage: bareBarrage, pageTurn: barePageTurn },
      };
    };

    // 1. one instance
    const one = await rounds('one instance', [windows.a]);

    const floor = await storeThenPublishFloor(db, one.barrage[0]?.payload ?? '{}');
    log('store then publish, at the least:', JSON.stringify(floor));

    // 2. two instances: the second half of the sockets moves to B; the messages still go through A
    const b = await startServer(basePort + 2, { profile: profiling, beside: a });
    const half = Math.floor(SOCKETS / 2);
    await crowd.closeSlots(half, SOCKETS);
    began = performance.now();
    await crowd.openAll(half, SOCKETS, openStudent(b));
    log(`${SOCKETS - half} sockets moved to B in ${Math.round(performance.now() - began)} ms`);
    await sleep(500);
    const two = await rounds('two instances', [windows.a, windows.b]);

    const result = {
      bench: 'fanout',
      server: a.command,
      driver: a.driver,
      redis: a.redis,
      machine: { cpus: os.cpus().length, node: process.version },
      sockets: SOCKETS,
      roundsPerMessage: ROUNDS,
      warmupRoundsLeftOut: WARMUP_ROUNDS,
      payloadBytes: {
        barrage: Buffer.byteLength(one.barrage[0]?.payload ?? ''),
        pageTurn: Buffer.byteLength(one.pageTurn[0]?.payload ?? ''),
      },
      sentBy: {
        barrage: 'POST /FutureV2/Barrage/sendBarrage on A by a student without a listening socket (its answer: sendCallAnswer*)',
        pageTurn: "goto_page on the teacher's remote-controller socket on A",
        bare: 'the bytes the PaiClass round just delivered, sent on a control socket; the bare server sends them to every other socket',
      },
      bareServer: 'child process (bench/ws-baseline.mjs): a bare ws WebSocketServer, its rounds between PaiClass rounds',
      socketsJoinedMs: connectMs,
      storeThenPublishFloor: floor,
      oneInstance: figures(one),
      twoInstances: {
        split: `${half} sockets on A, ${SOCKETS - half} on B`,
        ...figures(two, { A: [0, half], B: [half, SOCKETS] }),
      },
      socketsClosedByTheServer: { ...crowd.unexpectedCloses, ...remote.unexpectedCloses, ...bareCrowd.unexpectedCloses },
    };
    await crowd.closeSlots(0, SOCKETS);
    await remote.closeSlots(0, 1);
    await bareCrowd.closeSlots(0, SOCKETS);
    control.close();
    if (profiling) {
      await b.stop();
      await a.stop();
      const fileA = a.profileFile();
      const fileB = b.profileFile();
      return {
        ...result,
        profile: {
          a: fileA ? summarizeProfile(fileA, windows.a, 25) : 'none',
          b: fileB ? summarizeProfile(fileB, windows.b, 25) : 'none',
        },
      };
    }
    return result;
  } finally {
    await db.end();
  }
});
