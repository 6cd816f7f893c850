import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { orders, paymentNotifications, users } from '../../db/schema';
import { buyer, type Person } from './commerce.fixtures';
import { refundOrder } from './payments.service';
import { fakeWechatPay, rsaPair, wechatEncrypt, wechatSignedHeaders } from './providers/fakes';
import { WechatPayProvider } from './providers/wechatpay';

/**
 * Issue 28, decision 037: WeChat Pay API v3 with node:crypto, against a fake of its API on loopback
 * and keys generated here (the merchant's and the platform's). Requests carry the merchant's
 * WECHATPAY2-SHA256-RSA2048 signature; answers and notifications the platform's; the notification's
 * resource is AES-256-GCM under the API v3 key.
 */

const MCHID = '1900000109';
const APPID = 'wx0123456789abcdef';
const SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0119000001092026112900';
const API_V3_KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
const merchantKeys = rsaPair();
const platformKeys = rsaPair();
let wx: Awaited<ReturnType<typeof fakeWechatPay>>;
let db: TestDatabase;
let app: FastifyInstance;
let ok: ReturnType<typeof buyer>['ok'];
let newOrder: ReturnType<typeof buyer>['newOrder'];

beforeAll(async () => {
  wx = await fakeWechatPay(
    { mchid: MCHID, serial: SERIAL, publicPem: merchantKeys.publicPem },
    { privatePem: platformKeys.privatePem, serial: PLATFORM_SERIAL },
  );
  db = await testDatabase();
  app = await testApp(db, {
    PUBLIC_URL: 'https://class.example.edu',
    WECHATPAY_MCHID: MCHID,
    WECHATPAY_APPID: APPID,
    WECHATPAY_SERIAL: SERIAL,
    WECHATPAY_PRIVATE_KEY: merchantKeys.privatePem,
    WECHATPAY_APIV3_KEY: API_V3_KEY,
    WECHATPAY_PLATFORM_PUBLIC_KEY: platformKeys.publicPem,
    WECHATPAY_PLATFORM_SERIAL: PLATFORM_SERIAL,
    WECHATPAY_BASE: wx.base,
  });
  ({ ok, newOrder } = buyer(app));
}, 300_000);
afterAll(async () => {
  await app.close();
  await db.drop();
  await wx.close();
});

const order = async (orderno: string) => (await db.database.db.select().from(orders).where(eq(orders.orderno, orderno)))[0]!;
const member = async (uid: number) => (await db.database.db.select().from(users).where(eq(users.id, uid)))[0]!;
const outcomes = async (orderno: string) =>
  (await db.database.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderno, orderno))).map(
    (n) => n.outcome,
  );

/** The notification WeChat Pay posts for a transaction: encrypted, then signed over its raw text. */
function notification(
  orderno: string,
  over: Record<string, unknown> = {},
  keys: { apiV3Key?: string; platform?: string; serial?: string; timestamp?: number } = {},
) {
  const transaction = {
    appid: APPID,
    mchid: MCHID,
    out_trade_no: orderno,
    transaction_id: `42000${orderno.slice(-15)}`,
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    success_time: '2026-11-29T12:00:00+08:00',
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: 290, payer_total: 290, currency: 'CNY', payer_currency: 'CNY' },
    ...over,
  };
  const raw = JSON.stringify({
    id: `EV-${orderno}`,
    create_time: '2026-11-29T12:00:01+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: wechatEncrypt(keys.apiV3Key ?? API_V3_KEY, JSON.stringify(transaction)),
  });
  const headers = wechatSignedHeaders(
    keys.platform ?? platformKeys.privatePem,
    keys.serial ?? PLATFORM_SERIAL,
    raw,
    keys.timestamp,
  );
  return { raw, headers };
}
const post = (n: { raw: string; headers: Record<string, string> }) =>
  app.inject({
    method: 'POST',
    url: '/PayNotify/wechatpay',
    headers: { ...n.headers, 'content-type': 'application/json' },
    payload: n.raw,
  });

