import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { registerPerson, signIn } from '../courses/helpers';

/*
 * Issue 28, study cards (spec 1 §2 the trade record's study-card tab, §3 Study-card order, §4 its
 * pay_state, §6 students only; decision 037): a student opens the study-card tab (empty), buys a
 * pre-career study card through the sandbox provider, comes back to the tab and sees the order
 * completed with its validity; a second card left unpaid shows as pending and is paid from the tab.
 * Then the same screens in English. Teachers have no such tab.
 */

interface CardOrders {
  list: { orderno: string; pay_state: number }[];
}

test('study cards (zh): a student buys a pre-career study card in the sandbox and sees it completed', async ({
  page,
  request,
}) => {
  const student = await registerPerson(request, 0, '孙同学');
  await signIn(page, request, student);
  await page.goto('/myAllSetting?detail=myTradeRecord');
  await page.getByTestId('study-card-tab-title').click();
  await expect(page).toHaveURL(/tab=studyCard/);
  await expect(page.getByTestId('study-card-empty')).toContainText('暂无学习卡订单');
  const products = page.getByTestId('study-card-product');
  await expect(products.first()).toContainText('职前学习卡（半年）');
  await expect(products.first().getByTestId('study-card-buy')).toHaveText('¥99');
  await shot(page, 'study-card-zh-01-empty');

  await products.first().getByTestId('study-card-buy').click();
  await expect(page).toHaveURL(/\/paySandbox\?orderno=\d{20}$/);
  const orderno = new URL(page.url()).searchParams.get('orderno')!;
  await expect(page.getByTestId('pay-amount')).toHaveText('¥99');
  await expect(page.getByTestId('pay-product')).toHaveText('职前学习卡（半年）');
  await shot(page, 'study-card-zh-02-confirm');
  await page.getByTestId('pay-confirm').click();
  await expect(page.getByTestId('pay-success')).toHaveText('支付成功');
  await expect(page.getByTestId('pay-back-cards')).toHaveText('我的学习卡');
  await shot(page, 'study-card-zh-03-paid');

  await page.getByTestId('pay-back-cards').click();
  await expect(page).toHaveURL(/detail=myTradeRecord&tab=studyCard/);
  const row = page.locator(`[data-testid="study-card-order"][data-orderno="${orderno}"]`);
  await expect(row.getByTestId('study-card-state')).toHaveText('已完成');
  await expect(row).toContainText('¥99');
  await expect(row).toContainText('有效期至');
  expect((await api<CardOrders>(request, '/OrderApi/getStudyCardOrders', { page: 1 }, student.token)).list[0]).toMatchObject({
    orderno,
    pay_state: 1,
  });

  // a second card left unpaid is pending, and is paid from the tab
  await products.nth(1).getByTestId('study-card-buy').click();
  await expect(page).toHaveURL(/\/paySandbox\?orderno=\d{20}$/);
  const second = new URL(page.url()).searchParams.get('orderno')!;
  await page.goBack();
  await expect(page).toHaveURL(/tab=studyCard/);
  const pending = page.locator(`[data-testid="study-card-order"][data-orderno="${second}"]`);
  await expect(pending.getByTestId('study-card-state')).toHaveText('待支付');
  await expect(pending).toContainText('¥168');
  await shot(page, 'study-card-zh-04-orders');
  await pending.getByTestId('study-card-pay').click();
  await expect(page).toHaveURL(new RegExp(`/paySandbox\\?orderno=${second}$`));
  await page.getByTestId('pay-confirm').click();
  await expect(page.getByTestId('pay-success')).toBeVisible();
});

test('study cards (en): the tab, the sandbox page and a completed order; a teacher has no such tab', async ({
  page,
  request,
}) => {
  const student = await registerPerson(request, 0, 'Mary Somerville');
  await api(request, '/UserApi/setLanguage', { lang: 'en' }, student.token);
  await signIn(page, request, student);
  await page.goto('/myAllSetting?detail=myTradeRecord&tab=studyCard');
  await expect(page.getByTestId('study-card-empty')).toContainText('No study-card orders yet');
  await expect(page.getByTestId('study-card-product').first()).toContainText('Pre-career study card, 6 months');
  await expect(page.getByTestId('study-card-product').first()).toContainText('Valid 6 months');
  await shot(page, 'study-card-en-01-empty');
  await page.getByTestId('study-card-buy').first().click();
  await expect(page.getByTestId('pay-sandbox-note')).toContainText('nothing is charged');
  await shot(page, 'study-card-en-02-confirm');
  await page.getByTestId('pay-confirm').click();
  await expect(page.getByTestId('pay-success')).toBeVisible();
  await page.getByTestId('pay-back-cards').click();
  await expect(page.getByTestId('study-card-state').first()).toHaveText('Completed');
  await expect(page.getByTestId('study-card-order').first()).toContainText('Valid until');
  await shot(page, 'study-card-en-03-orders');

  const teacher = await registerPerson(request, 1, 'Teacher Hopper');
  await api(request, '/UserApi/setLanguage', { lang: 'en' }, teacher.token);
  await signIn(page, request, teacher);
  await page.goto('/myAllSetting?detail=myTradeRecord&tab=studyCard');
  await expect(page.getByTestId('trade-record-page')).toBeVisible();
  await expect(page.getByTestId('study-card-tab-title')).toHaveCount(0);
  await expect(page.getByTestId('study-card-tab')).toHaveCount(0);
});
