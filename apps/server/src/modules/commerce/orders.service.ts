import { randomInt } from 'node:crypto';
import {
  FROM_TYPE,
  OPEN_ORDERS_MAX,
  ORDER_CLOSE_MINUTES,
  ORDER_STATE,
  type OrderCreateInput,
  PAYABLE_ORDER_STATES,
  remainDays,
  STUDY_CARD_PAGE_SIZE,
  studyCardPayState,
  TRADE_PAGE_SIZE,
  USERTYPE_STUDENT,
  vipLevelInForce,
} from '@paiclass/shared';
import { and, asc, count, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { orders, users, vipProducts } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { fail, isUniqueViolation } from '../../platform/errors';
import { inTransaction } from '../../platform/transaction';
import { institutionVipInForce } from './institution-vip.service';
import { invoiceStates } from './invoices.service';
import { closeKey, ORDER_CLOSE_JOB } from './order-jobs';
import { presentCard, presentOrder } from './orders.presenter';
import { receiveNotification } from './payments.service';
import { payerOpenid } from './wechat-jsapi.service';
import { activeProvider, providerByName, sandboxProvider } from './providers';
import type { PayChannel, PaymentProvider } from './providers/provider';

type Lang = 'zh' | 'en';
const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

const closeAfterMs = ORDER_CLOSE_MINUTES * 60_000;

/** A new order number: the time to the second and six random digits, 20 digits in all. */
function newOrderNo(now: Date) {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const stamp = `${now.getUTCFullYear()}${p(now.getUTCMonth() + 1)}${p(now.getUTCDate())}${p(now.getUTCHours())}${p(now.getUTCMinutes())}${p(now.getUTCSeconds())}`;
  return `${stamp}${p(randomInt(0, 1_000_000), 6)}`;
}

/** `getProductList`: the VIP products on sale, cheapest plans first, with the lowest price. */
export async function listProducts(ctx: AppContext, lang: Lang) {
  const rows = await ctx.db
    .select()
    .from(vipProducts)
    .where(and(eq(vipProducts.onSale, true), eq(vipProducts.fromType, FROM_TYPE.vip)))
    .orderBy(asc(vipProducts.sort), asc(vipProducts.id));
  const list = rows.map((r) => ({
    id: r.id,
    productname: lang === 'en' ? r.productnameEn : r.productname,
    price: r.price,
    months: r.months,
    level: r.level,
    pro_rata: r.proRata ? (1 as const) : (0 as const),
  }));
  return { list, minprice: list.length ? Math.min(...list.map((p) => p.price)) : 0 };
}

/**
 * `getVipInfo`: the caller's membership in force (0 once its end passed) and the cards their paid
 * orders bought, each with its validity: in force now, or bought for the future (spec 1 §3).
 */
export async function vipInfo(ctx: AppContext, user: User) {
  const [u] = await ctx.db.select().from(users).where(eq(users.id, user.id));
  const now = Date.now();
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, user.id),
        eq(orders.state, ORDER_STATE.paid),
        eq(orders.fromType, FROM_TYPE.vip),
        isNotNull(orders.vipEnd),
      ),
    )
    .orderBy(desc(orders.vipBegin))
    .limit(50);
  const lang: Lang = u!.lang === 'en' ? 'en' : 'zh';
  const granted = await institutionVipInForce(ctx, user.id, new Date(now));
  const nowS = Math.floor(now / 1000);
  return {
    institution: granted
      ? {
          jigou: granted.name,
          level: granted.level,
          begintime: seconds(granted.beginsAt),
          endtime: seconds(granted.endsAt),
          remainDays: remainDays(seconds(granted.endsAt), nowS),
        }
      : null,
    isvip: vipLevelInForce(u!, now),
    begintime: seconds(u!.vipBegin),
    endtime: seconds(u!.vipEnd),
    remainDays: vipLevelInForce({ isvip: u!.isvip, vipEnd: u!.vipEnd }, now) && u!.vipEnd ? remainDays(seconds(u!.vipEnd)) : 0,
    cards: rows.map((o) => presentCard(o, lang, nowS)),
  };
}

/**
 * `createOrder`: an order for a product on sale, its price the product's (the client sends none),
 * to be paid within 30 minutes (the close job is scheduled with it). Refuses a product not on sale
 * (31901) and an account already holding OPEN_ORDERS_MAX orders to be paid (31903).
 */
