import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, endpoints } from '@kwarta/contract';
import { OrderStatus } from '@kwarta/domain';
import { callEndpoint } from '../../support/api.ts';
import { newBorrower } from '../../support/borrowers.ts';
import { bindCard } from '../../support/payment-accounts.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { approveOrder, TransitionRefused } from '../../../src/features/orders/index.ts';
import {
  disburseOrder,
  PayoutFailed,
  resumeStalledDisbursements,
  sandboxPayouts,
  STALLED_SENDING_MS,
  type PayoutGateway,
  type PayoutRequest,
} from '../../../src/features/disbursement/index.ts';

/**
 * An approved Kwarta Starter order (its product asks for no withdrawal confirmation) of a borrower
 * of the test's own, who has bound no payment account yet (the demo borrower has a seeded one).
 */
async function approvedOrderOfNewBorrower(app: TestApp['app'], phone: string) {
  const borrower = await newBorrower(app, phone);
  const product = await app.db
    .selectFrom('products')
    .select('id')
    .where('name', '=', 'Kwarta Starter')
    .executeTakeFirstOrThrow();
  const pushed = await callEndpoint(app, endpoints.loanDetailPush, {
    session: borrower.session,
    body: {
      productId: String(product.id),
      amount: '250000',
      periods: '4',
      termUnit: '1',
      requestId: `disburse-${phone}-0000`,
    },
  });
  const orderId = (pushed.envelope!.data as { orderId: number }).orderId;
  await approveOrder(app, orderId, 'operator:test');
  const order = await app.db
    .selectFrom('orders')
    .select(['id', 'product_id', 'principal'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return { session: borrower.session, order };
}

/** The sandbox, counting what it was asked to pay (and slow enough for calls to overlap). */
function countingPayouts() {
  const sent: PayoutRequest[] = [];
  const gateway: PayoutGateway = {
    name: 'sandbox',
    async send(request) {
      sent.push(request);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return sandboxPayouts.send(request);
    },
  };
  return { gateway, sent };
}

describe.each(databaseTargets)('disbursement on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z'); // 10:00 in Manila
  const payouts = countingPayouts();
  let t: TestApp;
  let session: Record<string, string>;
  let order: { id: number; product_id: number; principal: number };

  beforeAll(async () => {
    t = await createTestApp(target, { clock, payouts: payouts.gateway, env: { MARKET: 'spec' } });
    ({ session, order } = await approvedOrderOfNewBorrower(t.app, '13900000041'));
  });
  afterAll(() => t.close());

  const pageOf = async () => {
    const { envelope } = await callEndpoint(t.app, endpoints.loanDetails, {
      session,
      body: { productId: String(order.product_id), orderId: String(order.id) },
    });
    return envelope!.data as { orderStatus: number; cardNeedPop: number; cardPopMsg: string };
  };
  const attempts = () =>
    t.app.db
      .selectFrom('disbursements')
      .select(['status', 'account_id', 'amount', 'failure'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();

  it('refuses an order whose borrower bound no payment account, and sends nothing', async () => {
    await expect(disburseOrder(t.app, order.id, 'operator:test')).rejects.toThrow(
      messages.orderNoPayoutAccount.replace('{orderId}', String(order.id)),
    );
    expect(payouts.sent).toHaveLength(0);
    expect(await attempts()).toEqual([]);
  });

  it('a refused payout keeps the order approved and asks for another account until one is bound', async () => {
    await bindCard(t.app, session, order.product_id, '6222021234560000');
    await expect(disburseOrder(t.app, order.id, 'operator:test')).rejects.toBeInstanceOf(PayoutFailed);
    expect(await pageOf()).toMatchObject({
      orderStatus: OrderStatus.Approved,
      cardNeedPop: 1,
      cardPopMsg: messages.orderCardPopMsg,
    });
    expect(await attempts()).toMatchObject([{ status: 'failed', amount: order.principal }]);

    await bindCard(t.app, session, order.product_id, '6222021234561234');
    expect((await pageOf()).cardNeedPop).toBe(0);
  });

  it('pays the new default account once, however many operators press disburse at the same time', async () => {
    const before = payouts.sent.length;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => disburseOrder(t.app, order.id, 'operator:test')),
    );
    const done = results.filter((result) => result.status === 'fulfilled');
    expect(done).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(TransitionRefused);
    }
    expect(payouts.sent.length - before).toBe(1);
    expect(payouts.sent.at(-1)!.account.accountNumber).toBe('6222021234561234');
    expect(payouts.sent.at(-1)!.amount).toBe(order.principal);
    expect((await attempts()).map((attempt) => attempt.status)).toEqual(['failed', 'sent']);
    expect(await pageOf()).toMatchObject({ orderStatus: OrderStatus.Repaying, cardNeedPop: 0 });
    const history = await t.app.db
      .selectFrom('order_status_history')
      .select(['from_status', 'to_status', 'actor'])
      .where('order_id', '=', order.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(history).toEqual({ from_status: 151, to_status: 170, actor: 'operator:test' });
    // Disbursed once: a later press is refused and pays nothing.
    await expect(disburseOrder(t.app, order.id, 'operator:test')).rejects.toBeInstanceOf(TransitionRefused);
    expect(payouts.sent.length - before).toBe(1);
  });
});

