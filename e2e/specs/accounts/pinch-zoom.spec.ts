import type { Page } from '@playwright/test';
import { api, expect, test } from '../../fixtures';
import { registerPerson, signIn } from '../courses/helpers';
import { shot } from './screens';

/**
 * Pinches the screen open through Chromium's own pinch gesture (the browser's pinch-zoom path, which
 * honours the page's viewport limits as Android Chrome does; headless Chromium has no touchscreen for
 * the two-finger source, so the default source is used) and answers the visual viewport's scale.
 */
async function pinchOpen(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.synthesizePinchGesture', { x: 187, y: 300, scaleFactor: 2.5, gestureSourceType: 'default' });
  await cdp.detach();
  return page.evaluate(() => window.visualViewport?.scale ?? 1);
}

/** No part of the viewport rule may forbid zooming (maximum-scale=1, user-scalable=no). */
async function viewportRule(page: Page): Promise<string> {
  return (await page.locator('meta[name="viewport"]').getAttribute('content')) ?? '';
}

test('pinch-zoom enlarges the login page and a signed-in page, in Chinese and in English', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page.getByTestId('login-forgot')).toBeVisible();
  const rule = await viewportRule(page);
  expect(rule).toContain('width=device-width');
  expect(rule).not.toMatch(/maximum-scale|user-scalable\s*=\s*(no|0)/i);
  await shot(page, 'zoom-01-login-before');
  await expect.poll(() => pinchOpen(page)).toBeGreaterThan(1.5);
  await shot(page, 'zoom-02-login-zoomed');

  // a teacher reading their course list in English zooms it the same way
  const teacher = await registerPerson(request, 1, 'Grace Hopper');
  await api(request, '/UserApi/setLanguage', { lang: 'en' }, teacher.token);
  await signIn(page, request, teacher);
  await page.goto('/ktpCourse');
  await expect(page.getByTestId('course-create')).toBeVisible();
  await expect(page.getByTestId('tab-ktpCourse')).toContainText('Courses');
  expect(await page.evaluate(() => window.visualViewport?.scale ?? 1)).toBeCloseTo(1, 1);
  await expect.poll(() => pinchOpen(page)).toBeGreaterThan(1.5);
  await shot(page, 'zoom-03-courses-en-zoomed');
});
