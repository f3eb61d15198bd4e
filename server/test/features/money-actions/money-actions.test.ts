import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@kwarta/contract';
import { addDays, OrderStatus, outstandingAmount } from '@kwarta/domain';
import { callEndpoint } from '../../support/api.ts';
import { newBorrower } from '../../support/borrowers.ts';
import { createSession } from '../../../src/features/sessions/session-repository.ts';
import { heldPayment } from '../../support/held-payment.ts';
import { bindCard } from '../../support/payment-accounts.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import {
  advanceOrdersByDate,
  approveOrder,
  findOrderAccount,
  receivablesOwedBy,
} from '../../../src/features/orders/index.ts';
import { disburseOrder } from '../../../src/features/disbursement/index.ts';
import { receivablesByOrder, trialBalance } from '../../../src/features/ledger/index.ts';
import { dailyReconciliation } from '../../../src/features/reconciliation/index.ts';
import {
  acceptRestructuring,
  offeredRestructuring,
  offerRestructuring,
  postManualRepayment,
  reversePayment,
  waiveOrderCharge,
} from '../../../src/features/money-actions/index.ts';
import {
  approveMoneyAction,
  listApprovals,
  proposeMoneyAction,
} from '../../../src/features/approvals/index.ts';

/**
 * Decision 0110: the back office's money actions book like any money event (receivables equal the
 * plan after each, the trial balance even), apply once per reference, refuse an order whose state
 * does not allow them, and above their threshold wait for a second operator.
 */
