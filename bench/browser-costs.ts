// What a journey's browser steps cost the machine (issue 23: the journeys are most of `npm test`): in the
// journeys' own Chromium with their own flags and phone (e2e/playwright.config.ts), against the real server,
// each step repeated and timed in CPU-seconds of the whole machine (/proc/stat: the browser's processes, the
// server and this script together), beside a baseline in the same run: a new phone showing an empty page.
// Steps: a new phone opening /login (a context, its first renderer, the app's first boot), /login opened
// again in the same tab, axe-core put into the page and run (e2e/fixtures.ts checkA11y), a screenshot.
// BENCH_BROWSER_ROUNDS sets the repeats (12). Prints one JSON result.
import fs from 'node:fs';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
// the same axe-core and rules as the journeys' checkA11y
import { AXE_SOURCE, AXE_TAGS } from '../e2e/fixtures';
import config from '../e2e/playwright.config';
import { basePort, ensureWebBuild, log, onStop, runBench, startServer } from './server';

const ROUNDS = Number(process.env.BENCH_BROWSER_ROUNDS ?? 12);

/** CPU-seconds the whole machine has spent so far (every core; idle and waiting on disks left out). */
function machineSeconds() {
  const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number) as number[];
  return (user! + nice! + system! + irq! + softirq! + steal!) / 100;
}

/** The machine's CPU-milliseconds per run of `step`, over ROUNDS runs after one not counted. */
async function perStep(label: string, step: (round: number) => Promise<void>) {
  await step(-1);
  const before = machineSeconds();
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++) await step(round);
  const cpuMs = Math.round(((machineSeconds() - before) / ROUNDS) * 1000);
  const wallMs = Math.round((performance.now() - started) / ROUNDS);
  log(`${label}: ${cpuMs} ms of CPU, ${wallMs} ms of wall a step`);
  return { cpuMs, wallMs };
}

const ready = (page: Page) => page.waitForSelector('input, button');

async function measure(browser: Browser, base: string) {
  const use = config.use ?? {};
  const phone: BrowserContextOptions = {
    baseURL: base,
    viewport: use.viewport ?? { width: 375, height: 812 },
    deviceScaleFactor: 1,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    locale: use.locale,
  };
  const emptyPhone = await perStep('a new phone, an empty page', async () => {
    const context = await browser.newContext(phone);
    await context.newPage();
    await context.close();
  });
  const firstBoot = await perStep('a new phone opening /login', async () => {
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    await page.goto('/login');
    await ready(page);
    await context.close();
  });
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await page.goto('/login');
  await ready(page);
  const againBoot = await perStep('/login opened again in the same tab', async (round) => {
    await page.goto(`/login?round=${round}`);
    await ready(page);
  });
  // axe-core as checkA11y puts it into each new document, then a check of the screen
  const axeInto = await perStep('/login reloaded and axe-core put into it', async () => {
    await page.reload();
    await ready(page);
    await page.evaluate(AXE_SOURCE);
  });
  const check = () =>
    page.evaluate(
      async (tags) =>
        (
          await (window as unknown as { axe: { run(c: unknown, o: object): Promise<{ violations: unknown[] }> } }).axe.run(
            document,
            { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
          )
        ).violations.length,
      AXE_TAGS,
    );
  const axeCheck = await perStep('an axe-core check of /login', async () => {
    await check();
  });
  const screenshot = await perStep('a screenshot', async () => {
    await page.screenshot();
  });
  await context.close();
  // the reload is not the injection's: taken out as the same tab's boot
  const axeInject = { cpuMs: axeInto.cpuMs - againBoot.cpuMs, wallMs: axeInto.wallMs - againBoot.wallMs };
  const ratio = (step: { cpuMs: number }) => +(step.cpuMs / emptyPhone.cpuMs).toFixed(2);
  return {
    emptyPhone,
    firstBoot: { ...firstBoot, ratioToEmptyPhone: ratio(firstBoot) },
    againBoot: { ...againBoot, ratioToEmptyPhone: ratio(againBoot) },
    axeInject: { ...axeInject, ratioToEmptyPhone: ratio(axeInject) },
    axeCheck: { ...axeCheck, ratioToEmptyPhone: ratio(axeCheck) },
    screenshot: { ...screenshot, ratioToEmptyPhone: ratio(screenshot) },
  };
}

await runBench(async () => {
  const web = ensureWebBuild();
  const server = await startServer(basePort + 6);
  const launch = config.use?.launchOptions ?? {};
  const browser = await chromium.launch(launch);
  onStop(() => browser.close());
  const steps = await measure(browser, server.url);
  return {
    bench: 'browser-costs',
    server: server.command,
    webBuild: web,
    browser: launch.executablePath,
    flags: launch.args,
    rounds: ROUNDS,
    unit: 'CPU-milliseconds of the whole machine per step, and wall milliseconds',
    steps,
  };
});
