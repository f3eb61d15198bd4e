import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { StaticPageRenderer } from '@kwarta/contract';
import { loadConfig, type Config } from '../../src/config.ts';
import { buildApp } from '../../src/app.ts';
import type { Clock } from '../../src/lib/clock.ts';

/**
 * Every server test runs against a fresh SQLite file and, when a PostgreSQL server is
 * reachable (CI's machine has one), against a fresh PostgreSQL database too (DESIGN §5).
 */
export type DatabaseTarget = 'sqlite' | 'postgres';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export const databaseTargets: DatabaseTarget[] = (await postgresReachable()) ? ['sqlite', 'postgres'] : ['sqlite'];
if (databaseTargets.length === 1 && process.env.CI) {
  console.warn(`PostgreSQL not reachable at ${ADMIN_URL}: server tests run on SQLite only`);
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * pg's pool.end() resolves before its connections have finished closing. Dropping WITH (FORCE)
 * at that moment kills them mid-goodbye, and the FATAL they receive surfaces as an uncaught
 * error in whichever test file runs next. So wait for them to go (a few ms), and force only if
 * they linger.
 */
async function dropWhenIdle(name: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name}`));
      return;
    } catch (error) {
      // 55006: the database is still being accessed.
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(
  target: DatabaseTarget,
  options: { env?: Record<string, string>; clock?: Clock; staticPageRenderer?: StaticPageRenderer } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (target === 'postgres') {
    const name = `kwarta_test_${randomBytes(6).toString('hex')}`;
    await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => dropWhenIdle(name);
  }
  // Server tests never depend on a web build: a stand-in page is served instead.
  const webDist = path.join(dataDir, 'web');
  fs.mkdirSync(webDist);
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><meta name="kwarta-env" content="production"><div id="root"></div>');
  const config = loadConfig({
    APP_ENV: 'sandbox',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const app = await buildApp(config, {
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.staticPageRenderer ? { staticPageRenderer: options.staticPageRenderer } : {}),
  });
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fixed, settable clock for tests of expiry and schedules. */
export function testClock(start: string): Clock & { advance(ms: number): void } {
  let now = new Date(start).getTime();
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

/**
 * The static pages' prerenderer straight from the web source (Vitest compiles it), so server
 * tests see the real pages without a web build. The path is computed so the server's type
 * check does not pull in the web's JSX.
 */
export async function sourceStaticPageRenderer(): Promise<StaticPageRenderer> {
  const source = path.resolve(import.meta.dirname, '../../../web/src/app/static-pages-server.tsx');
  return (await import(source)) as StaticPageRenderer;
}
