import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDateAt,
  cohortCurves,
  OrderStatus,
  parThresholds,
  portfolioAtRisk,
  sumByPeriod,
  toEpochDay,
} from '@kwarta/domain';
import { portfolioReport, type PortfolioFilter } from '../../../src/features/portfolio/index.ts';
import { repayableOrder } from '../../support/repayment.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';

const TODAY = '2026-11-23';
const TIME_ZONE = 'Asia/Manila';

/** A small deterministic generator: the same book on every run and both databases. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

/**
 * Decision 0099: the portfolio's sums in SQL against the domain's definitions computed here
 * from the raw rows, on a book of loans late by every amount, paid in part, in two campaigns.
 */
describe.each(databaseTargets)('portfolio report (%s)', (target) => {
  let t: TestApp;
  const clock = testClock(`${TODAY}T03:00:00.000Z`);
  let productIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(target, { clock });
    const app = { db: t.app.db, config: t.app.config, clock };
    const next = random(7);
    for (let index = 0; index < 40; index += 1) {
      const lines = 1 + next(4);
      const order = await repayableOrder(app, {
        status: [OrderStatus.Repaying, OrderStatus.Due, OrderStatus.Overdue, OrderStatus.Settled][next(4)],
        lines,
        paidLines: next(lines + 1) === lines ? lines : next(lines),
        firstDue: addDays(TODAY, 30 - next(300)),
        product: ['Kwarta Flex', 'Kwarta Starter'][next(2)],
      });
      if (next(3) > 0)
        await t.app.db
          .insertInto('registrations')
          .values({
            borrower_id: order.borrowerId,
            template_id: null,
            utm_tag: ['spring', 'summer'][next(2)]!,
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
      // Payments at hours that fall on another day in Manila than in UTC (16:00 UTC is midnight there).
      for (let payment = 0; payment < next(3); payment += 1) {
        const paidAt = new Date(Date.parse(`${addDays(TODAY, -next(200))}T00:00:00Z`) + next(24) * 3_600_000);
        await t.app.db
          .insertInto('payments')
          .values({
            provider: 'sandbox',
            txnid: `KWPORT${order.orderId}-${payment}`,
            order_id: order.orderId,
            borrower_id: order.borrowerId,
            kind: 'repayment',
            expected_amount: 1_000_000,
            received_amount: 1_000 + next(1_000_000),
            channel: 'BAYD',
            status: next(5) === 0 ? 'expired' : 'paid',
            expires_at: paidAt.toISOString(),
            created_at: paidAt.toISOString(),
            updated_at: paidAt.toISOString(),
            paid_at: paidAt.toISOString(),
          })
          .execute();
      }
    }
    // A payment at 01:00 on 1 November in Manila (31 October in UTC), on a loan disbursed before
    // October: its cohort counts it in November's column, as the flows do.
    const early = await t.app.db
      .selectFrom('orders')
      .select(['id', 'borrower_id'])
      .where('disbursed_on', '<', '2026-10-01')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const monthEdge = '2026-10-31T17:00:00.000Z';
    await t.app.db
      .insertInto('payments')
      .values({
        provider: 'sandbox',
        txnid: `KWPORT${early.id}-edge`,
        order_id: early.id,
        borrower_id: early.borrower_id,
        kind: 'repayment',
        expected_amount: 1_000_000,
        received_amount: 777_777,
        channel: 'BAYD',
        status: 'paid',
        expires_at: monthEdge,
        created_at: monthEdge,
        updated_at: monthEdge,
        paid_at: monthEdge,
      })
      .execute();
    productIds = (await t.app.db.selectFrom('products').select('id').execute()).map((row) => row.id);
  });
  afterAll(() => t.close());

  /** The same figures from the raw rows, by the domain's definitions. */
  async function expected(filter: PortfolioFilter, from: string) {
    const db = t.app.db;
    let orders = await db.selectFrom('orders').selectAll().execute();
    if (filter.productId !== undefined)
      orders = orders.filter((order) => order.product_id === filter.productId);
    if (filter.utmTag !== undefined) {
      const tagged = new Set(
        (
          await db
            .selectFrom('registrations')
            .select('borrower_id')
            .where('utm_tag', '=', filter.utmTag)
            .execute()
        ).map((row) => row.borrower_id),
      );
      orders = orders.filter((order) => tagged.has(order.borrower_id));
    }
    const ids = new Set(orders.map((order) => order.id));
    const lines = (await db.selectFrom('order_plan_lines').selectAll().execute()).filter((line) =>
      ids.has(line.order_id),
    );
    const payments = (
      await db.selectFrom('payments').selectAll().where('status', '=', 'paid').execute()
    ).filter((payment) => ids.has(payment.order_id));
    const live = orders.filter((order) =>
      ([OrderStatus.Repaying, OrderStatus.Due, OrderStatus.Overdue] as number[]).includes(order.status),
    );
    const atRisk = portfolioAtRisk(
      live.map((order) => {
        const own = lines.filter((line) => line.order_id === order.id);
        const unpaid = own
          .filter((line) => line.paid_amount < line.amount)
          .map((line) => line.due_date)
          .sort();
        return {
          outstandingPrincipal: own.reduce((sum, line) => sum + line.principal - line.principal_paid, 0),
          daysPastDue: unpaid[0] ? Math.max(0, toEpochDay(TODAY) - toEpochDay(unpaid[0])) : 0,
        };
      }),
    );
    const disbursed = sumByPeriod(
      orders
        .filter((order) => order.disbursed_on && order.disbursed_on >= from && order.disbursed_on <= TODAY)
        .map((order) => ({ date: order.disbursed_on!, amount: order.principal })),
      'month',
    );
    const collected = sumByPeriod(
      payments
        .map((payment) => ({
          date: calendarDateAt(new Date(payment.paid_at!), TIME_ZONE),
          amount: payment.received_amount!,
        }))
        .filter((row) => row.date >= from && row.date <= TODAY),
      'month',
    );
    const disbursedOrders = new Set(orders.filter((order) => order.disbursed_on).map((order) => order.id));
    const dueLines = lines.filter(
      (line) => disbursedOrders.has(line.order_id) && line.due_date >= from && line.due_date <= TODAY,
    );
    const firstLines = lines.filter(
      (line) => disbursedOrders.has(line.order_id) && line.seq === 1 && line.due_date <= addDays(TODAY, -30),
    );
    const cohortOf = new Map(orders.map((order) => [order.id, order.disbursed_on?.slice(0, 7) ?? '']));
    const cohorts = cohortCurves(
      [...new Set(orders.filter((order) => order.disbursed_on).map((order) => cohortOf.get(order.id)!))].map(
        (cohort) => ({
          cohort,
          due: orders
            .filter((order) => cohortOf.get(order.id) === cohort)
            .reduce((sum, o) => sum + o.total_due, 0),
        }),
      ),
      payments.map((payment) => ({
        cohort: cohortOf.get(payment.order_id)!,
        // The lender's month the money arrived in, as the cohort is the lender's month it went out.
        month: calendarDateAt(new Date(payment.paid_at!), TIME_ZONE).slice(0, 7),
        amount: payment.received_amount!,
      })),
      TODAY,
    );
    return {
      atRisk,
      disbursed,
      collected,
      collection: {
        due: dueLines.reduce((sum, line) => sum + line.amount, 0),
        paid: dueLines.reduce((sum, line) => sum + line.paid_amount, 0),
      },
      firstPaymentDefault: {
        loans: firstLines.length,
        defaulted: firstLines.filter((line) => line.paid_amount < line.amount).length,
      },
      cohorts,
    };
  }

  const filters = (): PortfolioFilter[] => [
    {},
    { productId: productIds[0] },
    { utmTag: 'spring' },
    { productId: productIds[1], utmTag: 'summer' },
    { utmTag: 'nobody-used-this' },
  ];

  it('equals the domain definitions over the raw rows, for every filter', async () => {
    const from = addDays(TODAY, -180);
    for (const filter of filters()) {
      const report = await portfolioReport(t.app.db, {
        today: TODAY,
        timeZone: TIME_ZONE,
        period: 'month',
        from,
        filter,
      });
      const want = await expected(filter, from);
      const label = JSON.stringify(filter);
      expect(report.atRisk.outstandingPrincipal, label).toBe(want.atRisk.outstandingPrincipal);
      for (const days of parThresholds) {
        expect(report.atRisk.par[days].amount, `${label} PAR${days}`).toBe(want.atRisk.par[days].amount);
        expect(report.atRisk.par[days].ratio, `${label} PAR${days}`).toBeCloseTo(
          want.atRisk.par[days].ratio,
          12,
        );
      }
      expect(
        report.flows
          .filter((flow) => flow.disbursed > 0)
          .map(({ start, disbursed }) => ({ start, amount: disbursed })),
        label,
      ).toEqual(want.disbursed);
      expect(
        report.flows
          .filter((flow) => flow.collected > 0)
          .map(({ start, collected }) => ({ start, amount: collected })),
        label,
      ).toEqual(want.collected);
      expect(report.collection, label).toMatchObject(want.collection);
      expect(report.firstPaymentDefault, label).toMatchObject(want.firstPaymentDefault);
      expect(report.cohorts, label).toEqual(want.cohorts);
    }
  });

  it('the book has something in every bucket, so the comparison means something', async () => {
    const report = await portfolioReport(t.app.db, {
      today: TODAY,
      timeZone: TIME_ZONE,
      period: 'week',
      from: addDays(TODAY, -365),
      filter: {},
    });
    expect(report.atRisk.par[90].amount).toBeGreaterThan(0);
    expect(report.atRisk.par[1].amount).toBeLessThan(report.atRisk.outstandingPrincipal);
    expect(report.flows.some((flow) => flow.collected > 0 && flow.disbursed > 0)).toBe(true);
    expect(report.firstPaymentDefault.defaulted).toBeGreaterThan(0);
    expect(report.cohorts.length).toBeGreaterThan(3);
    // Weeks start on Mondays.
    expect(report.flows.every((flow) => new Date(`${flow.start}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
  });
});
