import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { onSessionEnd } from './session';
import { getToken, local, STORAGE_KEYS, session } from './storage';

/**
 * The web app's one classroom socket (spec 2 §4, §7). It opens only when closed; on open it sends what
 * waited in its queue and beats at once; it beats every 25 s (`AttendClass.setActive` for the course a
 * page has open, else `ping` 10); it reconnects unless closed on purpose, paused while the page is
 * hidden; after 5 tries 10 s apart it is "offline" until `retry`. Events carry a `seq`: on reconnect it
 * asks for what it missed (`System.resume` and `setActive` with `since`); the server replays a window
 * behind that cursor too (an event with a lower id can commit after a higher one), and each event is
 * handed on once, by id. Closed by the server with 4401 (the login ended) it stays closed; with 4429 (a
 * newer socket of the same user took its place) it is "offline" until `retry`, since reconnecting on its
 * own would close another; with 4413 (it fell behind) or anything else it reconnects and catches up.
 */
export type SocketState = 'idle' | 'connecting' | 'open' | 'offline';
// biome-ignore lint/suspicious/noExplicitAny: each event has its own data; the page that listens knows its shape
type Handler = (data: any) => void;

const BEAT_MS = 25_000;
const RETRY_MS = 10_000;
const MAX_TRIES = 5;
/** close codes of the server (docs/api.md) */
const CLOSE_LOGIN_ENDED = 4401;
const CLOSE_REPLACED = 4429;
/**
 * how many of the latest ids are remembered to drop a replayed event seen before: more than a
 * reconnect's two replay windows (the user's room and the course's, 200 events each)
 */
const SEEN_MEMORY = 1000;
/** handed to the `System.reconnected` handlers: pages refetch what they show when events may have been missed */
export const RECONNECTED = 'System.reconnected';
/** the server's answer to a `setActive` that asked for one: the socket is in the course's rooms */
const ACTIVE = 'AttendClass.active';

/** A 32-bit fold of the token and the time, kept in the browser (spec 2 §7). */
function wsHash(token: string) {
  const kept = local.get(STORAGE_KEYS.wsHash);
  if (kept) return kept;
  let h = 0;
  for (const c of `${token}${Date.now()}`) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  const hash = (h >>> 0).toString(16);
  local.set(STORAGE_KEYS.wsHash, hash);
  return hash;
}

export class ClassroomSocket {
  state: SocketState = 'idle';
  private ws?: WebSocket;
  private queue: string[] = [];
  private tries = 0;
  private onPurpose = false;
  private beat?: ReturnType<typeof setInterval>;
  private retryTimer?: ReturnType<typeof setTimeout>;
  private handlers = new Map<string, Set<Handler>>();
  private stateListeners = new Set<() => void>();
  private courses: { courseId: number; classTimeId: number }[] = [];
  /** the newest event seen, and the recent ones, so that a replayed event is not handed on twice */
  private lastSeq?: number;
  private seen = new Set<number>();
  private everOpened = false;
  /**
   * the course whose rooms the server has said this socket is in (`AttendClass.active`, the answer to a
   * `setActive` that asked for one), until the socket closes or another course is asked for
   */
  private joinedCourse = 0;

