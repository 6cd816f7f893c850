import { expect, test } from '../../fixtures';
import { shot } from '../accounts/screens';

/*
 * Smaller things a class of 60 ran into (issue 25): `/` opens the login page for a visitor, not a
 * "log in first?" dialog over a grey page; the join-code boxes take the keyboard as the page opens.
 */
test('a visitor at / lands on the login page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-required-dialog')).toHaveCount(0);
});

test('the join-code boxes are focused as the page opens, and typing goes into them', async ({ page, asStudent }) => {
  await asStudent({ name: '郑同学' });
  await page.goto('/joinCourse');
  const boxes = page.getByTestId('join-code');
  await expect(boxes).toBeVisible();
  await expect.poll(() => boxes.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.type('123');
  await shot(page, 'join-60-focused');
});
