import {
  INVOICE_FREE_SHIPPING_MONTHS,
  INVOICE_MEDIUM,
  INVOICE_NUMBER_PATTERN,
  INVOICE_REASON_MAX,
  INVOICE_STATE,
  type InvoiceApplyInput,
  ORDER_STATE,
  USERTYPE_TEACHER,
  yuan,
} from '@paiclass/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { invoiceOrders, invoices, orders, users } from '../../db/schema';
import type { User } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badField, fail, isUniqueViolation } from '../../platform/errors';
import { readObject } from '../../platform/storage';
import { inTransaction } from '../../platform/transaction';
import { createNotices } from '../notices/notices.service';
import { invoicePdf } from './invoice-pdf';

/** Where an order stands with invoicing (decision 039): its state (1 requested, 2 issued, 3 refused), number, reason. */
export interface OrderInvoice {
  state: 1 | 2 | 3;
  invoiceId: number;
  number: string;
  reason: string;
}

/**
 * The invoicing of each of these orders: the request that holds it (requested or issued) or, when
 * none does, the last refused one; absent when the order was never put on an invoice.
 */
export async function invoiceStates(ctx: AppContext, orderIds: number[]) {
  const states = new Map<number, OrderInvoice>();
  if (!orderIds.length) return states;
  const rows = await ctx.db
    .select({
      orderId: invoiceOrders.orderId,
      released: invoiceOrders.released,
      invoiceId: invoices.id,
      state: invoices.state,
      number: invoices.number,
      reason: invoices.reason,
    })
    .from(invoiceOrders)
    .innerJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
    .where(inArray(invoiceOrders.orderId, orderIds))
    .orderBy(asc(invoices.id));
  for (const r of rows) {
    const held = states.get(r.orderId);
    if (held && held.state !== 3) continue; // the request holding the order wins over a refused one
    const state = r.released ? 3 : r.state === INVOICE_STATE.issued ? 2 : 1;
    states.set(r.orderId, { state, invoiceId: r.invoiceId, number: r.number, reason: state === 3 ? r.reason : '' });
  }
  return states;
}

/**
 * `applyInvoice` (spec 1 §3-§6, issue 28): a teacher's invoice request over some of their paid orders,
 * the form checked in the spec's order by its schema. Refuses students (40003), and any order that is
 * not the caller's, not paid (refunded included) or already invoiced (31908; a refused request released
 * its orders), writing nothing. A paper
 * invoice ships free when one of the orders bought VIP for two months or more (spec 1 §9).
 */
export async function applyInvoice(ctx: AppContext, user: User, input: InvoiceApplyInput) {
  if (user.usertype !== USERTYPE_TEACHER) throw fail('forbidden');
  const numbers = [...new Set(input.orderno)];
  try {
    return await inTransaction(ctx, async (tx) => {
      const chosen = await tx.db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, user.id), inArray(orders.orderno, numbers)))
        .for('update');
      if (chosen.length !== numbers.length || chosen.some((o) => o.state !== ORDER_STATE.paid || o.fromType !== 0))
        throw fail('orderNotInvoiceable');
      const taken = await invoiceStates(
        tx,
        chosen.map((o) => o.id),
      );
      if ([...taken.values()].some((t) => t.state !== 3)) throw fail('orderNotInvoiceable');
      const freeShipping =
        input.invoicetype === INVOICE_MEDIUM.paper && chosen.some((o) => o.months >= INVOICE_FREE_SHIPPING_MONTHS);
      const [invoice] = await tx.db
        .insert(invoices)
        .values({
          userId: user.id,
          type: input.type,
          invoicetype: input.invoicetype,
          item: input.item,
          title: input.title,
          invoiceno: input.invoiceno,
          bankname: input.bankname,
          bankaccount: input.bankaccount,
          registeraddress: input.registeraddress,
          registertel: input.registertel,
          email: input.email,
          telphone: input.telphone,
          recipients: input.recipients,
          deliveryaddress: input.deliveryaddress,
          amount: chosen.reduce((sum, o) => sum + o.totalFee, 0),
          freeShipping,
        })
        .returning();
      await tx.db.insert(invoiceOrders).values(chosen.map((o) => ({ invoiceId: invoice!.id, orderId: o.id })));
      return {
        id: invoice!.id,
        orderno: chosen.map((o) => o.orderno),
        amount: invoice!.amount,
        type: invoice!.type,
        invoicetype: invoice!.invoicetype,
        item: invoice!.item,
        title: invoice!.title,
        free_shipping: freeShipping ? (1 as const) : (0 as const),
        state: invoice!.state,
        createtime: Math.floor(invoice!.createdAt.getTime() / 1000),
      };
    });
  } catch (e) {
    // two requests for the same order at once: the second finds it taken
    if (isUniqueViolation(e)) throw fail('orderNotInvoiceable');
    throw e;
  }
}

