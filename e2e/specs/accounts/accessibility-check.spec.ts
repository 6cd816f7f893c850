import type { Page } from '@playwright/test';
import { checkA11y, expect, test } from '../../fixtures';

/** A nameless button and faint words, planted in the page as it is. */
async function plantFaults(page: Page) {
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.id = 'planted-button';
    const words = document.createElement('p');
    words.textContent = 'faint words';
    words.style.cssText = 'color:#eee;background:#fff';
    document.body.append(button, words);
  });
}

// The check every journey screen goes through (fixtures.ts: checkA11y, axe-core put into each document it
// reads): it must find faults wherever a journey looks, in the test's page, after a new page load, and in
// another phone.
test('the accessibility check finds faults planted in a page, after a reload and in a second phone', async ({
  page,
  newPhone,
}) => {
  for (const [where, target] of [
    ['first load', page],
    ['second phone', await newPhone()],
  ] as const) {
    await target.goto('/login');
    await expect(target.getByTestId('login-submit')).toBeVisible();
    await checkA11y(target, `login, ${where}`);
    await plantFaults(target);
    await expect(checkA11y(target, `planted, ${where}`)).rejects.toThrow(/button-name[\s\S]*color-contrast.*1\.16/);
  }
  await page.reload();
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await plantFaults(page);
  await expect(checkA11y(page, 'planted, reloaded')).rejects.toThrow(/planted-button/);
});
