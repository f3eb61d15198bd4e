import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, OPERATOR_SESSION_COOKIE, endpoints, type Endpoint } from '@kwarta/contract';
import { defaultDecisionModel, OrderStatus } from '@kwarta/domain';
import { callEndpoint } from '../../support/api.ts';
import { newBorrower } from '../../support/borrowers.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { createOperator, createOperatorSession } from '../../../src/features/operators/index.ts';
import { modelHash } from '../../../src/features/credit-decisions/index.ts';

/** The Decision models screen's calls (decision 0109): drafts with named errors, simulation, activation. */
describe.each(databaseTargets)('console decision models on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z');
  let t: TestApp;
  const sessions: Record<string, { cookie: string; csrf: string }> = {};

  beforeAll(async () => {
    t = await createTestApp(target, { clock, env: { CREDIT_DECISIONS: 'auto' } });
    for (const role of ['credit', 'viewer'] as const) {
      const operatorId = await createOperator(t.app.db, { name: `${role}-1`, role, now: clock.now() });
      const tokens = await createOperatorSession(t.app.db, { operatorId, now: clock.now() });
      sessions[role] = { cookie: `${OPERATOR_SESSION_COOKIE}=${tokens.token}`, csrf: tokens.csrfToken };
    }
    // Two applications today: one approved, one declined (above a first loan's limit).
    const product = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('name', '=', 'Kwarta Flex')
      .executeTakeFirstOrThrow();
    for (const [index, amount] of [300_000, 900_000].entries()) {
      const { session } = await newBorrower(t.app, `0917555000${index}`);
      await callEndpoint(t.app, endpoints.loanDetailPush, {
        session,
        body: { productId: String(product.id), amount: String(amount), periods: '3', termUnit: '1' },
      });
    }
    // A fresh database and the demo data on a loaded machine take a while.
  }, 120_000);
  afterAll(() => t.close());

  const call = (role: string, endpoint: Endpoint, body: Record<string, string> = {}) =>
    callEndpoint(t.app, endpoint, {
      body,
      headers: { cookie: sessions[role]!.cookie, [CSRF_HEADER]: sessions[role]!.csrf },
    });

  it('opens a session of the demo applicant each outcome names, with their decided order', async () => {
    for (const [applicant, status] of [
      ['approved', OrderStatus.Approved],
      ['declined', OrderStatus.Rejected],
    ] as const) {
      const answer = await t.app.inject({ method: 'GET', url: `/dev/demo-session?applicant=${applicant}` });
      expect(answer.statusCode, applicant).toBe(200);
      const demo = answer.json<{ sessionId: string; orderId: string }>();
      expect(demo.sessionId).toMatch(/\S{16,}/);
      const order = await t.app.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', Number(demo.orderId))
        .executeTakeFirstOrThrow();
      expect(order.status, applicant).toBe(status);
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/dev/demo-session?applicant=rich' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'applicant is one of approved, declined, referred' });
  });

  it('shows the active model, for credit only', async () => {
    const answer = await call('credit', endpoints.consoleCreditModels);
    expect(answer.envelope?.data).toMatchObject({
      active: {
        versionHash: modelHash(defaultDecisionModel),
        name: 'Kwarta default',
        activatedBy: 'system:default-model',
      },
      challenger: null,
    });
    expect((await call('viewer', endpoints.consoleCreditModels)).status).toBe(403);
  });

  it('refuses a draft with its errors by row and field, and saves nothing', async () => {
    const broken = {
      name: 'x',
      tables: [
        {
          id: 'limit',
          hitPolicy: 'first',
          rows: [{ id: 'a', when: { loansRepaid: '>>' }, then: { outcome: 'approve', limitAmount: 1 } }],
        },
      ],
    };
    const answer = await call('credit', endpoints.consoleCreditModelSave, { model: JSON.stringify(broken) });
    expect(answer.envelope?.data).toEqual({
      saved: null,
      errors: ['table "limit", row 1, field when.loansRepaid: expected a value at ">"'],
    });
    const models = await t.app.db.selectFrom('credit_decision_models').select('name').execute();
    expect(models.map((model) => model.name)).toEqual(['Kwarta default']);
  });

  const stricter = structuredClone(defaultDecisionModel);
  stricter.name = 'Stricter';
  stricter.tables[2]!.rows[1]!.then.limitAmount = 200_000;

  it('simulates a draft beside the active model over the period', async () => {
    const answer = await call('credit', endpoints.consoleCreditSimulate, {
      model: JSON.stringify(stricter),
      from: '2026-11-23',
      to: '2026-11-23',
    });
    const simulation = (
      answer.envelope?.data as {
        simulation: {
          storedInputs: number;
          models: {
            name: string;
            approved: number;
            declined: number;
            referred: number;
            approvalRate: number;
          }[];
        };
      }
    ).simulation;
    // Ours and the demo's three (approved, declined, referred), all decided today.
    expect(simulation.storedInputs).toBe(5);
    expect(simulation.models).toMatchObject([
      { name: 'Active: Kwarta default', approved: 2, declined: 2, referred: 1, approvalRate: 0.4 },
      { name: 'Draft: Stricter', approved: 0, declined: 4, referred: 1, approvalRate: 0 },
    ]);
  });

  it('saves, activates with a reason (audited) and rolls back; the next push is decided by the active one', async () => {
    const saved = await call('credit', endpoints.consoleCreditModelSave, { model: JSON.stringify(stricter) });
    const versionHash = (saved.envelope?.data as { saved: { versionHash: string } }).saved.versionHash;
    expect(versionHash).toBe(modelHash(stricter));
    const noReason = await call('credit', endpoints.consoleCreditActivate, { versionHash, reason: ' ' });
    expect(noReason.status).toBe(400);
    const activated = await call('credit', endpoints.consoleCreditActivate, {
      versionHash,
      reason: 'Tighter first loans',
    });
    expect(activated.envelope?.data).toEqual({ versionHash, name: 'Stricter' });
    const audit = await t.app.db
      .selectFrom('operator_audit')
      .select(['action', 'operator_name'])
      .where('action', 'like', 'credit.%')
      .execute();
    expect(audit).toEqual([{ action: 'credit.model.activate', operator_name: 'credit-1' }]);

    const product = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('name', '=', 'Kwarta Flex')
      .executeTakeFirstOrThrow();
    const { session } = await newBorrower(t.app, '09175550009');
    const pushed = await callEndpoint(t.app, endpoints.loanDetailPush, {
      session,
      body: { productId: String(product.id), amount: '300000', periods: '3', termUnit: '1' },
    });
    const orderId = (pushed.envelope?.data as { orderId: number }).orderId;
    const decision = await call('credit', endpoints.consoleOrderDecision, { orderId: String(orderId) });
    expect(decision.envelope?.data).toMatchObject({
      modelHash: versionHash,
      outcome: 'decline',
      reasons: [{ code: 'amount_above_limit', text: 'Asked amount or term above the limit the model gave.' }],
    });
    const order = await t.app.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe(OrderStatus.Rejected);

    // Rolling back is activating the older version again.
    await call('credit', endpoints.consoleCreditActivate, {
      versionHash: modelHash(defaultDecisionModel),
      reason: 'Roll back',
    });
    const models = await call('credit', endpoints.consoleCreditModels);
    expect((models.envelope?.data as { active: { versionHash: string } }).active.versionHash).toBe(
      modelHash(defaultDecisionModel),
    );
  });

  it('records an officer’s override through the console call, audited', async () => {
    const referred = await t.app.db
      .selectFrom('credit_decisions')
      .select('order_id')
      .where('outcome', '=', 'refer')
      .executeTakeFirstOrThrow();
    const answer = await call('credit', endpoints.consoleCreditOverride, {
      orderId: String(referred.order_id),
      outcome: 'approve',
      reason: 'Documents checked',
    });
    expect(answer.envelope?.data).toEqual({ orderId: referred.order_id, status: OrderStatus.Approved });
    const audit = await t.app.db
      .selectFrom('operator_audit')
      .select('action')
      .where('subject', '=', `order:${referred.order_id}`)
      .execute();
    expect(audit).toEqual([{ action: 'credit.override' }]);
  });
});
