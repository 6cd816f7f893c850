import {
  DUP_VIEWS_PER_DOCUMENT,
  DUP_VIEWS_PER_HOMEWORK,
  type dupPersonAnswer,
  type dupReportAnswer,
  type recheckRulesAnswer,
  type repeatAnswer,
} from '@paiclass/shared';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { contents, dupPairs, dupViews, files, homeworks, submissions, submissionTexts, users } from '../../../db/schema';
import type { User } from '../../../platform/auth';
import type { AppContext } from '../../../platform/context';
import { fail } from '../../../platform/errors';
import { plainText } from '../../content/rich-text';
import { requireGrader } from '../homework.queries';
import { extractFile } from './extract';
import { comparePairs, type Fingerprint, passages, tokenize, winnow } from './winnow';

export const DUPCHECK_JOB = 'homework.dupcheck';
const jobKey = (contentId: number) => `dupcheck:${contentId}`;
/** Pairs below this share of common fingerprints are not kept. */
const KEEP_PERCENT = 5;

/** Queues a check of a homework a few seconds on, so a burst of submissions makes one run. */
export async function queueDupCheck(ctx: AppContext, contentId: number) {
  await ctx.db.update(homeworks).set({ dupCheckedAt: null }).where(eq(homeworks.contentId, contentId));
  await ctx.jobs.schedule(DUPCHECK_JOB, new Date(Date.now() + 3000), { contentId }, jobKey(contentId));
}

/**
 * Text and fingerprints of one submission as it stands: its written answer (plain text taken from
 * the sanitised HTML) and the text of its files, compared by the same machinery.
 */
async function fingerprint(ctx: AppContext, s: typeof submissions.$inferSelect) {
  const rows = s.fileIds.length ? await ctx.db.select().from(files).where(inArray(files.id, s.fileIds)) : [];
  const written = plainText(s.answer);
  const texts: string[] = written ? [written] : [];
  let failed = false;
  for (const f of rows) {
    // read only as much of the file as its kind needs: a video is not opened at all (issue 23)
    const got = await extractFile({ name: f.name, size: f.size, read: (range) => ctx.storage.get(f.storageKey, range) });
    if (got.format === 'ok') texts.push(got.text);
    else if (got.format === 'failed') failed = true;
  }
  const text = texts.join('\n\n');
  const format = texts.length ? 'ok' : failed ? 'failed' : 'unsupported';
  const fingerprints = text ? winnow(tokenize(text)) : [];
  const values = { contentId: s.contentId, version: s.version, format, text, fingerprints };
  await ctx.db
    .insert(submissionTexts)
    .values({ submissionId: s.id, ...values })
    .onConflictDoUpdate({ target: submissionTexts.submissionId, set: values });
}

/**
 * The check itself, run as a durable job: fingerprints only the submissions whose version changed,
 * then recomputes the pairs that involve them, against this homework's submissions and, when the
 * teacher asked, the course's earlier homework.
 */
export async function dupCheckJob(ctx: AppContext, payload: Record<string, unknown>) {
  const contentId = Number(payload.contentId);
  const [hw] = await ctx.db.select().from(homeworks).where(eq(homeworks.contentId, contentId));
  const [item] = await ctx.db.select().from(contents).where(eq(contents.id, contentId));
  if (!hw || !item || !hw.dupCheck) return;
  const subs = await ctx.db.select().from(submissions).where(eq(submissions.contentId, contentId));
  const known = await ctx.db
    .select({ id: submissionTexts.submissionId, version: submissionTexts.version })
    .from(submissionTexts)
    .where(eq(submissionTexts.contentId, contentId));
  const changed = subs.filter((s) => known.find((k) => k.id === s.id)?.version !== s.version);
  for (const s of changed) await fingerprint(ctx, s);

  const others = hw.dupCourseWide
    ? await ctx.db
        .select({ id: submissionTexts.submissionId, fingerprints: submissionTexts.fingerprints })
        .from(submissionTexts)
        .innerJoin(contents, eq(contents.id, submissionTexts.contentId))
        .where(
          and(eq(contents.courseId, item.courseId), ne(submissionTexts.contentId, contentId), sql`${contents.deletedAt} is null`),
        )
    : [];
  const mine = await ctx.db
    .select({ id: submissionTexts.submissionId, fingerprints: submissionTexts.fingerprints })
    .from(submissionTexts)
    .where(eq(submissionTexts.contentId, contentId));
  const existing = await ctx.db.select({ a: dupPairs.a }).from(dupPairs).where(eq(dupPairs.contentId, contentId)).limit(1);
  // a first run compares everything; later runs only pairs touching what changed
  const only = existing.length && changed.length < subs.length ? new Set(changed.map((s) => s.id)) : undefined;
  const mineIds = new Set(mine.map((d) => d.id));
  const pairs = comparePairs(
    [...mine, ...others].map((d) => ({ id: d.id, fingerprints: d.fingerprints as Fingerprint[] })),
    only,
  ).filter((p) => (mineIds.has(p.a) || mineIds.has(p.b)) && Math.max(p.aInB, p.bInA) * 100 >= KEEP_PERCENT);
  await ctx.db.transaction(async (tx) => {
    if (only) {
      const ids = [...only];
      await tx
        .delete(dupPairs)
        .where(and(eq(dupPairs.contentId, contentId), or(inArray(dupPairs.a, ids), inArray(dupPairs.b, ids))));
    } else {
      await tx.delete(dupPairs).where(eq(dupPairs.contentId, contentId));
    }
    if (pairs.length) {
      await tx
        .insert(dupPairs)
        .values(
          pairs.map((p) => ({ contentId, a: p.a, b: p.b, aInB: Math.round(p.aInB * 100), bInA: Math.round(p.bInA * 100) })),
        );
    }
    await tx.update(homeworks).set({ dupCheckedAt: new Date() }).where(eq(homeworks.contentId, contentId));
  });
}

