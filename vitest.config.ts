import { defineConfig } from 'vitest/config';
import { localeGroups } from './apps/web/build/localeGroups';

export default defineConfig({
  // the web app's locale parts (virtual:locales/<lang>/<part>), for its tests that load lib/i18n
  plugins: [localeGroups()],
  test: {
    include: ['apps/**/*.test.ts', 'apps/**/*.test.tsx', 'packages/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // the migrated embedded database the server's tests start from, made once per run
    globalSetup: ['apps/server/test/pglite-template.ts'],
  },
});
