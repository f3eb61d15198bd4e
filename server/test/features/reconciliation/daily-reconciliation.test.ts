import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_SESSION_COOKIE, endpoints, type OperatorRole } from '@kwarta/contract';
import { heldPayment } from '../../support/held-payment.ts';
import { disbursedOrder as disbursedOrderOf } from '../../support/orders.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { createOperator, createOperatorSession } from '../../../src/features/operators/index.ts';
import { dailyReconciliation, formatReconciliation } from '../../../src/features/reconciliation/index.ts';
import { formatMoney } from '@kwarta/domain';
import { outputFormat } from '../../../src/lib/output-format.ts';

/**
 * Decision 0099: the daily reconciliation of a provider's paid payments against the
 * journal's cash finds a planted mismatch — a provider payment with no journal entry, and an amount
 * the provider reports differently from what was booked — and lists both.
 */
describe.each(databaseTargets)('daily reconciliation on %s', (target) => {
  // 01:30 UTC is 09:30 in Manila: the lender's day is 2026-11-23.
  const clock = testClock('2026-11-23T01:30:00.000Z');
  const DAY = '2026-11-23';
  let t: TestApp;
  const reconcile = () => dailyReconciliation(t.app.db, { date: DAY, timeZone: 'Asia/Manila' });

  beforeAll(async () => {
    t = await createTestApp(target, { clock, env: { MARKET: 'spec' } });
  });
  afterAll(() => t.close());

  const disbursedOrder = (phone: string) => disbursedOrderOf(t, phone);

  it('a day whose payments were all booked reconciles, provider by provider', async () => {
    const order = await disbursedOrder('13900007301');
    await heldPayment(t.app, order, { expected: 10_000, received: 10_000 });
    await heldPayment(t.app, order, { expected: 20_000, received: 20_000 });
    // A wrong amount is held: its cash is booked (to suspense's other side) all the same.
    await heldPayment(t.app, order, { expected: 20_000, received: 7_000 });

    const report = await reconcile();
    expect(report.mismatches).toEqual([]);
    expect(report.providers).toEqual([
      // The demo's held card payment of the same day.
      { provider: 'card', payments: 1, providerTotal: 153_333, bookedTotal: 153_333, difference: 0 },
      { provider: 'sandbox', payments: 3, providerTotal: 37_000, bookedTotal: 37_000, difference: 0 },
    ]);
    expect(formatReconciliation(report, outputFormat(t.config))).toContain('Every payment reconciles.');
    // Another day sees none of them.
    expect(
      (await dailyReconciliation(t.app.db, { date: '2026-11-24', timeZone: 'Asia/Manila' })).providers,
    ).toEqual([]);
  });

  it('lists a provider payment with no journal entry and an amount that differs', async () => {
    const order = await disbursedOrder('13900007302');
    const booked = await heldPayment(t.app, order, { expected: 15_000, received: 15_000 });
    const paidAt = clock.now().toISOString();
    // Planted: the provider reports a payment nobody booked…
    const { id: unbooked } = await t.app.db
      .insertInto('payments')
      .values({
        provider: 'sandbox',
        txnid: 'KWPLANTEDNOENTRY',
        order_id: order.orderId,
        borrower_id: order.borrowerId,
        kind: 'repayment',
        expected_amount: 12_345,
        received_amount: 12_345,
        channel: 'BAYD',
        status: 'paid',
        extension_days: null,
        open_key: null,
        expires_at: paidAt,
        created_at: paidAt,
        updated_at: paidAt,
        paid_at: paidAt,
        received_at: paidAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // …and, for a booked one, an amount other than what was booked.
    await t.app.db
      .updateTable('payments')
      .set({ received_amount: 15_500 })
      .where('id', '=', booked)
      .execute();

    const report = await reconcile();
    expect(report.mismatches).toEqual([
      expect.objectContaining({
        paymentId: booked,
        problem: 'amount_difference',
        providerAmount: 15_500,
        bookedAmount: 15_000,
        orderId: order.orderId,
      }),
      expect.objectContaining({
        paymentId: unbooked,
        problem: 'no_journal_entry',
        providerAmount: 12_345,
        bookedAmount: 0,
        txnid: 'KWPLANTEDNOENTRY',
      }),
    ]);
    const sandbox = report.providers.find((line) => line.provider === 'sandbox')!;
    expect(sandbox.difference).toBe(-(500 + 12_345));
    const text = formatReconciliation(report, outputFormat(t.config));
    expect(text).toContain('2 mismatches');
    // The planted payment's amount in the market's money style, as the pages print it.
    expect(text).toContain(formatMoney(12_345, t.config.market.money));
    expect(text).toContain('paid, no journal entry');
    expect(text).toContain('amounts differ');
  });

  it("the console's call answers finance and admin, for yesterday by default, and no other role", async () => {
    let made = 0;
    const call = async (role: OperatorRole, query = '') => {
      made += 1;
      const operatorId = await createOperator(t.app.db, {
        name: `${role}-reconcile-${made}`,
        role,
        now: clock.now(),
      });
      const { token } = await createOperatorSession(t.app.db, { operatorId, now: clock.now() });
      return t.app.inject({
        method: 'GET',
        url: `${endpoints.consoleReconciliation.path}${query ? `?${query}` : ''}`,
        headers: { cookie: `${OPERATOR_SESSION_COOKIE}=${token}` },
      });
    };
    const today = await call('finance', `date=${DAY}`);
    expect(today.statusCode, today.body).toBe(200);
    const data = (JSON.parse(today.body) as { kwd: { date: string; mismatches: { problem: string }[] } }).kwd;
    expect(data.date).toBe(DAY);
    expect(data.mismatches.map((mismatch) => mismatch.problem)).toEqual([
      'amount_difference',
      'no_journal_entry',
    ]);
    const byDefault = await call('admin');
    expect(byDefault.statusCode).toBe(200);
    expect((JSON.parse(byDefault.body) as { kwd: { date: string } }).kwd.date).toBe('2026-11-22');
    for (const role of ['viewer', 'agent', 'credit', 'collector'] as const)
      expect((await call(role)).statusCode, role).toBe(403);
    expect((await call('finance', 'date=23-11-2026')).statusCode).toBe(400);

    // The same day as CSV: the provider totals, then the two mismatches.
    made += 1;
    const operatorId = await createOperator(t.app.db, {
      name: `finance-csv-${made}`,
      role: 'finance',
      now: clock.now(),
    });
    const { token } = await createOperatorSession(t.app.db, { operatorId, now: clock.now() });
    const csv = await t.app.inject({
      method: 'GET',
      url: `${endpoints.consoleExportReconciliation.path}?date=${DAY}`,
      headers: { cookie: `${OPERATOR_SESSION_COOKIE}=${token}` },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="reconciliation-${DAY}.csv"`);
    const lines = csv.body.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe(
      'provider,payment_id,order_id,txnid,ref_no,problem,provider_amount_minor,booked_minor,other_date',
    );
    expect(lines.filter((line) => line.includes('provider total'))).toHaveLength(2);
    expect(
      lines.filter((line) => line.includes('amounts differ') || line.includes('paid, no journal entry')),
    ).toHaveLength(2);
  });
});
