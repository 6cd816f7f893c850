import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { testDatabase, type TestDatabase } from '../../test/helpers';
import { JobQueue, type JobQueueOptions } from './jobs';

const silent = { warn() {}, error() {}, info() {} } as never;
let db: TestDatabase;

beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => {
  await db.drop();
});

function queue(runs: string[], fail = false, options: JobQueueOptions = {}) {
  const q = new JobQueue(db.database.db, silent, options);
  q.register('test', async (payload) => {
    if (fail) throw new Error('boom');
    runs.push(String(payload.name));
  });
  return q;
}

describe('durable jobs', () => {
  it('runs a due job once, leaves a later one, and survives a restart', async () => {
    const runs: string[] = [];
    const first = queue(runs);
    const now = new Date();
    await first.schedule('test', new Date(now.getTime() - 1000), { name: 'due' });
    await first.schedule('test', new Date(now.getTime() + 3600_000), { name: 'later' });
    // a new queue on the same database is a restarted instance: it finds the stored jobs
    const restarted = queue(runs);
    expect(await restarted.runDue(now)).toBe(1);
    expect(await restarted.runDue(now)).toBe(0);
    expect(await first.runDue(new Date(now.getTime() + 3601_000))).toBe(1);
    expect(runs).toEqual(['due', 'later']);
  });

  it('never runs a job twice when two instances poll together', async () => {
    const runs: string[] = [];
    const [a, b] = [queue(runs), queue(runs)];
    const now = new Date();
    for (let i = 0; i < 10; i++) await a.schedule('test', new Date(now.getTime() - 1000), { name: `job${i}` }, `dup-${now.getTime()}-${i}`);
    const counts = await Promise.all([a.runDue(now, 5), b.runDue(now, 5), a.runDue(now, 5), b.runDue(now, 5)]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(10);
    expect(runs.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `job${i}`).sort());
  });

  it('keeps one pending job per key: scheduling again moves it', async () => {
    const runs: string[] = [];
    const q = queue(runs);
    const key = `moved-${Date.now()}`;
    const now = new Date();
    await q.schedule('test', new Date(now.getTime() + 1000), { name: 'first' }, key);
    await q.schedule('test', new Date(now.getTime() + 5000), { name: 'second' }, key);
    expect(await q.runDue(new Date(now.getTime() + 2000))).toBe(0);
    expect(await q.runDue(new Date(now.getTime() + 6000))).toBe(1);
    expect(runs).toEqual(['second']);
    await q.schedule('test', new Date(now.getTime() + 7000), { name: 'gone' }, key);
    await q.cancel(key);
    expect(await q.runDue(new Date(now.getTime() + 8000))).toBe(0);
  });

  it('retries a failing job later and records the error', async () => {
    const q = queue([], true);
    const key = `failing-${Date.now()}`;
    const now = new Date();
    await q.schedule('test', new Date(now.getTime() - 1000), { name: 'x' }, key);
    expect(await q.runDue(now)).toBe(1);
    const [row] = await db.database.db.select().from(jobs).where(eq(jobs.key, key));
    expect(row).toMatchObject({ attempts: 1, lastError: 'boom', doneAt: null });
    expect(row!.runAt.getTime()).toBeGreaterThan(now.getTime());
    expect(await q.runDue(now)).toBe(0);
  });

  it('runs a slow job once while a second worker polls, past its lease, and a reschedule during the run waits for it', async () => {
    // a lease far shorter than the job: only the heartbeat keeps the second worker off it
    // a lease long enough that a busy machine stalling the event loop for a few hundred ms does not
    // expire it between heartbeats (CI saw a 300 ms lease lapse); the second worker still polls past it
    const options = { leaseMs: 1000, heartbeatMs: 100 };
    const runs: string[] = [];
    let active = 0;
    let most = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const worker = () => {
      const q = new JobQueue(db.database.db, silent, options);
      q.register('slow', async (payload) => {
        active++;
        most = Math.max(most, active);
        runs.push(String(payload.name));
        if (payload.name === 'first') await gate;
        active--;
      });
      return q;
    };
    const [a, b] = [worker(), worker()];
    const key = `slow-${Date.now()}`;
    await a.schedule('slow', new Date(Date.now() - 1000), { name: 'first' }, key);
    const running = a.runDue();
    while (runs.length === 0) await new Promise((r) => setTimeout(r, 10));
    // rescheduling the running key must not free it for the other worker
    await b.schedule('slow', new Date(Date.now() - 1000), { name: 'second' }, key);
    const during: number[] = [];
    for (let i = 0; i < 12; i++) {
      await new Promise((r) => setTimeout(r, 150));
      during.push(await b.runDue());
    }
    expect(during).toEqual(Array(12).fill(0));
    expect(runs).toEqual(['first']);
    release();
    // the reschedule is not lost: once the first run ends the job runs again, once, with the new payload
    await running;
    expect(await b.runDue()).toBe(0);
    expect(await a.runDue()).toBe(0);
    expect(runs).toEqual(['first', 'second']);
    expect(most).toBe(1);
    const [row] = await db.database.db.select().from(jobs).where(eq(jobs.key, key));
    expect(row).toMatchObject({ runId: null, lockedUntil: null, payload: { name: 'second' } });
    expect(row!.doneAt).not.toBeNull();
  });

  it('lets a cancelled running job finish its run, and a new schedule of its key waits for that run', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const runs: string[] = [];
    let active = 0;
    let most = 0;
    const worker = () => {
      const q = new JobQueue(db.database.db, silent, { leaseMs: 300, heartbeatMs: 60 });
      q.register('gated', async (payload) => {
        active++;
        most = Math.max(most, active);
        runs.push(String(payload.name));
        if (payload.name === 'first') await gate;
        active--;
      });
      return q;
    };
    const [a, b] = [worker(), worker()];
    const key = `cancelled-${Date.now()}`;
    await a.schedule('gated', new Date(Date.now() - 1000), { name: 'first' }, key);
    const running = a.runDue();
    while (runs.length === 0) await new Promise((r) => setTimeout(r, 10));
    await b.cancel(key);
    await new Promise((r) => setTimeout(r, 400));
    expect(await b.runDue()).toBe(0);
    // the key scheduled anew while its cancelled run goes on: still one run at a time
    await b.schedule('gated', new Date(Date.now() - 1000), { name: 'again' }, key);
    await new Promise((r) => setTimeout(r, 400));
    expect(await b.runDue()).toBe(0);
    expect(runs).toEqual(['first']);
    release();
    await running;
    expect(runs).toEqual(['first', 'again']);
    expect(most).toBe(1);
  });

  it('leaves a job failed after its last attempt and claims it no more', async () => {
    const q = queue([], true, { maxAttempts: 2 });
    const key = `failed-${Date.now()}`;
    const now = new Date();
    await q.schedule('test', new Date(now.getTime() - 1000), { name: 'x' }, key);
    expect(await q.runDue(now)).toBe(1);
    // the retry comes after its backoff (a minute for the first); jobs of other tests may run too
    await q.runDue(new Date(now.getTime() + 61_000));
    const [row] = await db.database.db.select().from(jobs).where(eq(jobs.key, key));
    expect(row).toMatchObject({ attempts: 2, lastError: 'boom', doneAt: null, runId: null });
    expect(row!.failedAt).not.toBeNull();
    await q.runDue(new Date(now.getTime() + 30 * 24 * 3600_000));
    const [still] = await db.database.db.select().from(jobs).where(eq(jobs.key, key));
    expect(still).toMatchObject({ attempts: 2 });
    // scheduling the key again starts it afresh
    await q.schedule('test', new Date(now.getTime() - 1000), { name: 'y' }, key);
    const [again] = await db.database.db.select().from(jobs).where(eq(jobs.key, key));
    expect(again).toMatchObject({ attempts: 0, failedAt: null });
  });

  it('removes finished and failed jobs after the keeping time, and keeps pending ones', async () => {
    const runs: string[] = [];
    const q = queue(runs, false, { keepMs: 60_000 });
    const stamp = Date.now();
    const now = new Date();
    await q.schedule('test', new Date(now.getTime() - 1000), { name: 'done' }, `purge-done-${stamp}`);
    await q.schedule('test', new Date(now.getTime() + 3600_000), { name: 'pending' }, `purge-pending-${stamp}`);
    await q.runDue(now);
    const keys = async () =>
      (await db.database.db.select({ key: jobs.key }).from(jobs)).map((r) => r.key).filter((k) => k?.endsWith(`-${stamp}`));
    expect(await q.purge(new Date(now.getTime() + 30_000))).toBe(0);
    expect(await keys()).toHaveLength(2);
    expect(await q.purge(new Date(now.getTime() + 120_000))).toBeGreaterThanOrEqual(1);
    expect(await keys()).toEqual([`purge-pending-${stamp}`]);
  });

  it('queues nothing when the transaction it was scheduled in rolls back', async () => {
    const q = queue([]);
    const key = `rolled-back-${Date.now()}`;
    await expect(
      db.database.db.transaction(async (tx) => {
        await q.schedule('test', new Date(), { name: 'x' }, key, tx);
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await db.database.db.select().from(jobs).where(eq(jobs.key, key))).toEqual([]);
  });
});
