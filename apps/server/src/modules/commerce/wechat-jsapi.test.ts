import { createVerify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser, type TestDatabase, testApp, testDatabase } from '../../../test/helpers';
import { orders, wechatOauthStates, wechatPayers } from '../../db/schema';
import { buyer, type Person } from './commerce.fixtures';
import { fakeWechatPay, rsaPair, wechatEncrypt, wechatSignedHeaders } from './providers/fakes';
import { WechatPayProvider } from './providers/wechatpay';

/**
 * Issue 28, decision 054: WeChat Pay JSAPI inside WeChat's browser. The payer's openid comes from
 * WeChat's silent web OAuth (`snsapi_base`) with a `state` bound to the caller's session and used once;
 * the JSAPI order carries it; the page gets the bridge's parameters signed with the merchant key. Against
 * the local fake of WeChat Pay (its OAuth token endpoint and its API) with keys generated here: no network.
 */

const MCHID = '1900000109';
const APPID = 'wx0123456789abcdef';
const APP_SECRET = 'b3c1f0e2d4a5968778695a4b3c2d1e0f';
const SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0119000001092026113000';
const API_V3_KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';
const merchantKeys = rsaPair();
const platformKeys = rsaPair();
let wx: Awaited<ReturnType<typeof fakeWechatPay>>;
let db: TestDatabase;
let app: FastifyInstance;
let ok: ReturnType<typeof buyer>['ok'];
let newOrder: ReturnType<typeof buyer>['newOrder'];

const settings = () => ({
  PUBLIC_URL: 'https://class.example.edu',
  WECHATPAY_MCHID: MCHID,
  WECHATPAY_APPID: APPID,
  WECHATPAY_SERIAL: SERIAL,
  WECHATPAY_PRIVATE_KEY: merchantKeys.privatePem,
  WECHATPAY_APIV3_KEY: API_V3_KEY,
  WECHATPAY_PLATFORM_PUBLIC_KEY: platformKeys.publicPem,
  WECHATPAY_PLATFORM_SERIAL: PLATFORM_SERIAL,
  WECHATPAY_BASE: wx.base,
  WECHATPAY_OAUTH_BASE: wx.base,
});

beforeAll(async () => {
  wx = await fakeWechatPay(
    { mchid: MCHID, serial: SERIAL, publicPem: merchantKeys.publicPem },
    { privatePem: platformKeys.privatePem, serial: PLATFORM_SERIAL },
    { appid: APPID, secret: APP_SECRET },
  );
  db = await testDatabase();
  app = await testApp(db, { ...settings(), WECHATPAY_APP_SECRET: APP_SECRET });
  ({ ok, newOrder } = buyer(app));
}, 300_000);
afterAll(async () => {
  await app.close();
  await db.drop();
  await wx.close();
});

const BACK = '/vipManagement?wxpay=1';
const authorize = (p: Person, back = BACK) => call(app, '/OrderApi/wechatPayAuthorize', { back }, { token: p.token });
const bind = (p: Person, code: string, state: string) =>
  call(app, '/OrderApi/wechatPayOpenid', { code, state }, { token: p.token });
const payers = async (uid: number) => db.database.db.select().from(wechatPayers).where(eq(wechatPayers.userId, uid));
const states = async (uid: number) => db.database.db.select().from(wechatOauthStates).where(eq(wechatOauthStates.userId, uid));

/** The state WeChat would carry back: the one in the OAuth address the call answered. */
async function stateFor(p: Person) {
  const res = await authorize(p);
  expect(res.status, JSON.stringify(res)).toBe(1);
  return new URL(res.data.url).searchParams.get('state')!;
}

/** A buyer whose openid is known, as after the OAuth round trip. */
async function boundBuyer(openid = OPENID) {
  const s = await registerUser(app);
  expect((await bind(s, wx.issueCode(openid), await stateFor(s))).data).toEqual({ bound: 1 });
  return s;
}

