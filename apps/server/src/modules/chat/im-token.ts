import { CHAT_IM_TOKEN_TTL_SECONDS } from '@paiclass/shared';
import type { AppContext } from '../../platform/context';
import { hmac, safeEqual } from '../../platform/tokens';

/** The chat socket's path (realtime/chat.gateway.ts). */
export const CHAT_SOCKET_PATH = '/ws/chat';

/**
 * `/userApi/getIMToken`: a token of the chat socket's login, signed, naming the user and the session it
 * came from and living CHAT_IM_TOKEN_TTL_SECONDS: the session token never travels in a socket URL or a
 * message that a proxy might log, and the socket still ends when the session does.
 */
export function issueImToken(ctx: AppContext, userId: number, sessionId: number) {
  const expires = Math.floor(Date.now() / 1000) + CHAT_IM_TOKEN_TTL_SECONDS;
  const body = `${userId}.${sessionId}.${expires}`;
  return { token: `${body}.${hmac(ctx.secret, `im:${body}`)}`, expires, path: CHAT_SOCKET_PATH };
}

/** The user and session a chat token names, if it is genuine and alive. */
export function readImToken(ctx: AppContext, token: unknown) {
  if (typeof token !== 'string' || token.length > 200) return undefined;
  const parts = token.split('.');
  if (parts.length !== 4) return undefined;
  const [uid, sid, exp, sig] = parts as [string, string, string, string];
  if (!safeEqual(sig, hmac(ctx.secret, `im:${uid}.${sid}.${exp}`))) return undefined;
  if (Number(exp) < Date.now() / 1000) return undefined;
  return { userId: Number(uid), sessionId: Number(sid) };
}
