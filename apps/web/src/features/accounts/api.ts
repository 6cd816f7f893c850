import type { CodeType, LoginResult, SchoolConfig, UserInfo } from '@paiclass/shared';
import { api } from '../../lib/api';

/** The account calls of docs/api.md, typed. */

export interface FigureCode {
  sessionid: string;
  url: string;
}

export interface FindSign {
  sign: string;
  expires: number;
  uid: number;
  key: string;
}

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

export type WechatCheck = ({ otherType: 1 } & LoginResult) | { otherType: 2; code_key: string };

export const accountsApi = {
  getConfig: () => api<SchoolConfig>('/SchoolApi/getConfig'),
  login: (body: { email: string; password: string; remember: 0 | 1 }) => api<LoginResult>('/UserApi/login', body),
  loginByMobile: (body: { mobile: string; code: string }) => api<LoginResult>('/UserApi/loginByMobile', body),
  getFigureCode: () => api<FigureCode>('/UserApi/getFigureCode'),
  sendCode: (body: CodeTarget & { type: CodeType; verify: string; sessionid: string }) =>
    api<{ countdown?: number }>('/UserApi/sendCode', body),
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
  wechatLogin: () => api<{ url: string; code_key: string }>('/wechat/login'),
  checkWechatCode: (code_key: string) => api<WechatCheck>('/UserApi/checkWechatCode', { code_key }),
  bindWechat: (body: { email: string; password: string; code_key: string }) => api<LoginResult>('/UserApi/bindWechat', body),
};
