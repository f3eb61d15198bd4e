import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays, OrderStatus, outstandingAmount } from '@kwarta/domain';
import { heldPayment } from '../../support/held-payment.ts';
import {
  approvedOrder as approvedOrderOf,
  disbursedOrder as disbursedOrderOf,
} from '../../support/orders.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import {
  advanceOrdersByDate,
  applyExtension,
  findOrderAccount,
  receivablesOwedBy,
  writeOffOrder,
} from '../../../src/features/orders/index.ts';
import { disburseOrder } from '../../../src/features/disbursement/index.ts';
import { acceptHeldPayment, postPayment, returnHeldPayment } from '../../../src/features/payments/index.ts';
import { checkLedger, rebuildLedger } from '../../../src/features/ledger-rebuild/index.ts';
import { orderStatement, receivablesByOrder, trialBalance } from '../../../src/features/ledger/index.ts';

/**
 * Decision 0099: each money event writes its journal entry in its own transaction (a
 * failure injected in the journal's write leaves neither), a replayed postback books nothing
 * twice, and a loan's lifecycle leaves a trial balance that sums to zero with receivables equal
 * to what its plan lines say is owed at every step.
 */
describe.each(databaseTargets)('ledger posting on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z'); // 10:00 in Manila
  let t: TestApp;
  let phone = 13900007100;

  beforeAll(async () => {
    t = await createTestApp(target, { clock, env: { MARKET: 'spec' } });
  });
  afterAll(() => t.close());

  const nextPhone = () => String((phone += 1));

  /** A disbursed Kwarta Starter order of a borrower of the test's own, with its row. */
  async function disbursedOrder() {
    const { orderId, borrowerId } = await disbursedOrderOf(t, nextPhone());
    const order = await t.app.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return { orderId, borrowerId, order };
  }

  const approvedOrder = async () => (await approvedOrderOf(t, nextPhone())).orderId;

  const account = async (orderId: number) => (await findOrderAccount(t.app.db, { orderId }))!;
  const owedNow = async (orderId: number) => receivablesOwedBy(await account(orderId));
  const bookedNow = async (orderId: number) =>
    (await receivablesByOrder(t.app.db, [orderId])).get(orderId) ?? {
      principal: 0,
      interest: 0,
      fees: 0,
      penalty: 0,
    };
  const entriesOf = (orderId: number) =>
    t.app.db
      .selectFrom('journal_entries')
      .select(['kind', 'event_key', 'entry_date', 'payment_id'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  const expectReceivablesMatchPlan = async (orderId: number) =>
    expect(await bookedNow(orderId)).toEqual(await owedNow(orderId));
  const expectBalanced = async () => {
    const balance = await trialBalance(t.app.db);
    expect(balance.totalDebits).toBe(balance.totalCredits);
  };

  /** Makes every journal write fail, as a crash between the event and its entry would. */
  async function withJournalFailing(work: () => Promise<unknown>) {
    if (target === 'postgres') {
      await sql`create function journal_fails() returns trigger as $$ begin raise exception 'injected ledger failure'; end $$ language plpgsql`.execute(
        t.app.db,
      );
      await sql`create trigger journal_fails before insert on journal_lines for each row execute function journal_fails()`.execute(
        t.app.db,
      );
    } else {
      await sql`create trigger journal_fails before insert on journal_lines begin select raise(abort, 'injected ledger failure'); end`.execute(
        t.app.db,
      );
    }
    try {
      await expect(work()).rejects.toThrow(/injected ledger failure/);
    } finally {
      await sql`drop trigger journal_fails${sql.raw(target === 'postgres' ? ' on journal_lines' : '')}`.execute(
        t.app.db,
      );
      if (target === 'postgres') await sql`drop function journal_fails()`.execute(t.app.db);
    }
  }

  it('books a loan from disbursement to payoff: accrual, partial payment, extension, payoff with credit', async () => {
    const { orderId, borrowerId, order } = await disbursedOrder();
    expect((await entriesOf(orderId)).map((entry) => entry.kind)).toEqual(['payout_sending', 'disbursement']);
    await expectReceivablesMatchPlan(orderId);
    expect((await bookedNow(orderId)).principal).toBe(order.principal);

    // Three days past the first due date (the lender's calendar): overdue, a penalty accrues.
    const overdueAt = new Date(`${addDays(order.due_date!, 3)}T02:00:00.000Z`);
    await advanceOrdersByDate(t.app, overdueAt);
    await advanceOrdersByDate(t.app, overdueAt); // a rerun the same day books nothing more
    const accruals = (await entriesOf(orderId)).filter((entry) => entry.kind === 'accrual');
    expect(accruals).toEqual([
      expect.objectContaining({
        event_key: `penalty:${orderId}:${addDays(order.due_date!, 3)}`,
        entry_date: addDays(order.due_date!, 3),
      }),
    ]);
    expect((await bookedNow(orderId)).penalty).toBeGreaterThan(0);
    await expectReceivablesMatchPlan(orderId);

    await heldPayment(t.app, { orderId, borrowerId }, { expected: 30_000, received: 30_000 });
    await expectReceivablesMatchPlan(orderId);

    const product = await t.app.db
      .selectFrom('products')
      .select(['extension_fee_bps'])
      .where('id', '=', order.product_id)
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('products')
      .set({ extension_enabled: 1, extension_max: 2 })
      .where('id', '=', order.product_id)
      .execute();
    const fee = Math.max(1, Math.round((order.principal * product.extension_fee_bps) / 10_000));
    await heldPayment(t.app, { orderId, borrowerId }, { expected: fee, received: fee, kind: 'extension' });
    expect((await entriesOf(orderId)).at(-1)).toMatchObject({ kind: 'extension_fee' });
    await expectReceivablesMatchPlan(orderId);

    const owed = outstandingAmount((await account(orderId)).balance);
    await heldPayment(t.app, { orderId, borrowerId }, { expected: owed + 500, received: owed + 500 });
    expect((await account(orderId)).order.status).toBe(OrderStatus.Settled);
    expect(await bookedNow(orderId)).toEqual({ principal: 0, interest: 0, fees: 0, penalty: 0 });
    await expectBalanced();

    // The statement's running balance ends at nothing owed.
    const statement = await orderStatement(t.app.db, orderId);
    expect(statement.at(-1)!.owed).toBe(0);
    expect(Math.max(...statement.map((line) => line.owed))).toBeGreaterThanOrEqual(order.principal);
  });

  it('a replayed postback books no second entry', async () => {
    const { orderId, borrowerId } = await disbursedOrder();
    const paymentId = await heldPayment(
      t.app,
      { orderId, borrowerId },
      { expected: 10_000, received: 10_000 },
    );
    const payment = await t.app.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    const before = await entriesOf(orderId);
    const replay = await postPayment(t.app, {
      provider: payment.provider,
      txnid: payment.txnid,
      state: { status: 'paid', amount: 10_000, refNo: payment.ref_no },
    });
    expect(replay.outcome).toBe('unchanged');
    expect(await entriesOf(orderId)).toEqual(before);
    expect(before.filter((entry) => entry.payment_id === paymentId).map((entry) => entry.kind)).toEqual([
      'repayment',
    ]);
  });

  it('a held payment books to suspense, and its acceptance clears suspense into the order', async () => {
    const { orderId, borrowerId } = await disbursedOrder();
    const suspense = async () =>
      (await trialBalance(t.app.db)).rows.find((row) => row.account === 'liability:held_payments')?.credit ??
      0;
    const was = await suspense();
    const paymentId = await heldPayment(
      t.app,
      { orderId, borrowerId },
      { expected: 10_000, received: 7_000 },
    );
    expect(await suspense()).toBe(was + 7_000);
    await acceptHeldPayment(t.app, paymentId, 'operator:test');
    expect(await suspense()).toBe(was);

    // Another, returned: suspense back, the money out of the payout provider's cash.
    const returned = await heldPayment(t.app, { orderId, borrowerId }, { expected: 10_000, received: 4_000 });
    await returnHeldPayment(t.app, returned);
    expect(await suspense()).toBe(was);
    expect(
      (await entriesOf(orderId)).filter((entry) => entry.payment_id === returned).map((entry) => entry.kind),
    ).toEqual(['held_payment', 'refund']);
    await expectReceivablesMatchPlan(orderId);
    await expectBalanced();
  });

  it('a failure in the journal write leaves neither the event nor its entry', async () => {
    const { orderId, borrowerId, order } = await disbursedOrder();
    const entries = await entriesOf(orderId);
    const snapshot = async () => ({
      account: await account(orderId),
      payments: await t.app.db
        .selectFrom('payments')
        .select(['id', 'status'])
        .where('order_id', '=', orderId)
        .execute(),
      allocations: await t.app.db
        .selectFrom('payment_allocations')
        .select('id')
        .where('order_id', '=', orderId)
        .execute(),
      accruals: await t.app.db
        .selectFrom('order_penalty_accruals')
        .select('id')
        .where('order_id', '=', orderId)
        .execute(),
    });
    const before = await snapshot();

    // A repayment's postback.
    await withJournalFailing(() =>
      heldPayment(t.app, { orderId, borrowerId }, { expected: 10_000, received: 10_000 }),
    );
    const pending = await t.app.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(pending.status).toBe('pending');
    // The daily job's penalty accrual.
    await withJournalFailing(() =>
      advanceOrdersByDate(t.app, new Date(`${addDays(order.due_date!, 2)}T02:00:00.000Z`)),
    );
    // An extension, and a write-off.
    await withJournalFailing(() =>
      t.app.db.transaction().execute(async (trx) => {
        await applyExtension(trx, { orderId, days: 7, actor: 'test', reason: 'test', now: clock.now() });
        await postPayment(
          { ...t.app, db: trx },
          {
            provider: pending.provider,
            txnid: pending.txnid,
            state: { status: 'paid', amount: 10_000, refNo: 'R' },
          },
        );
      }),
    );
    await withJournalFailing(() =>
      writeOffOrder(t.app, { orderId, reason: 'uncollectable', actor: 'operator:admin' }),
    );

    const after = await snapshot();
    expect({ ...after, payments: after.payments.map((p) => p.id) }).toEqual({
      ...before,
      payments: [pending.id],
    });
    expect(after.account.order.written_off_at).toBeNull();
    expect(await entriesOf(orderId)).toEqual(entries);

    // With the journal writable again, the same postback books once.
    await postPayment(t.app, {
      provider: pending.provider,
      txnid: pending.txnid,
      state: { status: 'paid', amount: 10_000, refNo: 'R' },
    });
    expect((await entriesOf(orderId)).at(-1)).toMatchObject({ kind: 'repayment', payment_id: pending.id });
    await expectReceivablesMatchPlan(orderId);
  });

  it('a disbursement whose journal write fails leaves no attempt, and the order approved', async () => {
    const orderId = await approvedOrder();
    await withJournalFailing(() => disburseOrder(t.app, orderId, 'operator:test'));
    expect(
      await t.app.db.selectFrom('disbursements').select('id').where('order_id', '=', orderId).execute(),
    ).toEqual([]);
    expect((await account(orderId)).order.status).toBe(OrderStatus.Approved);
    expect(await entriesOf(orderId)).toEqual([]);
    await disburseOrder(t.app, orderId, 'operator:test');
    expect((await entriesOf(orderId)).map((entry) => entry.kind)).toEqual(['payout_sending', 'disbursement']);
    await expectReceivablesMatchPlan(orderId);
  });

  it('a write-off clears the receivables into the expense once; a later payment books as a recovery', async () => {
    const { orderId, borrowerId } = await disbursedOrder();
    const owed = await owedNow(orderId);
    await expect(writeOffOrder(t.app, { orderId, reason: 'x', actor: 'operator:admin' })).rejects.toThrow(
      /reason/,
    );
    const { owed: writtenOff } = await writeOffOrder(t.app, {
      orderId,
      reason: 'borrower deceased',
      actor: 'operator:admin',
    });
    expect(writtenOff).toEqual(owed);
    expect(await bookedNow(orderId)).toEqual({ principal: 0, interest: 0, fees: 0, penalty: 0 });
    await expect(writeOffOrder(t.app, { orderId, reason: 'again', actor: 'operator:admin' })).rejects.toThrow(
      /cannot be written off/,
    );

    // A recovery is income of its own (decision 0103): the write-off expense stays what was given up.
    const row = async (account: string) =>
      (await trialBalance(t.app.db)).rows.find((r) => r.account === account);
    const before = (await row('expense:write_offs'))?.debit ?? 0;
    await heldPayment(t.app, { orderId, borrowerId }, { expected: 20_000, received: 20_000 });
    expect((await row('expense:write_offs'))?.debit ?? 0).toBe(before);
    expect((await row('income:recoveries'))?.credit).toBe(20_000);
    expect((await entriesOf(orderId)).at(-1)).toMatchObject({ kind: 'recovery' });
    expect(await bookedNow(orderId)).toEqual({ principal: 0, interest: 0, fees: 0, penalty: 0 });
    await expectBalanced();
  });

  it('after all of the above (and the demo rebuilt), the journal equals the records: receivables and cash', async () => {
    const deps = { db: t.app.db, config: t.config, payoutProvider: t.config.payouts.provider };
    const report = await rebuildLedger(deps);
    await checkLedger(deps, report);
    expect(report.differences).toEqual([]);
    await expectBalanced();
  });
});