  constructor() {
    if (typeof document === 'undefined') return;
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && this.state !== 'open' && !this.onPurpose && getToken()) this.connect();
    });
    onSessionEnd(() => this.stop());
  }

  /** Opens the socket when it is closed and there is a token. */
  start() {
    this.onPurpose = false;
    if (this.state === 'idle') this.connect();
  }

  /** Closes on purpose (logout): no reconnecting, nothing kept. */
  stop() {
    this.onPurpose = true;
    clearTimeout(this.retryTimer);
    this.ws?.close(1000);
    this.ws = undefined;
    this.queue = [];
    this.lastSeq = undefined;
    this.seen.clear();
    this.setState('idle');
  }

  /** After "offline": tries again at once, counting from zero. */
  retry() {
    this.tries = 0;
    this.onPurpose = false;
    this.connect();
  }

  send(cmd: string, data: unknown) {
    const raw = JSON.stringify({ cmd, data });
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(raw);
    else this.queue.push(raw);
  }

  on(cmd: string, handler: Handler) {
    const set = this.handlers.get(cmd) ?? new Set();
    set.add(handler);
    this.handlers.set(cmd, set);
    return () => {
      set.delete(handler);
    };
  }

  /**
   * true once the server has put this open socket in the course's rooms: what the course publishes
   * reaches it from now on, and a command sent now is taken for that course (the remote controller's
   * page turns). False while connecting, after a drop until the server answers again, and for a course
   * no page has open.
   */
  isJoined(courseId: number) {
    return this.state === 'open' && courseId > 0 && this.joinedCourse === courseId;
  }

  /** Called when `state` changes, and when the course the socket is in (`isJoined`) does. */
  onState(listener: () => void) {
    this.stateListeners.add(listener);
    return () => {
      this.stateListeners.delete(listener);
    };
  }

  /** A page has a course open: the socket joins its rooms; the last page mounted wins. */
  openCourse(courseId: number, classTimeId = 0) {
    const entry = { courseId, classTimeId };
    this.courses.push(entry);
    // the page has just read what it shows: no replay
    this.activate(false, true);
    return () => {
      this.courses = this.courses.filter((c) => c !== entry);
      if (this.courses.length > 0) this.activate(false, true);
    };
  }

  private get course() {
    return this.courses.at(-1);
  }

  /** `ack`: the server answers `AttendClass.active` once the socket is in the course's rooms (not on heartbeats) */
  private activate(withSince: boolean, ack = false) {
    const c = this.course;
    if (!c) return;
    // another course asked for: not in its rooms until the server says so
    if (c.courseId !== this.joinedCourse) this.setJoined(0);
    session.set(STORAGE_KEYS.courseId, String(c.courseId));
    session.set(STORAGE_KEYS.classTimeId, String(c.classTimeId));
    // after a reconnect, what the course published while the socket was away is asked for too
    const since = withSince && this.lastSeq !== undefined ? { since: this.lastSeq } : {};
    this.send('AttendClass.setActive', {
      classId: c.courseId,
      classTimeId: c.classTimeId,
      courserole: 0,
      ...since,
      ...(ack && { ack: 1 }),
    });
  }

  private heartbeat() {
    if (this.course) this.activate(false);
    else this.send('ping', 10);
  }

  private setState(state: SocketState) {
    if (this.state === state) return;
    this.state = state;
    // a socket that is not open is in no room; a new one is in none until the server answers
    if (state !== 'open') this.joinedCourse = 0;
    for (const l of this.stateListeners) l();
  }

  private setJoined(courseId: number) {
    if (this.joinedCourse === courseId) return;
    this.joinedCourse = courseId;
    for (const l of this.stateListeners) l();
  }

  private connect() {
    const token = getToken();
    if (!token || typeof WebSocket === 'undefined') return;
    // opened only when closed
    if (this.ws && this.ws.readyState !== WebSocket.CLOSED) return;
    clearTimeout(this.retryTimer);
    this.setState('connecting');
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/ws/classroom`, [token, wsHash(token)]);
    this.ws = ws;
    ws.onopen = () => {
      this.tries = 0;
      this.joinedCourse = 0;
      this.setState('open');
      // what it missed first, then the course (with its own since), then what waited, then a beat
      this.ws?.send(JSON.stringify({ cmd: 'System.resume', data: this.lastSeq === undefined ? {} : { since: this.lastSeq } }));
      if (this.course) this.activate(true, true);
      for (const raw of this.queue.splice(0)) ws.send(raw);
      this.heartbeat();
      clearInterval(this.beat);
      this.beat = setInterval(() => this.heartbeat(), BEAT_MS);
      if (this.everOpened) this.emit(RECONNECTED, null);
      this.everOpened = true;
    };
    ws.onmessage = (e) => this.receive(String(e.data));
    ws.onclose = (e) => {
      clearInterval(this.beat);
      if (this.ws !== ws) return;
      // the login ended: the API client ends the session on its next call; nothing to reconnect with
      if (e.code === CLOSE_LOGIN_ENDED || this.onPurpose) return this.setState('idle');
      if (e.code === CLOSE_REPLACED) return this.setState('offline');
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect() {
    if (document.visibilityState === 'hidden') return this.setState('connecting');
    if (this.tries >= MAX_TRIES) return this.setState('offline');
    const wait = this.tries === 0 ? 0 : RETRY_MS;
    this.tries++;
    this.setState('connecting');
    this.retryTimer = setTimeout(() => this.connect(), wait);
  }

  private receive(raw: string) {
    let message: { cmd?: string; code?: number; msg?: string; data?: unknown; seq?: number };
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (typeof message.seq === 'number') {
      if (this.seen.has(message.seq)) return;
      this.seen.add(message.seq);
      if (this.seen.size > SEEN_MEMORY) this.seen.delete(this.seen.values().next().value!);
      this.lastSeq = Math.max(this.lastSeq ?? 0, message.seq);
    }
    if (message.cmd === 'System.resume' && message.data && typeof message.data === 'object') {
      const d = message.data as { seq?: number; more?: boolean };
      if (this.lastSeq === undefined && typeof d.seq === 'number') this.lastSeq = d.seq;
      // more was missed than the server replays: pages refetch
      if (d.more) this.emit(RECONNECTED, null);
    }
    if (message.cmd === ACTIVE && message.data && typeof message.data === 'object') {
      const courseId = Number((message.data as { courseid?: unknown }).courseid);
      // an answer for a course no page has open any more (it was left meanwhile) joins nothing
      if (courseId > 0 && this.course?.courseId === courseId) this.setJoined(courseId);
    }
    if (message.cmd) this.emit(message.cmd, message.code === -1 ? { error: message.msg } : message.data);
  }

  private emit(cmd: string, data: unknown) {
    for (const h of this.handlers.get(cmd) ?? []) {
      try {
        h(data);
      } catch (err) {
        console.error(err);
      }
    }
  }
}

export const classroomSocket = new ClassroomSocket();

/** Calls `handler` with each event `cmd` while the component is mounted. */
export function useSocketEvent(cmd: string, handler: Handler) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => classroomSocket.on(cmd, (data) => ref.current(data)), [cmd]);
}

/** Joins the course's rooms (and the class time's) while the component is mounted. */
export function useClassroom(courseId?: number, classTimeId?: number) {
  useEffect(() => {
    if (!courseId) return;
    classroomSocket.start();
    return classroomSocket.openCourse(courseId, classTimeId ?? 0);
  }, [courseId, classTimeId]);
}

/**
 * true once the socket is in the course's rooms (`ClassroomSocket.isJoined`): a page that shows
 * "connecting" shows it until then, and no longer. The page opens the course itself (`useClassroom`).
 */
export function useCourseJoined(courseId: number): boolean {
  return useSyncExternalStore(
    (l) => classroomSocket.onState(l),
    () => classroomSocket.isJoined(courseId),
    () => false,
  );
}

export function useSocketState(): SocketState {
  return useSyncExternalStore(
    (l) => classroomSocket.onState(l),
    () => classroomSocket.state,
    () => 'idle',
  );
}

/** at most one refetch a second for a page that counts: 60 hand-ins in a burst cost two reads, not 60 */
const LIVE_REFETCH_MS = 1000;

/**
 * Keeps what a page counts up to date without a reload (issue 25): joins the course's rooms and calls
 * `refetch` when one of `cmds` arrives that `accept` takes (its data is the event's), at once for the
 * first and then at most once a second, the last always followed; and after a reconnect, when events
 * may have been missed.
 */
export function useLiveRefetch(
  courseId: number | undefined,
  cmds: readonly string[],
  refetch: () => void,
  // biome-ignore lint/suspicious/noExplicitAny: each event has its own data; the page that listens knows its shape
  accept: (data: any) => boolean = () => true,
): boolean {
  const [listening, setListening] = useState(false);
  const ref = useRef({ refetch, accept });
  ref.current = { refetch, accept };
  useClassroom(courseId);
  const key = cmds.join(' ');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let again = false;
    const run = () => {
      if (timer) {
        again = true;
        return;
      }
      ref.current.refetch();
      const wait = () => {
        timer = setTimeout(() => {
          timer = undefined;
          if (!again) return;
          again = false;
          ref.current.refetch();
          wait();
        }, LIVE_REFETCH_MS);
      };
      wait();
    };
    const offs = [
      ...key.split(' ').map((cmd) =>
        classroomSocket.on(cmd, (data) => {
          if (ref.current.accept(data)) run();
        }),
      ),
      classroomSocket.on(RECONNECTED, run),
      // a socket closed (replaced, offline): the page no longer hears changes, and says so; the course's
      // next "active" after a reconnect turns it on again
      classroomSocket.onState(() => {
        if (classroomSocket.state !== 'open') setListening(false);
      }),
      // in the course's rooms: what changed between the page's first read and now is read once more
      classroomSocket.on(ACTIVE, (data: { courseid?: number } | null) => {
        if (!courseId || Number(data?.courseid) !== courseId) return;
        setListening(true);
        run();
      }),
    ];
    return () => {
      for (const off of offs) off();
      if (timer) clearTimeout(timer);
      setListening(false);
    };
  }, [key, courseId]);
  return listening;
}
