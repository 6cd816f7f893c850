import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { call } from './helpers';

/** A frame of the chat socket (spec 2 §4): an answer (no `seq`) or a push (with the room's `seq`). */
export interface ChatFrame {
  requestType: string;
  uniqueCode: string;
  // biome-ignore lint/suspicious/noExplicitAny: each request type answers its own payload; the tests read it as they need
  payload: any;
  returnCode: number;
  returnMsg: string;
  seq?: number;
}

/** A chat socket client as a test drives it: every frame it heard (and its text), and requests that wait for their answer. */
export class ChatClient {
  frames: ChatFrame[] = [];
  raw: string[] = [];
  private serial = 0;
  closed: Promise<number>;
  constructor(readonly socket: WebSocket) {
    socket.on('message', (m) => {
      this.raw.push(String(m));
      this.frames.push(JSON.parse(String(m)));
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve(code)));
  }
  static async open(app: FastifyInstance, path = '/ws/chat') {
    const port = (app.server.address() as { port: number }).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`);
    await new Promise((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    return new ChatClient(socket);
  }
  /** sends a request; answers the frame that answers it (same requestType and uniqueCode, no seq) */
  async request(requestType: string, payload: unknown = {}, uniqueCode = `t${++this.serial}-${Math.random()}`) {
    return this.send(JSON.stringify({ requestType, uniqueCode, payload }), requestType, uniqueCode);
  }
  /** sends any text; answers the answer frame naming `requestType` and `uniqueCode` that came after it (within 10 s) */
  async send(text: string, requestType: string, uniqueCode: string) {
    const from = this.frames.length;
    this.socket.send(text);
    for (const until = Date.now() + 10_000; Date.now() < until; ) {
      const found = this.frames
        .slice(from)
        .find((f) => f.requestType === requestType && f.uniqueCode === uniqueCode && f.seq === undefined);
      if (found) return found;
      if (this.socket.readyState !== WebSocket.OPEN) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    const heard = this.raw.slice(from).join('\n').slice(0, 500);
    throw new Error(
      `no answer to ${text.slice(0, 120)} (socket ${this.socket.readyState === WebSocket.OPEN ? 'open' : 'closed'}; heard: ${heard || 'nothing'})`,
    );
  }
  /** the messages pushed to this socket (events with a seq), by id, each once */
  pushed() {
    // biome-ignore lint/suspicious/noExplicitAny: a pushed message, read by the tests field by field
    const byId = new Map<number, any>();
    for (const f of this.frames) if (f.seq !== undefined && f.requestType === 'pushMessage') byId.set(f.payload.id, f.payload);
    return [...byId.values()];
  }
  maxSeq() {
    return Math.max(
      0,
      ...this.frames.map((f) => f.seq ?? 0),
      ...this.frames.filter((f) => f.requestType === 'login').map((f) => f.payload?.seq ?? 0),
    );
  }
  close() {
    this.socket.close();
    return this.closed;
  }
}

/** The short-lived chat login token of `/userApi/getIMToken`. */
export async function imToken(app: FastifyInstance, who: { token: string }) {
  const res = await call(app, '/userApi/getIMToken', {}, { token: who.token });
  expect(res.status).toBe(1);
  return res.data.token as string;
}

/** A chat socket logged in as `who` (from `since` when given). */
export async function chatLoggedIn(app: FastifyInstance, who: { token: string }, since?: number) {
  const c = await ChatClient.open(app);
  const answer = await c.request('login', { token: await imToken(app, who), ...(since === undefined ? {} : { since }) });
  expect(answer.returnCode).toBe(200);
  return c;
}
