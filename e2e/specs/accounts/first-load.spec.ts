import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { api, DEMO, expect, snap, test } from '../../fixtures';

/** issue 10: the JavaScript a phone downloads before a page shows, gzip -9, against the budget. */
const LOGIN_BUDGET = 120 * 1024; // the brief's 120 KB, met since decision 050's second round
// The journeys' demo teacher has no course this term: the list's empty state fetches its picture
// (antd-mobile's ErrorBlock, a chunk of its own) once the list has answered, 124 KB in all (stop 41).
// `npm run bench:first-load` holds a list of courses to the brief's 120 KB; this holds issue 10's limit.
const COURSES_BUDGET = 180 * 1024;

/** Records every JS answer of the page from now on; `total()` gzips each body (level 9) and sums. */
function recordScripts(page: Page) {
  const bodies: Promise<{ url: string; gz: number }>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (response.request().resourceType() !== 'script' && !/\.m?js(\?|$)/.test(url)) return;
    bodies.push(response.body().then((body) => ({ url, gz: gzipSync(body, { level: 9 }).length })));
  });
  return {
    async total() {
      const all = await Promise.all(bodies);
      return { count: all.length, bytes: all.reduce((sum, item) => sum + item.gz, 0) };
    },
  };
}

/**
 * The address of the one built chunk that draws `testId` (the page's own), as a pattern for `page.route`:
 * chunks are named by their hash alone (decision 050), so a page's file is found by what it holds.
 */
function chunkDrawing(testId: string) {
  const dir = new URL('../../../apps/web/dist/assets/', import.meta.url);
  const files = fs.readdirSync(dir).filter((name) => {
    if (!name.endsWith('.js')) return false;
    const code = fs.readFileSync(new URL(name, dir), 'utf8');
    return code.includes(`\`${testId}\``) || code.includes(`"${testId}"`);
  });
  expect(files, `the built chunks that draw ${testId}`).toHaveLength(1);
  return new RegExp(`/assets/${files[0]!.replace(/[.-]/g, '\\$&')}$`);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A fresh context is a cold cache; the token is stored before the app's first script runs. */
async function withToken(page: Page, token: string) {
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
}

async function teacherToken(page: Page) {
  return (
    await api<{ token: string }>(page.request, '/UserApi/login', { email: DEMO.teacher.mobile, password: DEMO.teacher.password })
  ).token;
}

test('the login page loads within the first-load JavaScript budget on a cold cache', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/login');
  await expect(page.getByTestId('login-page')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const { count, bytes } = await scripts.total();
  console.log(`first load /login: ${count} JS files, ${kb(bytes)} gzip -9 (budget ${kb(LOGIN_BUDGET)})`);
  expect(bytes).toBeLessThanOrEqual(LOGIN_BUDGET);
});

test('the course list loads within its first-load JavaScript budget for a logged-in teacher', async ({ page }) => {
  await withToken(page, await teacherToken(page));
  const scripts = recordScripts(page);
  await page.goto('/ktpCourse');
  await expect(page.getByTestId('tab-page-ktpCourse')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const { count, bytes } = await scripts.total();
  console.log(`first load /ktpCourse: ${count} JS files, ${kb(bytes)} gzip -9 (budget ${kb(COURSES_BUDGET)})`);
  expect(bytes).toBeLessThanOrEqual(COURSES_BUDGET);
});

test('the placeholder shows while the script loads, then the page loading state while its chunk arrives', async ({ page }) => {
  let releaseEntry = () => {};
  const entryHeld = new Promise<void>((resolve) => {
    releaseEntry = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await entryHeld;
    await route.continue();
  });
  let releasePage = () => {};
  const pageHeld = new Promise<void>((resolve) => {
    releasePage = resolve;
  });
  await page.route(chunkDrawing('login-page'), async (route) => {
    await pageHeld;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const placeholder = page.getByTestId('boot-placeholder');
  await expect(placeholder).toBeVisible();
  await expect(placeholder).toContainText('PaiClass');
  await page.screenshot({ path: new URL('../../screenshots/first-load-placeholder.png', import.meta.url).pathname });
  releaseEntry();
  await expect(page.getByTestId('page-loading')).toBeVisible();
  await expect(placeholder).toHaveCount(0);
  await page.screenshot({ path: new URL('../../screenshots/first-load-page-loading.png', import.meta.url).pathname });
  releasePage();
  await expect(page.getByTestId('login-page')).toBeVisible();
});

test('a page chunk that cannot be fetched reloads the page once, then shows the ChunkLoadError page', async ({ page }) => {
  await withToken(page, await teacherToken(page));
  let documents = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents += 1;
  });
  // as after a deploy: the old hashed file of the course list is gone
  const courseList = chunkDrawing('tab-page-ktpCourse');
  await page.route(courseList, (route) => route.abort());
  await page.goto('/ktpCourse');
  // two whole loads of the app (the failure, the one reload) before the page shows: on a busy machine that is slow
  await expect(page.getByTestId('chunk-error-page')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('chunk-error-page')).toContainText('页面加载失败');
  await expect(page.getByTestId('route-error-reload')).toHaveText(/重试/);
  expect(documents).toBe(2);
  await snap(page, 'first-load-chunk-error');

  // the retry button reloads; with the file back the page shows, and a later failure may reload once again
  await page.unroute(courseList);
  await page.getByTestId('route-error-reload').click();
  await expect(page.getByTestId('tab-page-ktpCourse')).toBeVisible();
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('chunkReload:')))).toEqual([]);
});

test('the ChunkLoadError page speaks English for an English user', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
  await page.route(chunkDrawing('login-page'), (route) => route.abort());
  await page.goto('/login');
  await expect(page.getByTestId('chunk-error-page')).toContainText('The page could not load', { timeout: 30_000 });
  await expect(page.getByTestId('route-error-reload')).toHaveText(/Retry/);
});
