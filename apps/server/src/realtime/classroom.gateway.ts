import type { Language } from '@paiclass/shared';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { classTimes, sessions } from '../db/schema';
import { membership } from '../modules/courses/courses.queries';
import { findSession, type User } from '../platform/auth';
import { AppError } from '../platform/errors';
import { translate } from '../platform/i18n';
import type { SocketCaller } from './commands';
import { serialise } from './hub';
import { rooms } from './rooms';

/** a socket whose token is not checked by then is closed */
const AUTH_TIMEOUT_MS = 10_000;
/** messages a socket may send before its token is checked; more closes it */
const EARLY_LIMIT = 16;
/** messages a socket may send per RATE_WINDOW_MS; more closes it (the spec's client sends one per 25 s) */
const RATE_LIMIT = 40;
const RATE_WINDOW_MS = 10_000;
/** how many of its latest events a socket remembers the sending time of (`SocketCaller.sentAt`) */
const SENT_MEMORY = 64;

/**
 * The classroom and attendance channel (spec 2 §7), at `/ws/classroom` and, for Ketangpai's own
 * clients, as an upgrade request to `/`. The client offers its token and a hash as sub-protocols; the
 * token is checked before any message is taken. Messages are `{cmd, data}`:
 * - `ping` → `System.pong` with the same data;
 * - `AttendClass.setActive {classId, classTimeId}` (at connect and every 25 s): the socket joins the
 *   course's room (and its staff room as teacher or assistant, and the class time's room), leaving the
 *   rooms of a course it had open before; with `since`, what those rooms published after it is replayed;
 * - `System.resume {since}`: what the user's own room published after `since` is replayed; without
 *   `since`, the answer `System.resume {seq}` tells where counting starts.
 * Every event carries `seq`; replays are in order and come before anything newer. Other commands go
 * to the areas that registered them (`app.socketCommands`, realtime/commands.ts). Errors are
 * `{code: -1, msg}`. Sockets are pinged every 30 s and closed when silent; a socket ends with its session.
 */
export async function classroomGateway(app: FastifyInstance) {
  const live = new Map<number, Set<LiveSocket>>();
  const all = new Set<LiveSocket>();
  // forgets heard so far: a socket whose login was being checked while one arrived checks again
  let forgetsHeard = 0;

  /** Closes those of the sockets whose session has ended (gone, expired or restricted). */
  async function recheck(sockets: LiveSocket[]) {
    if (sockets.length === 0) return;
    const valid = await app.ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          inArray(
            sessions.id,
            sockets.map((s) => s.sessionId),
          ),
          gt(sessions.expiresAt, new Date()),
          isNull(sessions.restricted),
        ),
      );
    const kept = new Set(valid.map((v) => v.id));
    for (const s of sockets) if (!kept.has(s.sessionId)) s.end();
  }
  const recheckLogged = (sockets: LiveSocket[]) =>
    recheck(sockets).catch((err) => app.log.error({ err }, 'socket session check failed'));

  const stopListening = app.ctx.sessions.onForget((userId) => {
    forgetsHeard++;
    const mine = live.get(userId);
    if (mine) void recheckLogged([...mine]);
  });

  // a socket that did not answer the last ping (a phone gone out of range) is ended; the others are pinged again
  const heartbeat = setInterval(() => {
    for (const s of all) {
      if (!s.alive) {
        s.socket.terminate();
        continue;
      }
      s.alive = false;
      s.ping();
    }
  }, app.ctx.config.wsHeartbeatMs);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    stopListening();
    clearInterval(heartbeat);
    for (const s of all) s.socket.close(1001, 'server closing');
    app.ctx.realtime.close();
  });

  const errorMessage = (lang: Language, key: string) =>
    JSON.stringify({ cmd: 'User.error', code: -1, msg: translate(lang, key), data: null });

  function accept(socket: WebSocket, req: FastifyRequest) {
    // listen at once: a message sent right after the socket opens must not be lost while the token is checked
    const early: string[] = [];
    let handle: ((raw: string) => void) | undefined;
    socket.on('message', (raw) => {
      if (handle) return handle(String(raw));
      if (early.push(String(raw)) > EARLY_LIMIT) socket.close(1008, 'too many messages before login');
    });
    const authTimer = setTimeout(() => socket.close(1008, 'login timed out'), AUTH_TIMEOUT_MS);

    const offered = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const heardBefore = forgetsHeard;
    const accepted = offered[0] ? findSession(app.ctx, offered[0]) : Promise.resolve(undefined);
    accepted.then(
      (found) => {
        clearTimeout(authTimer);
        if (socket.readyState !== socket.OPEN) return;
        if (!found || found.restricted) {
          socket.send(errorMessage(req.lang, 'errors.notLoggedIn'));
          socket.close(4401, 'not logged in');
          return;
        }
        const entry = new LiveSocket(socket, found.sessionId, found.user, found.user.lang === 'en' ? 'en' : 'zh', app);
        // the user's room first: a message is answered once the socket hears what is published to its user
        entry.begin(rooms.user(found.user.id));
        handle = (raw) => entry.take(raw);
        for (const raw of early.splice(0)) handle(raw);

        const userId = found.user.id;
        const mine = live.get(userId) ?? new Set<LiveSocket>();
        mine.add(entry);
        live.set(userId, mine);
        all.add(entry);
        // the socket ends with its session; a timer holds at most 2^31-1 ms, a longer session is checked again when it fires
        let expiry: NodeJS.Timeout | undefined;
        const armExpiry = () => {
          const wait = Math.min(found.expiresAt.getTime() - Date.now(), 2 ** 31 - 1);
          expiry = setTimeout(
            () => void recheckLogged([entry]).then(() => socket.readyState === socket.OPEN && armExpiry()),
            Math.max(wait, 1000),
          );
          expiry.unref();
        };
        armExpiry();
        if (forgetsHeard !== heardBefore) void recheckLogged([entry]);

        socket.on('close', () => {
          clearTimeout(expiry);
          all.delete(entry);
          mine.delete(entry);
          if (mine.size === 0 && live.get(userId) === mine) live.delete(userId);
          entry.leaveAll();
        });
      },
      (err) => {
        clearTimeout(authTimer);
        req.log.error({ err }, 'socket authentication failed');
        socket.close(1011, 'server error');
      },
    );
  }

  app.get('/ws/classroom', { websocket: true, config: { auth: 'none' } }, accept);
  // Ketangpai's clients open the socket at the site's root: the same channel; a plain GET is the web page
  app.route({
    method: 'GET',
    url: '/',
    config: { auth: 'none' },
    schema: { hide: true },
    handler: (req, reply) => app.servePage(req, reply),
    wsHandler: accept,
  });
}

