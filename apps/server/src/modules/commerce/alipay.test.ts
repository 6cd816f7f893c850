import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { orders, paymentNotifications, users } from '../../db/schema';
import { buyer, type Person } from './commerce.fixtures';
import { refundOrder } from './payments.service';
import { alipayNotification, alipayRequestSigned, fakeAlipayGateway, rsaPair } from './providers/fakes';

/**
 * Issue 28, decision 037: the Alipay provider through `alipay-sdk`, with a locally generated key pair
 * standing in for Alipay's and a fake gateway on loopback. The pay address is signed with the app's
 * key; the notification is verified with "Alipay's" public key; refunds go to the gateway.
 */

const APP_ID = '2021000000000001';
const appKeys = rsaPair();
const alipayKeys = rsaPair();
let gateway: Awaited<ReturnType<typeof fakeAlipayGateway>>;
let db: TestDatabase;
let app: FastifyInstance;
let ok: ReturnType<typeof buyer>['ok'];
let newOrder: ReturnType<typeof buyer>['newOrder'];

beforeAll(async () => {
  gateway = await fakeAlipayGateway(appKeys.publicPem, alipayKeys.privatePem);
  db = await testDatabase();
  app = await testApp(db, {
    PUBLIC_URL: 'https://class.example.edu',
    ALIPAY_APP_ID: APP_ID,
    // one line with `\n` written out, as an environment file carries it
    ALIPAY_PRIVATE_KEY: appKeys.privatePem.replace(/\n/g, '\\n'),
    ALIPAY_PUBLIC_KEY: alipayKeys.publicPem,
    ALIPAY_GATEWAY: gateway.url,
  });
  ({ ok, newOrder } = buyer(app));
}, 300_000);
afterAll(async () => {
  await app.close();
  await db.drop();
  await gateway.close();
});

const order = async (orderno: string) => (await db.database.db.select().from(orders).where(eq(orders.orderno, orderno)))[0]!;
const member = async (uid: number) => (await db.database.db.select().from(users).where(eq(users.id, uid)))[0]!;
const outcomes = async (orderno: string) =>
  (await db.database.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderno, orderno))).map(
    (n) => n.outcome,
  );

