import { downloadBy, expect, seeded, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { signIn } from '../courses/helpers';

/*
 * Issue 28, decision 053, the admin page: an operator (made one by `npm run operator -- grant`, of the
 * platform and of a school; apps/server/test/e2e-seed.ts) finds /admin on /ktpMy, issues one of a
 * teacher's invoice requests (the number shown, the PDF downloaded) and refuses the other with a reason
 * (asked first), then grants the school's certified teacher institution VIP; the teacher sees it on the
 * VIP page, and the invoicing teacher is told in the message notices. zh in full; en the same, a desk
 * width, and a revocation (asked first).
 */

test('admin page (zh): an operator issues one invoice request, refuses another and grants institution VIP', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { operator, invoiceTeacher, toIssue, toRefuse, title, vipTeacher, jigou } = seeded().admin.zh;

  await signIn(page, request, operator);
  await page.goto('/ktpMy');
  await page.getByTestId('my-admin').click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('admin-tab-invoices')).toHaveText('发票申请');
  const row = (id: number) => page.locator(`[data-testid="admin-invoice-row"][data-id="${id}"]`);
  await expect(row(toIssue.id)).toContainText(title);
  await expect(row(toRefuse.id).getByTestId('admin-invoice-state')).toHaveText('待开票');
  await shot(page, 'admin-zh-01-invoices');

  // issue: a number that is not the tax system's is refused in place, then ours is given
  await row(toIssue.id).click();
  await expect(page.getByTestId('admin-invoice-requester')).toContainText(invoiceTeacher.name);
  await page.getByTestId('admin-issue-number').fill('12ab');
  await page.getByTestId('admin-issue').click();
  await expect(page.getByTestId('admin-issue-number-error')).toHaveText('发票号码为 8 到 20 位数字');
  await shot(page, 'admin-zh-02-request');
  await page.getByTestId('admin-issue-number').fill('');
  await page.getByTestId('admin-issue').click();
  const number = page.getByTestId('admin-invoice-issued-number');
  await expect(number).toHaveText(/^\d{16}$/);
  await expect(page.getByTestId('admin-invoice-state')).toHaveText('已开票');
  const issuedNumber = (await number.textContent())!;
  await shot(page, 'admin-zh-03-issued');
  const { name, bytes } = await downloadBy(page, () => page.getByTestId('admin-invoice-pdf').click());
  expect(name).toBe(`invoice-${issuedNumber}.pdf`);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // refuse: the reason is required, and the operator is asked first
  await page.getByTestId('admin-invoice-back').click();
  await expect(row(toIssue.id)).toHaveCount(0);
  await row(toRefuse.id).click();
  await page.getByTestId('admin-refuse').click();
  await expect(page.getByTestId('admin-refuse-reason-error')).toHaveText('请填写拒绝原因（不超过 200 字）');
  const reason = '抬头与营业执照不一致，请核对后重新申请';
  await page.getByTestId('admin-refuse-reason').locator('textarea').fill(reason);
  await page.getByTestId('admin-refuse').click();
  await expect(page.getByTestId('admin-refuse-dialog')).toContainText('拒绝这份发票申请？');
  await shot(page, 'admin-zh-04-refuse-asked');
  await page.getByTestId('admin-refuse-confirm').click();
  await expect(page.getByTestId('admin-invoice-reason')).toHaveText(reason);
  await expect(page.getByTestId('admin-invoice-state')).toHaveText('已拒绝');
  await shot(page, 'admin-zh-05-refused');
  await page.getByTestId('admin-invoice-back').click();
  // handled, both leave the waiting list (other languages' journeys' requests may still wait there)
  await expect(row(toRefuse.id)).toHaveCount(0);
  await expect(page.getByTestId('admin-invoice-filter-0')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('admin-invoice-filter--1').click();
  await expect(row(toIssue.id).getByTestId('admin-invoice-state')).toHaveText('已开票');
  await expect(row(toRefuse.id).getByTestId('admin-invoice-state')).toHaveText('已拒绝');

  // institution VIP: the school's certified teacher, granted institution super VIP for six months
  await page.getByTestId('admin-tab-vip').click();
  await expect(page.getByTestId('admin-teachers-title')).toHaveText(`${jigou} 的认证教师`);
  const teacher = page.getByTestId('admin-teacher-row').filter({ hasText: vipTeacher.mobile });
  await expect(teacher.getByTestId('admin-teacher-grant')).toHaveText('未开通机构会员');
  await shot(page, 'admin-zh-06-teachers');
  await teacher.getByTestId('admin-grant-open').click();
  await teacher.getByTestId('admin-grant-level-4').click();
  await teacher.getByTestId('admin-grant-months').fill('121');
  await teacher.getByTestId('admin-grant-submit').click();
  await expect(teacher.getByTestId('admin-grant-months-error')).toHaveText('开通时长为 1 到 120 个月');
  await teacher.getByTestId('admin-grant-months').fill('6');
  await shot(page, 'admin-zh-07-grant-form');
  await teacher.getByTestId('admin-grant-submit').click();
  await expect(teacher.getByTestId('admin-teacher-grant')).toContainText('机构超级会员');
  await expect(teacher.getByTestId('admin-teacher-grant')).toContainText('有效期至');
  await expect(teacher.getByTestId('admin-revoke')).toBeVisible();
  await shot(page, 'admin-zh-08-granted');

  // the teacher sees it
  await signIn(page, request, vipTeacher);
  await page.goto('/vipManagement');
  await expect(page.getByTestId('vip-level')).toHaveText('机构超级会员');
  await expect(page.getByTestId('vip-institution')).toContainText(`${jigou} 开通的机构超级会员，有效期至`);
  await shot(page, 'admin-zh-09-teacher-vip');

  // the invoicing teacher is told of both, and downloads the PDF from the order
  await signIn(page, request, invoiceTeacher);
  await page.goto('/schoolmsg');
  const titles = page.getByTestId('notice-title');
  await expect(titles.filter({ hasText: `发票已开具（发票号码 ${issuedNumber}）` })).toHaveCount(1);
  await expect(titles.filter({ hasText: reason })).toHaveCount(1);
  await page.goto('/myAllSetting?detail=myTradeRecord');
  const trade = page.locator(`[data-testid="trade-row"][data-orderno="${toIssue.orderno}"]`);
  await expect(trade.getByTestId('trade-invoice')).toHaveText('已开票');
  await trade.click();
  await expect(page.getByTestId('order-invoice-number')).toHaveText(issuedNumber);
  const fromOrder = await downloadBy(page, () => page.getByTestId('order-invoice-download').click());
  expect(fromOrder.bytes.equals(bytes)).toBe(true);
});

