import { FROM_TYPE, type NotifyOutcome, ORDER_STATE, refundFee } from '@paiclass/shared';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { orders, paymentNotifications, paymentRefunds, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { type AppError, fail } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import { closeKey } from './order-jobs';
import { providerByName } from './providers';
import type { IncomingNotification, PaymentProvider, VerifiedNotification } from './providers/provider';
import { addMonths, creditVip, managedByOrders, rechain } from './vip.policy';

/*
 * What the payment providers tell PaiClass and what goes back to them (issue 28, decisions 035 and 037):
 * notifications verified and applied to their order once, a second payment refunded, an order refunded
 * by the operator. Orders themselves (made, paid, listed, closed) are in orders.service.ts.
 */

type Order = typeof orders.$inferSelect;

interface Handled {
  outcome: NotifyOutcome;
  flagged?: boolean;
  error?: AppError;
  orderId?: number;
  credited?: number;
}

// half of a UTF-16 surrogate pair without its other half
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A notification as it can be recorded: PostgreSQL's jsonb takes no lone surrogate (a forged notification
 * with `"sign":"\ud800"` failed its own record with a 500, the fuzz suite on PostgreSQL); each becomes
 * U+FFFD, the rest is kept as it came. (A NUL never gets here: the input layer refuses it.)
 */
function storable<T>(value: T): T {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD') as T;
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), storable(v)])) as T;
  return value;
}

/**
 * A provider's notification (issue 28): verified first (31904 when the signature fails, and nothing
 * changes); then, with the order locked, idempotent by order number and amount: an amount other than
 * the order's is refused (31905); a failure marks an order to be paid as unpaid; the first success
 * credits the VIP; the same payment again is a replay (answered as success, nothing credited); a
 * different payment of a paid, refunded or closed order is recorded and flagged for the operator to
 * refund. Every notification is recorded with what it came to.
 */
export async function receiveNotification(ctx: AppContext, provider: PaymentProvider, incoming: IncomingNotification) {
  const body = incoming.body;
  let verified: VerifiedNotification | null = null;
  try {
    verified = await provider.verify(incoming);
  } catch {
    verified = null;
  }
  const record = (db: AppContext['db'], h: Handled, v: { orderno: string; tradeNo: string; amount: number }) =>
    db.insert(paymentNotifications).values({
      provider: provider.name,
      orderno: storable(v.orderno.slice(0, 32)),
      tradeNo: storable(v.tradeNo.slice(0, 64)),
      amount: Number.isSafeInteger(v.amount) ? v.amount : 0,
      outcome: h.outcome,
      flagged: h.flagged ?? false,
      payload: storable(body),
    });
  if (!verified) {
    await record(
      ctx.db,
      { outcome: 'badSignature' },
      {
        orderno: String(body.orderno ?? body.out_trade_no ?? ''),
        tradeNo: String(body.trade_no ?? body.id ?? ''),
        amount: Number(body.amount),
      },
    );
    throw fail('paymentSignatureBad');
  }
  const handled = await inTransaction(ctx, async (tx): Promise<Handled> => {
    const [o] = await tx.db.select().from(orders).where(eq(orders.orderno, verified.orderno)).for('update');
    const h = await handleVerified(tx, provider.name, o, verified.tradeNo, verified.amount, verified.status);
    await record(tx.db, h, verified);
    return h;
  });
  if (handled.credited) await ctx.sessions.forgetUser(handled.credited);
  if (handled.error) throw handled.error;
  return { result: 'success' as const, outcome: handled.outcome };
}

async function handleVerified(
  tx: AppContext,
  providerName: string,
  o: Order | undefined,
  tradeNo: string,
  amount: number,
  status: VerifiedNotification['status'],
): Promise<Handled> {
  if (!o) return { outcome: 'unknownOrder', error: fail('notFound') };
  if (amount !== o.totalFee) return { outcome: 'amountMismatch', error: fail('paymentAmountMismatch') };
  const now = new Date();
  if (status === 'pending') return { outcome: 'pending' };
  if (status === 'failed') {
    if (o.state === ORDER_STATE.toPay)
      await tx.db.update(orders).set({ state: ORDER_STATE.unpaid, updatedAt: now }).where(eq(orders.id, o.id));
    return { outcome: 'failed' };
  }
  if (o.state === ORDER_STATE.paid || o.state === ORDER_STATE.refunded) {
    // the same payment told again is a replay; another payment of the order is money to give back
    return o.tradeNo === tradeNo ? { outcome: 'replay' } : extraPayment(tx, providerName, o, tradeNo, amount, 'duplicate');
  }
  if (o.state === ORDER_STATE.closed) return extraPayment(tx, providerName, o, tradeNo, amount, 'afterClose');
  if (o.fromType === FROM_TYPE.studyCard) {
    // a study card is valid for its months from the payment; it gives no VIP
    await tx.db
      .update(orders)
      .set({ state: ORDER_STATE.paid, tradeNo, paidAt: now, updatedAt: now, vipBegin: now, vipEnd: addMonths(now, o.months) })
      .where(eq(orders.id, o.id));
    await tx.jobs.cancel(closeKey(o.id));
    return { outcome: 'credited' };
  }
  const [member] = await tx.db.select().from(users).where(eq(users.id, o.userId)).for('update');
  const credit = creditVip(member!, o, now);
  await tx.db
    .update(orders)
    .set({
      state: ORDER_STATE.paid,
      tradeNo,
      paidAt: now,
      updatedAt: now,
      vipBegin: credit.period.begin,
      vipEnd: credit.period.end,
    })
    .where(eq(orders.id, o.id));
  await tx.db.update(users).set(credit.user).where(eq(users.id, o.userId));
  await tx.jobs.cancel(closeKey(o.id));
  return { outcome: 'credited', credited: o.userId };
}

