import { downloadBy, expect, seeded, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { signIn } from '../courses/helpers';

/*
 * Issue 28, decision 039, what the operators do: before the server started, the operator issued one of
 * a teacher's invoice requests (`npm run orders -- invoice-issue`: a number and a PDF) and refused the
 * other with a reason (`invoice-reject`), and a school's operator granted its certified teacher
 * institution VIP (`npm run institution:vip -- grant`; apps/server/test/e2e-seed.ts). The teacher is
 * told in the message notices, sees each state on the order, downloads the PDF and asks again for the
 * refused one; the granted teacher sees institution VIP on /vipManagement. zh in full, en the screens.
 */

test('operators (zh): an invoice issued with its PDF, one refused and asked again, institution VIP on the VIP page', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { invoiceTeacher, issued, refused, vipTeacher, jigou, refunded, closed } = seeded().operator.zh;

  // the notices say what the operator did; the issued one leads to the trade record
  await signIn(page, request, invoiceTeacher);
  await page.goto('/schoolmsg');
  const titles = page.getByTestId('notice-title');
  await expect(titles.filter({ hasText: `发票已开具（发票号码 ${issued.number}）` })).toHaveCount(1);
  await expect(titles.filter({ hasText: refused.reason })).toHaveCount(1);
  await shot(page, 'operator-zh-01-notices');
  await page.getByTestId('notice-open').filter({ hasText: issued.number }).click();
  await expect(page).toHaveURL(/\/myAllSetting\?detail=myTradeRecord$/);

  // each order shows its invoice's state
  const row = (orderno: string) => page.locator(`[data-testid="trade-row"][data-orderno="${orderno}"]`);
  await expect(row(issued.orderno).getByTestId('trade-invoice')).toHaveText('已开票');
  await expect(row(refused.orderno).getByTestId('trade-invoice')).toHaveText('开票被拒');
  await shot(page, 'operator-zh-02-record');

  // the issued one: its number, and its PDF downloaded
  await row(issued.orderno).click();
  await expect(page.getByTestId('order-invoice')).toHaveText('已开票');
  await expect(page.getByTestId('order-invoice-number')).toHaveText(issued.number);
  await shot(page, 'operator-zh-03-issued');
  const { name, bytes } = await downloadBy(page, () => page.getByTestId('order-invoice-download').click());
  expect(name).toBe(`invoice-${issued.number}.pdf`);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.toString('latin1')).toContain('NotoSansHans');
  await page.getByTestId('nav-back').click();

  // the refused one: why, and it may be invoiced again
  await row(refused.orderno).click();
  await expect(page.getByTestId('order-invoice')).toHaveText('开票被拒');
  await expect(page.getByTestId('order-invoice-reason')).toHaveText(refused.reason);
  await expect(page.getByTestId('order-invoice-download')).toHaveCount(0);
  await shot(page, 'operator-zh-04-refused');
  await page.getByTestId('nav-back').click();
  await page.getByTestId('trade-invoice-toggle').click();
  await expect(row(issued.orderno).getByTestId('trade-check').locator('input')).toBeDisabled();
  await row(refused.orderno).getByTestId('trade-check').click();
  await page.getByTestId('trade-next').click();
  // asked again on paper: the paper checks in the spec's order (recipient, address), then the success panel
  // says it ships free, the order being three months of VIP (spec 1 §9: two months or more)
  await page.getByTestId('invoice-medium').getByText('纸质发票').click();
  await page.getByTestId('invoice-title').fill('冯老师');
  await page.getByTestId('invoice-submit').click();
  await expect(page.getByTestId('invoice-recipients-error')).toHaveText('请输入收件人');
  await page.getByTestId('invoice-recipients').fill('冯老师');
  await page.getByTestId('invoice-submit').click();
  await expect(page.getByTestId('invoice-deliveryaddress-error')).toHaveText('请输入收件地址');
  await page.getByTestId('invoice-deliveryaddress').fill('北京市海淀区中关村大街 1 号');
  await page.getByTestId('invoice-telphone').fill('13800000000');
  await shot(page, 'operator-zh-05-paper-form');
  await page.getByTestId('invoice-submit').click();
  await expect(page.getByTestId('invoice-success')).toHaveText('发票申请已提交');
  await expect(page.getByTestId('invoice-success-text')).toContainText('纸质发票包邮寄出。');
  await shot(page, 'operator-zh-06-paper-done');
  await page.getByTestId('invoice-back').click();
  await expect(row(refused.orderno).getByTestId('trade-invoice')).toHaveText('开票中');
  await shot(page, 'operator-zh-07-asked-again');

  // institution VIP, granted by the school's operator
  await signIn(page, request, vipTeacher);
  await page.goto('/vipManagement');
  await expect(page.getByTestId('vip-level')).toHaveText('机构会员');
  await expect(page.getByTestId('vip-institution')).toContainText(`${jigou} 开通的机构会员，有效期至`);
  await expect(page.getByTestId('vip-until')).toHaveCount(0);
  await shot(page, 'operator-zh-08-institution-vip');

  // the year of VIP the operator refunded half-way through: the plan is pro rata, half came back
  expect(refunded.amount).toBe(1200);
  await page.goto('/myAllSetting?detail=myTradeRecord');
  await row(refunded.orderno).click();
  await expect(page.getByTestId('order-state')).toHaveText('已退款');
  await expect(page.getByTestId('order-refund-fee')).toHaveText('¥12');
  await shot(page, 'operator-zh-09-refunded-pro-rata');

  // a month's VIP ordered and never paid: closed after its 30 minutes, and no longer payable
  await page.getByTestId('nav-back').click();
  await row(closed.orderno).click();
  await expect(page.getByTestId('order-state')).toHaveText('已关闭');
  await shot(page, 'operator-zh-10-closed');
});

