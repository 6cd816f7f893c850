import type { AlipaySdk } from 'alipay-sdk';
import {
  centsOf,
  type IncomingNotification,
  type PayChannel,
  type PaymentOrder,
  type PaymentProvider,
  type RefundRequest,
  type VerifiedNotification,
  yuanText,
} from './provider';

export interface AlipaySettings {
  appId: string;
  /** the app's RSA2 private key (PKCS#8 or PKCS#1, PEM or bare base64) */
  privateKey: string;
  /** Alipay's public key, which its notifications and answers are signed with */
  publicKey: string;
  gateway: string;
  /** where Alipay posts the notification (PUBLIC_URL/PayNotify/alipay) */
  notifyUrl: string;
  /** where the payer comes back to (PUBLIC_URL/myAllSetting?detail=myTradeRecord) */
  returnUrl: string;
}

/** The trade states of Alipay's notification (https://opendocs.alipay.com, 异步通知). */
const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** PKCS#1 keys say so in their header; the open platform's bare base64 is PKCS#8 (its tool's default). */
const keyType = (key: string) => (key.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8');

/**
 * Alipay through the official SDK (issue 28, decision 037): page pay (`alipay.trade.page.pay`) and
 * wap pay (`alipay.trade.wap.pay`) as a signed GET address, the async notification verified with
 * Alipay's public key (RSA2) and our app id, refunds through `alipay.trade.refund` with the answer's
 * signature checked.
 */
export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay';
  readonly channels = ['page', 'wap'] as const;
  private sdk?: Promise<AlipaySdk>;

  constructor(private readonly settings: AlipaySettings) {}

  /**
   * The SDK, loaded at its first use: it brings its own HTTP client (urllib and undici) and crypto-js,
   * 1.5 MB of the server's code that a start would otherwise compile and run (issue 23: npm start).
   */
  private client() {
    const s = this.settings;
    this.sdk ??= import('alipay-sdk').then(
      ({ AlipaySdk }) =>
        new AlipaySdk({
          appId: s.appId,
          privateKey: s.privateKey,
          alipayPublicKey: s.publicKey,
          gateway: s.gateway,
          keyType: keyType(s.privateKey),
          signType: 'RSA2',
          timeout: 10_000,
        }),
    );
    return this.sdk;
  }

  async pay(order: PaymentOrder, how: { channel: PayChannel }) {
    const wap = how.channel === 'wap';
    const payurl = (await this.client()).pageExecute(wap ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', 'GET', {
      notifyUrl: this.settings.notifyUrl,
      returnUrl: this.settings.returnUrl,
      bizContent: {
        out_trade_no: order.orderno,
        total_amount: yuanText(order.totalFee),
        subject: order.productname.slice(0, 256),
        product_code: wap ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
        // Alipay closes its side when ours closes (30 minutes, decision 035)
        timeout_express: '30m',
      },
    });
    return { payurl };
  }

  async verify({ body }: IncomingNotification): Promise<VerifiedNotification | null> {
    const fields = Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    // the form's values arrive decoded: they are signed as they are (checkNotifySignV2 decodes nothing)
    if (!fields.sign || !(await this.client()).checkNotifySignV2(fields)) return null;
    // a notification signed by Alipay for another app is not ours
    if (fields.app_id !== this.settings.appId) return null;
    const state = fields.trade_status ?? '';
    return {
      orderno: fields.out_trade_no ?? '',
      tradeNo: fields.trade_no ?? '',
      amount: centsOf(fields.total_amount),
      status: PAID.has(state) ? 'paid' : state === 'TRADE_CLOSED' ? 'failed' : 'pending',
    };
  }

  async refund(r: RefundRequest) {
    const answer = await (await this.client()).exec(
      'alipay.trade.refund',
      {
        bizContent: {
          trade_no: r.tradeNo,
          refund_amount: yuanText(r.amount),
          out_request_no: r.refundNo,
          refund_reason: 'PaiClass refund',
        },
      },
      { validateSign: true },
    );
    // 10000 is success; the same out_request_no again answers success without a second refund
    if (answer.code !== '10000') throw new Error(`alipay refund refused: ${answer.code} ${answer.subCode ?? ''}`);
    return { refundNo: r.refundNo };
  }
}
