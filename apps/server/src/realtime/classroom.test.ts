import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { registerUser, testApp, testDatabase, type TestDatabase } from '../../test/helpers';

let db: TestDatabase;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  base = `ws://127.0.0.1:${address.port}/ws/classroom`;
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

function open(protocols: string[]) {
  const socket = new WebSocket(base, protocols);
  const messages: any[] = [];
  socket.on('message', (m) => messages.push(JSON.parse(String(m))));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  return { socket, messages, closed };
}

describe('classroom socket', () => {
  it('answers a ping with System.pong once the token is accepted', async () => {
    const { token } = await registerUser(app);
    const { socket, messages } = open([token, 'hash123']);
    await new Promise((resolve) => socket.on('open', resolve));
    expect(socket.protocol).toBe(token);
    socket.send(JSON.stringify({ cmd: 'ping', data: 10 }));
    await expect.poll(() => messages).toEqual([{ cmd: 'System.pong', code: 0, msg: '', data: 10 }]);
    socket.close();
  });

  it('refuses an unknown token before taking any message', async () => {
    const { messages, closed } = open(['forged-token', 'hash']);
    expect(await closed).toBe(4401);
    expect(messages).toEqual([{ cmd: 'User.error', code: -1, msg: '您还未登录或登录已过期，请重新登录', data: null }]);
  });
});
