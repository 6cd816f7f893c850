import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingNotification, PaymentOrder, PaymentProvider, RefundRequest, VerifiedNotification } from './provider';

/** The fields a sandbox notification signs, in this order. */
const SIGNED = ['orderno', 'trade_no', 'amount', 'result'] as const;

/**
 * The sandbox provider (issue 28): the default when no real provider is configured. Its "payment page"
 * is the web app's confirm page (`/paySandbox`), where the payer chooses to pay or to fail; the choice
 * comes back as a notification signed with HMAC-SHA256 under a key derived from the installation's
 * secret, verified exactly as a real provider's would be.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly channels = ['page'] as const;
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('paiclass:payment-sandbox').digest();
  }

  async pay(order: PaymentOrder) {
    return { payurl: `/paySandbox?orderno=${encodeURIComponent(order.orderno)}` };
  }

  /** The signature of a notification's fields. */
  sign(fields: Record<(typeof SIGNED)[number], string | number>) {
    const text = SIGNED.map((k) => `${k}=${fields[k]}`).join('&');
    return createHmac('sha256', this.key).update(text).digest('hex');
  }

  /** A signed notification, as the sandbox "sends" it once the payer chose. */
  notification(order: PaymentOrder, paid: boolean) {
    const fields = {
      orderno: order.orderno,
      trade_no: `SB${Date.now()}${randomBytes(4).toString('hex')}`,
      amount: order.totalFee,
      result: paid ? 'success' : 'fail',
    };
    return { ...fields, sign: this.sign(fields) };
  }

  async verify({ body }: IncomingNotification): Promise<VerifiedNotification | null> {
    const sign = String(body.sign ?? '');
    const fields = Object.fromEntries(SIGNED.map((k) => [k, String(body[k] ?? '')])) as Record<(typeof SIGNED)[number], string>;
    const expected = Buffer.from(this.sign(fields), 'hex');
    const given = Buffer.from(/^[0-9a-f]{64}$/i.test(sign) ? sign : '', 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return {
      orderno: fields.orderno,
      tradeNo: fields.trade_no,
      amount: Number(fields.amount),
      status: fields.result === 'success' ? 'paid' : 'failed',
    };
  }

  /** The sandbox gives back at once: the refund is the one recorded (decision 037). */
  async refund(r: RefundRequest) {
    if (!r.tradeNo || !(r.amount > 0) || r.amount > r.total) throw new Error('sandbox: nothing to refund');
    return { refundNo: r.refundNo };
  }
}
