import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The device a check-in comes from, as the server made it (issue 24): a random id in a cookie signed
 * with a key derived from the installation's secret, HttpOnly, SameSite=Lax, kept two years. The
 * client's `deviceid` field is accepted from Ketangpai clients but chosen by the client, so the
 * shared-device flag never trusts it. A check-in without a valid cookie gets a new device (and the
 * cookie); a client that drops cookies looks like a new device each time — see docs/security.md.
 */
export const DEVICE_COOKIE = 'pc_device';
const MAX_AGE_SECONDS = 2 * 365 * 24 * 3600;

const keyOf = (secret: string) => createHmac('sha256', secret).update('paiclass device cookie').digest();
const signOf = (secret: string, id: string) => createHmac('sha256', keyOf(secret)).update(id).digest('base64url');

/** The device id a request's cookie names when its signature holds; undefined otherwise. */
export function deviceFromCookie(secret: string, header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name !== DEVICE_COOKIE || !value) continue;
    const [id, sign] = value.split('.', 2);
    if (!id || !sign || !/^[0-9a-f]{32}$/.test(id)) return undefined;
    const expected = Buffer.from(signOf(secret, id));
    const given = Buffer.from(sign);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return id;
    return undefined;
  }
  return undefined;
}

/** The request's device: the cookie's, or a new one with the `set-cookie` value that names it. */
export function deviceOf(secret: string, header: string | undefined, https = false): { id: string; setCookie?: string } {
  const known = deviceFromCookie(secret, header);
  if (known) return { id: known };
  const id = randomBytes(16).toString('hex');
  return {
    id,
    setCookie: `${DEVICE_COOKIE}=${id}.${signOf(secret, id)}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${https ? '; Secure' : ''}`,
  };
}

/** The request's device id, setting the cookie on the reply when the request had none (or a forged one). */
export function deviceFor(
  secret: string,
  req: { headers: { cookie?: string }; protocol: string },
  reply: { header: (name: string, value: string) => unknown },
) {
  // Secure when the request came over HTTPS (directly, or through a trusted proxy's header)
  const d = deviceOf(secret, req.headers.cookie, req.protocol === 'https');
  if (d.setCookie) reply.header('set-cookie', d.setCookie);
  return d.id;
}