type Invoice = typeof invoices.$inferSelect;

/**
 * Operators (`npm run orders -- invoices [all]`, the admin page): invoice requests, each with its orders
 * and requester. By default the waiting ones, oldest first (the order they are worked through); with
 * `state` those issued (1) or refused (2), or with `all` every one, newest first. `offset` and `limit`
 * page them (at most 500 at once).
 */
export async function listInvoiceRequests(
  ctx: AppContext,
  filter: { all?: boolean; state?: number; offset?: number; limit?: number } = {},
) {
  const state = filter.all ? undefined : (filter.state ?? INVOICE_STATE.requested);
  const rows = await ctx.db
    .select({ invoice: invoices, account: users.account, username: users.username })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(state === undefined ? undefined : eq(invoices.state, state))
    .orderBy(state === INVOICE_STATE.requested ? asc(invoices.id) : desc(invoices.id))
    .offset(filter.offset ?? 0)
    .limit(Math.min(filter.limit ?? 500, 500));
  const covered = await invoiceOrderRows(
    ctx,
    rows.map((r) => r.invoice.id),
  );
  return rows.map((r) => ({ ...r.invoice, account: r.account, username: r.username, orders: covered.get(r.invoice.id) ?? [] }));
}

/** Operators: one invoice request with its orders and requester; 40004 when there is none. */
export async function invoiceRequest(ctx: AppContext, id: number) {
  const [row] = await ctx.db
    .select({ invoice: invoices, account: users.account, username: users.username })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(eq(invoices.id, id));
  if (!row) throw fail('notFound');
  const covered = await invoiceOrderRows(ctx, [id]);
  return { ...row.invoice, account: row.account, username: row.username, orders: covered.get(id) ?? [] };
}

/** Operators: an issued request's PDF; 40004 when there is no request, 31911 while it is not issued. */
export async function invoiceRequestPdf(ctx: AppContext, id: number) {
  const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, id));
  if (!invoice) throw fail('notFound');
  if (invoice.state !== INVOICE_STATE.issued || !invoice.pdfKey) throw fail('invoiceNotIssued');
  return { name: `invoice-${invoice.number}.pdf`, data: await readObject(ctx.storage, invoice.pdfKey) };
}

/** The orders each of these invoices covers, oldest first. */
async function invoiceOrderRows(ctx: AppContext, invoiceIds: number[]) {
  const map = new Map<number, (typeof orders.$inferSelect)[]>();
  if (!invoiceIds.length) return map;
  const rows = await ctx.db
    .select({ invoiceId: invoiceOrders.invoiceId, order: orders })
    .from(invoiceOrders)
    .innerJoin(orders, eq(orders.id, invoiceOrders.orderId))
    .where(inArray(invoiceOrders.invoiceId, invoiceIds))
    .orderBy(asc(orders.id));
  for (const r of rows) map.set(r.invoiceId, [...(map.get(r.invoiceId) ?? []), r.order]);
  return map;
}

