import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/config.ts';
import { createDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { databaseUrl, dropWhenIdle, postgresReachable, withAdmin } from './postgres-admin.ts';

/**
 * The server project's global setup: migrates one PostgreSQL database per run, and each test app
 * starts from a copy of it (CREATE DATABASE … TEMPLATE) instead of migrating its own, about two
 * seconds of each of hundreds of test apps. The copy is the schema the migrations make, so what a
 * test sees is the same; the migrations themselves still run from empty here, once per run.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  project.provide('postgresTemplate', '');
  if (process.env.TEST_SQLITE_ONLY === '1' || !(await postgresReachable())) return;
  const name = `kwarta_test_template_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const { db } = createDatabase(
    loadConfig({
      APP_ENV: 'sandbox',
      SANDBOX_PAYMENT_SECRET: 'server-tests-template-secret',
      DATABASE_URL: databaseUrl(name),
      LOG_LEVEL: 'silent',
    }),
  );
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  project.provide('postgresTemplate', name);
  return () => dropWhenIdle(name);
}
