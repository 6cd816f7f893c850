import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';

export type JobHandler = (
  payload: Record<string, unknown>,
  job: {
    id: number;
    key: string | null;
    runAt: Date;
    /** aborted when this run lost its lease (another instance took the job up): stop writing */
    signal: AbortSignal;
  },
) => Promise<void>;

export interface JobQueueOptions {
  /** how long a claim holds a job without being renewed; the running instance renews it */
  leaseMs?: number;
  /** how often a running job's lease is renewed (a third of the lease by default) */
  heartbeatMs?: number;
  /** attempts before a failing job is left failed */
  maxAttempts?: number;
  /** how long finished and failed jobs are kept before the poller removes them */
  keepMs?: number;
}

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

/**
 * Durable jobs in PostgreSQL (ARCHITECTURE: rows claimed with FOR UPDATE SKIP LOCKED, which PGlite
 * runs too). A job runs once it is due, on whichever instance claims it first, under a lease of its
 * own that the running instance renews until the handler ends; a crashed run is taken up again when
 * its lease expires. Each claim has a run id: only that run may mark the row done or release it, so
 * rescheduling or cancelling a running job never unlocks it for a second instance. A failure is
 * retried with backoff; after the last attempt the job is left failed. Finished jobs are removed
 * after a week.
 */
export class JobQueue {
  private handlers = new Map<string, JobHandler>();
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private lastPurge = 0;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly maxAttempts: number;
  private readonly keepMs: number;

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    options: JobQueueOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    this.heartbeatMs = options.heartbeatMs ?? Math.floor(this.leaseMs / 3);
    this.maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
    this.keepMs = options.keepMs ?? KEEP_MS;
  }

  register(kind: string, handler: JobHandler) {
    this.handlers.set(kind, handler);
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
    await db
      .insert(jobs)
      .values({ kind, key, runAt, payload })
      .onConflictDoUpdate({
        target: jobs.key,
        // run_id and locked_until stay: a running job keeps its lease, and the new revision tells
        // its run not to mark the row done
        set: {
          kind,
          runAt,
          payload,
          doneAt: null,
          failedAt: null,
          attempts: 0,
          lastError: null,
          revision: sql`${jobs.revision} + 1`,
        },
      });
  }

  /**
   * Cancels a pending job by key. A running one finishes its run and does not run again (unless
   * scheduled anew). `db` may be a transaction.
   */
  async cancel(key: string, db: Db = this.db) {
    await db.delete(jobs).where(and(eq(jobs.key, key), isNull(jobs.doneAt), isNull(jobs.runId)));
    // a running row must keep its lease until its run ends, or another instance could claim the key
    await db
      .update(jobs)
      .set({ doneAt: new Date(), revision: sql`${jobs.revision} + 1` })
      .where(and(eq(jobs.key, key), isNull(jobs.doneAt), isNotNull(jobs.runId)));
  }

  /**
   * Claims and runs the jobs that are due now, one at a time, each under its own lease; answers how many ran.
   * `only` restricts the claims to these job ids (the development call `/DevApi/runDueJobs`).
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
    let ran = 0;
    while (ran < limit) {
      const at = clock();
      const runId = randomUUID();
      const claimed = await this.db.execute(sql`
        update ${jobs} set locked_until = ${new Date(at.getTime() + this.leaseMs)}, run_id = ${runId}, attempts = attempts + 1
        where id = (
          select id from ${jobs}
          where done_at is null and failed_at is null and run_at <= ${now} and attempts < ${this.maxAttempts}
            and (locked_until is null or locked_until < ${at}) ${restrict}
          order by run_at
          limit 1
          for update skip locked
        )
        returning id, kind, key, payload, run_at, attempts, revision`);
      const [job] = (claimed as unknown as { rows: Claimed[] }).rows;
      if (!job) break;
      ran++;
      await this.runOne(job, runId, clock);
    }
    return ran;
  }

  private async runOne(job: Claimed, runId: string, clock: () => Date) {
    const mine = and(eq(jobs.id, job.id), eq(jobs.runId, runId));
    const lost = new AbortController();
    // renews the lease while the handler runs; a renewal that finds the row taken from this run
    // (the lease expired during a stall) tells the handler through its signal
    let beat = Promise.resolve();
    const heartbeat = setInterval(() => {
      beat = beat.then(async () => {
        try {
          const renewed = await this.db
            .update(jobs)
            .set({ lockedUntil: new Date(clock().getTime() + this.leaseMs) })
            .where(mine)
            .returning({ id: jobs.id });
          if (renewed.length === 0 && !lost.signal.aborted) {
            this.log.warn({ job: job.id, kind: job.kind }, 'job lease lost');
            lost.abort();
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
      await handler(job.payload, { id: job.id, key: job.key, runAt: new Date(job.run_at), signal: lost.signal });
    } catch (e) {
      failure = e;
    } finally {
      clearInterval(heartbeat);
      await beat;
    }
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

  /** Polls for due jobs every `intervalMs` until stopped, and removes old finished ones hourly. */
  start(intervalMs = 1000) {
    const tick = () => {
      this.running = (async () => {
        if (Date.now() - this.lastPurge > PURGE_EVERY_MS) {
          this.lastPurge = Date.now();
          await this.purge();
        }
        return this.runDue();
      })().catch((e) => {
        this.log.error({ err: e }, 'job polling failed');
        return 0;
      });
      this.running.finally(() => {
        if (this.timer) this.timer = setTimeout(tick, intervalMs);
      });
    };
    this.timer = setTimeout(tick, intervalMs);
  }

  async stop() {
    const timer = this.timer;
    this.timer = undefined;
    if (timer) clearTimeout(timer);
    await this.running;
  }
}
