import { z } from 'zod';

const int = z.number().int();
const flag = z.union([z.literal(0), z.literal(1)]);

/** `getOperator`: whether the caller is an operator, platform-wide (invoices) and of which institutions (VIP grants). */
export const operatorAnswer = z.object({
  operator: flag,
  platform: flag,
  institutions: z.array(z.object({ jigouid: int, jigou: z.string() })),
});
export type OperatorAnswer = z.infer<typeof operatorAnswer>;

/** An order an invoice request covers, as the operator sees it (amounts in cents). */
export const adminInvoiceOrder = z.object({
  orderno: z.string(),
  productname: z.string(),
  months: int,
  total_fee: int,
  /** the order's state (`ORDER_STATE`: 1 paid, 3 refunded) */
  state: int,
  paytime: int,
});

/** An invoice request (spec 1 §3 Invoice request, decision 039) with its requester, orders and handling. */
export const adminInvoiceRequest = z.object({
  id: int,
  /** 0 requested, 1 issued, 2 refused */
  state: int,
  type: int,
  invoicetype: int,
  item: int,
  title: z.string(),
  invoiceno: z.string(),
  bankname: z.string(),
  bankaccount: z.string(),
  registeraddress: z.string(),
  registertel: z.string(),
  email: z.string(),
  telphone: z.string(),
  recipients: z.string(),
  deliveryaddress: z.string(),
  amount: int,
  free_shipping: flag,
  number: z.string(),
  reason: z.string(),
  createtime: int,
  handletime: int,
  account: z.string(),
  username: z.string(),
  /** 1 when the issued invoice's PDF is stored (downloadable) */
  pdf: flag,
  orders: z.array(adminInvoiceOrder),
});
export type AdminInvoiceRequest = z.infer<typeof adminInvoiceRequest>;

export const adminInvoicePage = z.object({ list: z.array(adminInvoiceRequest), page: int, more: flag });
export type AdminInvoicePage = z.infer<typeof adminInvoicePage>;

/** An institution's certified teacher and the institution's grant to them (the latest, in force or ended), else null. */
export const adminTeacher = z.object({
  uid: int,
  username: z.string(),
  account: z.string(),
  realname: z.string(),
  realstno: z.string(),
  grant: z.object({ level: int, begintime: int, endtime: int, inforce: flag }).nullable(),
});
export type AdminTeacher = z.infer<typeof adminTeacher>;

export const adminTeachersAnswer = z.object({ jigouid: int, jigou: z.string(), list: z.array(adminTeacher) });
export type AdminTeachersAnswer = z.infer<typeof adminTeachersAnswer>;
