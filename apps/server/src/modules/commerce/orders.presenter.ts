import {
  ORDER_CLOSE_MINUTES,
  ORDER_STATE,
  PAYABLE_ORDER_STATES,
  remainDays,
  type TradeRecord,
  type VipCard,
} from '@paiclass/shared';
import type { orders } from '../../db/schema';
import type { OrderInvoice } from './invoices.service';

type Order = typeof orders.$inferSelect;
const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

const DESC = { zh: '开通会员', en: 'VIP membership' } as const;
const CARD_DESC = { zh: '职前学习卡', en: 'Pre-career study card' } as const;
const INVOICE = {
  zh: ['', '开票中', '已开票', '开票被拒'],
  en: ['', 'Invoice requested', 'Invoiced', 'Invoice refused'],
} as const;

/**
 * A card a paid order bought (VIP or study card), with its validity at `nowS`: in force, bought for
 * the future (spec 1 §3 `isFuture`), or ended; the days left count from its start when it is ahead.
 */
export function presentCard(o: Order, lang: 'zh' | 'en', nowS: number): VipCard {
  return {
    orderno: o.orderno,
    productname: lang === 'en' ? o.productnameEn : o.productname,
    level: o.level,
    ...validity(o.vipBegin, o.vipEnd, nowS),
  };
}

/** The validity of a period at `nowS` (seconds), as a card shows it. */
export function validity(beginAt: Date | null, endAt: Date | null, nowS: number) {
  const begin = seconds(beginAt);
  const end = seconds(endAt);
  return {
    time: { begin_time: begin, end_time: end, remainDays: remainDays(end, Math.max(nowS, begin)) },
    isValid: begin <= nowS && nowS < end ? (1 as const) : (0 as const),
    isFuture: begin > nowS ? (1 as const) : (0 as const),
  };
}

/** An order as the trade record shows it (spec 1 §3 Trade record), in the caller's language. */
/** `invoice`: where the order stands with invoicing (none, requested, issued, refused; decision 039). */
export function presentOrder(o: Order, lang: 'zh' | 'en', invoice?: OrderInvoice): TradeRecord {
  const invoiceState = invoice?.state ?? 0;
  const payable = PAYABLE_ORDER_STATES.includes(o.state);
  return {
    orderno: o.orderno,
    productname: lang === 'en' ? o.productnameEn : o.productname,
    total_fee: String(o.totalFee),
    // spec 1 §3: state 0 unpaid, otherwise paid
    state: o.state === ORDER_STATE.paid || o.state === ORDER_STATE.refunded ? 1 : 0,
    paystate: o.state,
    invoice: INVOICE[lang][invoiceState] ?? '',
    invoicestate: invoiceState,
    invoice_number: invoiceState === 2 ? (invoice?.number ?? '') : '',
    invoice_reason: invoiceState === 3 ? (invoice?.reason ?? '') : '',
    // study cards are the students', who have no invoicing (spec 1 §6); a refused request frees the order
    invoiceable: o.state === ORDER_STATE.paid && (invoiceState === 0 || invoiceState === 3) && o.fromType === 0 ? 1 : 0,
    desc: (o.fromType === 1 ? CARD_DESC : DESC)[lang],
    from_type: o.fromType,
    createtime: seconds(o.createdAt),
    updatetime: seconds(o.updatedAt),
    paytime: seconds(o.paidAt),
    closetime: payable ? seconds(o.createdAt) + ORDER_CLOSE_MINUTES * 60 : 0,
    refundtime: seconds(o.refundedAt),
    refund_fee: o.refundFee ?? 0,
    pro_rata: o.proRata ? 1 : 0,
    provider: o.provider,
    vip_begin: seconds(o.vipBegin),
    vip_end: seconds(o.vipEnd),
  };
}
