import { type CallInput, commerceCalls, type TradeRecord, type VipInfoAnswer } from '@paiclass/shared';
import { call, callFile } from '../../lib/api';

/** The VIP and order calls the pages make (issue 28), by name. */
export type { TradeRecord, VipInfoAnswer };

export const vipKeys = {
  all: ['vip'] as const,
  products: ['vip', 'products'] as const,
  info: ['vip', 'info'] as const,
  orders: ['vip', 'orders'] as const,
  order: (orderno: string) => ['vip', 'order', orderno] as const,
  studyCards: ['vip', 'studyCards'] as const,
  studyCardOrders: ['vip', 'studyCardOrders'] as const,
  library: ['vip', 'library'] as const,
};

export const vipApi = {
  products: () => call(commerceCalls.getVipProducts),
  info: () => call(commerceCalls.getVipInfo),
  createOrder: (productid: number) => call(commerceCalls.createOrder, { productid }),
  pay: (orderno: string, channel?: 'page' | 'wap' | 'jsapi') => call(commerceCalls.payOrder, { orderno, channel }),
  /** WeChat's silent OAuth coming back to `back` (decision 054) */
  wechatAuthorize: (back: string) => call(commerceCalls.wechatPayAuthorize, { back }),
  /** the way back from it: the code and state WeChat put on the address */
  wechatBind: (code: string, state: string) => call(commerceCalls.wechatPayOpenid, { code, state }),
  order: (orderno: string) => call(commerceCalls.getOrderInfo, { orderno }),
  library: () => call(commerceCalls.getMyLibrary),
  tradeRecord: (page: number) => call(commerceCalls.getTradeRecord, { page }),
  studyCards: () => call(commerceCalls.getStudyCardProducts),
  studyCardOrders: (page: number) => call(commerceCalls.getStudyCardOrders, { page }),
  sandboxPay: (orderno: string, result: 'pay' | 'fail') => call(commerceCalls.sandboxPay, { orderno, result }),
  applyInvoice: (body: CallInput<typeof commerceCalls.applyInvoice>) => call(commerceCalls.applyInvoice, body),
  /** the issued invoice's PDF, saved as the server names it */
  downloadInvoice: (orderno: string, number: string) =>
    callFile(commerceCalls.downloadInvoice, { orderno }, `invoice-${number || orderno}.pdf`),
};

/** Epoch seconds as a date: 2026-11-28. */
export function day(seconds: number) {
  const d = new Date(seconds * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** Epoch seconds as date and time: 2026-11-28 14:05. */
export function dayTime(seconds: number) {
  const d = new Date(seconds * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${day(seconds)} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