describe.each(databaseTargets)('money actions on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z'); // 10:00 in Manila
  let t: TestApp;
  let phone = 13900008100;
  const operators = {
    maker: { id: 0, name: 'maker', role: 'finance' as const },
    checker: { id: 0, name: 'checker', role: 'finance' as const },
    checker2: { id: 0, name: 'checker2', role: 'finance' as const },
    admin: { id: 0, name: 'boss', role: 'admin' as const },
    viewer: { id: 0, name: 'looker', role: 'viewer' as const },
  };

  beforeAll(async () => {
    t = await createTestApp(target, {
      clock,
      env: {
        MARKET: 'spec',
        APPROVAL_THRESHOLDS:
          '{"manual_repayment":50000,"reversal":50000,"waiver":50000,"disbursement":200000,"write_off":200000,"restructuring":100000}',
      },
    });
    for (const operator of Object.values(operators)) {
      const row = await t.app.db
        .insertInto('operators')
        .values({
          name: `${operator.name}-${target}`,
          role: operator.role,
          created_at: clock.now().toISOString(),
          totp_secret: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      operator.id = row.id;
      operator.name = `${operator.name}-${target}`;
    }
  }, 120_000);
  afterAll(() => t.close());

  /** An approved order (₱2,500 unless told) with a payout account, ready to be paid out. */
  async function approvedOrder(amount = '250000') {
    phone += 1;
    const borrower = await newBorrower(t.app, String(phone));
    const product = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('name', '=', 'Kwarta Starter')
      .executeTakeFirstOrThrow();
    const pushed = await callEndpoint(t.app, endpoints.loanDetailPush, {
      session: borrower.session,
      body: {
        productId: String(product.id),
        amount,
        periods: '4',
        termUnit: '1',
        requestId: `money-${phone}-0000`,
      },
    });
    const orderId = (pushed.envelope!.data as { orderId: number }).orderId;
    await approveOrder(t.app, orderId, 'operator:test');
    await bindCard(t.app, borrower.session, product.id, '6222021234561234');
    return orderId;
  }

  async function disbursedOrder() {
    const orderId = await approvedOrder();
    await disburseOrder(t.app, orderId, 'operator:test');
    const order = await t.app.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return { orderId, borrowerId: order.borrower_id, order };
  }

  const account = async (orderId: number) => (await findOrderAccount(t.app.db, { orderId }))!;
  const expectBooksAgree = async (orderId: number) => {
    const booked = (await receivablesByOrder(t.app.db, [orderId])).get(orderId);
    expect(booked).toEqual(receivablesOwedBy(await account(orderId)));
    const balance = await trialBalance(t.app.db);
    expect(balance.totalDebits).toBe(balance.totalCredits);
  };
  const moveTo = (at: Date) => clock.advance(at.getTime() - clock.now().getTime());
  const today = () => new Date(clock.now()).toISOString().slice(0, 10);

  it('a manual repayment is allocated like any payment, booked to the bank, and posts once per reference', async () => {
    const { orderId } = await disbursedOrder();
    const input = {
      orderId,
      amount: 20_000,
      channel: 'bank_deposit' as const,
      receivedOn: today(),
      reference: `BDO-${target}-1`,
    };
    const first = await postManualRepayment(t.app, 'operator:test', input);
    expect(first.applied).toBe(true);
    const again = await postManualRepayment(t.app, 'operator:test', input);
    expect(again).toMatchObject({ applied: false, payment: { id: first.payment.id } });
    await expect(postManualRepayment(t.app, 'operator:test', { ...input, amount: 20_001 })).rejects.toThrow(
      /already used/,
    );
    const entries = await t.app.db
      .selectFrom('journal_lines')
      .innerJoin('journal_entries', 'journal_entries.id', 'journal_lines.entry_id')
      .select(['account', 'debit'])
      .where('journal_entries.payment_id', '=', first.payment.id)
      .execute();
    expect(entries).toContainEqual({ account: 'cash:bank', debit: 20_000 });
    expect((await account(orderId)).order.paid_amount).toBe(20_000);
    await expectBooksAgree(orderId);
  });

  it('refuses a money action on an order whose state does not allow it, writing nothing', async () => {
    const { orderId } = await disbursedOrder();
    await t.app.db
      .updateTable('orders')
      .set({ status: OrderStatus.Settled })
      .where('id', '=', orderId)
      .execute();
    const paymentsBefore = await t.app.db
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', orderId)
      .execute();
    await expect(
      postManualRepayment(t.app, 'operator:test', {
        orderId,
        amount: 1_000,
        channel: 'cash',
        receivedOn: today(),
        reference: `X-${target}`,
      }),
    ).rejects.toThrow(/status 200/);
    await expect(
      waiveOrderCharge(t.app, 'operator:test', {
        orderId,
        charge: 'charges',
        amount: 100,
        reason: 'goodwill',
        reference: 'w1',
      }),
    ).rejects.toThrow(/status 200/);
    expect(
      await t.app.db.selectFrom('payments').select('id').where('order_id', '=', orderId).execute(),
    ).toEqual(paymentsBefore);
    await t.app.db
      .updateTable('orders')
      .set({ status: OrderStatus.Repaying })
      .where('id', '=', orderId)
      .execute();
  });

  it('a reversal puts a repaid instalment back to overdue, and the reconciliation of the day agrees', async () => {
    const { orderId, borrowerId, order } = await disbursedOrder();
    const dueDate = order.due_date!;
    // Paid on the due date; two days later the payment is charged back.
    const first = (await account(orderId)).balance.lines[0]!;
    const instalment = first.principal + first.interest;
    moveTo(new Date(`${dueDate}T02:00:00.000Z`));
    await advanceOrdersByDate(t.app, clock.now());
    const paymentId = await heldPayment(
      t.app,
      { orderId, borrowerId },
      { expected: instalment, received: instalment },
    );
    expect((await account(orderId)).order.status).toBe(OrderStatus.Repaying);
    moveTo(new Date(`${addDays(dueDate, 2)}T02:00:00.000Z`));
    await advanceOrdersByDate(t.app, clock.now());
    const reversed = await reversePayment(t.app, 'operator:test', {
      paymentId,
      reason: 'chargeback from the bank',
    });
    expect(reversed.applied).toBe(true);
    expect(reversed.order.status).toBe(OrderStatus.Overdue);
    expect(
      (await reversePayment(t.app, 'operator:test', { paymentId, reason: 'pressed twice' })).applied,
    ).toBe(false);
    const history = await t.app.db
      .selectFrom('order_status_history')
      .select(['to_status'])
      .where('order_id', '=', orderId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(history.to_status).toBe(OrderStatus.Overdue);
    await expectBooksAgree(orderId);
    const reconciled = await dailyReconciliation(t.app.db, { date: dueDate, timeZone: 'Asia/Manila' });
    expect(reconciled.mismatches.filter((mismatch) => mismatch.paymentId === paymentId)).toEqual([]);
    const reversalDay = await dailyReconciliation(t.app.db, {
      date: addDays(dueDate, 2),
      timeZone: 'Asia/Manila',
    });
    expect(reversalDay.mismatches.filter((mismatch) => mismatch.paymentId === paymentId)).toEqual([]);

    // A penalty accrues on the instalment owed again; waived in part, refused beyond what is owed.
    moveTo(new Date(`${addDays(dueDate, 3)}T02:00:00.000Z`));
    await advanceOrdersByDate(t.app, clock.now());
    const penalty = (await account(orderId)).balance;
    const owedPenalty = penalty.penalty - penalty.penaltyPaid;
    expect(owedPenalty).toBeGreaterThan(1);
    {
      await waiveOrderCharge(t.app, 'operator:test', {
        orderId,
        charge: 'penalty',
        amount: 1,
        reason: 'goodwill',
        reference: 'w-part',
      });
      await expectBooksAgree(orderId);
      await expect(
        waiveOrderCharge(t.app, 'operator:test', {
          orderId,
          charge: 'penalty',
          amount: owedPenalty,
          reason: 'too much',
          reference: 'w-all',
        }),
      ).rejects.toThrow(/cannot be waived/);
      await waiveOrderCharge(t.app, 'operator:test', {
        orderId,
        charge: 'penalty',
        amount: owedPenalty - 1,
        reason: 'goodwill',
        reference: 'w-rest',
      });
      const waived = (await account(orderId)).balance;
      expect(waived.penalty - waived.penaltyPaid).toBe(0);
      // The next morning's job accrues that day's penalty only, not the waived one again.
      moveTo(new Date(`${addDays(dueDate, 4)}T02:00:00.000Z`));
      await advanceOrdersByDate(t.app, clock.now());
      const rerun = (await account(orderId)).balance;
      expect(rerun.penalty - rerun.penaltyPaid).toBeLessThan(owedPenalty);
      await expectBooksAgree(orderId);
    }
    await waiveOrderCharge(t.app, 'operator:test', {
      orderId,
      charge: 'charges',
      amount: 500,
      reason: 'hardship',
      reference: 'w-charges',
    });
    await expectBooksAgree(orderId);
    const waivers = await t.app.db
      .selectFrom('journal_entries')
      .select('kind')
      .where('order_id', '=', orderId)
      .where('kind', '=', 'waiver')
      .execute();
    expect(waivers.length).toBeGreaterThan(0);
    moveTo(new Date('2026-11-23T02:00:00.000Z'));
  });

  it('a reversal of the payment that settled an order reopens it', async () => {
    const { orderId, borrowerId } = await disbursedOrder();
    const owed = outstandingAmount((await account(orderId)).balance);
    const paymentId = await heldPayment(t.app, { orderId, borrowerId }, { expected: owed, received: owed });
    expect((await account(orderId)).order.status).toBe(OrderStatus.Settled);
    const reversed = await reversePayment(t.app, 'operator:test', {
      paymentId,
      reason: 'posted to the wrong order',
    });
    expect(reversed.order.status).toBe(OrderStatus.Repaying);
    expect(reversed.order.settled_at).toBeNull();
    await expectBooksAgree(orderId);
  });

  it('thresholds route actions to approval; the proposer cannot approve; another operator can, once', async () => {
    const { orderId } = await disbursedOrder();
    const small = await proposeMoneyAction(t.app, operators.maker, 'manual_repayment', {
      orderId,
      amount: 50_000,
      channel: 'cash',
      receivedOn: today(),
      reference: `small-${target}`,
    });
    expect(small.status).toBe('applied');
    const large = await proposeMoneyAction(t.app, operators.maker, 'manual_repayment', {
      orderId,
      amount: 50_001,
      channel: 'bank_deposit',
      receivedOn: today(),
      reference: `large-${target}`,
    });
    expect(large.status).toBe('pending');
    if (large.status !== 'pending') throw new Error('expected pending');
    const requestId = large.request.id;
    expect((await listApprovals(t.app.db)).map((request) => request.id)).toContain(requestId);
    const paidBefore = (await account(orderId)).order.paid_amount;
    await expect(approveMoneyAction(t.app, operators.maker, requestId)).rejects.toThrow(/another operator/);
    await expect(approveMoneyAction(t.app, operators.viewer, requestId)).rejects.toThrow(/needs the role/);
    expect((await account(orderId)).order.paid_amount).toBe(paidBefore);
    const approved = await approveMoneyAction(t.app, operators.checker, requestId);
    expect(approved.request.status).toBe('applied');
    expect((await account(orderId)).order.paid_amount).toBe(paidBefore + 50_001);
    await expect(
      approveMoneyAction(
        t.app,
        { ...operators.checker, id: operators.viewer.id, role: 'finance' },
        requestId,
      ),
    ).rejects.toThrow(/already applied/);
    const audit = await t.app.db
      .selectFrom('operator_audit')
      .select(['action', 'operator_name'])
      .where('subject', '=', `order:${orderId}`)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'money.manual_repayment', operator_name: operators.maker.name },
      { action: 'approval.propose', operator_name: operators.maker.name },
      { action: 'approval.approve', operator_name: operators.checker.name },
    ]);
    await expectBooksAgree(orderId);
  });

  it('a disbursement above its threshold waits; its proposer cannot approve; two approvers at once pay it out once', async () => {
    const orderId = await approvedOrder(); // ₱2,500, above the ₱2,000 threshold
    const proposed = await proposeMoneyAction(t.app, operators.maker, 'disbursement', { orderId });
    expect(proposed.status).toBe('pending');
    if (proposed.status !== 'pending') throw new Error('expected pending');
    expect(proposed.request).toMatchObject({
      action: 'disbursement',
      amount: 250_000,
      subject: `order:${orderId}`,
    });
    // A double click keeps one request.
    const again = await proposeMoneyAction(t.app, operators.maker, 'disbursement', { orderId });
    expect(again.status === 'pending' && again.request.id).toBe(proposed.request.id);
    expect((await account(orderId)).order.status).toBe(OrderStatus.Approved);
    await expect(approveMoneyAction(t.app, operators.maker, proposed.request.id)).rejects.toThrow(
      /another operator/,
    );
    await expect(approveMoneyAction(t.app, operators.viewer, proposed.request.id)).rejects.toThrow(
      /needs the role/,
    );
    const both = await Promise.allSettled([
      approveMoneyAction(t.app, operators.checker, proposed.request.id),
      approveMoneyAction(t.app, operators.checker2, proposed.request.id),
    ]);
    expect(both.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(both.find((outcome) => outcome.status === 'rejected')?.reason).toMatchObject({
      message: expect.stringMatching(/already/),
    });
    expect((await account(orderId)).order.status).toBe(OrderStatus.Repaying);
    const payouts = await t.app.db
      .selectFrom('disbursements')
      .select('status')
      .where('order_id', '=', orderId)
      .execute();
    expect(payouts).toHaveLength(1);
    await expectBooksAgree(orderId);
    // At or below the threshold it pays out at once, audited as a console disbursement was.
    const small = await approvedOrder('200000');
    const applied = await proposeMoneyAction(t.app, operators.maker, 'disbursement', { orderId: small });
    expect(applied.status).toBe('applied');
    expect((await account(small)).order.status).toBe(OrderStatus.Repaying);
  });

  it('a write-off above its threshold waits for another admin; a finance operator cannot approve it', async () => {
    const { orderId } = await disbursedOrder();
    await expect(
      proposeMoneyAction(t.app, operators.maker, 'write_off', { orderId, reason: 'gone abroad' }),
    ).rejects.toThrow(/needs the role/);
    await expect(
      proposeMoneyAction(t.app, operators.admin, 'write_off', { orderId, reason: '' }),
    ).rejects.toThrow(/needs a reason/);
    const proposed = await proposeMoneyAction(t.app, operators.admin, 'write_off', {
      orderId,
      reason: 'gone abroad',
    });
    if (proposed.status !== 'pending') throw new Error('expected pending');
    await expect(approveMoneyAction(t.app, operators.admin, proposed.request.id)).rejects.toThrow(
      /another operator/,
    );
    await expect(approveMoneyAction(t.app, operators.checker, proposed.request.id)).rejects.toThrow(
      /needs the role/,
    );
    expect((await account(orderId)).order.status).toBe(OrderStatus.Repaying);
    const secondAdmin = { ...operators.admin, id: operators.viewer.id, name: 'second admin' };
    await approveMoneyAction(t.app, secondAdmin, proposed.request.id);
    expect((await account(orderId)).order.status).toBe(OrderStatus.WrittenOff);
    const audit = await t.app.db
      .selectFrom('operator_audit')
      .select(['action', 'operator_name'])
      .where('subject', '=', `order:${orderId}`)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'approval.propose', operator_name: operators.admin.name },
      { action: 'order.write-off', operator_name: 'second admin' },
      { action: 'approval.approve', operator_name: 'second admin' },
    ]);
    const balance = await trialBalance(t.app.db);
    expect(balance.totalDebits).toBe(balance.totalCredits);
  });

  it('a restructuring that breaks a cap is refused; one within the caps takes effect when the borrower accepts it', async () => {
    const { orderId, borrowerId, order } = await disbursedOrder();
    await t.app.db
      .updateTable('orders')
      .set({ compliance_profile: 'ph-sec-mc3-2022' })
      .where('id', '=', orderId)
      .execute();
    moveTo(new Date(`${addDays(order.due_date!, 3)}T02:00:00.000Z`));
    await advanceOrdersByDate(t.app, clock.now());
    expect((await account(orderId)).order.status).toBe(OrderStatus.Overdue);
    const firstDue = addDays(order.due_date!, 20);
    await expect(
      offerRestructuring(t.app, 'operator:test', {
        orderId,
        terms: { instalments: 6, everyDays: 15, firstDue, monthlyBps: 2_000 },
      }),
    ).rejects.toThrow(/breaks the compliance profile/);
    expect(await offeredRestructuring(t.app, { orderId, borrowerId })).toBeNull();
    const { restructuring: offer } = await offerRestructuring(t.app, 'operator:test', {
      orderId,
      terms: { instalments: 6, everyDays: 15, firstDue, monthlyBps: 100 },
    });
    // Another borrower cannot see or accept it.
    expect(await offeredRestructuring(t.app, { orderId, borrowerId: borrowerId + 1 })).toBeNull();
    await expect(
      acceptRestructuring(t.app, { borrowerId: borrowerId + 1, restructuringId: offer.id }),
    ).rejects.toThrow(/does not exist/);
    const accepted = await acceptRestructuring(t.app, { borrowerId, restructuringId: offer.id });
    expect(accepted.order.status).toBe(OrderStatus.Repaying);
    expect((await acceptRestructuring(t.app, { borrowerId, restructuringId: offer.id })).applied).toBe(false);
    const lines = (await account(orderId)).balance.lines;
    expect(lines.filter((line) => line.principal > line.principalPaid)).toHaveLength(6);
    await expectBooksAgree(orderId);
    moveTo(new Date('2026-11-23T02:00:00.000Z'));
  });

  it('a new plan above its threshold waits for a second operator, a cap breach is refused before it waits, and the borrower accepts it once in the app', async () => {
    const { orderId, borrowerId, order } = await disbursedOrder();
    await t.app.db
      .updateTable('orders')
      .set({ compliance_profile: 'ph-sec-mc3-2022' })
      .where('id', '=', orderId)
      .execute();
    moveTo(new Date(`${addDays(order.due_date!, 3)}T02:00:00.000Z`));
    await advanceOrdersByDate(t.app, clock.now());
    const firstDue = addDays(order.due_date!, 20);
    const requests = () =>
      t.app.db
        .selectFrom('approval_requests')
        .selectAll()
        .where('subject', '=', `order:${orderId}`)
        .execute();
    const offers = () =>
      t.app.db.selectFrom('order_restructurings').selectAll().where('order_id', '=', orderId).execute();

    // A plan breaking a cap: refused with its breach, nothing waits and nothing is offered.
    const breaking = { orderId, terms: { instalments: 6, everyDays: 15, firstDue, monthlyBps: 2_000 } };
    await expect(proposeMoneyAction(t.app, operators.maker, 'restructuring', breaking)).rejects.toThrow(
      /breaks the compliance profile/,
    );
    expect(await requests()).toEqual([]);
    expect(await offers()).toEqual([]);

    // ₱2,500 of principal still owed is above the ₱1,000 threshold: it waits, once per submission.
    const terms = { orderId, terms: { instalments: 4, everyDays: 15, firstDue, monthlyBps: 100 } };
    const proposed = await proposeMoneyAction(t.app, operators.maker, 'restructuring', terms);
    if (proposed.status !== 'pending') throw new Error('expected pending');
    expect(proposed.request.amount).toBe(250_000);
    const again = await proposeMoneyAction(t.app, operators.maker, 'restructuring', terms);
    expect(again).toMatchObject({ status: 'pending', request: { id: proposed.request.id } });
    expect(await offers()).toEqual([]);

    await expect(approveMoneyAction(t.app, operators.maker, proposed.request.id)).rejects.toThrow(
      /another operator/,
    );
    await expect(approveMoneyAction(t.app, operators.viewer, proposed.request.id)).rejects.toThrow(
      /needs the role/,
    );
    await Promise.allSettled([
      approveMoneyAction(t.app, operators.checker, proposed.request.id),
      approveMoneyAction(t.app, operators.checker2, proposed.request.id),
    ]);
    expect((await offers()).map((row) => row.status)).toEqual(['offered']);
    // The same terms offered again on the same balance answer the offer that stands.
    const repeated = await offerRestructuring(t.app, 'operator:test', terms);
    expect(repeated.applied).toBe(false);
    expect(await offers()).toHaveLength(1);
    const audit = await t.app.db
      .selectFrom('operator_audit')
      .select('action')
      .where('subject', '=', `order:${orderId}`)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'approval.propose',
      'approval.propose',
      'approval.approve',
    ]);

    // The borrower's order page says a plan is on offer; its disclosure shows it.
    // Days later: a new sign-in.
    const session = {
      sessionId: await createSession(t.app.db, {
        borrowerId,
        now: clock.now(),
        policy: t.app.config.session,
      }),
    };
    const details = await callEndpoint(t.app, endpoints.loanDetails, {
      session,
      body: { orderId: String(orderId), productId: String(order.product_id) },
    });
    expect(details.envelope, JSON.stringify(details.envelope)).toMatchObject({ data: { newPlan: 1 } });
    const disclosure = await callEndpoint(t.app, endpoints.newPlanOffer, {
      session,
      body: { orderId: String(orderId), productId: String(order.product_id) },
    });
    const offer = (
      disclosure.envelope!.data as { offer: { id: number; instalments: unknown[]; principalOwed: number } }
    ).offer;
    expect(offer.instalments).toHaveLength(4);
    expect(offer.principalOwed).toBe(250_000);

    const accept = () =>
      callEndpoint(t.app, endpoints.newPlanAccept, { session, body: { restructuringId: String(offer.id) } });
    const [first, second] = [await accept(), await accept()];
    expect(first.envelope!.data).toMatchObject({ applied: true, orderStatus: OrderStatus.Repaying });
    expect(second.envelope!.data).toMatchObject({ applied: false });
    const entries = await t.app.db
      .selectFrom('journal_entries')
      .select('id')
      .where('order_id', '=', orderId)
      .where('kind', '=', 'restructure')
      .execute();
    expect(entries).toHaveLength(1);
    await expectBooksAgree(orderId);
    moveTo(new Date('2026-11-23T02:00:00.000Z'));
  });
});
