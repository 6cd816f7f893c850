import { VIP_LEVEL, vipLevelInForce } from '@paiclass/shared';

/** `months` calendar months after `d`; the 31st of January plus one month is the end of February. */
export function addMonths(d: Date, months: number): Date {
  const r = new Date(d.getTime());
  const day = r.getUTCDate();
  r.setUTCMonth(r.getUTCMonth() + months);
  if (r.getUTCDate() < day) r.setUTCDate(0);
  return r;
}

interface Member {
  isvip: number;
  vipBegin: Date | null;
  vipEnd: Date | null;
}

/**
 * What a paid VIP order does to its buyer (issue 28): the period it buys starts now, or at the end
 * of the membership in force (a renewal extends from the current end: the card is "for the future"),
 * and lasts the product's months; the level becomes the higher of the one in force and the product's.
 * A membership with no end (granted by hand) keeps having none.
 */
export function creditVip(member: Member, order: { level: number; months: number }, now: Date) {
  // the bought membership only: an institution's grant is kept apart (decision 039)
  const inForce = vipLevelInForce({ isvip: member.isvip, vipEnd: member.vipEnd }, now.getTime());
  const from = inForce && member.vipEnd && member.vipEnd > now ? member.vipEnd : now;
  const end = addMonths(from, order.months);
  return {
    period: { begin: from, end },
    user: {
      isvip: Math.max(inForce, order.level),
      vipBegin: inForce ? (member.vipBegin ?? now) : now,
      vipEnd: inForce && !member.vipEnd ? null : end,
    },
  };
}

/** Whether the account's membership is kept by its orders (not an institution's grant, not by hand). */
export const managedByOrders = (member: Member) => member.isvip <= VIP_LEVEL.superVip && member.vipEnd !== null;

/**
 * The membership the account's paid orders still give once one is refunded: the periods laid end to
 * end again in the order they were paid (each from its payment, or from the end of the one before),
 * so a refund takes back exactly the period it bought and the later cards move up.
 */
export function rechain(paid: { id: number; paidAt: Date; months: number; level: number }[], now: Date) {
  let cursor: Date | null = null;
  let chainStart: Date | null = null;
  const periods: { id: number; begin: Date; end: Date; level: number }[] = [];
  for (const o of [...paid].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime() || a.id - b.id)) {
    const begin: Date = cursor && cursor > o.paidAt ? cursor : o.paidAt;
    if (!cursor || cursor <= o.paidAt) chainStart = begin;
    const end = addMonths(begin, o.months);
    periods.push({ id: o.id, begin, end, level: o.level });
    cursor = end;
  }
  const live = periods.filter((p) => p.end > now);
  return {
    periods,
    user: {
      isvip: live.length ? Math.max(...live.map((p) => p.level)) : VIP_LEVEL.none,
      vipBegin: live.length ? chainStart : null,
      vipEnd: cursor,
    },
  };
}
