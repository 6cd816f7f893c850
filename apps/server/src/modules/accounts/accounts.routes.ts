import { accountsCalls } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller, readToken } from '../../platform/auth';
import { deviceFor } from '../../platform/device';
import { fail } from '../../platform/errors';
import { handle } from '../../platform/handle';
import * as accounts from './accounts.service';
import { checkFigureCode, createFigureCode, renderFigureCode } from './codes.service';
import { presentUser } from './presenters';
import { profileRoutes } from './profile.routes';
import { endSession } from './sessions';

/** The account calls of docs/api.md: each authenticates, validates, does the work and presents. */
export async function accountsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;

  // the signed device cookie of attendance's shared-device flag (issue 24) is made at login too
  handle(app, accountsCalls.login, (req, reply) => {
    deviceFor(ctx.secret, req, reply);
    return accounts.loginWithPassword(ctx, req.body, req.ip);
  });
  handle(app, accountsCalls.loginByMobile, (req) => accounts.loginWithCode(ctx, req.body));
  handle(app, accountsCalls.getFigureCode, () => createFigureCode(ctx));
  handle(app, accountsCalls.figureCodeImage, async (req, reply) => {
    const svg = await renderFigureCode(ctx.db, req.query.sessionid);
    if (!svg) throw fail('figureCodeWrong');
    return reply.header('content-type', 'image/svg+xml').header('cache-control', 'no-store').send(svg);
  });
  handle(app, accountsCalls.verify, async (req) => {
    await checkFigureCode(ctx, req.body.sessionid, req.body.code, false);
    return { sessionid: req.body.sessionid };
  });
  handle(app, accountsCalls.sendCode, (req) => accounts.sendCode(ctx, req.body, req.user, req.ip, req.lang));
  handle(app, accountsCalls.register, (req) => accounts.register(ctx, req.body, readToken(req)));
  handle(app, accountsCalls.checkFindCode, (req) => accounts.checkFindCode(ctx, req.body));
  handle(app, accountsCalls.resetPassword, (req) => accounts.resetPassword(ctx, req.body));
  handle(app, accountsCalls.getUserInfo, (req) => presentUser(caller(req), { safe: req.restricted === 'password' ? 1 : 0 }));
  handle(app, accountsCalls.updatePassword, (req) => accounts.updatePassword(ctx, caller(req), req.body));
  handle(app, accountsCalls.bindEmail, (req) => accounts.bindContact(ctx, caller(req), 'email', req.body.email, req.body.code));
  handle(app, accountsCalls.bindMobile, (req) =>
    accounts.bindContact(ctx, caller(req), 'mobile', req.body.mobile, req.body.code),
  );
  handle(app, accountsCalls.unbindMobile, (req) => accounts.unbindMobile(ctx, caller(req), req.body.code));
  handle(app, accountsCalls.setLanguage, (req) => {
    // the answer already speaks the chosen language
    req.lang = req.body.lang;
    return accounts.setLanguage(ctx, caller(req), req.body.lang);
  });
  handle(app, accountsCalls.logout, async (req) => {
    await endSession(ctx.db, req.sessionId!);
    await ctx.sessions.forgetUser(caller(req).id);
    return {};
  });

  // WeChat QR login (only when a provider is configured)
  const callbackUrl = (req: { protocol: string; host: string }) =>
    `${ctx.config.publicUrl ?? `${req.protocol}://${req.host}`}/wechat/callback`;
  handle(app, accountsCalls.wechatLogin, (req) => accounts.startWechatLogin(ctx, callbackUrl(req)));
  handle(app, accountsCalls.callback, async (req, reply) => {
    await accounts.completeWechatScan(ctx, req.query.state, req.query.code);
    return reply
      .type('text/html; charset=utf-8')
      .send('<!doctype html><meta charset="utf-8"><p>扫码成功，请回到原页面继续。 Scanned: return to your screen.</p>');
  });
  handle(app, accountsCalls.checkWechatCode, (req) => accounts.checkWechatCode(ctx, req.body.code_key));
  handle(app, accountsCalls.bindWechat, (req) => accounts.bindWechat(ctx, req.body, req.ip));

  // the personal centre's editors
  await profileRoutes(root);
}
