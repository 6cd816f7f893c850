import { LOGIN_ADDRESS_MAX_FAILURES, LOGIN_FIGURE_AFTER_FAILURES } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  figureCode,
  newAddress,
  newEmail,
  newPhone,
  STRONG,
  type TestDatabase,
  testApp,
  testDatabase,
} from '../../../test/helpers';
import { users } from '../../db/schema';
import { LoginLimits, MemoryCounters } from '../../platform/login-limits';
import { hashPassword } from './passwords';

let db: TestDatabase;
let app: FastifyInstance;
let strongHash: string;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  strongHash = await hashPassword(STRONG);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

/** An account with a phone, an email and an account name, all naming the same person. */
async function account() {
  const mobile = newPhone();
  const email = newEmail();
  const [user] = await app.ctx.db
    .insert(users)
    .values({ username: '限流同学', account: `acct${mobile}`, mobile, email, passwordHash: strongHash, usertype: 0 })
    .returning();
  return { id: user!.id, mobile, email, name: `acct${mobile}` };
}

const login = (identifier: string, password: string, extra: Record<string, unknown> = {}, ip = newAddress()) =>
  call(app, '/UserApi/login', { email: identifier, password, ...extra }, { ip });

describe('login limits per account', () => {
  it(`asks for the picture code after ${LOGIN_FIGURE_AFTER_FAILURES} failed logins of an account, from any address, and takes it`, async () => {
    const victim = await account();
    // each failure from an address of its own: the account is what counts
    for (let i = 0; i < LOGIN_FIGURE_AFTER_FAILURES; i++) expect((await login(victim.mobile, 'Wrong#Pass1')).code).toBe(21001);
    const required = await login(victim.mobile, STRONG);
    expect(required).toMatchObject({ status: 0, code: 21020, message: '登录失败次数较多，请输入图形验证码' });
    expect((await login(victim.mobile, STRONG, {}, newAddress())).code).toBe(21020);
    const ip = newAddress();
    const wrong = await figureCode(app, ip);
    expect((await login(victim.mobile, STRONG, { sessionid: wrong.sessionid, verify: 'zzzz' }, ip)).code).toBe(21008);
    // a right picture code with a wrong password still fails, and counts
    const withWrongPassword = await figureCode(app, ip);
    expect((await login(victim.mobile, 'Wrong#Pass1', withWrongPassword, ip)).code).toBe(21001);
    const right = await figureCode(app, ip);
    const in_ = await login(victim.mobile, STRONG, right, ip);
    expect(in_.status).toBe(1);
    expect(Number(in_.data.uid)).toBe(victim.id);
    // a success starts the count again
    expect((await login(victim.mobile, 'Wrong#Pass1')).code).toBe(21001);
    expect((await login(victim.mobile, STRONG)).status).toBe(1);
  });

  it('counts the phone, the email and the account name of one account together', async () => {
    const victim = await account();
    expect((await login(victim.mobile, 'Wrong#Pass1')).code).toBe(21001);
    expect((await login(victim.email.toUpperCase(), 'Wrong#Pass1')).code).toBe(21001);
    expect((await login(victim.name, 'Wrong#Pass1')).code).toBe(21001);
    for (const identifier of [victim.mobile, victim.email, victim.name])
      expect((await login(identifier, STRONG)).code).toBe(21020);
  });

  it('counts an identifier that names no account under its normalised self', async () => {
    const madeUp = `nobody-${newPhone()}@example.com`;
    for (let i = 0; i < LOGIN_FIGURE_AFTER_FAILURES; i++) await login(madeUp, 'Wrong#Pass1');
    expect((await login(` ${madeUp.toUpperCase()} `, 'Wrong#Pass1')).code).toBe(21020);
  });

  it('keeps a victim’s counter through a spray of 5,050 made-up identifiers', async () => {
    const victim = await account();
    for (let i = 0; i < LOGIN_FIGURE_AFTER_FAILURES; i++) await login(victim.email, 'Wrong#Pass1');
    // a few through HTTP, then the rest straight into the app's own counters (5,050 password checks would take minutes)
    for (let i = 0; i < 50; i++) expect((await login(`sprayed-${i}-${newPhone()}`, 'Wrong#Pass1')).code).toBe(21001);
    for (let i = 50; i < 5050; i++)
      await app.ctx.loginLimits.failed(newAddress(), LoginLimits.accountKey(undefined, `sprayed-${i}-${newPhone()}`));
    expect((await login(victim.mobile, STRONG)).code).toBe(21020);
  });
});

describe('login limits per address', () => {
  it(`refuses an address after ${LOGIN_ADDRESS_MAX_FAILURES} failures across accounts, even a right password`, async () => {
    const ip = newAddress();
    const other = await account();
    const sizeBefore = app.ctx.loginLimits.store instanceof MemoryCounters ? app.ctx.loginLimits.store.size : 0;
    for (let i = 0; i < LOGIN_ADDRESS_MAX_FAILURES; i++)
      expect((await login(`guess-${i}-${newPhone()}`, 'Wrong#Pass1', {}, ip)).code).toBe(21001);
    for (let i = 0; i < 20; i++) expect((await login(`guess-more-${i}-${newPhone()}`, 'Wrong#Pass1', {}, ip)).code).toBe(42900);
    expect((await login(other.mobile, STRONG, {}, ip)).code).toBe(42900);
    // refused before any account key is made: one address made at most its cap of keys, plus its own
    if (app.ctx.loginLimits.store instanceof MemoryCounters)
      expect(app.ctx.loginLimits.store.size - sizeBefore).toBeLessThanOrEqual(LOGIN_ADDRESS_MAX_FAILURES + 1);
    // another address is not affected
    expect((await login(other.mobile, STRONG)).status).toBe(1);
  });
});

describe('the in-memory counters', () => {
  it('never evict a live window, and drop only expired ones', async () => {
    let now = 1_000_000;
    const store = new MemoryCounters(() => now);
    await store.increment('victim', 60_000);
    await store.increment('victim', 60_000);
    for (let i = 0; i < 20_000; i++) await store.increment(`spray-${i}`, 1_000);
    expect(await store.get(['victim'])).toEqual([2]);
    now += 2_000;
    store.prune();
    expect(store.size).toBe(1);
    expect(await store.get(['victim', 'spray-1'])).toEqual([2, 0]);
    now += 60_000;
    expect(await store.get(['victim'])).toEqual([0]);
  });
});