test('operators (en): the notices, the issued and refused invoices, and institution VIP', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { invoiceTeacher, issued, refused, vipTeacher, jigou, refunded, closed } = seeded().operator.en;
  await signIn(page, request, invoiceTeacher);
  await page.goto('/schoolmsg');
  await expect(page.getByTestId('notice-title').filter({ hasText: `has been issued (No. ${issued.number})` })).toHaveCount(1);
  await shot(page, 'operator-en-01-notices');
  await page.goto('/myAllSetting?detail=myTradeRecord');
  const row = (orderno: string) => page.locator(`[data-testid="trade-row"][data-orderno="${orderno}"]`);
  await expect(row(issued.orderno).getByTestId('trade-invoice')).toHaveText('Invoiced');
  await expect(row(refused.orderno).getByTestId('trade-invoice')).toHaveText('Invoice refused');
  await shot(page, 'operator-en-02-record');
  await row(issued.orderno).click();
  await expect(page.getByTestId('order-invoice-download')).toHaveText('Download the invoice PDF');
  await shot(page, 'operator-en-03-issued');
  await page.getByTestId('nav-back').click();
  await row(refused.orderno).click();
  await expect(page.getByTestId('order-invoice-reason')).toHaveText(refused.reason);
  await shot(page, 'operator-en-04-refused');
  await signIn(page, request, vipTeacher);
  await page.goto('/vipManagement');
  await expect(page.getByTestId('vip-institution')).toContainText(`from ${jigou}, valid until`);
  await shot(page, 'operator-en-05-institution-vip');
  await page.goto('/myAllSetting?detail=myTradeRecord');
  await row(refunded.orderno).click();
  await expect(page.getByTestId('order-refund-fee')).toHaveText('¥12');
  await shot(page, 'operator-en-06-refunded-pro-rata');
  await page.getByTestId('nav-back').click();
  await row(closed.orderno).click();
  await expect(page.getByTestId('order-state')).toHaveText('Closed');
});