describe('WeChat JSAPI: the silent OAuth for the openid', () => {
  it('sends the browser to snsapi_base with our app id, the page to come back to and a fresh state', async () => {
    const s = await registerUser(app);
    const res = await authorize(s);
    expect(res.status).toBe(1);
    const url = new URL(res.data.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(url.hash).toBe('#wechat_redirect');
    expect([...url.searchParams.keys()]).toEqual(['appid', 'redirect_uri', 'response_type', 'scope', 'state']);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      appid: APPID,
      redirect_uri: `https://class.example.edu${BACK}`,
      response_type: 'code',
      scope: 'snsapi_base',
    });
    expect(url.searchParams.get('state')).toMatch(/^[0-9a-f]{64}$/);
    // kept as its hash only
    const [kept] = await states(s.uid);
    expect(kept!.stateHash).not.toBe(url.searchParams.get('state'));
    expect(kept!.usedAt).toBeNull();
  });

  it('exchanges the code for the openid and keeps it for the caller and the app id', async () => {
    const s = await registerUser(app);
    const state = await stateFor(s);
    const code = wx.issueCode(OPENID);
    const res = await bind(s, code, state);
    expect(res).toMatchObject({ status: 1, data: { bound: 1 } });
    expect(JSON.stringify(res)).not.toContain(OPENID);
    expect(wx.exchanged).toContain(code);
    expect(await payers(s.uid)).toMatchObject([{ appid: APPID, openid: OPENID }]);
    expect((await states(s.uid))[0]!.usedAt).not.toBeNull();
  });

  it('refuses a replayed, unknown, expired or another session’s state, naming the state, exchanging and writing nothing', async () => {
    const owner = await boundBuyer();
    const used = (await states(owner.uid))[0]!;
    // replay: the same state again, with a new code
    const replayCode = wx.issueCode('oOTHER_OPENID_REPLAYED_0000000');
    const replayState = await stateFor(owner);
    expect((await bind(owner, wx.issueCode(OPENID), replayState)).status).toBe(1);
    const replay = await bind(owner, replayCode, replayState);
    expect(replay).toMatchObject({ status: 0, code: 40001, data: null });
    expect(replay.message).toContain('微信授权已失效');
    expect(wx.exchanged).not.toContain(replayCode);
    expect(await payers(owner.uid)).toMatchObject([{ openid: OPENID }]);
    expect(used.usedAt).not.toBeNull();

    // another account cannot complete this account's round trip (CSRF), nor a second login of its own
    const other = await registerUser(app);
    const othersState = await stateFor(owner);
    const code = wx.issueCode('oATTACKER_OPENID_000000000000');
    expect(await bind(other, code, othersState)).toMatchObject({ status: 0, code: 40001 });
    const secondLogin = await call(app, '/UserApi/login', { email: other.mobile, password: other.password });
    expect(secondLogin.status, JSON.stringify(secondLogin)).toBe(1);
    const otherState = await stateFor(other);
    expect(await bind({ token: secondLogin.data.token, uid: other.uid }, code, otherState)).toMatchObject({
      status: 0,
      code: 40001,
    });
    // unknown, malformed
    expect(await bind(other, code, 'f'.repeat(64))).toMatchObject({ status: 0, code: 40001 });
    const malformed = await bind(other, code, 'not-a-state');
    expect(malformed).toMatchObject({ status: 0, code: 40001 });
    expect(malformed.message).toContain('微信授权已失效');
    // expired
    const late = await stateFor(other);
    await db.database.db
      .update(wechatOauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(wechatOauthStates.userId, other.uid));
    expect(await bind(other, code, late)).toMatchObject({ status: 0, code: 40001 });
    expect(wx.exchanged).not.toContain(code);
    expect(await payers(other.uid)).toEqual([]);
  });

  it('refuses a code WeChat refuses, naming the code; the state stays good for a new code', async () => {
    const s = await registerUser(app);
    const state = await stateFor(s);
    const res = await bind(s, 'A1b2C3d4E5', state);
    expect(res).toMatchObject({ status: 0, code: 40001 });
    expect(res.message).toContain('授权码');
    expect(await payers(s.uid)).toEqual([]);
    expect((await bind(s, wx.issueCode(OPENID), state)).status).toBe(1);
  });

  it('refuses a page to come back to that is not ours, naming it, and keeps no state', async () => {
    const s = await registerUser(app);
    for (const back of [
      '//evil.example/x',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\\evil.example',
      '',
      'x'.repeat(400),
    ]) {
      const res = await authorize(s, back);
      expect(res, back).toMatchObject({ status: 0, code: 40001 });
      expect(res.message).toContain('返回页面');
    }
    expect(await states(s.uid)).toEqual([]);
  });
});

