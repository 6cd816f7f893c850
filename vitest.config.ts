import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { localeGroups } from './apps/web/build/localeGroups';

const cores = os.availableParallelism();

export default defineConfig({
  // the web app's locale parts (virtual:locales/<lang>/<part>), for its tests that load lib/i18n
  plugins: [localeGroups()],
  test: {
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    // safety nets only: a test waits on states, and a machine loaded by other work (CI beside the journeys) is slow
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // every core: the runner itself waits on its workers. Vitest's own default leaves one core out,
    // which on a 2-core machine ran the suite one file at a time. On PostgreSQL (TEST_DB_WORKERS) the
    // workers wait on the database's own processes, so one more than the cores keeps them busy.
    maxWorkers: Number(process.env.TEST_DB_WORKERS ?? cores),
    // the migrated databases the server's tests start from, made once per run: embedded, and on PostgreSQL
    // when the tests run there
    globalSetup: ['apps/server/test/pglite-template.ts', 'apps/server/test/postgres-template.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          // Each server test file makes its own database and app (test/helpers.ts) and the server keeps
          // no state in its modules (caches hang on the app's config), so a worker runs file after
          // file without loading the server's modules again: about 3 s saved a file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web and shared',
          include: ['apps/web/**/*.test.ts', 'apps/web/**/*.test.tsx', 'packages/**/*.test.ts'],
        },
      },
    ],
  },
});
