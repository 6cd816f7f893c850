import { z } from 'zod';
import { call, perMinute } from '../contract';
import { fileOutput, noInput } from '../wire';
import { changeUsertypeInput, editUserInfoInput, setNotifyInput, updateAvatarInput } from './profile';
import {
  emptyAnswer,
  figureCodeAnswer,
  figureCodeCheckAnswer,
  findSignAnswer,
  loginAnswer,
  mobileLoginAnswer,
  sendCodeAnswer,
  userInfoAnswer,
  wechatCheckAnswer,
  wechatLoginAnswer,
} from './responses';
import {
  bindEmailInput,
  bindMobileInput,
  bindWechatInput,
  checkFindCodeInput,
  checkWechatCodeInput,
  figureCodeCheckInput,
  loginByMobileInput,
  loginInput,
  registerInput,
  resetPasswordInput,
  sendCodeInput,
  setLanguageInput,
  unbindMobileInput,
  updatePasswordInput,
} from './schemas';

/** picture-code and code checks, per address */
const checkLimit = perMinute(120, { bucket: 'check' });

/** logins, per address: a flood guard only */
const loginLimit = perMinute(120, { bucket: 'login' });

/**
 * The accounts calls (decision 026): each declared once; the server registers them, the web app calls them by name.
 *
 * Failed logins are counted per account and per address by the server's login limits (the picture code after
 * a few, a cap per address); the limits here are only flood guards per address. Code sending and checks are
 * limited per client address, generously, because a whole classroom may share one school address.
 */
export const accountsCalls = {
  login: call({
    path: '/UserApi/login',
    area: 'accounts',
    input: loginInput,
    output: loginAnswer,
    access: 'anyone',
    limit: loginLimit,
  }),
  loginByMobile: call({
    path: '/UserApi/loginByMobile',
    area: 'accounts',
    input: loginByMobileInput,
    output: mobileLoginAnswer,
    access: 'anyone',
    limit: loginLimit,
  }),
  getFigureCode: call({
    path: '/UserApi/getFigureCode',
    area: 'accounts',
    input: noInput,
    output: figureCodeAnswer,
    access: 'anyone',
    limit: checkLimit,
  }),
  figureCodeImage: call({
    path: '/UserApi/figureCodeImage',
    area: 'accounts',
    transport: 'query',
    input: z.object({ sessionid: z.string().min(1) }),
    output: fileOutput,
    answersFile: true,
    access: 'anyone',
  }),
  verify: call({
    path: '/UserApi/verify',
    area: 'accounts',
    input: figureCodeCheckInput,
    output: figureCodeCheckAnswer,
    access: 'anyone',
    limit: checkLimit,
  }),
  sendCode: call({
    path: '/UserApi/sendCode',
    area: 'accounts',
    input: sendCodeInput,
    output: sendCodeAnswer,
    access: 'optional',
    restricted: ['bind'],
    limit: perMinute(20, { bucket: 'code' }),
  }),
  register: call({
    path: '/UserApi/register',
    area: 'accounts',
    input: registerInput,
    output: loginAnswer,
    access: 'anyone',
    limit: checkLimit,
  }),
  checkFindCode: call({
    path: '/UserApi/checkFindCode',
    area: 'accounts',
    input: checkFindCodeInput,
    output: findSignAnswer,
    access: 'anyone',
    limit: checkLimit,
  }),
  resetPassword: call({
    path: '/UserApi/resetPassword',
    area: 'accounts',
    input: resetPasswordInput,
    output: emptyAnswer,
    access: 'anyone',
    limit: checkLimit,
  }),
  getUserInfo: call({
    path: '/UserApi/getUserInfo',
    area: 'accounts',
    input: noInput,
    output: userInfoAnswer,
    restricted: ['password', 'bind'],
  }),
  updatePassword: call({
    path: '/UserApi/updatePassword',
    area: 'accounts',
    input: updatePasswordInput,
    output: emptyAnswer,
    restricted: ['password'],
    limit: checkLimit,
  }),
  bindEmail: call({
    path: '/UserApi/bindEmail',
    area: 'accounts',
    input: bindEmailInput,
    output: userInfoAnswer,
    restricted: ['bind'],
  }),
  bindMobile: call({
    path: '/UserApi/bindMobile',
    area: 'accounts',
    input: bindMobileInput,
    output: userInfoAnswer,
    restricted: ['bind'],
  }),
  unbindMobile: call({ path: '/UserApi/unbindMobile', area: 'accounts', input: unbindMobileInput, output: userInfoAnswer }),
  setLanguage: call({
    path: '/UserApi/setLanguage',
    area: 'accounts',
    input: setLanguageInput,
    output: userInfoAnswer,
    restricted: ['password', 'bind'],
  }),
  logout: call({
    path: '/UserApi/logout',
    area: 'accounts',
    input: noInput,
    output: emptyAnswer,
    restricted: ['password', 'bind'],
  }),
  wechatLogin: call({
    path: '/wechat/login',
    area: 'accounts',
    input: noInput,
    output: wechatLoginAnswer,
    access: 'anyone',
    limit: checkLimit,
  }),
  callback: call({
    path: '/wechat/callback',
    area: 'accounts',
    transport: 'query',
    input: z.object({ code: z.string().min(1), state: z.string().min(1) }),
    output: fileOutput,
    answersFile: true,
    access: 'anyone',
  }),
  checkWechatCode: call({
    path: '/UserApi/checkWechatCode',
    area: 'accounts',
    input: checkWechatCodeInput,
    output: wechatCheckAnswer,
    access: 'anyone',
    limit: perMinute(60, { bucket: 'check' }),
  }),
  bindWechat: call({
    path: '/UserApi/bindWechat',
    area: 'accounts',
    input: bindWechatInput,
    output: loginAnswer,
    access: 'anyone',
    limit: loginLimit,
  }),
  editUserInfo: call({
    path: '/UserApi/editUserInfo',
    area: 'accounts',
    input: editUserInfoInput,
    output: userInfoAnswer,
    limit: perMinute(60),
  }),
  changeUsertype: call({
    path: '/UserApi/changeUsertype',
    area: 'accounts',
    input: changeUsertypeInput,
    output: userInfoAnswer,
    limit: perMinute(60),
  }),
  updateAvatar: call({
    path: '/UserApi/updateAvatar',
    area: 'accounts',
    input: updateAvatarInput,
    output: userInfoAnswer,
    limit: perMinute(60),
  }),
  setNotify: call({
    path: '/UserApi/setNotify',
    area: 'accounts',
    input: setNotifyInput,
    output: userInfoAnswer,
    limit: perMinute(60),
  }),
  avatar: call({
    path: '/FileApi/avatar',
    area: 'accounts',
    transport: 'query',
    input: z.object({
      id: z.coerce
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
      sig: z.string().max(128),
    }),
    output: fileOutput,
    answersFile: true,
    access: 'anyone',
  }),
};
