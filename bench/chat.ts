// Chat throughput (issue 27): CHAT_CLIENTS (1,000) chat sockets logged in to the real server process
// (`/ws/chat`, login with a `getIMToken` token), CHAT_SENDERS (100) of them each sending CHAT_MESSAGES
// (40) text messages to a partner of a private chat (another connected client), up to CHAT_WINDOW (5)
// unanswered at a time, against PostgreSQL (DATABASE_URL; REDIS_URL when set). Each message is stored,
// acknowledged to its sender and delivered to its partner (decision 028). Then the same run against a
// bare `ws` server in a process of its own (bench/chat-baseline.mjs): the same clients, the same bytes,
// answered to the sender and forwarded to the partner, nothing stored.
// Reported for each: messages acknowledged per second, deliveries per second, delivery p50/p99 (from
// the send call to the partner's receipt, one clock: every client lives in this process), losses
// (acknowledged but never delivered within 15 s; must be 0) and duplicates (one message delivered twice
// on one socket; must be 0; a resumed socket may hear again what its window behind \`since\` holds, counted
// apart, as a client keeps one of each message id); and PaiClass's figures as a ratio to the bare server's. The senders stay
// inside the chat socket's own limit (60 requests per 10 s per socket: login plus CHAT_MESSAGES).
// With REDIS_URL, two more runs on two instances of the server (one PostgreSQL, one Redis): every
// sender on the first, everyone else on the second, so each delivery crosses Redis; then the same with
// the second instance killed (SIGKILL) once half the messages are acknowledged: its clients log in to
// the first again 1 s after their socket closes, with `since` at the last event they heard, and every
// acknowledged message must still reach its partner, once.
// Prints one JSON result.
import os from 'node:os';
import WebSocket from 'ws';
import { call, percentile, round, sleep, stormRoom } from './fixtures';
import { basePort, log, type RunningServer, runBench, startBaseline, startServer } from './server';

const CLIENTS = Number(process.env.CHAT_CLIENTS ?? 1000);
const SENDERS = Number(process.env.CHAT_SENDERS ?? 100);
const MESSAGES = Number(process.env.CHAT_MESSAGES ?? 40);
const WINDOW = Number(process.env.CHAT_WINDOW ?? 5);
const DELIVERY_TIMEOUT_MS = 15_000;
const CONNECTING = 50;

if (SENDERS * 2 > CLIENTS) throw new Error('CHAT_SENDERS × 2 must not exceed CHAT_CLIENTS: each sender has a partner');
if (MESSAGES + 2 > 60) throw new Error('CHAT_MESSAGES must stay inside the chat socket limit of 60 requests per 10 s');

interface Client {
  ws: WebSocket;
  /** uniqueCode → times heard as a delivery (the partner side) */
  heard: Map<string, number>;
  acks: Map<string, () => void>;
  /** a message heard twice on one connection: a duplicate the protocol must never send */
  twiceOnOneSocket?: number;
}

interface ChatClient extends Client {
  /** the newest event seq heard: where a reconnect resumes */
  seq: number;
}

interface Run {
  acked: number;
  delivered: number;
  /** deliveries per second, from the first send to the last delivery */
  deliveredPerSecond: number;
  seconds: number;
  p50: number;
  p99: number;
  losses: number;
  duplicates: number;
  resentOnResume: number;
}

/** Opens every client (`open(i)` resolves once it may send), CONNECTING at a time. */
async function openAll(count: number, open: (i: number) => Promise<Client>) {
  const clients: Client[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      clients[i] = await open(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONNECTING, count) }, worker));
  return clients;
}

function listen(
  ws: WebSocket,
  client: Omit<Client, 'ws'>,
  sentAt: Map<string, number>,
  latencies: number[],
  delivery: (text: string) => string | undefined,
) {
  const onThisSocket = new Set<string>();
  ws.on('message', (raw) => {
    const at = performance.now();
    const text = String(raw);
    const code = delivery(text);
    if (code !== undefined) {
      if (onThisSocket.has(code)) client.twiceOnOneSocket = (client.twiceOnOneSocket ?? 0) + 1;
      onThisSocket.add(code);
      const n = (client.heard.get(code) ?? 0) + 1;
      client.heard.set(code, n);
      const sent = sentAt.get(code);
      if (n === 1 && sent !== undefined) latencies.push(at - sent);
      return;
    }
    let frame: { uniqueCode?: string; requestType?: string };
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    if (frame.requestType === 'pushMessage' && frame.uniqueCode) client.acks.get(frame.uniqueCode)?.();
  });
}

