/** Shapes the account calls answer (spec 1 §3). */

/** A number as Ketangpai sends it: these fields come as strings from Ketangpai, as numbers from older answers. */
export type WireNumber = number | string;

export interface LoginResult {
  token: string;
  /** a string, as Ketangpai sends it */
  uid: WireNumber;
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

/** The user info, with Ketangpai's value types (issue 10): read ids and flags with `Number()`. */
export interface UserInfo {
  id: WireNumber;
  usertype: WireNumber;
  username: string;
  avatar: string;
  stno: string;
  school: string;
  department: string;
  account: string;
  mobile: string;
  email: string;
  notify1: WireNumber;
  notify2: WireNumber;
  notify3: WireNumber;
  notify4: WireNumber;
  isenterprise: WireNumber;
  atteststate: number;
  /** a list, as Ketangpai sends it (one entry when certified); older answers sent one object */
  attestInfo: { jigou: string }[] | { jigou: string };
  isvip: number;
  /** epoch seconds; 0 (formerly '') when not a member */
  begintime: number | string;
  endtime: number | string;
  openid: string;
  unionid: string;
  wechat_nikename: string;
  additionInfo: { enrolltime: string; grade: string; classno: string };
  teachcourse: string[];
  majors: { type: string; id: string; title: string }[];
  coid: WireNumber;
  /** Ketangpai's points; PaiClass keeps none yet */
  userScore: number;
  /** 1: the language switch is offered */
  i18nSwitchEnabled: number;
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

/** The institution a user is certified with, from either form of `attestInfo`. */
export function attestJigou(info: Pick<UserInfo, 'attestInfo'>): string {
  const a = info.attestInfo;
  return (Array.isArray(a) ? a[0]?.jigou : a?.jigou) ?? '';
}
