import { adminCalls, institutionsCalls } from '@paiclass/shared';
import { call, callFile } from '../../lib/api';

/** The admin page's calls (decision 053), by name. */
export const adminKeys = {
  operator: ['admin', 'operator'] as const,
  invoices: (state: number) => ['admin', 'invoices', state] as const,
  invoice: (id: number) => ['admin', 'invoice', id] as const,
  teachers: (jigouid: number) => ['admin', 'teachers', jigouid] as const,
  institutions: (keyword: string) => ['admin', 'institutions', keyword] as const,
};

export const adminApi = {
  operator: () => call(adminCalls.getOperator),
  invoices: (state: number, page: number) => call(adminCalls.listInvoiceRequests, { state, page }),
  invoice: (id: number) => call(adminCalls.getInvoiceRequest, { id }),
  issue: (id: number, number: string) => call(adminCalls.issueInvoice, { id, number }),
  refuse: (id: number, reason: string) => call(adminCalls.refuseInvoice, { id, reason }),
  /** an issued request's PDF, saved as the server names it */
  pdf: (id: number, number: string) => callFile(adminCalls.downloadInvoice, { id }, `invoice-${number || id}.pdf`),
  teachers: (jigouid: number) => call(adminCalls.listInstitutionTeachers, { jigouid }),
  grant: (jigouid: number, uid: number, level: number, months: number) =>
    call(adminCalls.grantInstitutionVip, { jigouid, uid, level, months }),
  revoke: (jigouid: number, uid: number) => call(adminCalls.revokeInstitutionVip, { jigouid, uid }),
  /** a platform operator finds any institution by name */
  searchInstitutions: (keyword: string) => call(institutionsCalls.searchJigou, { keyword }),
};
