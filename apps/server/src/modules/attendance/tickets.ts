import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { QR_ROTATE_SECONDS, QR_TICKET_TTL_SECONDS } from '@paiclass/shared';

/**
 * QR tickets (issue 13): `{ticketid, expire, sign}`, signed with an HMAC of a key derived from the
 * installation's secret. The ticket names its attendance and when it was issued; the signature
 * covers the expiry, so a scanned ticket cannot be stretched; a new one every few seconds.
 */
const keyOf = (secret: string) => createHmac('sha256', secret).update('paiclass attendance QR tickets').digest();

const signOf = (secret: string, ticketid: string, expire: number) =>
  createHmac('sha256', keyOf(secret)).update(`${ticketid}|${expire}`).digest('base64url');

export function issueTicket(secret: string, attendanceId: number, now = Date.now()) {
  const issued = Math.floor(now / 1000);
  const ticketid = `${attendanceId}.${issued}.${randomBytes(6).toString('hex')}`;
  const expire = issued + QR_TICKET_TTL_SECONDS;
  return { ticketid, expire, sign: signOf(secret, ticketid, expire), rotate: QR_ROTATE_SECONDS };
}

/** The attendance a ticket names when its signature holds; undefined for a forged or altered one. */
export function verifyTicket(secret: string, t: { ticketid: string; expire: number; sign: string }): number | undefined {
  const expected = Buffer.from(signOf(secret, t.ticketid, t.expire));
  const given = Buffer.from(t.sign);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const id = Number(t.ticketid.split('.')[0]);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
