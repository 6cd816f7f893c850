/**
 * The operators' admin page (issue 28, decision 053): sizes and bounds (its codes: `codes.ts`). The bounds are the
 * command line's own (decision 039): `npm run orders -- invoice-issue <id> [number]`,
 * `invoice-reject <id> <reason>`, `npm run institution:vip -- grant <institution> <teacher> <3|4> <months>`.
 */

/** an invoice number the operator gives (the tax system's): 8 to 20 digits (decision 039) */
export const INVOICE_NUMBER_PATTERN = /^\d{8,20}$/;
/** the longest reason a refused invoice request carries (the column's width) */
export const INVOICE_REASON_MAX = 200;
/** the longest institution VIP grant at once: ten years (decision 039) */
export const GRANT_MONTHS_MAX = 120;
/** invoice requests per page of the admin page (ours) */
export const ADMIN_INVOICE_PAGE_SIZE = 20;
/** certified teachers an institution's list shows at most (ours; a school's roster of teachers) */
export const ADMIN_TEACHERS_MAX = 500;
