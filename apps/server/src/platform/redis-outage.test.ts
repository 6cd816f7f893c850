import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newCourse, newTeacher } from '../../test/courses';
import { call, redisUrl, STRONG, type TestDatabase, testApp, testDatabase } from '../../test/helpers';
import { connect, setActive, socketUrl } from '../../test/sockets';
import { createNotices } from '../modules/notices/notices.service';

/**
 * A TCP link to the machine's Redis that the test cuts and restores: cut, it drops the connections
 * through it and refuses new ones, as a stopped Redis would; the shared Redis itself never stops.
 */
async function redisThroughLink(target: URL) {
  const open = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      const s = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 6379), target.hostname);
        open.add(client).add(upstream);
        const end = () => {
          client.destroy();
          upstream.destroy();
          open.delete(client);
          open.delete(upstream);
        };
        for (const side of [client, upstream]) {
          side.on('error', end);
          side.on('close', end);
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });
  const cut = async () => {
    const s = server;
    server = undefined;
    if (!s) return;
    const closed = new Promise((resolve) => s.close(resolve));
    for (const socket of open) socket.destroy();
    await closed;
  };
  await listen();
  return { url: () => `redis://127.0.0.1:${port}`, cut, restore: listen };
}

/** Waits for a state, trying again; bounded, so that a state never reached fails instead of hanging. */
async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean, tries = 100) {
  let value = await probe();
  for (let i = 0; i < tries && !done(value); i++) {
    await new Promise((r) => setTimeout(r, 100));
    value = await probe();
  }
  return value;
}

let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('a Redis outage', () => {
  it.runIf(redisUrl)(
    'answers 50300 to what needs Redis, keeps reads and sockets going, logs once, and comes back by itself',
    async () => {
      const link = await redisThroughLink(new URL(redisUrl!));
      const printed = vi.spyOn(console, 'error');
      const app: FastifyInstance = await testApp(db, { REDIS_URL: link.url() });
      // a second instance on the machine's Redis directly: it does not see the outage
      const other = await testApp(db);
      const warned = vi.spyOn(app.log, 'warn');
      const told = vi.spyOn(app.log, 'info');
      const said = (spy: typeof warned, words: string) =>
        spy.mock.calls.filter((args) => args.some((a) => typeof a === 'string' && a.includes(words))).length;
      try {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const teacher = await newTeacher(app);
        const course = await newCourse(app, teacher.token);
        const login = (lang = 'zh') =>
          call(app, '/UserApi/login', { email: teacher.mobile, password: STRONG }, { lang, ip: '10.77.0.1' });
        expect((await login()).status).toBe(1);

        await link.cut();
        const refused = await until(login, (r) => r.code !== 10000);
        expect(refused).toMatchObject({ status: 0, code: 50300, message: '服务暂时不可用，请几秒后再试' });
        expect(await login('en')).toMatchObject({
          code: 50300,
          message: 'The service is temporarily unavailable; try again in a few seconds',
        });
        // a rate-limited call is refused the same way, never let through unlimited
        const search = await call(app, '/AttestApi/searchJigou', { keyword: '大学' }, { token: teacher.token });
        expect(search.code).toBe(50300);
        // reads go on
        const me = await call(app, '/UserApi/getUserInfo', {}, { token: teacher.token });
        expect(me.status).toBe(1);

        // a socket opened now joins its rooms and answers (degraded: this instance's events only)
        const socket = await connect(socketUrl(app), teacher.token);
        await socket.send(setActive(course.id));
        await createNotices(app.ctx, [{ userId: teacher.uid, action: 'member_change', title: '断开时' }]);
        await expect.poll(() => socket.messages.map((m) => m.data?.title)).toContain('断开时');

        for (let i = 0; i < 5; i++) expect((await login()).code).toBe(50300);
        // the outage logged once, whatever the commands and reconnections; no error left unhandled
        expect(said(warned, 'redis unreachable')).toBe(1);
        expect(printed.mock.calls.filter((args) => String(args[0]).includes('ioredis'))).toEqual([]);

        await link.restore();
        const back = await until(login, (r) => r.status === 1);
        expect(back.status).toBe(1);
        expect(said(told, 'redis reachable again')).toBe(1);
        // the socket that joined during the outage now hears the other instance too
        await expect
          .poll(
            async () => {
              await createNotices(other.ctx, [{ userId: teacher.uid, action: 'member_change', title: '恢复后' }]);
              return socket.messages.map((m) => m.data?.title);
            },
            { interval: 200, timeout: 10_000 },
          )
          .toContain('恢复后');
        socket.close();
      } finally {
        printed.mockRestore();
        await link.restore().catch(() => {});
        await other.close();
        await app.close();
      }
    },
  );

  it.runIf(redisUrl)('starts with Redis unreachable and serves logins once it appears, without a restart', async () => {
    const link = await redisThroughLink(new URL(redisUrl!));
    const first = await testApp(db);
    const teacher = await newTeacher(first);
    await first.close();
    await link.cut();
    const app = await testApp(db, { REDIS_URL: link.url() });
    try {
      const login = () => call(app, '/UserApi/login', { email: teacher.mobile, password: STRONG }, { ip: '10.77.0.2' });
      expect((await login()).code).toBe(50300);
      await link.restore();
      expect((await until(login, (r) => r.status === 1)).status).toBe(1);
    } finally {
      await app.close();
    }
  });
});
