import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { localeGroups } from './apps/web/build/localeGroups';

const cores = os.availableParallelism();

/**
 * The files that take longest where they run, first, longest first. Vitest's own order runs a file it has no
 * time for first, else the longer one from the last run, else the larger file; but the PostgreSQL stage reads
 * the times the PGlite stage just wrote, where the sweeps (decision 042) were skipped in a moment, so they
 * ran last and alone: the role matrix and the fuzz sweep held the stage for minutes after every other file
 * had finished.
 */
const LONG_FIRST = [
  /test\/role-matrix\.test\.ts$/,
  /test\/fuzz(-part\d)?\.test\.ts$/,
  /live\/ingest\.test\.ts$/,
  /live\/hls-storage\.test\.ts$/,
  /live\/browser-push\.test\.ts$/,
  /test\/chat-socket-sweep\.test\.ts$/,
  /barrage\/race\.test\.ts$/,
  /realtime\/classroom\.test\.ts$/,
];

class LongFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((f) => f.project.name))];
    const rank = (f: TestSpecification) => {
      const i = LONG_FIRST.findIndex((pattern) => pattern.test(f.moduleId));
      return i < 0 ? LONG_FIRST.length : i;
    };
    // projects stay in Vitest's order, one after the other; within one, the long files lead
    return sorted
      .map((f, i) => ({ f, i }))
      .sort(
        (a, b) => projects.indexOf(a.f.project.name) - projects.indexOf(b.f.project.name) || rank(a.f) - rank(b.f) || a.i - b.i,
      )
      .map(({ f }) => f);
  }
}

export default defineConfig({
  // the web app's locale parts (virtual:locales/<lang>/<part>), for its tests that load lib/i18n
  plugins: [localeGroups()],
  test: {
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    // safety nets only: a test waits on states, and a machine loaded by other work (CI beside the journeys) is slow
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    sequence: { sequencer: LongFirst },
    // every core: the runner itself waits on its workers. Vitest's own default leaves one core out,
    // which on a 2-core machine ran the suite one file at a time. `npm test` asks one more than the cores
    // (TEST_DB_WORKERS): on PostgreSQL the workers wait on the database's own processes, and on PGlite on
    // the tests' own timers (scripts/test.sh).
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
          // likewise: a file that stubs a browser's globals or loads lib/i18n afresh undoes it itself (the
          // project alone: 49 CPU-seconds and 29.5 s with each file in a fresh module graph, 14.5 and 10.8 without)
          isolate: false,
        },
      },
    ],
  },
});
