import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  newAddress,
  newPhone,
  registerUser,
  sendAndRead,
  type TestDatabase,
  testApp,
  testDatabase,
} from '../../../test/helpers';
import { figureCodes, jobs, passwordResets, registerTickets, sessions, verificationCodes, wechatLogins } from '../../db/schema';
import { PURGE_BATCH, PURGE_EVERY_MS, PURGE_EXPIRED_JOB, schedulePurge } from './purge';

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

const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);
const hex = () => randomBytes(16).toString('hex');

/** Runs the purge as the poller would: its job, due now, claimed by the queue. */
async function runPurge() {
  await schedulePurge(app.ctx);
  const [job] = await app.ctx.db.select().from(jobs).where(eq(jobs.kind, PURGE_EXPIRED_JOB));
  expect(await app.ctx.jobs.runDue(new Date(), 1, [job!.id])).toBe(1);
}

describe('the purge of expired rows', () => {
  it('deletes expired picture codes, codes, sessions and tickets in batches, and keeps live ones', async () => {
    // picture codes asked anonymously: more expired ones than one batch deletes
    const live = await call(app, '/UserApi/getFigureCode', {}, { ip: newAddress() });
    expect(live.status).toBe(1);
    const stale = Array.from({ length: PURGE_BATCH * 2 + 7 }, () => ({ sessionid: hex(), answer: 'abcd', expiresAt: ago(1000) }));
    await app.ctx.db.insert(figureCodes).values(stale);

    // sessions: one of a live login, one expired
    const user = await registerUser(app);
    const [liveSession] = await app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.uid));
    const [oldSession] = await app.ctx.db
      .insert(sessions)
      .values({ userId: user.uid, tokenHash: hex(), expiresAt: ago(1000) })
      .returning();

    // verification codes: expired a day ago (gone), expired but sent within the day (kept: the daily caps count it)
    const target = newPhone();
    await sendAndRead(app, { mobile: target }, 'register');
    const codeRow = (purpose: string, createdAt: Date, expiresAt: Date) => ({
      target,
      purpose,
      codeHash: hex(),
      clientAddress: '10.9.9.9',
      createdAt,
      expiresAt,
    });
    await app.ctx.db
      .insert(verificationCodes)
      .values([codeRow('login', ago(25 * 3600_000), ago(24 * 3600_000)), codeRow('find', ago(3600_000), ago(3000_000))]);

    // tickets and QR logins, one expired and one live of each
    const stamp = hex().slice(0, 8);
    await app.ctx.db.insert(registerTickets).values([
      { tokenHash: `old-${stamp}`, mobile: target, expiresAt: ago(1000) },
      { tokenHash: `new-${stamp}`, mobile: target, expiresAt: ahead(600_000) },
    ]);
    await app.ctx.db.insert(passwordResets).values([
      { userId: user.uid, keyHash: `old-${stamp}`, expiresAt: ago(1000) },
      { userId: user.uid, keyHash: `new-${stamp}`, expiresAt: ahead(600_000) },
    ]);
    await app.ctx.db.insert(wechatLogins).values([
      { codeKey: `old-${stamp}`, expiresAt: ago(1000) },
      { codeKey: `new-${stamp}`, expiresAt: ahead(600_000) },
    ]);

    await runPurge();

    const figures = await app.ctx.db.select({ id: figureCodes.sessionid, expiresAt: figureCodes.expiresAt }).from(figureCodes);
    expect(figures.filter((f) => f.expiresAt < new Date())).toEqual([]);
    expect(figures.map((f) => f.id)).toContain(live.data.sessionid);
    const userSessions = await app.ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.uid));
    expect(userSessions.map((s) => s.id)).toEqual([liveSession!.id]);
    expect(userSessions.map((s) => s.id)).not.toContain(oldSession!.id);
    const codes = await app.ctx.db.select().from(verificationCodes).where(eq(verificationCodes.target, target));
    expect(codes.map((c) => c.purpose).sort()).toEqual(['find', 'register']);
    const keysLeft = async (table: typeof registerTickets | typeof passwordResets | typeof wechatLogins) => {
      const column =
        table === registerTickets
          ? registerTickets.tokenHash
          : table === passwordResets
            ? passwordResets.keyHash
            : wechatLogins.codeKey;
      return (
        await app.ctx.db
          .select({ key: column })
          .from(table)
          .where(like(column, `%-${stamp}`))
      ).map((r) => r.key);
    };
    expect(await keysLeft(registerTickets)).toEqual([`new-${stamp}`]);
    expect(await keysLeft(passwordResets)).toEqual([`new-${stamp}`]);
    expect(await keysLeft(wechatLogins)).toEqual([`new-${stamp}`]);

    // the live login still works after the purge
    const me = await call(app, '/UserApi/getUserInfo', {}, { token: user.token });
    expect(me.status).toBe(1);
  });

  it('recurs: each run queues the next a few minutes later, once however many instances schedule it', async () => {
    await schedulePurge(app.ctx);
    await schedulePurge(app.ctx);
    const before = Date.now();
    await runPurge();
    const pending = await app.ctx.db.select().from(jobs).where(eq(jobs.kind, PURGE_EXPIRED_JOB));
    expect(pending).toHaveLength(1);
    expect(pending[0]!.runAt.getTime()).toBeGreaterThanOrEqual(before + PURGE_EVERY_MS - 1000);
    expect(pending[0]!.doneAt).toBeNull();
  });
});
