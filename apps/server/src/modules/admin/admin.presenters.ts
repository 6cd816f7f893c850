import type { AdminInvoiceRequest, AdminTeacher } from '@paiclass/shared';
import type { institutionVipGrants, invoices, orders } from '../../db/schema';

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

/** An invoice request as the operator sees it (decision 053): the form, the requester, the orders and the handling. */
export function presentInvoiceRequest(
  r: typeof invoices.$inferSelect & { account: string; username: string; orders: (typeof orders.$inferSelect)[] },
): AdminInvoiceRequest {
  return {
    id: r.id,
    state: r.state,
    type: r.type,
    invoicetype: r.invoicetype,
    item: r.item,
    title: r.title,
    invoiceno: r.invoiceno,
    bankname: r.bankname,
    bankaccount: r.bankaccount,
    registeraddress: r.registeraddress,
    registertel: r.registertel,
    email: r.email,
    telphone: r.telphone,
    recipients: r.recipients,
    deliveryaddress: r.deliveryaddress,
    amount: r.amount,
    free_shipping: r.freeShipping ? 1 : 0,
    number: r.number,
    reason: r.reason,
    createtime: seconds(r.createdAt),
    handletime: seconds(r.handledAt),
    account: r.account,
    username: r.username,
    pdf: r.pdfKey ? 1 : 0,
    orders: r.orders.map((o) => ({
      orderno: o.orderno,
      productname: o.productname,
      months: o.months,
      total_fee: o.totalFee,
      state: o.state,
      paytime: seconds(o.paidAt),
    })),
  };
}

/** A certified teacher and the institution's latest grant to them. */
export function presentTeacher(
  t: { userId: number; account: string; username: string; realname: string; realstno: string },
  grant: Pick<typeof institutionVipGrants.$inferSelect, 'level' | 'beginsAt' | 'endsAt'> | null,
  now = Date.now(),
): AdminTeacher {
  return {
    uid: t.userId,
    username: t.username,
    account: t.account,
    realname: t.realname,
    realstno: t.realstno,
    grant: grant
      ? {
          level: grant.level,
          begintime: seconds(grant.beginsAt),
          endtime: seconds(grant.endsAt),
          inforce: grant.endsAt.getTime() > now ? 1 : 0,
        }
      : null,
  };
}
