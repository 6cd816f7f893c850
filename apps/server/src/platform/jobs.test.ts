import { randomUUID } from 'node:crypto';
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabase } from '../../test/helpers';
import { JOB_LANES } from '../app';
import { jobs, settings } from '../db/schema';
import { ATTENDANCE_END_JOB } from '../modules/attendance/attendance.service';
import { PUBLISH_JOB } from '../modules/content/content.service';
import { SUBMIT_JOB } from '../modules/exams/attempts.service';
import { CONVERT_JOB } from '../modules/files/convert';
import { JobQueue, type JobQueueOptions, type JobRun } from './jobs';

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
    for (let i = 0; i < 10; i++)
      await a.schedule('test', new Date(now.getTime() - 1000), { name: `job${i}` }, `dup-${now.getTime()}-${i}`);
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

  it('schedules many keyed jobs in one statement, each as alone: a pending key moved, a done one afresh, a key given twice its last', async () => {
    const runs: string[] = [];
    const q = queue(runs);
    const tag = `many-${Date.now()}`;
    const now = new Date();
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    await q.schedule('test', at(-1), { name: 'done' }, `${tag}-done`);
    expect(await q.runDue(now)).toBe(1);
    await q.schedule('test', at(1), { name: 'pending' }, `${tag}-pending`);
    let statements = 0;
    const counted = q.using(
      new Proxy(db.database.db, {
        get: (target, name, receiver) => {
          if (name === 'insert') statements++;
          return Reflect.get(target, name, receiver);
        },
      }),
    );
    await counted.scheduleMany('test', [
      { runAt: at(5), payload: { name: 'pending moved' }, key: `${tag}-pending` },
      { runAt: at(5), payload: { name: 'done again' }, key: `${tag}-done` },
      { runAt: at(5), payload: { name: 'new, first' }, key: `${tag}-new` },
      { runAt: at(6), payload: { name: 'new, last' }, key: `${tag}-new` },
    ]);
    expect(statements).toBe(1);
    const rows = await db.database.db
      .select()
      .from(jobs)
      .where(like(jobs.key, `${tag}-%`));
    expect(Object.fromEntries(rows.map((r) => [r.key, [r.payload.name, r.revision, r.doneAt]]))).toEqual({
      [`${tag}-pending`]: ['pending moved', 1, null],
      [`${tag}-done`]: ['done again', 1, null],
      [`${tag}-new`]: ['new, last', 0, null],
    });
    expect(await q.runDue(at(2))).toBe(0);
    expect(await q.runDue(at(7))).toBe(3);
    expect(runs.slice(1).sort()).toEqual(['done again', 'new, last', 'pending moved']);
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

/** Waits for a state, polling; a bounded number of tries so that a missing state fails instead of hanging. */
async function until(done: () => boolean | Promise<boolean>, tries = 300) {
  for (let i = 0; i < tries && !(await done()); i++) await new Promise((r) => setTimeout(r, 20));
}

const idsOf = async (keys: string[]) =>
  (await db.database.db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.key, keys))).map((r) => r.id);

