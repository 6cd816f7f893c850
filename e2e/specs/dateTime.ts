import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/*
 * The app's date-time field (apps/web/src/components/DateTimeField.tsx, issue 25): a button that opens
 * a sheet of wheels. Journeys pick through it as a person at a keyboard does: open the field, go to
 * each column's spin button, press ↑/↓ until it reads the value wanted, Enter.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The field's value ("2026-09-01T08:30", local time) `secondsFromNow` from now, to the minute. */
export function localIn(secondsFromNow: number) {
  const d = new Date(Date.now() + secondsFromNow * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The field's value `days` from now at `time` ("10:00" unless given). */
export function localDayAt(days: number, time = '10:00') {
  return `${localIn(days * 86_400).slice(0, 10)}T${time}`;
}

/** Opens the field `testid`'s picker and waits until it is shown. */
export async function openPicker(page: Page, testid: string) {
  await page.getByTestId(testid).click();
  await expect(page.getByTestId(`${testid}-picker`)).toBeVisible();
  await expect(page.getByTestId(`${testid}-year`)).toBeFocused();
}

/**
 * Picks `value` ("YYYY-MM-DDTHH:mm") in the field `testid`: opens its picker, turns each column with the
 * arrow keys (year first, minute last), presses Enter, and waits until the field holds the value.
 */
export async function pickDateTime(page: Page, testid: string, value: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) throw new Error(`pickDateTime: "${value}" is not YYYY-MM-DDTHH:mm`);
  const wanted = m.slice(1).map(Number);
  await openPicker(page, testid);
  const columns = ['year', 'month', 'day', 'hour', 'minute'] as const;
  for (const [i, column] of columns.entries()) {
    const spin = page.getByTestId(`${testid}-${column}`);
    const want = wanted[i]!;
    // a column held at the field's lower bound moves on once the coarser ones have: read and press again
    for (let round = 0; round < 4; round++) {
      const now = Number(await spin.getAttribute('aria-valuenow'));
      if (now === want) break;
      await spin.focus();
      const key = want > now ? 'ArrowUp' : 'ArrowDown';
      for (let n = Math.abs(want - now); n > 0; n--) await page.keyboard.press(key);
    }
    await expect(spin).toHaveAttribute('aria-valuenow', String(want));
  }
  // Enter on a wheel confirms, as OK does; the focus goes back to the field
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`${testid}-picker`)).toBeHidden();
  await expect(page.getByTestId(testid)).toHaveAttribute('data-value', value);
  await expect(page.getByTestId(testid)).toBeFocused();
}

/** Clears the optional field `testid` through its picker's Clear. */
export async function clearDateTime(page: Page, testid: string) {
  await openPicker(page, testid);
  await page.getByTestId(`${testid}-clear`).click();
  await expect(page.getByTestId(`${testid}-picker`)).toBeHidden();
  await expect(page.getByTestId(testid)).toHaveAttribute('data-value', '');
}
