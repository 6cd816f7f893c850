import { createDecipheriv } from 'node:crypto';
import {
  accountKind,
  type bindWechatInput,
  type checkFindCodeInput,
  type LoginInput,
  type loginByMobileInput,
  PASSWORD_MIN,
  type RegisterInput,
  type resetPasswordInput,
  type SendCodeInput,
  type updatePasswordInput,
} from '@paiclass/shared';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { passwordResets, registerTickets, users, wechatLogins } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badInput, fail, isUniqueViolation } from '../../platform/errors';
import { LoginLimits } from '../../platform/login-limits';
import { hmac, newToken, safeEqual, sha256 } from '../../platform/tokens';
import { canUnbindMobile, codeNeedsLogin, restrictionFor } from './accounts.policy';
import { checkFigureCode, consumeCode, issueCode } from './codes.service';
import { hashPassword, isCommonPassword, isWeakPassword, verifyPassword } from './passwords';
import { presentLogin, presentUser } from './presenters';
import { createSession, endAllSessions, liftRestriction } from './sessions';

const MINUTE_MS = 60_000;
const RESET_TTL_SECONDS = 30 * 60;
const TICKET_TTL_MS = 30 * MINUTE_MS;
const WECHAT_TTL_MS = 5 * MINUTE_MS;
// Ketangpai's web client obfuscates the password with this fixed key and IV (not security)
const KTP_KEY = Buffer.from('ktp4567890123456');

