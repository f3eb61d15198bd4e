import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { endpoints } from '@kwarta/contract';
import { addDays, calendarDateAt, periods } from '@kwarta/domain';
import { callEndpoint } from '../../support/api.ts';
import { newBorrower } from '../../support/borrowers.ts';
import { heldPayment } from '../../support/held-payment.ts';
import { bindCard } from '../../support/payment-accounts.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import {
  advanceOrdersByDate,
  approveOrder,
  ordersWithMoney,
  writeOffOrder,
} from '../../../src/features/orders/index.ts';
import { disburseOrder } from '../../../src/features/disbursement/index.ts';
import { acceptHeldPayment } from '../../../src/features/payments/index.ts';
import {
  portfolioReport,
  rebuildPortfolioSummaries,
  summarizedPortfolio,
} from '../../../src/features/portfolio/index.ts';
import {
  acceptRestructuring,
  MoneyActionRefused,
  offerRestructuring,
  postManualRepayment,
  reversePayment,
  waiveOrderCharge,
} from '../../../src/features/money-actions/index.ts';
import {
  agingReport,
  expectedRepaymentsReport,
  fromKeptSummaries,
  fromPlanLines,
} from '../../../src/features/standard-reports/index.ts';

/**
 * Decisions 0111 and 0118: after any sequence of money events — payouts, payments posted, held and
 * accepted, extensions, manual repayments, reversals, waivers, restructurings, write-offs, days
 * passing (the daily job's accruals) — some of them at once (on PostgreSQL in concurrent
 * transactions), the portfolio read from its summaries equals the one computed from the raw rows,
 * for every period and filter, so do the standard reports' aging and expected repayments, and the
 * rebuild's check finds no difference.
 */
const CAMPAIGNS = ['spring', 'summer'];

type Event =
  | { kind: 'disburse'; order: number }
  | { kind: 'pay'; order: number; amount: number }
  | { kind: 'extension'; order: number; amount: number }
  | { kind: 'held-accepted'; order: number; amount: number }
  | { kind: 'write-off'; order: number }
  | { kind: 'manual'; order: number; amount: number }
  | { kind: 'reverse'; order: number }
  | { kind: 'waive'; order: number; charge: 'penalty' | 'charges'; amount: number }
  | { kind: 'restructure'; order: number; instalments: number }
  | { kind: 'days-pass'; days: number };

const ORDERS_PER_RUN = 3;
const orderIndex = fc.integer({ min: 0, max: ORDERS_PER_RUN - 1 });
const amount = fc.integer({ min: 1_000, max: 120_000 });
const event: fc.Arbitrary<Event> = fc.oneof(
  fc.record({ kind: fc.constant('disburse' as const), order: orderIndex }),
  fc.record({ kind: fc.constant('pay' as const), order: orderIndex, amount }),
  fc.record({ kind: fc.constant('extension' as const), order: orderIndex, amount }),
  fc.record({ kind: fc.constant('held-accepted' as const), order: orderIndex, amount }),
  fc.record({ kind: fc.constant('write-off' as const), order: orderIndex }),
  fc.record({ kind: fc.constant('manual' as const), order: orderIndex, amount }),
  fc.record({ kind: fc.constant('reverse' as const), order: orderIndex }),
  fc.record({
    kind: fc.constant('waive' as const),
    order: orderIndex,
    charge: fc.constantFrom('penalty' as const, 'charges' as const),
    amount: fc.integer({ min: 100, max: 20_000 }),
  }),
  fc.record({
    kind: fc.constant('restructure' as const),
    order: orderIndex,
    instalments: fc.integer({ min: 2, max: 4 }),
  }),
  fc.record({ kind: fc.constant('days-pass' as const), days: fc.integer({ min: 1, max: 40 }) }),
);

