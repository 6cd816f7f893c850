import { commerceCalls } from '@paiclass/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { handle } from '../../platform/handle';
import { applyInvoice, downloadInvoice } from './invoices.service';
import * as library from './library.service';
import * as orders from './orders.service';
import { receiveNotification } from './payments.service';
import { bindWechatPayer, startWechatPayAuth } from './wechat-jsapi.service';
import { alipayProvider, sandboxProvider, wechatPayProvider } from './providers';
import type { PaymentProvider } from './providers/provider';

/** A provider's notification is small: a form of a few dozen fields, or a JSON envelope. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

/** VIP products, the caller's membership, orders, the sandbox's confirm and the providers' notifications (issue 28). */
export async function commerceRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const c = commerceCalls;
  handle(app, c.getVipProducts, (req) => orders.listProducts(ctx, req.lang));
  handle(app, c.getVipInfo, (req) => orders.vipInfo(ctx, caller(req)));
  handle(app, c.createOrder, (req) => orders.createOrder(ctx, caller(req), req.body, req.lang));
  handle(app, c.payOrder, (req) => orders.payOrder(ctx, caller(req), req.body, req.ip, req.lang, (f, m) => req.log.warn(f, m)));
  handle(app, c.wechatPayAuthorize, (req) => startWechatPayAuth(ctx, caller(req), req.sessionId, req.body.back));
  handle(app, c.wechatPayOpenid, (req) =>
    bindWechatPayer(ctx, caller(req), req.sessionId, req.body, (f, m) => req.log.warn(f, m)),
  );
  handle(app, c.getOrderInfo, (req) => orders.orderInfo(ctx, caller(req), req.body.orderno, req.lang));
  handle(app, c.getMyLibrary, (req) => library.myLibrary(ctx, caller(req), req.lang));
  handle(app, c.getTradeRecord, (req) => orders.tradeRecord(ctx, caller(req), req.body.page, req.lang));
  handle(app, c.sandboxPay, (req) => orders.sandboxPay(ctx, caller(req), req.body.orderno, req.body.result, req.lang));
  handle(app, c.applyInvoice, (req) => applyInvoice(ctx, caller(req), req.body));
  handle(app, c.downloadInvoice, async (req, reply) => {
    const file = await downloadInvoice(ctx, caller(req), req.body.orderno);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .send(file.data);
  });
  handle(app, c.getStudyCardProducts, (req) => orders.studyCardProducts(ctx, caller(req), req.lang));
  handle(app, c.getStudyCardOrders, (req) => orders.studyCardOrders(ctx, caller(req), req.body.page, req.lang));
  handle(app, c.sandboxNotify, (req) =>
    receiveNotification(ctx, sandboxProvider(ctx), {
      body: req.body,
      headers: req.headers,
      raw: JSON.stringify(req.body),
    }),
  );

  // The real providers' notifications speak their protocols, not our envelope (decision 037): Alipay
  // posts a form and reads "success"; WeChat Pay posts JSON signed over its raw text and reads 204,
  // or 4xx/5xx with {code, message} to send it again.
  await root.register(async (sub) => {
    sub.removeContentTypeParser('application/json');
    sub.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      (req as FastifyRequest & { rawBody?: string }).rawBody = body as string;
      try {
        done(null, body ? JSON.parse(body as string) : {});
      } catch {
        done(null, {});
      }
    });
    const options = { config: { auth: 'none', api: false }, schema: { hide: true }, bodyLimit: NOTIFY_BODY_LIMIT } as const;
    const incoming = (req: FastifyRequest) => ({
      body: (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>,
      headers: req.headers,
      raw: (req as FastifyRequest & { rawBody?: string }).rawBody ?? '',
    });
    const receive = async (provider: PaymentProvider | null, req: FastifyRequest) => {
      if (!provider) return { ok: false, status: 404, reason: 'provider not configured' };
      try {
        await receiveNotification(ctx, provider, incoming(req));
        return { ok: true, status: 200, reason: '' };
      } catch (e) {
        if (e instanceof AppError) return { ok: false, status: 400, reason: e.codeName };
        throw e;
      }
    };
    sub.post('/PayNotify/alipay', options, async (req, reply: FastifyReply) => {
      const r = await receive(alipayProvider(ctx), req);
      return reply
        .code(r.status)
        .type('text/plain')
        .send(r.ok ? 'success' : 'fail');
    });
    sub.post('/PayNotify/wechatpay', options, async (req, reply: FastifyReply) => {
      const r = await receive(wechatPayProvider(ctx), req);
      if (r.ok) return reply.code(204).send();
      return reply.code(r.status).send({ code: 'FAIL', message: r.reason });
    });
  });
}
