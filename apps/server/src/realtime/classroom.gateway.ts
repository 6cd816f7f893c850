import { randomUUID } from 'node:crypto';
import type { Language } from '@paiclass/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { classTimes, courseMembers, courses } from '../db/schema';
import { type CourseRole, closedToStudent } from '../modules/courses/courses.policy';
import { membership } from '../modules/courses/courses.queries';
import { findSession, type User } from '../platform/auth';
import { AppError } from '../platform/errors';
import { translate } from '../platform/i18n';
import { sha256 } from '../platform/tokens';
import type { SocketCaller } from './commands';
import { closeEndedSessions } from './ended-sessions';
import { serialise } from './hub';
import { MeetingHub, type Seat } from './meeting';
import { classroomRoles, MEMBERS_TOPIC } from './membership';
import { rooms } from './rooms';
import { SocketRegistry } from './socket-registry';

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
 * Close codes of the channel (also in docs/api.md): 4401 the login ended (the client does not
 * reconnect); 4413 the socket fell behind, more than `WS_SEND_BUFFER_BYTES` waited to be sent to it
 * (the client reconnects and catches up by cursor); 4429 a newer socket of the same user replaced it,
 * over `WS_SOCKETS_PER_USER` (the client does not reconnect on its own: that would close another).
 */
export const CLOSE_LOGIN_ENDED = 4401;
/** the bus topic on which an instance asks the others to close a user's sockets beyond the cap */
const REPLACE_TOPIC = 'sockets.replace';
/** how long a replay waits for a socket to take what its buffer holds before dropping it as fallen behind */
const REPLAY_DRAIN_MS = 10_000;
export const CLOSE_FELL_BEHIND = 4413;
export const CLOSE_REPLACED = 4429;
/** how a meeting signal starts as our client sends it (`JSON.stringify({cmd, data})`): counted apart (realtime/meeting.ts) */
const SIGNAL_PREFIX = '{"cmd":"Meeting.signal"';
/** how many of its latest ping round trips a socket keeps; `SocketCaller.rttMs` is their lower median */
const RTT_MEMORY = 5;
/** round trips measured in quick succession when a course opens, so that one late pong does not decide */
const RTT_FIRST_SAMPLES = 3;
const RTT_SAMPLE_GAP_MS = 300;
/** The most courses a `setActive` with `classId: null` listens to (the newest courses first). */
export const EVERY_COURSE_MAX = 200;

/**
 * The classroom and attendance channel (spec 2 §7), at `/ws/classroom` and, for Ketangpai's own
 * clients, as an upgrade request to `/`. The client offers its token and a hash as sub-protocols; the
 * token is checked before any message is taken. Messages are `{cmd, data}`:
 * - `ping` → `System.pong` with the same data;
 * - `AttendClass.setActive {classId, classTimeId}` (at connect and every 25 s): the socket joins the
 *   course's room (and its staff room as teacher or assistant, and the class time's room), leaving the
 *   rooms of a course it had open before; with `since`, what those rooms published after it is replayed;
 *   with `classId: null` (Ketangpai's student clients, which listen for attendance everywhere) it joins
 *   the room of every course the user is in (EVERY_COURSE_MAX, newest first) and has no course open;
 *   with `ack: 1` (our web client, not Ketangpai's) it answers `AttendClass.active {courseid}` once in
 *   the course's rooms, so that a page reads again what changed before it was listening;
 * - `System.resume {since}`: what the user's own room published after `since` is replayed; without
 *   `since`, the answer `System.resume {seq}` tells where counting starts.
 * Every event carries `seq`; replays are in order and come before anything newer. Other commands go
 * to the areas that registered them (`app.socketCommands`, realtime/commands.ts). Errors are
 * `{code: -1, msg}`. Sockets are pinged every 30 s and closed when silent; a socket ends with its session.
 */
