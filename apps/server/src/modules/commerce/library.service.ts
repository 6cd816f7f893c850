import { FROM_TYPE, type LibraryItem, ORDER_STATE } from '@paiclass/shared';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { institutionVipInForce } from './institution-vip.service';
import { presentCard, validity } from './orders.presenter';

/** the newest cards the library lists: a person buys a few a year */
const LIBRARY_MAX = 200;

/** in force first, then those bought for the future (soonest first), then the ended (latest first) */
const rank = (c: LibraryItem) => (c.isValid ? 0 : c.isFuture ? 1 : 2);
const byValidity = (a: LibraryItem, b: LibraryItem) =>
  rank(a) - rank(b) ||
  (rank(a) === 2 ? b.time.end_time - a.time.end_time : a.time.begin_time - b.time.begin_time) ||
  a.orderno.localeCompare(b.orderno);

/**
 * `getMyLibrary` (issue 28, `/myAllSetting?detail=myLibrary`): what the caller owns, each with its
 * validity: the VIP cards and pre-career study cards of their paid orders (a refunded order's card is
 * no longer theirs) and an institution's VIP grant still to run. The caller's own only.
 */
export async function myLibrary(ctx: AppContext, user: User, lang: 'zh' | 'en') {
  const now = new Date();
  const nowS = Math.floor(now.getTime() / 1000);
  const [rows, granted] = await Promise.all([
    ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.state, ORDER_STATE.paid), isNotNull(orders.vipEnd)))
      .orderBy(desc(orders.vipBegin))
      .limit(LIBRARY_MAX),
    institutionVipInForce(ctx, user.id, now),
  ]);
  const list: LibraryItem[] = rows.map((o) => ({
    ...presentCard(o, lang, nowS),
    kind: o.fromType === FROM_TYPE.studyCard ? 'studyCard' : 'vip',
    jigou: '',
    paytime: o.paidAt ? Math.floor(o.paidAt.getTime() / 1000) : 0,
  }));
  if (granted) {
    list.push({
      kind: 'institutionVip',
      orderno: '',
      productname: '',
      level: granted.level,
      jigou: granted.name,
      paytime: 0,
      ...validity(granted.beginsAt, granted.endsAt, nowS),
    });
  }
  return { list: list.sort(byValidity) };
}
