import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database.ts';
import { ensurePostgresDatabase } from '../../src/db/create-database.ts';
import { DatabaseSetupError } from '../../src/db/errors.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { databaseTargets, dropWhenIdle } from '../support/test-app.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function urlOf(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
const freshName = () => `kwarta_test_${randomBytes(6).toString('hex')}`;

/**
 * README's `DATABASE_URL=postgres://…/kwarta npm start` on a server where that database does not
 * exist yet: the start creates it; a tool says in one sentence how to; no stack trace either way.
 */
describe.runIf(databaseTargets.includes('postgres'))('a PostgreSQL database not created yet', () => {
  const created: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-setup-'));
  afterAll(async () => {
    for (const name of created) await dropWhenIdle(name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is created once by whoever starts first', async () => {
    const name = freshName();
    created.push(name);
    expect(await ensurePostgresDatabase(urlOf(name))).toBe('created');
    expect(await ensurePostgresDatabase(urlOf(name))).toBe('exists');
  });

  it('is created by the server at its start, which then serves it', { timeout: 60_000 }, async () => {
    const name = freshName();
    created.push(name);
    const webDist = path.join(dataDir, 'web');
    fs.mkdirSync(webDist, { recursive: true });
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        APP_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: webDist,
        DATABASE_URL: urlOf(name),
        REDIS_URL: '',
        LOG_LEVEL: 'info',
      },
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
    try {
      await expect
        .poll(() => output, { timeout: 50_000, interval: 200 })
        .toMatch(/Kwarta \(development, postgres\) on http/);
      expect(output).toContain(`Created the database ${name}.`);
    } finally {
      server.kill('SIGTERM');
      await exited;
    }
    // Migrated and seeded with the demo.
    const { db } = createDatabase({ databaseUrl: urlOf(name), dataDir });
    try {
      expect((await db.selectFrom('borrowers').select('id').execute()).length).toBeGreaterThan(0);
    } finally {
      await db.destroy();
    }
  });

  it(
    'is named with how to create it when a tool finds it missing, in one sentence',
    { timeout: 30_000 },
    async () => {
      const name = freshName();
      const url = new URL(urlOf(name));
      const refused = await run(process.execPath, ['--import', 'tsx', 'server/src/cli/job.ts', '--runs'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          APP_ENV: 'development',
          DATABASE_URL: url.toString(),
          REDIS_URL: '',
          DATA_DIR: dataDir,
        },
      }).catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 1 });
      const { stderr } = refused as { stderr: string };
      expect(stderr.split('\n')[0]).toBe(
        `The database "${name}" does not exist on ${url.hostname}:${url.port || 5432}: create it ` +
          `(createdb -h ${url.hostname}${url.port ? ` -p ${url.port}` : ''}${url.username ? ` -U ${url.username}` : ''} ${name}), ` +
          'or start the server once with a user allowed to create databases, which creates it.',
      );
      expect(stderr).not.toMatch(/\n\s+at /);
    },
  );
});

describe.each(databaseTargets)('a migration that fails (%s)', (target) => {
  it('is named, with the database’s reason', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-migrate-'));
    const name = freshName();
    if (target === 'postgres') await ensurePostgresDatabase(urlOf(name));
    const { db } = createDatabase({ dataDir, databaseUrl: target === 'postgres' ? urlOf(name) : undefined });
    try {
      // A table in the way of the first migration, as a database shared with another application would have.
      await sql`create table borrowers (id integer)`.execute(db);
      const failure = await migrateToLatest(db).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DatabaseSetupError);
      expect((failure as Error).message).toMatch(
        /^Migration 2026-11-22-01-foundation failed: .*borrowers.*already exists/,
      );
    } finally {
      await db.destroy();
      if (target === 'postgres') await dropWhenIdle(name);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
