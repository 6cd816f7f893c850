import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Every journey makes its own people and courses through the API (e2e/fixtures.ts: asTeacher, asStudent,
// newCourse) and has a client address of its own, so journeys run side by side on one server: E2E_WORKERS
// of them, any test of any file on any worker. 4 by default on the 2-core machine: a journey spends much of
// its time waiting on pages, timers and the server, and the journeys now run alone (decision 043). Measured
// on this machine, all journeys on PostgreSQL and Redis: 14:13 with three workers (a clean clone's `npm
// test`), 12:44 with four. In the headless shell (decision 047) 69 journeys took 313 s with four and 291 s
// with five, but the whole set's clean-clone run took 11:16 with four (no retry) and 11:56 with five, two
// journeys failing once under the load (the browser live's replay, a reconnect). Beside the integration
// stages four had kept the machine at a load of 17, where
// steps took seconds and journeys ran out of time. E2E_GROUP=a or b still
// runs a part of the folders (a: those listed here, b: every other folder), for a machine that wants two
// servers; unset, all of them.
const GROUP_A = ['courses', 'home', 'members', 'notices'];
const group = process.env.E2E_GROUP || undefined;
if (group !== undefined && group !== 'a' && group !== 'b') throw new Error(`E2E_GROUP must be "a", "b" or unset, not "${group}"`);
const inGroupA = GROUP_A.map((folder) => `**/specs/${folder}/**`); // whole folder names: "home" is not "homework"
const suffix = group ? `-${group}` : '';
const workers = Number(process.env.E2E_WORKERS ?? 4);
if (!Number.isInteger(workers) || workers < 1)
  throw new Error(`E2E_WORKERS must be a whole number from 1, not "${process.env.E2E_WORKERS}"`);

const port = Number(process.env.E2E_PORT ?? (group === 'b' ? 3200 : 3100));
// a fresh embedded server per run: its own data folder, PGlite, the development outbox. The workers load this
// file again: they take the runner's folder from the environment, to read the operator data seeded there.
process.env.PAICLASS_E2E_DATA_DIR ??= path.join(os.tmpdir(), `paiclass-e2e${suffix}-${Date.now()}`);
const dataDir = process.env.PAICLASS_E2E_DATA_DIR;

// Debian's chromium-headless-shell when installed: Chromium's headless shell, without the full browser's UI
// layer, as Playwright itself runs headless journeys (decision 047); Debian's full Chromium otherwise.
// E2E_CHROMIUM names another.
const browser =
  process.env.E2E_CHROMIUM ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

// The journeys of a minute or more on the 2-core machine (a rehearsal's .tmp/playwright.json) are queued
// first: Playwright hands out tests project by project, then file by file, and when these came last in
// the alphabet (live, …) the run waited a minute on one of them after every other had finished
// (stop 39's rehearsal: 1,276 s of wall against 1,207 s of test time over four workers).
const LONG = [
  'live/*',
  'homework/personal-homework',
  'attendance/check-in-out',
  'courseware/courseware',
  'materials/catalogue-folders',
  'classroom/interactive-answers',
  'classroom/projector',
  'tests/student-tests',
  'meetings/builtin-meeting',
].map((name) => `**/specs/${name}.spec.ts`);

export default defineConfig({
  testDir: './specs',
  ...(group === 'a' && { testMatch: inGroupA.map((glob) => `${glob}/*.spec.ts`) }),
  ...(group === 'b' && { testIgnore: inGroupA }),
  ...(group === undefined && {
    projects: [
      { name: 'long', testMatch: LONG },
      { name: 'journeys', testIgnore: LONG },
    ],
  }),
  outputDir: `../.tmp/e2e-results${suffix}`,
  // safety nets for a machine whose two cores the integration stages share: a journey waits on states,
  // and at a load of 17 a step took seconds (a clean-clone run, stop 30)
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers,
  // `npm test` runs a failed journey once more (E2E_RETRIES=1, scripts/test.sh, decision 043); the summary
  // names each that needed it. Run alone, a journey has one try.
  retries: Number(process.env.E2E_RETRIES ?? 0),
  reporter: [['list'], ['json', { outputFile: `../.tmp/playwright${suffix}.json` }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 375, height: 812 },
    // a phone's 2× screen, crisp screenshots to look at; `npm test` draws at 1× (E2E_DPR=1, scripts/test.sh):
    // a quarter of the pixels to paint, and the browser's CPU a fifth lower (e2e/specs/notices: Chromium 117
    // and 94 CPU-seconds, the run 113 and 93 s)
    deviceScaleFactor: Number(process.env.E2E_DPR ?? 2),
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    // a trace's screencast and snapshots doubled the browser's and the workers' CPU (e2e/specs/notices with
    // and without: 97 and 52 CPU-seconds), on a machine where the journeys are the suite's longest stage;
    // E2E_TRACE=1 records them again, kept for the failures. A failure's screenshot and page snapshot
    // (error-context.md, printed by scripts/summary.mjs) are kept either way.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: browser,
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // V8's optimizing tiers (Maglev, TurboFan) off: a journey's page lives seconds, and compiling its hot
        // functions again optimized cost more than it won back. The app's code runs the same in the tiers
        // left (Ignition, Sparkplug). e2e/specs/notices and courses, 30 journeys, three runs each: 319, 311 and
        // 317 CPU-seconds with them, 295, 297 and 287 without; 166 s of wall against 156 (decision 057)
        '--js-flags=--no-opt --no-maglev',
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
      // PostgreSQL and Redis when the test command made a database for the journeys (scripts/test.sh), as
      // production runs; the embedded PGlite otherwise
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      REDIS_URL: process.env.E2E_REDIS_URL ?? '',
      // the README's demo accounts, which a server on PostgreSQL does not make by itself
      SEED_DEMO: 'true',
      // each test sends an address of its own in X-Forwarded-For (e2e/fixtures.ts), as people on their own
      // networks behind a proxy: rate limits and daily code caps per address count each test apart. The
      // server listens on 127.0.0.1 only, and /DevApi still looks at the socket's own address
      TRUST_PROXY: 'true',
      // the lives' nginx-rtmp (issue 26) on a port of this run's own, beside other runs on the machine
      LIVE_RTMP_PORT: String(port + 20000),
      // the built-in meeting's coturn (decision 041), likewise on a port of its own, relaying through a range of its own
      TURN_PORT: String(port + 21000),
      TURN_MIN_PORT: String(40000 + (port % 100) * 50),
      TURN_MAX_PORT: String(40000 + (port % 100) * 50 + 49),
    },
  },
});
