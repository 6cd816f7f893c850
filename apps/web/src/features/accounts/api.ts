import type { CodeType, figureCodeAnswer, findSignAnswer, mobileLoginAnswer, wechatCheckAnswer } from '@paiclass/shared';
import { accountsCalls, schoolCalls } from '@paiclass/shared';
import type { z } from 'zod';
import { call } from '../../lib/api';

/** The account calls of docs/api.md, typed from their answer schemas (packages/shared/src/accounts/responses.ts). */

export type FigureCode = z.output<typeof figureCodeAnswer>;

export type FindSign = z.output<typeof findSignAnswer>;

/** A fast login's answer: `uid` is 0 and `token` a register ticket when `is_new` is 1. */
export type MobileLoginResult = z.output<typeof mobileLoginAnswer>;

/** Where a code goes: a phone or an email; none for `unbind` (the current phone). */
export type CodeTarget = { mobile?: string; email?: string };

export interface RegisterBody {
  type: 1 | 2;
  email?: string;
  password?: string;
  repassword?: string;
  username: string;
  school: string;
  stno: string;
  usertype: number;
  code?: string;
}

export type WechatCheck = z.output<typeof wechatCheckAnswer>;

export const accountsApi = {
  getConfig: () => call(schoolCalls.getConfig),
  /** `sessionid` and `verify`: the picture code, once the server asks for it (21020) after failed logins */
  login: (body: { email: string; password: string; remember: 0 | 1; sessionid?: string; verify?: string }) =>
    call(accountsCalls.login, body),
  loginByMobile: (body: { mobile: string; code: string }) => call(accountsCalls.loginByMobile, body),
  getFigureCode: () => call(accountsCalls.getFigureCode),
  sendCode: (body: CodeTarget & { type: CodeType; verify: string; sessionid: string }) => call(accountsCalls.sendCode, body),
  register: (body: RegisterBody, ticket?: string) => call(accountsCalls.register, body, { token: ticket }),
  checkFindCode: (body: { email?: string; mobile?: string; code: string }) => call(accountsCalls.checkFindCode, body),
  resetPassword: (body: FindSign & { password: string; repassword: string }) => call(accountsCalls.resetPassword, body),
  getUserInfo: () => call(accountsCalls.getUserInfo),
  updatePassword: (body: { oldpassword?: string; password: string; repassword: string }) =>
    call(accountsCalls.updatePassword, body),
  bindEmail: (body: { email: string; code: string }) => call(accountsCalls.bindEmail, body),
  bindMobile: (body: { mobile: string; code: string }) => call(accountsCalls.bindMobile, body),
  unbindMobile: (body: { code: string }) => call(accountsCalls.unbindMobile, body),
  setLanguage: (lang: 'zh' | 'en') => call(accountsCalls.setLanguage, { lang }),
  logout: () => call(accountsCalls.logout),
  wechatLogin: () => call(accountsCalls.wechatLogin),
  checkWechatCode: (code_key: string) => call(accountsCalls.checkWechatCode, { code_key }),
  bindWechat: (body: { email: string; password: string; code_key: string }) => call(accountsCalls.bindWechat, body),
};
