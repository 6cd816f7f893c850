/**
 * The admin page's refusals (decision 053), apart from its other constants: every envelope code is in
 * `CODES`, which the first load carries, and the bounds are needed by the admin page only.
 */
export const ADMIN_CODES = {
  invoiceNotWaiting: 31913, // the request was issued or refused already: nothing changes
  invoiceNumberTaken: 31914, // another request carries this invoice number
  notCertifiedTeacher: 31915, // the user is not a certified teacher of the institution
  noGrantInForce: 31916, // the institution grants the teacher nothing in force: nothing to revoke
} as const;