/** The invoice number given by the operator, or ours: the day (UTC) and the request's id, 16 digits. */
function invoiceNumber(id: number, now: Date, given?: string) {
  if (given !== undefined && given !== '') {
    if (!INVOICE_NUMBER_PATTERN.test(given)) throw badField('validation.invoiceNumber', ['number']);
    return given;
  }
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `${day}${String(id).padStart(8, '0')}`;
}

/** A request still waiting, locked; 40004 when there is none, 31913 when it was issued or refused already. */
async function waitingInvoice(ctx: AppContext, id: number) {
  const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!invoice) throw fail('notFound');
  if (invoice.state !== INVOICE_STATE.requested) throw fail('invoiceNotWaiting');
  return invoice;
}

const pdfKey = (invoice: Invoice, number: string) => `invoices/${invoice.userId}/${invoice.id}-${number}.pdf`;

/**
 * Operators (`npm run orders -- invoice-issue <id> [number]` and the admin page, decisions 039, 053):
 * issues a waiting request. The PDF (buyer, tax number, items and amounts in yuan) is made and stored
 * first, then, in one transaction, the request becomes issued with its number, and the requester gets
 * a message notice. Refuses, writing nothing: no such request (40004), one not waiting (31913), a
 * number not 8-20 digits (40001, naming `number`) or used by another request (31914).
 */
export async function issueInvoice(ctx: AppContext, id: number, given?: string, now = new Date()) {
  const [first] = await ctx.db.select().from(invoices).where(eq(invoices.id, id));
  if (!first) throw fail('notFound');
  if (first.state !== INVOICE_STATE.requested) throw fail('invoiceNotWaiting');
  const number = invoiceNumber(id, now, given);
  const [taken] = await ctx.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.number, number));
  if (taken) throw fail('invoiceNumberTaken');
  const covered = (await invoiceOrderRows(ctx, [id])).get(id) ?? [];
  const pdf = await invoicePdf({ invoice: first, number, orders: covered, issuedAt: now });
  const key = pdfKey(first, number);
  await ctx.storage.put(key, pdf, 'application/pdf', pdf.length);
  try {
    return await inTransaction(ctx, async (tx) => {
      const invoice = await waitingInvoice(tx, id);
      const [user] = await tx.db.select({ lang: users.lang }).from(users).where(eq(users.id, invoice.userId));
      const [issued] = await tx.db
        .update(invoices)
        .set({ state: INVOICE_STATE.issued, number, pdfKey: key, handledAt: now })
        .where(eq(invoices.id, id))
        .returning();
      await createNotices(tx, [invoiceNotice(invoice, user?.lang === 'en' ? 'en' : 'zh', 'invoice_issued', number)]);
      // an electronic invoice goes to the address the request gave, with its PDF, once the issue is committed
      if (invoice.invoicetype === INVOICE_MEDIUM.electronic)
        await tx.jobs.schedule(INVOICE_EMAIL_JOB, now, { id }, `invoice-email:${id}`);
      return { ...issued!, orders: covered };
    });
  } catch (e) {
    await ctx.storage.delete(key).catch(() => undefined);
    if (isUniqueViolation(e)) throw fail('invoiceNumberTaken');
    throw e;
  }
}

export const INVOICE_EMAIL_JOB = 'invoices.email';

/**
 * The job that emails an issued electronic invoice's PDF to the request's address, in the requester's
 * language (retried with backoff while the mail server refuses). A request no longer issued sends nothing.
 */