/** One authenticated socket: its rooms, its message queue, its rate. */
class LiveSocket {
  alive = true;
  private rooms = new Set<string>();
  private course?: NonNullable<SocketCaller['course']> & { rooms: string[] };
  private queue: Promise<void> = Promise.resolve();
  /** while a replay is read, live events wait here so that the socket hears them in order, each once */
  private held?: { serialised: string; seq: number }[];
  private sent = 0;
  private windowStart = Date.now();
  private pingedAt?: number;
  private rtt?: number;
  /** seq → when it was written to this socket, for its latest SENT_MEMORY events */
  private sentTimes = new Map<number, number>();
  readonly member = {
    send: (serialised: string, seq: number) => {
      if (this.held) this.held.push({ serialised, seq });
      else this.writeEvent(serialised, seq);
    },
  };

  constructor(
    readonly socket: WebSocket,
    readonly sessionId: number,
    readonly user: User,
    readonly lang: Language,
    private app: FastifyInstance,
  ) {
    socket.on('pong', () => {
      this.alive = true;
      if (this.pingedAt !== undefined) this.rtt = Date.now() - this.pingedAt;
      this.pingedAt = undefined;
    });
  }

  /** Pings the client; its pong measures the round trip (the browser answers pings itself). */
  ping() {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.pingedAt = Date.now();
    this.socket.ping();
  }

  get userId() {
    return this.user.id;
  }

  /** tells the client its login ended and closes the socket */
  end() {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.error('errors.notLoggedIn');
    this.socket.close(4401, 'session ended');
  }

  /** Takes one message; messages are handled one after another, in the order they came. */
  take(raw: string) {
    this.alive = true;
    const now = Date.now();
    if (now - this.windowStart > RATE_WINDOW_MS) {
      this.windowStart = now;
      this.sent = 0;
    }
    if (++this.sent > RATE_LIMIT) {
      this.socket.close(1008, 'too many messages');
      return;
    }
    this.queue = this.queue
      .then(() => this.handle(raw, now))
      .catch((err) => {
        this.app.log.error({ err }, 'socket message failed');
        this.error('errors.realtimeFailed');
      });
  }

  /** Enters the first room; messages wait until it is entered. */
  begin(room: string) {
    this.queue = this.enter(room).catch((err) => {
      this.app.log.error({ err }, 'socket could not enter its room');
      this.error('errors.realtimeFailed');
    });
  }

  enter(room: string) {
    this.rooms.add(room);
    return this.app.ctx.realtime.join(room, this.member);
  }

  leaveAll() {
    for (const room of this.rooms) this.app.ctx.realtime.leave(room, this.member);
    this.rooms.clear();
  }

  private write(serialised: string) {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(serialised);
  }

  private writeEvent(serialised: string, seq: number) {
    this.write(serialised);
    this.sentTimes.set(seq, Date.now());
    if (this.sentTimes.size > SENT_MEMORY) this.sentTimes.delete(this.sentTimes.keys().next().value!);
  }

  private reply(cmd: string, data: unknown) {
    this.write(JSON.stringify({ cmd, code: 0, msg: '', data }));
  }

  private error(key: string) {
    this.write(JSON.stringify({ cmd: 'User.error', code: -1, msg: translate(this.lang, key), data: null }));
  }