async function paidOrder(s: Person) {
  const o = await newOrder(s, 1);
  expect((await post(notification(o.orderno))).statusCode).toBe(204);
  return o;
}

describe('WeChat Pay: ordering', () => {
  it('orders Native on a desktop: a signed request, the code_url to show as a QR code', async () => {
    const s = await registerUser(app);
    const o = await newOrder(s, 1);
    expect((await order(o.orderno)).provider).toBe('wechatpay');
    const pay = await ok('/OrderApi/payOrder', { orderno: o.orderno, channel: 'page' }, s);
    expect(pay).toMatchObject({ provider: 'wechatpay', channel: 'native' });
    expect(pay.qrcode).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(pay.payurl).toBe(pay.qrcode);
    // what the fake received, its Authorization checked against the merchant's public key
    expect(wx.orders.get(o.orderno)).toMatchObject({
      appid: APPID,
      mchid: MCHID,
      out_trade_no: o.orderno,
      notify_url: 'https://class.example.edu/PayNotify/wechatpay',
      amount: { total: 290, currency: 'CNY' },
    });
  });

  it('orders H5 on a phone, with the payer’s address and the way back', async () => {
    const s = await registerUser(app);
    const o = await newOrder(s, 1);
    const pay = await ok('/OrderApi/payOrder', { orderno: o.orderno, channel: 'wap' }, s);
    expect(pay).toMatchObject({ provider: 'wechatpay', channel: 'h5', qrcode: '' });
    expect(pay.payurl).toContain(`prepay_id=wx${o.orderno}`);
    expect(new URL(pay.payurl).searchParams.get('redirect_url')).toBe(
      'https://class.example.edu/myAllSetting?detail=myTradeRecord',
    );
    expect(wx.orders.get(o.orderno)).toMatchObject({
      scene_info: { payer_client_ip: expect.any(String), h5_info: { type: 'Wap' } },
    });
  });

  it('refuses to start when the merchant key is not the one registered, or an answer is not the platform’s', async () => {
    const s = await registerUser(app);
    const o = await newOrder(s, 1);
    const settings = {
      mchid: MCHID,
      appid: APPID,
      serial: SERIAL,
      privateKey: merchantKeys.privatePem,
      apiV3Key: API_V3_KEY,
      platformPublicKey: platformKeys.publicPem,
      platformSerial: PLATFORM_SERIAL,
      base: wx.base,
      notifyUrl: 'https://class.example.edu/PayNotify/wechatpay',
      returnUrl: 'https://class.example.edu/',
    };
    const wrongMerchant = new WechatPayProvider({ ...settings, privateKey: rsaPair().privatePem });
    await expect(
      wrongMerchant.pay({ ...o, totalFee: 290, productname: 'x', tradeNo: null }, { channel: 'native', clientIp: '127.0.0.1' }),
    ).rejects.toThrow(/not signed by the platform|401/);
    const wrongPlatform = new WechatPayProvider({ ...settings, platformPublicKey: rsaPair().publicPem });
    await expect(
      wrongPlatform.pay({ ...o, totalFee: 290, productname: 'x', tradeNo: null }, { channel: 'native', clientIp: '127.0.0.1' }),
    ).rejects.toThrow(/not signed by the platform/);
  });
});

