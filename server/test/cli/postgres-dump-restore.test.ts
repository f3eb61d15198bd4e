import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@kwarta/contract';
import { callEndpoint, demoSession } from '../support/api.ts';
import {
  createTestApp,
  databaseTargets,
  dropWhenIdle,
  withAdmin,
  type TestApp,
} from '../support/test-app.ts';

const run = promisify(execFile);

/**
 * The README's PostgreSQL backup, run as written: pg_dump -Fc of a migrated, seeded database the
 * server is using, pg_restore --no-owner into a new database, and a server started on the
 * restored one serves the same data (the demo borrower's orders, read through the API with the
 * session made before the dump).
 */
describe.skipIf(!databaseTargets.includes('postgres'))('PostgreSQL backup with pg_dump / pg_restore', () => {
  const accountKey = randomBytes(32).toString('base64');
  const restoredName = `kwarta_test_restored_${randomBytes(6).toString('hex')}`;
  let original: TestApp;
  let restored: TestApp | undefined;
  let work: string;

  beforeAll(async () => {
    original = await createTestApp('postgres', { env: { ACCOUNT_KEY: accountKey } });
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-pg-dump-'));
  });
  afterAll(async () => {
    await restored?.close();
    await original.close();
    await dropWhenIdle(restoredName);
    fs.rmSync(work, { recursive: true, force: true });
  });

  const ordersOf = async (t: TestApp, session: Record<string, string>) => {
    const init = await callEndpoint(t.app, endpoints.problemInit, { session });
    expect(init.status).toBe(200);
    return (init.envelope?.data as { orderList: unknown[] }).orderList;
  };

  it('restores a dump into a fresh database that a server then serves the same data from', async () => {
    const session = await demoSession(original.app);
    const before = await ordersOf(original, session);
    expect(before.length).toBeGreaterThan(5);

    const dump = path.join(work, 'kwarta.dump');
    await run('/usr/bin/pg_dump', ['-Fc', '--no-owner', '-f', dump, original.config.databaseUrl!]);
    expect(fs.readFileSync(dump).subarray(0, 5).toString()).toBe('PGDMP');

    await withAdmin((client) => client.query(`CREATE DATABASE ${restoredName}`));
    const restoredUrl = new URL(original.config.databaseUrl!);
    restoredUrl.pathname = `/${restoredName}`;
    await run('/usr/bin/pg_restore', ['--no-owner', '--exit-on-error', '-d', restoredUrl.toString(), dump]);

    // A server on the restored database, seeding nothing: what it serves came from the dump. (The
    // 'sqlite' target only means createTestApp makes no database of its own; DATABASE_URL wins.)
    restored = await createTestApp('sqlite', {
      env: { DATABASE_URL: restoredUrl.toString(), ACCOUNT_KEY: accountKey, SEED_DEMO: 'no' },
    });
    expect(restored.config.databaseUrl).toBe(restoredUrl.toString());
    expect(await ordersOf(restored, session)).toEqual(before);
    const health = await restored.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);

    // Every table came across with every row, migrations included (the server ran none).
    const tableCounts = async (url: string) => {
      const { stdout } = await run('/usr/bin/psql', [
        '-At',
        url,
        '-c',
        "SELECT string_agg(format('%s=%s', table_name, (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM %I', table_name), false, true, '')))[1]::text), ',' ORDER BY table_name) FROM information_schema.tables WHERE table_schema = 'public'",
      ]);
      return stdout.trim();
    };
    const originalCounts = await tableCounts(original.config.databaseUrl!);
    expect(originalCounts).toMatch(/kysely_migration=\d+/);
    expect(await tableCounts(restoredUrl.toString())).toBe(originalCounts);
  }, 120_000);
});
