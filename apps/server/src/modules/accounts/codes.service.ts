import { randomInt } from 'node:crypto';
import {
  CODE_DAILY_CAP_PER_ADDRESS,
  CODE_DAILY_CAP_PER_TARGET,
  type CodeType,
  FIGURE_CODE_TTL_SECONDS,
  isPhone,
  SEND_CODE_COUNTDOWN_SECONDS,
  VERIFY_CODE_LENGTH,
  VERIFY_CODE_MAX_TRIES,
  VERIFY_CODE_TTL_SECONDS,
} from '@paiclass/shared';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/client';
import { figureCodes, verificationCodes } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { newToken, numericCode, safeEqual, sha256 } from '../../platform/tokens';

const DAY_MS = 24 * 3600 * 1000;
/** What a code proves: an account's phone or email, or (attest) the contact an institution's roster lists for a person. */
export type CodePurpose = CodeType | 'attest';
const codeHash = (target: string, purpose: string, code: string) => sha256(`${target}|${purpose}|${code}`);
// letters and digits that cannot be mistaken for one another
const CAPTCHA_CHARS = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
const captchaText = () => Array.from({ length: 4 }, () => CAPTCHA_CHARS[randomInt(CAPTCHA_CHARS.length)]).join('');
// the package's default export renders a given text, but its types only declare `create`
const renderCaptcha = svgCaptcha as unknown as (text: string, options: Record<string, unknown>) => string;

/** A new picture code; its text is kept in the database (and the dev outbox) under a fresh sessionid. */
export async function createFigureCode(ctx: AppContext) {
  const sessionid = newToken();
  const answer = captchaText();
  await ctx.db
    .insert(figureCodes)
    .values({ sessionid, answer, expiresAt: new Date(Date.now() + FIGURE_CODE_TTL_SECONDS * 1000) });
  await ctx.devOutbox?.record('captcha', sessionid, 'figure', answer);
  return { sessionid, url: `/UserApi/figureCodeImage?sessionid=${encodeURIComponent(sessionid)}` };
}

/** The SVG of a live picture code, or undefined. */
export async function renderFigureCode(db: Db, sessionid: string) {
  const [row] = await db
    .select()
    .from(figureCodes)
    .where(and(eq(figureCodes.sessionid, sessionid), gt(figureCodes.expiresAt, new Date())));
  return row ? renderCaptcha(row.answer, { noise: 2, color: true, background: '#f2f6ff' }) : undefined;
}

/** A wrong guess draws a new picture under the same sessionid, so one picture cannot be guessed twice. */
async function refreshFigureCode(ctx: AppContext, sessionid: string) {
  const answer = captchaText();
  await ctx.db
    .update(figureCodes)
    .set({ answer, verified: false, expiresAt: new Date(Date.now() + FIGURE_CODE_TTL_SECONDS * 1000) })
    .where(eq(figureCodes.sessionid, sessionid));
  await ctx.devOutbox?.record('captcha', sessionid, 'figure', answer);
}

/**
 * Checks a picture code. `consume` uses it up (sendCode); without it the code stays valid for the
 * send that follows (the verify call). A wrong or expired code refreshes the picture and refuses (21008).
 */
export async function checkFigureCode(ctx: AppContext, sessionid: string, guess: string, consume: boolean) {
  const [row] = await ctx.db.select().from(figureCodes).where(eq(figureCodes.sessionid, sessionid));
  const live = row && row.expiresAt > new Date();
  if (!row || !live || !safeEqual(row.answer.toLowerCase(), guess.trim().toLowerCase())) {
    if (row) await refreshFigureCode(ctx, sessionid);
    throw fail('figureCodeWrong');
  }
  if (consume) await ctx.db.delete(figureCodes).where(eq(figureCodes.sessionid, sessionid));
  else await ctx.db.update(figureCodes).set({ verified: true }).where(eq(figureCodes.sessionid, sessionid));
}

/**
 * Issues a verification code to a phone or email: at most one per target every 60 s, capped per
 * target and per client address per day; earlier unused codes of the same purpose stop working.
 */
export async function issueCode(ctx: AppContext, target: string, purpose: CodePurpose, clientAddress: string, lang: 'zh' | 'en') {
  const channel = isPhone(target) ? 'sms' : 'email';
  if (!ctx.delivery.supports(channel)) throw fail('channelUnavailable');
  const code = numericCode(VERIFY_CODE_LENGTH);
  await ctx.db.transaction(async (tx) => {
    // one sender per target at a time, so two quick requests cannot both pass the 60 s check
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${target}`}))`);
    const now = Date.now();
    const [last] = await tx
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(eq(verificationCodes.target, target))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    const since = last ? (now - last.createdAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
    if (since < SEND_CODE_COUNTDOWN_SECONDS)
      throw fail('codeTooSoon', { seconds: Math.ceil(SEND_CODE_COUNTDOWN_SECONDS - since) });
    const dayAgo = new Date(now - DAY_MS);
    const [perTarget] = await tx
      .select({ n: count() })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.target, target), gt(verificationCodes.createdAt, dayAgo)));
    const [perAddress] = await tx
      .select({ n: count() })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.clientAddress, clientAddress), gt(verificationCodes.createdAt, dayAgo)));
    if ((perTarget?.n ?? 0) >= CODE_DAILY_CAP_PER_TARGET || (perAddress?.n ?? 0) >= CODE_DAILY_CAP_PER_ADDRESS)
      throw fail('codeDailyCap');
    await tx
      .update(verificationCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.usedAt)));
    await tx.insert(verificationCodes).values({
      target,
      purpose,
      codeHash: codeHash(target, purpose, code),
      clientAddress,
      expiresAt: new Date(now + VERIFY_CODE_TTL_SECONDS * 1000),
    });
  });
  await ctx.delivery.send({
    channel,
    target,
    purpose,
    subject: translate(lang, 'mail.codeSubject', { school: ctx.config.schoolName }),
    body: translate(lang, 'mail.codeBody', { code }),
    code,
  });
}

/**
 * Uses up the latest code sent to `target` for `purpose`. Refuses an expired or used code (21004),
 * a wrong one (21003, counting the try) and the sixth try (21005, the code is then void).
 * Runs outside the caller's transaction so that a wrong try is counted even though the call fails.
 */
export async function consumeCode(db: Db, target: string, purpose: CodePurpose, code: string) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.usedAt)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!row || row.expiresAt <= new Date()) throw fail('codeExpired');
  if (row.tries >= VERIFY_CODE_MAX_TRIES) throw fail('codeTooManyTries');
  if (!safeEqual(row.codeHash, codeHash(target, purpose, code.trim()))) {
    const tries = row.tries + 1;
    // the code stays on record with its count, so the next try is refused as "too many" too
    await db.update(verificationCodes).set({ tries }).where(eq(verificationCodes.id, row.id));
    if (tries >= VERIFY_CODE_MAX_TRIES) throw fail('codeTooManyTries');
    throw fail('codeWrong', { left: VERIFY_CODE_MAX_TRIES - tries });
  }
  const used = await db
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  // a concurrent request used it first
  if (used.length === 0) throw fail('codeExpired');
}
