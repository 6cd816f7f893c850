import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { testDatabase, type TestDatabase } from '../../test/helpers';
import { JobQueue } from './jobs';

const silent = { warn() {}, error() {}, info() {} } as never;
let db: TestDatabase;

beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => {
  await db.drop();
});

function queue(runs: string[], fail = false) {
  const q = new JobQueue(db.database.db, silent);
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
});
