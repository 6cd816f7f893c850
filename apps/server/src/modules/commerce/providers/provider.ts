/**
 * A payment provider (issue 28, decisions 035 and 037): where the browser goes to pay an order, how
 * its notification is verified, and how a payment is refunded. Three are built: the sandbox (the
 * default with no credentials), Alipay (through `alipay-sdk`) and WeChat Pay v3.
 */
export interface PaymentOrder {
  orderno: string;
  /** cents */
  totalFee: number;
  productname: string;
  tradeNo: string | null;
}

/**
 * How the payer pays: a desktop page or a phone page (Alipay), a QR code, a phone page or inside WeChat's
 * own browser (WeChat Pay Native, H5, JSAPI).
 */
export const PAY_CHANNELS = ['page', 'wap', 'native', 'h5', 'jsapi'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

/** What the page hands `WeixinJSBridge.invoke('getBrandWCPayRequest', ...)` (WeChat Pay JSAPI, decision 054). */
export interface JsapiPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/**
 * Where the browser goes to pay; for WeChat Native, the `weixin://` address the QR code shows; for
 * WeChat JSAPI, the bridge's parameters (and no address).
 */
export interface PayStart {
  payurl: string;
  qrcode?: string;
  jsapi?: JsapiPayParams;
}

/** A notification as it came: the parsed body, the headers and the raw text (WeChat signs the text). */
export interface IncomingNotification {
  body: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  raw: string;
}

/** A notification once verified: which order, the provider's trade number, the amount, what happened. */
export interface VerifiedNotification {
  orderno: string;
  tradeNo: string;
  /** cents; NaN when the provider's amount cannot be read (refused as a mismatch) */
  amount: number;
  /** paid; failed (closed or refused at the provider); pending (nothing to do yet) */
  status: 'paid' | 'failed' | 'pending';
}

/** One payment to give back: the order's, or a second payment of it (decision 037). */
export interface RefundRequest {
  orderno: string;
  tradeNo: string;
  /** cents: what is given back */
  amount: number;
  /** cents: what that payment was */
  total: number;
  /** our refund number, the same on every retry so the provider refunds once */
  refundNo: string;
}

export interface PaymentProvider {
  /** the provider's name, kept on the order and on each notification */
  readonly name: string;
  /** the channels it offers, the first being the default */
  readonly channels: readonly PayChannel[];
  /** starts a payment: the address the browser opens */
  pay(order: PaymentOrder, how: { channel: PayChannel; clientIp: string; openid?: string }): Promise<PayStart>;
  /** the notification's fields when its signature verifies, else null */
  verify(n: IncomingNotification): Promise<VerifiedNotification | null>;
  /** gives a payment back; throws when the provider refuses */
  refund(r: RefundRequest): Promise<{ refundNo: string }>;
}

/** cents as the yuan text Alipay reads and writes: 290 → "2.90" */
export const yuanText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** yuan text as cents: "2.9" → 290; NaN for anything else */
export function centsOf(yuan: unknown): number {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(String(yuan ?? '').trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : Number.NaN;
}