describe('the job pool', () => {
  function gate() {
    let open!: () => void;
    const closed = new Promise<void>((r) => {
      open = r;
    });
    return { closed, open };
  }

  it('runs short jobs due beside a blocked conversion without waiting for it, and keeps conversions to their lane', async () => {
    const q = new JobQueue(db.database.db, silent, { lanes: JOB_LANES });
    const order: string[] = [];
    const office = gate();
    q.register(CONVERT_JOB, async (p) => {
      order.push(`convert ${p.name}`);
      await office.closed;
      order.push(`converted ${p.name}`);
    });
    for (const kind of [PUBLISH_JOB, ATTENDANCE_END_JOB, SUBMIT_JOB])
      q.register(kind, async (p) => {
        order.push(`${kind} ${p.name}`);
      });
    const stamp = Date.now();
    const now = new Date();
    const at = (ms: number) => new Date(now.getTime() + ms);
    // two conversions due first, then the short jobs, all due now
    await q.schedule(CONVERT_JOB, at(-3000), { name: 'c1' }, `pool-c1-${stamp}`);
    await q.schedule(CONVERT_JOB, at(-2900), { name: 'c2' }, `pool-c2-${stamp}`);
    await q.schedule(PUBLISH_JOB, at(-2000), { name: 'p' }, `pool-p-${stamp}`);
    await q.schedule(ATTENDANCE_END_JOB, at(-2000), { name: 'a' }, `pool-a-${stamp}`);
    await q.schedule(SUBMIT_JOB, at(-2000), { name: 's' }, `pool-s-${stamp}`);
    const keys = ['c1', 'c2', 'p', 'a', 's'].map((n) => `pool-${n}-${stamp}`);
    const running = q.runDue(now, 20, await idsOf(keys));
    try {
      // the short jobs run and are recorded done while the first conversion still holds the office lane
      let rows: (typeof jobs.$inferSelect)[] = [];
      const doneOf = (n: string) => rows.find((r) => r.key === `pool-${n}-${stamp}`)!.doneAt !== null;
      await until(async () => {
        rows = await db.database.db.select().from(jobs).where(inArray(jobs.key, keys));
        return ['p', 'a', 's'].every(doneOf);
      });
      // the lanes start side by side: the first conversion may begin before or after the short jobs, and is still held
      expect(order.filter((o) => !o.startsWith('convert')).sort()).toEqual(
        [`${ATTENDANCE_END_JOB} a`, `${PUBLISH_JOB} p`, `${SUBMIT_JOB} s`].sort(),
      );
      expect(order).not.toContain('converted c1');
      expect(['p', 'a', 's'].map(doneOf)).toEqual([true, true, true]);
      // the second conversion waits for the first: the lane runs one at a time
      expect(['c1', 'c2'].map(doneOf)).toEqual([false, false]);
      expect(order).not.toContain('convert c2');
    } finally {
      office.open();
    }
    expect(await running).toBe(5);
    expect(order.filter((o) => o.includes('c1') || o.includes('c2'))).toEqual([
      'convert c1',
      'converted c1',
      'convert c2',
      'converted c2',
    ]);
  });

  it('claims again when a run of the call ends while a claim is looking, so that no due job is left behind', async () => {
    // claims that take 60 ms (the test's database), runs of 10 ms, one at a time in the default lane: the first run
    // ends while the second claim, made when the lane was full, is still looking
    const execute = db.database.db.execute;
    const slowClaims = new Proxy(db.database.db, {
      get: (target, prop, receiver) =>
        prop === 'execute'
          ? async (...args: Parameters<typeof execute>) => {
              await new Promise((r) => setTimeout(r, 60));
              return execute.apply(target, args);
            }
          : Reflect.get(target, prop, receiver),
    });
    const q = new JobQueue(slowClaims, silent, { lanes: JOB_LANES, concurrency: 1 });
    const runs: string[] = [];
    q.register('test', async (p) => {
      await new Promise((r) => setTimeout(r, 10));
      runs.push(String(p.name));
    });
    const stamp = Date.now();
    const now = new Date();
    const keys = ['a', 'b', 'c'].map((n) => `behind-${n}-${stamp}`);
    for (const [i, key] of keys.entries())
      await q.schedule('test', new Date(now.getTime() - 3000 + i), { name: key.split('-')[1] }, key);
    expect(await q.runDue(now, 20, await idsOf(keys))).toBe(3);
    expect(runs).toEqual(['a', 'b', 'c']);
  });

  it('lets the poller run a publish that comes due while a conversion is running', async () => {
    const q = new JobQueue(db.database.db, silent, { lanes: JOB_LANES });
    const order: string[] = [];
    const office = gate();
    const stamp = Date.now();
    q.register(CONVERT_JOB, async (p) => {
      if (p.stamp !== stamp) return;
      order.push('convert');
      await office.closed;
      order.push('converted');
    });
    q.register(PUBLISH_JOB, async (p) => {
      if (p.stamp === stamp) order.push('publish');
    });
    await q.schedule(CONVERT_JOB, new Date(Date.now() - 1000), { stamp }, `poll-c-${stamp}`);
    q.start(20);
    try {
      await until(() => order.includes('convert'));
      await q.schedule(PUBLISH_JOB, new Date(), { stamp }, `poll-p-${stamp}`);
      await until(() => order.includes('publish'));
      expect(order).toEqual(['convert', 'publish']);
    } finally {
      office.open();
      await q.stop();
    }
    expect(order).toEqual(['convert', 'publish', 'converted']);
  });

  it('stops a run that lost its lease, whatever its kind, and writes nothing of it', async () => {
    const stamp = Date.now();
    const settingKey = (n: string) => `lease-${n}-${stamp}`;
    const write = (job: JobRun, n: string, value: string) => job.db.insert(settings).values({ key: settingKey(n), value });
    type Seen = { aborted: boolean; error?: string };
    // the first instance: its run waits, then writes through its run's handle
    const held = gate();
    const seen: Seen[] = [];
    const first = (options: JobQueueOptions) => {
      const q = new JobQueue(db.database.db, silent, { lanes: JOB_LANES, ...options });
      for (const kind of [PUBLISH_JOB, CONVERT_JOB])
        q.register(kind, async (p, job) => {
          const mine: Seen = { aborted: false };
          seen.push(mine);
          await held.closed;
          mine.aborted = job.signal.aborted;
          try {
            await write(job, String(p.name), 'first');
          } catch (e) {
            mine.error = (e as Error).name;
            throw e;
          }
        });
      return q;
    };
    const second = new JobQueue(db.database.db, silent, { lanes: JOB_LANES });
    for (const kind of [PUBLISH_JOB, CONVERT_JOB])
      second.register(kind, async (p, job) => {
        await write(job, String(p.name), 'second');
      });

    // a stalled instance: its heartbeat never comes, its lease runs out and the other instance takes the job
    const stalled = first({ leaseMs: 300, heartbeatMs: 3_600_000 });
    await stalled.schedule(CONVERT_JOB, new Date(Date.now() - 1000), { name: 'stalled' }, settingKey('stalled'));
    const [stalledJob] = await idsOf([settingKey('stalled')]);
    const stalledRun = stalled.runDue(new Date(), 1, [stalledJob!]);
    await until(() => seen.length === 1);
    let taken = 0;
    await until(async () => {
      taken += await second.runDue(new Date(), 1, [stalledJob!]);
      return taken > 0;
    });
    expect(taken).toBe(1);

    // a live instance whose job another instance reclaimed: its next heartbeat finds the row taken
    const reclaimed = first({ leaseMs: 60_000, heartbeatMs: 30 });
    await reclaimed.schedule(PUBLISH_JOB, new Date(Date.now() - 1000), { name: 'reclaimed' }, settingKey('reclaimed'));
    const [reclaimedJob] = await idsOf([settingKey('reclaimed')]);
    const reclaimedRun = reclaimed.runDue(new Date(), 1, [reclaimedJob!]);
    await until(() => seen.length === 2);
    await db.database.db
      .update(jobs)
      .set({ runId: randomUUID(), lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(jobs.id, reclaimedJob!));
    await new Promise((r) => setTimeout(r, 200));

    held.open();
    await Promise.all([stalledRun, reclaimedRun]);
    // both runs were told to stop, and their writes were refused
    expect(seen).toEqual([
      { aborted: true, error: 'JobLeaseLost' },
      { aborted: true, error: 'JobLeaseLost' },
    ]);
    const written = await db.database.db
      .select()
      .from(settings)
      .where(like(settings.key, `lease-%-${stamp}`));
    expect(written).toEqual([{ key: settingKey('stalled'), value: 'second' }]);
    // the job's row is the other run's: done once by it; the lost runs recorded neither done nor failure
    const rows = await db.database.db
      .select()
      .from(jobs)
      .where(inArray(jobs.id, [stalledJob!, reclaimedJob!]));
    const stalledRow = rows.find((r) => r.id === stalledJob)!;
    expect(stalledRow).toMatchObject({ attempts: 2, lastError: null, runId: null });
    expect(stalledRow.doneAt).not.toBeNull();
    const reclaimedRow = rows.find((r) => r.id === reclaimedJob)!;
    expect(reclaimedRow).toMatchObject({ attempts: 1, lastError: null, doneAt: null, failedAt: null });
    expect(reclaimedRow.runId).not.toBeNull();
  });
});
