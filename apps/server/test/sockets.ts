import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import WebSocket from 'ws';

/**
 * A TCP proxy in front of the app that holds every chunk `oneWayMs` in each direction: a socket
 * through it has a real round trip of twice that, pings and pongs included (the simulated latency
 * of the race's fairness tests).
 */
export async function slowLink(targetPort: number, oneWayMs: number) {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    open.add(client).add(upstream);
    const pipe = (from: net.Socket, to: net.Socket) => {
      from.on('data', (chunk) => setTimeout(() => to.writable && to.write(chunk), oneWayMs));
      from.on('close', () => setTimeout(() => to.destroy(), oneWayMs));
      from.on('error', () => to.destroy());
    };
    pipe(client, upstream);
    pipe(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const s of open) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface Message {
  cmd: string;
  code: number;
  msg: string;
  // biome-ignore lint/suspicious/noExplicitAny: each event has its own data; the test knows its shape
  data: any;
  seq?: number;
}

/** A classroom socket: its messages, a send that waits until the server handled it, and a wait for an event. */
export async function connect(target: number | string, token: string, options?: WebSocket.ClientOptions) {
  const url = typeof target === 'number' ? `ws://127.0.0.1:${target}/ws/classroom` : target;
  const socket = new WebSocket(url, [token, 'hash'], options);
  const messages: Message[] = [];
  const listeners = new Set<(m: Message) => void>();
  socket.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as Message;
    messages.push(m);
    for (const l of listeners) l(m);
  });
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  let pings = 0;
  /** sends the messages, then a ping, and waits for its pong: messages are handled in order */
  const send = async (...sent: { cmd: string; data?: unknown }[]) => {
    for (const m of sent) socket.send(JSON.stringify(m));
    const mark = ++pings * 1000;
    socket.send(JSON.stringify({ cmd: 'ping', data: mark }));
    await expect.poll(() => messages.some((m) => m.cmd === 'System.pong' && m.data === mark), { timeout: 5000 }).toBe(true);
  };
  /** the next message `cmd` (from now on), handed to `then` as soon as it arrives */
  const on = (cmd: string, then: (m: Message) => void) => {
    const l = (m: Message) => {
      if (m.cmd !== cmd) return;
      listeners.delete(l);
      then(m);
    };
    listeners.add(l);
  };
  const events = (cmd: string) => messages.filter((m) => m.cmd === cmd);
  return { socket, messages, send, on, events, close: () => socket.close() };
}

export const setActive = (courseId: number) => ({
  cmd: 'AttendClass.setActive',
  data: { classId: courseId, classTimeId: 0, courserole: 0 },
});

/** The classroom socket's address of a listening app. */
export const socketUrl = (app: FastifyInstance) =>
  `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws/classroom`;

/**
 * A classroom socket logged in with `token` that has the course open, by `AttendClass.setActive` or,
 * with `remote`, by the remote controller's type-3 registration (Ketangpai's: no `cmd`). Handed back
 * once the server has joined its rooms, with nothing heard yet.
 */
export async function openSocket(url: string, token: string, open: { courseId: number; classTimeId?: number; remote?: boolean }) {
  const s = await connect(url, token);
  const registration = open.remote
    ? { type: 3, classId: String(open.courseId), classTimeId: open.classTimeId ?? 0, data: { id: 0, role: 1 } }
    : {
        cmd: 'AttendClass.setActive',
        data: { classId: String(open.courseId), classTimeId: open.classTimeId ?? 0, courserole: 0 },
      };
  await s.send(registration as { cmd: string });
  s.messages.length = 0;
  return s;
}
