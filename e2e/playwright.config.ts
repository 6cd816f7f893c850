import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Every journey makes its own people and courses through the API (e2e/fixtures.ts: asTeacher, asStudent,
// newCourse) and has a client address of its own, so journeys run side by side on one server: E2E_WORKERS
// of them (2 by default, the machine's cores), any test of any file on any worker. E2E_GROUP=a or b still
// runs a part of the folders (a: those listed here, b: every other folder), for a machine that wants two
// servers; unset, all of them.
const GROUP_A = ['courses', 'home', 'members', 'notices'];
const group = process.env.E2E_GROUP || undefined;
if (group !== undefined && group !== 'a' && group !== 'b') throw new Error(`E2E_GROUP must be "a", "b" or unset, not "${group}"`);
const inGroupA = GROUP_A.map((folder) => `**/specs/${folder}/**`); // whole folder names: "home" is not "homework"
const suffix = group ? `-${group}` : '';
const workers = Number(process.env.E2E_WORKERS ?? 2);
if (!Number.isInteger(workers) || workers < 1)
  throw new Error(`E2E_WORKERS must be a whole number from 1, not "${process.env.E2E_WORKERS}"`);

const port = Number(process.env.E2E_PORT ?? (group === 'b' ? 3200 : 3100));
// a fresh embedded server per run: its own data folder, PGlite, the development outbox. The workers load this
// file again: they take the runner's folder from the environment, to read the operator data seeded there.
process.env.PAICLASS_E2E_DATA_DIR ??= path.join(os.tmpdir(), `paiclass-e2e${suffix}-${Date.now()}`);
const dataDir = process.env.PAICLASS_E2E_DATA_DIR;

export default defineConfig({
  testDir: './specs',
  ...(group === 'a' && { testMatch: inGroupA.map((glob) => `${glob}/*.spec.ts`) }),
  ...(group === 'b' && { testIgnore: inGroupA }),
  outputDir: `../.tmp/e2e-results${suffix}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: `../.tmp/playwright${suffix}.json` }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // the operator data first (institutions, a demo course: apps/server/test/e2e-seed.ts), as the operator
    // commands would load it; then the server as `npm start` runs it: compiled, built first when missing or stale
    command: 'npx tsx apps/server/test/e2e-seed.ts && node scripts/start.mjs',
    cwd: '..',
    url: `http://127.0.0.1:${port}/openapi.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MODE: 'development',
      LOG_LEVEL: 'warn',
      CHECK_RESPONSES: 'true',
      DATABASE_URL: '',
      REDIS_URL: '',
      // each test sends an address of its own in X-Forwarded-For (e2e/fixtures.ts), as people on their own
      // networks behind a proxy: rate limits and daily code caps per address count each test apart. The
      // server listens on 127.0.0.1 only, and /DevApi still looks at the socket's own address
      TRUST_PROXY: 'true',
    },
  },
});
