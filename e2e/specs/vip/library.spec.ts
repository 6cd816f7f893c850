import { api, expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';
import { registerPerson, signIn } from '../courses/helpers';

/*
 * Issue 28, the library (/myAllSetting?detail=myLibrary): a teacher opens it from the personal centre
 * with nothing bought (the empty state leads to the VIP page), then, with a month in force and a year
 * bought for after it, sees both cards with their validity; a student sees their study card, in
 * English.
 */

interface Products {
  list: { id: number; months: number }[];
}

/** Buys a product and pays it in the sandbox, as the pay page does. */
async function buy(request: Parameters<typeof api>[0], token: string, productid: number) {
  const { orderno } = await api<{ orderno: string }>(request, '/OrderApi/createOrder', { productid }, token);
  await api(request, '/OrderApi/sandboxPay', { orderno, result: 'pay' }, token);
}

test('the library (zh): empty at first, leading to the VIP page; then a card in force and one bought for later', async ({
  page,
  request,
}) => {
  const teacher = await registerPerson(request, 1, '钱老师');
  await signIn(page, request, teacher);
  await page.goto('/ktpMy');
  await page.getByTestId('my-library').click();
  await expect(page).toHaveURL(/detail=myLibrary/);
  await expect(page.getByTestId('library-empty')).toContainText('这里还没有东西');
  await shot(page, 'library-zh-01-empty');
  await page.getByTestId('library-open-vip').click();
  await expect(page).toHaveURL(/\/vipManagement/);

  const { list } = await api<Products>(request, '/VipApi/getProductList', {}, teacher.token);
  await buy(request, teacher.token, list.find((p) => p.months === 1)!.id);
  await buy(request, teacher.token, list.find((p) => p.months === 12)!.id);
  await page.goto('/myAllSetting?detail=myLibrary');
  const items = page.getByTestId('library-item');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('会员月卡');
  await expect(items.nth(0).getByTestId('library-item-state')).toHaveText(/^生效中，剩余 3[01] 天$/);
  await expect(items.nth(0)).toContainText('购于');
  await expect(items.nth(1).getByTestId('library-item-state')).toHaveText('未生效');
  await expect(items.nth(1)).toHaveAttribute('data-kind', 'vip');
  await shot(page, 'library-zh-02-cards');
});

test('the library (en): a student’s study card', async ({ page, request }) => {
  const student = await registerPerson(request, 0, 'Ada Lovelace');
  await api(request, '/UserApi/setLanguage', { lang: 'en' }, student.token);
  const { list } = await api<Products>(request, '/OrderApi/getStudyCardProducts', {}, student.token);
  await buy(request, student.token, list[0]!.id);
  await signIn(page, request, student);
  await page.goto('/ktpMy');
  await expect(page.getByTestId('my-library')).toHaveText('My library');
  await page.getByTestId('my-library').click();
  const item = page.getByTestId('library-item');
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-kind', 'studyCard');
  await expect(item).toContainText('Study card');
  await expect(item).toContainText('Pre-career study card, 6 months');
  await expect(item.getByTestId('library-item-state')).toHaveText(/^In force, \d+ days left$/);
  await shot(page, 'library-en-01-card');
});
