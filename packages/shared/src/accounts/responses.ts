import { z } from 'zod';

/**
 * What the account calls answer (spec 1 §3), with the value types Ketangpai sends (issue 10). The
 * server serialises with these schemas and checks its answers against them in tests; the web app
 * takes its types from them.
 */

/** `/SchoolApi/getConfig` */
export const schoolConfigAnswer = z.object({
  schoolName: z.string(),
  appid: z.string(),
  /** the school's icon and phone banner: not sent until a deployment can set them */
  ico_url: z.string().optional(),
  mobileBanner: z.string().optional(),
  mobilexdomain: z.string(),
  canRegister: z.boolean(),
  showWechatLogin: z.boolean(),
});

const flag = z.union([z.literal(0), z.literal(1)]);

/** `/UserApi/login` and the other calls that log in */
export const loginAnswer = z.object({
  token: z.string(),
  /** a string, as Ketangpai sends it */
  uid: z.string(),
  /** 0 for an existing user; 1 when a fast login found no account (token is a register ticket) */
  is_new: flag,
  /** 1 means the password is weak and must be reset before anything else */
  safe: flag,
  bindWechat: flag,
  mobile: z.string(),
  email: z.string(),
  /** 1 when the account has neither phone nor email and must bind one */
  mustBind: flag,
});

/** `/UserApi/getUserInfo` and the calls that answer the changed user */
export const userInfoAnswer = z.object({
  id: z.string(),
  usertype: z.string(),
  username: z.string(),
  avatar: z.string(),
  stno: z.string(),
  school: z.string(),
  department: z.string(),
  account: z.string(),
  mobile: z.string(),
  email: z.string(),
  notify1: z.string(),
  notify2: z.string(),
  notify3: z.string(),
  notify4: z.string(),
  isenterprise: z.string(),
  atteststate: z.number().int(),
  /** a list, as Ketangpai sends it: one entry when certified */
  attestInfo: z.array(z.object({ jigou: z.string() })),
  isvip: z.number().int(),
  /** epoch seconds; 0 when not a member */
  begintime: z.number().int(),
  endtime: z.number().int(),
  openid: z.string(),
  unionid: z.string(),
  wechat_nikename: z.string(),
  additionInfo: z.object({ enrolltime: z.string(), grade: z.string(), classno: z.string() }),
  teachcourse: z.array(z.string()),
  majors: z.array(z.object({ type: z.string(), id: z.string(), title: z.string() })),
  coid: z.number().int(),
  /** Ketangpai's points; PaiClass keeps none yet */
  userScore: z.number(),
  /** 1: the language switch is offered */
  i18nSwitchEnabled: z.number().int(),
  lang: z.enum(['zh', 'en']),
  safe: flag,
  mustBind: flag,
});

/**
 * `/UserApi/loginByMobile`: a login answer; for a phone with no account (`is_new: 1`) `token` is a
 * 30-minute register ticket and `uid` the number 0.
 */
export const mobileLoginAnswer = loginAnswer.extend({ uid: z.union([z.string(), z.literal(0)]) });

/** `/UserApi/getFigureCode`: a picture code to show (`url`) and to send back with its `sessionid` */
export const figureCodeAnswer = z.object({ sessionid: z.string(), url: z.string() });

/** `/UserApi/verify`: the picture code was right */
export const figureCodeCheckAnswer = z.object({ sessionid: z.string() });

/** `/UserApi/sendCode` */
export const sendCodeAnswer = z.object({
  /** seconds before another code may be asked for */
  countdown: z.number().int(),
});

/** `/UserApi/checkFindCode`: the signed ticket of a password reset, sent back whole with the new password */
export const findSignAnswer = z.object({
  sign: z.string(),
  /** epoch seconds */
  expires: z.number().int(),
  uid: z.number().int(),
  key: z.string(),
});

/** `/UserApi/resetPassword`, `/UserApi/updatePassword`, `/UserApi/logout` and the other calls that answer nothing */
export const emptyAnswer = z.object({});

/** `/wechat/login`: the address the QR code shows and the key to poll with */
export const wechatLoginAnswer = z.object({ url: z.string(), code_key: z.string() });

/** `/UserApi/checkWechatCode`: otherType 1 logged in a bound WeChat; 2 asks to log in and bind it */
export const wechatCheckAnswer = z.discriminatedUnion('otherType', [
  loginAnswer.extend({ otherType: z.literal(1) }),
  z.object({ otherType: z.literal(2), code_key: z.string() }),
]);
