import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { BorrowerPageRenderer, StaticPageRenderer } from '@kwarta/contract';
import { loadConfig, type Config } from '../../src/config.ts';
import { buildApp, type AppOverrides } from '../../src/app.ts';
import type { Clock } from '../../src/lib/clock.ts';
import type { PayoutGateway } from '../../src/features/disbursement/index.ts';
import type { SmsGateway } from '../../src/features/sms/sms-gateway.ts';
import type { Job } from '../../src/jobs/job.ts';
import {
  ADMIN_URL,
  databaseUrl as urlOf,
  dropWhenIdle,
  postgresReachable,
  withAdmin,
} from './postgres-admin.ts';

/**
 * Every server test runs against a fresh SQLite file and, when a PostgreSQL server is
 * reachable (CI's machine has one), against a fresh PostgreSQL database too (DESIGN §5).
 * TEST_SQLITE_ONLY=1 leaves PostgreSQL and Redis out: the run on Kysely's SQLite driver
 * (vitest.config.ts) would only repeat them.
 */
export type DatabaseTarget = 'sqlite' | 'postgres';

const sqliteOnly = process.env.TEST_SQLITE_ONLY === '1';
export const databaseTargets: DatabaseTarget[] =
  !sqliteOnly && (await postgresReachable()) ? ['sqlite', 'postgres'] : ['sqlite'];
if (databaseTargets.length === 1 && !sqliteOnly && process.env.CI) {
  console.warn(`PostgreSQL not reachable at ${ADMIN_URL}: server tests run on SQLite only`);
}

export { dropWhenIdle, withAdmin };

/** The run's migrated template database, or '' outside the server project's run (a bench script). */
function postgresTemplate(): string {
  try {
    return inject('postgresTemplate') ?? '';
  } catch {
    return '';
  }
}

/** The sandbox cashier's secret in server tests (a sandbox has no default one, config.ts). */
export const TEST_SANDBOX_SECRET = 'server-tests-sandbox-secret';

/**
 * What production needs to start at all: an account key and real money adapters (D18). Dragonpay's
 * addresses point at a closed port, so a test that forgets its fake provider fails fast, never
 * reaching a real one.
 */
export function productionEssentials(): Record<string, string> {
  return {
    ACCOUNT_KEY: randomBytes(32).toString('base64'),
    PAYMENT_PROVIDER: 'dragonpay',
    DRAGONPAY_MERCHANT_ID: 'TESTMERCHANT',
    DRAGONPAY_SECRET: 'test-dragonpay-secret',
    DRAGONPAY_API_URL: 'http://127.0.0.1:9/api/collect/v1',
    CARD_DEBIT_PROVIDER: 'none',
    PAYOUT_PROVIDER: 'dragonpay',
    DRAGONPAY_PAYOUT_MERCHANT_ID: 'KWARTA-TEST',
    DRAGONPAY_PAYOUT_SECRET: 'no-payouts-in-tests',
    DRAGONPAY_PAYOUT_API_URL: 'http://127.0.0.1:9/api/payout/merchant/v1',
  };
}

/**
 * The environment of a CLI run beside a test app, as an operator runs one beside a server: the
 * same mode and sandbox secret, the same data directory, SQLite on the same driver, quiet.
 */
export function cliEnv(t: TestApp, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    APP_ENV: t.config.appEnv,
    SANDBOX_PAYMENT_SECRET: t.config.payments.sandboxSecret,
    DATA_DIR: t.config.dataDir,
    DATABASE_URL: '',
    SQLITE_DRIVER: t.config.sqliteDriver,
    REDIS_URL: '',
    LOG_LEVEL: 'silent',
    // The app's market: a CLI formats amounts and checks phones as the server beside it does.
    MARKET: t.config.market.id,
    // …and holds disbursements for identity as the server does (decision 0108).
    KYC: t.config.identity.kyc,
    ...extra,
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  smsGateway?: SmsGateway;
  /** Where disbursements are paid (default: the sandbox). */
  payouts?: PayoutGateway;
  /**
   * Another instance over the same database (SQLite file or PostgreSQL database), as a second
   * server behind a load balancer would be. The first instance owns the database: closing this
   * one leaves it in place.
   */
  sameDatabaseAs?: TestApp;
  /** The static pages rendered from the web source (see sourceStaticPageRenderer). */
  staticPageRenderer?: StaticPageRenderer;
  /** The jobs the scheduler knows (default: the registry). It runs only after `app.jobs.start()`. */
  jobs?: readonly Job[];
  /** The app's pages rendered from the web source (see sourceBorrowerPageRenderer). */
  borrowerPageRenderer?: BorrowerPageRenderer;
  /** Receives every log line (set LOG_LEVEL in env to see more than nothing). */
  logStream?: { write(line: string): void };
  /** Extra routes a test registers before the app is ready (test-only endpoints, fake providers). */
  routes?: (app: FastifyInstance) => Promise<void>;
}

