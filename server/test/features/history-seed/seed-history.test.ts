import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSession } from '../../support/api.ts';
import { cliEnv, createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import {
  HistoryRefused,
  seedHistory,
  type HistorySummary,
} from '../../../src/features/history-seed/index.ts';
import {
  checkLedger,
  rebuildLedger,
  emptyRebuildReport,
} from '../../../src/features/ledger-rebuild/index.ts';
import { trialBalance } from '../../../src/features/ledger/index.ts';
import { funnelReport } from '../../../src/features/promotion/index.ts';
import { ordersWithMoney } from '../../../src/features/orders/index.ts';
import {
  portfolioReport,
  rebuildPortfolioSummaries,
  summarizedPortfolio,
} from '../../../src/features/portfolio/index.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/**
 * Decision 0099: `seed:history` makes its history through the use cases, so the journal they posted
 * live equals today's balances with nothing for the rebuild to add, on both databases; the
 * statuses and events a portfolio shows are all there.
 */
describe.each(databaseTargets)('seed:history on %s', (target) => {
  let t: TestApp;
  let result: HistorySummary;
  const deps = () => ({ db: t.app.db, config: t.config, payoutProvider: t.config.payouts.provider });

  // Noon in Manila: the simulated last day has events planned for its afternoon and evening.
  const until = new Date('2026-11-20T04:00:00.000Z');

  beforeAll(async () => {
    // The demo is seeded an hour before the history's end, as `npm start` then seed:history would.
    t = await createTestApp(target, { clock: testClock('2026-11-20T03:00:00.000Z') });
    // A fixed last day and seed: the same history every run (seed 2 has every event asserted below).
    result = await seedHistory(t.app, { borrowers: 60, months: 4, seed: 2, until });
  }, 300_000);
  afterAll(() => t.close());

  it('finds the demo booked (nothing for the rebuild), then makes a history whose journal equals the balances', async () => {
    expect(result.borrowers).toBe(60);
    expect(result.rebuiltBefore).toMatchObject({ rebuilt: 0, entries: 0 });
    expect(result.check.differences).toEqual([]);

    // The rebuild finds nothing the history's live posting left out, and the check agrees.
    const again = await rebuildLedger(deps());
    expect(again).toMatchObject({ rebuilt: 0, entries: 0 });
    const report = emptyRebuildReport();
    await checkLedger(deps(), report);
    expect(report.differences).toEqual([]);
    const balance = await trialBalance(t.app.db);
    expect(balance.totalDebits).toBe(balance.totalCredits);
    expect(balance.totalDebits).toBeGreaterThan(0);
  });

  it("kept the portfolio's summaries its events wrote equal to their rows (decision 0111)", async () => {
    const timeZone = t.config.lenderTimeZone;
    const check = await rebuildPortfolioSummaries(t.app.db, {
      orderIds: await ordersWithMoney(t.app.db),
      timeZone,
      check: true,
    });
    expect(check.orders).toBeGreaterThan(10);
    expect(check.differences).toEqual([]);
    const query = { today: '2026-11-20', period: 'month' as const, from: '2026-01-01', filter: {} };
    const summarized = await summarizedPortfolio(t.app.db, query);
    expect(summarized).toEqual(await portfolioReport(t.app.db, { ...query, timeZone }));
    expect(summarized.atRisk.outstandingPrincipal).toBeGreaterThan(0);
  });

  it('has the statuses and events of a lending book', async () => {
    for (const status of ['110', '170', '180', '200']) expect(result.orders[status]).toBeGreaterThan(0);
    // Each instalment paid on its own date: 60 borrowers over 4 months of 91-day and longer loans.
    expect(result.payments.paid).toBeGreaterThan(25);
    expect(result.payments.extensions).toBeGreaterThan(0);
    expect(result.payments.accepted).toBeGreaterThan(0);
    expect(result.payoutsRefused).toBeGreaterThan(0);

    const extended = await t.app.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('extension_count', '>', 0)
      .executeTakeFirstOrThrow();
    expect(Number(extended.n)).toBeGreaterThan(0);
    // Events are spread over the months, not all today.
    const days = await t.app.db.selectFrom('journal_entries').select('entry_date').distinct().execute();
    expect(days.length).toBeGreaterThan(60);
    // The campaign filter has data.
    const funnel = await funnelReport(t.app.db, { utmTag: 'fb-payday' });
    expect(funnel.reduce((sum, row) => sum + row.registrations, 0)).toBeGreaterThan(0);
  });

  it('tells a funnel where no stage counts more than the one before it, and names its borrowers', async () => {
    // Every campaign row of the whole database: the demo's campaigns and the history's.
    for (const row of await funnelReport(t.app.db)) {
      expect(row.registrations, JSON.stringify(row)).toBeLessThanOrEqual(row.smsSent);
    }
    const unnamed = await t.app.db
      .selectFrom('borrowers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('full_name', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(unnamed.n)).toBe(0);
  });

  it('never dates anything after its end: the simulated clock stops there', async () => {
    const end = until.toISOString();
    const latest = async (
      table: 'orders' | 'payments' | 'order_status_history' | 'borrowers' | 'registrations',
    ) =>
      String(
        (
          await t.app.db
            .selectFrom(table)
            .select((eb) => eb.fn.max('created_at').as('at'))
            .executeTakeFirstOrThrow()
        ).at,
      );
    for (const table of ['orders', 'payments', 'order_status_history', 'borrowers', 'registrations'] as const)
      expect(await latest(table), table).toSatisfy((at: string) => at <= end);
    const paid = await t.app.db
      .selectFrom('payments')
      .select((eb) => eb.fn.max('paid_at').as('at'))
      .executeTakeFirstOrThrow();
    expect(String(paid.at)).toSatisfy((at: string) => at <= end);
    const posted = await t.app.db
      .selectFrom('journal_entries')
      .select((eb) => eb.fn.max('posted_at').as('at'))
      .executeTakeFirstOrThrow();
    expect(String(posted.at)).toSatisfy((at: string) => at <= end);
  });

  it('refuses a database that has a history already', async () => {
    await expect(seedHistory(t.app, { borrowers: 5, months: 1, seed: 3 })).rejects.toThrow(HistoryRefused);
  });

  it.runIf(target === 'sqlite')(
    'the CLI refuses production and a second history, and the ledger check passes',
    async () => {
      const cli = (file: string, args: string[], extra: Record<string, string> = {}) =>
        run(process.execPath, ['--import', 'tsx', `server/src/cli/${file}`, ...args], {
          cwd: repoRoot,
          env: cliEnv(t, extra),
        });
      await expect(
        cli('seed-history.ts', ['--borrowers', '5'], { APP_ENV: 'production' }),
      ).rejects.toMatchObject({ code: expect.any(Number), stderr: expect.stringMatching(/production/) });
      // This database has a history, and a server (the test app) has run on it: the latter is said first.
      await expect(cli('seed-history.ts', ['--borrowers', '5', '--months', '1'])).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/^A server has run on this database/),
      });
      // A new database takes one history through the command line; a second is refused.
      const fresh = {
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-history-')),
        APP_ENV: 'development',
      };
      try {
        const made = await cli('seed-history.ts', ['--borrowers', '5', '--months', '1'], fresh);
        expect(made.stdout).toContain('Ledger check:');
        await expect(
          cli('seed-history.ts', ['--borrowers', '5', '--months', '1'], fresh),
        ).rejects.toMatchObject({
          code: 1,
          stderr: expect.stringContaining('has a history already'),
        });
      } finally {
        fs.rmSync(fresh.DATA_DIR, { recursive: true, force: true });
      }
      await expect(cli('seed-history.ts', ['--months', 'many'])).rejects.toMatchObject({ code: 2 });
      const checked = await cli('ledger.ts', ['rebuild', '--check']);
      expect(checked.stdout).toContain('The journal equals today’s balances.');
    },
    120_000,
  );
});

