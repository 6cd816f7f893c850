import type {
  CodeType,
  figureCodeAnswer,
  findSignAnswer,
  LoginResult,
  mobileLoginAnswer,
  SchoolConfig,
  sendCodeAnswer,
  UserInfo,
  wechatCheckAnswer,
  wechatLoginAnswer,
} from '@paiclass/shared';
import type { z } from 'zod';
import { api } from '../../lib/api';

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
  getConfig: () => api<SchoolConfig>('/SchoolApi/getConfig'),
  /** `sessionid` and `verify`: the picture code, once the server asks for it (21020) after failed logins */
  login: (body: { email: string; password: string; remember: 0 | 1; sessionid?: string; verify?: string }) =>
    api<LoginResult>('/UserApi/login', body),
  loginByMobile: (body: { mobile: string; code: string }) => api<MobileLoginResult>('/UserApi/loginByMobile', body),
  getFigureCode: () => api<FigureCode>('/UserApi/getFigureCode'),
  sendCode: (body: CodeTarget & { type: CodeType; verify: string; sessionid: string }) =>
    api<z.output<typeof sendCodeAnswer>>('/UserApi/sendCode', body),
  register: (body: RegisterBody, ticket?: string) => api<LoginResult>('/UserApi/register', body, { token: ticket }),
  checkFindCode: (body: { email?: string; mobile?: string; code: string }) => api<FindSign>('/UserApi/checkFindCode', body),
  resetPassword: (body: FindSign & { password: string; repassword: string }) => api<object>('/UserApi/resetPassword', body),
  getUserInfo: () => api<UserInfo>('/UserApi/getUserInfo'),
  updatePassword: (body: { oldpassword?: string; password: string; repassword: string }) =>
    api<object>('/UserApi/updatePassword', body),
  bindEmail: (body: { email: string; code: string }) => api<UserInfo>('/UserApi/bindEmail', body),
  bindMobile: (body: { mobile: string; code: string }) => api<UserInfo>('/UserApi/bindMobile', body),
  unbindMobile: (body: { code: string }) => api<UserInfo>('/UserApi/unbindMobile', body),
  setLanguage: (lang: 'zh' | 'en') => api<UserInfo>('/UserApi/setLanguage', { lang }),
  logout: () => api<object>('/UserApi/logout'),
  wechatLogin: () => api<z.output<typeof wechatLoginAnswer>>('/wechat/login'),
  checkWechatCode: (code_key: string) => api<WechatCheck>('/UserApi/checkWechatCode', { code_key }),
  bindWechat: (body: { email: string; password: string; code_key: string }) => api<LoginResult>('/UserApi/bindWechat', body),
};
