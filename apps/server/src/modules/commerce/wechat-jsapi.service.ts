import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { wechatOauthStates, wechatPayers } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badField, fail } from '../../platform/errors';
import { sha256 } from '../../platform/tokens';
import { inTransaction } from '../../platform/transaction';
import { wechatPayProvider } from './providers';
import { WechatPayProvider } from './providers/wechatpay';

/*
 * WeChat Pay JSAPI inside WeChat's browser (issue 28, decision 054): the payer's openid for the merchant's
 * app id, learnt through WeChat's silent web OAuth (`snsapi_base`), with a `state` bound to the caller's
 * session and used once. Neither the secret, the code nor the openid is logged or sent to the page.
 */

/** How long a round trip through WeChat's OAuth may take. */
const STATE_TTL_MS = 10 * 60 * 1000;

type Ctx = Pick<AppContext, 'secret' | 'config'>;

/** The WeChat Pay provider when JSAPI is configured (WECHATPAY_APP_SECRET); null otherwise. */
export function jsapiProvider(ctx: Ctx): WechatPayProvider | null {
  const p = wechatPayProvider(ctx);
  return p instanceof WechatPayProvider && p.jsapiReady ? p : null;
}

/** The caller's openid for the merchant's app id, if WeChat's OAuth gave one. */
export async function payerOpenid(ctx: AppContext, userId: number, appid: string) {
  const [row] = await ctx.db
    .select({ openid: wechatPayers.openid })
    .from(wechatPayers)
    .where(and(eq(wechatPayers.userId, userId), eq(wechatPayers.appid, appid)));
  return row?.openid ?? null;
}

/**
 * `wechatPayAuthorize`: the address of WeChat's silent OAuth, coming back to `back` (a page of ours)
 * with a fresh `state` kept (as its SHA-256) for the caller's session, for ten minutes. Refuses when
 * JSAPI is not configured (31918). The session's expired states are dropped on the way.
 */
export async function startWechatPayAuth(ctx: AppContext, user: User, sessionId: number | undefined, back: string) {
  const provider = jsapiProvider(ctx);
  if (!provider) throw fail('wechatJsapiUnavailable');
  if (!sessionId) throw fail('notLoggedIn');
  const base = (ctx.config.publicUrl ?? '').replace(/\/+$/, '');
  const state = randomBytes(32).toString('hex');
  const now = new Date();
  await inTransaction(ctx, async (tx) => {
    await tx.db
      .delete(wechatOauthStates)
      .where(
        and(
          eq(wechatOauthStates.sessionId, sessionId),
          or(lt(wechatOauthStates.expiresAt, now), isNotNull(wechatOauthStates.usedAt)),
        ),
      );
    await tx.db.insert(wechatOauthStates).values({
      stateHash: sha256(state),
      sessionId,
      userId: user.id,
      expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    });
  });
  return { url: provider.oauthUrl(`${base}${back}`, state) };
}

/**
 * `wechatPayOpenid`: the way back from WeChat's OAuth. The `state` must be one this session asked for,
 * unexpired and unused (else refused naming `state`, and nothing is written); the `code` is exchanged
 * for the openid (refused naming `code` when WeChat refuses it; 31909 when WeChat cannot be reached);
 * then, in one transaction, the state is used up (a replay racing this one is refused) and the openid
 * kept for the caller and the merchant's app id, replacing an earlier one.
 */
export async function bindWechatPayer(
  ctx: AppContext,
  user: User,
  sessionId: number | undefined,
  input: { code: string; state: string },
  warn: (fields: Record<string, unknown>, message: string) => void = () => {},
) {
  const provider = jsapiProvider(ctx);
  if (!provider) throw fail('wechatJsapiUnavailable');
  const now = new Date();
  const live = and(
    eq(wechatOauthStates.stateHash, sha256(input.state)),
    eq(wechatOauthStates.sessionId, sessionId ?? 0),
    eq(wechatOauthStates.userId, user.id),
    isNull(wechatOauthStates.usedAt),
    gt(wechatOauthStates.expiresAt, now),
  );
  const [found] = await ctx.db.select({ id: wechatOauthStates.id }).from(wechatOauthStates).where(live);
  if (!found) throw badField('validation.wechatState', ['state']);
  let answer: Awaited<ReturnType<WechatPayProvider['openidFor']>>;
  try {
    answer = await provider.openidFor(input.code);
  } catch (e) {
    // the message names no secret, code or openid (WechatPayProvider.openidFor)
    warn({ provider: provider.name, err: (e as Error).message.slice(0, 200) }, 'wechat oauth failed');
    throw fail('paymentProviderUnavailable');
  }
  if ('refused' in answer) {
    warn({ provider: provider.name, errcode: answer.errcode }, 'wechat oauth code refused');
    throw badField('validation.wechatCode', ['code']);
  }
  const openid = answer.openid;
  await inTransaction(ctx, async (tx) => {
    const [used] = await tx.db
      .update(wechatOauthStates)
      .set({ usedAt: now })
      .where(and(eq(wechatOauthStates.id, found.id), isNull(wechatOauthStates.usedAt)))
      .returning({ id: wechatOauthStates.id });
    if (!used) throw badField('validation.wechatState', ['state']);
    await tx.db
      .insert(wechatPayers)
      .values({ userId: user.id, appid: provider.appid, openid, updatedAt: now })
      .onConflictDoUpdate({ target: [wechatPayers.userId, wechatPayers.appid], set: { openid, updatedAt: now } });
  });
  return { bound: 1 as const };
}