test('admin page (en): issue, refuse, grant and revoke, at a phone’s width and a desk’s', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { operator, invoiceTeacher, toIssue, toRefuse, vipTeacher, jigou } = seeded().admin.en;

  await signIn(page, request, operator);
  await page.goto('/ktpMy');
  await expect(page.getByTestId('my-admin')).toHaveText('Operations');
  await page.getByTestId('my-admin').click();
  const row = (id: number) => page.locator(`[data-testid="admin-invoice-row"][data-id="${id}"]`);
  await expect(row(toIssue.id).getByTestId('admin-invoice-state')).toHaveText('Waiting');
  await shot(page, 'admin-en-01-invoices');

  await row(toIssue.id).click();
  await page.getByTestId('admin-issue').click();
  await expect(page.getByTestId('admin-invoice-state')).toHaveText('Issued');
  const issuedNumber = (await page.getByTestId('admin-invoice-issued-number').textContent())!;
  await expect(page.getByTestId('admin-invoice-pdf')).toHaveText('Download the invoice PDF');
  await shot(page, 'admin-en-02-issued');

  await page.getByTestId('admin-invoice-back').click();
  await row(toRefuse.id).click();
  const reason = 'The title does not match the business licence';
  await page.getByTestId('admin-refuse-reason').locator('textarea').fill(reason);
  await page.getByTestId('admin-refuse').click();
  // asked first: cancelling changes nothing
  await page.getByTestId('admin-refuse-cancel').click();
  await expect(page.getByTestId('admin-invoice-state')).toHaveText('Waiting');
  await page.getByTestId('admin-refuse').click();
  await expect(page.getByTestId('admin-refuse-dialog')).toContainText('Refuse this invoice request?');
  await page.getByTestId('admin-refuse-confirm').click();
  await expect(page.getByTestId('admin-invoice-reason')).toHaveText(reason);
  await shot(page, 'admin-en-03-refused');
  await page.getByTestId('admin-invoice-back').click();

  // at a desk's width the list and the tabs keep their shape
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByTestId('admin-invoice-filter--1').click();
  await expect(row(toRefuse.id).getByTestId('admin-invoice-state')).toHaveText('Refused');
  await shot(page, 'admin-en-04-desk-all');
  await page.setViewportSize({ width: 375, height: 812 });

  await page.getByTestId('admin-tab-vip').click();
  await expect(page.getByTestId('admin-teachers-title')).toHaveText(`Certified teachers of ${jigou}`);
  const teacher = page.getByTestId('admin-teacher-row').filter({ hasText: vipTeacher.mobile });
  await teacher.getByTestId('admin-grant-open').click();
  await teacher.getByTestId('admin-grant-months').fill('3');
  await teacher.getByTestId('admin-grant-submit').click();
  await expect(teacher.getByTestId('admin-teacher-grant')).toContainText('Valid until');
  await shot(page, 'admin-en-05-granted');

  await signIn(page, request, vipTeacher);
  await page.goto('/vipManagement');
  await expect(page.getByTestId('vip-institution')).toContainText(`from ${jigou}, valid until`);
  await shot(page, 'admin-en-06-teacher-vip');

  // the operator revokes it, asked first; the teacher's VIP ends
  await signIn(page, request, operator);
  await page.goto('/admin?tab=vip');
  const again = page.getByTestId('admin-teacher-row').filter({ hasText: vipTeacher.mobile });
  await again.getByTestId('admin-revoke').click();
  await expect(page.getByTestId('admin-revoke-dialog')).toContainText('Revoke institution VIP?');
  await page.getByTestId('admin-revoke-confirm').click();
  await expect(again.getByTestId('admin-teacher-grant')).toContainText('Ended on');
  await shot(page, 'admin-en-07-revoked');
  await signIn(page, request, vipTeacher);
  await page.goto('/vipManagement');
  await expect(page.getByTestId('vip-institution')).toHaveCount(0);

  await signIn(page, request, invoiceTeacher);
  await page.goto('/schoolmsg');
  await expect(page.getByTestId('notice-title').filter({ hasText: `has been issued (No. ${issuedNumber})` })).toHaveCount(1);
});
