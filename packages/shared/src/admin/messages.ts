/** The admin page's messages in both languages (validation keys and refusals `errors.<code name>`; decision 053). */
export const adminMessages = {
  zh: {
    'errors.notOperator': '您不是运营人员，或无权管理该机构',
    'errors.invoiceNotWaiting': '该发票申请已处理（已开具或已拒绝），不能再次处理',
    'errors.invoiceNumberTaken': '该发票号码已被其他发票申请使用',
    'errors.notCertifiedTeacher': '该用户不是本机构已认证的教师',
    'errors.noGrantInForce': '该教师没有本机构生效中的机构会员，无需撤销',
    'validation.invoiceNumber': '发票号码为 8 到 20 位数字',
    'validation.refuseReason': '请填写拒绝原因（不超过 200 字）',
    'validation.grantLevel': '请选择机构会员（3）或机构超级会员（4）',
    'validation.grantMonths': '开通时长为 1 到 120 个月',
    'validation.grantPeriod': '有效期为 1 到 120 个月，或写作 YYYY-MM-DD 的结束日期（晚于今天，不超过 120 个月）',
    'validation.invoiceStateFilter': '请选择发票申请的状态',
  },
  en: {
    'errors.notOperator': 'You are not an operator, or not one of this institution',
    'errors.invoiceNotWaiting': 'This invoice request was handled already (issued or refused)',
    'errors.invoiceNumberTaken': 'Another invoice request carries this invoice number',
    'errors.notCertifiedTeacher': 'This user is not a certified teacher of the institution',
    'errors.noGrantInForce': 'The institution grants this teacher no VIP in force: nothing to revoke',
    'validation.invoiceNumber': 'The invoice number is 8 to 20 digits',
    'validation.refuseReason': 'Say why the request is refused (at most 200 characters)',
    'validation.grantLevel': 'Choose institution VIP (3) or institution super VIP (4)',
    'validation.grantMonths': 'A grant lasts 1 to 120 months',
    'validation.grantPeriod': 'The period is 1 to 120 months, or an end day written YYYY-MM-DD after today and within 120 months',
    'validation.invoiceStateFilter': 'Choose the requests’ state',
  },
} as const;
