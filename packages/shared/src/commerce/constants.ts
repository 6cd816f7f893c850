/**
 * VIP membership, orders and payment (spec 1 §3, §4, §6, §9; issue 28; decision 035).
 */

/** spec 1 §3 User info: isvip 0 none, 1 VIP, 2 super VIP, 3 institution VIP, 4 institution super VIP */
export const VIP_LEVEL = { none: 0, vip: 1, superVip: 2, institutionVip: 3, institutionSuperVip: 4 } as const;

/** spec 1 §9: the VIP page shows "from 2.9 yuan" until the products are loaded (cents) */
export const VIP_DEFAULT_PRICE_CENTS = 290;
/** spec 1 §9: "as low as 2 yuan per month" is also quoted */
export const VIP_MONTHLY_FROM_YUAN = 2;

/**
 * Order states (spec 1 §4 "order states elsewhere: to be paid, paid, unpaid, refunded, closed"):
 * to be paid when created; unpaid after a payment attempt failed (it may be paid again until closed);
 * paid; refunded; closed when left unpaid for ORDER_CLOSE_MINUTES.
 */
export const ORDER_STATE = { toPay: 0, paid: 1, unpaid: 2, refunded: 3, closed: 4 } as const;
export type OrderState = (typeof ORDER_STATE)[keyof typeof ORDER_STATE];
/** the states an order may still be paid in */
export const PAYABLE_ORDER_STATES: readonly number[] = [ORDER_STATE.toPay, ORDER_STATE.unpaid];

/** issue 28: unpaid orders close after 30 minutes */
export const ORDER_CLOSE_MINUTES = 30;
/** orders waiting for payment one account may hold at once (ours: a bound on what a caller may create) */
export const OPEN_ORDERS_MAX = 10;
/** trade-record page size (spec 1 §9: set by the server, not shown; ours) */
export const TRADE_PAGE_SIZE = 10;

/** What a payment notification came to, as recorded (issue 28: "notifications verified, idempotent, recorded"). */
export const NOTIFY_OUTCOMES = [
  'credited',
  'replay',
  'duplicatePayment',
  'paidAfterClose',
  'failed',
  'badSignature',
  'amountMismatch',
  'unknownOrder',
  'pending',
] as const;
export type NotifyOutcome = (typeof NOTIFY_OUTCOMES)[number];

export const COMMERCE_CODES = {
  productUnavailable: 31901, // the product is not on sale
  orderNotPayable: 31902, // paid, refunded or closed: no payment starts
  tooManyOpenOrders: 31903, // OPEN_ORDERS_MAX orders already wait for payment
  paymentSignatureBad: 31904, // a notification whose signature does not verify
  paymentAmountMismatch: 31905, // a notification whose amount is not the order's
  orderNotRefundable: 31906, // only a paid order is refunded
  nothingToRefund: 31912, // a pro-rata order whose period has ended: nothing is left to give back
  paymentProviderRefused: 31907, // the provider refused the refund or the payment
  orderNotInvoiceable: 31908, // not the caller's paid order, or already invoiced
  paymentProviderUnavailable: 31909, // the provider could not be reached or would not start the payment
  studyCardStudentsOnly: 31910, // spec 1 §6: study cards and their orders are the students'
  invoiceNotIssued: 31911, // the invoice has no PDF: not issued yet, or refused
  wechatPayerUnknown: 31917, // decision 054: JSAPI needs the payer's openid, learnt through WeChat's OAuth first
  wechatJsapiUnavailable: 31918, // decision 054: WeChat Pay JSAPI is not configured (no WECHATPAY_APP_SECRET)
} as const;

/**
 * What a refund gives back, in cents (decision 044): the whole price, or for a pro-rata order the share
 * of its period not yet used at `nowMs`, rounded down to the cent: whole before the period begins,
 * nothing once it has ended.
 */
export function refundFee(order: { totalFee: number; proRata: boolean; beginMs: number; endMs: number }, nowMs: number) {
  const { totalFee, proRata, beginMs, endMs } = order;
  if (!proRata || nowMs <= beginMs || endMs <= beginMs) return totalFee;
  if (nowMs >= endMs) return 0;
  return Math.floor((totalFee * (endMs - nowMs)) / (endMs - beginMs));
}

/** spec 1 §3 `from_type` of an order's product: a VIP plan, or a pre-career study card (1). */
export const FROM_TYPE = { vip: 0, studyCard: 1 } as const;
/** study-card orders page size (ours; the spec gives none) */
export const STUDY_CARD_PAGE_SIZE = 10;
/** spec 1 §4 study-card pay_state: 0 pending payment, 1 completed, 2 refunded, 3 closed */
export const STUDY_CARD_PAY_STATE = { pending: 0, completed: 1, refunded: 2, closed: 3 } as const;

/** An order's state as a study card's pay_state: to be paid and unpaid are both still pending payment. */
export function studyCardPayState(state: number): number {
  if (state === ORDER_STATE.paid) return STUDY_CARD_PAY_STATE.completed;
  if (state === ORDER_STATE.refunded) return STUDY_CARD_PAY_STATE.refunded;
  if (state === ORDER_STATE.closed) return STUDY_CARD_PAY_STATE.closed;
  return STUDY_CARD_PAY_STATE.pending;
}

/** Whole days left from now until `end` (0 once passed), as the VIP card's `remainDays`. */
export function remainDays(endSeconds: number, nowSeconds = Math.floor(Date.now() / 1000)) {
  return Math.max(0, Math.ceil((endSeconds - nowSeconds) / 86_400));
}

/** Cents as yuan for the screen: 290 → "2.9", 2400 → "24", 1999 → "19.99" (spec 1 §3, §9). */
export function yuan(cents: number | string) {
  const n = Number(cents);
  if (!Number.isFinite(n)) return '0';
  return String(Math.round(n) / 100);
}

/**
 * The `isvip` level in force: the higher of the bought membership until its end passes (issue 28: "the
 * cap back after expiry"; a level with no end, set by hand, does not lapse) and an institution's grant
 * until its end (decision 039); 0 when neither.
 */
export function vipLevelInForce(
  user: { isvip: number; vipEnd: Date | null; instVip?: number; instVipEnd?: Date | null },
  now = Date.now(),
) {
  const bought = user.isvip <= 0 || (user.vipEnd && user.vipEnd.getTime() <= now) ? 0 : user.isvip;
  const granted = user.instVip && user.instVipEnd && user.instVipEnd.getTime() > now ? user.instVip : 0;
  return Math.max(bought, granted);
}

/** spec 1 §3 Invoice request: type 0 enterprise, 1 personal; invoicetype 0 electronic, 1 paper */
export const INVOICE_TYPE = { enterprise: 0, personal: 1 } as const;
export const INVOICE_MEDIUM = { electronic: 0, paper: 1 } as const;
/** spec 1 §3: item options 0 teaching-software annual fee, 1 teaching-software service fee, 2 software service fee, 3 service fee */
export const INVOICE_ITEMS = [0, 1, 2, 3] as const;
/** An invoice request's state (decision 039): waiting for the operator, issued with its PDF, or refused with a reason. */
export const INVOICE_STATE = { requested: 0, issued: 1, refused: 2 } as const;
/** spec 1 §9: buying VIP for two months or more ships paper invoices free */
export const INVOICE_FREE_SHIPPING_MONTHS = 2;
/** orders one invoice may cover (ours) */
export const INVOICE_ORDERS_MAX = 50;
