import { describe, expect, it } from 'vitest';
import { bridgeOutcome, isWechatBrowser, oauthReturn, returnAddress } from './wechatPay';

describe('WeChat Pay JSAPI in the page (decision 054)', () => {
  it('knows WeChat’s browser by MicroMessenger in its user agent', () => {
    expect(
      isWechatBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
      ),
    ).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36')).toBe(false);
  });

  it('reads the pay sheet’s answer: ok, cancel, and anything else a failure', () => {
    expect(bridgeOutcome('get_brand_wcpay_request:ok')).toBe('ok');
    expect(bridgeOutcome('get_brand_wcpay_request:cancel')).toBe('cancel');
    expect(bridgeOutcome('get_brand_wcpay_request:fail')).toBe('fail');
    expect(bridgeOutcome(undefined)).toBe('fail');
  });

  it('comes back to the same page with the order, and takes the code and state off the address', () => {
    const back = returnAddress('/myAllSetting', '?detail=myTradeRecord&code=old&state=old', '20261130120000123456');
    expect(back).toBe('/myAllSetting?detail=myTradeRecord&wxpay=20261130120000123456');
    const returned = oauthReturn('/myAllSetting', `${back.slice('/myAllSetting'.length)}&code=0a1b2c&state=${'e'.repeat(64)}`);
    expect(returned).toEqual({
      code: '0a1b2c',
      state: 'e'.repeat(64),
      orderno: '20261130120000123456',
      address: '/myAllSetting?detail=myTradeRecord',
    });
    expect(oauthReturn('/vipManagement', '?wxpay=20261130120000123456&code=0a1b2c&state=ab')?.address).toBe('/vipManagement');
    // WeChat sends no code when the user refused: nothing to do
    expect(oauthReturn('/vipManagement', '?wxpay=20261130120000123456&state=ab')).toBeNull();
  });
});