/**
 * Opens a report version (per homework, sid 0) or a comparison (per document) for the caller. What
 * the caller has opened before opens again for nothing (a reload, going back); anything else takes
 * one view when `spend`, and is refused (30505) when none is left; without `spend` it only says
 * whether it is open and how many views are left. VIP members view without limit.
 */
async function openView(
  ctx: AppContext,
  user: User,
  target: { contentId: number; submissionId: number; key: string },
  spend: boolean,
): Promise<{ open: boolean; left: number }> {
  if (user.isvip > 0) return { open: true, left: -1 };
  const limit = target.submissionId ? DUP_VIEWS_PER_DOCUMENT : DUP_VIEWS_PER_HOMEWORK;
  const where = and(
    eq(dupViews.userId, user.id),
    eq(dupViews.contentId, target.contentId),
    eq(dupViews.submissionId, target.submissionId),
  );
  const read = async () => (await ctx.db.select({ used: dupViews.used, seen: dupViews.seen }).from(dupViews).where(where))[0];
  const had = await read();
  if (had?.seen.includes(target.key)) return { open: true, left: limit - had.used };
  if (!spend) return { open: false, left: limit - (had?.used ?? 0) };
  // one statement takes the view and notes what it opened, so two requests at once take one view, not two
  const [row] = await ctx.db
    .insert(dupViews)
    .values({ userId: user.id, contentId: target.contentId, submissionId: target.submissionId, used: 1, seen: [target.key] })
    .onConflictDoUpdate({
      target: [dupViews.userId, dupViews.contentId, dupViews.submissionId],
      set: { used: sql`${dupViews.used} + 1`, seen: sql`array_append(${dupViews.seen}, ${target.key}::text)` },
      setWhere: sql`${dupViews.used} < ${limit} and not (${target.key}::text = any(${dupViews.seen}))`,
    })
    .returning({ used: dupViews.used });
  if (row) return { open: true, left: limit - row.used };
  // nothing written: opened by a request of the same caller just now, or no view left
  const now = await read();
  if (now?.seen.includes(target.key)) return { open: true, left: limit - now.used };
  throw fail('dupViewsUsedUp');
}

/** The homework report views the caller has left (-1: unlimited). */
async function viewsLeft(ctx: AppContext, user: User, contentId: number) {
  if (user.isvip > 0) return -1;
  const [row] = await ctx.db
    .select({ used: dupViews.used })
    .from(dupViews)
    .where(and(eq(dupViews.userId, user.id), eq(dupViews.contentId, contentId), eq(dupViews.submissionId, 0)));
  return DUP_VIEWS_PER_HOMEWORK - (row?.used ?? 0);
}

/** `/HomeworkApi/recheckRules`: the formats, the ceiling and the views the caller has left. */
export async function recheckRules(
  ctx: AppContext,
  user: User,
  courseId: number,
  id: number,
): Promise<z.output<typeof recheckRulesAnswer>> {
  const { hw, item } = await requireGrader(ctx, user, courseId, id);
  return {
    formats: ['txt', 'md', 'docx', 'pdf'],
    ceiling: hw.dupCeiling,
    coursewide: hw.dupCourseWide ? 1 : 0,
    vip: user.isvip > 0 ? 1 : 0,
    homeworkviews: DUP_VIEWS_PER_HOMEWORK,
    documentviews: DUP_VIEWS_PER_DOCUMENT,
    homeworkleft: await viewsLeft(ctx, user, item.id),
  };
}

const names = async (ctx: AppContext, ids: number[]) =>
  ids.length
    ? ctx.db
        .select({
          sid: submissions.id,
          // a submission stays when its submitter's account is deleted: no name then
          uid: sql<number>`coalesce(${submissions.userId}, 0)`.mapWith(Number),
          username: sql<string>`coalesce(${users.username}, '')`,
          contentId: submissions.contentId,
        })
        .from(submissions)
        .leftJoin(users, eq(users.id, submissions.userId))
        .where(inArray(submissions.id, ids))
    : [];

/** What a report view opens: the report as the check that finished at this time made it. */
const reportVersion = (checkedAt: Date) => `report:${checkedAt.getTime()}`;

/**
 * `/HomeworkApi/rechecking`: each submission's highest similarity and with whom, and the pairs at
 * or over the ceiling. A finished report takes one homework view the first time the caller opens
 * this version of it (`open` 1, the default); opening it again costs nothing. With `open` 0 it only
 * says whether it is open to the caller and the views left, and shows nothing until it is.
 */
