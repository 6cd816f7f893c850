import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';

export interface JobRun {
  id: number;
  kind: string;
  key: string | null;
  runAt: Date;
  /**
   * aborted when this run lost its lease (another instance took the job up, or the lease ran out
   * unrenewed): stop, whatever the work (a child process given this signal is killed)
   */
  signal: AbortSignal;
  /**
   * the queue's database handle fenced by the lease: every query begun through it (or a transaction
   * opened on it) once the lease is lost throws `JobLeaseLost`, so a run that lost its job writes
   * nothing more; the run that took the job over does the work
   */
  db: Db;
}

export type JobHandler = (payload: Record<string, unknown>, job: JobRun) => Promise<void>;

/** Thrown by a lost run's fenced handle (and its signal's reason). */
export class JobLeaseLost extends Error {
  constructor(readonly jobId: number) {
    super(`job ${jobId} lease lost`);
    this.name = 'JobLeaseLost';
  }
}

/** Runs of the kinds in a lane share its concurrency; kinds in no lane share the default lane. */
export interface JobLane {
  concurrency: number;
  kinds: readonly string[];
}

/**
 * A database handle that calls `check` before each query it begins (`select`, `insert`, `update`,
 * `delete`, `execute`, the relational `query`, a transaction and everything inside it).
 */
