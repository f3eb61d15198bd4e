import { configDefaults, defineConfig } from 'vitest/config';

const serverTests = {
  root: 'server',
  include: ['test/**/*.test.ts'],
  testTimeout: 20000,
  hookTimeout: 30000,
};

// Unit and integration tests of every package. End-to-end tests have their own config
// (e2e/vitest.config.ts) because they need a built web app and Chromium.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['test/**/*.test.ts'] } },
      { test: { name: 'domain', root: 'packages/domain', include: ['test/**/*.test.ts'] } },
      // Tests of the repository itself (lint boundaries), run in copies of it.
      { test: { name: 'repo', root: 'scripts', include: ['test/**/*.test.ts'], hookTimeout: 180_000 } },
      { test: { name: 'server', ...serverTests } },
      // The same tests with the SQLite file on Kysely's own driver, the reference ours must behave
      // like (SQLITE_DRIVER, server/src/db/database.ts). PostgreSQL has no driver choice and was
      // tested by the run above; the tests of our driver itself pin it and need not run twice.
      {
        test: {
          name: 'server-kysely',
          ...serverTests,
          exclude: [...configDefaults.exclude, 'test/db/sqlite-driver*.test.ts'],
          env: { SQLITE_DRIVER: 'kysely', TEST_SQLITE_ONLY: '1' },
        },
      },
      {
        test: {
          name: 'web',
          root: 'web',
          include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
    ],
  },
});