export async function emailInvoiceJob(ctx: AppContext, payload: Record<string, unknown>) {
  const [row] = await ctx.db
    .select({ invoice: invoices, lang: users.lang })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(eq(invoices.id, Number(payload.id)));
  if (!row || row.invoice.state !== INVOICE_STATE.issued || !row.invoice.pdfKey || !row.invoice.email) return;
  const { invoice } = row;
  const filename = `invoice-${invoice.number}.pdf`;
  const amount = yuan(invoice.amount);
  const en = row.lang === 'en';
  await ctx.delivery.send({
    channel: 'email',
    target: invoice.email,
    purpose: 'invoice',
    subject: en ? `PaiClass invoice No. ${invoice.number}` : `PaiClass 电子发票（发票号码 ${invoice.number}）`,
    body: en
      ? `Your electronic invoice of ¥${amount} (No. ${invoice.number}, "${invoice.title}") is attached: ${filename}. It can also be downloaded from the trade record.`
      : `您申请的 ¥${amount} 电子发票（发票号码 ${invoice.number}，抬头“${invoice.title}”）见附件 ${filename}，也可在交易记录中下载。`,
    attachments: [{ filename, contentType: 'application/pdf', content: await readObject(ctx.storage, invoice.pdfKey) }],
  });
}

/**
 * Operators (`npm run orders -- invoice-reject <id> <reason>` and the admin page): refuses a waiting
 * request with the reason the requester is told; its orders are released, to be invoiced again, in one
 * transaction. Refuses, writing nothing: an empty reason or one over 200 characters (40001, naming
 * `reason`), no such request (40004), one not waiting (31913).
 */
export async function rejectInvoice(ctx: AppContext, id: number, reason: string, now = new Date()) {
  const why = reason.trim();
  if (!why || why.length > INVOICE_REASON_MAX) throw badField('validation.refuseReason', ['reason']);
  return inTransaction(ctx, async (tx) => {
    const invoice = await waitingInvoice(tx, id);
    const [user] = await tx.db.select({ lang: users.lang }).from(users).where(eq(users.id, invoice.userId));
    const [refused] = await tx.db
      .update(invoices)
      .set({ state: INVOICE_STATE.refused, reason: why, handledAt: now })
      .where(eq(invoices.id, id))
      .returning();
    await tx.db.update(invoiceOrders).set({ released: true }).where(eq(invoiceOrders.invoiceId, id));
    await createNotices(tx, [invoiceNotice(invoice, user?.lang === 'en' ? 'en' : 'zh', 'invoice_refused', why)]);
    return refused!;
  });
}

/** The requester's message notice of an issued or refused invoice, in their language. */
function invoiceNotice(invoice: Invoice, lang: 'zh' | 'en', action: 'invoice_issued' | 'invoice_refused', detail: string) {
  const amount = yuan(invoice.amount);
  const title =
    action === 'invoice_issued'
      ? lang === 'en'
        ? `Your invoice of ¥${amount} has been issued (No. ${detail}): download it from the trade record`
        : `您申请的 ¥${amount} 发票已开具（发票号码 ${detail}），可在交易记录中下载`
      : lang === 'en'
        ? `Your invoice request of ¥${amount} was refused: ${detail}`
        : `您申请的 ¥${amount} 发票未能开具：${detail}`;
  return { userId: invoice.userId, courseId: null, action, contentId: invoice.id, title: title.slice(0, 200) };
}

/**
 * `downloadInvoice`: the issued invoice's PDF of one of the caller's orders. Another's order is not
 * found (20004); an order with no issued invoice is 31911.
 */
export async function downloadInvoice(ctx: AppContext, user: User, orderno: string) {
  const [row] = await ctx.db
    .select({ number: invoices.number, pdfKey: invoices.pdfKey, state: invoices.state })
    .from(orders)
    .leftJoin(invoiceOrders, and(eq(invoiceOrders.orderId, orders.id), eq(invoiceOrders.released, false)))
    .leftJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
    .where(and(eq(orders.orderno, orderno), eq(orders.userId, user.id)));
  if (!row) throw fail('notFound');
  if (row.state !== INVOICE_STATE.issued || !row.pdfKey) throw fail('invoiceNotIssued');
  return { name: `invoice-${row.number}.pdf`, data: await readObject(ctx.storage, row.pdfKey) };
}
