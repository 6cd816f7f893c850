import { count, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newAddress, type TestDatabase, testApp, testDatabase } from '../../test/helpers';
import { users } from './schema';
import { DEMO_ACCOUNTS, seedDemo } from './seed';

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

describe('the demo school (README)', () => {
  it('makes the README accounts once, each logging in with its own password', async () => {
    await seedDemo(app.ctx, app.log);
    await seedDemo(app.ctx, app.log);
    const mobiles = DEMO_ACCOUNTS.map((a) => a.mobile);
    const [{ n }] = await app.ctx.db.select({ n: count() }).from(users).where(inArray(users.mobile, mobiles));
    expect(n).toBe(DEMO_ACCOUNTS.length);
    for (const a of DEMO_ACCOUNTS) {
      const res = await call(app, '/UserApi/login', { email: a.mobile, password: a.password }, { ip: newAddress() });
      expect(res, a.username).toMatchObject({ status: 1 });
      // the hashes are each account's own: another demo password does not open it
      const other = DEMO_ACCOUNTS.find((b) => b.password !== a.password)!;
      const wrong = await call(app, '/UserApi/login', { email: a.mobile, password: other.password }, { ip: newAddress() });
      expect(wrong, a.username).toMatchObject({ status: 0 });
    }
  });
});
