import {
  CHAT_EVENT_READ,
  CHAT_FAIL_AFTER_MS,
  CHAT_FLUSH_AFTER_LOGIN_MS,
  CHAT_HEARTBEAT_MS,
  CHAT_MSG_READ,
  CHAT_RECONNECT_MS,
  CHAT_RESEND_AFTER_MS,
  CHAT_RETURN_OK,
  type ChatMessage,
} from '@paiclass/shared';
import { onSessionEnd } from '../../lib/session';
import { getToken } from '../../lib/storage';
import { chatApi } from './api';

/**
 * The web app's chat socket (spec 2 §4 "chat channel"; issue 27). It fetches a short-lived token
 * (`getIMToken`), connects, logs in (with the cursor of the last event it saw, so the server sends
 * what it missed), and 1 s later sends what waited. A heartbeat every 10 s; an unanswered message is
 * sent again after 25 s with the same uniqueCode (the server stores it once); a close reconnects after
 * 1 s. Each message is handed on once, by id. A message still unanswered after 10 s is reported failed
 * (spec 1 §4); the page offers to send it again.
 */
interface Frame {
  requestType: string;
  uniqueCode: string;
  payload: unknown;
  returnCode?: number;
  returnMsg?: string;
  seq?: number;
}
interface Pending {
  frame: Frame;
  sentAt: number;
  firstAt: number;
  failed: boolean;
}
/** A request other than a message (a recall), answered once by its uniqueCode. */
interface Asked {
  resolve: () => void;
  reject: (refusal: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}
/** A request the server refused: its words, shown as they are. */
export class ChatRefusal extends Error {}
export type ChatEvent =
  | { type: 'message'; message: ChatMessage }
  | { type: 'ack'; uniqueCode: string; message: ChatMessage }
  | { type: 'failed'; uniqueCode: string; refused?: string }
  | { type: 'removed'; groupId: number; id: number }
  /** the teacher forbade or allowed chat in a course group (spec 2 §3 group change "post permission") */
  | { type: 'groupChange'; groupId: number }
  /** the other member of a private chat has read it up to `id` (read receipts) */
  | { type: 'read'; groupId: number; uid: number; id: number }
  /** logged in (first time or again): what was read before may have missed messages, pages read it again */
  | { type: 'online' };

const SEEN_MEMORY = 2000;

class ChatSocket {
  private ws?: WebSocket;
  private loggedIn = false;
  private stopped = true;
  private lastSeq?: number;
  private seen = new Set<number>();
  private pending = new Map<string, Pending>();
  private asked = new Map<string, Asked>();
  private listeners = new Set<(e: ChatEvent) => void>();
  private beat?: ReturnType<typeof setInterval>;
  private watch?: ReturnType<typeof setInterval>;
  private reconnectTimer?: ReturnType<typeof setTimeout>;
  private flushTimer?: ReturnType<typeof setTimeout>;
  private serial = 0;

  constructor() {
    if (typeof window !== 'undefined') onSessionEnd(() => this.stop());
  }

  subscribe(listener: (e: ChatEvent) => void) {
    this.listeners.add(listener);
    this.start();
    return () => {
      this.listeners.delete(listener);
    };
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    // every second: what is still unanswered after 10 s is failed; after 25 s it is sent again
    this.watch = setInterval(() => this.check(), 1000);
    void this.connect();
  }

  stop() {
    this.stopped = true;
    clearInterval(this.watch);
    clearInterval(this.beat);
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.flushTimer);
    this.ws?.close(1000);
    this.ws = undefined;
    this.loggedIn = false;
  }

  /**
   * Sends a text, or with `media` a picture, file, voice or video already uploaded (its file id and
   * message type); answers its uniqueCode. Queued while the socket is not logged in.
   */
  send(groupId: number, text: string, uniqueCode = this.newCode(), media?: { msgType: number; fileId: number }) {
    const payload = media
      ? { groupId, msgType: media.msgType, msgContent: text, fileId: media.fileId }
      : { groupId, msgType: 0, msgContent: text };
    const frame: Frame = { requestType: 'pushMessage', uniqueCode, payload };
    const now = Date.now();
    this.pending.set(uniqueCode, { frame, sentAt: 0, firstAt: now, failed: false });
    if (this.loggedIn) this.write(uniqueCode);
    return uniqueCode;
  }