export async function classroomGateway(app: FastifyInstance) {
  // each user's sockets on this instance, oldest first (a Set keeps insertion order)
  const live = new Map<number, Set<LiveSocket>>();
  const all = new Set<LiveSocket>();
  // forgets heard so far: a socket whose login was being checked while one arrived checks again
  let forgetsHeard = 0;
  const cap = app.ctx.config.wsSocketsPerUser;
  // with Redis, the cap on a user's sockets holds across instances (socket-registry.ts); without, there is one instance
  const instance = randomUUID().slice(0, 8);
  let serial = 0;
  const registry = app.ctx.redis
    ? new SocketRegistry(
        app.ctx.redis,
        `paiclass-sockets:${sha256(app.ctx.secret).slice(0, 12)}:`,
        3 * app.ctx.config.wsHeartbeatMs,
      )
    : undefined;
  const registryFailed = (err: unknown) => app.log.warn({ err }, 'socket registry failed');
  // the built-in meeting's rooms and signalling (decision 041)
  const meetings = new MeetingHub(app);
  await meetings.start();
  // another instance counted this user's sockets past the cap: those named here (the oldest) close
  const stopReplacing = await app.ctx.bus.subscribe(REPLACE_TOPIC, (message) => {
    const m = message as { userId?: unknown; keys?: unknown } | null;
    if (typeof m?.userId !== 'number' || !Array.isArray(m.keys)) return;
    const keys = new Set(m.keys);
    for (const s of live.get(m.userId) ?? []) if (keys.has(s.key)) s.replaced();
  });

  const recheckLogged = (sockets: LiveSocket[]) =>
    closeEndedSessions(app.ctx, sockets).catch((err) => app.log.error({ err }, 'socket session check failed'));

  const stopListening = app.ctx.sessions.onForget((userId) => {
    forgetsHeard++;
    const mine = live.get(userId);
    if (mine) void recheckLogged([...mine]);
  });

  // a change to a course's members, on any instance (realtime/membership.ts): the sockets that have the
  // course open hold their events at once, and leave the rooms their user no longer belongs to
  const stopMembers = await app.ctx.bus.subscribe(MEMBERS_TOPIC, (message) => {
    const change = message as { courseId?: unknown; userIds?: unknown } | null;
    const courseId = change?.courseId;
    if (typeof courseId !== 'number') return;
    const userIds = change?.userIds;
    const named = Array.isArray(userIds) ? userIds.filter((u): u is number => typeof u === 'number') : undefined;
    // meeting seats of the course whose people may no longer be there leave their room
    const seats = meetings.seatsOf(courseId).filter((s) => !named || named.includes(s.socket.userId));
    if (seats.length > 0)
      classroomRoles(app.ctx, courseId, [...new Set(seats.map((s) => s.socket.userId))])
        .then(async (roles) => {
          for (const seat of seats) if (!roles.has(seat.socket.userId)) await seat.socket.leaveMeeting();
        })
        .catch((err) => app.log.error({ err, courseId }, 'meeting membership check failed'));
    const pool = named ? named.flatMap((u) => [...(live.get(u) ?? [])]) : all;
    const affected: LiveSocket[] = [];
    for (const s of pool) if (s.concerns(courseId)) affected.push(s);
    if (affected.length === 0) return;
    for (const s of affected) s.hold();
    // one query for every socket of the change
    const roles = classroomRoles(app.ctx, courseId, [...new Set(affected.map((s) => s.userId))]);
    roles.catch((err) => app.log.error({ err, courseId }, 'socket membership check failed'));
    for (const s of affected) s.recheckCourse(courseId, roles);
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
    registry?.refresh([...all].map((s) => ({ userId: s.userId, key: s.key }))).catch(registryFailed);
    meetings.touch().catch((err) => app.log.warn({ err }, 'meeting presences not refreshed'));
  }, app.ctx.config.wsHeartbeatMs);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    stopListening();
    await stopMembers().catch(() => {});
    await stopReplacing().catch(() => {});
    await meetings.stop();
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
        const lang = found.user.lang === 'en' ? 'en' : 'zh';
        const entry = new LiveSocket(
          socket,
          SocketRegistry.key(Date.now(), instance, ++serial),
          found.sessionId,
          found.user,
          lang,
          app,
          meetings,
        );
        entry.onDropped = () => forget(entry);
        // the user's room first: a message is answered once the socket hears what is published to its user
        entry.begin(rooms.user(found.user.id));
        handle = (raw) => entry.take(raw);
        for (const raw of early.splice(0)) handle(raw);

        const userId = found.user.id;
        const mine = live.get(userId) ?? new Set<LiveSocket>();
        mine.add(entry);
        live.set(userId, mine);
        all.add(entry);
        // at most WS_SOCKETS_PER_USER sockets of one user: the oldest go, here at once, elsewhere through the bus
        for (const old of mine) {
          if (mine.size <= cap) break;
          old.replaced();
        }
        registry
          ?.opened(userId, entry.key, cap)
          .then((over) => (over.length > 0 ? app.ctx.bus.publish(REPLACE_TOPIC, { userId, keys: over }) : undefined))
          .catch(registryFailed);
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
          forget(entry);
        });
      },
      (err) => {
        clearTimeout(authTimer);
        req.log.error({ err }, 'socket authentication failed');
        socket.close(1011, 'server error');
      },
    );
  }

  /** A socket closed, dropped or replaced: it leaves its rooms and stops counting toward its user's sockets. */
  function forget(entry: LiveSocket) {
    if (all.delete(entry)) registry?.closed(entry.userId, [entry.key]).catch(registryFailed);
    const mine = live.get(entry.userId);
    mine?.delete(entry);
    if (mine?.size === 0) live.delete(entry.userId);
    entry.leaveAll();
    void entry.leaveMeeting();
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
  /** the built-in meeting room the socket is in (decision 041) */
  private seat?: Seat;
  private pingedAt?: number;
  /** the round trips of the latest pings (ms), oldest first, at most RTT_MEMORY */
  private rtts: number[] = [];
  private sampling?: NodeJS.Timeout;
  /** seq → when it was written to this socket, for its latest SENT_MEMORY events */
  private sentTimes = new Map<number, number>();
  /** membership checks under way: live events wait here until they tell which rooms the socket stays in */
  private checks = 0;
  private checked: { serialised: string; seq: number; room: string }[] = [];
  /** the course rooms a `setActive` with `classId: null` joined (every course of the user) */
  private everyCourse: string[] = [];
  /** the course whose `setActive` is being handled: a membership change heard meanwhile concerns it too */
  private opening?: number;
  /** called once when the socket is dropped (fell behind or replaced), before its close completes */
  onDropped?: () => void;
  readonly member = {
    send: (serialised: string, seq: number, room: string) => {
      if (this.checks > 0) this.checked.push({ serialised, seq, room });
      else this.deliver(serialised, seq);
    },
  };

  constructor(
    readonly socket: WebSocket,
    /** its key among the user's sockets on every instance (socket-registry.ts) */
    readonly key: string,
    readonly sessionId: number,
    readonly user: User,
    readonly lang: Language,
    private app: FastifyInstance,
    private meetings: MeetingHub,
  ) {
    socket.on('pong', () => {
      this.alive = true;
      if (this.pingedAt !== undefined) {
        this.rtts.push(Date.now() - this.pingedAt);
        if (this.rtts.length > RTT_MEMORY) this.rtts.shift();
      }
      this.pingedAt = undefined;
      // a course just opened: a few samples soon, so that the race's correction is a median (decision 021)
      if (this.course && this.rtts.length < RTT_FIRST_SAMPLES && !this.sampling) {
        this.sampling = setTimeout(() => {
          this.sampling = undefined;
          this.ping();
        }, RTT_SAMPLE_GAP_MS);
        this.sampling.unref();
      }
    });
    socket.on('close', () => clearTimeout(this.sampling));
  }

  /**
   * The socket's round trip: the lower median of its latest pings' round trips, so that one slow (or
   * one deliberately delayed) pong does not set it; undefined before a pong came back.
   */
  private rttMs() {
    if (this.rtts.length === 0) return undefined;
    const sorted = [...this.rtts].sort((a, b) => a - b);
    return sorted[(sorted.length - 1) >> 1];
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
    this.socket.close(CLOSE_LOGIN_ENDED, 'session ended');
  }

  /** A newer socket of the user took this one's place (WS_SOCKETS_PER_USER): it leaves its rooms at once and closes. */
  replaced() {
    this.drop(CLOSE_REPLACED, 'too many sockets of this user');
  }

  /**
   * Leaves every room at once and closes: nothing more is written to it. The close frame follows what
   * is already buffered; `ws` destroys a socket whose peer does not answer it within 30 s.
   */
  private drop(code: number, reason: string) {
    if (this.socket.readyState === this.socket.OPEN) this.socket.close(code, reason);
    this.onDropped?.();
  }

  /** Whether a membership change of this course concerns the socket: it has the course open, or is opening it. */
  concerns(courseId: number) {
    return this.course?.courseId === courseId || this.opening === courseId || this.everyCourse.includes(rooms.course(courseId));
  }

  /** From now until the membership check that follows ends, live events wait (`recheckCourse`). */
  hold() {
    this.checks++;
  }

  /**
   * After a membership change of the course (heard with `hold` first), in turn with the socket's
   * messages: leaves the rooms the user's role no longer allows (all of the course's without one; the
   * check failing counts as none), takes the new role, then sends the events that waited, but those of
   * rooms it left.
   */
  recheckCourse(courseId: number, roles: Promise<Map<number, NonNullable<SocketCaller['course']>['role']>>) {
    this.queue = this.queue
      .then(async () => {
        const role = await roles.then(
          (found) => found.get(this.userId),
          () => undefined,
        );
        const room = rooms.course(courseId);
        if (!role && this.everyCourse.includes(room)) {
          this.everyCourse = this.everyCourse.filter((r) => r !== room);
          if (this.course?.courseId !== courseId) this.leave(room);
        }
        if (this.course?.courseId !== courseId) return;
        if (!role) return this.closeCourse();
        const wanted = courseRooms(courseId, role, this.course.classTimeId);
        for (const room of this.course.rooms) if (!wanted.includes(room)) this.leave(room);
        this.course = { ...this.course, role, rooms: wanted };
        await Promise.all(wanted.filter((r) => !this.rooms.has(r)).map((r) => this.enter(r)));
      })
      .catch((err) => this.app.log.error({ err }, 'socket membership check failed'))
      .finally(() => {
        if (--this.checks > 0) return;
        for (const e of this.checked.splice(0))
          if (this.rooms.has(e.room) && !this.sentTimes.has(e.seq)) this.deliver(e.serialised, e.seq);
      });
  }

  /** Leaves the open course's rooms (all of them: course, staff, class time). */
  private closeCourse() {
    for (const room of this.course?.rooms ?? []) this.leave(room);
    this.course = undefined;
  }

  /** Takes one message; messages are handled one after another, in the order they came. */
  take(raw: string) {
    this.alive = true;
    const now = Date.now();
    if (now - this.windowStart > RATE_WINDOW_MS) {
      this.windowStart = now;
      this.sent = 0;
    }
    // a meeting's signalling has a rate of its own (realtime/meeting.ts): a newcomer's offers and candidates
    // to seven peers are a burst; the message must then be that command and nothing else
    const signal = raw.startsWith(SIGNAL_PREFIX);
    if (!signal && ++this.sent > RATE_LIMIT) {
      this.socket.close(1008, 'too many messages');
      return;
    }
    this.queue = this.queue
      .then(() => this.handle(raw, now, signal))
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

  /**
   * Writes unless the socket fell behind: with more than WS_SEND_BUFFER_BYTES still waiting to be
   * sent (a slow phone in a large class), it is dropped (4413) rather than buffered without limit, and
   * catches up by cursor when it reconnects (events are stored before they are published).
   */
  private write(serialised: string) {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > this.app.ctx.config.wsSendBufferBytes) return this.drop(CLOSE_FELL_BEHIND, 'fell behind');
    this.socket.send(serialised);
  }

  /**
   * Writes a replayed event at the client's pace: a replay is a burst (up to REPLAY_LIMIT events and
   * the window), so once the send buffer passes its cap the replay waits until this event is handed to
   * the network, rather than dropping the socket that is catching up; one that takes more than
   * REPLAY_DRAIN_MS to take it is dropped as fallen behind.
   */
  private async writePaced(serialised: string, seq: number) {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount + serialised.length <= this.app.ctx.config.wsSendBufferBytes)
      return this.writeEvent(serialised, seq);
    this.remember(seq);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.drop(CLOSE_FELL_BEHIND, 'fell behind');
        resolve();
      }, REPLAY_DRAIN_MS);
      this.socket.send(serialised, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** A live event: held while a replay is read, else written. */
  private deliver(serialised: string, seq: number) {
    if (this.held) this.held.push({ serialised, seq });
    else this.writeEvent(serialised, seq);
  }

  private writeEvent(serialised: string, seq: number) {
    this.write(serialised);
    this.remember(seq);
  }

  private remember(seq: number) {
    this.sentTimes.set(seq, Date.now());
    if (this.sentTimes.size > SENT_MEMORY) this.sentTimes.delete(this.sentTimes.keys().next().value!);
  }

  reply(cmd: string, data: unknown) {
    this.write(JSON.stringify({ cmd, code: 0, msg: '', data }));
  }

  private error(key: string) {
    this.write(JSON.stringify({ cmd: 'User.error', code: -1, msg: translate(this.lang, key), data: null }));
  }

  private async handle(raw: string, receivedAt: number, signal = false) {
    let message: { cmd?: unknown; data?: unknown };
    try {
      message = JSON.parse(raw);
    } catch {
      return this.error('errors.badInput');
    }
    if (!message || typeof message !== 'object') return this.error('errors.badInput');
    const data = (message.data && typeof message.data === 'object' ? message.data : {}) as Record<string, unknown>;
    if (signal && message.cmd !== 'Meeting.signal') return this.error('errors.badInput');
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
      case 'Meeting.join':
        return this.meeting(message.cmd, async () => {
          this.seat = await this.meetings.join(this, this.seat, data);
        });
      case 'Meeting.leave':
        return this.meeting(message.cmd, async () => {
          await this.leaveMeeting();
          this.reply('Meeting.left', null);
        });
      case 'Meeting.signal':
        return this.meeting(message.cmd, () => this.meetings.signal(this.seat, data, raw.length));
      case 'Meeting.state':
        return this.meeting(message.cmd, () => this.meetings.state(this.seat, data));
      default:
        return this.dispatch(message.cmd, data, receivedAt);
    }
  }

  /** Leaves the meeting room the socket is in, if any. */
  async leaveMeeting() {
    const seat = this.seat;
    this.seat = undefined;
    if (seat) await this.meetings.leave(seat).catch((err) => this.app.log.error({ err }, 'meeting leave failed'));
  }

  /** A meeting command; a refusal is told as `User.error {cmd, code}`, as an area's command's is. */
  private async meeting(cmd: string, work: () => Promise<void>) {
    try {
      await work();
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      this.refused(cmd, e);
    }
  }

  private refused(cmd: unknown, e: AppError) {
    // code -1 is the spec's "error" (spec 2 §7); the refusal's own code goes in data, with the command refused
    const msg = translate(this.lang, e.messageKey, e.params);
    this.write(JSON.stringify({ cmd: 'User.error', code: -1, msg, data: { cmd, code: e.code } }));
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
      rttMs: () => this.rttMs(),
      reply: (name, answer) => this.reply(name, answer),
    };
    try {
      await command(this.app.ctx, caller, data);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      this.refused(cmd, e);
    }
  }

  /**
   * Joins the course's rooms (leaving another course's), after checking the caller belongs to it. Refused
   * for the course the socket has open (the 25 s re-join of a user removed meanwhile), it leaves its rooms.
   */
  private async setActive(data: Record<string, unknown>) {
    if (data.classId === null || data.classId === '') return this.openEveryCourse();
    const courseId = positive(data.classId ?? data.courseid ?? data.courseId);
    if (!courseId) return this.error('errors.badInput');
    const wantedTime = positive(data.classTimeId ?? data.classtimeid);
    this.opening = courseId;
    try {
      await this.open(courseId, wantedTime, data.since);
    } finally {
      this.opening = undefined;
    }
    // asked for (our web client, when it opens a course): the page may now read what it shows and trust
    // that every later change reaches it; Ketangpai's clients do not ask and hear nothing new
    if ((data.ack === 1 || data.ack === true) && this.course?.courseId === courseId)
      this.reply('AttendClass.active', { courseid: courseId });
  }

  private async open(courseId: number, wantedTime: number | undefined, since: unknown) {
    const m = await membership(this.app.ctx, this.userId, courseId);
    const refused = !m ? 'errors.courseGone' : closedToStudent(m.role, m.course) ? 'errors.courseClosed' : undefined;
    if (!m || refused) {
      if (this.course?.courseId === courseId) this.closeCourse();
      return this.error(refused ?? 'errors.courseGone');
    }
    let classTimeId: number | undefined;
    if (wantedTime) {
      const [ct] = await this.app.ctx.db
        .select({ id: classTimes.id })
        .from(classTimes)
        .where(and(eq(classTimes.id, wantedTime), eq(classTimes.courseId, courseId)));
      classTimeId = ct?.id;
    }
    const wanted = courseRooms(courseId, m.role, classTimeId);
    for (const room of [...(this.course?.rooms ?? []), ...this.everyCourse]) if (!wanted.includes(room)) this.leave(room);
    this.everyCourse = [];
    this.course = { courseId, role: m.role, classTimeId, rooms: wanted };
    // a first round trip measured as the course opens: the classroom's timings need one before the next heartbeat
    if (this.rtts.length === 0) this.ping();
    const joining = wanted.filter((r) => !this.rooms.has(r));
    if (since === undefined) {
      await Promise.all(joining.map((r) => this.enter(r)));
      return;
    }
    await this.replay(wanted, since, () => Promise.all(joining.map((r) => this.enter(r))));
  }

  /**
   * `setActive` without a course: the rooms of every course the user is in and may visit, so that a
   * check-in helper hears `KeTangPaiPublishAttendance` (which names the course as `classId`) of any of
   * them. Only the course rooms: staff rooms and class times need a course opened by name.
   */
  private async openEveryCourse() {
    const rows = await this.app.ctx.db
      .select({ id: courses.id, role: courseMembers.role, classending: courses.classending, canvisit: courses.canvisit })
      .from(courseMembers)
      .innerJoin(courses, eq(courses.id, courseMembers.courseId))
      .where(and(eq(courseMembers.userId, this.userId), isNull(courses.deletedAt)))
      .orderBy(desc(courseMembers.courseId))
      .limit(EVERY_COURSE_MAX);
    const wanted = rows.filter((r) => !closedToStudent(r.role as CourseRole, r)).map((r) => rooms.course(r.id));
    for (const room of [...(this.course?.rooms ?? []), ...this.everyCourse]) if (!wanted.includes(room)) this.leave(room);
    this.course = undefined;
    this.everyCourse = wanted;
    await Promise.all(wanted.filter((r) => !this.rooms.has(r)).map((r) => this.enter(r)));
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
        await this.writePaced(serialise(e), e.seq);
      }
      // more than can be replayed: the client refetches what it shows
      if (more) this.reply('System.resume', { seq: await this.app.ctx.realtime.latest(), more: true });
      // what arrives while these are written joins the end of the list
      for (const h of this.held) if (!seen.has(h.seq)) await this.writePaced(h.serialised, h.seq);
    } finally {
      this.held = undefined;
    }
  }

  private leave(room: string) {
    this.rooms.delete(room);
    this.app.ctx.realtime.leave(room, this.member);
  }
}

/** The rooms of a course a socket with this role is in: the course's, the staff room for its teachers, the class time's. */
function courseRooms(courseId: number, role: NonNullable<SocketCaller['course']>['role'], classTimeId?: number) {
  const wanted = [rooms.course(courseId)];
  if (role === 'owner' || role === 'assistant') wanted.push(rooms.courseStaff(courseId));
  if (classTimeId) wanted.push(rooms.classTime(classTimeId));
  return wanted;
}

function positive(value: unknown) {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
