import { adminCalls } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../platform/auth';
import { handle } from '../../platform/handle';
import * as admin from './admin.service';

/** The operators' admin page (issue 28, decision 053): invoice requests and institution VIP. */
export async function adminRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = root.ctx;
  const c = adminCalls;
  handle(app, c.getOperator, (req) => admin.operatorInfo(ctx, caller(req)));
  handle(app, c.listInvoiceRequests, (req) => admin.invoicePage(ctx, caller(req), req.body));
  handle(app, c.getInvoiceRequest, (req) => admin.invoiceDetail(ctx, caller(req), req.body.id));
  handle(app, c.issueInvoice, (req) => admin.issue(ctx, caller(req), req.body));
  handle(app, c.refuseInvoice, (req) => admin.refuse(ctx, caller(req), req.body));
  handle(app, c.downloadInvoice, async (req, reply) => {
    const file = await admin.invoicePdf(ctx, caller(req), req.body.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .send(file.data);
  });
  handle(app, c.listInstitutionTeachers, (req) => admin.teachers(ctx, caller(req), req.body.jigouid));
  handle(app, c.grantInstitutionVip, (req) => admin.grant(ctx, caller(req), req.body));
  handle(app, c.revokeInstitutionVip, (req) => admin.revoke(ctx, caller(req), req.body));
}
