import { z } from 'zod';
import { wireId, wirePage } from '../wire';

/** Inputs of the VIP and order calls (issue 28). Messages are keys of `validationMessages`. */

/** an order number as the server makes them: digits, 20 long */
const orderno = z
  .string({ message: 'validation.ordernoInvalid' })
  .trim()
  .regex(/^\d{20}$/, { message: 'validation.ordernoInvalid' });

/** `createOrder`: the product only; the price is the server's (the client never sends one) */
export const orderCreateInput = z.object({
  productid: wireId(),
  /** the provider to pay through, among those offered (decision 037); the installation's default when absent */
  paytype: z.enum(['alipay', 'wechatpay', 'sandbox'], { message: 'validation.paytype' }).optional(),
});
export type OrderCreateInput = z.infer<typeof orderCreateInput>;

export const orderRef = z.object({ orderno });
/**
 * `payOrder`: the order, and how to pay it (the provider's first channel when absent or not offered);
 * `jsapi` inside WeChat's browser (decision 054), which needs the payer's openid first.
 */
export const payOrderInput = z.object({
  orderno,
  channel: z.enum(['page', 'wap', 'native', 'h5', 'jsapi'], { message: 'validation.paychannel' }).optional(),
});

/**
 * `wechatPayAuthorize` (decision 054): the page of the app WeChat sends the browser back to, a path of
 * ours (no scheme, no host, no `//`), with its query.
 */
export const wechatPayAuthorizeInput = z.object({
  back: z
    .string({ message: 'validation.wechatBack' })
    .trim()
    .max(300, { message: 'validation.wechatBack' })
    .regex(/^\/(?![/\\])[\w\-./?=&%~]*$/, { message: 'validation.wechatBack' }),
});

/** `wechatPayOpenid` (decision 054): what WeChat put on the page's address on the way back. */
export const wechatPayOpenidInput = z.object({
  code: z
    .string({ message: 'validation.wechatCode' })
    .trim()
    .regex(/^[\w-]{1,128}$/, { message: 'validation.wechatCode' }),
  state: z
    .string({ message: 'validation.wechatState' })
    .trim()
    .regex(/^[0-9a-f]{64}$/, { message: 'validation.wechatState' }),
});
export const tradeRecordInput = z.object({ page: wirePage() });

/** The sandbox confirm page's choice: pay, or fail (so the failure can be tried). */
export const sandboxPayInput = z.object({
  orderno,
  result: z.enum(['pay', 'fail'], { message: 'validation.sandboxResult' }),
});

/**
 * The sandbox provider's notification, as a provider would post it to us: signed with HMAC-SHA256
 * over the other fields (see apps/server/src/modules/commerce/providers/sandbox.ts).
 */
export const sandboxNotifyInput = z.object({
  orderno: z.string().trim().max(32),
  trade_no: z.string().trim().min(1).max(64),
  /** cents */
  amount: z.coerce.number().int().min(0).max(100_000_000),
  result: z.enum(['success', 'fail']),
  sign: z.string().trim().max(128),
});
export type SandboxNotifyInput = z.infer<typeof sandboxNotifyInput>;

const text = (max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string().trim().max(max, { message: 'validation.invoiceField' }),
  );

/**
 * `applyInvoice` (spec 1 §3 Invoice request, §5): the chosen orders and the invoice's fields. The
 * checks run in the spec's order and the first failing one is the refusal: electronic needs the
 * email, then the phone; paper needs the recipient, the address, the phone; enterprise then needs
 * the tax number, then the title (a personal invoice its title).
 */
export const invoiceApplyInput = z
  .object({
    orderno: z
      .array(
        z
          .string()
          .trim()
          .regex(/^\d{20}$/, { message: 'validation.ordernoInvalid' }),
        {
          message: 'validation.invoiceChooseOrders',
        },
      )
      .min(1, { message: 'validation.invoiceChooseOrders' })
      .max(50, { message: 'validation.invoiceChooseOrders' }),
    type: z.coerce.number().int().min(0).max(1),
    invoicetype: z.coerce.number().int().min(0).max(1),
    item: z.coerce.number().int().min(0).max(3).default(0),
    title: text(100),
    invoiceno: text(30),
    bankname: text(100),
    bankaccount: text(40),
    registeraddress: text(200),
    registertel: text(30),
    email: text(100),
    telphone: text(30),
    recipients: text(50),
    deliveryaddress: text(200),
  })
  .superRefine((v, ctx) => {
    const first = firstInvoiceProblem(v);
    if (first) ctx.addIssue({ code: 'custom', message: first.message, path: [first.field] });
  });
export type InvoiceApplyInput = z.infer<typeof invoiceApplyInput>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first problem of an invoice form in the spec's order (spec 1 §5), shared by the form and the server. */
export function firstInvoiceProblem(v: {
  type: number;
  invoicetype: number;
  title: string;
  invoiceno: string;
  email: string;
  telphone: string;
  recipients: string;
  deliveryaddress: string;
}): { field: string; message: string } | null {
  const blank = (s: string) => !s?.trim();
  if (v.invoicetype === 0) {
    if (blank(v.email)) return { field: 'email', message: 'validation.invoiceEmail' };
    if (!EMAIL.test(v.email.trim())) return { field: 'email', message: 'validation.invoiceEmailFormat' };
    if (blank(v.telphone)) return { field: 'telphone', message: 'validation.invoicePhone' };
  } else {
    if (blank(v.recipients)) return { field: 'recipients', message: 'validation.invoiceRecipient' };
    if (blank(v.deliveryaddress)) return { field: 'deliveryaddress', message: 'validation.invoiceAddress' };
    if (blank(v.telphone)) return { field: 'telphone', message: 'validation.invoicePhone' };
  }
  if (v.type === 0 && blank(v.invoiceno)) return { field: 'invoiceno', message: 'validation.invoiceTaxNo' };
  if (blank(v.title)) return { field: 'title', message: 'validation.invoiceTitle' };
  return null;
}
