import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
} from '@paiclass/shared';
import { caller, readToken } from '../../platform/auth';
import { fail } from '../../platform/errors';
import * as accounts from './accounts.service';
import { checkFigureCode, createFigureCode, renderFigureCode } from './codes.service';
import { presentUser } from './presenters';
import { profileRoutes } from './profile.routes';
import { endSession } from './sessions';

const tags = ['accounts'];
// Failed logins are counted per account and per address by ctx.loginLimits (the picture code after a
// few, a cap per address); this is only a flood guard per address. Code sending and checks are limited
// per client address, generously, because a whole classroom may share one school address.
const loginLimit = { max: 120, timeWindow: '1 minute', keyGenerator: (req: { ip: string }) => `login:${req.ip}` };
const codeLimit = { max: 20, timeWindow: '1 minute', keyGenerator: (req: { ip: string }) => `code:${req.ip}` };
const checkLimit = { max: 120, timeWindow: '1 minute', keyGenerator: (req: { ip: string }) => `check:${req.ip}` };

/** The account calls of docs/api.md: each authenticates, validates, does the work and presents. */
export async function accountsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const open = { auth: 'none' as const };
  const anyRestriction = ['password', 'bind'] as ('password' | 'bind')[];

  app.post(
    '/UserApi/login',
    { schema: { tags, body: loginInput, response: { 200: loginAnswer } }, config: { ...open, rateLimit: loginLimit } },
    (req) => accounts.loginWithPassword(ctx, req.body, req.ip),
  );
  app.post(
    '/UserApi/loginByMobile',
    {
      schema: { tags, body: loginByMobileInput, response: { 200: mobileLoginAnswer } },
      config: { ...open, rateLimit: loginLimit },
    },
    (req) => accounts.loginWithCode(ctx, req.body),
  );
  app.post(
    '/UserApi/getFigureCode',
    { schema: { tags, response: { 200: figureCodeAnswer } }, config: { ...open, rateLimit: checkLimit } },
    () => createFigureCode(ctx),
  );
  app.get(
    '/UserApi/figureCodeImage',
    { schema: { tags, querystring: z.object({ sessionid: z.string().min(1) }) }, config: open },
    async (req, reply) => {
      const svg = await renderFigureCode(ctx.db, req.query.sessionid);
      if (!svg) throw fail('figureCodeWrong');
      return reply.header('content-type', 'image/svg+xml').header('cache-control', 'no-store').send(svg);
    },
  );
  app.post(
    '/UserApi/verify',
    {
      schema: { tags, body: figureCodeCheckInput, response: { 200: figureCodeCheckAnswer } },
      config: { ...open, rateLimit: checkLimit },
    },
    async (req) => {
      await checkFigureCode(ctx, req.body.sessionid, req.body.code, false);
      return { sessionid: req.body.sessionid };
    },
  );
  app.post(
    '/UserApi/sendCode',
    {
      schema: { tags, body: sendCodeInput, response: { 200: sendCodeAnswer } },
      config: { auth: 'optional', allowRestricted: ['bind'], rateLimit: codeLimit },
    },
    (req) => accounts.sendCode(ctx, req.body, req.user, req.ip, req.lang),
  );
  app.post(
    '/UserApi/register',
    { schema: { tags, body: registerInput, response: { 200: loginAnswer } }, config: { ...open, rateLimit: checkLimit } },
    (req) => accounts.register(ctx, req.body, readToken(req)),
  );
  app.post(
    '/UserApi/checkFindCode',
    { schema: { tags, body: checkFindCodeInput, response: { 200: findSignAnswer } }, config: { ...open, rateLimit: checkLimit } },
    (req) => accounts.checkFindCode(ctx, req.body),
  );
  app.post(
    '/UserApi/resetPassword',
    { schema: { tags, body: resetPasswordInput, response: { 200: emptyAnswer } }, config: { ...open, rateLimit: checkLimit } },
    (req) => accounts.resetPassword(ctx, req.body),
  );
  app.post(
    '/UserApi/getUserInfo',
    { schema: { tags, response: { 200: userInfoAnswer } }, config: { allowRestricted: anyRestriction } },
    (req) => presentUser(caller(req), { safe: req.restricted === 'password' ? 1 : 0 }),
  );
  app.post(
    '/UserApi/updatePassword',
    {
      schema: { tags, body: updatePasswordInput, response: { 200: emptyAnswer } },
      config: { allowRestricted: ['password'], rateLimit: checkLimit },
    },
    (req) => accounts.updatePassword(ctx, caller(req), req.body),
  );
  app.post(
    '/UserApi/bindEmail',
    { schema: { tags, body: bindEmailInput, response: { 200: userInfoAnswer } }, config: { allowRestricted: ['bind'] } },
    (req) => accounts.bindContact(ctx, caller(req), 'email', req.body.email, req.body.code),
  );
  app.post(
    '/UserApi/bindMobile',
    { schema: { tags, body: bindMobileInput, response: { 200: userInfoAnswer } }, config: { allowRestricted: ['bind'] } },
    (req) => accounts.bindContact(ctx, caller(req), 'mobile', req.body.mobile, req.body.code),
  );
  app.post('/UserApi/unbindMobile', { schema: { tags, body: unbindMobileInput, response: { 200: userInfoAnswer } } }, (req) =>
    accounts.unbindMobile(ctx, caller(req), req.body.code),
  );
  app.post(
    '/UserApi/setLanguage',
    { schema: { tags, body: setLanguageInput, response: { 200: userInfoAnswer } }, config: { allowRestricted: anyRestriction } },
    (req) => {
      // the answer already speaks the chosen language
      req.lang = req.body.lang;
      return accounts.setLanguage(ctx, caller(req), req.body.lang);
    },
  );
  app.post(
    '/UserApi/logout',
    { schema: { tags, response: { 200: emptyAnswer } }, config: { allowRestricted: anyRestriction } },
    async (req) => {
      await endSession(ctx.db, req.sessionId!);
      await ctx.sessions.forgetUser(caller(req).id);
      return {};
    },
  );

  // WeChat QR login (only when a provider is configured)
  const callbackUrl = (req: { protocol: string; host: string }) =>
    `${ctx.config.publicUrl ?? `${req.protocol}://${req.host}`}/wechat/callback`;
  app.post(
    '/wechat/login',
    { schema: { tags, response: { 200: wechatLoginAnswer } }, config: { ...open, rateLimit: checkLimit } },
    (req) => accounts.startWechatLogin(ctx, callbackUrl(req)),
  );
  app.get(
    '/wechat/callback',
    { schema: { tags, querystring: z.object({ code: z.string().min(1), state: z.string().min(1) }) }, config: open },
    async (req, reply) => {
      await accounts.completeWechatScan(ctx, req.query.state, req.query.code);
      return reply
        .type('text/html; charset=utf-8')
        .send('<!doctype html><meta charset="utf-8"><p>扫码成功，请回到原页面继续。 Scanned: return to your screen.</p>');
    },
  );
  app.post(
    '/UserApi/checkWechatCode',
    {
      schema: { tags, body: checkWechatCodeInput, response: { 200: wechatCheckAnswer } },
      config: { ...open, rateLimit: { ...checkLimit, max: 60 } },
    },
    (req) => accounts.checkWechatCode(ctx, req.body.code_key),
  );
  app.post(
    '/UserApi/bindWechat',
    { schema: { tags, body: bindWechatInput, response: { 200: loginAnswer } }, config: { ...open, rateLimit: loginLimit } },
    (req) => accounts.bindWechat(ctx, req.body, req.ip),
  );

  // the personal centre's editors
  await profileRoutes(root);
}