describe('WeChat JSAPI: the order and the bridge', () => {
  it('orders JSAPI with the caller’s openid and the server’s amount; the paySign verifies with the merchant key', async () => {
    const s = await boundBuyer();
    const o = await newOrder(s, 1);
    const before = Math.floor(Date.now() / 1000);
    const pay = await ok('/OrderApi/payOrder', { orderno: o.orderno, channel: 'jsapi', total_fee: 1 }, s);
    expect(pay).toMatchObject({ provider: 'wechatpay', channel: 'jsapi', payurl: '', qrcode: '' });
    expect(wx.orders.get(o.orderno)).toMatchObject({
      appid: APPID,
      mchid: MCHID,
      out_trade_no: o.orderno,
      notify_url: 'https://class.example.edu/PayNotify/wechatpay',
      payer: { openid: OPENID },
      amount: { total: 290, currency: 'CNY' },
    });
    const j = pay.jsapi as Record<string, string>;
    expect(j).toMatchObject({ appId: APPID, package: `prepay_id=wx${o.orderno}`, signType: 'RSA' });
    expect(Number(j.timeStamp)).toBeGreaterThanOrEqual(before);
    expect(j.nonceStr).toMatch(/^[0-9a-f]{32}$/);
    const message = `${j.appId}\n${j.timeStamp}\n${j.nonceStr}\n${j.package}\n`;
    expect(createVerify('RSA-SHA256').update(message).verify(merchantKeys.publicPem, j.paySign!, 'base64')).toBe(true);
    // a changed field no longer verifies: the signature covers what the bridge is given
    const changed = message.replace(j.timeStamp!, String(Number(j.timeStamp) + 1));
    expect(createVerify('RSA-SHA256').update(changed).verify(merchantKeys.publicPem, j.paySign!, 'base64')).toBe(false);

    // the notification path is Native's and H5's: the JSAPI payment pays the order
    const raw = JSON.stringify({
      id: `EV-${o.orderno}`,
      event_type: 'TRANSACTION.SUCCESS',
      resource: wechatEncrypt(
        API_V3_KEY,
        JSON.stringify({
          appid: APPID,
          mchid: MCHID,
          out_trade_no: o.orderno,
          transaction_id: `42000${o.orderno.slice(-15)}`,
          trade_type: 'JSAPI',
          trade_state: 'SUCCESS',
          payer: { openid: OPENID },
          amount: { total: 290, payer_total: 290, currency: 'CNY', payer_currency: 'CNY' },
        }),
      ),
    });
    const res = await app.inject({
      method: 'POST',
      url: '/PayNotify/wechatpay',
      headers: { ...wechatSignedHeaders(platformKeys.privatePem, PLATFORM_SERIAL, raw), 'content-type': 'application/json' },
      payload: raw,
    });
    expect(res.statusCode).toBe(204);
    expect((await db.database.db.select().from(orders).where(eq(orders.orderno, o.orderno)))[0]!.state).toBe(1);
  });

  it('refuses JSAPI to a caller with no openid (31917), starting nothing at WeChat', async () => {
    const s = await registerUser(app);
    const o = await newOrder(s, 1);
    const res = await call(app, '/OrderApi/payOrder', { orderno: o.orderno, channel: 'jsapi' }, { token: s.token });
    expect(res).toMatchObject({ status: 0, code: 31917, data: null });
    expect(res.message).toContain('授权');
    expect(wx.orders.has(o.orderno)).toBe(false);
  });

  it('uses the openid of the caller only: another account’s is never ordered with', async () => {
    await boundBuyer('oSOMEONE_ELSE_OPENID_00000000');
    const s = await registerUser(app);
    const o = await newOrder(s, 1);
    expect((await call(app, '/OrderApi/payOrder', { orderno: o.orderno, channel: 'jsapi' }, { token: s.token })).code).toBe(
      31917,
    );
  });
});

describe('WeChat JSAPI: what may be logged', () => {
  it('names neither the secret, the code nor the openid in what a failed exchange says', async () => {
    const provider = (oauthBase: string) =>
      new WechatPayProvider({
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
        appSecret: APP_SECRET,
        oauthBase,
      });
    const code = wx.issueCode(OPENID);
    // nothing listens on port 9 of loopback: unreachable
    const failure = await provider('http://127.0.0.1:9')
      .openidFor(code)
      .then(
        () => '',
        (e: Error) => e.message,
      );
    expect(failure).toMatch(/^wechatpay oauth: unreachable/);
    for (const secret of [APP_SECRET, code, OPENID]) expect(failure).not.toContain(secret);
    expect(await provider(wx.base).openidFor('0unknowncode')).toEqual({ refused: true, errcode: 40029 });
    expect(await provider(wx.base).openidFor(code)).toEqual({ openid: OPENID });
  });
});

describe('WeChat JSAPI: not configured', () => {
  it('without WECHATPAY_APP_SECRET: no OAuth (31918), and JSAPI asked for pays on the phone page', async () => {
    const plain = await testApp(db, settings());
    try {
      const s = await registerUser(plain);
      const res = await call(plain, '/OrderApi/wechatPayAuthorize', { back: BACK }, { token: s.token });
      expect(res).toMatchObject({ status: 0, code: 31918 });
      expect(await states(s.uid)).toEqual([]);
      const o = await buyer(plain).newOrder(s, 1);
      const pay = await buyer(plain).ok('/OrderApi/payOrder', { orderno: o.orderno, channel: 'jsapi' }, s);
      expect(pay).toMatchObject({ channel: 'h5' });
      expect(pay.jsapi).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