export async function createOrder(ctx: AppContext, user: User, input: OrderCreateInput, lang: Lang) {
  const provider = activeProvider(ctx, input.paytype);
  if (!provider) throw fail('paymentProviderRefused');
  const [product] = await ctx.db
    .select()
    .from(vipProducts)
    .where(and(eq(vipProducts.id, input.productid), eq(vipProducts.onSale, true)));
  if (!product) throw fail('productUnavailable');
  // study cards are the students' (spec 1 §6: the study-card orders tab is theirs)
  if (product.fromType === FROM_TYPE.studyCard && user.usertype !== USERTYPE_STUDENT) throw fail('studyCardStudentsOnly');
  const now = new Date();
  const order = await inTransaction(ctx, async (tx) => {
    // one creation at a time per account, so two quick requests cannot pass the open-order bound together
    await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`orders:${user.id}`}))`);
    const [open] = await tx.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, user.id), inArray(orders.state, [...PAYABLE_ORDER_STATES])));
    if ((open?.n ?? 0) >= OPEN_ORDERS_MAX) throw fail('tooManyOpenOrders');
    for (let attempt = 0; ; attempt++) {
      try {
        const [row] = await tx.db
          .insert(orders)
          .values({
            orderno: newOrderNo(now),
            userId: user.id,
            productId: product.id,
            productname: product.productname,
            productnameEn: product.productnameEn,
            level: product.level,
            months: product.months,
            totalFee: product.price,
            fromType: product.fromType,
            proRata: product.proRata,
            provider: provider.name,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning();
        if (row) {
          await tx.jobs.schedule(ORDER_CLOSE_JOB, new Date(now.getTime() + closeAfterMs), { id: row.id }, closeKey(row.id));
          return row;
        }
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
      }
      if (attempt > 5) throw new Error('no free order number');
    }
  });
  return presentOrder(order, lang);
}

/** The caller's own order by its number; another's is "not found" alike. */
export async function ownOrder(ctx: AppContext, user: User, orderno: string) {
  const [o] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.orderno, orderno), eq(orders.userId, user.id)));
  if (!o) throw fail('notFound');
  return o;
}

/** Closes an order still unpaid past its 30 minutes; answers whether it did. */
async function closeIfLate(ctx: AppContext, id: number, now = new Date()) {
  const closed = await ctx.db
    .update(orders)
    .set({ state: ORDER_STATE.closed, closedAt: now, updatedAt: now })
    .where(
      and(
        eq(orders.id, id),
        inArray(orders.state, [...PAYABLE_ORDER_STATES]),
        lte(orders.createdAt, new Date(now.getTime() - closeAfterMs)),
      ),
    )
    .returning({ id: orders.id });
  return closed.length > 0;
}

/** The close job: the order closes if it is still to be paid or unpaid. */
export async function closeOrderJob(ctx: AppContext, payload: Record<string, unknown>, runAt: Date) {
  const id = Number(payload.id);
  if (Number.isInteger(id) && id > 0) await closeIfLate(ctx, id, new Date(Math.max(Date.now(), runAt.getTime())));
}

/**
 * `payOrder`: where to pay one of the caller's orders. Refuses an order paid, refunded or closed
 * (31902), an order past its 30 minutes included (closed here if the job has not run yet).
 */
export async function payOrder(
  ctx: AppContext,
  user: User,
  input: { orderno: string; channel?: PayChannel },
  clientIp: string,
  lang: Lang,
  warn: (fields: Record<string, unknown>, message: string) => void = () => {},
) {
  const orderno = input.orderno;
  let o = await ownOrder(ctx, user, orderno);
  if (PAYABLE_ORDER_STATES.includes(o.state) && (await closeIfLate(ctx, o.id))) o = await ownOrder(ctx, user, orderno);
  if (!PAYABLE_ORDER_STATES.includes(o.state)) throw fail('orderNotPayable');
  const provider = providerByName(ctx, o.provider);
  if (!provider) throw fail('paymentProviderRefused');
  // the browser says desktop (page), phone (wap) or WeChat's own browser (jsapi); each provider's like
  // of it, else its default
  const asked = input.channel ? [input.channel, ...SAME_PLACE[input.channel]] : [];
  const channel = asked.find((c) => provider.channels.includes(c)) ?? provider.channels[0]!;
  // JSAPI pays as the WeChat user the OAuth named (decision 054): without one, the page goes through it first
  const openid = channel === 'jsapi' ? await payerOpenid(ctx, user.id, ctx.config.wechatPay?.appid ?? '') : undefined;
  if (channel === 'jsapi' && !openid) throw fail('wechatPayerUnknown');
  let start: Awaited<ReturnType<PaymentProvider['pay']>>;
  try {
    start = await provider.pay(o, { channel, clientIp, openid: openid ?? undefined });
  } catch (e) {
    // the provider's answer is not shown (it may carry signed addresses); the operator's log names the provider
    warn({ provider: provider.name, orderno, err: (e as Error).message.slice(0, 200) }, 'payment start failed');
    throw fail('paymentProviderUnavailable');
  }
  return {
    provider: provider.name,
    channel,
    payurl: start.payurl,
    qrcode: start.qrcode ?? '',
    ...(start.jsapi ? { jsapi: start.jsapi } : {}),
    order: presentOrder(o, lang),
  };
}

/**
 * A channel's likes at another provider: Alipay's desktop page is WeChat's QR code, its phone page WeChat's
 * H5; inside WeChat's browser without JSAPI, the phone pages.
 */
const SAME_PLACE: Record<PayChannel, PayChannel[]> = {
  page: ['native'],
  native: ['page'],
  wap: ['h5'],
  h5: ['wap'],
  jsapi: ['h5', 'wap'],
};

/** `getOrderInfo`: one of the caller's orders. */
export async function orderInfo(ctx: AppContext, user: User, orderno: string, lang: Lang) {
  const o = await ownOrder(ctx, user, orderno);
  return presentOrder(o, lang, (await invoiceStates(ctx, [o.id])).get(o.id));
}

/** `getTradeRecord`: the caller's orders, newest first, a page at a time (spec 1 §2 trade record). */
export async function tradeRecord(ctx: AppContext, user: User, page: number, lang: Lang) {
  const where = and(eq(orders.userId, user.id), eq(orders.fromType, FROM_TYPE.vip));
  const [total] = await ctx.db.select({ n: count() }).from(orders).where(where);
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(TRADE_PAGE_SIZE)
    .offset((page - 1) * TRADE_PAGE_SIZE);
  const invoiced = await invoiceStates(
    ctx,
    rows.map((o) => o.id),
  );
  return {
    list: rows.map((o) => presentOrder(o, lang, invoiced.get(o.id))),
    total: total?.n ?? 0,
    page,
    pagesize: TRADE_PAGE_SIZE,
  };
}

/**
 * `sandboxPay`: the sandbox confirm page's choice for one of the caller's payable orders, sent as the
 * sandbox provider's signed notification through the one path every notification takes.
 */
export async function sandboxPay(ctx: AppContext, user: User, orderno: string, result: 'pay' | 'fail', lang: Lang) {
  const o = await ownOrder(ctx, user, orderno);
  if (o.provider !== 'sandbox' || !ctx.config.paymentSandbox) throw fail('paymentProviderRefused');
  if (!PAYABLE_ORDER_STATES.includes(o.state) || (await closeIfLate(ctx, o.id))) throw fail('orderNotPayable');
  const provider = sandboxProvider(ctx);
  const body = provider.notification(o, result === 'pay');
  await receiveNotification(ctx, provider, { body, headers: {}, raw: JSON.stringify(body) });
  return presentOrder(await ownOrder(ctx, user, orderno), lang);
}

/** `getStudyCardProducts`: the pre-career study cards on sale, for students (spec 1 §6). */
export async function studyCardProducts(ctx: AppContext, user: User, lang: Lang) {
  if (user.usertype !== USERTYPE_STUDENT) throw fail('studyCardStudentsOnly');
  const rows = await ctx.db
    .select()
    .from(vipProducts)
    .where(and(eq(vipProducts.onSale, true), eq(vipProducts.fromType, FROM_TYPE.studyCard)))
    .orderBy(asc(vipProducts.sort), asc(vipProducts.id));
  return {
    list: rows.map((r) => ({
      id: r.id,
      productname: lang === 'en' ? r.productnameEn : r.productname,
      price: r.price,
      months: r.months,
      pro_rata: r.proRata ? (1 as const) : (0 as const),
    })),
  };
}

/**
 * `getStudyCardOrders`: the student's pre-career study-card orders, newest first, a page at a time
 * (spec 1 §3 Study-card order, §4 its pay_state: 0 pending payment, 1 completed, 2 refunded, 3 closed).
 */
export async function studyCardOrders(ctx: AppContext, user: User, page: number, lang: Lang) {
  if (user.usertype !== USERTYPE_STUDENT) throw fail('studyCardStudentsOnly');
  const where = and(eq(orders.userId, user.id), eq(orders.fromType, FROM_TYPE.studyCard));
  const [total] = await ctx.db.select({ n: count() }).from(orders).where(where);
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(STUDY_CARD_PAGE_SIZE)
    .offset((page - 1) * STUDY_CARD_PAGE_SIZE);
  return {
    list: rows.map((o) => ({
      id: o.id,
      orderno: o.orderno,
      pay_state: studyCardPayState(o.state),
      from_type: FROM_TYPE.studyCard,
      product_name: lang === 'en' ? o.productnameEn : o.productname,
      pay_amount: o.totalFee,
      refund_amount: o.refundFee ?? 0,
      createtime: seconds(o.createdAt),
      begin_time: seconds(o.vipBegin),
      end_time: seconds(o.vipEnd),
    })),
    total: total?.n ?? 0,
    page,
    pagesize: STUDY_CARD_PAGE_SIZE,
  };
}