/** Undoes the web client's AES-128-CBC/PKCS7/base64 obfuscation; undefined when it does not decode. */
export function decryptKtpPassword(cipherText: string): string | undefined {
  try {
    const decipher = createDecipheriv('aes-128-cbc', KTP_KEY, KTP_KEY);
    return Buffer.concat([decipher.update(Buffer.from(cipherText, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** The account with this phone, email or account name (emails compared lowercase). */
async function findAccount(ctx: AppContext, identifier: string): Promise<User | undefined> {
  const id = identifier.trim();
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(or(eq(users.mobile, id), eq(users.email, id.toLowerCase()), sql`lower(${users.account}) = ${id.toLowerCase()}`))
    .limit(1);
  return user;
}

async function userById(ctx: AppContext, id: number): Promise<User> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id));
  if (!user) throw fail('notLoggedIn');
  return user;
}

function refuseCommon(password: string | undefined) {
  if (password && isCommonPassword(password)) throw fail('passwordTooCommon');
}

/**
 * Logs in with account and password. Refuses a wrong account or password alike (21001). An address
 * past its failure cap is refused (42900); an account with a few failures needs the picture code
 * first (21020 without one, 21008 when wrong), whichever identifier names it and from any address.
 * A weak password still logs in, but the session may only change the password (safe: 1).
 */
export async function loginWithPassword(ctx: AppContext, input: LoginInput, clientAddress: string) {
  const password = input.encryption ? decryptKtpPassword(input.password) : input.password;
  if (password !== undefined && password.length < PASSWORD_MIN) throw badInput('validation.passwordMin');
  const user = await findAccount(ctx, input.email);
  const key = LoginLimits.accountKey(user?.id, input.email);
  const { figureRequired } = await ctx.loginLimits.check(clientAddress, key);
  if (figureRequired) {
    if (!input.sessionid || !input.verify) throw fail('figureCodeRequired');
    await checkFigureCode(ctx, input.sessionid, input.verify, true);
  }
  const ok = password !== undefined && (await verifyPassword(user?.passwordHash, password));
  if (!user?.passwordHash || !ok) {
    await ctx.loginLimits.failed(clientAddress, key);
    throw fail('wrongCredentials');
  }
  await ctx.loginLimits.succeeded(key);
  const weak = isWeakPassword(password);
  const token = await createSession(ctx.db, user.id, input.remember === 1, restrictionFor(user, weak));
  return presentLogin(user, token, weak ? 1 : 0);
}

/**
 * Fast login by phone and SMS code. An existing account logs in; an unknown phone gets a
 * 30-minute register ticket (is_new: 1) to finish a fast register with.
 */
export async function loginWithCode(ctx: AppContext, input: z.infer<typeof loginByMobileInput>) {
  const [existing] = await ctx.db.select().from(users).where(eq(users.mobile, input.mobile));
  if (!existing && !ctx.config.allowRegister) throw fail('registerClosed');
  await consumeCode(ctx.db, input.mobile, 'login', input.code);
  if (existing) {
    const token = await createSession(ctx.db, existing.id, input.remember === 1, restrictionFor(existing, false));
    return presentLogin(existing, token, 0);
  }
  const ticket = newToken();
  await ctx.db
    .insert(registerTickets)
    .values({ tokenHash: sha256(ticket), mobile: input.mobile, expiresAt: new Date(Date.now() + TICKET_TTL_MS) });
  return {
    token: ticket,
    uid: 0 as const,
    is_new: 1 as const,
    safe: 0 as const,
    bindWechat: 0 as const,
    mobile: input.mobile,
    email: '',
    mustBind: 0 as const,
  };
}

/**
 * Sends a verification code after checking the picture code. register: the account must be new;
 * find: it must exist; bind: it must not belong to someone else; unbind: goes to the caller's phone.
 */
export async function sendCode(
  ctx: AppContext,
  input: SendCodeInput,
  caller: User | undefined,
  clientAddress: string,
  lang: 'zh' | 'en',
) {
  if (codeNeedsLogin(input.type) && !caller) throw fail('notLoggedIn');
  let target = input.mobile || input.email?.toLowerCase() || '';
  if (input.type === 'unbind') {
    if (!caller?.mobile) throw badInput('validation.phone');
    target = caller.mobile;
  }
  await checkFigureCode(ctx, input.sessionid, input.verify, true);
  const owner = await findAccount(ctx, target);
  if (input.type === 'register' && owner) throw fail('accountExists');
  if (input.type === 'register' && !ctx.config.allowRegister) throw fail('registerClosed');
  if (input.type === 'find' && !owner) throw fail('accountNotFound');
  if (input.type === 'bind' && owner && owner.id !== caller?.id) throw fail('contactTaken');
  await issueCode(ctx, target, input.type, clientAddress, lang);
  return { countdown: 60 };
}

async function insertUser(ctx: AppContext, values: typeof users.$inferInsert) {
  try {
    const [user] = await ctx.db.insert(users).values(values).returning();
    return user!;
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('accountExists');
    throw e;
  }
}

/**
 * Registers an account. Type 1: the account (phone or email) proved by a `register` code.
 * Type 2: fast register, the phone proved by the register ticket from loginByMobile.
 * Refuses a taken account (21002), a common password (21010) and a closed registration (21012).
 */
export async function register(ctx: AppContext, input: RegisterInput, ticketToken: string | undefined) {
  if (!ctx.config.allowRegister) throw fail('registerClosed');
  refuseCommon(input.password);
  const profile = { username: input.username, school: input.school, stno: input.stno, usertype: input.usertype };
  if (input.type === 2) {
    const [ticket] = ticketToken
      ? await ctx.db
          .select()
          .from(registerTickets)
          .where(
            and(
              eq(registerTickets.tokenHash, sha256(ticketToken)),
              isNull(registerTickets.usedAt),
              gt(registerTickets.expiresAt, new Date()),
            ),
          )
      : [];
    if (!ticket) throw fail('notLoggedIn');
    if (await findAccount(ctx, ticket.mobile)) throw fail('accountExists');
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    const user = await ctx.db.transaction(async (tx) => {
      const used = await tx
        .update(registerTickets)
        .set({ usedAt: new Date() })
        .where(and(eq(registerTickets.tokenHash, ticket.tokenHash), isNull(registerTickets.usedAt)))
        .returning();
      if (used.length === 0) throw fail('notLoggedIn');
      try {
        const [created] = await tx
          .insert(users)
          .values({ ...profile, account: ticket.mobile, mobile: ticket.mobile, passwordHash })
          .returning();
        return created!;
      } catch (e) {
        if (isUniqueViolation(e)) throw fail('accountExists');
        throw e;
      }
    });
    const token = await createSession(ctx.db, user.id, false, null);
    return presentLogin(user, token, 0);
  }
  const account = input.email!.trim();
  const kind = accountKind(account)!;
  const normalized = kind === 'email' ? account.toLowerCase() : account;
  if (await findAccount(ctx, normalized)) throw fail('accountExists');
  await consumeCode(ctx.db, normalized, 'register', input.code!);
  const user = await insertUser(ctx, {
    ...profile,
    account: normalized,
    mobile: kind === 'mobile' ? normalized : null,
    email: kind === 'email' ? normalized : null,
    passwordHash: await hashPassword(input.password!),
  });
  const token = await createSession(ctx.db, user.id, false, null);
  return presentLogin(user, token, 0);
}

/** Step 1 of a password reset: the code proves the phone or email; answers a signed 30-minute ticket. */
export async function checkFindCode(ctx: AppContext, input: z.infer<typeof checkFindCodeInput>) {
  const target = (input.mobile || input.email || '').toLowerCase();
  const user = await findAccount(ctx, target);
  if (!user) throw fail('accountNotFound');
  await consumeCode(ctx.db, user.mobile === target ? user.mobile : target, 'find', input.code);
  const key = newToken();
  const expires = Math.floor(Date.now() / 1000) + RESET_TTL_SECONDS;
  await ctx.db.insert(passwordResets).values({ userId: user.id, keyHash: sha256(key), expiresAt: new Date(expires * 1000) });
  return { sign: hmac(ctx.secret, `${user.id}.${key}.${expires}`), expires, uid: user.id, key };
}

/** Step 2: a new password with the ticket; the ticket is single use and every session ends. */
export async function resetPassword(ctx: AppContext, input: z.infer<typeof resetPasswordInput>) {
  const signOk = safeEqual(input.sign, hmac(ctx.secret, `${input.uid}.${input.key}.${input.expires}`));
  if (!signOk || input.expires * 1000 <= Date.now()) throw fail('resetLinkInvalid');
  refuseCommon(input.password);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.keyHash, sha256(input.key)),
          eq(passwordResets.userId, input.uid),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning();
    if (used.length === 0) throw fail('resetLinkInvalid');
    await tx.update(users).set({ passwordHash }).where(eq(users.id, input.uid));
    await endAllSessions(tx, input.uid);
  });
  await ctx.sessions.forgetUser(input.uid);
  return {};
}