/**
 * One run: each sender sends MESSAGES, WINDOW unanswered at a time; the run ends when every sender's
 * messages are answered. Then waits for the deliveries (up to 15 s) and counts.
 */
async function measure(
  clients: Client[],
  sentAt: Map<string, number>,
  latencies: number[],
  frameOf: (sender: number, code: string, text: string) => string,
  tag: string,
  midway?: () => void,
): Promise<Run> {
  const started = performance.now();
  let acked = 0;
  const half = (SENDERS * MESSAGES) / 2;
  await Promise.all(
    Array.from({ length: SENDERS }, async (_, s) => {
      const c = clients[s]!;
      let sent = 0;
      const lane = async () => {
        while (sent < MESSAGES) {
          const n = sent++;
          const code = `${tag}-${s}-${n}`;
          const text = `第 ${n} 条消息，来自 ${s} 号：今天的实验报告请在周五前提交`;
          await new Promise<void>((resolve) => {
            c.acks.set(code, () => {
              c.acks.delete(code);
              acked++;
              if (acked === half) midway?.();
              resolve();
            });
            sentAt.set(code, performance.now());
            c.ws.send(frameOf(s, code, text));
          });
        }
      };
      await Promise.all(Array.from({ length: WINDOW }, lane));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const expected = (s: number) => Array.from({ length: MESSAGES }, (_, n) => `${tag}-${s}-${n}`);
  const partner = (s: number) => clients[SENDERS + s]!;
  const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
  const missing = () => {
    let m = 0;
    for (let s = 0; s < SENDERS; s++) for (const code of expected(s)) if (!partner(s).heard.has(code)) m++;
    return m;
  };
  while (missing() > 0 && performance.now() < deadline) await sleep(50);
  const deliveredAt = performance.now();
  let heardAgain = 0;
  let delivered = 0;
  for (let s = 0; s < SENDERS; s++)
    for (const code of expected(s)) {
      const n = partner(s).heard.get(code) ?? 0;
      if (n > 0) delivered++;
      if (n > 1) heardAgain += n - 1;
    }
  const duplicates = Array.from({ length: SENDERS }, (_, s) => partner(s).twiceOnOneSocket ?? 0).reduce((a, b) => a + b, 0);
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    acked,
    delivered,
    seconds: round(seconds),
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    losses: acked - delivered,
    duplicates,
    // heard again on a later socket: a resume replays a window behind its \`since\` (events can commit
    // out of order across instances), and a client keeps one of each message id, as the web client does
    resentOnResume: heardAgain - duplicates,
    deliveredPerSecond: round(delivered / ((deliveredAt - started) / 1000)),
  };
}

/** A PaiClass chat client logged in on `url`; `since` resumes after an event seq (a reconnect). */
function openChat(
  url: string,
  token: string,
  uid: number,
  sentAt: Map<string, number>,
  latencies: number[],
  reuse?: ChatClient,
  since?: number,
): Promise<ChatClient> {
  const client: ChatClient = reuse ?? { heard: new Map(), acks: new Map(), seq: 0, ws: undefined as unknown as WebSocket };
  return new Promise<ChatClient>((resolve, reject) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => reject(new Error(`client ${uid} not logged in within 30 s`)), 30_000);
    ws.once('open', () =>
      ws.send(
        JSON.stringify({ requestType: 'login', uniqueCode: 'login', payload: { token, ...(since !== undefined && { since }) } }),
      ),
    );
    ws.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    const first = (raw: WebSocket.RawData) => {
      const f = JSON.parse(String(raw));
      if (f.requestType !== 'login') return;
      clearTimeout(timer);
      ws.off('message', first);
      if (f.returnCode !== 200) return reject(new Error(`login refused: ${f.returnMsg}`));
      client.seq = Math.max(client.seq, Number(f.payload?.seq ?? 0));
      // a delivery: a pushed event (it carries `seq`) of someone else's message
      listen(ws, client, sentAt, latencies, (text) => {
        if (!text.includes('"seq"')) return undefined;
        const e = JSON.parse(text);
        if (typeof e.seq === 'number') client.seq = Math.max(client.seq, e.seq);
        if (e.requestType !== 'pushMessage' || e.payload?.fromUid === uid) return undefined;
        return e.payload?.uniqueCode;
      });
      client.ws = ws;
      resolve(client);
    };
    ws.on('message', first);
  });
}