export async function createTestApp(target: DatabaseTarget, options: TestAppOptions = {}): Promise<TestApp> {
  if (options.sameDatabaseAs) return createSecondInstance(options.sameDatabaseAs, options);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (target === 'postgres') {
    const name = `kwarta_test_${randomBytes(6).toString('hex')}`;
    // A copy of the run's migrated database (postgres-template.ts), else an empty one to migrate.
    const template = postgresTemplate();
    await withAdmin((client) =>
      client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
    );
    databaseUrl = urlOf(name);
    dropDatabase = () => dropWhenIdle(name);
  }
  // Server tests never depend on a web build: a stand-in page is served instead.
  const webDist = path.join(dataDir, 'web');
  fs.mkdirSync(webDist);
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><meta name="kw-env" content="production">' +
      '<body><div id="root"><!--kw:page--><!--/kw:page--></div></body>',
  );
  const config = loadConfig({
    APP_ENV: 'sandbox',
    SANDBOX_PAYMENT_SECRET: TEST_SANDBOX_SECRET,
    // The developer tools (which tests read codes through) need a loopback listener.
    HOST: '127.0.0.1',
    // Tests play the load balancer: they set X-Forwarded-For to act as different clients.
    TRUST_PROXY: 'true',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: 'silent',
    // Test files run side by side on a few cores, so the event loop of one lags while another
    // works: shed load only where a test asks for it (plugins-load-shedding.test.ts sets its own).
    MAX_EVENT_LOOP_DELAY_MS: '60000',
    // Tests edit products and settings and read them back at once.
    LENDER_DATA_CACHE_MS: '0',
    // Answers that production sends unchecked are checked strictly in every test (decision 0117).
    ANSWER_CHECK: 'strict',
    // …and the portfolio after a payment (portfolio-kept.test.ts keeps it).
    // Tests of the officer's queue push orders that wait in 21; credit-decisions tests turn it on.
    CREDIT_DECISIONS: 'off',
    // Tests of lending leave identity checks out; identity tests turn them on (decision 0108).
    KYC: 'off',
    // The test run's choice (vitest.config.ts runs the server tests with each driver).
    SQLITE_DRIVER: process.env.SQLITE_DRIVER,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // Production refuses to start without an account key (features/bank-binding) and real money adapters.
    ...(options.env?.APP_ENV === 'production' ? productionEssentials() : {}),
    ...options.env,
  });
  const app = await buildApp(config, appOverrides(options));
  if (options.routes) await options.routes(app);
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

/** The app pages' server renderer straight from the web source, like sourceStaticPageRenderer. */
export async function sourceBorrowerPageRenderer(): Promise<BorrowerPageRenderer> {
  const source = path.resolve(import.meta.dirname, '../../../web/src/app/borrower-pages-server.tsx');
  return (await import(source)) as BorrowerPageRenderer;
}

function appOverrides(options: TestAppOptions): AppOverrides {
  return {
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.smsGateway ? { smsGateway: options.smsGateway } : {}),
    ...(options.payouts ? { payouts: options.payouts } : {}),
    ...(options.staticPageRenderer ? { staticPageRenderer: options.staticPageRenderer } : {}),
    ...(options.jobs ? { jobs: options.jobs } : {}),
    ...(options.borrowerPageRenderer ? { borrowerPageRenderer: options.borrowerPageRenderer } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  };
}

async function createSecondInstance(first: TestApp, options: TestAppOptions): Promise<TestApp> {
  const env: Record<string, string> = {
    APP_ENV: first.config.appEnv,
    SANDBOX_PAYMENT_SECRET: first.config.payments.sandboxSecret,
    HOST: first.config.host,
    TRUST_PROXY: 'true',
    DATA_DIR: first.config.dataDir,
    WEB_DIST_DIR: first.config.webDistDir,
    LOG_LEVEL: 'silent',
    SQLITE_DRIVER: first.config.sqliteDriver,
    // The same market as the first: behind one load balancer, instances run one configuration.
    MARKET: first.config.market.id,
    KYC: first.config.identity.kyc,
    ...(first.config.databaseUrl ? { DATABASE_URL: first.config.databaseUrl } : {}),
    ...options.env,
  };
  const config = loadConfig(env);
  const app = await buildApp(config, appOverrides(options));
  if (options.routes) await options.routes(app);
  await app.ready();
  return { app, config, close: () => app.close() };
}

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Whether a Redis answers at TEST_REDIS_URL (default redis://127.0.0.1:6379); CI's machine has one. */
export const redisAvailable = !sqliteOnly && (await redisReachable());

/**
 * Environment for instances sharing one Redis under a random key prefix, and a cleanup that
 * deletes every key under that prefix.
 */
export function testRedis(): { env: Record<string, string>; cleanup(): Promise<void> } {
  const prefix = `kwarta-test-${randomBytes(6).toString('hex')}:`;
  return {
    env: { REDIS_URL, REDIS_KEY_PREFIX: prefix },
    async cleanup() {
      const { Redis } = await import('ioredis');
      const redis = new Redis(REDIS_URL);
      try {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
      } finally {
        await redis.quit();
      }
    },
  };
}

/**
 * Where a test of limits runs: every database target on the database store, and the last one
 * with Redis as the store when one answers (limits live in the store, decision 0011).
 */
export const storeSetups: { target: DatabaseTarget; redis: boolean }[] = [
  ...databaseTargets.map((target) => ({ target, redis: false })),
  ...(redisAvailable ? [{ target: databaseTargets.at(-1)!, redis: true }] : []),
];
