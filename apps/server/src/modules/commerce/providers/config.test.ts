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
});
