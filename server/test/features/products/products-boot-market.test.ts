import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config.ts';
import { createTestApp, databaseTargets, type TestApp } from '../../support/test-app.ts';

const SERVER = path.resolve(import.meta.dirname, '../../../src/server.ts');

/**
 * The Philippines is the default market (D5) and brings its compliance profile (D16): a data
 * directory or database made in the spec's market holds products priced by the spec's figures,
 * which the PH caps forbid. Starting it in PH stops with what to do, not with a stack trace.
 */
describe.each(databaseTargets)("the spec's demo data started in the default market on %s", (target) => {
  let spec: TestApp;

  beforeAll(async () => {
    spec = await createTestApp(target, { env: { MARKET: 'spec' } });
  });

  afterAll(async () => {
    await spec?.close();
  });

  it('refuses to start, naming each product, its cap and the ways on', async () => {
    const started = createTestApp(target, { sameDatabaseAs: spec, env: { MARKET: '' } });
    const refusal = await started.then(
      async (app) => {
        await app.close();
        return null;
      },
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ConfigError);
    const message = (refusal as Error).message;
    const where = spec.config.databaseUrl
      ? `the database ${new URL(spec.config.databaseUrl).pathname.slice(1)}`
      : `the data directory ${spec.config.dataDir}`;
    expect(message).toContain(
      `Kwarta did not start: products in ${where} break the legal cost caps this server applies (MARKET=PH, compliance profile ph-sec-mc3-2022`,
    );
    expect(message).toMatch(
      /product 1 \(Kwarta Flex\): The .+ \(Philippine SEC cost caps for small loans, MC 3-2022\) for the offer of ₱/,
    );
    expect(message).toContain('MARKET=spec npm start');
    expect(message).toContain('edit them in the console (Products)');
    expect(message).toContain(
      spec.config.databaseUrl ? 'drop and create the database' : `remove ${spec.config.dataDir}`,
    );
    // The URL's credentials (none here, a password in production) never reach the message.
    expect(message).not.toContain('postgres://');
  });

  it('the server process prints that message alone and exits 1', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', SERVER], {
      env: {
        ...process.env,
        APP_ENV: 'sandbox',
        SANDBOX_PAYMENT_SECRET: spec.config.payments.sandboxSecret,
        DATA_DIR: spec.config.dataDir,
        DATABASE_URL: spec.config.databaseUrl ?? '',
        SQLITE_DRIVER: spec.config.sqliteDriver,
        REDIS_URL: '',
        MARKET: '',
        COMPLIANCE: '',
        LOG_LEVEL: 'silent',
        PORT: '0',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Kwarta did not start: products in /);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 40_000);
});
