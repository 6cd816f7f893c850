import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createNotices } from '../modules/notices/notices.service';
import { call, redisUrl, registerUser, STRONG, testApp, testDatabase, type TestDatabase } from '../../test/helpers';

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
    await createNotices(app.ctx, [
      { userId: me.uid, action: 'member_change', title: '《高数》本周成员变动：加入 1 人，退出 0 人' },
    ]);
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

describe('a socket ends with its session', () => {
  async function openAs(token: string, url = base) {
    const socket = new WebSocket(url, [token, 'hash']);
    const messages: { cmd?: string; data?: { title?: string } | null }[] = [];
    socket.on('message', (m) => messages.push(JSON.parse(String(m))));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send(JSON.stringify({ cmd: 'ping', data: 1 }));
    await expect.poll(() => messages.length).toBe(1);
    return { socket, messages, closed };
  }

  it('closes the socket of a session that logs out, and no notice reaches it afterwards', async () => {
    const me = await registerUser(app);
    const mine = await openAs(me.token);
    expect((await call(app, '/UserApi/logout', {}, { token: me.token })).status).toBe(1);
    expect(await mine.closed).toBe(4401);
    expect(mine.messages.at(-1)).toEqual({ cmd: 'User.error', code: -1, msg: '您还未登录或登录已过期，请重新登录', data: null });
    await createNotices(app.ctx, [{ userId: me.uid, action: 'member_change', title: '退出后' }]);
    await new Promise((r) => setTimeout(r, 100));
    expect(mine.messages.map((m) => m.data?.title)).not.toContain('退出后');
  });

  it("closes every socket of the account after a password change, and leaves another account's socket open", async () => {
    const me = await registerUser(app);
    const other = await registerUser(app);
    const second = (await call(app, '/UserApi/login', { email: me.mobile, password: STRONG })).data.token as string;
    const first = await openAs(me.token);
    const phone = await openAs(second);
    const theirs = await openAs(other.token);
    const changed = await call(
      app,
      '/UserApi/updatePassword',
      { oldpassword: STRONG, password: 'Newer#Pass77' },
      { token: me.token },
    );
    expect(changed.status).toBe(1);
    expect(await first.closed).toBe(4401);
    expect(await phone.closed).toBe(4401);
    await createNotices(app.ctx, [{ userId: other.uid, action: 'member_change', title: '仍在线' }]);
    await expect.poll(() => theirs.messages.map((m) => m.data?.title)).toContain('仍在线');
    expect(theirs.socket.readyState).toBe(WebSocket.OPEN);
    theirs.socket.close();
  });

  it('keeps the socket of a session that stays when another session of the account logs out', async () => {
    const me = await registerUser(app);
    const second = (await call(app, '/UserApi/login', { email: me.mobile, password: STRONG })).data.token as string;
    const staying = await openAs(me.token);
    const leaving = await openAs(second);
    expect((await call(app, '/UserApi/logout', {}, { token: second })).status).toBe(1);
    expect(await leaving.closed).toBe(4401);
    await createNotices(app.ctx, [{ userId: me.uid, action: 'member_change', title: '另一个会话' }]);
    await expect.poll(() => staying.messages.map((m) => m.data?.title)).toContain('另一个会话');
    staying.socket.close();
  });

  it.runIf(redisUrl)('closes a socket on another instance when its session logs out on this one (Redis)', async () => {
    const other = await testApp(db);
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const me = await registerUser(app);
      const onB = await openAs(me.token, `ws://127.0.0.1:${(other.server.address() as { port: number }).port}/ws/classroom`);
      expect((await call(app, '/UserApi/logout', {}, { token: me.token })).status).toBe(1);
      expect(await onB.closed).toBe(4401);
      await createNotices(app.ctx, [{ userId: me.uid, action: 'member_change', title: '跨实例退出后' }]);
      await new Promise((r) => setTimeout(r, 200));
      expect(onB.messages.map((m) => m.data?.title)).not.toContain('跨实例退出后');
    } finally {
      await other.close();
    }
  });
});
