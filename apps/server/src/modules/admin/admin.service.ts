import { ADMIN_INVOICE_PAGE_SIZE, type GrantVipInput, type InvoiceIssueInput, type OperatorAnswer } from '@paiclass/shared';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { grantInstitutionVip, institutionTeachers, revokeInstitutionVip } from '../commerce/institution-vip.service';
import {
  invoiceRequest,
  invoiceRequestPdf,
  issueInvoice,
  listInvoiceRequests,
  rejectInvoice,
} from '../commerce/invoices.service';
import { adminPolicy } from './admin.policy';
import { presentInvoiceRequest, presentTeacher } from './admin.presenters';
import { type OperatorScope, operatorScope } from './operators.service';

/**
 * The admin page's work (issue 28, decision 053). Each call first reads the caller's operator scope and
 * refuses (40003, "not an operator", nothing read or written) a caller without the one it needs; the
 * work is then the command line's own service function (decision 039), which checks everything
 * before its one transaction.
 */

const notOperator = () => new AppError('forbidden', 'errors.notOperator');

async function scopeFor(ctx: AppContext, user: User, allowed: (scope: OperatorScope) => boolean) {
  const scope = await operatorScope(ctx, user.id);
  if (!allowed(scope)) throw notOperator();
  return scope;
}
const invoicesScope = (ctx: AppContext, user: User) => scopeFor(ctx, user, adminPolicy.handlesInvoices);
const institutionScope = (ctx: AppContext, user: User, institutionId: number) =>
  scopeFor(ctx, user, (s) => adminPolicy.grantsInstitutionVip(s, institutionId));

/** `getOperator`: whether the caller is an operator, and of what (a non-operator is told 0, not refused). */
export async function operatorInfo(ctx: AppContext, user: User): Promise<OperatorAnswer> {
  const scope = await operatorScope(ctx, user.id);
  return {
    operator: scope.platform || scope.institutions.length ? 1 : 0,
    platform: scope.platform ? 1 : 0,
    institutions: scope.institutions.map((i) => ({ jigouid: i.id, jigou: i.name })),
  };
}

/** `listInvoiceRequests`: a page of the requests in a state (0 waiting, oldest first; 1, 2 or -1 all, newest first). */
export async function invoicePage(ctx: AppContext, user: User, input: { state: number; page: number }) {
  await invoicesScope(ctx, user);
  const rows = await listInvoiceRequests(ctx, {
    all: input.state === -1,
    state: input.state,
    offset: (input.page - 1) * ADMIN_INVOICE_PAGE_SIZE,
    limit: ADMIN_INVOICE_PAGE_SIZE + 1,
  });
  return {
    list: rows.slice(0, ADMIN_INVOICE_PAGE_SIZE).map(presentInvoiceRequest),
    page: input.page,
    more: rows.length > ADMIN_INVOICE_PAGE_SIZE ? (1 as const) : (0 as const),
  };
}

/** `getInvoiceRequest`: one request with its orders; 40004 when there is none. */
export async function invoiceDetail(ctx: AppContext, user: User, id: number) {
  await invoicesScope(ctx, user);
  return presentInvoiceRequest(await invoiceRequest(ctx, id));
}

/** `issueInvoice`: issues a waiting request with the operator's number or ours (`issueInvoice` of the command line). */
export async function issue(ctx: AppContext, user: User, input: InvoiceIssueInput) {
  await invoicesScope(ctx, user);
  await issueInvoice(ctx, input.id, input.number || undefined);
  return presentInvoiceRequest(await invoiceRequest(ctx, input.id));
}

/** `refuseInvoice`: refuses a waiting request with the reason the teacher is told (`rejectInvoice` of the command line). */
export async function refuse(ctx: AppContext, user: User, input: { id: number; reason: string }) {
  await invoicesScope(ctx, user);
  await rejectInvoice(ctx, input.id, input.reason);
  return presentInvoiceRequest(await invoiceRequest(ctx, input.id));
}

/** `downloadInvoice`: an issued request's PDF. */
export async function invoicePdf(ctx: AppContext, user: User, id: number) {
  await invoicesScope(ctx, user);
  return invoiceRequestPdf(ctx, id);
}

/** `listInstitutionTeachers`: the institution's certified teachers and its grant to each. */
export async function teachers(ctx: AppContext, user: User, institutionId: number) {
  await institutionScope(ctx, user, institutionId);
  const { institution, list } = await institutionTeachers(ctx, institutionId);
  const now = Date.now();
  return {
    jigouid: institution.id,
    jigou: institution.name,
    list: list.map((t) =>
      presentTeacher(
        t,
        t.level !== null && t.beginsAt && t.endsAt ? { ...t, level: t.level, beginsAt: t.beginsAt, endsAt: t.endsAt } : null,
        now,
      ),
    ),
  };
}

/** `grantInstitutionVip`: the level for 1-120 months from now (`grantInstitutionVip` of the command line). */
export async function grant(ctx: AppContext, user: User, input: GrantVipInput) {
  await institutionScope(ctx, user, input.jigouid);
  const g = await grantInstitutionVip(ctx, {
    institution: String(input.jigouid),
    teacher: input.uid,
    level: input.level,
    period: String(input.months),
  });
  return presentTeacher(g.teacher, g);
}

/** `revokeInstitutionVip`: ends the institution's grant now (`revokeInstitutionVip` of the command line). */
export async function revoke(ctx: AppContext, user: User, input: { jigouid: number; uid: number }) {
  await institutionScope(ctx, user, input.jigouid);
  const r = await revokeInstitutionVip(ctx, { institution: String(input.jigouid), teacher: input.uid });
  return presentTeacher(r.teacher, r);
}
