/** Shapes the account calls answer (spec 1 §3). */

export interface LoginResult {
  token: string;
  uid: number;
  /** 0 for an existing user; 1 when a fast login found no account (token is a register ticket) */
  is_new: 0 | 1;
  /** 1 means the password is weak and must be reset before anything else */
  safe: 0 | 1;
  bindWechat: 0 | 1;
  mobile: string;
  email: string;
  /** 1 when the account has neither phone nor email and must bind one */
  mustBind: 0 | 1;
}

export interface UserInfo {
  id: number;
  usertype: number;
  username: string;
  avatar: string;
  stno: string;
  school: string;
  department: string;
  account: string;
  mobile: string;
  email: string;
  notify1: number;
  notify2: number;
  notify3: number;
  notify4: number;
  isenterprise: number;
  atteststate: number;
  attestInfo: { jigou: string };
  isvip: number;
  begintime: number | string;
  endtime: number | string;
  openid: string;
  unionid: string;
  wechat_nikename: string;
  additionInfo: { enrolltime: string; grade: string; classno: string };
  teachcourse: string[];
  majors: { type: string; id: string; title: string }[];
  coid: string;
  lang: 'zh' | 'en';
  safe: 0 | 1;
  mustBind: 0 | 1;
}

export interface SchoolConfig {
  schoolName: string;
  appid: string;
  ico_url: string;
  mobileBanner: string;
  mobilexdomain: string;
  canRegister: boolean;
  showWechatLogin: boolean;
}

export interface Envelope<T> {
  status: 0 | 1;
  code: number;
  message: string;
  data: T;
}
