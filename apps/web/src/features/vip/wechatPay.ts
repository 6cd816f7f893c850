/**
 * WeChat Pay JSAPI in the page (decision 054), the parts that read no browser: whether this is WeChat's
 * browser, what the pay sheet's answer means, and the addresses of the OAuth's round trip.
 */

/** WeChat's own browser says MicroMessenger in its user agent. */
export const isWechatBrowser = (userAgent: string) => /MicroMessenger/i.test(userAgent);

export type BridgeResult = 'ok' | 'cancel' | 'fail';

/** `getBrandWCPayRequest`'s `err_msg`: paid (for WeChat; the server waits for the notification), cancelled, or failed. */
export function bridgeOutcome(errMsg: unknown): BridgeResult {
  if (errMsg === 'get_brand_wcpay_request:ok') return 'ok';
  if (errMsg === 'get_brand_wcpay_request:cancel') return 'cancel';
  return 'fail';
}

/** The page to come back to from WeChat's OAuth: this one, with the order to go on paying (`wxpay`). */
export function returnAddress(pathname: string, search: string, orderno: string) {
  const q = new URLSearchParams(search);
  q.delete('code');
  q.delete('state');
  q.set('wxpay', orderno);
  return `${pathname}?${q}`;
}

/**
 * Back from WeChat's OAuth: the code, the state and the order on the address, and the address without
 * them (the code is good once: it leaves the address before anything else). Null when not all are there.
 */
export function oauthReturn(pathname: string, search: string) {
  const q = new URLSearchParams(search);
  const code = q.get('code');
  const state = q.get('state');
  const orderno = q.get('wxpay');
  if (!code || !state || !orderno) return null;
  q.delete('code');
  q.delete('state');
  q.delete('wxpay');
  const rest = q.toString();
  return { code, state, orderno, address: `${pathname}${rest ? `?${rest}` : ''}` };
}
