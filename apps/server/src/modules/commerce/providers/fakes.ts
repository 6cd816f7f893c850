import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';

/**
 * Local stand-ins for the payment providers' servers, for the tests (decision 037): keys generated
 * here, servers on loopback that check our signatures as the providers do and answer signed as they
 * do. No network.
 */

export function rsaPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

const rsa2 = (text: string, privatePem: string) => createSign('RSA-SHA256').update(text, 'utf8').sign(privatePem, 'base64');
const rsa2ok = (text: string, sig: string, publicPem: string) =>
  createVerify('RSA-SHA256').update(text, 'utf8').verify(publicPem, sig, 'base64');

/** Alipay's signing string: the fields other than sign (and sign_type), sorted, `k=v` joined by `&`. */
export function alipaySignString(fields: Record<string, string>, dropSignType = true) {
  return Object.keys(fields)
    .filter((k) => k !== 'sign' && !(dropSignType && k === 'sign_type') && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

/** Whether a request's parameters carry a good RSA2 signature by the app (as Alipay's gateway checks). */
export function alipayRequestSigned(params: Record<string, string>, appPublicPem: string) {
  return Boolean(params.sign) && rsa2ok(alipaySignString(params, false), params.sign!, appPublicPem);
}

/** An async notification as Alipay posts it, signed with "Alipay's" private key. */
export function alipayNotification(alipayPrivatePem: string, fields: Record<string, string>): Record<string, string> {
  const all: Record<string, string> = {
    notify_time: '2026-11-29 12:00:00',
    notify_type: 'trade_status_sync',
    notify_id: `N${Date.now()}${Math.random().toString(36).slice(2, 8)}`,
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    ...fields,
  };
  return { ...all, sign: rsa2(alipaySignString(all), alipayPrivatePem) };
}

/**
 * A fake Alipay gateway: `alipay.trade.refund` checked against the app's public key, refunds kept by
 * `out_request_no` (the same number again refunds nothing more), answers signed with Alipay's key.
 */
export async function fakeAlipayGateway(appPublicPem: string, alipayPrivatePem: string) {
  const refunds = new Map<string, { trade_no: string; refund_amount: string }>();
  const app = Fastify();
  await app.register(formbody);
  app.post('/gateway.do', async (req, reply) => {
    const params = { ...(req.query as Record<string, string>), ...(req.body as Record<string, string>) };
    const respond = (key: string, data: Record<string, unknown>) => {
      const inner = JSON.stringify(data);
      return reply.type('application/json').send(`{"${key}":${inner},"sign":"${rsa2(inner, alipayPrivatePem)}"}`);
    };
    if (!alipayRequestSigned(params, appPublicPem))
      return respond('error_response', { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' });
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    if (params.method !== 'alipay.trade.refund') return respond('error_response', { code: '40004', msg: 'Business Failed' });
    const key = `${biz.trade_no}:${biz.out_request_no}`;
    if (!refunds.has(key)) refunds.set(key, { trade_no: biz.trade_no!, refund_amount: biz.refund_amount! });
    return respond('alipay_trade_refund_response', {
      code: '10000',
      msg: 'Success',
      trade_no: biz.trade_no,
      refund_fee: biz.refund_amount,
      fund_change: 'Y',
    });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/gateway.do`, refunds, close: () => app.close() };
}

/** The WeChat Pay v3 platform's signature headers of a message's raw text. */
export function wechatSignedHeaders(
  platformPrivatePem: string,
  serial: string,
  raw: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const nonce = randomBytes(16).toString('hex');
  return {
    'wechatpay-timestamp': String(timestamp),
    'wechatpay-nonce': nonce,
    'wechatpay-serial': serial,
    'wechatpay-signature': rsa2(`${timestamp}\n${nonce}\n${raw}\n`, platformPrivatePem),
  };
}

/** A resource encrypted as WeChat Pay encrypts a notification's (AEAD_AES_256_GCM under the API v3 key). */
export function wechatEncrypt(apiV3Key: string, plaintext: string, associatedData = 'transaction') {
  const nonce = randomBytes(6).toString('hex'); // 12 characters
  const c = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  c.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([c.update(plaintext, 'utf8'), c.final(), c.getAuthTag()]);
  return {
    original_type: 'transaction',
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    associated_data: associatedData,
    nonce,
  };
}

/** Parses our Authorization header and checks it as WeChat Pay does: the merchant, the serial, the signature. */
export function wechatAuthorized(
  auth: string,
  method: string,
  path: string,
  body: string,
  merchant: { mchid: string; serial: string; publicPem: string },
) {
  const m = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(auth);
  if (!m) return false;
  const f = Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]])) as Record<string, string>;
  if (f.mchid !== merchant.mchid || f.serial_no !== merchant.serial) return false;
  if (Math.abs(Date.now() / 1000 - Number(f.timestamp)) > 300) return false;
  return rsa2ok(`${method}\n${path}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`, f.signature ?? '', merchant.publicPem);
}

/**
 * A fake WeChat Pay v3 API: Native, H5 and JSAPI orders and refunds, each request's Authorization checked
 * against the merchant's public key, each answer signed with the platform's key. With `oauth`, also
 * WeChat's web OAuth token endpoint (`/sns/oauth2/access_token`, decision 054): the app id and secret
 * checked, each code issued by `issueCode` good once for its openid.
 */
export async function fakeWechatPay(
  merchant: { mchid: string; serial: string; publicPem: string },
  platform: { privatePem: string; serial: string },
  oauth?: { appid: string; secret: string },
) {
  const orders = new Map<string, Record<string, unknown>>();
  const refunds = new Map<string, Record<string, unknown>>();
  const codes = new Map<string, string>();
  /** the codes exchanged, in order (to show a refused call exchanged nothing) */
  const exchanged: string[] = [];
  const app = Fastify();
  app.get('/sns/oauth2/access_token', async (req) => {
    const q = req.query as Record<string, string>;
    if (!oauth || q.appid !== oauth.appid || q.secret !== oauth.secret || q.grant_type !== 'authorization_code')
      return { errcode: 40125, errmsg: 'invalid appsecret' };
    const openid = codes.get(q.code ?? '');
    if (!openid) return { errcode: 40029, errmsg: 'invalid code' };
    codes.delete(q.code!);
    exchanged.push(q.code!);
    return { access_token: `AT_${randomBytes(8).toString('hex')}`, expires_in: 7200, openid, scope: 'snsapi_base' };
  });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  const answer = (reply: import('fastify').FastifyReply, status: number, data: unknown) => {
    const raw = JSON.stringify(data);
    return reply
      .code(status)
      .headers(wechatSignedHeaders(platform.privatePem, platform.serial, raw))
      .type('application/json')
      .send(raw);
  };
  app.post('/v3/*', async (req, reply) => {
    const raw = String(req.body ?? '');
    if (!wechatAuthorized(String(req.headers.authorization ?? ''), 'POST', req.url, raw, merchant))
      return answer(reply, 401, { code: 'SIGN_ERROR', message: 'signature' });
    const b = JSON.parse(raw) as {
      mchid?: string;
      out_trade_no: string;
      out_refund_no: string;
      amount?: { total?: unknown };
      payer?: { openid?: unknown };
    };
    if (req.url === '/v3/pay/transactions/jsapi') {
      if (b.mchid !== merchant.mchid || !Number.isInteger(b.amount?.total) || typeof b.payer?.openid !== 'string')
        return answer(reply, 400, { code: 'PARAM_ERROR' });
      orders.set(b.out_trade_no, b);
      return answer(reply, 200, { prepay_id: `wx${b.out_trade_no}` });
    }
    if (req.url === '/v3/pay/transactions/native' || req.url === '/v3/pay/transactions/h5') {
      if (b.mchid !== merchant.mchid || !Number.isInteger(b.amount?.total)) return answer(reply, 400, { code: 'PARAM_ERROR' });
      orders.set(b.out_trade_no, b);
      return req.url.endsWith('native')
        ? answer(reply, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${b.out_trade_no.slice(-8)}` })
        : answer(reply, 200, { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${b.out_trade_no}` });
    }
    if (req.url === '/v3/refund/domestic/refunds') {
      if (!refunds.has(b.out_refund_no)) refunds.set(b.out_refund_no, b);
      return answer(reply, 200, { refund_id: `50${b.out_refund_no}`, out_refund_no: b.out_refund_no, status: 'PROCESSING' });
    }
    return answer(reply, 404, { code: 'NOT_FOUND' });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  /** A code WeChat's OAuth would put on the way back for this WeChat user. */
  const issueCode = (openid: string) => {
    const code = `0${randomBytes(12).toString('hex')}`;
    codes.set(code, openid);
    return code;
  };
  return { base: `http://127.0.0.1:${port}`, orders, refunds, issueCode, exchanged, close: () => app.close() };
}
