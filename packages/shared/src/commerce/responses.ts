import { z } from 'zod';

const int = z.number().int();

/** spec 1 §3 VIP product: id, productname, price in cents (shown divided by 100); months and level are ours */
export const vipProduct = z.object({
  id: int,
  productname: z.string(),
  price: int,
  months: int,
  /** the isvip level it gives: 1 VIP, 2 super VIP */
  level: int,
  /** 1: a refund gives back only the unused share of the period (decision 044); 0: the whole price */
  pro_rata: z.union([z.literal(0), z.literal(1)]),
});
export const vipProductListAnswer = z.object({
  list: z.array(vipProduct),
  /** the lowest price on sale, cents */
  minprice: int,
});

/** spec 1 §3 course paid items, VIP card validity: time {begin_time, end_time, remainDays}, isValid, isFuture */
export const vipCard = z.object({
  orderno: z.string(),
  productname: z.string(),
  level: int,
  time: z.object({ begin_time: int, end_time: int, remainDays: int }),
  isValid: z.union([z.literal(0), z.literal(1)]),
  isFuture: z.union([z.literal(0), z.literal(1)]),
});
export type VipCard = z.infer<typeof vipCard>;

/** The caller's membership: the level in force (0 once expired), its times, and the cards bought. */
export const vipInfoAnswer = z.object({
  /** the level in force: the higher of the bought membership and an institution's grant */
  isvip: int,
  begintime: int,
  endtime: int,
  remainDays: int,
  cards: z.array(vipCard),
  /** the institution VIP granted by a school's operator and still in force (decision 039), else null */
  institution: z.object({ jigou: z.string(), level: int, begintime: int, endtime: int, remainDays: int }).nullable(),
});
export type VipInfoAnswer = z.infer<typeof vipInfoAnswer>;

/**
 * `myLibrary` (issue 28): what the caller owns, each with its validity. Today: the VIP cards and the
 * pre-career study cards their paid orders bought, and an institution's VIP grant; the marketplace's
 * course cards, question banks and courseware are to join as further kinds.
 */
export const libraryItem = vipCard.extend({
  kind: z.enum(['vip', 'studyCard', 'institutionVip']),
  /** the institution that granted it (`institutionVip`), else '' */
  jigou: z.string(),
  /** when it was paid (seconds), 0 for a grant */
  paytime: int,
});
export type LibraryItem = z.infer<typeof libraryItem>;
export const libraryAnswer = z.object({ list: z.array(libraryItem) });
export type LibraryAnswer = z.infer<typeof libraryAnswer>;

/**
 * spec 1 §3 Trade record: productname, updatetime (seconds), total_fee (string, cents), orderno,
 * state (0 unpaid, otherwise paid), invoice (status text), desc (trade type); with `paystate`, the
 * order's own state of spec 1 §4 (0 to be paid, 1 paid, 2 unpaid, 3 refunded, 4 closed), and the
 * times of the order's life and of the VIP it bought.
 */
export const tradeRecord = z.object({
  orderno: z.string(),
  productname: z.string(),
  total_fee: z.string(),
  state: z.union([z.literal(0), z.literal(1)]),
  paystate: int,
  /** the invoice's state text, '' when none */
  invoice: z.string(),
  /** 0 none, 1 requested, 2 issued, 3 refused (the order may be invoiced again; decision 039) */
  invoicestate: int,
  /** the issued invoice's number, '' until issued */
  invoice_number: z.string(),
  /** why the operator refused the last request, '' unless refused */
  invoice_reason: z.string(),
  /** 1 when the order may be put on an invoice: paid, not refunded, not invoiced (or refused) */
  invoiceable: z.union([z.literal(0), z.literal(1)]),
  desc: z.string(),
  /** spec 1 §3 from_type: 0 VIP, 1 pre-career study card */
  from_type: int,
  createtime: int,
  updatetime: int,
  paytime: int,
  /** when an order to be paid closes by itself, seconds; 0 once it is not payable */
  closetime: int,
  refundtime: int,
  /** cents given back by the refund (the whole price, or a pro-rata share: decision 044); 0 until refunded */
  refund_fee: int,
  /** 1 when a refund gives back only the unused share of the period */
  pro_rata: z.union([z.literal(0), z.literal(1)]),
  provider: z.string(),
  vip_begin: int,
  vip_end: int,
});
export type TradeRecord = z.infer<typeof tradeRecord>;

export const tradeRecordPage = z.object({ list: z.array(tradeRecord), total: int, page: int, pagesize: int });

/** Where the browser goes to pay: the provider's page (the sandbox's confirm page when no provider is configured). */
/**
 * Where to pay: the provider, the channel (page, wap, native, h5), the address the browser opens and,
 * for WeChat Pay Native, the `weixin://` address to show as a QR code (else empty).
 */
export const payAnswer = z.object({
  provider: z.string(),
  channel: z.string(),
  payurl: z.string(),
  qrcode: z.string(),
  /**
   * WeChat Pay JSAPI (decision 054): what the page hands `WeixinJSBridge.invoke('getBrandWCPayRequest', ...)`;
   * absent for the other channels
   */
  jsapi: z
    .object({
      appId: z.string(),
      timeStamp: z.string(),
      nonceStr: z.string(),
      package: z.string(),
      signType: z.literal('RSA'),
      paySign: z.string(),
    })
    .optional(),
  order: tradeRecord,
});

/** `wechatPayAuthorize`: the address of WeChat's silent OAuth to send the browser to. */
export const wechatPayAuthorizeAnswer = z.object({ url: z.string() });
/** `wechatPayOpenid`: the payer's openid is kept (never sent to the page). */
export const wechatPayOpenidAnswer = z.object({ bound: z.literal(1) });

/** What a provider's notification is answered with once handled (replays included). */
export const notifyAnswer = z.object({ result: z.literal('success'), outcome: z.string() });

/** An invoice request once made: its orders, amount (cents) and whether paper ships free. */
export const invoiceAnswer = z.object({
  id: int,
  orderno: z.array(z.string()),
  amount: int,
  type: int,
  invoicetype: int,
  item: int,
  title: z.string(),
  free_shipping: z.union([z.literal(0), z.literal(1)]),
  state: int,
  createtime: int,
});

/** `getStudyCardProducts`: the pre-career study cards on sale (prices in cents). */
export const studyCardProductsAnswer = z.object({
  list: z.array(
    z.object({ id: int, productname: z.string(), price: int, months: int, pro_rata: z.union([z.literal(0), z.literal(1)]) }),
  ),
});

/**
 * A study-card order (spec 1 §3): id, orderno, pay_state (§4: 0 pending payment, 1 completed,
 * 2 refunded, 3 closed), from_type (1 pre-career study card), product_name, pay_amount (cents), with
 * when it was made and, once paid, the card's validity (ours).
 */
export const studyCardOrder = z.object({
  id: int,
  orderno: z.string(),
  pay_state: int,
  from_type: int,
  product_name: z.string(),
  pay_amount: int,
  /** cents given back by the refund; 0 until refunded */
  refund_amount: int,
  createtime: int,
  begin_time: int,
  end_time: int,
});
export type StudyCardOrder = z.infer<typeof studyCardOrder>;
export const studyCardOrdersPage = z.object({ list: z.array(studyCardOrder), total: int, page: int, pagesize: int });