/**
 * A demo database someone has used (a server ran on it: demo sessions, job runs, orders dated now):
 * the history, made in the past, would collide with that life, so the command line refuses it
 * before writing anything, the demo's own seeding included (decision 0101).
 */
describe.each(databaseTargets)('seed:history on a used demo database (%s)', (target) => {
  it('is refused before anything is written', { timeout: 120_000 }, async () => {
    const used = await createTestApp(target, { env: { APP_ENV: 'development', SEED_DEMO: 'yes' } });
    try {
      await demoSession(used.app);
      const tables = [
        'borrowers',
        'orders',
        'payments',
        'journal_entries',
        'operators',
        'registrations',
      ] as const;
      const counts = () =>
        Promise.all(
          tables.map(async (table) =>
            Number(
              (
                await used.app.db
                  .selectFrom(table)
                  .select((eb) => eb.fn.countAll().as('n'))
                  .executeTakeFirstOrThrow()
              ).n,
            ),
          ),
        );
      const before = await counts();
      const refused = await run(
        process.execPath,
        ['--import', 'tsx', 'server/src/cli/seed-history.ts', '--borrowers', '5', '--months', '1'],
        { cwd: repoRoot, env: cliEnv(used, { DATABASE_URL: used.config.databaseUrl ?? '' }) },
      ).catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 1 });
      expect((refused as { stderr: string }).stderr).toMatch(
        /^A server has run on this database \(recorded \d{4}-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d\): seed:history makes a history only in a new one, before its first start\. Start from an empty data directory or database\. Nothing was written\.\n/,
      );
      expect(await counts()).toEqual(before);
    } finally {
      await used.close();
    }
  });
});

/**
 * Where identity is required (the Philippine default, decision 0108) no loan is paid out to an
 * unverified borrower, so the history's borrowers each show a passport a compliance officer
 * checks, and its loans are paid out as anywhere else.
 */
describe.each(databaseTargets)('seed:history where identity is required, on %s', (target) => {
  it('verifies each borrower through a compliance officer, then pays their loans out', async () => {
    const t = await createTestApp(target, {
      clock: testClock('2026-11-20T03:00:00.000Z'),
      env: { KYC: 'required' },
    });
    try {
      const result = await seedHistory(t.app, {
        borrowers: 12,
        months: 1,
        seed: 2,
        until: new Date('2026-11-20T04:00:00.000Z'),
      });
      expect(result.check.differences).toEqual([]);
      const paidOut = await t.app.db
        .selectFrom('orders')
        .leftJoin('identities', 'identities.borrower_id', 'orders.borrower_id')
        .select(['orders.id', 'identities.status', 'identities.decided_by'])
        .where('orders.disbursed_on', 'is not', null)
        .execute();
      expect(paidOut.length).toBeGreaterThan(0);
      expect(paidOut.filter((order) => order.status !== 'verified')).toEqual([]);
      expect(paidOut.some((order) => order.decided_by === 'operator:history-compliance')).toBe(true);
    } finally {
      await t.close();
    }
  }, 300_000);
});