  private async handle(raw: string, receivedAt: number) {
    let message: { cmd?: unknown; data?: unknown };
    try {
      message = JSON.parse(raw);
    } catch {
      return this.error('errors.badInput');
    }
    if (!message || typeof message !== 'object') return this.error('errors.badInput');
    const data = (message.data && typeof message.data === 'object' ? message.data : {}) as Record<string, unknown>;
    // the remote controller registers as Ketangpai's does: `{type: 3, classId, classTimeId, data: {id, role}}`, no cmd
    const whole = message as Record<string, unknown>;
    if (message.cmd === undefined && Number(whole.type) === 3) return this.setActive(whole);
    switch (message.cmd) {
      case 'ping':
        return this.reply('System.pong', message.data ?? null);
      case 'AttendClass.setActive':
        return this.setActive(data);
      case 'System.resume':
        return this.resume(
          [...this.rooms].filter((r) => r.startsWith('user:')),
          data.since,
        );
      default:
        return this.dispatch(message.cmd, data, receivedAt);
    }
  }

  /** An area's command (realtime/commands.ts); unknown ones are ignored, as Ketangpai's own server does. */
  private async dispatch(cmd: unknown, data: Record<string, unknown>, receivedAt: number) {
    const command = typeof cmd === 'string' ? this.app.socketCommands.get(cmd) : undefined;
    if (!command) return;
    const caller: SocketCaller = {
      userId: this.userId,
      user: this.user,
      lang: this.lang,
      course: this.course && { courseId: this.course.courseId, role: this.course.role, classTimeId: this.course.classTimeId },
      receivedAt,
      sentAt: (seq) => this.sentTimes.get(seq),
      rttMs: () => this.rtt,
      reply: (name, answer) => this.reply(name, answer),
    };
    try {
      await command(this.app.ctx, caller, data);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      // code -1 is the spec's "error" (spec 2 §7); the refusal's own code goes in data, with the command refused
      const msg = translate(this.lang, e.messageKey, e.params);
      this.write(JSON.stringify({ cmd: 'User.error', code: -1, msg, data: { cmd, code: e.code } }));
    }
  }

  /** Joins the course's rooms (leaving another course's), after checking the caller belongs to it. */
  private async setActive(data: Record<string, unknown>) {
    const courseId = positive(data.classId ?? data.courseid ?? data.courseId);
    if (!courseId) return this.error('errors.badInput');
    const wantedTime = positive(data.classTimeId ?? data.classtimeid);
    const m = await membership(this.app.ctx, this.userId, courseId);
    if (!m) return this.error('errors.courseGone');
    const wanted = [rooms.course(courseId)];
    if (m.role === 'owner' || m.role === 'assistant') wanted.push(rooms.courseStaff(courseId));
    let classTimeId: number | undefined;
    if (wantedTime) {
      const [ct] = await this.app.ctx.db
        .select({ id: classTimes.id })
        .from(classTimes)
        .where(and(eq(classTimes.id, wantedTime), eq(classTimes.courseId, courseId)));
      if (ct) {
        classTimeId = ct.id;
        wanted.push(rooms.classTime(ct.id));
      }
    }
    for (const room of this.course?.rooms ?? []) if (!wanted.includes(room)) this.leave(room);
    this.course = { courseId, role: m.role, classTimeId, rooms: wanted };
    // a first round trip measured as the course opens: the classroom's timings need one before the next heartbeat
    if (this.rtt === undefined) this.ping();
    const joining = wanted.filter((r) => !this.rooms.has(r));
    if (data.since === undefined) {
      await Promise.all(joining.map((r) => this.enter(r)));
      return;
    }
    await this.replay(wanted, data.since, () => Promise.all(joining.map((r) => this.enter(r))));
  }

  private async resume(userRooms: string[], since: unknown) {
    if (since === undefined || since === null || since === '')
      return this.reply('System.resume', { seq: await this.app.ctx.realtime.latest() });
    await this.replay(userRooms, since, async () => {});
  }

  /** Sends what the rooms published after `since`, then what arrived meanwhile, in order and each once. */
  private async replay(roomList: string[], since: unknown, join: () => Promise<unknown>) {
    const after = Number(since);
    if (!Number.isSafeInteger(after) || after < 0) return this.error('errors.badInput');
    this.held = [];
    try {
      await join();
      const { events, more } = await this.app.ctx.realtime.since(roomList, after);
      const seen = new Set<number>();
      for (const e of events) {
        seen.add(e.seq);
        this.write(serialise(e));
      }
      // more than can be replayed: the client refetches what it shows
      if (more) this.reply('System.resume', { seq: await this.app.ctx.realtime.latest(), more: true });
      for (const h of this.held) if (!seen.has(h.seq)) this.write(h.serialised);
    } finally {
      this.held = undefined;
    }
  }

  private leave(room: string) {
    this.rooms.delete(room);
    this.app.ctx.realtime.leave(room, this.member);
  }
}

function positive(value: unknown) {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