/** The job that gives back a payment credited nothing (decision 037). */
export const PAYMENT_REFUND_JOB = 'payments.refund';
const refundKey = (id: number) => `payment-refund:${id}`;

/**
 * A payment of an order already paid (or closed): credited nothing, recorded once per payment and
 * refunded through its provider by a job (retried with backoff while the provider refuses). The same
 * payment told again is a replay and refunds nothing more.
 */
async function extraPayment(
  tx: AppContext,
  provider: string,
  o: Order,
  tradeNo: string,
  amount: number,
  reason: 'duplicate' | 'afterClose',
): Promise<Handled> {
  const [row] = await tx.db
    .insert(paymentRefunds)
    .values({ provider, orderno: o.orderno, tradeNo, amount, reason })
    .onConflictDoNothing()
    .returning({ id: paymentRefunds.id });
  if (!row) return { outcome: 'replay' };
  await tx.jobs.schedule(PAYMENT_REFUND_JOB, new Date(), { id: row.id }, refundKey(row.id));
  return { outcome: reason === 'duplicate' ? 'duplicatePayment' : 'paidAfterClose', flagged: true };
}

/** The refund job: the payment given back through the provider that took it, under one refund number. */
export async function refundExtraPaymentJob(ctx: AppContext, payload: Record<string, unknown>) {
  const id = Number(payload.id);
  if (!Number.isInteger(id) || id <= 0) return;
  const [r] = await ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
  if (r?.state !== 0) return;
  const refundNo = `RD${String(r.id).padStart(12, '0')}`;
  try {
    const provider = providerByName(ctx, r.provider);
    if (!provider) throw new Error(`${r.provider} is not configured`);
    await provider.refund({ orderno: r.orderno, tradeNo: r.tradeNo, amount: r.amount, total: r.amount, refundNo });
  } catch (e) {
    await ctx.db
      .update(paymentRefunds)
      .set({ error: (e as Error).message.slice(0, 200) })
      .where(eq(paymentRefunds.id, id));
    throw e;
  }
  await ctx.db
    .update(paymentRefunds)
    .set({ state: 1, refundNo, refundedAt: new Date(), error: '' })
    .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.state, 0)));
}

/** The payments given back on their own, newest first, for the operator (`npm run orders -- flagged`). */
export async function extraPaymentRefunds(ctx: AppContext) {
  return ctx.db.select().from(paymentRefunds).orderBy(desc(paymentRefunds.id)).limit(100);
}

/**
 * Refunds a paid order through its provider (the operator's command, `npm run orders -- refund`)
 * and takes back the VIP period it bought: the account's remaining paid periods are laid end to end
 * again. A pro-rata order gives back the unused share of its period only (`refundFee`, decision 044).
 * Refuses an order that is not paid (31906), and a pro-rata order whose period has ended (31912).
 */
export async function refundOrder(ctx: AppContext, orderno: string, now = new Date()) {
  const [o] = await ctx.db.select().from(orders).where(eq(orders.orderno, orderno));
  if (!o) throw fail('notFound');
  if (o.state !== ORDER_STATE.paid) throw fail('orderNotRefundable');
  const provider = providerByName(ctx, o.provider);
  if (!provider) throw fail('paymentProviderRefused');
  if (!o.tradeNo) throw fail('orderNotRefundable');
  const amount = refundFee(
    {
      totalFee: o.totalFee,
      proRata: o.proRata,
      beginMs: o.vipBegin?.getTime() ?? now.getTime(),
      endMs: o.vipEnd?.getTime() ?? now.getTime(),
    },
    now.getTime(),
  );
  if (amount === 0) throw fail('nothingToRefund');
  // one refund number per order, the same on every retry, so the provider refunds once
  const { refundNo } = await provider.refund({
    orderno: o.orderno,
    tradeNo: o.tradeNo,
    amount,
    total: o.totalFee,
    refundNo: `R${o.orderno}`,
  });
  await inTransaction(ctx, async (tx) => {
    const [done] = await tx.db
      .update(orders)
      .set({ state: ORDER_STATE.refunded, refundFee: amount, refundedAt: now, updatedAt: now })
      .where(and(eq(orders.id, o.id), eq(orders.state, ORDER_STATE.paid)))
      .returning({ id: orders.id });
    if (!done) throw fail('orderNotRefundable');
    if (o.fromType === FROM_TYPE.studyCard) return;
    const [member] = await tx.db.select().from(users).where(eq(users.id, o.userId)).for('update');
    if (!managedByOrders(member!)) return;
    const paid = await tx.db
      .select({ id: orders.id, paidAt: orders.paidAt, months: orders.months, level: orders.level })
      .from(orders)
      .where(
        and(
          eq(orders.userId, o.userId),
          eq(orders.state, ORDER_STATE.paid),
          eq(orders.fromType, FROM_TYPE.vip),
          isNotNull(orders.paidAt),
        ),
      );
    const chain = rechain(
      paid.map((p) => ({ ...p, paidAt: p.paidAt! })),
      now,
    );
    for (const p of chain.periods)
      await tx.db.update(orders).set({ vipBegin: p.begin, vipEnd: p.end }).where(eq(orders.id, p.id));
    await tx.db.update(users).set(chain.user).where(eq(users.id, o.userId));
  });
  await ctx.sessions.forgetUser(o.userId);
  return { orderno, refundNo, amount };
}

/** The orders and flagged notifications the operator's command lists. */
export async function flaggedNotifications(ctx: AppContext) {
  return ctx.db
    .select()
    .from(paymentNotifications)
    .where(eq(paymentNotifications.flagged, true))
    .orderBy(desc(paymentNotifications.id))
    .limit(100);
}
