import type { Page } from '@playwright/test';
import { expect, snap } from '../../fixtures';

/**
 * true once no dialog, popup or mask is half-way through its opening or closing animation (antd-mobile
 * animates them from script, so Playwright's own checks do not wait for them). Toasts are not waited
 * for: a screen that is not about its toast is shot with the toast hidden (see `shot`), at once.
 */
async function settledInPage() {
  const still = () => {
    const moving = document.querySelectorAll<HTMLElement>('.adm-mask, .adm-center-popup-wrap > div, .adm-popup-body');
    for (const el of moving) {
      if (el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      // a popup that has just opened starts at 0 (a shot then caught its buttons fading in, 1.03:1)
      if (Number(style.opacity) < 1) return false;
      if (style.transform !== 'none' && style.transform !== 'matrix(1, 0, 0, 1, 0, 0)') return false;
    }
    return true;
  };
  if (!still()) return false;
  // still again a few frames later: a popup that a click has just asked for may not have mounted at the first look
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100))));
  return still();
}

/**
 * The screenshot of a screen at rest: waits for animations to end, then saves e2e/screenshots/NAME.png,
 * with a toast still on the screen hidden unless the toast is what the screen is about (`keepToasts`).
 */
export async function shot(page: Page, name: string, { keepToasts = false }: { keepToasts?: boolean } = {}) {
  await expect.poll(() => page.evaluate(settledInPage), { timeout: 5_000 }).toBe(true);
  await snap(page, name, { hideToasts: !keepToasts });
}
