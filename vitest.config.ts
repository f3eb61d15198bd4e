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
      // Property tests run thousands of cases; on a busy 2-core machine some take over 5 s.
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['test/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      // Tests of the repository itself (lint boundaries), run in copies of it.
      { test: { name: 'repo', root: 'scripts', include: ['test/**/*.test.ts'], hookTimeout: 180_000 } },
      // Its global setup migrates one PostgreSQL database that each test database is copied from.
      { test: { name: 'server', ...serverTests, globalSetup: ['test/support/postgres-template.ts'] } },
      // The same tests with the SQLite file on Kysely's own driver, the reference ours must behave
      // like (SQLITE_DRIVER, server/src/db/database.ts). PostgreSQL and Redis have no driver choice
      // and were tested by the run above; the tests of our driver itself pin it. All of the rest
      // would add about 8 minutes on a 2-core machine, so two more are left out: the console's
      // sign-in tests, which spend about two minutes hashing passwords (scrypt, 128 MiB a hash)
      // rather than in the database. Every other file, and every new one, runs on both drivers.
      {
        test: {
          name: 'server-kysely',
          ...serverTests,
          exclude: [
            ...configDefaults.exclude,
            'test/db/sqlite-driver*.test.ts',
            'test/faults/redis-faults.test.ts',
            'test/features/console/console.test.ts',
            'test/features/console/console-sign-in-throttling.test.ts',
          ],
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
