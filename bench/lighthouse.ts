// Lighthouse mobile run (issue #10): the npm `lighthouse` package's default configuration (a phone,
// simulated slow 4G and CPU throttling) in Debian's Chromium, against the real server: /login, and
// /ktpCourse logged in as the demo teacher. Each page gets a browser of its own with a cold cache.
// Prints one JSON result; the HTML reports are kept in .tmp/lighthouse/.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { DEMO, login, seedTerm } from './fixtures';
import { basePort, CHROMIUM, CHROMIUM_FLAGS, ensureWebBuild, log, onStop, root, runBench, startServer } from './server';

const reports = path.join(root, '.tmp/lighthouse');
const lighthouseVersion = () =>
  JSON.parse(fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version as string;

/**
 * Puts the session token where the web app keeps it (localStorage `token`, apps/web/src/lib/storage.ts)
 * from a page of the same origin that loads none of the app's scripts, then empties the cache, so
 * that the audited visit is logged in and still cold.
 */
async function signIn(port: number, base: string, token: string) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  await page.goto(`${base}/openapi.json`);
  await page.evaluate((t) => window.localStorage.setItem('token', t), token);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  await browser.disconnect();
}

async function audit(base: string, pathname: string, token?: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [...CHROMIUM_FLAGS, '--disable-dev-shm-usage'],
  });
  let killed = false;
  const kill = async () => {
    if (killed) return;
    killed = true;
    chrome.kill();
  };
  onStop(kill);
  try {
    if (token) await signIn(chrome.port, base, token);
    const result = await lighthouse(base + pathname, {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // keep the token just stored; the cache was emptied by signIn
      disableStorageReset: Boolean(token),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${pathname}`);
    const { lhr } = result;
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== pathname) throw new Error(`${pathname} ended on ${landed}: not measured`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    fs.mkdirSync(reports, { recursive: true });
    const report = path.join(reports, `${pathname.slice(1)}.html`);
    fs.writeFileSync(report, String(result.report));
    const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const summary = {
      page: pathname,
      performance: score,
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      fcpMs: ms('first-contentful-paint'),
      speedIndexMs: ms('speed-index'),
      totalKiB: Math.round(ms('total-byte-weight') / 1024),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      warnings: lhr.runWarnings,
      report: path.relative(root, report),
    };
    log(
      `${pathname}: performance ${score}, LCP ${summary.lcpMs} ms, TBT ${summary.tbtMs} ms, FCP ${summary.fcpMs} ms, ${summary.totalKiB} KiB`,
    );
    return summary;
  } finally {
    await kill();
  }
}

await runBench(async () => {
  const web = ensureWebBuild();
  const server = await startServer(basePort + 3);
  await seedTerm(server.url);
  const token = await login(server.url, DEMO.teacher);
  const pages = [await audit(server.url, '/login'), await audit(server.url, '/ktpCourse', token)];
  return {
    bench: 'lighthouse',
    server: server.command,
    webBuild: web,
    lighthouse: `${lighthouseVersion()}, default (mobile) configuration, simulated throttling`,
    browser: CHROMIUM,
    pages,
  };
});