describe('WeChat Pay: the notification', () => {
  it('pays the order once for a signed, encrypted notification; a repeat is idempotent', async () => {
    const s = await registerUser(app);
    const o = await newOrder(s, 1);
    const n = notification(o.orderno);
    const codes = [];
    for (let i = 0; i < 10; i++) codes.push((await post(n)).statusCode);
    expect(codes).toEqual(Array(10).fill(204));
    expect(await order(o.orderno)).toMatchObject({ state: 1, tradeNo: `42000${o.orderno.slice(-15)}` });
    expect((await member(s.uid)).isvip).toBe(1);
    expect(await outcomes(o.orderno)).toEqual(['credited', ...Array(9).fill('replay')]);
  });

  it('refuses a bad signature, another key, serial or API v3 key, a stale time, a changed body; nothing changes', async () => {
    const s = await registerUser(app);
    const o = await newOrder(s, 1);
    const good = notification(o.orderno);
    const cases = [
      { raw: good.raw.replace('"summary":"支付成功"', '"summary":"x"'), headers: good.headers },
      notification(o.orderno, {}, { platform: rsaPair().privatePem }),
      notification(o.orderno, {}, { serial: 'PUB_KEY_ID_OTHER' }),
      notification(o.orderno, {}, { apiV3Key: 'ffffffffffffffffffffffffffffffff' }),
      notification(o.orderno, {}, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
      notification(o.orderno, { mchid: '1900000999' }),
      { raw: good.raw, headers: { ...good.headers, 'wechatpay-signature': '' } },
    ];
    for (const n of cases) {
      const res = await post(n);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'FAIL' });
    }
    expect((await order(o.orderno)).state).toBe(0);
    expect((await member(s.uid)).isvip).toBe(0);
    expect(await outcomes(o.orderno)).toEqual([]);
    // the bad ones are recorded, by what could be read of them
    const bad = await db.database.db.select().from(paymentNotifications).where(eq(paymentNotifications.outcome, 'badSignature'));
    expect(bad.length).toBeGreaterThanOrEqual(cases.length);
  });

  it('refuses an amount other than the order’s, and nothing changes', async () => {
    const s = await registerUser(app);
    const o = await newOrder(s, 1);
    for (const total of [1, 289, 2900]) {
      const res = await post(notification(o.orderno, { amount: { total, payer_total: total, currency: 'CNY' } }));
      expect(res.statusCode).toBe(400);
    }
    expect((await order(o.orderno)).state).toBe(0);
    expect((await member(s.uid)).isvip).toBe(0);
    expect(await outcomes(o.orderno)).toEqual(Array(3).fill('amountMismatch'));
  });

  it('marks an order unpaid when WeChat closes it, and waits while the payer pays', async () => {
    const s = await registerUser(app);
    const o = await newOrder(s, 1);
    expect((await post(notification(o.orderno, { trade_state: 'USERPAYING' }))).statusCode).toBe(204);
    expect((await order(o.orderno)).state).toBe(0);
    expect((await post(notification(o.orderno, { trade_state: 'CLOSED' }))).statusCode).toBe(204);
    expect((await order(o.orderno)).state).toBe(2);
  });
});

describe('WeChat Pay: refunds', () => {
  it('gives a second payment of a paid order back through the API, by its own transaction id', async () => {
    const s = await registerUser(app);
    const o = await paidOrder(s);
    const second = notification(o.orderno, { transaction_id: '4200000000000000000000000002' });
    expect((await post(second)).statusCode).toBe(204);
    await app.ctx.jobs.runDue(new Date(Date.now() + 1000), 1000);
    const given = [...wx.refunds.values()].filter((r) => r.transaction_id === '4200000000000000000000000002');
    expect(given).toMatchObject([{ amount: { refund: 290, total: 290, currency: 'CNY' } }]);
    expect(await outcomes(o.orderno)).toEqual(['credited', 'duplicatePayment']);
  });

  it('refunds a paid order through the API and takes the VIP back', async () => {
    const s = await registerUser(app);
    const o = await paidOrder(s);
    await refundOrder(app.ctx, o.orderno);
    expect(wx.refunds.get(`R${o.orderno}`)).toMatchObject({
      transaction_id: `42000${o.orderno.slice(-15)}`,
      amount: { refund: 290, total: 290, currency: 'CNY' },
    });
    expect((await order(o.orderno)).state).toBe(3);
    expect((await member(s.uid)).isvip).toBe(0);
    expect(await call(app, '/OrderApi/payOrder', { orderno: o.orderno }, { token: s.token })).toMatchObject({ code: 31902 });
  });
});
