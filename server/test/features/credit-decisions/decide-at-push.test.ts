import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, messages, ResultCode } from '@kwarta/contract';
import { defaultDecisionModel, OrderStatus } from '@kwarta/domain';
import { callEndpoint } from '../../support/api.ts';
import { newBorrower } from '../../support/borrowers.ts';
import { identityInState } from '../../support/identity.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { createSession } from '../../../src/features/sessions/index.ts';
import { createOperator } from '../../../src/features/operators/index.ts';
import {
  findOrderDecision,
  modelHash,
  overrideDecision,
  overridesPerOfficer,
  pendingReviewRequests,
  requestHumanReview,
} from '../../../src/features/credit-decisions/index.ts';

const requestId = (n: number) => `req-${String(n).padStart(16, '0')}`;

describe.each(databaseTargets)('credit decisions at push on %s (decision 0109)', (target) => {
  // 10:00 in Manila.
  const clock = testClock('2026-11-23T02:00:00.000Z');
  let t: TestApp;
  let productId: number;
  let phone = 9170000100;

  beforeAll(async () => {
    t = await createTestApp(target, { clock, env: { CREDIT_DECISIONS: 'auto' } });
    const product = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('name', '=', 'Kwarta Flex')
      .executeTakeFirstOrThrow();
    productId = product.id;
    // A fresh database and the demo data on a loaded machine take a while.
  }, 120_000);
  afterAll(() => t.close());

  const applicant = () => newBorrower(t.app, `0${(phone += 1)}`);
  const push = (session: Record<string, string>, amount: number, n: number) =>
    callEndpoint(t.app, endpoints.loanDetailPush, {
      session,
      body: {
        productId: String(productId),
        amount: String(amount),
        periods: '3',
        termUnit: '1',
        requestId: requestId(n),
      },
    });
  const pushed = async (session: Record<string, string>, amount: number, n: number) => {
    const answer = await push(session, amount, n);
    expect(answer.envelope?.code, JSON.stringify(answer.envelope)).toBe(ResultCode.success);
    const orderId = (answer.envelope!.data as { orderId: number }).orderId;
    const order = await t.app.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return { orderId, status: order.status, decision: await findOrderDecision(t.app.db, orderId) };
  };

  it('approves a first loan within the default limit, and records the hash, inputs and trace', async () => {
    const { session } = await applicant();
    const { status, decision } = await pushed(session, 500_000, 1);
    expect(status).toBe(OrderStatus.Approved);
    expect(decision).toMatchObject({
      outcome: 'approve',
      reasons: [],
      modelHash: modelHash(defaultDecisionModel),
      limit: { amount: 500_000 },
      inputs: { loansRepaid: 0, amountAsked: 500_000, identityStatus: 'unknown', sameDeviceBorrowers: 0 },
      trace: [{ table: 'limit', rowId: 'first-loan', outcome: 'approve' }],
    });
  });

  it('never offers more than the limit on the confirmation page; a forged push above it is declined', async () => {
    const { session } = await applicant();
    const offer = async (body: Record<string, string>) => {
      const answer = await callEndpoint(t.app, endpoints.loanDetailConfirm, {
        session,
        body: { productId: String(productId), ...body },
      });
      expect(answer.envelope?.code, JSON.stringify(answer.envelope)).toBe(ResultCode.success);
      return answer.envelope!.data as { amount: number; term: number };
    };
    const product = await t.app.db
      .selectFrom('products')
      .select(['max_amount', 'term_days'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(product.max_amount).toBeGreaterThan(500_000);
    // A first loan: the default model's ₱5,000, whether the product's offer or more is asked.
    expect(await offer({})).toMatchObject({ amount: 500_000, term: product.term_days });
    expect((await offer({ amount: String(product.max_amount) })).amount).toBe(500_000);
    expect((await offer({ amount: '300000' })).amount).toBe(300_000);
    const forged = await pushed(session, 600_000, 70);
    expect(forged.status).toBe(OrderStatus.Rejected);
    expect(forged.decision).toMatchObject({ outcome: 'decline', reasons: ['amount_above_limit'] });
  });

  let declinedOrderId = 0;
  let declinedSession: Record<string, string> = {};
  it('declines with reasons, and again with the recent decline named', async () => {
    const { session } = await applicant();
    declinedSession = session;
    const above = await pushed(session, 600_000, 2);
    expect(above.status).toBe(OrderStatus.Rejected);
    expect(above.decision).toMatchObject({ outcome: 'decline', reasons: ['amount_above_limit'] });
    const again = await pushed(session, 300_000, 3);
    expect(again.status).toBe(OrderStatus.Rejected);
    expect(again.decision?.reasons).toEqual(['recent_decline']);
    const history = await t.app.db
      .selectFrom('order_status_history')
      .select(['actor', 'reason'])
      .where('order_id', '=', again.orderId)
      .where('to_status', '=', OrderStatus.Rejected)
      .executeTakeFirstOrThrow();
    expect(history).toEqual({
      actor: `credit-model:${modelHash(defaultDecisionModel).slice(0, 12)}`,
      reason: 'credit decision: recent_decline',
    });
    declinedOrderId = again.orderId;
    // The borrower's order page names the reason in plain words and when to apply again.
    const page = await callEndpoint(t.app, endpoints.loanDetails, {
      session,
      body: { productId: String(productId), orderId: String(again.orderId) },
    });
    expect((page.envelope?.data as { noticeDesText: string }).noticeDesText).toBe(
      `We cannot offer you this loan right now because: ${messages['creditReason.recent_decline']} You may apply again from 2026-12-23.`,
    );
  });

  it('declines a borrower whose identity was rejected, the identity row in the trace', async () => {
    const { session, borrowerId } = await applicant();
    await identityInState(t.app.db, borrowerId, 'rejected');
    const { status, decision } = await pushed(session, 300_000, 5);
    expect(status).toBe(OrderStatus.Rejected);
    expect(decision).toMatchObject({
      outcome: 'decline',
      reasons: ['identity_failed'],
      inputs: { identityStatus: 'failed' },
    });
    expect(decision?.trace).toContainEqual(
      expect.objectContaining({ table: 'hard-stops', rowId: 'identity', reason: 'identity_failed' }),
    );
  });

  let referredOrderId = 0;
  it('refers an application from a device another borrower used: it stays in 21 with the reason', async () => {
    const first = await applicant();
    const second = await applicant();
    for (const borrowerId of [first.borrowerId, second.borrowerId]) {
      await createSession(t.app.db, {
        borrowerId,
        deviceId: 'shared-phone-1',
        now: clock.now(),
        policy: t.config.session,
      });
    }
    const { orderId, status, decision } = await pushed(second.session, 400_000, 4);
    expect(status).toBe(OrderStatus.UnderReview);
    expect(decision).toMatchObject({
      outcome: 'refer',
      reasons: ['shared_device'],
      inputs: { sameDeviceBorrowers: 1 },
    });
    referredOrderId = orderId;
  });

  it('lets a credit officer override a referral with a reason, audited and counted', async () => {
    const officerId = await createOperator(t.app.db, { name: 'credit-1', role: 'credit', now: clock.now() });
    const officer = { id: officerId, name: 'credit-1' };
    await expect(
      overrideDecision(t.app, officer, { orderId: referredOrderId, outcome: 'approve', reason: '  ' }),
    ).rejects.toThrow();
    await overrideDecision(t.app, officer, {
      orderId: referredOrderId,
      outcome: 'approve',
      reason: 'Same household, checked by call',
    });
    const order = await t.app.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', referredOrderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe(OrderStatus.Approved);
    const audit = await t.app.db
      .selectFrom('operator_audit')
      .select(['action', 'operator_name', 'after_json'])
      .where('subject', '=', `order:${referredOrderId}`)
      .execute();
    expect(audit).toEqual([
      {
        action: 'credit.override',
        operator_name: officer.name,
        after_json: JSON.stringify({
          status: 151,
          outcome: 'approve',
          reason: 'Same household, checked by call',
        }),
      },
    ]);
    expect(await overridesPerOfficer(t.app.db)).toEqual([
      { actor: `operator:${officer.name}`, count: expect.anything() },
    ]);
    // The model's decision itself is never changed.
    expect((await findOrderDecision(t.app.db, referredOrderId))?.outcome).toBe('refer');
    await expect(
      overrideDecision(t.app, officer, { orderId: referredOrderId, outcome: 'decline', reason: 'again' }),
    ).rejects.toThrow();
  });

  it('keeps decisions immutable in the database', async () => {
    await expect(
      t.app.db
        .updateTable('credit_decisions')
        .set({ outcome: 'approve' })
        .where('order_id', '=', declinedOrderId)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.app.db.deleteFrom('credit_decisions').where('order_id', '=', declinedOrderId).execute(),
    ).rejects.toThrow(/append-only/);
  });

  it('lets a declined borrower ask for a human review once; another borrower gets not found', async () => {
    const borrowerId = (
      await t.app.db
        .selectFrom('orders')
        .select('borrower_id')
        .where('id', '=', declinedOrderId)
        .executeTakeFirstOrThrow()
    ).borrower_id;
    const session = declinedSession;
    const reviewOnPage = async () =>
      (
        await callEndpoint(t.app, endpoints.loanDetails, {
          session,
          body: { productId: String(productId), orderId: String(declinedOrderId) },
        })
      ).envelope?.data as { creditReview: string; creditReviewNotice: string };
    expect(await reviewOnPage()).toMatchObject({
      creditReview: 'available',
      creditReviewNotice: messages.creditAutomatedNote,
    });
    const first = await requestHumanReview(t.app, borrowerId, declinedOrderId);
    expect(await reviewOnPage()).toMatchObject({
      creditReview: 'asked',
      creditReviewNotice:
        'You asked for a review on 2026-11-23. A person from our credit team will look at it.',
    });
    const second = await requestHumanReview(t.app, borrowerId, declinedOrderId);
    expect(second).toEqual(first);
    expect((await pendingReviewRequests(t.app.db)).map((row) => row.order_id)).toEqual([declinedOrderId]);
    const stranger = await applicant();
    await expect(requestHumanReview(t.app, stranger.borrowerId, declinedOrderId)).rejects.toMatchObject({
      reason: 'not-found',
    });
    const foreign = await callEndpoint(t.app, endpoints.creditReviewRequest, {
      session: stranger.session,
      body: { orderId: String(declinedOrderId) },
    });
    expect(foreign.status).toBe(404);
  });

  it('makes one order and one decision of 50 parallel pushes of one borrower', async () => {
    const { borrowerId, session } = await applicant();
    const answers = await Promise.all(Array.from({ length: 50 }, () => push(session, 300_000, 50)));
    expect(answers.every((answer) => answer.envelope?.code === ResultCode.success)).toBe(true);
    const orders = await t.app.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('borrower_id', '=', borrowerId)
      .execute();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.status).toBe(OrderStatus.Approved);
    const decisions = await t.app.db
      .selectFrom('credit_decisions')
      .select('id')
      .where('borrower_id', '=', borrowerId)
      .execute();
    expect(decisions).toHaveLength(1);
  });

  it('refers instead of approving when the active model is broken', async () => {
    // A stored model that no longer validates (as after a reason left the catalogue).
    const broken = await t.app.db
      .insertInto('credit_decision_models')
      .values({
        version_hash: `broken-${target}`,
        name: 'broken',
        body: '{"name":"broken","tables":[]}',
        saved_by: 'test',
        saved_at: clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('credit_model_activations')
      .values({
        model_id: broken.id,
        role: 'active',
        product_id: null,
        activated_by: 'test',
        activated_at: clock.now().toISOString(),
        reason: null,
      })
      .execute();
    const { session } = await applicant();
    const { status, decision } = await pushed(session, 300_000, 60);
    expect(status).toBe(OrderStatus.UnderReview);
    expect(decision).toMatchObject({ outcome: 'refer', reasons: ['decision_failed'] });
    expect(decision?.error).toMatch(/no longer validates/);
  });
});