describe.each(databaseTargets)('portfolio summaries on %s', (target) => {
  const clock = testClock('2026-06-01T02:00:00.000Z'); // 10:00 in Manila
  let t: TestApp;
  let phone = 13900008100;
  let reference = 0;
  let products: { id: number; name: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp(target, { clock, env: { MARKET: 'spec' } });
    products = await t.app.db.selectFrom('products').select(['id', 'name']).execute();
  });
  afterAll(() => t.close());

  /** An approved order of a new borrower, through a campaign or none, on one of the products. */
  async function approvedOrder(pick: number) {
    phone += 1;
    const borrower = await newBorrower(t.app, String(phone));
    const campaign = CAMPAIGNS[pick % 3];
    if (campaign) {
      await t.app.db
        .insertInto('registrations')
        .values({
          borrower_id: borrower.borrowerId,
          template_id: null,
          utm_tag: campaign,
          app_from: null,
          user_from: null,
          invite_code: null,
          user_name: 'Test',
          merchant_number: 1,
          app_name: null,
          device_id: null,
          ip: null,
          created_at: clock.now().toISOString(),
        })
        .execute();
    }
    const starter = pick % 2 === 1;
    const product = products.find((row) => row.name === (starter ? 'Kwarta Starter' : 'Kwarta Flex'))!;
    const pushed = await callEndpoint(t.app, endpoints.loanDetailPush, {
      session: borrower.session,
      body: {
        productId: String(product.id),
        amount: '250000',
        periods: starter ? '4' : '3',
        termUnit: '1',
        requestId: `portfolio-${phone}-0000`,
      },
    });
    if (!pushed.envelope?.data) throw new Error(`push refused: ${JSON.stringify(pushed.envelope)}`);
    const orderId = (pushed.envelope.data as { orderId: number }).orderId;
    await approveOrder(t.app, orderId, 'operator:test');
    await bindCard(t.app, borrower.session, product.id, '6222021234561234');
    return { orderId, borrowerId: borrower.borrowerId };
  }

  /** Runs one event; one the order's state refuses (paying an order not disbursed) changes nothing. */
  async function run(event: Event, orders: { orderId: number; borrowerId: number }[]) {
    if (event.kind === 'days-pass') {
      clock.advance(event.days * 86_400_000);
      await advanceOrdersByDate(t.app, clock.now());
      return;
    }
    const order = orders[event.order]!;
    const status = (
      await t.app.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', order.orderId)
        .executeTakeFirstOrThrow()
    ).status;
    const repaying = [170, 174, 180, 190].includes(status);
    try {
      if (event.kind === 'disburse') {
        if (status === 90) await disburseOrder(t.app, order.orderId, 'operator:test');
      } else if (event.kind === 'write-off') {
        if ([170, 174, 180].includes(status))
          await writeOffOrder(t.app, {
            orderId: order.orderId,
            reason: 'uncollectable',
            actor: 'operator:admin',
          });
      } else if (repaying && event.kind === 'pay') {
        await heldPayment(t.app, order, { expected: event.amount, received: event.amount });
      } else if (repaying && event.kind === 'extension') {
        await heldPayment(t.app, order, {
          expected: event.amount,
          received: event.amount,
          kind: 'extension',
        });
      } else if (repaying && event.kind === 'held-accepted') {
        const id = await heldPayment(t.app, order, { expected: event.amount + 1, received: event.amount });
        await acceptHeldPayment(t.app, id, 'operator:finance');
      } else if (repaying && event.kind === 'manual') {
        await postManualRepayment(t.app, 'operator:finance', {
          orderId: order.orderId,
          amount: event.amount,
          channel: 'bank_deposit',
          receivedOn: calendarDateAt(clock.now(), t.app.config.lenderTimeZone),
          reference: `SLIP-${(reference += 1)}`,
        });
      } else if (event.kind === 'reverse') {
        const paid = await t.app.db
          .selectFrom('payments')
          .select('id')
          .where('order_id', '=', order.orderId)
          .where('kind', '=', 'repayment')
          .where('status', '=', 'paid')
          .orderBy('id', 'desc')
          .executeTakeFirst();
        if (paid) await reversePayment(t.app, 'operator:finance', { paymentId: paid.id, reason: 'bounced' });
      } else if (event.kind === 'waive') {
        await waiveOrderCharge(t.app, 'operator:finance', {
          orderId: order.orderId,
          charge: event.charge,
          amount: event.amount,
          reason: 'goodwill',
          reference: `W-${(reference += 1)}`,
        });
      } else if (event.kind === 'restructure') {
        const today = calendarDateAt(clock.now(), t.app.config.lenderTimeZone);
        const { restructuring } = await offerRestructuring(t.app, 'operator:finance', {
          orderId: order.orderId,
          terms: {
            instalments: event.instalments,
            everyDays: 30,
            firstDue: addDays(today, 10),
            monthlyBps: 100,
          },
        });
        await acceptRestructuring(t.app, { borrowerId: order.borrowerId, restructuringId: restructuring.id });
      }
    } catch (error) {
      // Two events racing on one order: the second may find it moved on (refused, not half done);
      // a money action the order's state refuses (nothing to waive, not repaying) changes nothing.
      if (error instanceof MoneyActionRefused) return;
      if (!(error instanceof Error) || !/refused|not|cannot|already/i.test(error.message)) throw error;
    }
  }

  async function expectSummariesEqualRows() {
    const timeZone = t.app.config.lenderTimeZone;
    const today = calendarDateAt(clock.now(), timeZone);
    const filters = [
      {},
      ...products.map((product) => ({ productId: product.id })),
      ...CAMPAIGNS.map((utmTag) => ({ utmTag })),
      { productId: products[0]!.id, utmTag: CAMPAIGNS[0] },
    ];
    for (const filter of filters) {
      for (const period of periods) {
        const query = { today, period, from: addDays(today, -365), filter };
        const fromRows = await portfolioReport(t.app.db, { ...query, timeZone });
        expect(await summarizedPortfolio(t.app.db, query)).toEqual(fromRows);
      }
    }
    // The standard reports from the kept sums: per aging day and due date, and as printed.
    const context = { timeZone, now: clock.now() };
    const nonZero = <T extends { day: string }>(rows: T[]) =>
      rows
        .map((row) =>
          Object.fromEntries(
            Object.entries(row).map(([key, value]) => [key, key === 'day' ? value : Number(value)]),
          ),
        )
        .filter((row) => Object.entries(row).some(([key, value]) => key !== 'day' && value !== 0))
        .sort((a, b) => (a.day! < b.day! ? -1 : 1));
    expect(nonZero(await fromKeptSummaries.agingByOldestDue(t.app.db))).toEqual(
      nonZero(await fromPlanLines.agingByOldestDue(t.app.db)),
    );
    const [first, last] = [addDays(today, -400), addDays(today, 400)];
    expect(nonZero(await fromKeptSummaries.expectedByDueDate(t.app.db, first, last))).toEqual(
      nonZero(await fromPlanLines.expectedByDueDate(t.app.db, first, last)),
    );
    expect(await agingReport(t.app.db, context)).toEqual(await agingReport(t.app.db, context, fromPlanLines));
    expect(await expectedRepaymentsReport(t.app.db, context)).toEqual(
      await expectedRepaymentsReport(t.app.db, context, fromPlanLines),
    );
    const check = await rebuildPortfolioSummaries(t.app.db, {
      orderIds: await ordersWithMoney(t.app.db),
      timeZone,
      check: true,
    });
    expect(check.differences).toEqual([]);
  }

  it('equal the raw rows after random money events, some of them concurrent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(event, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }),
        async (rounds) => {
          const orders: { orderId: number; borrowerId: number }[] = [];
          for (let index = 0; index < ORDERS_PER_RUN; index += 1)
            orders.push(await approvedOrder(index + phone));
          for (const order of orders) await disburseOrder(t.app, order.orderId, 'operator:test');
          // Each round's events at once: concurrent transactions on PostgreSQL.
          for (const round of rounds) await Promise.all(round.map((each) => run(each, orders)));
          await expectSummariesEqualRows();
        },
      ),
      { numRuns: 6 },
    );
  }, 300_000);

  it('a rebuild writes what the events wrote', async () => {
    const timeZone = t.app.config.lenderTimeZone;
    const before = await t.app.db.selectFrom('portfolio_sums').selectAll().where('amount', '<>', 0).execute();
    await rebuildPortfolioSummaries(t.app.db, {
      orderIds: await ordersWithMoney(t.app.db),
      timeZone,
      check: false,
    });
    const after = await t.app.db.selectFrom('portfolio_sums').selectAll().execute();
    const sorted = (rows: typeof after) =>
      rows
        .map((row) => ({ ...row, amount: Number(row.amount) }))
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(sorted(after)).toEqual(sorted(before));
    await expectSummariesEqualRows();
  }, 120_000);
});