/** Changes the password (the old one is required when there is one); every session ends. */
export async function updatePassword(ctx: AppContext, user: User, input: z.infer<typeof updatePasswordInput>) {
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, input.oldpassword ?? ''))) throw fail('oldPasswordWrong');
  refuseCommon(input.password);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await endAllSessions(tx, user.id);
  });
  await ctx.sessions.forgetUser(user.id);
  return {};
}

/** Binds a new phone or email proved by a `bind` code; refuses one that belongs to another account. */
export async function bindContact(ctx: AppContext, user: User, field: 'mobile' | 'email', value: string, code: string) {
  const owner = await findAccount(ctx, value);
  if (owner && owner.id !== user.id) throw fail('contactTaken');
  await consumeCode(ctx.db, value, 'bind', code);
  try {
    await ctx.db
      .update(users)
      .set({ [field]: value })
      .where(eq(users.id, user.id));
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('contactTaken');
    throw e;
  }
  await liftRestriction(ctx.db, user.id, 'bind');
  await ctx.sessions.forgetUser(user.id);
  return presentUser(await userById(ctx, user.id));
}

/** Removes the phone, proved by an `unbind` code sent to it; only while an email remains. */
export async function unbindMobile(ctx: AppContext, user: User, code: string) {
  if (!user.mobile) throw badInput('validation.phone');
  if (!canUnbindMobile(user)) throw fail('lastContact');
  await consumeCode(ctx.db, user.mobile, 'unbind', code);
  // the phone stops being a login name too, so it can be registered or bound again
  const account = user.account === user.mobile ? user.email! : user.account;
  await ctx.db.update(users).set({ mobile: null, account }).where(eq(users.id, user.id));
  await ctx.sessions.forgetUser(user.id);
  return presentUser(await userById(ctx, user.id));
}

