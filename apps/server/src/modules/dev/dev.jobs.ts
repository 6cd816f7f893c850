import { PUBLISH_STATES, type runDueJobsAnswer, type runDueJobsInput } from '@paiclass/shared';
import { and, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import { contents, jobs } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { END_JOB, endKey, PUBLISH_JOB, publishKey } from '../content/content.service';
import { MEMBER_NOTICE_JOB } from '../courses/member-notice';
import { DUPCHECK_JOB } from '../homework/dupcheck/dupcheck.service';
import { ASSIGN_JOB, assignKey } from '../homework/reviews.service';

type Pending = typeof jobs.$inferSelect;

/** The content item a job stands for (its publish, its end or deadline, its reviews, its duplicate check). */
function itemOf(job: Pending): number | undefined {
  const p = job.payload;
  if (job.kind === PUBLISH_JOB || job.kind === END_JOB) return Number(p.id) || undefined;
  if (job.kind === ASSIGN_JOB || job.kind === DUPCHECK_JOB) return Number(p.contentId) || undefined;
  return undefined;
}

/** The course a job belongs to, when it names one (the weekly member-change notice). */
const courseOf = (job: Pending) => (job.kind === MEMBER_NOTICE_JOB ? Number(job.payload.courseId) || undefined : undefined);

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Development only. Runs now the pending jobs that are due (or due within `ahead` seconds), optionally
 * of one kind, course or item, and answers when they have finished. A job brought forward brings the
 * time it stands for with it, as if the clock had reached it: a scheduled item's publish time, an
 * item's end or a homework's deadline become now (so lateness, "ended" and the peer-review assignment
 * agree with the job having run); other jobs (duplicate checks, the member-change notice) just run now.
 * Attendance, file conversion and upload clean-up jobs belong to no item here: only `ahead: 0` without a
 * course or item runs them, when they are due anyway.
 */
export async function runDueJobs(
  ctx: AppContext,
  input: z.output<typeof runDueJobsInput>,
): Promise<z.output<typeof runDueJobsAnswer>> {
  const now = new Date();
  const horizon = new Date(now.getTime() + input.ahead * 1000);
  const pending = await ctx.db
    .select()
    .from(jobs)
    .where(
      and(
        isNull(jobs.doneAt),
        isNull(jobs.failedAt),
        lte(jobs.runAt, horizon),
        input.kind ? eq(jobs.kind, input.kind) : undefined,
      ),
    );
  let chosen = pending;
  if (input.courseid || input.contentid) {
    const items = [...new Set(pending.map(itemOf).filter((id): id is number => id !== undefined))];
    const courseOfItem = new Map<number, number>();
    if (items.length) {
      const rows = await ctx.db
        .select({ id: contents.id, courseId: contents.courseId })
        .from(contents)
        .where(inArray(contents.id, items));
      for (const row of rows) courseOfItem.set(row.id, row.courseId);
    }
    chosen = pending.filter((job) => {
      const item = itemOf(job);
      if (input.contentid && item !== input.contentid) return false;
      if (input.courseid) {
        const course = item !== undefined ? courseOfItem.get(item) : courseOf(job);
        if (course !== input.courseid) return false;
      }
      return true;
    });
  }

  const early = chosen.filter((job) => job.runAt > now);
  if (early.length) {
    const publishing = early
      .filter((j) => j.kind === PUBLISH_JOB)
      .map(itemOf)
      .filter((id): id is number => !!id);
    const ending = early
      .filter((j) => j.kind === END_JOB || j.kind === ASSIGN_JOB)
      .map(itemOf)
      .filter((id): id is number => !!id);
    // a publish comes a second before an end brought forward with it, so the item publishes, then ends
    const publishAt = new Date(now.getTime() - 1000);
    await ctx.db.transaction(async (tx) => {
      if (publishing.length)
        await tx
          .update(contents)
          .set({ publishAt, updatedAt: now })
          .where(
            and(
              inArray(contents.id, publishing),
              eq(contents.publishState, PUBLISH_STATES.scheduled),
              gt(contents.publishAt, now),
            ),
          );
      if (ending.length)
        await tx
          .update(contents)
          .set({ endAt: now, updatedAt: now })
          .where(and(inArray(contents.id, ending), gt(contents.endAt, now)));
      const others = early.filter((j) => j.kind !== PUBLISH_JOB).map((j) => j.id);
      // an end brought forward brings every job waiting on it: the end itself and the reviews' assignment
      const endKeys = ending.flatMap((id) => [endKey(id), assignKey(id)]);
      const waiting = and(isNull(jobs.doneAt), isNull(jobs.failedAt));
      if (publishing.length)
        await tx
          .update(jobs)
          .set({ runAt: publishAt })
          .where(and(waiting, inArray(jobs.key, publishing.map(publishKey))));
      if (others.length || endKeys.length)
        await tx
          .update(jobs)
          .set({ runAt: now })
          .where(
            and(
              waiting,
              gt(jobs.runAt, now),
              or(others.length ? inArray(jobs.id, others) : undefined, endKeys.length ? inArray(jobs.key, endKeys) : undefined),
            ),
          );
    });
  }

  // the jobs to run: the chosen ones and those brought forward with them, as they are now
  const ids = new Set(chosen.map((j) => j.id));
  const endKeys = new Set(
    chosen.filter((j) => j.kind === END_JOB || j.kind === ASSIGN_JOB).flatMap((j) => [endKey(itemOf(j)!), assignKey(itemOf(j)!)]),
  );
  if (endKeys.size) {
    const along = await ctx.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(inArray(jobs.key, [...endKeys]), isNull(jobs.doneAt), isNull(jobs.failedAt), lte(jobs.runAt, now)));
    for (const row of along) ids.add(row.id);
  }
  const before = new Map(pending.map((j) => [j.id, j]));
  const only = [...ids];
  // the poller may have claimed some meanwhile: wait for its run to end (at most a lease), then claim what is left
  const deadline = Date.now() + 60_000;
  for (;;) {
    await ctx.jobs.runDue(new Date(), only.length, only);
    const open = await ctx.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(inArray(jobs.id, only.length ? only : [0]), isNull(jobs.doneAt), isNull(jobs.failedAt), lte(jobs.runAt, new Date())),
      );
    if (open.length === 0 || Date.now() > deadline) break;
    await wait(100);
  }
  const after = only.length ? await ctx.db.select().from(jobs).where(inArray(jobs.id, only)) : [];
  const list = after
    .sort(
      (a, b) =>
        (a.doneAt?.getTime() ?? Number.MAX_SAFE_INTEGER) - (b.doneAt?.getTime() ?? Number.MAX_SAFE_INTEGER) || a.id - b.id,
    )
    .map((j) => ({
      id: j.id,
      kind: j.kind,
      key: j.key ?? '',
      runtime: seconds(before.get(j.id)?.runAt ?? j.runAt),
      done: j.doneAt ? 1 : 0,
      error: j.doneAt ? '' : (j.lastError ?? ''),
    }));
  return { ran: list.filter((j) => j.done).length, list };
}