const pushFrame = (groups: number[]) => (s: number, code: string, text: string) =>
  JSON.stringify({ requestType: 'pushMessage', uniqueCode: code, payload: { groupId: groups[s], msgType: 0, msgContent: text } });

/**
 * Two instances on one PostgreSQL and one Redis: the senders on the first, everyone else on a second
 * started beside it; a run, then a run in which the second is killed halfway and its clients log in to
 * the first again after 1 s with `since`. The second instance is stopped at the end.
 */
async function acrossInstances(first: RunningServer, groups: number[], students: { id: number; token: string }[]) {
  const second = await startServer(basePort + 2, { beside: first });
  const urlOf = (srv: RunningServer) => `${srv.url.replace('http', 'ws')}/ws/chat`;
  const freshTokens = () =>
    Promise.all(
      students.map(async (st) => (await call<{ token: string }>(first.url, '/userApi/getIMToken', {}, st.token)).data.token),
    );
  const connect = async (tokens: string[], sentAt: Map<string, number>, latencies: number[]) =>
    openAll(CLIENTS, (i) => openChat(urlOf(i < SENDERS ? first : second), tokens[i]!, students[i]!.id, sentAt, latencies));

  // both up: every delivery crosses Redis
  let tokens = await freshTokens();
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let clients = await connect(tokens, sentAt, latencies);
  const redis = await measure(clients, sentAt, latencies, pushFrame(groups), 'r');
  log('two instances', redis);
  for (const c of clients) c.ws.close();

  // the second killed halfway: its clients come back on the first, resuming where they were
  tokens = await freshTokens();
  const sentAt2 = new Map<string, number>();
  const latencies2: number[] = [];
  clients = await connect(tokens, sentAt2, latencies2);
  let reconnected = 0;
  let killedAt = 0;
  const back: Promise<unknown>[] = [];
  for (let i = SENDERS; i < CLIENTS; i++) {
    const c = clients[i] as ChatClient;
    c.ws.once('close', () => {
      back.push(
        sleep(1000)
          .then(() => openChat(urlOf(first), tokens[i]!, students[i]!.id, sentAt2, latencies2, c, c.seq))
          .then(() => {
            reconnected++;
          }),
      );
    });
  }
  const killed = await measure(clients, sentAt2, latencies2, pushFrame(groups), 'k', () => {
    killedAt = Date.now();
    log('killing the second instance (SIGKILL)');
    second.crash();
  });
  await Promise.allSettled(back);
  log('second instance killed halfway', killed, `${reconnected} clients back on the first`);
  for (const c of clients) c.ws.close();
  await second.stop();
  return { redis, killed: { ...killed, secondKilled: killedAt > 0, reconnected } };
}

