import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, OPERATOR_SESSION_COOKIE, endpoints, ResultCode, type Endpoint } from '@kwarta/contract';
import { defaultDecisionModel, OrderStatus } from '@kwarta/domain';
import { callEndpoint } from '../../support/api.ts';
import { newBorrower } from '../../support/borrowers.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { createOperator, createOperatorSession } from '../../../src/features/operators/index.ts';
import { findOrderDecision, modelHash } from '../../../src/features/credit-decisions/index.ts';

/**
 * One active model per product where the lender wants one, else the general one (decision 0109):
 * activating for a product, deciding by it, rolling it back, each audited; other products untouched.
 */
describe.each(databaseTargets)('decision models per product on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z');
  let t: TestApp;
  let session: { cookie: string; csrf: string };
  let flex: number;
  let starter: number;
  let phone = 9175551000;

  const stricter = structuredClone(defaultDecisionModel);
  stricter.name = 'Stricter for Flex';
  stricter.tables[2]!.rows[1]!.then.limitAmount = 200_000;
  const stricterHash = modelHash(stricter);
  const defaultHash = modelHash(defaultDecisionModel);

  beforeAll(async () => {
    t = await createTestApp(target, { clock, env: { CREDIT_DECISIONS: 'auto' } });
    const operatorId = await createOperator(t.app.db, { name: 'credit-1', role: 'credit', now: clock.now() });
    const tokens = await createOperatorSession(t.app.db, { operatorId, now: clock.now() });
    session = { cookie: `${OPERATOR_SESSION_COOKIE}=${tokens.token}`, csrf: tokens.csrfToken };
    const idOf = async (name: string) =>
      (await t.app.db.selectFrom('products').select('id').where('name', '=', name).executeTakeFirstOrThrow())
        .id;
    flex = await idOf('Kwarta Flex');
    starter = await idOf('Kwarta Starter');
    // A fresh database and the demo data on a loaded machine take a while.
  }, 120_000);
  afterAll(() => t.close());

  const call = (endpoint: Endpoint, body: Record<string, string> = {}) =>
    callEndpoint(t.app, endpoint, {
      body,
      headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrf },
    });
  /** A new borrower's first application for 3,000 pesos: the default model approves it, the stricter declines. */
  const decidedPush = async (productId: number, periods: string) => {
    const borrower = await newBorrower(t.app, `0${(phone += 1)}`);
    const answer = await callEndpoint(t.app, endpoints.loanDetailPush, {
      session: borrower.session,
      body: { productId: String(productId), amount: '300000', periods, termUnit: '1' },
    });
    expect(answer.envelope?.code, JSON.stringify(answer.envelope)).toBe(ResultCode.success);
    const orderId = (answer.envelope!.data as { orderId: number }).orderId;
    const order = await t.app.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return { status: order.status, decision: (await findOrderDecision(t.app.db, orderId))! };
  };
  const audits = () =>
    t.app.db
      .selectFrom('operator_audit')
      .select(['action', 'subject', 'before_json', 'after_json'])
      .where('action', 'like', 'credit.model.%')
      .orderBy('id')
      .execute();
  const screen = async () =>
    (await call(endpoints.consoleCreditModels)).envelope?.data as {
      active: { versionHash: string };
      productModels: { productId: number; productName: string; versionHash: string }[];
      products: { id: number; name: string }[];
      activations: { productId: number | null; modelId: number; reason: string | null }[];
    };

  it('activates a model for one product only: that product is decided by it, the others by the general one', async () => {
    await call(endpoints.consoleCreditModelSave, { model: JSON.stringify(stricter) });
    const activated = await call(endpoints.consoleCreditActivate, {
      versionHash: stricterHash,
      productId: String(flex),
      reason: 'Tighter first loans on Flex',
    });
    expect(activated.envelope?.data).toEqual({ versionHash: stricterHash, name: 'Stricter for Flex' });

    const onFlex = await decidedPush(flex, '3');
    expect(onFlex.decision).toMatchObject({ modelHash: stricterHash, outcome: 'decline' });
    expect(onFlex.status).toBe(OrderStatus.Rejected);
    const onStarter = await decidedPush(starter, '4');
    expect(onStarter.decision).toMatchObject({ modelHash: defaultHash, outcome: 'approve' });

    const data = await screen();
    expect(data.active.versionHash).toBe(defaultHash);
    expect(data.productModels).toEqual([
      expect.objectContaining({ productId: flex, productName: 'Kwarta Flex', versionHash: stricterHash }),
    ]);
    expect(data.products.map((product) => product.id)).toContain(starter);
    expect(data.activations[0]).toMatchObject({ productId: flex, reason: 'Tighter first loans on Flex' });

    const [audit] = await audits();
    expect(audit!.action).toBe('credit.model.activate');
    expect(JSON.parse(audit!.before_json!)).toMatchObject({
      productId: flex,
      active: defaultHash,
      ownModel: false,
    });
    expect(JSON.parse(audit!.after_json!)).toMatchObject({ productId: flex, active: stricterHash });
  });

  it('rolls back per product: the product returns to the older version, audited; the general model is untouched', async () => {
    const rolledBack = await call(endpoints.consoleCreditActivate, {
      versionHash: defaultHash,
      productId: String(flex),
      reason: 'Roll back Flex',
    });
    expect(rolledBack.status).toBe(200);
    const onFlex = await decidedPush(flex, '3');
    expect(onFlex.decision).toMatchObject({ modelHash: defaultHash, outcome: 'approve' });
    const data = await screen();
    expect(data.productModels).toEqual([
      expect.objectContaining({ productId: flex, versionHash: defaultHash }),
    ]);
    expect(data.active.versionHash).toBe(defaultHash);
    const last = (await audits()).at(-1)!;
    expect(JSON.parse(last.before_json!)).toMatchObject({
      productId: flex,
      active: stricterHash,
      ownModel: true,
    });
    expect(JSON.parse(last.after_json!)).toMatchObject({ productId: flex, active: defaultHash });
  });

  it('refuses an activation for a product that does not exist, and writes nothing', async () => {
    const before = await t.app.db.selectFrom('credit_model_activations').select('id').execute();
    const auditsBefore = (await audits()).length;
    const answer = await call(endpoints.consoleCreditActivate, {
      versionHash: stricterHash,
      productId: '99999',
      reason: 'No such product',
    });
    expect(answer.status).toBe(404);
    expect(await t.app.db.selectFrom('credit_model_activations').select('id').execute()).toEqual(before);
    expect(await audits()).toHaveLength(auditsBefore);
  });
});