describe.each(databaseTargets)('a disbursement whose payout call threw, on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z');
  // The provider's answer: lost (the call throws, as on a timeout or a crash), or the sandbox's.
  let answer: 'lost' | 'sandbox' = 'lost';
  const asked: string[] = [];
  const gateway: PayoutGateway = {
    name: 'sandbox',
    async send(request) {
      asked.push(request.reference);
      if (answer === 'lost') throw new Error('payout provider timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
      return sandboxPayouts.send(request);
    },
  };
  let t: TestApp;
  let session: Record<string, string>;
  let order: { id: number; product_id: number };

  beforeAll(async () => {
    t = await createTestApp(target, { clock, payouts: gateway, env: { MARKET: 'spec' } });
    ({ session, order } = await approvedOrderOfNewBorrower(t.app, '13900000042'));
  });
  afterAll(() => t.close());

  const resume = () => resumeStalledDisbursements(t.app);
  const attempts = () =>
    t.app.db
      .selectFrom('disbursements')
      .select(['id', 'status', 'reference'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
  const statusOf = async () =>
    (
      await t.app.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow()
    ).status;

  it('stays sending and blocks another payout until the resume job learns the outcome, once', async () => {
    await bindCard(t.app, session, order.product_id, '6222021234561234');
    await expect(disburseOrder(t.app, order.id, 'operator:test')).rejects.toThrow('timed out');
    const [attempt] = await attempts();
    expect(attempt).toMatchObject({ status: 'sending', reference: null });
    await expect(disburseOrder(t.app, order.id, 'operator:test')).rejects.toThrow(
      messages.orderPayoutInProgress.replace('{orderId}', String(order.id)),
    );

    // Within the port's time the first call may still be running: left alone.
    expect(await resume()).toEqual({ resumed: 0, sent: 0, failed: 0, unresolved: 0 });
    clock.advance(STALLED_SENDING_MS + 1_000);
    // The provider still does not answer: still unknown, still blocked, tried again later.
    expect(await resume()).toEqual({ resumed: 1, sent: 0, failed: 0, unresolved: 1 });
    expect((await attempts())[0]!.status).toBe('sending');

    answer = 'sandbox';
    asked.length = 0;
    // Two runs at once (two instances' jobs): whichever found it asks under the same reference, one
    // records. (The second run may read only after the first recorded, and then finds nothing.)
    const runs = await Promise.all([resume(), resume()]);
    expect(runs.some((run) => run.resumed === 1)).toBe(true);
    expect(runs.every((run) => run.unresolved === 0 && run.failed === 0)).toBe(true);
    expect(new Set(asked)).toEqual(new Set([`disbursement-${attempt!.id}`]));
    expect(await attempts()).toEqual([
      { id: attempt!.id, status: 'sent', reference: `SBX-PAYOUT-disbursement-${attempt!.id}` },
    ]);
    expect(await statusOf()).toBe(OrderStatus.Repaying);
    const moves = await t.app.db
      .selectFrom('order_status_history')
      .select(['from_status', 'to_status', 'actor', 'reason'])
      .where('order_id', '=', order.id)
      .where('to_status', '=', OrderStatus.Repaying)
      .execute();
    expect(moves).toEqual([
      {
        from_status: 151,
        to_status: 170,
        actor: 'operator:test',
        reason: 'payout confirmed after an interruption',
      },
    ]);
    expect(await resume()).toEqual({ resumed: 0, sent: 0, failed: 0, unresolved: 0 });
  });
});
