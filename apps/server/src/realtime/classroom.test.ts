import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createNotices } from '../modules/notices/notices.service';
import { redisUrl, registerUser, testApp, testDatabase, type TestDatabase } from '../../test/helpers';

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

describe('notices over the socket', () => {
  async function openAs(token: string, url = base) {
    const socket = new WebSocket(url, [token, 'hash']);
    const messages: any[] = [];
    socket.on('message', (m) => messages.push(JSON.parse(String(m))));
    await new Promise((resolve) => socket.on('open', resolve));
    // the subscription is made once the token is checked: a ping round trip shows it is in place
    socket.send(JSON.stringify({ cmd: 'ping', data: 1 }));
    await expect.poll(() => messages.length).toBe(1);
    return { socket, messages };
  }

  it('pushes a new message notice to its recipient only, after storing it', async () => {
    const [me, other] = [await registerUser(app), await registerUser(app)];
    const mine = await openAs(me.token);
    const theirs = await openAs(other.token);
    await createNotices(app.ctx, [{ userId: me.uid, action: 'member_change', title: '《高数》本周成员变动：加入 1 人，退出 0 人' }]);
    await expect.poll(() => mine.messages.map((m) => m.cmd)).toEqual(['System.pong', 'Message.notice']);
    expect(mine.messages[1].data).toMatchObject({ title: '《高数》本周成员变动：加入 1 人，退出 0 人', isread: 0 });
    expect(theirs.messages.map((m) => m.cmd)).toEqual(['System.pong']);
    mine.socket.close();
    theirs.socket.close();
  });

  it.runIf(redisUrl)('carries a notice made on one instance to a socket on another (Redis)', async () => {
    const other = await testApp(db);
    await other.listen({ port: 0, host: '127.0.0.1' });
    const me = await registerUser(app);
    const onB = await openAs(me.token, `ws://127.0.0.1:${(other.server.address() as { port: number }).port}/ws/classroom`);
    await createNotices(app.ctx, [{ userId: me.uid, action: 'member_change', title: '跨实例' }]);
    await expect.poll(() => onB.messages.map((m) => m.data?.title)).toContain('跨实例');
    onB.socket.close();
    await other.close();
  });
});
