import { and, inArray, lt, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { figureCodes, passwordResets, registerTickets, sessions, verificationCodes, wechatLogins } from '../../db/schema';
import type { AppContext } from '../../platform/context';

/** The durable job that deletes expired account rows; one pending run at a time (its key). */
export const PURGE_EXPIRED_JOB = 'accounts.purgeExpired';
const PURGE_EXPIRED_KEY = 'accounts:purge-expired';
/** How often the purge runs (value ours): anonymous picture codes pile up at most this long past expiry. */
export const PURGE_EVERY_MS = 5 * 60_000;
/** Rows per delete statement: each holds its row locks for one short statement only (value ours). */
export const PURGE_BATCH = 500;
/** Statements per table per run; what is left waits for the next run (value ours). */
const PURGE_MAX_BATCHES = 40;
/** The daily caps on verification codes count the codes sent in the last 24 hours (codes.service.ts). */
const CODE_CAP_WINDOW_MS = 24 * 3600_000;

type Expiring = { name: string; table: PgTable; key: PgColumn; expired: (now: Date) => SQL | undefined };

/**
 * What is deleted once expired, and when. Each table's rule follows the code that reads it:
 * - picture codes, registration tickets, password-reset tickets, WeChat QR logins and sessions are
 *   only ever read while `expires_at` lies ahead: gone once it has passed;
 * - verification codes are also counted for the 60 s spacing and the daily caps per target and per
 *   address (created in the last 24 hours): kept until both their expiry and that day have passed.
 * No row is kept for audits: logins and codes are not audited from these tables.
 */
const EXPIRING: Expiring[] = [
  { name: 'figure_codes', table: figureCodes, key: figureCodes.sessionid, expired: (now) => lt(figureCodes.expiresAt, now) },
  {
    name: 'verification_codes',
    table: verificationCodes,
    key: verificationCodes.id,
    expired: (now) =>
      and(lt(verificationCodes.expiresAt, now), lt(verificationCodes.createdAt, new Date(now.getTime() - CODE_CAP_WINDOW_MS))),
  },
  { name: 'sessions', table: sessions, key: sessions.id, expired: (now) => lt(sessions.expiresAt, now) },
  {
    name: 'register_tickets',
    table: registerTickets,
    key: registerTickets.tokenHash,
    expired: (now) => lt(registerTickets.expiresAt, now),
  },
  {
    name: 'password_resets',
    table: passwordResets,
    key: passwordResets.id,
    expired: (now) => lt(passwordResets.expiresAt, now),
  },
  { name: 'wechat_logins', table: wechatLogins, key: wechatLogins.codeKey, expired: (now) => lt(wechatLogins.expiresAt, now) },
];

/**
 * Deletes the expired rows of every table above, in batches of PURGE_BATCH by primary key (one
 * short statement each, so no lock is held for long and no statement scans for long), at most
 * PURGE_MAX_BATCHES per table per run; stops between batches once `signal` is aborted. Answers how
 * many rows went, per table.
 */
export async function purgeExpired(ctx: AppContext, now = new Date(), signal?: AbortSignal) {
  const removed: Record<string, number> = {};
  for (const t of EXPIRING) {
    removed[t.name] = 0;
    for (let i = 0; i < PURGE_MAX_BATCHES; i++) {
      signal?.throwIfAborted();
      const batch = ctx.db.select({ key: t.key }).from(t.table).where(t.expired(now)).limit(PURGE_BATCH);
      const gone = await ctx.db.delete(t.table).where(inArray(t.key, batch)).returning({ key: t.key });
      removed[t.name] += gone.length;
      if (gone.length < PURGE_BATCH) break;
    }
  }
  return removed;
}

/** Schedules the purge (by its key, so instances starting together schedule it once). */
export async function schedulePurge(ctx: AppContext, at = new Date()) {
  await ctx.jobs.schedule(PURGE_EXPIRED_JOB, at, {}, PURGE_EXPIRED_KEY);
}

/**
 * The purge job: it schedules its next run before it works, so it keeps recurring even when one run
 * fails (the queue runs a rescheduled key again after the current run, on whichever instance claims it).
 */
export async function purgeExpiredJob(ctx: AppContext, signal?: AbortSignal) {
  await schedulePurge(ctx, new Date(Date.now() + PURGE_EVERY_MS));
  await purgeExpired(ctx, new Date(), signal);
}
