import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';

export type JobHandler = (payload: Record<string, unknown>, job: { id: number; key: string | null; runAt: Date }) => Promise<void>;

const LOCK_SECONDS = 120;
const MAX_ATTEMPTS = 5;

/**
 * Durable jobs in PostgreSQL (ARCHITECTURE: rows claimed with FOR UPDATE SKIP LOCKED, which PGlite
 * runs too). A job runs once it is due, on whichever instance claims it first; a failure is retried
 * with backoff, up to 5 attempts; a crashed run is taken up again when its lock expires.
 */
export class JobQueue {
  private handlers = new Map<string, JobHandler>();
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
  ) {}

  register(kind: string, handler: JobHandler) {
    this.handlers.set(kind, handler);
  }

  /**
   * Schedules a job. With a `key`, scheduling again replaces the pending job of that key (its time
   * and payload) instead of adding a second one; a key whose job is done starts afresh.
   */
  async schedule(kind: string, runAt: Date, payload: Record<string, unknown> = {}, key?: string) {
    if (!key) {
      await this.db.insert(jobs).values({ kind, runAt, payload });
      return;
    }
    await this.db
      .insert(jobs)
      .values({ kind, key, runAt, payload })
      .onConflictDoUpdate({
        target: jobs.key,
        set: { kind, runAt, payload, doneAt: null, attempts: 0, lastError: null, lockedUntil: null },
      });
  }

  /** Cancels a pending job by key. */
  async cancel(key: string) {
    await this.db.delete(jobs).where(and(eq(jobs.key, key), isNull(jobs.doneAt)));
  }

  /** Claims and runs the jobs that are due now; answers how many ran. */
  async runDue(now = new Date(), limit = 20): Promise<number> {
    const claimed = await this.db.execute<{ id: number; kind: string; key: string | null; payload: Record<string, unknown>; run_at: Date | string; attempts: number }>(sql`
      update ${jobs} set locked_until = ${new Date(now.getTime() + LOCK_SECONDS * 1000)}, attempts = attempts + 1
      where id in (
        select id from ${jobs}
        where done_at is null and run_at <= ${now} and attempts < ${MAX_ATTEMPTS}
          and (locked_until is null or locked_until < ${now})
        order by run_at
        limit ${limit}
        for update skip locked
      )
      returning id, kind, key, payload, run_at, attempts`);
    const rows = (claimed as unknown as { rows: { id: number; kind: string; key: string | null; payload: Record<string, unknown>; run_at: Date | string; attempts: number }[] }).rows;
    for (const job of rows) {
      const handler = this.handlers.get(job.kind);
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        await handler(job.payload, { id: job.id, key: job.key, runAt: new Date(job.run_at) });
        // a handler may have rescheduled its own key; only this run's row is marked done
        await this.db
          .update(jobs)
          .set({ doneAt: new Date(), lockedUntil: null })
          .where(and(eq(jobs.id, job.id), sql`${jobs.runAt} = ${new Date(job.run_at)}`));
      } catch (e) {
        const backoff = 2 ** job.attempts * 30_000;
        this.log.warn({ job: job.id, kind: job.kind, err: e }, 'job failed');
        await this.db
          .update(jobs)
          .set({ lastError: String((e as Error).message ?? e), lockedUntil: null, runAt: new Date(now.getTime() + backoff) })
          .where(eq(jobs.id, job.id));
      }
    }
    return rows.length;
  }

  /** Polls for due jobs every `intervalMs` until stopped. */
  start(intervalMs = 1000) {
    const tick = () => {
      this.running = this.runDue().catch((e) => {
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
