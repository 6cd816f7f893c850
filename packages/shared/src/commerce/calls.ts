import { call, perMinute } from '../contract';
import { fileOutput, noInput } from '../wire';
import {
  invoiceAnswer,
  libraryAnswer,
  notifyAnswer,
  payAnswer,
  studyCardOrdersPage,
  studyCardProductsAnswer,
  tradeRecord,
  tradeRecordPage,
  vipInfoAnswer,
  vipProductListAnswer,
  wechatPayAuthorizeAnswer,
  wechatPayOpenidAnswer,
} from './responses';
import {
  invoiceApplyInput,
  orderCreateInput,
  orderRef,
  payOrderInput,
  sandboxNotifyInput,
  sandboxPayInput,
  tradeRecordInput,
  wechatPayAuthorizeInput,
  wechatPayOpenidInput,
} from './schemas';

const write = perMinute(20, { per: 'user' });

/**
 * VIP, orders and payment (issue 28, decision 035). Spec 2 §7 names no path for them; these follow
 * Ketangpai's `/XxxApi/verb` style. Every order call reads and writes the caller's own orders only.
 * The provider's notification is the one call made without a login: its signature is the check.
 */
export const commerceCalls = {
  getVipProducts: call({
    path: '/VipApi/getProductList',
    area: 'commerce',
    input: noInput,
    output: vipProductListAnswer,
    access: 'optional',
  }),
  getVipInfo: call({ path: '/VipApi/getVipInfo', area: 'commerce', input: noInput, output: vipInfoAnswer }),
  createOrder: call({
    path: '/OrderApi/createOrder',
    area: 'commerce',
    input: orderCreateInput,
    output: tradeRecord,
    limit: write,
  }),
  payOrder: call({ path: '/OrderApi/payOrder', area: 'commerce', input: payOrderInput, output: payAnswer, limit: write }),
  /**
   * WeChat Pay JSAPI inside WeChat's browser (decision 054): the address of WeChat's silent OAuth, with a
   * `state` bound to the caller's session; 31918 when JSAPI is not configured
   */
  wechatPayAuthorize: call({
    path: '/OrderApi/wechatPayAuthorize',
    area: 'commerce',
    input: wechatPayAuthorizeInput,
    output: wechatPayAuthorizeAnswer,
    limit: write,
  }),
  /** the way back from WeChat's OAuth: the code exchanged for the payer's openid, kept for the caller (decision 054) */
  wechatPayOpenid: call({
    path: '/OrderApi/wechatPayOpenid',
    area: 'commerce',
    input: wechatPayOpenidInput,
    output: wechatPayOpenidAnswer,
    limit: write,
  }),
  getOrderInfo: call({ path: '/OrderApi/getOrderInfo', area: 'commerce', input: orderRef, output: tradeRecord }),
  /** `/myAllSetting?detail=myLibrary`: the caller's cards with their validity */
  getMyLibrary: call({ path: '/OrderApi/getMyLibrary', area: 'commerce', input: noInput, output: libraryAnswer }),
  getTradeRecord: call({ path: '/OrderApi/getTradeRecord', area: 'commerce', input: tradeRecordInput, output: tradeRecordPage }),
  sandboxPay: call({ path: '/OrderApi/sandboxPay', area: 'commerce', input: sandboxPayInput, output: tradeRecord, limit: write }),
  /** teachers only (spec 1 §6: students have no invoice button) */
  applyInvoice: call({
    path: '/InvoiceApi/applyInvoice',
    area: 'commerce',
    input: invoiceApplyInput,
    output: invoiceAnswer,
    limit: write,
  }),
  /** the issued invoice's PDF of one of the caller's orders (decision 039); 31911 until issued */
  downloadInvoice: call({
    path: '/InvoiceApi/downloadInvoice',
    area: 'commerce',
    input: orderRef,
    output: fileOutput,
    answersFile: true,
    limit: perMinute(30),
  }),
  /** students only (spec 1 §6): the pre-career study cards on sale, and the student's orders of them */
  getStudyCardProducts: call({
    path: '/OrderApi/getStudyCardProducts',
    area: 'commerce',
    input: noInput,
    output: studyCardProductsAnswer,
  }),
  getStudyCardOrders: call({
    path: '/OrderApi/getStudyCardOrders',
    area: 'commerce',
    input: tradeRecordInput,
    output: studyCardOrdersPage,
  }),
  sandboxNotify: call({
    path: '/PayNotify/sandbox',
    area: 'commerce',
    input: sandboxNotifyInput,
    output: notifyAnswer,
    access: 'anyone',
    limit: perMinute(120),
  }),
};
