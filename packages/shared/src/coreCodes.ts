/**
 * The envelope codes the core pages act on (the web app's API client, course check and account pages;
 * decision 050): a module of their own, so the first load carries these few and not every area's
 * codes (`CODES`, which takes them from here).
 */
export const CORE_CODES = {
  notLoggedIn: 20003, // spec 2 §8: clear storage, go to /login
  mustResetPassword: 20010, // weak password: only the reset calls are open
  mustBindContact: 20011, // no phone and no email: only the binding calls are open
  courseGone: 30202, // spec 2 §8
  courseClosed: 30313, // spec 1 §5, spec 2 §2: a student of an ended course the teacher closed to visits
  figureCodeWrong: 21008,
  wechatPending: 21018,
  figureCodeRequired: 21020, // too many failed logins of this account: the picture code first
} as const;
