import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Page, test as base, expect } from '@playwright/test';

/**
 * Journeys seed and sign in through the API, then drive only the journey under test.
 * Codes come from the development outbox (`/DevApi/lastCode`), as a person would read their phone.
 */
export const DEMO = {
  teacher: { mobile: '13800000001', password: 'Teach@2026', name: '王老师' },
  student1: { mobile: '13800000002', password: 'Study@2026', name: '李同学' },
  student2: { mobile: '13800000003', password: 'Study@2026', name: '张同学' },
  weak: { mobile: '13800000004', password: '123456', name: '赵同学' },
};

export async function api<T = any>(
  request: APIRequestContext,
  path: string,
  body: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const res = await request.post(path, { data: body, headers: token ? { token } : {} });
  const json = await res.json();
  if (json.status !== 1) throw new Error(`${path} refused: ${json.code} ${json.message}`);
  return json.data as T;
}

/** An institution the run's operator data holds (apps/server/test/e2e-seed.ts), with its activation codes by number. */
export interface SeededInstitution {
  jigouid: number;
  jigou: string;
  /** the phone the roster lists for its teacher, where certification codes go */
  teacherMobile?: string;
  codes: Record<string, string>;
}

/** The operator data seeded into this run's data folder before the server started (nothing that writes is on HTTP). */
export function seeded(): {
  semester: string;
  institutions: Record<string, SeededInstitution>;
  demoCourse: { id: number; coursename: string; author: { mobile: string; password: string; name: string } };
} {
  const dir = process.env.PAICLASS_E2E_DATA_DIR;
  if (!dir) throw new Error('PAICLASS_E2E_DATA_DIR is not set: run the journeys with e2e/playwright.config.ts');
  return JSON.parse(fs.readFileSync(path.join(dir, 'e2e-seed.json'), 'utf8'));
}

/** The newest code for a phone, an email or a picture code's sessionid. */
export async function lastCode(request: APIRequestContext, target: string): Promise<string> {
  return (await api<{ code: string }>(request, '/DevApi/lastCode', { target })).code;
}

/** The answer to the picture code the page currently shows (its <img> src carries the sessionid). */
export async function pictureAnswer(page: Page, request: APIRequestContext, imgTestId = 'figure-code-img'): Promise<string> {
  const img = page.getByTestId(imgTestId);
  await expect(img).toBeVisible();
  await expect(img).toHaveAttribute('src', /sessionid=/);
  const src = (await img.getAttribute('src'))!;
  const sessionid = new URL(src, 'http://x').searchParams.get('sessionid')!;
  return lastCode(request, sessionid);
}

let counter = 0;
/** A phone number no other journey of this run uses. */
export const freshPhone = () => `137${String(Date.now()).slice(-6)}${String(counter++ % 100).padStart(2, '0')}`;

/** Logs in through the API and opens the app with the token stored, as after a real login. */
export async function loginAs(page: Page, request: APIRequestContext, account: string, password: string) {
  const data = await api<{ token: string }>(request, '/UserApi/login', { email: account, password });
  await page.goto('/NotFound');
  await page.evaluate((token) => localStorage.setItem('token', token), data.token);
  return data.token;
}

/** Saves a phone-size screenshot of the current screen under e2e/screenshots/. */
export async function snap(page: Page, name: string) {
  // a page that keeps a connection open (a PDF viewer reading by ranges) is shot after 10 s anyway
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.screenshot({ path: fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url)), fullPage: false });
}

/**
 * Every journey also checks the content security policy: a violation the browser reports (a blocked
 * script, style, image, frame or connection) fails the test that caused it.
 */
export const test = base.extend<{ cspGuard: undefined }>({
  cspGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use(undefined);
      expect(violations, 'content security policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
