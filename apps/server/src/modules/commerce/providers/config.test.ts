import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config';

/** Decision 037: a payment provider's variables are all set or none, need PUBLIC_URL, and turn the sandbox off. */
describe('payment provider configuration', () => {
  const alipay = { ALIPAY_APP_ID: '2021000000000001', ALIPAY_PRIVATE_KEY: 'MIIE\\nabc', ALIPAY_PUBLIC_KEY: 'MIIB' };

  it('keeps the sandbox the default with no provider, and turns it off once one is set', () => {
    expect(loadConfig({}).paymentSandbox).toBe(true);
    const c = loadConfig({ ...alipay, PUBLIC_URL: 'https://class.example.edu' });
    expect(c.paymentSandbox).toBe(false);
    expect(c.alipay).toMatchObject({ appId: '2021000000000001', privateKey: 'MIIE\nabc' });
    expect(loadConfig({ ...alipay, PUBLIC_URL: 'https://class.example.edu', PAYMENT_SANDBOX: 'true' }).paymentSandbox).toBe(true);
    expect(loadConfig({ PAYMENT_SANDBOX: 'false' }).paymentSandbox).toBe(false);
  });

  it('names the missing variables of a provider set in part, and asks for PUBLIC_URL', () => {
    expect(() => loadConfig({ ALIPAY_APP_ID: '2021000000000001', PUBLIC_URL: 'https://x.example' })).toThrow(
      /ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY: required with ALIPAY_APP_ID/,
    );
    expect(() => loadConfig({ WECHATPAY_MCHID: '1900000109', PUBLIC_URL: 'https://x.example' })).toThrow(/WECHATPAY_APIV3_KEY/);
    expect(() => loadConfig(alipay)).toThrow(ConfigError);
    expect(() => loadConfig(alipay)).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ WECHATPAY_APIV3_KEY: 'short' })).toThrow(
      /WECHATPAY_APIV3_KEY: must be the 32-character API v3 key/,
    );
  });

  it('takes the JSAPI secret only with WeChat Pay, and never shows it in the error (decision 054)', () => {
    const secret = 'b3c1f0e2d4a5968778695a4b3c2d1e0f';
    const refusal = (() => {
      try {
        loadConfig({ WECHATPAY_APP_SECRET: secret });
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(refusal).toMatch(/WECHATPAY_APP_SECRET: needs the other WECHATPAY_\* settings/);
    expect(refusal).not.toContain(secret);
    const wechat = {
      WECHATPAY_MCHID: '1900000109',
      WECHATPAY_APPID: 'wx0123456789abcdef',
      WECHATPAY_SERIAL: 'SERIAL',
      WECHATPAY_PRIVATE_KEY: 'KEY',
      WECHATPAY_APIV3_KEY: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
      WECHATPAY_PLATFORM_PUBLIC_KEY: 'PUB',
      WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID',
      PUBLIC_URL: 'https://class.example.edu',
    };
    expect(loadConfig(wechat).wechatPay).toMatchObject({ appSecret: undefined, oauthBase: 'https://api.weixin.qq.com' });
    expect(loadConfig({ ...wechat, WECHATPAY_APP_SECRET: secret }).wechatPay).toMatchObject({ appSecret: secret });
  });
});
