import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import type {
  IncomingNotification,
  JsapiPayParams,
  PayChannel,
  PaymentOrder,
  PaymentProvider,
  RefundRequest,
  VerifiedNotification,
} from './provider';

export interface WechatPaySettings {
  mchid: string;
  appid: string;
  /** the merchant API certificate's serial number, named in our Authorization header */
  serial: string;
  /** the merchant API certificate's private key (PEM) */
  privateKey: string;
  /** the API v3 key (32 characters) the notification's resource is encrypted with */
  apiV3Key: string;
  /** the platform's public key (PEM) and its serial (or public-key id) */
  platformPublicKey: string;
  platformSerial: string;
  /** https://api.mch.weixin.qq.com */
  base: string;
  /** the official account's secret (WECHATPAY_APP_SECRET): JSAPI and its OAuth are offered only with it */
  appSecret?: string;
  /** https://api.weixin.qq.com, where the OAuth code is exchanged */
  oauthBase?: string;
  notifyUrl: string;
  returnUrl: string;
}

/** How far a signed message's timestamp may be from our clock (WeChat Pay: 5 minutes). */
const CLOCK_SKEW_S = 300;
const header = (h: IncomingNotification['headers'], name: string) => {
  const v = h[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

/** The API v3 AES-256-GCM decryption of a notification's resource (the tag is the ciphertext's last 16 bytes). */
export function decryptResource(key: string, r: { ciphertext: string; nonce: string; associated_data?: string }) {
  const data = Buffer.from(r.ciphertext, 'base64');
  if (data.length <= 16) throw new Error('short ciphertext');
  const d = createDecipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
  d.setAuthTag(data.subarray(data.length - 16));
  d.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
  return Buffer.concat([d.update(data.subarray(0, data.length - 16)), d.final()]).toString('utf8');
}

/**
 * WeChat Pay API v3 with node:crypto (issue 28, decision 037): Native (a `code_url` shown as a QR code)
 * and H5 (an `h5_url` opened on the phone) orders, each request signed with the merchant key
 * (`WECHATPAY2-SHA256-RSA2048`) and each answer's platform signature checked; the notification's
 * platform signature checked over its raw text, then its resource decrypted with the API v3 key;
 * refunds through `/v3/refund/domestic/refunds`. Inside WeChat's browser, JSAPI (decision 054): the
 * payer's openid learnt through the silent web OAuth (`snsapi_base`), the order made with it, and the
 * bridge's parameters signed with the merchant key.
 */
export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechatpay';
  readonly channels: readonly PayChannel[];

  constructor(private readonly s: WechatPaySettings) {
    this.channels = s.appSecret ? ['native', 'h5', 'jsapi'] : ['native', 'h5'];
  }

  /** Whether JSAPI (and its OAuth) is offered: the official account's secret is configured. */
  get jsapiReady() {
    return Boolean(this.s.appSecret);
  }

  /** The merchant's app id: an openid belongs to one app. */
  get appid() {
    return this.s.appid;
  }

  /**
   * The address of WeChat's silent web OAuth (`snsapi_base`): WeChat sends the browser back to
   * `redirectUri` with `code` and our `state`. The parameters in the order WeChat's documentation gives.
   */
  oauthUrl(redirectUri: string, state: string) {
    const q = new URLSearchParams({
      appid: this.s.appid,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_base',
      state,
    });
    return `https://open.weixin.qq.com/connect/oauth2/authorize?${q}#wechat_redirect`;
  }

  /**
   * The payer's openid for an OAuth `code`: exchanged at `/sns/oauth2/access_token` with the app secret.
   * Answers `{refused: true}` when WeChat refuses the code; throws when it cannot be reached. Neither the
   * secret, the code nor the openid is ever in an error's message.
   */
  async openidFor(code: string): Promise<{ openid: string } | { refused: true; errcode: number }> {
    if (!this.s.appSecret) throw new Error('wechatpay oauth: no app secret');
    const q = new URLSearchParams({ appid: this.s.appid, secret: this.s.appSecret, code, grant_type: 'authorization_code' });
    let res: Response;
    try {
      res = await fetch(`${this.s.oauthBase ?? 'https://api.weixin.qq.com'}/sns/oauth2/access_token?${q}`, {
        signal: AbortSignal.timeout(10_000),
      });
    } catch (e) {
      throw new Error(`wechatpay oauth: unreachable (${(e as Error).name})`);
    }
    let body: { openid?: unknown; errcode?: unknown };
    try {
      body = (await res.json()) as typeof body;
    } catch {
      throw new Error(`wechatpay oauth: ${res.status}, not JSON`);
    }
    if (typeof body.openid === 'string' && /^[\w-]{1,128}$/.test(body.openid)) return { openid: body.openid };
    if (typeof body.errcode === 'number' && body.errcode !== 0) return { refused: true, errcode: body.errcode };
    throw new Error(`wechatpay oauth: ${res.status}, no openid`);
  }

  /**
   * The bridge's parameters for a prepay id: `paySign` is the merchant's RSA-SHA256 over
   * `appId\ntimeStamp\nnonceStr\npackage\n` (WeChat Pay v3 JSAPI).
   */
  jsapiParams(prepayId: string, timestamp = Math.floor(Date.now() / 1000), nonce = randomBytes(16).toString('hex')) {
    const p = { appId: this.s.appid, timeStamp: String(timestamp), nonceStr: nonce, package: `prepay_id=${prepayId}` };
    const paySign = createSign('RSA-SHA256')
      .update(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`)
      .sign(this.s.privateKey, 'base64');
    return { ...p, signType: 'RSA', paySign } satisfies JsapiPayParams;
  }

  /** The Authorization header of a request: the merchant's RSA-SHA256 signature of method, path, time, nonce, body. */
  authorization(
    method: string,
    pathAndQuery: string,
    body: string,
    timestamp = Math.floor(Date.now() / 1000),
    nonce = randomBytes(16).toString('hex'),
  ) {
    const message = `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`;
    const signature = createSign('RSA-SHA256').update(message).sign(this.s.privateKey, 'base64');
    return `WECHATPAY2-SHA256-RSA2048 mchid="${this.s.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.s.serial}"`;
  }

  /** Whether a message (an answer or a notification) carries the platform's signature over its raw text. */
  platformSigned(headers: IncomingNotification['headers'], raw: string) {
    const timestamp = header(headers, 'Wechatpay-Timestamp');
    const nonce = header(headers, 'Wechatpay-Nonce');
    const signature = header(headers, 'Wechatpay-Signature');
    const serial = header(headers, 'Wechatpay-Serial');
    if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature || serial !== this.s.platformSerial) return false;
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > CLOCK_SKEW_S) return false;
    try {
      return createVerify('RSA-SHA256')
        .update(`${timestamp}\n${nonce}\n${raw}\n`)
        .verify(this.s.platformPublicKey, signature, 'base64');
    } catch {
      return false;
    }
  }

  /** A signed request to the API; the answer's JSON once its platform signature verifies. */
  private async request(method: 'POST' | 'GET', path: string, payload?: unknown): Promise<Record<string, unknown>> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const res = await fetch(`${this.s.base}${path}`, {
      method,
      headers: {
        authorization: this.authorization(method, path, body),
        accept: 'application/json',
        'content-type': 'application/json',
        'user-agent': 'PaiClass',
      },
      body: method === 'GET' ? undefined : body,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    const headers = Object.fromEntries(res.headers.entries());
    if (!this.platformSigned(headers, text))
      throw new Error(`wechatpay ${path}: answer not signed by the platform (${res.status})`);
    const data = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    if (!res.ok) throw new Error(`wechatpay ${path}: ${res.status} ${String(data.code ?? '')}`);
    return data;
  }

  async pay(order: PaymentOrder, how: { channel: PayChannel; clientIp: string; openid?: string }) {
    const h5 = how.channel === 'h5';
    const common = {
      appid: this.s.appid,
      mchid: this.s.mchid,
      description: order.productname.slice(0, 127),
      out_trade_no: order.orderno,
      notify_url: this.s.notifyUrl,
      amount: { total: order.totalFee, currency: 'CNY' },
    };
    if (how.channel === 'jsapi') {
      if (!how.openid) throw new Error('wechatpay jsapi: no openid');
      const a = await this.request('POST', '/v3/pay/transactions/jsapi', { ...common, payer: { openid: how.openid } });
      if (typeof a.prepay_id !== 'string' || !/^[\w-]{1,64}$/.test(a.prepay_id)) throw new Error('wechatpay jsapi: no prepay_id');
      return { payurl: '', jsapi: this.jsapiParams(a.prepay_id) };
    }
    if (h5) {
      const a = await this.request('POST', '/v3/pay/transactions/h5', {
        ...common,
        scene_info: { payer_client_ip: how.clientIp, h5_info: { type: 'Wap' } },
      });
      if (typeof a.h5_url !== 'string') throw new Error('wechatpay h5: no h5_url');
      return { payurl: `${a.h5_url}&redirect_url=${encodeURIComponent(this.s.returnUrl)}` };
    }
    const a = await this.request('POST', '/v3/pay/transactions/native', common);
    if (typeof a.code_url !== 'string') throw new Error('wechatpay native: no code_url');
    return { payurl: a.code_url, qrcode: a.code_url };
  }

  async verify({ body, headers, raw }: IncomingNotification): Promise<VerifiedNotification | null> {
    if (!this.platformSigned(headers, raw)) return null;
    const r = body.resource as { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string } | undefined;
    if (r?.algorithm !== 'AEAD_AES_256_GCM' || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string') return null;
    let t: Record<string, unknown>;
    try {
      t = JSON.parse(
        decryptResource(this.s.apiV3Key, { ciphertext: r.ciphertext, nonce: r.nonce, associated_data: r.associated_data }),
      );
    } catch {
      return null;
    }
    // a transaction of another merchant or app is not ours
    if (t.mchid !== this.s.mchid || t.appid !== this.s.appid) return null;
    const amount = (t.amount as { total?: unknown } | undefined)?.total;
    const state = String(t.trade_state ?? '');
    return {
      orderno: String(t.out_trade_no ?? ''),
      tradeNo: String(t.transaction_id ?? ''),
      amount: Number.isSafeInteger(amount) ? (amount as number) : Number.NaN,
      status: state === 'SUCCESS' ? 'paid' : ['CLOSED', 'PAYERROR', 'REVOKED'].includes(state) ? 'failed' : 'pending',
    };
  }

  async refund(r: RefundRequest) {
    const a = await this.request('POST', '/v3/refund/domestic/refunds', {
      transaction_id: r.tradeNo,
      out_refund_no: r.refundNo,
      reason: 'PaiClass refund',
      amount: { refund: r.amount, total: r.total, currency: 'CNY' },
    });
    if (!['SUCCESS', 'PROCESSING'].includes(String(a.status))) throw new Error(`wechatpay refund: ${String(a.status)}`);
    return { refundNo: r.refundNo };
  }
}
