import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, OrderStatus } from '@kwarta/domain';
import { disbursedOrder } from '../../support/orders.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { advanceOrdersByDate } from '../../../src/features/orders/index.ts';
import { postManualRepayment } from '../../../src/features/money-actions/index.ts';
import {
  agingReport,
  expectedRepaymentsReport,
  formatStandardReport,
  fromPlanLines,
  standardReport,
  standardReportCsv,
  standardReportNames,
} from '../../../src/features/standard-reports/index.ts';
import { outputFormat } from '../../../src/lib/output-format.ts';

/** Decision 0110: the standard reports' figures on a small book, on both databases. */
describe.each(databaseTargets)('standard reports on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z');
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target, { clock, env: { MARKET: 'spec' } });
  }, 120_000);
  afterAll(() => t.close());

  it('aging, expected repayments, disbursements, collections by collector and payments by channel agree with the book', async () => {
    const { orderId } = await disbursedOrder(t, '13900009101');
    const order = await t.app.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const collector = await t.app.db
      .insertInto('operators')
      .values({
        name: `collector-${target}`,
        role: 'collector',
        created_at: clock.now().toISOString(),
        totp_secret: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('collection_assignments')
      .values({
        order_id: orderId,
        operator_id: collector.id,
        assigned_by: 'test',
        assigned_at: clock.now().toISOString(),
      })
      .execute();
    const start = clock.now();
    // Five days past the first due date: overdue, 1-30 days past due.
    const at = new Date(`${addDays(order.due_date!, 5)}T02:00:00.000Z`);
    clock.advance(at.getTime() - clock.now().getTime());
    await advanceOrdersByDate(t.app, clock.now());
    await postManualRepayment(t.app, 'operator:test', {
      orderId,
      amount: 1_000,
      channel: 'bank_deposit',
      receivedOn: addDays(order.due_date!, 5),
      reference: 'SLIP-1',
    });
    const context = { timeZone: 'Asia/Manila', now: clock.now() };
    const range = { from: calendar(start), to: addDays(order.due_date!, 5) };

    const aging = await standardReport(t.app.db, context, 'aging');
    const late = aging.rows.find((row) => row[0] === '1-30')!;
    expect(Number(late[1])).toBeGreaterThanOrEqual(1);
    expect(Number(late[2])).toBeGreaterThan(0);
    expect(aging.header).toMatchObject({ timeZone: 'Asia/Manila', computedAt: clock.now().toISOString() });

    // Read from the kept summaries (decision 0118): the same as the raw plan lines say, penalty included.
    expect(Number(late[4])).toBeGreaterThan(0);
    expect(aging).toEqual(await agingReport(t.app.db, context, fromPlanLines));

    const expected = await standardReport(t.app.db, context, 'expected-repayments');
    expect(expected.rows).toHaveLength(28);
    expect(expected.rows.reduce((total, row) => total + Number(row[2]), 0)).toBeGreaterThan(0);
    expect(expected).toEqual(await expectedRepaymentsReport(t.app.db, context, fromPlanLines));

    const register = await standardReport(t.app.db, context, 'disbursements', range);
    expect(register.rows.map((row) => row[1])).toContain(orderId);

    const byCollector = await standardReport(t.app.db, context, 'collections-by-collector', range);
    expect(byCollector.rows).toContainEqual([`collector-${target}`, 1, 1, 1_000, 0]);

    const byChannel = await standardReport(t.app.db, context, 'payments-by-channel', range);
    expect(byChannel.rows).toContainEqual(['bank', 'bank_deposit', 1, 1_000, 0]);
    expect(standardReportCsv(byChannel)).toMatch(
      /^provider,channel,payments,received,reversed_since,lender_time_zone,computed_at\r\n/,
    );
    // The CLI prints amounts in the market's money, counts as they are.
    const format = outputFormat(t.app.config);
    const printed = formatStandardReport(byChannel, format);
    const bankLine = printed.split('\n').find((line) => line.startsWith('bank '));
    expect(bankLine?.split(/\s+/)).toEqual([
      'bank',
      'bank_deposit',
      '1',
      format.money(1_000),
      format.money(0),
    ]);
    expect(printed).not.toContain('centavos');
    expect(
      (
        await t.app.db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe(OrderStatus.Overdue);
    for (const name of standardReportNames) {
      expect((await standardReport(t.app.db, context, name, range)).header.report).toBe(name);
    }
  });
});

const calendar = (instant: Date) => instant.toISOString().slice(0, 10);
