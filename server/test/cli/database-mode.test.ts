import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedOrder } from '../support/orders.ts';
import {
  cliEnv,
  createTestApp,
  databaseTargets,
  productionEssentials,
  type TestApp,
} from '../support/test-app.ts';
import { ConfigError } from '../../src/config.ts';
import { approveOrder } from '../../src/features/orders/index.ts';
import { readDatabaseMode } from '../../src/lib/database-mode.ts';
import { loadCliConfig } from '../../src/cli/cli-config.ts';
import { formatLenderTime } from '@kwarta/domain';

const run = promisify(execFile);
/** An instant as the tools print it: in the lender's zone, with its offset (decision 0105). */
const lenderTime = String.raw`\d{4}-\d\d-\d\d \d\d:\d\d \+08:00`;
const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A command line's exit, whether it succeeded or not. */
async function cli(script: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', `server/src/cli/${script}.ts`, ...args],
      { cwd: repoRoot, env },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * Decision 0101: the mode a database runs in is recorded in it at every server boot, and the
 * command lines take their mode from there, not from a file beside wherever `npm start` once ran.
 */
describe.each(databaseTargets)('the mode recorded in the database (%s)', (target) => {
  let sandbox: TestApp;
  let production: TestApp;
  let orderId: number;
  /** The bare environment of an operator's shell: the database, no APP_ENV, nothing else. */
  const bare = (t: TestApp, extra: Record<string, string> = {}) =>
    cliEnv(t, {
      APP_ENV: '',
      SANDBOX_PAYMENT_SECRET: '',
      DATABASE_URL: t.config.databaseUrl ?? '',
      ...extra,
    });
  const statusOf = async () =>
    (
      await production.app.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).status;
  const borrowerCount = async () =>
    Number(
      (
        await production.app.db
          .selectFrom('borrowers')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    sandbox = await createTestApp(target, { env: { MARKET: 'spec' } });
    orderId = (await appliedOrder(sandbox, '13900000101')).orderId;
    await approveOrder(sandbox.app, orderId, 'operator:test');
    // The same database, now served in production.
    production = await createTestApp(target, {
      sameDatabaseAs: sandbox,
      env: { ...productionEssentials(), APP_ENV: 'production', SANDBOX_PAYMENT_SECRET: '' },
    });
  }, 60_000);
  afterAll(async () => {
    await production?.close();
    await sandbox.close();
  });

  it('is recorded at boot with the money adapters', async () => {
    expect(await readDatabaseMode(production.app.db)).toMatchObject({
      appEnv: 'production',
      payments: 'dragonpay',
      cardDebit: 'none',
      payouts: 'dragonpay',
      recordedAt: expect.stringMatching(/Z$/),
    });
  });

  it(
    'makes a command line without APP_ENV production there, whatever server-mode.json a development start left',
    { timeout: 60_000 },
    async () => {
      // What `npm start` wrote beside the data before the mode moved into the database.
      fs.writeFileSync(path.join(sandbox.config.dataDir, 'server-mode.json'), '{"APP_ENV":"development"}\n');
      const disburse = await cli('order', ['disburse', '--order', String(orderId)], bare(production));
      expect(disburse.code).toBe(1);
      expect(disburse.stderr).toMatch(
        new RegExp(
          String.raw`^This database's server runs in production \(recorded ${lenderTime}\), so this command line does too\.\nInvalid configuration:\n`,
        ),
      );
      expect(disburse.stderr).not.toMatch(/\n\s+at /);
      expect(await statusOf()).toBe(151);

      const before = await borrowerCount();
      const seeded = await cli('seed-history', ['--borrowers', '5', '--months', '1'], bare(production));
      expect(seeded.code).not.toBe(0);
      expect(seeded.stderr).toMatch(/runs in production/);
      expect(await borrowerCount()).toBe(before);
    },
  );

  it('refuses an APP_ENV other than the recorded one, doing nothing', { timeout: 60_000 }, async () => {
    const development = bare(production, { APP_ENV: 'development' });
    const disburse = await cli('order', ['disburse', '--order', String(orderId)], development);
    expect(disburse).toMatchObject({ code: 1 });
    expect(disburse.stderr).toMatch(
      new RegExp(
        String.raw`^APP_ENV is development, but this database's server runs in production \(recorded ${lenderTime}\): a command line works in its database's mode\. Unset APP_ENV or set it to production\. Nothing was done\.`,
      ),
    );
    expect(await statusOf()).toBe(151);
    const before = await borrowerCount();
    const seeded = await cli('seed-history', ['--borrowers', '5', '--months', '1'], development);
    expect(seeded.code).not.toBe(0);
    expect(await borrowerCount()).toBe(before);
  });

  it('runs a job there only for an instant that has passed', { timeout: 60_000 }, async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const refused = await cli(
      'job',
      ['due-reminders', '--now', tomorrow],
      bare(production, productionEssentials()),
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      new RegExp(
        `^--as-of ${formatLenderTime(tomorrow, 'Asia/Manila').replace('+', '\\+')} has not come yet \\(now ${lenderTime}\\): production runs a job only for an instant that has passed\\. Nothing was done\\.`,
      ),
    );
    const runs = await production.app.db
      .selectFrom('job_runs')
      .select('id')
      .where('job', '=', 'due-reminders')
      .execute();
    expect(runs).toEqual([]);
  });

  it("hands a command line the server's market, unless it sets its own", async () => {
    const spec = await createTestApp(target, { env: { MARKET: 'spec' } });
    try {
      // A sandbox's tools carry its cashier secret, as its server does.
      const secret = { SANDBOX_PAYMENT_SECRET: spec.config.payments.sandboxSecret ?? '' };
      expect((await loadCliConfig(bare(spec, secret))).market.id).toBe('spec');
      expect((await loadCliConfig(bare(spec, { ...secret, MARKET: 'IN' }))).market.id).toBe('IN');
    } finally {
      await spec.close();
    }
    // A whole test app of its own: migrated and seeded, past 20 s on a busy machine.
  }, 60_000);

  it('keeps a development or sandbox server off a production database', async () => {
    await expect(
      createTestApp(target, { sameDatabaseAs: production, env: { APP_ENV: 'sandbox' } }),
    ).rejects.toThrow(ConfigError);
    await expect(
      createTestApp(target, { sameDatabaseAs: production, env: { APP_ENV: 'sandbox' } }),
    ).rejects.toThrow(
      new RegExp(
        String.raw`^This database runs in production \(recorded ${lenderTime}\): a sandbox server would move no real money`,
      ),
    );
    expect((await readDatabaseMode(production.app.db))?.appEnv).toBe('production');
  });
});

