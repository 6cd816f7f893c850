import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, redisUrl, registerUser, STRONG, type TestDatabase, testApp, testDatabase, twoInstances } from '../../test/helpers';
import { MemoryBus } from './bus';
import { SessionCache } from './session-cache';

let db: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

/**
 * The code getUserInfo answers for a token that has just been ended. On one instance it is refused at
 * once; with two (TEST_INSTANCES=2) the call may go to the twin, which hears of the end through Redis a
 * moment later, so it is asked again for up to a second there.
 */
async function codeAfterEnd(token: string) {
  let code = (await call(app, '/UserApi/getUserInfo', {}, { token })).code;
  for (let i = 0; twoInstances && i < 40 && code !== 20003; i++) {
    await new Promise((r) => setTimeout(r, 25));
    code = (await call(app, '/UserApi/getUserInfo', {}, { token })).code;
  }
  return code;
}

describe('the session cache', () => {
  it('refuses a token at once after logout, though the token was just answered from the cache', async () => {
    const { token } = await registerUser(app);
    expect((await call(app, '/UserApi/getUserInfo', {}, { token })).status).toBe(1);
    expect((await call(app, '/UserApi/getUserInfo', {}, { token })).status).toBe(1);
    expect((await call(app, '/UserApi/logout', {}, { token })).status).toBe(1);
    expect(await codeAfterEnd(token)).toBe(20003);
  });

  it('ends every other session of the account at once after a password change', async () => {
    const { token, mobile } = await registerUser(app);
    const second = await call(app, '/UserApi/login', { email: mobile, password: STRONG });
    const other = second.data.token as string;
    expect((await call(app, '/UserApi/getUserInfo', {}, { token: other })).status).toBe(1);
    const changed = await call(app, '/UserApi/updatePassword', { oldpassword: STRONG, password: 'Newer#Pass77' }, { token });
    expect(changed.status).toBe(1);
    expect(await codeAfterEnd(other)).toBe(20003);
  });

  it('answers a change to the user at once, not the cached user', async () => {
    const { token } = await registerUser(app);
    expect((await call(app, '/UserApi/getUserInfo', {}, { token })).message).toBe('访问成功');
    expect((await call(app, '/UserApi/setLanguage', { lang: 'en' }, { token })).status).toBe(1);
    // the account's language decides the answer's language, so a stale cached user would answer in Chinese
    expect((await call(app, '/UserApi/getUserInfo', {}, { token })).message).not.toBe('访问成功');
  });

  it.runIf(redisUrl)('refuses a token on another instance once it logged out on this one', async () => {
    const other = await testApp(db);
    try {
      const { token } = await registerUser(app);
      expect((await call(other, '/UserApi/getUserInfo', {}, { token })).status).toBe(1);
      expect((await call(app, '/UserApi/logout', {}, { token })).status).toBe(1);
      let code = 0;
      for (let i = 0; i < 40 && code !== 20003; i++) {
        code = (await call(other, '/UserApi/getUserInfo', {}, { token })).code;
        if (code !== 20003) await new Promise((r) => setTimeout(r, 25));
      }
      expect(code).toBe(20003);
    } finally {
      await other.close();
    }
  });
});

describe('SessionCache', () => {
  const session = (id: number) => ({ user: { id }, sessionId: id, restricted: null, expiresAt: new Date(Date.now() + 60_000) });

  it('does not keep an answer read before a forget arrived', async () => {
    const cache = new SessionCache<{ id: number }>(new MemoryBus());
    await cache.start();
    const generation = cache.generation();
    await cache.forgetUser(7); // e.g. a logout while the database was being asked
    cache.set('hash', session(7), generation);
    expect(cache.get('hash')).toBeUndefined();
    cache.set('hash', session(7), cache.generation());
    expect(cache.get('hash')?.sessionId).toBe(7);
    await cache.stop();
  });

  it('forgets a user on every instance sharing the bus, and stops trusting an entry after its time', async () => {
    const bus = new MemoryBus();
    const a = new SessionCache<{ id: number }>(bus, 1_000);
    const b = new SessionCache<{ id: number }>(bus, 1_000);
    await a.start();
    await b.start();
    b.set('h1', session(3), b.generation());
    b.set('h2', session(4), b.generation());
    await a.forgetUser(3);
    expect(b.get('h1')).toBeUndefined();
    expect(b.get('h2')?.sessionId).toBe(4);
    expect(b.get('h2', Date.now() + 2_000)).toBeUndefined();
    await a.stop();
    await b.stop();
  });
});

describe('SessionCache.onForget', () => {
  it('tells the listeners of every instance sharing the bus which user was forgotten, until they stop', async () => {
    const bus = new MemoryBus();
    const a = new SessionCache<{ id: number }>(bus);
    const b = new SessionCache<{ id: number }>(bus);
    await a.start();
    await b.start();
    const heardA: number[] = [];
    const heardB: number[] = [];
    a.onForget((id) => heardA.push(id));
    const stopB = b.onForget((id) => heardB.push(id));
    await a.forgetUser(5);
    stopB();
    await a.forgetUser(6);
    expect(heardA).toEqual([5, 6]);
    expect(heardB).toEqual([5]);
    await a.stop();
    await b.stop();
  });
});