runBench(async () => {
  const load = [round(os.loadavg()[0]!)];
  // PaiClass: the real server, CLIENTS students of one course, SENDERS private chats
  const room = await stormRoom(basePort, { profile: false, coursename: '聊天压测', count: CLIENTS, studentName: '聊天同学' });
  const { server, db, students, courseId } = room;
  // the private chats made as `/LetterApi/open` makes them (one group per pair): SENDERS HTTP opens would be rate-limited per user only, but the pairs are made here at once
  const groups: number[] = [];
  for (let s = 0; s < SENDERS; s++) {
    const [a, b] = [students[s]!.id, students[SENDERS + s]!.id];
    const res = await call<{ groupId: number }>(
      server.url,
      '/LetterApi/open',
      { friendid: b, courseid: courseId },
      students[s]!.token,
    );
    groups.push(res.data.groupId);
    if (s === 0) log(`private chat ${res.data.groupId} between ${a} and ${b}`);
  }
  log(`${SENDERS} private chats opened`);
  const tokens = await Promise.all(
    students.map(async (st) => (await call<{ token: string }>(server.url, '/userApi/getIMToken', {}, st.token)).data.token),
  );
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const wsUrl = `${server.url.replace('http', 'ws')}/ws/chat`;
  const opened = performance.now();
  const clients = await openAll(CLIENTS, (i) => openChat(wsUrl, tokens[i]!, students[i]!.id, sentAt, latencies));
  log(`${CLIENTS} chat sockets logged in after ${Math.round(performance.now() - opened)} ms`);
  const paiclass = await measure(
    clients,
    sentAt,
    latencies,
    (s, code, text) =>
      JSON.stringify({
        requestType: 'pushMessage',
        uniqueCode: code,
        payload: { groupId: groups[s], msgType: 0, msgContent: text },
      }),
    'p',
  );
  const [{ n: stored }] = (
    await db.query<{ n: number }>(`select count(*)::int as n from chat_messages where unique_code like 'p-%'`)
  ).rows as [{ n: number }];
  log('paiclass', paiclass, `stored ${stored}`);
  for (const c of clients) c.ws.close();
  load.push(round(os.loadavg()[0]!));

  const twoInstances = process.env.REDIS_URL ? await acrossInstances(server, groups, students) : undefined;
  await db.end();

  // the bare `ws` server: the same clients, the same bytes
  const baseline = await startBaseline(basePort + 1, 'chat-baseline.mjs', '/ready');
  const bareSentAt = new Map<string, number>();
  const bareLatencies: number[] = [];
  const bareUrl = baseline.url.replace('http', 'ws');
  const bare = await openAll(CLIENTS, (i) => {
    const client = { heard: new Map<string, number>(), acks: new Map<string, () => void>() };
    return new Promise<Client>((resolve, reject) => {
      const ws = new WebSocket(`${bareUrl}/?id=${i}`);
      ws.once('open', () => {
        // a forwarded frame (to = this client) is a delivery; the echo of one's own is the acknowledgement
        listen(ws, client, bareSentAt, bareLatencies, (text) => {
          const f = JSON.parse(text);
          return f.payload?.to === i ? f.uniqueCode : undefined;
        });
        resolve({ ws, ...client });
      });
      ws.on('error', reject);
    });
  });
  const bareRun = await measure(
    bare,
    bareSentAt,
    bareLatencies,
    (s, code, text) =>
      JSON.stringify({
        requestType: 'pushMessage',
        uniqueCode: code,
        payload: { groupId: s + 1, msgType: 0, msgContent: text, to: SENDERS + s },
      }),
    'b',
  );
  log('bare ws', bareRun);
  for (const c of bare) c.ws.close();
  load.push(round(os.loadavg()[0]!));

  const perSecond = (r: Run) => ({ ackedPerSecond: round(r.acked / r.seconds), ...r });
  const p = perSecond(paiclass);
  const b = perSecond(bareRun);
  return {
    bench: 'chat',
    server: { command: server.command, driver: server.driver, redis: server.redis },
    clients: CLIENTS,
    senders: SENDERS,
    messagesPerSender: MESSAGES,
    window: WINDOW,
    paiclass: { ...p, stored },
    ...(twoInstances && { twoInstances }),
    bareWs: b,
    ratio: {
      ackedPerSecond: Math.round((p.ackedPerSecond / b.ackedPerSecond) * 1000) / 1000,
      deliveredPerSecond: Math.round((p.deliveredPerSecond / b.deliveredPerSecond) * 1000) / 1000,
      p50: round(p.p50 / Math.max(b.p50, 0.1)),
      p99: round(p.p99 / Math.max(b.p99, 0.1)),
    },
    ok:
      p.losses === 0 &&
      p.duplicates === 0 &&
      stored === p.acked &&
      (!twoInstances || [twoInstances.redis, twoInstances.killed].every((r) => r.losses === 0 && r.duplicates === 0)),
    load,
    cpus: os.cpus().length,
  };
});