describe('a restored database keeps its mode (SQLite)', () => {
  let development: TestApp;
  let work: string;
  beforeAll(async () => {
    development = await createTestApp('sqlite', { env: { APP_ENV: 'development' } });
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-mode-restore-'));
  });
  afterAll(async () => {
    await development.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it(
    'says a production command line on a development database is the wrong mode, before anything else',
    { timeout: 60_000 },
    async () => {
      // No production settings at all: the mode is what is wrong, and the one sentence says so first.
      const refused = await cli(
        'order',
        ['approve', '--order', '1'],
        cliEnv(development, { APP_ENV: 'production', SANDBOX_PAYMENT_SECRET: '' }),
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        new RegExp(
          String.raw`^APP_ENV is production, but this database's server runs in development \(recorded ${lenderTime}\): a command line works in its database's mode\. Unset APP_ENV or set it to development\. Nothing was done\.\n`,
        ),
      );
      expect(refused.stderr).not.toMatch(/Invalid configuration|\n\s+at /);
    },
  );

  it('runs a command line without APP_ENV in the restored database’s mode', { timeout: 60_000 }, async () => {
    const archive = path.join(work, 'backup.tar.gz');
    const restored = path.join(work, 'restored');
    expect((await cli('backup', ['--to', archive], cliEnv(development))).code).toBe(0);
    expect(
      (await cli('restore', ['--from', archive, '--data-dir', restored], cliEnv(development))).code,
    ).toBe(0);

    const runs = await cli(
      'job',
      ['--runs'],
      cliEnv(development, { APP_ENV: '', SANDBOX_PAYMENT_SECRET: '', DATA_DIR: restored }),
    );
    expect(runs).toMatchObject({ code: 0, stderr: '' });
    // A money adapter other than its server's is refused too.
    const sandboxRuns = await cli(
      'job',
      ['--runs'],
      cliEnv(development, {
        APP_ENV: '',
        DATA_DIR: restored,
        PAYOUT_PROVIDER: 'dragonpay',
        DRAGONPAY_PAYOUT_SECRET: 'x',
        DRAGONPAY_PAYOUT_MERCHANT_ID: 'M',
      }),
    );
    expect(sandboxRuns.code).toBe(1);
    expect(sandboxRuns.stderr).toMatch(
      new RegExp(
        String.raw`runs in development \(recorded ${lenderTime}\) with PAYOUT_PROVIDER=sandbox; this command line has PAYOUT_PROVIDER=dragonpay`,
      ),
    );
  });
});
