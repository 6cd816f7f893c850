import { call, perMinute } from '../contract';
import { fileOutput, noInput } from '../wire';
import { adminInvoicePage, adminInvoiceRequest, adminTeacher, adminTeachersAnswer, operatorAnswer } from './responses';
import {
  adminInstitutionInput,
  grantVipInput,
  invoiceIdInput,
  invoiceIssueInput,
  invoiceListInput,
  invoiceRefuseInput,
  revokeVipInput,
} from './schemas';

const write = perMinute(30, { per: 'user' });
const read = perMinute(120, { per: 'user' });

/**
 * The operators' admin page (issue 28, decision 053): invoice requests (platform operators) and
 * institution VIP (a school's operators, and platform ones). Every call but `getOperator` checks on
 * the server that the caller is an operator with the scope it needs (40003 otherwise, nothing
 * written); the work is the command line's own service functions (decision 039).
 */
export const adminCalls = {
  /** whether the caller is an operator, and of what: /ktpMy shows the entry, /admin its tabs */
  getOperator: call({ path: '/AdminApi/getOperator', area: 'admin', input: noInput, output: operatorAnswer, limit: read }),
  listInvoiceRequests: call({
    path: '/AdminApi/listInvoiceRequests',
    area: 'admin',
    input: invoiceListInput,
    output: adminInvoicePage,
    limit: read,
  }),
  getInvoiceRequest: call({
    path: '/AdminApi/getInvoiceRequest',
    area: 'admin',
    input: invoiceIdInput,
    output: adminInvoiceRequest,
    limit: read,
  }),
  issueInvoice: call({
    path: '/AdminApi/issueInvoice',
    area: 'admin',
    input: invoiceIssueInput,
    output: adminInvoiceRequest,
    limit: write,
  }),
  refuseInvoice: call({
    path: '/AdminApi/refuseInvoice',
    area: 'admin',
    input: invoiceRefuseInput,
    output: adminInvoiceRequest,
    limit: write,
  }),
  /** an issued request's PDF, as the teacher downloads it from the order */
  downloadInvoice: call({
    path: '/AdminApi/downloadInvoice',
    area: 'admin',
    input: invoiceIdInput,
    output: fileOutput,
    answersFile: true,
    limit: perMinute(30, { per: 'user' }),
  }),
  listInstitutionTeachers: call({
    path: '/AdminApi/listInstitutionTeachers',
    area: 'admin',
    input: adminInstitutionInput,
    output: adminTeachersAnswer,
    limit: read,
  }),
  grantInstitutionVip: call({
    path: '/AdminApi/grantInstitutionVip',
    area: 'admin',
    input: grantVipInput,
    output: adminTeacher,
    limit: write,
  }),
  revokeInstitutionVip: call({
    path: '/AdminApi/revokeInstitutionVip',
    area: 'admin',
    input: revokeVipInput,
    output: adminTeacher,
    limit: write,
  }),
};