export async function setLanguage(ctx: AppContext, user: User, lang: 'zh' | 'en') {
  await ctx.db.update(users).set({ lang }).where(eq(users.id, user.id));
  await ctx.sessions.forgetUser(user.id);
  return presentUser(await userById(ctx, user.id));
}

/** Starts a WeChat QR login: a code_key to poll and the address the QR code shows. */
export async function startWechatLogin(ctx: AppContext, callbackUrl: string) {
  if (!ctx.wechat) throw fail('wechatNotConfigured');
  const codeKey = newToken();
  await ctx.db.insert(wechatLogins).values({ codeKey, expiresAt: new Date(Date.now() + WECHAT_TTL_MS) });
  return { url: ctx.wechat.qrUrl(codeKey, callbackUrl), code_key: codeKey };
}

/** WeChat's redirect after a scan: records who scanned for the polling client. */
export async function completeWechatScan(ctx: AppContext, codeKey: string, code: string) {
  if (!ctx.wechat) throw fail('wechatNotConfigured');
  const identity = await ctx.wechat.exchange(code);
  const updated = await ctx.db
    .update(wechatLogins)
    .set({ openid: identity.openid, unionid: identity.unionid ?? null, nickname: identity.nickname ?? null })
    .where(and(eq(wechatLogins.codeKey, codeKey), gt(wechatLogins.expiresAt, new Date()), isNull(wechatLogins.usedAt)))
    .returning();
  if (updated.length === 0) throw badInput('validation.codeKey');
}

async function scannedLogin(ctx: AppContext, codeKey: string) {
  if (!ctx.wechat) throw fail('wechatNotConfigured');
  const [row] = await ctx.db
    .select()
    .from(wechatLogins)
    .where(and(eq(wechatLogins.codeKey, codeKey), gt(wechatLogins.expiresAt, new Date()), isNull(wechatLogins.usedAt)));
  if (!row) throw badInput('validation.codeKey');
  if (!row.openid) throw fail('wechatPending');
  return row as typeof row & { openid: string };
}

/** Polled after the QR code shows: otherType 1 logs in a bound WeChat, otherType 2 asks to bind it. */
export async function checkWechatCode(ctx: AppContext, codeKey: string) {
  const row = await scannedLogin(ctx, codeKey);
  const [user] = await ctx.db.select().from(users).where(eq(users.openid, row.openid));
  if (!user) return { otherType: 2 as const, code_key: codeKey };
  await ctx.db.update(wechatLogins).set({ usedAt: new Date() }).where(eq(wechatLogins.codeKey, codeKey));
  const token = await createSession(ctx.db, user.id, false, restrictionFor(user, false));
  return { otherType: 1 as const, ...presentLogin(user, token, 0) };
}

/** Binds the scanned WeChat to an account proved by its password (counted as logins are), then logs in. */
export async function bindWechat(ctx: AppContext, input: z.infer<typeof bindWechatInput>, clientAddress: string) {
  const row = await scannedLogin(ctx, input.code_key);
  const user = await findAccount(ctx, input.email);
  // the same counters as the login: this form has no picture code, so an account that needs one is sent to log in first
  const key = LoginLimits.accountKey(user?.id, input.email);
  if ((await ctx.loginLimits.check(clientAddress, key)).figureRequired) throw fail('figureCodeRequired');
  if (!user || !(await verifyPassword(user.passwordHash, input.password)) || !user.passwordHash) {
    await ctx.loginLimits.failed(clientAddress, key);
    throw fail('wrongCredentials');
  }
  await ctx.loginLimits.succeeded(key);
  const [other] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.openid, row.openid));
  if (other && other.id !== user.id) throw fail('contactTaken');
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ openid: row.openid, unionid: row.unionid, wechatNickname: row.nickname ?? '' })
      .where(eq(users.id, user.id));
    await tx.update(wechatLogins).set({ usedAt: new Date() }).where(eq(wechatLogins.codeKey, input.code_key));
  });
  await ctx.sessions.forgetUser(user.id);
  const weak = isWeakPassword(input.password);
  const bound = await userById(ctx, user.id);
  const token = await createSession(ctx.db, user.id, false, restrictionFor(bound, weak));
  return presentLogin(bound, token, weak ? 1 : 0);
}
