import { z } from 'zod';
import { wireId, wirePage } from '../wire';
import { GRANT_MONTHS_MAX, INVOICE_NUMBER_PATTERN, INVOICE_REASON_MAX } from './constants';

/**
 * Inputs of the admin page's calls (decision 053). Ids and integers are read as Ketangpai's clients
 * send them (numbers or strings); every bound is the command line's (decision 039). Messages are keys
 * of `validationMessages`, each naming its field.
 */

const isNone = (v: unknown) => v === undefined || v === null || v === '';

/** `listInvoiceRequests`: the state shown (0 waiting, the default; 1 issued; 2 refused; -1 all) and the page. */
export const invoiceListInput = z.object({
  state: z.preprocess(
    (v) => (isNone(v) ? 0 : v),
    z.coerce
      .number({ message: 'validation.invoiceStateFilter' })
      .int({ message: 'validation.invoiceStateFilter' })
      .min(-1, { message: 'validation.invoiceStateFilter' })
      .max(2, { message: 'validation.invoiceStateFilter' }),
  ),
  page: wirePage(),
});
export type InvoiceListInput = z.infer<typeof invoiceListInput>;

/** One invoice request, by its id. */
export const invoiceIdInput = z.object({ id: wireId() });

/** `issueInvoice`: the request and, optionally, the tax system's invoice number (8-20 digits); none: ours. */
export const invoiceIssueInput = z.object({
  id: wireId(),
  number: z.preprocess(
    (v) => (isNone(v) ? '' : typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v),
    z
      .string({ message: 'validation.invoiceNumber' })
      .trim()
      .refine((s) => s === '' || INVOICE_NUMBER_PATTERN.test(s), { message: 'validation.invoiceNumber' }),
  ),
});
export type InvoiceIssueInput = z.infer<typeof invoiceIssueInput>;

/** `refuseInvoice`: the request and why (told to the teacher), 1-200 characters. */
export const invoiceRefuseInput = z.object({
  id: wireId(),
  reason: z
    .string({ message: 'validation.refuseReason' })
    .trim()
    .min(1, { message: 'validation.refuseReason' })
    .max(INVOICE_REASON_MAX, { message: 'validation.refuseReason' }),
});

/** An institution, by its id (`jigouid`, as the certification calls name it). */
export const adminInstitutionInput = z.object({ jigouid: wireId() });

/** `grantInstitutionVip`: the institution's certified teacher (`uid`), the level (3 or 4) and 1-120 months from now. */
export const grantVipInput = z.object({
  jigouid: wireId(),
  uid: wireId(),
  level: z.coerce
    .number({ message: 'validation.grantLevel' })
    .int({ message: 'validation.grantLevel' })
    .min(3, { message: 'validation.grantLevel' })
    .max(4, { message: 'validation.grantLevel' }),
  months: z.coerce
    .number({ message: 'validation.grantMonths' })
    .int({ message: 'validation.grantMonths' })
    .min(1, { message: 'validation.grantMonths' })
    .max(GRANT_MONTHS_MAX, { message: 'validation.grantMonths' }),
});
export type GrantVipInput = z.infer<typeof grantVipInput>;

/** `revokeInstitutionVip`: the institution and its teacher. */
export const revokeVipInput = z.object({ jigouid: wireId(), uid: wireId() });
