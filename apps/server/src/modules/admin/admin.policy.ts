import type { OperatorScope } from './operators.service';

/**
 * Who may do what on the admin page (decision 053), over the caller's operator scope. Invoices are the
 * platform's (money received by the platform); an institution's VIP is its own operators' and the
 * platform's.
 */
export const adminPolicy = {
  /** list, read, issue and refuse invoice requests, and download their PDFs */
  handlesInvoices: (scope: OperatorScope) => scope.platform,
  /** list the institution's certified teachers, grant and revoke its VIP */
  grantsInstitutionVip: (scope: OperatorScope, institutionId: number) =>
    scope.platform || scope.institutions.some((i) => i.id === institutionId),
};