/** Alipay's notification of a payment of an order, signed with Alipay's key unless told otherwise. */
function notification(orderno: string, over: Record<string, string> = {}, key = alipayKeys.privatePem) {
  return alipayNotification(key, {
    app_id: APP_ID,
    out_trade_no: orderno,
    trade_no: `2026112922001${orderno.slice(-8)}`,
    total_amount: '2.90',
    trade_status: 'TRADE_SUCCESS',
    subject: '会员月卡',
    ...over,
  });
}
const post = (fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/PayNotify/alipay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

async function paidOrder(s: Person, months = 1) {
  const o = await newOrder(s, months);
  const res = await post(notification(o.orderno, { total_amount: (Number(o.total_fee) / 100).toFixed(2) }));
  expect(res.body).toBe('success');
  return o;
}

describe('Alipay: starting a payment', () => {
  it('makes new orders Alipay orders, the sandbox off once a real provider is configured', async () => {
    const s = await registerUser(app);
    const o = await newOrder(s);
    expect((await order(o.orderno)).provider).toBe('alipay');
    expect(await call(app, '/OrderApi/createOrder', { productid: 1, paytype: 'sandbox' }, { token: s.token })).toMatchObject({
      code: 31907,
    });
    expect(await call(app, '/OrderApi/sandboxPay', { orderno: o.orderno, result: 'pay' }, { token: s.token })).toMatchObject({
      code: 31907,
    });
  });

  for (const [channel, method, productCode] of [
    ['page', 'alipay.trade.page.pay', 'FAST_INSTANT_TRADE_PAY'],
    ['wap', 'alipay.trade.wap.pay', 'QUICK_WAP_WAY'],
  ] as const) {
    it(`gives a ${channel} pay address signed with the app's key, with the server's amount`, async () => {
      const s = await registerUser(app);
      const o = await newOrder(s, 1);
      const pay = await ok('/OrderApi/payOrder', { orderno: o.orderno, channel }, s);
      expect(pay).toMatchObject({ provider: 'alipay', channel, qrcode: '' });
      const url = new URL(pay.payurl);
      expect(`${url.origin}${url.pathname}`).toBe(gateway.url);
      const params = Object.fromEntries(url.searchParams) as Record<string, string>;
      expect(params).toMatchObject({
        app_id: APP_ID,
        method,
        sign_type: 'RSA2',
        notify_url: 'https://class.example.edu/PayNotify/alipay',
        return_url: 'https://class.example.edu/myAllSetting?detail=myTradeRecord',
      });
      expect(alipayRequestSigned(params, appKeys.publicPem)).toBe(true);
      expect(
        alipayRequestSigned({ ...params, biz_content: params.biz_content!.replace('2.90', '0.01') }, appKeys.publicPem),
      ).toBe(false);
      expect(JSON.parse(params.biz_content!)).toMatchObject({
        out_trade_no: o.orderno,
        total_amount: '2.90',
        product_code: productCode,
        subject: '会员月卡',
      });
    });
  }

  it('maps WeChat Pay channels to Alipay’s like, and refuses an unknown channel', async () => {
    const s = await registerUser(app);
    const o = await newOrder(s);
    expect((await ok('/OrderApi/payOrder', { orderno: o.orderno, channel: 'native' }, s)).channel).toBe('page');
    expect((await ok('/OrderApi/payOrder', { orderno: o.orderno, channel: 'h5' }, s)).channel).toBe('wap');
    expect(await call(app, '/OrderApi/payOrder', { orderno: o.orderno, channel: 'card' }, { token: s.token })).toMatchObject({
      code: expect.any(Number),
      status: 0,
    });
  });
});

describe('Alipay: the notification', () => {
  it('pays the order once for a correctly signed notification; a repeat is idempotent', async () => {
    const s = await registerUser(app);
    const o = await newOrder(s, 1);
    const n = notification(o.orderno);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await post(n));
    expect(answers.map((a) => [a.statusCode, a.body])).toEqual(Array(10).fill([200, 'success']));
    const paid = await order(o.orderno);
    expect(paid).toMatchObject({ state: 1, tradeNo: n.trade_no });
    const u = await member(s.uid);
    expect(u.isvip).toBe(1);
    const days = (u.vipEnd!.getTime() - paid.paidAt!.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    expect(await outcomes(o.orderno)).toEqual(['credited', ...Array(9).fill('replay')]);
  });

  it('refuses a bad signature, a key that is not Alipay’s, another app, and nothing changes', async () => {
    const s = await registerUser(app);
    const o = await newOrder(s);
    const good = notification(o.orderno);
    const tampered = { ...good, total_amount: '0.01' };
    const forged = notification(o.orderno, {}, rsaPair().privatePem);
    const otherApp = notification(o.orderno, { app_id: '2021000000009999' });
    const unsigned: Record<string, string> = { ...good };
    delete unsigned.sign;
    for (const body of [tampered, forged, otherApp, unsigned]) {
      const res = await post(body);
      expect([res.statusCode, res.body]).toEqual([400, 'fail']);
    }
    expect((await order(o.orderno)).state).toBe(0);
    expect((await member(s.uid)).isvip).toBe(0);
    expect(await outcomes(o.orderno)).toEqual(Array(4).fill('badSignature'));
  });

  it('refuses an amount other than the order’s, signed or not, and nothing changes', async () => {
    const s = await registerUser(app);
    const o = await newOrder(s);
    for (const total_amount of ['0.01', '2.91', '29', 'abc']) {
      const res = await post(notification(o.orderno, { total_amount }));
      expect([res.statusCode, res.body]).toEqual([400, 'fail']);
    }
    expect((await order(o.orderno)).state).toBe(0);
    expect((await member(s.uid)).isvip).toBe(0);
    expect(await outcomes(o.orderno)).toEqual(Array(4).fill('amountMismatch'));
    // the right amount written another way ("2.9") is the same amount
    expect((await post(notification(o.orderno, { total_amount: '2.9' }))).body).toBe('success');
    expect((await order(o.orderno)).state).toBe(1);
  });

  it('marks an order unpaid on TRADE_CLOSED and waits on WAIT_BUYER_PAY', async () => {
    const s = await registerUser(app);
    const o = await newOrder(s);
    expect((await post(notification(o.orderno, { trade_status: 'WAIT_BUYER_PAY' }))).body).toBe('success');
    expect((await order(o.orderno)).state).toBe(0);
    expect((await post(notification(o.orderno, { trade_status: 'TRADE_CLOSED' }))).body).toBe('success');
    expect((await order(o.orderno)).state).toBe(2);
    expect(await outcomes(o.orderno)).toEqual(['pending', 'failed']);
  });

  it('answers fail for an order it does not know', async () => {
    const res = await post(notification('20260101000000000001'));
    expect([res.statusCode, res.body]).toEqual([400, 'fail']);
  });
});

describe('Alipay: refunds', () => {
  it('gives a second payment of a paid order back through the gateway, by its own trade number', async () => {
    const s = await registerUser(app);
    const o = await paidOrder(s);
    const second = notification(o.orderno, { trade_no: '2026112922001499990001' });
    expect((await post(second)).body).toBe('success');
    expect((await post(second)).body).toBe('success');
    await app.ctx.jobs.runDue(new Date(Date.now() + 1000), 1000);
    const given = [...gateway.refunds.entries()].filter(([, r]) => r.trade_no === '2026112922001499990001');
    expect(given).toHaveLength(1);
    expect(given[0]![1].refund_amount).toBe('2.90');
    expect(await outcomes(o.orderno)).toEqual(['credited', 'duplicatePayment', 'replay']);
    expect((await order(o.orderno)).state).toBe(1);
  });

  it('refunds a paid order through the gateway (signed both ways) and takes the VIP back', async () => {
    const s = await registerUser(app);
    const o = await paidOrder(s);
    const done = await refundOrder(app.ctx, o.orderno);
    expect(done.refundNo).toBe(`R${o.orderno}`);
    expect([...gateway.refunds.values()]).toContainEqual({ trade_no: (await order(o.orderno)).tradeNo, refund_amount: '2.90' });
    expect((await order(o.orderno)).state).toBe(3);
    expect((await member(s.uid)).isvip).toBe(0);
  });

  it('refunds the unused share of a pro-rata plan through the gateway', async () => {
    const s = await registerUser(app);
    const o = await paidOrder(s, 12);
    const paid = await order(o.orderno);
    const span = paid.vipEnd!.getTime() - paid.vipBegin!.getTime();
    await refundOrder(app.ctx, o.orderno, new Date(paid.vipBegin!.getTime() + span / 2));
    expect([...gateway.refunds.values()]).toContainEqual({ trade_no: paid.tradeNo, refund_amount: '12.00' });
    expect((await order(o.orderno)).refundFee).toBe(1200);
  });
});
