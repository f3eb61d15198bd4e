import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLoanRules, OrderStatus, orderStatuses } from '@kwarta/domain';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { endpoints } from '@kwarta/contract';
import { callEndpoint, demoSession } from '../support/api.ts';
import { cliEnv, createTestApp, databaseTargets, type TestApp } from '../support/test-app.ts';
import { sql } from 'kysely';
import {
  DEMO_CAMPAIGNS,
  DEMO_PHONES,
  findDemoBorrowerRow,
  findDemoOrders,
  seedDemoData,
} from '../../src/db/seed.ts';
import { DEMO_ACCOUNT, seedDemoMoney } from '../../src/features/test-preview/index.ts';
import { listPaymentAccounts, openPaymentAccount } from '../../src/features/bank-binding/index.ts';
import { funnelReport } from '../../src/features/promotion/index.ts';
import { writeOffOrder } from '../../src/features/orders/index.ts';
import { checkLedger, emptyRebuildReport, rebuildLedger } from '../../src/features/ledger-rebuild/index.ts';

class RollBack extends Error {}

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe.each(databaseTargets)('demo seed on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  it('runs the Philippines by default: a 09… demo borrower and products within the PH caps', async () => {
    expect(t.config.market.id).toBe('PH');
    expect(t.config.compliance?.id).toBe('ph-sec-mc3-2022');
    expect(DEMO_PHONES.PH).toMatch(/^09\d{9}$/);
    const products = await t.app.db.selectFrom('products').select(['name', 'loan_rules']).execute();
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      expect(JSON.parse(product.loan_rules), product.name).toEqual(t.config.loanRules);
    }
    // The rules written from the caps (decision 0095), not the spec's one-time late fee.
    expect(t.config.loanRules).not.toEqual(defaultLoanRules);
  });

  it('gives the demo borrower an order in every status of spec §4', async () => {
    const orders = await t.app.db
      .selectFrom('orders')
      .innerJoin('borrowers', 'borrowers.id', 'orders.borrower_id')
      .select(['orders.status'])
      .where('borrowers.phone', '=', DEMO_PHONES.PH)
      .execute();
    expect([...new Set(orders.map((order) => order.status))].sort((a, b) => a - b)).toEqual(
      [...orderStatuses].sort((a, b) => a - b),
    );
  });

  it('writes plan lines that sum exactly to each order total, and a status history entry', async () => {
    const orders = await t.app.db.selectFrom('orders').selectAll().execute();
    for (const order of orders) {
      const lines = await t.app.db
        .selectFrom('order_plan_lines')
        .selectAll()
        .where('order_id', '=', order.id)
        .execute();
      expect(lines).toHaveLength(order.periods);
      expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(order.total_due);
      expect(lines.reduce((sum, line) => sum + line.paid_amount, 0)).toBe(order.paid_amount);
      const history = await t.app.db
        .selectFrom('order_status_history')
        .selectAll()
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute();
      // Seeded as applied and decided; what money did to it since is the use cases' history.
      expect(history[0]).toEqual(expect.objectContaining({ from_status: null, actor: 'system:demo-seed' }));
      expect(history.at(-1)!.to_status).toBe(order.status);
    }
  });

  it("tells each demo order's story through the use cases: the status it is meant to reach, nothing in the future", async () => {
    const borrower = await findDemoBorrowerRow(t.app.db);
    const now = new Date().toISOString();
    for (const { orderId, demo } of await findDemoOrders(t.app.db, borrower!.id)) {
      const order = await t.app.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(order.status, `order ${orderId}`).toBe(demo.writtenOff ? OrderStatus.WrittenOff : demo.status);
      expect(order.disbursed_on !== null, `order ${orderId} disbursed`).toBe(demo.disbursedDaysAgo !== null);
    }
    for (const table of ['payments', 'disbursements', 'order_status_history', 'orders'] as const) {
      const latest = await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.max('created_at').as('at'))
        .executeTakeFirstOrThrow();
      expect(String(latest.at) <= now, table).toBe(true);
    }
    const posted = await t.app.db
      .selectFrom('journal_entries')
      .select((eb) => eb.fn.max('posted_at').as('at'))
      .executeTakeFirstOrThrow();
    expect(String(posted.at) <= now).toBe(true);
  });

  it('books every demo money event in the ledger: the check finds no difference, principal is never negative', async () => {
    const deps = { db: t.app.db, config: t.config, payoutProvider: t.config.payouts.provider };
    const report = emptyRebuildReport();
    await checkLedger(deps, report);
    expect(report.differences).toEqual([]);
    expect(report.checkedOrders).toBeGreaterThan(0);
    // Nothing left for the rebuild: every entry was posted live, by the use cases.
    expect(await rebuildLedger(deps)).toMatchObject({
      rebuilt: 0,
      entries: 0,
      preLedgerOut: 0,
      preLedgerIn: 0,
    });

    const lines = await t.app.db
      .selectFrom('journal_lines')
      .select(['account', 'entry_date', 'debit', 'credit'])
      .orderBy('entry_date')
      .orderBy('entry_id')
      .execute();
    expect(lines.length).toBeGreaterThan(0);
    // Loans receivable — principal, day by day: never below zero, today the principal still owed.
    let principal = 0;
    for (const line of lines.filter((one) => one.account === 'receivable:principal')) {
      principal += Number(line.debit) - Number(line.credit);
      expect(principal, `on ${line.entry_date}`).toBeGreaterThanOrEqual(0);
    }
    const owed = await t.app.db
      .selectFrom('order_plan_lines')
      .innerJoin('orders', 'orders.id', 'order_plan_lines.order_id')
      .where('orders.disbursed_on', 'is not', null)
      // A written-off loan's principal left the receivables for the write-off expense.
      .where('orders.written_off_at', 'is', null)
      .select((eb) =>
        eb.fn.sum<number>(sql`order_plan_lines.principal - order_plan_lines.principal_paid`).as('n'),
      )
      .executeTakeFirstOrThrow();
    expect(principal).toBe(Number(owed.n));
    expect(principal).toBeGreaterThan(0);
  });

  it('rebuild --check, as the README runs it right after npm start, exits 0', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli/ledger.ts', 'rebuild', '--check'],
      { cwd: repoRoot, env: cliEnv(t, t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}) },
    );
    expect(stdout).toContain('The journal equals today’s balances.');
  }, 60_000);

  const demoBorrowerId = async () =>
    (
      await t.app.db
        .selectFrom('borrowers')
        .select('id')
        .where('phone', '=', DEMO_PHONES.PH)
        .executeTakeFirstOrThrow()
    ).id;

  it('gives the demo borrower complaints in progress, answered (awaiting a rating) and overdue', async () => {
    const problems = await t.app.db
      .selectFrom('problems')
      .select(['reply_text', 'score_requested', 'score', 'created_at'])
      .where('borrower_id', '=', await demoBorrowerId())
      .orderBy('id')
      .execute();
    const open = problems.filter((problem) => problem.reply_text === null);
    expect(problems.filter((problem) => problem.reply_text !== null)).toEqual([
      expect.objectContaining({ score_requested: 1, score: null }),
    ]);
    // Overdue: open for longer than the 3 weekdays promised (8 calendar days hold at least 5).
    const ageDays = (at: string) => (Date.now() - Date.parse(at)) / 86_400_000;
    expect(open.filter((problem) => ageDays(problem.created_at) < 3)).toHaveLength(1);
    expect(open.filter((problem) => ageDays(problem.created_at) >= 7)).toHaveLength(1);
  });

  it('binds the demo borrower a payout account, the default, sealed like a bound one', async () => {
    const accounts = await listPaymentAccounts(t.app, await demoBorrowerId());
    expect(accounts).toEqual([
      expect.objectContaining({ institutionCode: DEMO_ACCOUNT.institutionCode, isDefault: true }),
    ]);
    const opened = await openPaymentAccount(t.app, await demoBorrowerId(), accounts[0]!.id);
    expect(opened?.accountNumber).toBe(DEMO_ACCOUNT.accountNumber);
  });

  it('holds a payment for review on a demo order', async () => {
    const held = await t.app.db
      .selectFrom('payments')
      .select(['status', 'expected_amount', 'received_amount'])
      .where('borrower_id', '=', await demoBorrowerId())
      .where('status', '=', 'held')
      .execute();
    expect(held).toEqual([
      { status: 'held', expected_amount: expect.any(Number), received_amount: expect.any(Number) },
    ]);
    expect(held[0]!.received_amount).not.toBe(held[0]!.expected_amount);
  });

  it('offers a new plan for the overdue demo order, which its demo session opens on the new plan page', async () => {
    const session = (await t.app.inject({ method: 'GET', url: '/dev/demo-session?order=new-plan' })).json<
      Record<string, string>
    >();
    const order = await t.app.db
      .selectFrom('orders')
      .select(['status', 'product_id'])
      .where('id', '=', Number(session.orderId))
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: OrderStatus.Overdue, product_id: Number(session.productId) });
    const disclosure = await callEndpoint(t.app, endpoints.newPlanOffer, { session });
    const offer = (disclosure.envelope!.data as { offer: { instalments: unknown[] } | null }).offer;
    expect(offer?.instalments).toHaveLength(4);
    // The order being repaid, what a plain demo session opens, has none.
    const plain = await callEndpoint(t.app, endpoints.newPlanOffer, { session: await demoSession(t.app) });
    expect((plain.envelope!.data as { offer: unknown }).offer).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/dev/demo-session?order=other' })).statusCode).toBe(
      400,
    );
  });

  it('writes off a disbursed demo order: its principal, charges and penalty, as the plan says it owes', async () => {
    const overdue = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('borrower_id', '=', await demoBorrowerId())
      .where('status', '=', 180)
      .executeTakeFirstOrThrow();
    const lines = await t.app.db
      .selectFrom('order_plan_lines')
      .select(['principal', 'principal_paid'])
      .where('order_id', '=', overdue.id)
      .execute();
    const unpaidPrincipal = lines.reduce((sum, line) => sum + line.principal - line.principal_paid, 0);
    // Inside a transaction rolled back, so the other tests keep the demo as seeded.
    await t.app.db
      .transaction()
      .execute(async (trx) => {
        const { owed } = await writeOffOrder(
          { ...t.app, db: trx },
          { orderId: overdue.id, reason: 'demo write-off', actor: 'test' },
        );
        expect(owed.principal).toBe(unpaidPrincipal);
        expect(owed.principal).toBeGreaterThan(0);
        expect(owed.penalty).toBeGreaterThan(0);
        throw new RollBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });
  });

  it('has weeks of promotion activity at every funnel stage for each campaign', async () => {
    const rows = await funnelReport(t.app.db);
    expect(rows.map((row) => row.utmTag)).toEqual(DEMO_CAMPAIGNS.map((c) => c.utmTag).sort());
    for (const row of rows) {
      expect(row.visits).toBeGreaterThan(row.clicks);
      expect(row.clicks).toBeGreaterThan(0);
      expect(row.smsSent).toBeGreaterThan(0);
      expect(row.registrations).toBeGreaterThan(0);
    }
    const oldest = await t.app.db
      .selectFrom('promotion_events')
      .select((eb) => eb.fn.min('created_at').as('at'))
      .executeTakeFirstOrThrow();
    expect((Date.now() - Date.parse(String(oldest.at))) / 86_400_000).toBeGreaterThan(21);
  });

  it('order 1 is approved with a refused payout (the rebind dialog), and the order CLI disburses it', async () => {
    const session = await demoSession(t.app);
    const order = await t.app.db
      .selectFrom('orders')
      .select(['id', 'product_id', 'status', 'borrower_id'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 151, borrower_id: await demoBorrowerId() });
    const page = async () =>
      (
        await callEndpoint(t.app, endpoints.loanDetails, {
          session,
          body: { productId: String(order.product_id), orderId: '1' },
        })
      ).envelope?.data as { orderStatus: number; cardNeedPop: number };
    expect(await page()).toMatchObject({ orderStatus: 151, cardNeedPop: 1 });

    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli/order.ts', 'disburse', '--order', '1'],
      {
        cwd: repoRoot,
        // The CLI opens the same database as the server, SQLite file or PostgreSQL.
        env: cliEnv(t, t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
      },
    );
    expect(stdout).toContain('Order 1 is now in status 170.');
    expect(await page()).toMatchObject({ orderStatus: 170, cardNeedPop: 0 });
  });

  it('is idempotent', async () => {
    const tables = ['orders', 'payment_accounts', 'disbursements', 'payments', 'promotion_events'] as const;
    const counts = async () =>
      Promise.all(
        tables.map(async (table) =>
          Number(
            (
              await t.app.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
    const before = await counts();
    await seedDemoData(
      t.app.db,
      new Date(),
      t.config.loanRules,
      t.config.market.id,
      t.config.configuredBrand.look,
    );
    await seedDemoMoney(t.app);
    expect(await counts()).toEqual(before);
    // Also under another market: its demo borrower is found by any market's demo phone, so a
    // data directory started in another market is not seeded a second demo.
    await seedDemoData(t.app.db, new Date(), t.config.loanRules, 'spec', t.config.configuredBrand.look);
    expect(await counts()).toEqual(before);
  });
});

describe.each(databaseTargets)("demo seed in the spec's market on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { env: { MARKET: 'spec' } });
  });
  afterAll(() => t.close());

  it("gives the demo borrower the spec's 139… phone and the products the spec's figures", async () => {
    const demo = await t.app.db
      .selectFrom('borrowers')
      .select('phone')
      .where('full_name', '=', 'Juan Dela Cruz')
      .executeTakeFirstOrThrow();
    expect(demo.phone).toBe('13912345678');
    const products = await t.app.db.selectFrom('products').select('loan_rules').execute();
    for (const product of products) expect(JSON.parse(product.loan_rules)).toEqual(defaultLoanRules);
  });
});

describe('production mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { APP_ENV: 'production' } });
  });
  afterAll(() => t.close());

  it('seeds nothing and serves no developer pages', async () => {
    expect(await t.app.db.selectFrom('borrowers').selectAll().execute()).toEqual([]);
    for (const table of ['orders', 'payment_accounts', 'payments', 'problems', 'promotion_events'] as const) {
      expect(await t.app.db.selectFrom(table).select('id').execute(), table).toEqual([]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/dev/demo-session' })).statusCode).toBe(404);
    const preview = await t.app.inject({
      method: 'GET',
      url: '/testPreview',
      headers: { accept: 'text/html' },
    });
    expect(preview.statusCode).toBe(404);
  });
});