export async function rechecking(
  ctx: AppContext,
  user: User,
  courseId: number,
  id: number,
  open = true,
): Promise<z.output<typeof dupReportAnswer>> {
  const { hw, item } = await requireGrader(ctx, user, courseId, id);
  if (!hw.dupCheck) return { enabled: 0, done: 0, opened: 1, list: [], pairs: [] };
  // a view is used only for a finished report: waiting for a running check costs nothing
  const view = hw.dupCheckedAt
    ? await openView(ctx, user, { contentId: item.id, submissionId: 0, key: reportVersion(hw.dupCheckedAt) }, open)
    : { open: true, left: await viewsLeft(ctx, user, item.id) };
  const left = view.left;
  if (!view.open) return { enabled: 1, done: 1, opened: 0, ceiling: hw.dupCeiling, left, list: [], pairs: [] };
  const subs = await ctx.db
    .select({ sid: submissions.id, format: submissionTexts.format })
    .from(submissions)
    .leftJoin(submissionTexts, eq(submissionTexts.submissionId, submissions.id))
    .where(eq(submissions.contentId, item.id));
  const pairs = await ctx.db.select().from(dupPairs).where(eq(dupPairs.contentId, item.id));
  const who = await names(ctx, [...new Set([...subs.map((s) => s.sid), ...pairs.flatMap((p) => [p.a, p.b])])]);
  const person = (sid: number): z.output<typeof dupPersonAnswer> => {
    const w = who.find((x) => x.sid === sid);
    return { sid, uid: w?.uid ?? 0, username: w?.username ?? '', earlier: w && w.contentId !== item.id ? 1 : 0 };
  };
  const list = subs.map((s): z.output<typeof dupReportAnswer>['list'][number] => {
    let best = { similarity: 0, with: 0 };
    for (const p of pairs) {
      const mineShare = p.a === s.sid ? p.aInB : p.b === s.sid ? p.bInA : -1;
      if (mineShare > best.similarity) best = { similarity: mineShare, with: p.a === s.sid ? p.b : p.a };
    }
    return {
      ...person(s.sid),
      // the job writes only these formats
      format: (s.format ?? 'pending') as 'ok' | 'unsupported' | 'failed' | 'pending',
      highest: best.similarity,
      highestwith: best.with ? person(best.with) : null,
      flagged: best.similarity >= hw.dupCeiling ? 1 : 0,
    };
  });
  list.sort((x, y) => y.highest - x.highest);
  return {
    enabled: 1,
    done: hw.dupCheckedAt ? 1 : 0,
    opened: 1,
    ceiling: hw.dupCeiling,
    left,
    list,
    pairs: pairs
      .filter((p) => Math.max(p.aInB, p.bInA) >= hw.dupCeiling)
      .map((p) => ({ a: person(p.a), b: person(p.b), similarity: Math.max(p.aInB, p.bInA), ainb: p.aInB, bina: p.bInA })),
  };
}

/**
 * `/HomeworkApi/repeat`: two submissions side by side with their matching passages. Takes one view
 * of the document `sid` the first time the caller opens this pair as these versions of the two texts
 * stand (`open` 1, the default); opening it again costs nothing. With `open` 0 it only says whether
 * it is open and the views left, and withholds the texts until it is.
 */
export async function repeat(
  ctx: AppContext,
  user: User,
  courseId: number,
  id: number,
  sid: number,
  other: number,
  open = true,
): Promise<z.output<typeof repeatAnswer>> {
  const { item } = await requireGrader(ctx, user, courseId, id);
  const [pair] = await ctx.db
    .select()
    .from(dupPairs)
    .where(
      and(
        eq(dupPairs.contentId, item.id),
        or(and(eq(dupPairs.a, sid), eq(dupPairs.b, other)), and(eq(dupPairs.a, other), eq(dupPairs.b, sid))),
      ),
    );
  if (!pair) throw fail('notFound');
  const texts = await ctx.db
    .select()
    .from(submissionTexts)
    .where(inArray(submissionTexts.submissionId, [sid, other]));
  const mine = texts.find((t) => t.submissionId === sid);
  const theirs = texts.find((t) => t.submissionId === other);
  if (mine?.format !== 'ok' || theirs?.format !== 'ok') throw fail('dupFormatUnsupported');
  // a resubmitted text makes a new comparison of the pair
  const key = `pair:${other}:${mine.version}:${theirs.version}`;
  const view = await openView(ctx, user, { contentId: item.id, submissionId: sid, key }, open);
  const who = await names(ctx, [sid, other]);
  const side = (t: typeof mine, s: number) => ({
    sid: s,
    username: who.find((w) => w.sid === s)?.username ?? '',
    text: view.open ? t.text : '',
  });
  return {
    left: view.left,
    opened: view.open ? 1 : 0,
    similarity: pair.a === sid ? pair.aInB : pair.bInA,
    a: side(mine, sid),
    b: side(theirs, other),
    passages: view.open ? passages(mine.text, theirs.text) : [],
  };
}