export function fencedDb(db: Db, check: () => void): Db {
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      // awaiting or returning the handle looks up `then`: not a query
      if (typeof prop !== 'string' || prop === 'then' || prop.startsWith('_')) return value;
      check();
      if (prop === 'transaction')
        return (work: (tx: Db) => Promise<unknown>, config?: unknown) =>
          (target.transaction as (w: (tx: Db) => Promise<unknown>, c?: unknown) => Promise<unknown>)(
            (tx) => work(fencedDb(tx, check)),
            config,
          );
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export interface JobQueueOptions {
  /** how long a claim holds a job without being renewed; the running instance renews it */
  leaseMs?: number;
  /** how often a running job's lease is renewed (a third of the lease by default) */
  heartbeatMs?: number;
  /** attempts before a failing job is left failed */
  maxAttempts?: number;
  /** how long finished and failed jobs are kept before the poller removes them */
  keepMs?: number;
  /** lanes of their own for some kinds (conversions): their runs never take the default lane's room */
  lanes?: Record<string, JobLane>;
  /** how many runs of the kinds in no lane one instance runs at once */
  concurrency?: number;
}

const DEFAULT_LANE = 'default';
/** publishes, ends, hand-ins, notices: short runs, several at once on one instance (value ours) */
const DEFAULT_CONCURRENCY = 4;

// LibreOffice alone may take 120 s: a lease is renewed every 20 s, so a crashed instance's job is
// taken up again within a minute while a slow one is never taken from under it
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 5;
const KEEP_MS = 7 * 24 * 3600_000;
const PURGE_EVERY_MS = 3600_000;

type Claimed = {
  id: number;
  kind: string;
  key: string | null;
  payload: Record<string, unknown>;
  run_at: Date | string;
  attempts: number;
  revision: number;
};

/** What one instance has going, shared by the views `using` makes. */
interface Pool {
  /** runs going per lane */
  busy: Map<string, number>;
  runs: Set<Promise<void>>;
  /** claims are made one after another, so that two never both take a lane's last room */
  claiming: Promise<unknown>;
}

/**
 * Durable jobs in PostgreSQL (ARCHITECTURE: rows claimed with FOR UPDATE SKIP LOCKED, which PGlite
 * runs too). A job runs once it is due, on whichever instance claims it first, under a lease of its
 * own that the running instance renews until the handler ends; a crashed run is taken up again when
 * its lease expires. Each claim has a run id: only that run may mark the row done or release it, so
 * rescheduling or cancelling a running job never unlocks it for a second instance. A failure is
 * retried with backoff; after the last attempt the job is left failed. Finished jobs are removed
 * after a week.
 *
 * An instance runs several jobs at once, in lanes (decision 012): each lane has its own concurrency,
 * and a claim only takes kinds whose lane has room, so a conversion holding the office lane never
 * keeps a due publish, attendance end or hand-in waiting. A run that loses its lease is stopped
 * whatever its kind: its signal is aborted, its fenced handle refuses every further query, and the
 * queue writes nothing of its end.
 */
export class JobQueue {
  private handlers = new Map<string, JobHandler>();
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private lastPurge = 0;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly maxAttempts: number;
  private readonly keepMs: number;
  private readonly laneOf = new Map<string, string>();
  private readonly room = new Map<string, number>();
  private readonly pool: Pool = { busy: new Map(), runs: new Set(), claiming: Promise.resolve() };

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    options: JobQueueOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    this.heartbeatMs = options.heartbeatMs ?? Math.floor(this.leaseMs / 3);
    this.maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
    this.keepMs = options.keepMs ?? KEEP_MS;
    this.room.set(DEFAULT_LANE, options.concurrency ?? DEFAULT_CONCURRENCY);
    for (const [name, lane] of Object.entries(options.lanes ?? {})) {
      this.room.set(name, Math.max(1, lane.concurrency));
      for (const kind of lane.kinds) this.laneOf.set(kind, name);
    }
  }

  register(kind: string, handler: JobHandler) {
    this.handlers.set(kind, handler);
  }

  /** The lane a kind runs in. */
  lane(kind: string) {
    return this.laneOf.get(kind) ?? DEFAULT_LANE;
  }

  /**
   * The same queue scheduling and cancelling through another handle (a transaction): what a service
   * queues through it is committed or rolled back with the rest of its writes.
   */
  using(db: Db): JobQueue {
    const view = Object.create(this) as JobQueue;
    view.db = db;
    return view;
  }

  /**
   * Schedules a job. With a `key`, scheduling again replaces the pending job of that key (its time
   * and payload) instead of adding a second one; a key whose job is done or failed starts afresh.
   * A key whose job is running keeps its run: the job runs again after it, at the new time with
   * the new payload. `db` may be a transaction: the job is then queued only if it commits.
   */
  async schedule(kind: string, runAt: Date, payload: Record<string, unknown> = {}, key?: string, db: Db = this.db) {
    if (!key) {
      await db.insert(jobs).values({ kind, runAt, payload });
      return;
    }
    await this.scheduleMany(kind, [{ runAt, payload, key }], db);
  }

  /**
   * Schedules jobs of one kind by key in one statement, each as `schedule` would (a group of exam
   * starts queues its hand-ins this way). A key given twice keeps its last.
   */
  async scheduleMany(kind: string, list: { runAt: Date; payload: Record<string, unknown>; key: string }[], db: Db = this.db) {
    const byKey = new Map(list.map((job) => [job.key, job]));
    if (byKey.size === 0) return;
    await db
      .insert(jobs)
      .values([...byKey.values()].map((job) => ({ kind, ...job })))
      .onConflictDoUpdate({
        target: jobs.key,
        // run_id and locked_until stay: a running job keeps its lease, and the new revision tells
        // its run not to mark the row done
        set: {
          kind,
          runAt: sql`excluded.run_at`,
          payload: sql`excluded.payload`,
          doneAt: null,
          failedAt: null,
          attempts: 0,
          lastError: null,
          revision: sql`${jobs.revision} + 1`,
        },
      });
  }

  /**
   * Cancels a pending job by key, or the jobs of several keys in the same two statements. A running
   * one finishes its run and does not run again (unless scheduled anew). `db` may be a transaction.
   */
  async cancel(key: string | string[], db: Db = this.db) {
    const keys = typeof key === 'string' ? [key] : key;
    if (keys.length === 0) return;
    const which = keys.length === 1 ? eq(jobs.key, keys[0]!) : inArray(jobs.key, keys);
    await db.delete(jobs).where(and(which, isNull(jobs.doneAt), isNull(jobs.runId)));
    // a running row must keep its lease until its run ends, or another instance could claim the key
    await db
      .update(jobs)
      .set({ doneAt: new Date(), revision: sql`${jobs.revision} + 1` })
      .where(and(which, isNull(jobs.doneAt), isNotNull(jobs.runId)));
  }

  /**
   * Claims and runs the jobs that are due now, several at once within their lanes, each under its own
   * lease; answers how many it ran, once they have all ended. A job whose lane is full of this
   * instance's other runs (the poller's) is left to them. `only` restricts the claims to these job ids
   * (the development call `/DevApi/runDueJobs`).
   */
  async runDue(now = new Date(), limit = 20, only?: readonly number[]): Promise<number> {
    if (only && only.length === 0) return 0;
    const restrict = only
      ? sql`and id in (${sql.join(
          only.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
    // the caller's `now` may lie ahead of the wall clock (tests, catch-up): leases follow it
    const offset = now.getTime() - Date.now();
    const clock = () => new Date(Date.now() + offset);
    const mine = new Set<Promise<void>>();
    let ran = 0;
    let ended = 0;
    while (ran < limit) {
      const endedBefore = ended;
      const job = await this.claim(now, clock, restrict);
      if (!job) {
        // nothing due has room: once one of this call's own runs ends its lane may take another
        if (mine.size > 0) {
          await Promise.race(mine);
          continue;
        }
        // the claim was made while a run of this call still filled its lane, and that run has ended since: the room it
        // left is looked at once more, or due jobs would be left unclaimed
        if (ended !== endedBefore) continue;
        break;
      }
      ran++;
      const run = this.launch(job, clock);
      mine.add(run);
      run.finally(() => {
        mine.delete(run);
        ended++;
      });
    }
    await Promise.all(mine);
    return ran;
  }

  /** Claims due jobs into every lane's free room and starts them, without waiting for them to end. */
  private async fill() {
    const clock = () => new Date();
    for (;;) {
      const job = await this.claim(new Date(), clock, sql``);
      if (!job) return;
      this.launch(job, clock);
    }
  }

  /** The claim's condition on kinds: those whose lane has room; undefined when no lane has any. */
  private openKinds() {
    const full = [...this.room].filter(([name, n]) => (this.pool.busy.get(name) ?? 0) >= n).map(([name]) => name);
    if (full.length === 0) return sql``;
    const kindsOf = (lanes: string[]) => [...this.laneOf].filter(([, lane]) => lanes.includes(lane)).map(([kind]) => kind);
    const list = (kinds: string[]) =>
      sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      );
    if (!full.includes(DEFAULT_LANE)) {
      const closed = kindsOf(full);
      return closed.length ? sql`and kind not in (${list(closed)})` : sql``;
    }
    const open = kindsOf([...this.room.keys()].filter((name) => !full.includes(name)));
    return open.length ? sql`and kind in (${list(open)})` : undefined;
  }

  /** Claims the next due job whose lane has room and takes that room; one claim at a time per instance. */
  private claim(now: Date, clock: () => Date, restrict: ReturnType<typeof sql>) {
    const claimed = this.pool.claiming.then(async () => {
      const kinds = this.openKinds();
      if (!kinds) return undefined;
      const at = clock();
      const runId = randomUUID();
      const leaseEnd = at.getTime() + this.leaseMs;
      const result = await this.db.execute(sql`
        update ${jobs} set locked_until = ${new Date(leaseEnd)}, run_id = ${runId}, attempts = attempts + 1
        where id = (
          select id from ${jobs}
          where done_at is null and failed_at is null and run_at <= ${now} and attempts < ${this.maxAttempts}
            and (locked_until is null or locked_until < ${at}) ${restrict} ${kinds}
          order by run_at
          limit 1
          for update skip locked
        )
        returning id, kind, key, payload, run_at, attempts, revision`);
      const [job] = (result as unknown as { rows: Claimed[] }).rows;
      if (!job) return undefined;
      const lane = this.lane(job.kind);
      this.pool.busy.set(lane, (this.pool.busy.get(lane) ?? 0) + 1);
      return { ...job, runId, leaseEnd, lane };
    });
    this.pool.claiming = claimed.catch(() => undefined);
    return claimed;
  }

  /** Runs a claimed job in its lane's room, giving the room back when it ends. */
  private launch(job: Claimed & { runId: string; leaseEnd: number; lane: string }, clock: () => Date) {
    const run = this.runOne(job, job.runId, job.leaseEnd, clock)
      .catch((e) => this.log.error({ job: job.id, kind: job.kind, err: e }, 'job run could not be recorded'))
      .finally(() => {
        this.pool.busy.set(job.lane, (this.pool.busy.get(job.lane) ?? 1) - 1);
        this.pool.runs.delete(run);
      });
    this.pool.runs.add(run);
    return run;
  }

  private async runOne(job: Claimed, runId: string, claimedUntil: number, clock: () => Date) {
    const mine = and(eq(jobs.id, job.id), eq(jobs.runId, runId));
    const lost = new AbortController();
    // the lease as this run last secured it: past it another instance may have the job, whether or
    // not a renewal has said so yet (a stalled process, a database that did not answer)
    let leaseEnd = claimedUntil;
    const loseLease = (why: string) => {
      if (lost.signal.aborted) return;
      this.log.warn({ job: job.id, kind: job.kind, why }, 'job lease lost: its run is stopped');
      lost.abort(new JobLeaseLost(job.id));
    };
    const check = () => {
      if (!lost.signal.aborted && clock().getTime() >= leaseEnd) loseLease('lease ran out unrenewed');
      if (lost.signal.aborted) throw lost.signal.reason;
    };
    // a heartbeat that does not come in time (a stalled process or database) stops the run at its lease's end
    let expiry = setTimeout(() => loseLease('lease ran out unrenewed'), Math.max(0, leaseEnd - clock().getTime()));
    let beat = Promise.resolve();
    const heartbeat = setInterval(() => {
      beat = beat.then(async () => {
        if (lost.signal.aborted) return;
        if (clock().getTime() >= leaseEnd) return loseLease('lease ran out unrenewed');
        const until = clock().getTime() + this.leaseMs;
        try {
          const renewed = await this.db
            .update(jobs)
            .set({ lockedUntil: new Date(until) })
            .where(mine)
            .returning({ id: jobs.id });
          if (renewed.length === 0) loseLease('taken by another run');
          else if (!lost.signal.aborted) {
            leaseEnd = until;
            clearTimeout(expiry);
            expiry = setTimeout(() => loseLease('lease ran out unrenewed'), Math.max(0, leaseEnd - clock().getTime()));
          }
        } catch (e) {
          this.log.warn({ job: job.id, err: e }, 'job lease renewal failed');
        }
      });
    }, this.heartbeatMs);
    let failure: unknown;
    try {
      const handler = this.handlers.get(job.kind);
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, {
        id: job.id,
        kind: job.kind,
        key: job.key,
        runAt: new Date(job.run_at),
        signal: lost.signal,
        db: fencedDb(this.db, check),
      });
    } catch (e) {
      failure = e;
    } finally {
      clearInterval(heartbeat);
      await beat;
      clearTimeout(expiry);
    }
    if (!lost.signal.aborted && clock().getTime() >= leaseEnd) loseLease('lease ran out unrenewed');
    // a lost run writes nothing: the job is the other run's now (or, unclaimed, is claimed again)
    if (lost.signal.aborted) return;
    const unchanged = and(mine, eq(jobs.revision, job.revision));
    const release = { lockedUntil: null, runId: null };
    if (failure === undefined) {
      const done = await this.db
        .update(jobs)
        .set({ ...release, doneAt: clock() })
        .where(unchanged)
        .returning({ id: jobs.id });
      // rescheduled or cancelled meanwhile: the row keeps its new time and payload (or its cancel)
      if (done.length === 0) await this.db.update(jobs).set(release).where(mine);
      return;
    }
    this.log.warn({ job: job.id, kind: job.kind, err: failure }, 'job failed');
    const lastError = String((failure as Error)?.message ?? failure).slice(0, 2000);
    const final = job.attempts >= this.maxAttempts;
    const retried = await this.db
      .update(jobs)
      .set({
        ...release,
        lastError,
        ...(final ? { failedAt: clock() } : { runAt: new Date(clock().getTime() + 2 ** job.attempts * 30_000) }),
      })
      .where(unchanged)
      .returning({ id: jobs.id });
    if (retried.length === 0)
      await this.db
        .update(jobs)
        .set({ ...release, lastError })
        .where(mine);
    if (final) this.log.error({ job: job.id, kind: job.kind, err: failure }, 'job failed for good');
  }

  /**
   * Removes jobs finished or failed longer ago than the keeping time; answers how many. A job whose
   * last attempt ended with its instance (the lease expired, nobody released it) is left failed.
   */
  async purge(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.keepMs);
    await this.db
      .update(jobs)
      .set({ failedAt: now, runId: null, lockedUntil: null, lastError: sql`coalesce(${jobs.lastError}, 'lease expired')` })
      .where(
        and(
          isNull(jobs.doneAt),
          isNull(jobs.failedAt),
          sql`${jobs.attempts} >= ${this.maxAttempts}`,
          or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)),
        ),
      );
    const removed = await this.db
      .delete(jobs)
      .where(and(isNull(jobs.runId), or(lt(jobs.doneAt, before), lt(jobs.failedAt, before))))
      .returning({ id: jobs.id });
    return removed.length;
  }

  /**
   * Polls for due jobs every `intervalMs` until stopped, filling each lane's free room, and removes
   * old finished ones hourly. A tick never waits for the runs it starts.
   */
  start(intervalMs = 1000) {
    const tick = () => {
      this.running = (async () => {
        if (Date.now() - this.lastPurge > PURGE_EVERY_MS) {
          this.lastPurge = Date.now();
          await this.purge();
        }
        await this.fill();
      })().catch((e) => {
        this.log.error({ err: e }, 'job polling failed');
      });
      this.running.finally(() => {
        if (this.timer) this.timer = setTimeout(tick, intervalMs);
      });
    };
    this.timer = setTimeout(tick, intervalMs);
  }

  /** Stops polling and waits for the runs going on this instance to end. */
  async stop() {
    const timer = this.timer;
    this.timer = undefined;
    if (timer) clearTimeout(timer);
    await this.running;
    await Promise.all(this.pool.runs);
  }
}
