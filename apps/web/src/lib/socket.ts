import { useEffect, useRef, useSyncExternalStore } from 'react';
import { onSessionEnd } from './session';
import { getToken, local, STORAGE_KEYS, session } from './storage';

/**
 * The web app's one classroom socket (spec 2 §4, §7). It opens only when closed; on open it sends what
 * waited in its queue and beats at once; it beats every 25 s (`AttendClass.setActive` for the course a
 * page has open, else `ping` 10); it reconnects unless closed on purpose, paused while the page is
 * hidden; after 5 tries 10 s apart it is "offline" until `retry`. Events carry a `seq`: on reconnect it
 * asks for what it missed (`System.resume` and `setActive` with `since`), and each event is handed on once.
 */
export type SocketState = 'idle' | 'connecting' | 'open' | 'offline';
// biome-ignore lint/suspicious/noExplicitAny: each event has its own data; the page that listens knows its shape
type Handler = (data: any) => void;

const BEAT_MS = 25_000;
const RETRY_MS = 10_000;
const MAX_TRIES = 5;
/** handed to the `System.reconnected` handlers: pages refetch what they show when events may have been missed */
export const RECONNECTED = 'System.reconnected';

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
    this.activate(false);
    return () => {
      this.courses = this.courses.filter((c) => c !== entry);
      if (this.courses.length > 0) this.activate(false);
    };
  }

  private get course() {
    return this.courses.at(-1);
  }

  private activate(withSince: boolean) {
    const c = this.course;
    if (!c) return;
    session.set(STORAGE_KEYS.courseId, String(c.courseId));
    session.set(STORAGE_KEYS.classTimeId, String(c.classTimeId));
    // after a reconnect, what the course published while the socket was away is asked for too
    const since = withSince && this.lastSeq !== undefined ? { since: this.lastSeq } : {};
    this.send('AttendClass.setActive', { classId: c.courseId, classTimeId: c.classTimeId, courserole: 0, ...since });
  }

  private heartbeat() {
    if (this.course) this.activate(false);
    else this.send('ping', 10);
  }

  private setState(state: SocketState) {
    if (this.state === state) return;
    this.state = state;
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
      this.setState('open');
      // what it missed first, then the course (with its own since), then what waited, then a beat
      this.ws?.send(JSON.stringify({ cmd: 'System.resume', data: this.lastSeq === undefined ? {} : { since: this.lastSeq } }));
      if (this.course) this.activate(true);
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
      if (e.code === 4401 || this.onPurpose) return this.setState('idle');
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
      if (this.seen.size > 500) this.seen.delete(this.seen.values().next().value!);
      this.lastSeq = Math.max(this.lastSeq ?? 0, message.seq);
    }
    if (message.cmd === 'System.resume' && message.data && typeof message.data === 'object') {
      const d = message.data as { seq?: number; more?: boolean };
      if (this.lastSeq === undefined && typeof d.seq === 'number') this.lastSeq = d.seq;
      // more was missed than the server replays: pages refetch
      if (d.more) this.emit(RECONNECTED, null);
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

export function useSocketState(): SocketState {
  return useSyncExternalStore(
    (l) => classroomSocket.onState(l),
    () => classroomSocket.state,
    () => 'idle',
  );
}
