import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hmac, safeEqual } from './tokens';

/** Where every file address starts: the signed download call (files.service `signedUrl`). */
export const FILE_PATH_PREFIX = '/FileApi/';

/**
 * The origin file addresses are given under: `PUBLIC_URL` when configured, else the request's own
 * scheme and host (Fastify reads X-Forwarded-Proto/Host only when TRUST_PROXY is on). Undefined
 * when the Host header is not a valid host, so a forged header cannot inject text into an answer.
 */
export function publicOrigin(req: FastifyRequest, publicUrl?: string): string | undefined {
  try {
    return new URL(publicUrl ?? `${req.protocol}://${req.host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * Makes every file address in a serialised answer absolute: a JSON string value that starts with
 * `/FileApi/` (`url`, `download`, `downloadurl`, `pdfurl`, `playurl`, avatars) and an image `src`
 * in rich text (`src=\"/FileApi/...`, escaped inside its JSON string) both begin `"/FileApi/`.
 */
export function absoluteAddresses(json: string, origin: string) {
  if (!json.includes(`"${FILE_PATH_PREFIX}`)) return json;
  return json.replaceAll(`"${FILE_PATH_PREFIX}`, `"${origin}${FILE_PATH_PREFIX}`);
}

/*
 * Signed file addresses (issue 11). A service grants an address for a file it has decided the
 * caller may have: `/FileApi/download?id=&exp=&dl=&sig=` signed over `id.exp.dl` (files.service
 * `signedUrl`). A grant alone opens nothing: on its way out, every grant in an answer is bound to
 * the answer's caller, `...&sig=&u=` signed over `id.exp.dl.u`, and the download checks that
 * user's rights to the file again when it is fetched. So an address copied to someone else is
 * still its first holder's, and one kept after a removal or a download switch-off opens nothing.
 */
const grantText = (id: number, exp: number, dl: number) => `${id}.${exp}.${dl}`;
const boundText = (id: number, exp: number, dl: number, user: number) => `${id}.${exp}.${dl}.u${user}`;

/** A service's grant of a file: expires at `exp` (epoch seconds), `dl` 1 asks for a download. */
export function fileGrant(secret: string, id: number, exp: number, dl: 0 | 1) {
  return `${FILE_PATH_PREFIX}download?id=${id}&exp=${exp}&dl=${dl}&sig=${hmac(secret, grantText(id, exp, dl))}`;
}

/** Whether a download address is bound to `u`, unchanged and not expired. */
export function verifyBoundAddress(
  secret: string,
  q: { id: number; exp: number; dl: number; sig: string; u: number },
  now = Date.now(),
) {
  return q.exp * 1000 > now && safeEqual(q.sig, hmac(secret, boundText(q.id, q.exp, q.dl, q.u)));
}

// a grant as it stands in serialized JSON: plain, or in rich text with its `&` escaped as `&amp;`
const GRANT = /\/FileApi\/download\?id=(\d{1,10})(&amp;|&)exp=(\d{1,12})\2dl=([01])\2sig=([0-9a-f]{64})(?!\2u=)/g;

/**
 * Grants already bound, per secret, by grant and user: the app-open reads answer the same addresses to
 * the same people again and again, and each grant costs two HMACs (12 µs) to check and bind. At most
 * BOUND_KEPT are kept, the oldest going first; a grant's expiry is in its text, so a kept one lives no
 * longer. Only genuine grants are kept.
 */
const bound = new Map<string, Map<string, string>>();
const BOUND_KEPT = 20_000;

function bindGrant(secret: string, user: number, whole: string, id: string, amp: string, exp: string, dl: string, sig: string) {
  const kept = bound.get(secret) ?? new Map<string, string>();
  bound.set(secret, kept);
  const key = `${user}|${whole}`;
  const hit = kept.get(key);
  if (hit !== undefined) return hit;
  const [i, e, d] = [Number(id), Number(exp), Number(dl)];
  if (!safeEqual(sig, hmac(secret, grantText(i, e, d)))) return whole;
  const done = `${FILE_PATH_PREFIX}download?id=${i}${amp}exp=${e}${amp}dl=${d}${amp}sig=${hmac(secret, boundText(i, e, d, user))}${amp}u=${user}`;
  if (kept.size >= BOUND_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, done);
  return done;
}

/**
 * Binds every genuine grant in a serialized answer to `user`. Text that only looks like a grant
 * (typed by someone, or a bound address copied into a comment) fails its signature and stays as it is.
 */
export function bindAddresses(json: string, secret: string, user: number) {
  return json.replace(GRANT, (whole, id: string, amp: string, exp: string, dl: string, sig: string) =>
    bindGrant(secret, user, whole, id, amp, exp, dl, sig),
  );
}

/**
 * One place where answers get their file addresses finished (docs/api.md "File addresses"):
 * services build paths with `signedUrl` and never need to know the host they are answered under
 * nor whom they answer. Each grant is bound to the caller (above), then made absolute: third-party
 * clients fetch the addresses with a plain HTTP client, so a path alone is useless to them.
 */
export function registerAbsoluteAddresses(app: FastifyInstance, publicUrl: string | undefined, secret: string) {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' || !payload.includes(`"${FILE_PATH_PREFIX}`)) return done(null, payload);
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return done(null, payload);
    const bound = req.user ? bindAddresses(payload, secret, req.user.id) : payload;
    const origin = publicOrigin(req, publicUrl);
    done(null, origin ? absoluteAddresses(bound, origin) : bound);
  });
}

/** Query parameters that are credentials: a file address's signature, codes, tokens, tickets. */
const SECRET_PARAMS = /([?&](?:amp;)?(?:sig|token|code|ticket|sign|key|secret|openid|state)=)[^&\s"'#]+/gi;

/** Text with every credential in a query string replaced, for log lines (issue 11). */
export const scrubSecrets = (text: string) => text.replace(SECRET_PARAMS, '$1[redacted]');

/** Strips the query string of an address: what a log line may say of a request. */
export const pathOnly = (url: string | undefined) => {
  const q = (url ?? '').indexOf('?');
  return q === -1 ? (url ?? '') : url!.slice(0, q);
};