  /**
   * Recalls one of our own messages (spec 2 §3 "recall"; the server allows it within 2 minutes): settles
   * when the server answers, refused with its words (too late, offline, no answer within 10 s). Every
   * member's page, this one included, hears `removeMessage` and shows the recall.
   */
  recall(groupId: number, id: number, offline: string): Promise<void> {
    if (!this.loggedIn) return Promise.reject(new ChatRefusal(offline));
    const uniqueCode = this.newCode();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.asked.delete(uniqueCode);
        reject(new ChatRefusal(offline));
      }, CHAT_FAIL_AFTER_MS);
      this.asked.set(uniqueCode, { resolve, reject, timer });
      this.raw({ requestType: 'removeMessage', uniqueCode, payload: { groupId, id } });
    });
  }

  /** Marks the group read up to `id` (msgType 8); nothing to retry. */
  markRead(groupId: number, id: number) {
    if (this.loggedIn)
      this.raw({ requestType: 'pushMessage', uniqueCode: this.newCode(), payload: { groupId, msgType: CHAT_MSG_READ, id } });
  }

  private newCode() {
    return `${Date.now().toString(36)}-${(++this.serial).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  }

  private emit(e: ChatEvent) {
    for (const l of this.listeners) l(e);
  }

  private raw(frame: Frame) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private write(code: string) {
    const p = this.pending.get(code);
    if (!p || this.ws?.readyState !== WebSocket.OPEN) return;
    p.sentAt = Date.now();
    this.ws.send(JSON.stringify(p.frame));
  }

  private check() {
    const now = Date.now();
    for (const [code, p] of this.pending) {
      if (!p.failed && now - p.firstAt >= CHAT_FAIL_AFTER_MS) {
        p.failed = true;
        this.emit({ type: 'failed', uniqueCode: code });
      }
      if (this.loggedIn && p.sentAt && now - p.sentAt >= CHAT_RESEND_AFTER_MS) this.write(code);
    }
  }

  private async connect() {
    if (this.stopped || !getToken() || typeof WebSocket === 'undefined') return;
    if (this.ws && this.ws.readyState !== WebSocket.CLOSED) return;
    let token: string;
    let path: string;
    try {
      ({ token, path } = await chatApi.imToken());
    } catch {
      return this.reconnectLater();
    }
    if (this.stopped) return;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}${path}`);
    this.ws = ws;
    ws.onopen = () => {
      ws.send(
        JSON.stringify({
          requestType: 'login',
          uniqueCode: 'login',
          payload: { token, ...(this.lastSeq ? { since: this.lastSeq } : {}) },
        }),
      );
      clearInterval(this.beat);
      this.beat = setInterval(() => this.raw({ requestType: 'ping', uniqueCode: '', payload: {} }), CHAT_HEARTBEAT_MS);
    };
    ws.onmessage = (e) => this.receive(String(e.data));
    ws.onclose = () => {
      clearInterval(this.beat);
      clearTimeout(this.flushTimer);
      if (this.ws !== ws) return;
      this.loggedIn = false;
      this.reconnectLater();
    };
  }

  private reconnectLater() {
    if (this.stopped) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.connect(), CHAT_RECONNECT_MS);
  }

  private receive(raw: string) {
    let f: Frame;
    try {
      f = JSON.parse(raw);
    } catch {
      return;
    }
    if (typeof f.seq === 'number') {
      this.lastSeq = Math.max(this.lastSeq ?? 0, f.seq);
      if (f.requestType === 'pushMessage') {
        const m = f.payload as ChatMessage;
        if (this.seen.has(m.id)) return;
        this.seen.add(m.id);
        if (this.seen.size > SEEN_MEMORY) this.seen.delete(this.seen.values().next().value!);
        return this.emit({ type: 'message', message: m });
      }
      if (f.requestType === 'removeMessage') {
        const r = f.payload as { groupId: number; id: number };
        return this.emit({ type: 'removed', groupId: r.groupId, id: r.id });
      }
      if (f.requestType === CHAT_EVENT_READ) {
        const r = f.payload as { groupId: number; uid: number; id: number };
        return this.emit({ type: 'read', groupId: r.groupId, uid: r.uid, id: r.id });
      }
      if (f.requestType === 'groupChange') {
        const c = f.payload as { groupId: number };
        return this.emit({ type: 'groupChange', groupId: c.groupId });
      }
      return;
    }
    const asked = this.asked.get(f.uniqueCode);
    if (asked) {
      this.asked.delete(f.uniqueCode);
      clearTimeout(asked.timer);
      if (f.returnCode === CHAT_RETURN_OK) asked.resolve();
      else asked.reject(new ChatRefusal(f.returnMsg ?? ''));
      return;
    }
    if (f.requestType === 'login') {
      if (f.returnCode !== CHAT_RETURN_OK) return;
      this.loggedIn = true;
      const p = f.payload as { seq?: number };
      if (this.lastSeq === undefined) this.lastSeq = p.seq ?? 0;
      this.emit({ type: 'online' });
      // spec 2 §4: what waited goes 1 s after login
      clearTimeout(this.flushTimer);
      this.flushTimer = setTimeout(() => {
        for (const code of this.pending.keys()) this.write(code);
      }, CHAT_FLUSH_AFTER_LOGIN_MS);
      return;
    }
    if (f.requestType === 'pushMessage' && this.pending.has(f.uniqueCode)) {
      this.pending.delete(f.uniqueCode);
      if (f.returnCode === CHAT_RETURN_OK) {
        const m = f.payload as ChatMessage;
        this.emit({ type: 'ack', uniqueCode: f.uniqueCode, message: m });
        if (!this.seen.has(m.id)) {
          this.seen.add(m.id);
          this.emit({ type: 'message', message: m });
        }
      } else this.emit({ type: 'failed', uniqueCode: f.uniqueCode, refused: f.returnMsg ?? '' });
    }
  }
}

/** The one chat socket of the app. */
export const chatSocket = new ChatSocket();
