import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import WebSocket from 'ws';

export interface SocketMessage {
  cmd: string;
  code: number;
  msg: string;
  data: any;
}

/** The classroom socket's address of a listening app. */
export const socketUrl = (app: FastifyInstance) => `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws/classroom`;

/**
 * A classroom socket logged in with `token`; with `courseId`, the course is opened
 * (`AttendClass.setActive`, or the remote controller's type-3 registration with `remote`) before it
 * is handed back: messages are handled in order, so the pong says the rooms are joined.
 */
export async function openSocket(
  url: string,
  token: string,
  open: { courseId?: number; classTimeId?: number; remote?: boolean } = {},
) {
  const socket = new WebSocket(url, [token, 'hash']);
  const messages: SocketMessage[] = [];
  socket.on('message', (m) => messages.push(JSON.parse(String(m))));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  const send = (cmd: string | undefined, data: unknown = {}, extra: Record<string, unknown> = {}) =>
    socket.send(JSON.stringify({ ...(cmd === undefined ? {} : { cmd }), data, ...extra }));
  if (open.courseId) {
    if (open.remote)
      send(undefined, { id: 0, role: 1 }, { type: 3, classId: String(open.courseId), classTimeId: open.classTimeId ?? 0 });
    else send('AttendClass.setActive', { classId: String(open.courseId), classTimeId: open.classTimeId ?? 0, courserole: 0 });
  }
  send('ping', 1);
  await expect.poll(() => messages.some((m) => m.cmd === 'System.pong')).toBe(true);
  messages.length = 0;
  return {
    socket,
    messages,
    closed,
    send,
    /** the messages of one command heard so far */
    heard: (cmd: string) => messages.filter((m) => m.cmd === cmd),
    close: () => socket.close(),
  };
}
