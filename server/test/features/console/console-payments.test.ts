import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF_HEADER,
  OPERATOR_SESSION_COOKIE,
  messages,
  operatorRoles,
  type Endpoint,
  type OperatorRole,
  endpoints,
} from '@kwarta/contract';
import { OrderStatus } from '@kwarta/domain';
import { callEndpoint } from '../../support/api.ts';
import { bindCard, CARD_NO } from '../../support/payment-accounts.ts';
import { heldPayment } from '../../support/held-payment.ts';
import { orderState, repayableOrder } from '../../support/repayment.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { createOperator, createOperatorSession } from '../../../src/features/operators/index.ts';
import {
  acceptHeldPayment,
  resumeStalledRefunds,
  returnHeldPayment,
  STALLED_RETURNING_MS,
} from '../../../src/features/payments/index.ts';

/** One instalment of repayableOrder: 100,000.00 principal + 5,000.00 interest. */
const LINE = 10_500_000;

interface PaymentItem {
  id: number;
  orderNo: string;
  kind: string;
  provider: string;
  expectedAmount: number;
  receivedAmount: number | null;
  status: string;
  statusReason: string;
}

describe.each(databaseTargets)('console payments (%s)', (target) => {
  let t: TestApp;
  const clock = testClock('2026-11-23T03:00:00.000Z');
  const as: Partial<Record<OperatorRole, { cookie: string; csrf: string }>> = {};

  beforeAll(async () => {
    t = await createTestApp(target, {
      clock,
      env: { MARKET: 'spec', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' },
    });
    for (const role of operatorRoles) {
      const operatorId = await createOperator(t.app.db, { name: `${role}-1`, role, now: clock.now() });
      const tokens = await createOperatorSession(t.app.db, { operatorId, now: clock.now() });
      as[role] = { cookie: `${OPERATOR_SESSION_COOKIE}=${tokens.token}`, csrf: tokens.csrfToken };
    }
  });
  afterAll(() => t.close());

  const call = (endpoint: Endpoint, role: OperatorRole, body: Record<string, string> = {}, csrf = true) =>
    callEndpoint(t.app, endpoint, {
      body,
      headers: { cookie: as[role]!.cookie, ...(csrf ? { [CSRF_HEADER]: as[role]!.csrf } : {}) },
    });
  const accept = (paymentId: number, role: OperatorRole = 'finance') =>
    call(endpoints.consoleAcceptPayment, role, { paymentId: String(paymentId) });
  const giveBack = (paymentId: number, role: OperatorRole = 'finance') =>
    call(endpoints.consoleReturnPayment, role, { paymentId: String(paymentId) });
  const auditOf = (paymentId: number) =>
    t.app.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('subject', '=', `payment:${paymentId}`)
      .orderBy('id')
      .execute();
  const payment = (id: number) =>
    t.app.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const list = async (role: OperatorRole, filter: Record<string, string>) => {
    const response = await call(endpoints.consolePayments, role, filter);
    expect(response.status, JSON.stringify(response.envelope)).toBe(200);
    return response.envelope?.data as { items: PaymentItem[]; hasMore: boolean; page: number };
  };

  /** An order of `lines` instalments with a payment held for review that received `received`. */
  async function orderWithHeld(
    received: number | null,
    options: { lines?: number; kind?: 'extension' } = {},
  ) {
    const order = await repayableOrder(t.app, { lines: options.lines ?? 1 });
    const expected = options.kind === 'extension' ? 1_500_000 : LINE;
    const paymentId = await heldPayment(t.app, order, { expected, received, kind: options.kind });
    return { ...order, paymentId };
  }

  describe('list', () => {
    it('pages newest first and filters by status and provider, for every role that reads orders', async () => {
      const order = await repayableOrder(t.app, { lines: 3 });
      const held = await heldPayment(t.app, order, { expected: LINE, received: 100, provider: 'dragonpay' });
      const paid = await heldPayment(t.app, order, { expected: LINE, received: LINE, provider: 'dragonpay' });
      const other = await heldPayment(t.app, order, { expected: LINE, received: 200 });

      const first = await list('viewer', { pageSize: '2' });
      expect(first.items.map((item) => item.id)).toEqual([other, paid]);
      expect(first.hasMore).toBe(true);
      const second = await list('viewer', { pageSize: '2', page: '2' });
      expect(second.items[0]!.id).toBe(held);

      const heldOnly = await list('finance', { status: 'held' });
      expect(heldOnly.items.length).toBeGreaterThanOrEqual(2);
      expect(heldOnly.items.every((item) => item.status === 'held')).toBe(true);
      expect(heldOnly.items[0]).toMatchObject({
        id: other,
        orderNo: order.orderNo,
        kind: 'repayment',
        provider: 'sandbox',
        expectedAmount: LINE,
        receivedAmount: 200,
        statusReason: 'amount_mismatch',
      });
      const dragonpay = await list('agent', { provider: 'dragonpay' });
      expect(dragonpay.items.map((item) => item.id)).toEqual([paid, held]);
      const both = await list('credit', { provider: 'dragonpay', status: 'paid' });
      expect(both.items.map((item) => item.id)).toEqual([paid]);

      expect((await call(endpoints.consolePayments, 'viewer', { status: 'lost' })).status).toBe(400);
      expect((await call(endpoints.consolePayments, 'viewer', { pageSize: '101' })).status).toBe(400);
    });

    it('counts held payments on the dashboard', async () => {
      const before = (await call(endpoints.consoleDashboard, 'viewer')).envelope?.data as {
        paymentsHeld: number;
      };
      await orderWithHeld(1_000);
      const after = (await call(endpoints.consoleDashboard, 'viewer')).envelope?.data as {
        paymentsHeld: number;
      };
      expect(after.paymentsHeld).toBe(before.paymentsHeld + 1);
    });
  });

  describe('security', () => {
    it("refuses a viewer's or a credit officer's accept and return with 403 and changes nothing", async () => {
      const { paymentId, orderId } = await orderWithHeld(1_000);
      const before = await orderState(t.app, orderId);
      for (const role of ['viewer', 'credit', 'agent'] as const) {
        for (const response of [await accept(paymentId, role), await giveBack(paymentId, role)]) {
          expect(response.status).toBe(403);
          expect(response.envelope?.message).toBe(messages.operatorRoleRefused);
        }
      }
      expect(await orderState(t.app, orderId)).toEqual(before);
      expect(await auditOf(paymentId)).toEqual([]);
    });

    it('refuses a write without the CSRF token and changes nothing', async () => {
      const { paymentId, orderId } = await orderWithHeld(1_000);
      const before = await orderState(t.app, orderId);
      for (const endpoint of [endpoints.consoleAcceptPayment, endpoints.consoleReturnPayment]) {
        const response = await call(endpoint, 'finance', { paymentId: String(paymentId) }, false);
        expect(response.status).toBe(403);
        expect(response.envelope?.message).toBe(messages.csrfRefused);
      }
      expect(await orderState(t.app, orderId)).toEqual(before);
      expect(await auditOf(paymentId)).toEqual([]);
    });

    it('answers a missing payment with 404', async () => {
      expect((await accept(999_999)).status).toBe(404);
      expect((await giveBack(999_999)).status).toBe(404);
    });
  });

  describe('accept', () => {
    it('applies what was received by instalment; the order stays open while something is owed', async () => {
      const { paymentId, orderId } = await orderWithHeld(15_000_000, { lines: 2 });
      const response = await accept(paymentId);
      expect(response.envelope?.data).toEqual({
        paymentId,
        status: 'paid',
        allocated: 15_000_000,
        credit: 0,
        orderStatus: OrderStatus.Repaying,
      });
      const state = await orderState(t.app, orderId);
      expect(state.payments[0]).toMatchObject({ status: 'paid', status_reason: 'accepted_by_operator' });
      expect(state.lines.map((line) => line.paid_amount)).toEqual([LINE, 15_000_000 - LINE]);
      expect(state.order).toMatchObject({ status: OrderStatus.Repaying, paid_amount: 15_000_000 });
      expect(state.allocations.reduce((sum, row) => sum + row.amount, 0)).toBe(15_000_000);

      const [row, ...more] = await auditOf(paymentId);
      expect(more).toEqual([]);
      expect(row).toMatchObject({ operator_name: 'finance-1', action: 'payment.accept' });
      expect(JSON.parse(row!.before_json!)).toEqual({
        status: 'held',
        statusReason: 'amount_mismatch',
        orderId,
        expectedAmount: LINE,
        receivedAmount: 15_000_000,
      });
      expect(JSON.parse(row!.after_json!)).toEqual({
        status: 'paid',
        statusReason: 'accepted_by_operator',
        orderId,
        expectedAmount: LINE,
        receivedAmount: 15_000_000,
        allocated: 15_000_000,
        credit: 0,
        orderStatus: OrderStatus.Repaying,
      });
    });

    it('settles the order when nothing is owed and keeps the rest as credit', async () => {
      const { paymentId, orderId, borrowerId } = await orderWithHeld(LINE + 50_000);
      const response = await accept(paymentId);
      expect(response.envelope?.data).toMatchObject({
        allocated: LINE,
        credit: 50_000,
        orderStatus: OrderStatus.Settled,
      });
      const state = await orderState(t.app, orderId);
      expect(state.order.status).toBe(OrderStatus.Settled);
      expect(state.history.at(-1)).toMatchObject({
        to_status: OrderStatus.Settled,
        actor: 'operator:finance-1',
      });
      const credits = await t.app.db
        .selectFrom('borrower_credits')
        .select(['payment_id', 'amount'])
        .where('borrower_id', '=', borrowerId)
        .execute();
      expect(credits).toEqual([{ payment_id: paymentId, amount: 50_000 }]);
    });

    it('applies a held extension as a repayment: a different amount buys no extension', async () => {
      const { paymentId, orderId } = await orderWithHeld(1_000_000, { kind: 'extension' });
      const due = (await orderState(t.app, orderId)).order.due_date;
      const response = await accept(paymentId);
      expect(response.envelope?.data).toMatchObject({ allocated: 1_000_000, credit: 0 });
      const state = await orderState(t.app, orderId);
      expect(state.order).toMatchObject({ extension_count: 0, due_date: due, paid_amount: 1_000_000 });
      expect(state.allocations.map((row) => row.component)).not.toContain('extension_fee');
    });

    it('lets exactly one of two concurrent accepts win; the loser answers 409 and nothing is applied twice', async () => {
      const { paymentId, orderId } = await orderWithHeld(2_000_000);
      const answers = await Promise.all([accept(paymentId), accept(paymentId)]);
      expect(answers.map((answer) => answer.envelope?.code).sort()).toEqual(['00', '409']);
      const refused = answers.find((answer) => answer.envelope?.code === '409')!;
      expect(refused.envelope?.message).toBe(
        messages.paymentNotHeld.replace('{paymentId}', String(paymentId)).replace('{status}', 'paid'),
      );
      const state = await orderState(t.app, orderId);
      expect(state.order.paid_amount).toBe(2_000_000);
      expect(await auditOf(paymentId)).toHaveLength(1);
      // And later: still refused, still one audit row.
      expect((await accept(paymentId)).envelope?.code).toBe('409');
      expect((await giveBack(paymentId)).envelope?.code).toBe('409');
      expect(await auditOf(paymentId)).toHaveLength(1);
    });

    it.each([
      ['negative', -500_000],
      ['zero', 0],
      ['unreadable', null],
    ])(
      'refuses to accept or return a payment held with a %s amount, changing nothing',
      async (_, received) => {
        const { paymentId, orderId } = await orderWithHeld(received);
        const refusal = messages.paymentAmountNotUsable.replace('{paymentId}', String(paymentId));
        for (const response of [await accept(paymentId), await giveBack(paymentId)]) {
          expect(response.envelope).toMatchObject({ code: '409', message: refusal });
        }
        expect(await payment(paymentId)).toMatchObject({ status: 'held', received_amount: received });
        const state = await orderState(t.app, orderId);
        expect(state.order.paid_amount).toBe(0);
        expect(state.allocations).toEqual([]);
      },
    );

    it('keeps paid = allocations + credit for any amount received (property)', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 3 * LINE }),
          fc.integer({ min: 1, max: 2 }),
          async (received, lines) => {
            const { paymentId, orderId } = await orderWithHeld(received, { lines });
            const { applied } = await acceptHeldPayment(t.app, paymentId, 'operator:test');
            const state = await orderState(t.app, orderId);
            const credit = await t.app.db
              .selectFrom('borrower_credits')
              .select('amount')
              .where('payment_id', '=', paymentId)
              .executeTakeFirst();
            const allocated = state.allocations
              .filter((row) => row.component !== 'credit')
              .reduce((sum, row) => sum + row.amount, 0);
            expect(allocated + (credit?.amount ?? 0)).toBe(received);
            expect(applied).toEqual({ allocated, credit: credit?.amount ?? 0 });
            expect(state.order.paid_amount).toBe(allocated);
            expect(state.order.status === OrderStatus.Settled).toBe(allocated === lines * LINE);
          },
        ),
        { numRuns: 15 },
      );
    });
  });

  describe('return', () => {
    it("pays the amount received back to the borrower's account and marks the payment returned (audited)", async () => {
      const { paymentId, orderId, session, productId } = await orderWithHeld(123_456);
      await bindCard(t.app, session, productId);
      const before = await orderState(t.app, orderId);
      const response = await giveBack(paymentId);
      expect(response.envelope?.data).toEqual({
        paymentId,
        status: 'returned',
        account: `**** ${CARD_NO.slice(-4)}`,
      });
      expect(await payment(paymentId)).toMatchObject({
        status: 'returned',
        status_reason: 'returned_by_operator',
        refund_attempts: 1,
        refund_reference: `SBX-PAYOUT-refund-${paymentId}-1`,
      });
      // Nothing reached the order.
      const after = await orderState(t.app, orderId);
      expect({ ...after, payments: [] }).toEqual({ ...before, payments: [] });
      const [row, ...more] = await auditOf(paymentId);
      expect(more).toEqual([]);
      expect(row?.action).toBe('payment.return');
      expect(JSON.parse(row!.before_json!)).toMatchObject({ status: 'held', receivedAmount: 123_456 });
      expect(JSON.parse(row!.after_json!)).toMatchObject({
        status: 'returned',
        account: `**** ${CARD_NO.slice(-4)}`,
        reference: `SBX-PAYOUT-refund-${paymentId}-1`,
      });
      expect((await giveBack(paymentId)).envelope?.code).toBe('409');
      expect((await accept(paymentId)).envelope?.code).toBe('409');
      expect(await auditOf(paymentId)).toHaveLength(1);
    });

    it('keeps the payment held when the payout is refused, audits the refusal, and pays a new account later', async () => {
      const { paymentId, session, productId } = await orderWithHeld(99_000);
      // The sandbox refuses account numbers ending in 0000.
      await bindCard(t.app, session, productId, '6222021234560000');
      const refused = await giveBack(paymentId);
      expect(refused.envelope?.code).toBe('409');
      expect(refused.envelope?.message).toContain('**** 0000');
      expect(await payment(paymentId)).toMatchObject({ status: 'held', refund_attempts: 1 });
      const rows = await auditOf(paymentId);
      expect(rows.map((row) => row.action)).toEqual(['payment.return.refused']);
      expect(JSON.parse(rows[0]!.after_json!)).toMatchObject({ status: 'held', account: '**** 0000' });

      await bindCard(t.app, session, productId);
      expect((await giveBack(paymentId)).envelope?.data).toMatchObject({ status: 'returned' });
      // A second attempt has a reference of its own: a provider deduping on it does not replay the refusal.
      expect((await payment(paymentId)).refund_reference).toBe(`SBX-PAYOUT-refund-${paymentId}-2`);
      expect((await auditOf(paymentId)).map((row) => row.action)).toEqual([
        'payment.return.refused',
        'payment.return',
      ]);
    });

    it('refuses (and audits) a return when the borrower has no account', async () => {
      const { paymentId } = await orderWithHeld(99_000);
      const refused = await giveBack(paymentId);
      expect(refused.envelope?.code).toBe('409');
      expect(refused.envelope?.message).toBe(
        messages.paymentNoReturnAccount.replace('{paymentId}', String(paymentId)),
      );
      expect((await payment(paymentId)).status).toBe('held');
      expect((await auditOf(paymentId)).map((row) => row.action)).toEqual(['payment.return.refused']);
    });

    it('a return whose payout call threw stays returning until the resume job sends it again, once', async () => {
      const { paymentId, session, productId } = await orderWithHeld(55_000);
      await bindCard(t.app, session, productId);
      const lost = {
        name: 'sandbox',
        send: () => Promise.reject(new Error('payout provider timed out')),
      };
      const deps = {
        db: t.app.db,
        clock,
        config: t.app.config,
        accountKeys: t.app.accountKeys,
        metrics: t.app.metrics,
      };
      await expect(returnHeldPayment({ ...deps, payouts: lost }, paymentId)).rejects.toThrow('timed out');
      expect(await payment(paymentId)).toMatchObject({ status: 'returning', refund_attempts: 1 });
      // Neither accept nor another return may touch it while its outcome is unknown.
      expect((await accept(paymentId)).envelope?.code).toBe('409');
      expect((await giveBack(paymentId)).envelope?.code).toBe('409');

      const resume = () => resumeStalledRefunds(t.app);
      expect(await resume()).toMatchObject({ resumed: 0 });
      clock.advance(STALLED_RETURNING_MS + 1_000);
      // Either run may find it first; the other finds it recorded, or nothing left to resume.
      const runs = await Promise.all([resume(), resume()]);
      expect(runs.some((run) => run.returned === 1)).toBe(true);
      expect(runs.every((run) => run.refused === 0 && run.unresolved === 0)).toBe(true);
      expect(await payment(paymentId)).toMatchObject({
        status: 'returned',
        refund_attempts: 1,
        // The first attempt's reference: a provider that paid it the first time pays nothing more.
        refund_reference: `SBX-PAYOUT-refund-${paymentId}-1`,
      });
      expect(await resume()).toMatchObject({ resumed: 0 });
    });

    it('lets exactly one of a concurrent accept and return win', async () => {
      const { paymentId, orderId, session, productId } = await orderWithHeld(77_000);
      await bindCard(t.app, session, productId);
      const answers = await Promise.all([accept(paymentId), giveBack(paymentId)]);
      expect(answers.map((answer) => answer.envelope?.code).sort()).toEqual(['00', '409']);
      const final = await payment(paymentId);
      const state = await orderState(t.app, orderId);
      const rows = await auditOf(paymentId);
      expect(rows).toHaveLength(1);
      if (final.status === 'paid') {
        expect(rows[0]!.action).toBe('payment.accept');
        expect(state.order.paid_amount).toBe(77_000);
        expect(final.refund_reference).toBeNull();
      } else {
        expect(final.status).toBe('returned');
        expect(rows[0]!.action).toBe('payment.return');
        expect(state.order.paid_amount).toBe(0);
      }
    });
  });

  describe('order page', () => {
    it("shows the order's payments, and the payout account whole to finance and admin, masked to others", async () => {
      const { paymentId, orderId, session, productId } = await orderWithHeld(5_000);
      await bindCard(t.app, session, productId);
      const page = async (role: OperatorRole) =>
        (await call(endpoints.consoleOrder, role, { orderId: String(orderId) })).envelope?.data as {
          payments: PaymentItem[];
          borrower: { payoutAccount: { institution: string; accountNumber: string } | null };
        };
      const finance = await page('finance');
      expect(finance.payments.map((item) => [item.id, item.status])).toEqual([[paymentId, 'held']]);
      expect(finance.borrower.payoutAccount).toMatchObject({ accountNumber: CARD_NO });
      expect((await page('admin')).borrower.payoutAccount?.accountNumber).toBe(CARD_NO);
      for (const role of ['viewer', 'agent', 'credit', 'collector'] as const) {
        expect((await page(role)).borrower.payoutAccount?.accountNumber).toBe(`**** ${CARD_NO.slice(-4)}`);
      }
    });
  });
});
