import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@kwarta/contract';
import { OrderStatus } from '@kwarta/domain';
import { callEndpoint } from '../../support/api.ts';
import { createTestApp, databaseTargets, type TestApp } from '../../support/test-app.ts';
import { checkLedger, emptyRebuildReport } from '../../../src/features/ledger-rebuild/index.ts';

type Offer = { id: number; instalments: unknown[] } | null;

/**
 * The new-plan demo session (decision 0110) after its offer was accepted: it opens a fresh offer
 * of the demo's plan, never "no new plan on offer"; a loan that can take none says why.
 */
describe.each(databaseTargets)('the new-plan demo session on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  const newPlanSession = () => t.app.inject({ method: 'GET', url: '/dev/demo-session?order=new-plan' });
  const offerOf = async (session: Record<string, string>) =>
    (
      (await callEndpoint(t.app, endpoints.newPlanOffer, { session })).envelope!.data as {
        offer: Offer;
      }
    ).offer;

  it('offers the plan again once the borrower accepted it, and the books still agree', async () => {
    const session = (await newPlanSession()).json<Record<string, string>>();
    const first = await offerOf(session);
    expect(first?.instalments).toHaveLength(4);
    const accepted = await callEndpoint(t.app, endpoints.newPlanAccept, {
      session,
      body: { restructuringId: String(first!.id) },
    });
    expect(accepted.envelope!.data).toMatchObject({ applied: true, orderStatus: OrderStatus.Repaying });
    expect(await offerOf(session)).toBeNull();

    const again = (await newPlanSession()).json<Record<string, string>>();
    expect(again.orderId).toBe(session.orderId);
    const fresh = await offerOf(again);
    expect(fresh?.instalments).toHaveLength(4);
    expect(fresh!.id).not.toBe(first!.id);
    // Asked again while it stands, the same offer: nothing new is written.
    await newPlanSession();
    expect(await offerOf(again)).toMatchObject({ id: fresh!.id });
    const offers = await t.app.db
      .selectFrom('order_restructurings')
      .select('status')
      .where('order_id', '=', Number(session.orderId))
      .orderBy('id')
      .execute();
    expect(offers.map((offer) => offer.status)).toEqual(['accepted', 'offered']);
    const report = emptyRebuildReport();
    await checkLedger({ db: t.app.db, config: t.config, payoutProvider: t.config.payouts.provider }, report);
    expect(report.differences).toEqual([]);
  });

  it('says why when the loan can take no new plan, and offers nothing', async () => {
    const session = (await newPlanSession()).json<Record<string, string>>();
    const standing = await offerOf(session);
    await callEndpoint(t.app, endpoints.newPlanAccept, {
      session,
      body: { restructuringId: String(standing!.id) },
    });
    const orderId = Number(session.orderId);
    const before = await t.app.db
      .selectFrom('order_restructurings')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();
    // As if it were repaid since: the demo cannot offer it a plan.
    await t.app.db
      .updateTable('orders')
      .set({ status: OrderStatus.Settled })
      .where('id', '=', orderId)
      .execute();
    try {
      const refused = await newPlanSession();
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ error: string }>().error).toMatch(
        new RegExp(
          `^The demo's new plan for order ${orderId} was accepted, and the loan cannot be offered another now: .+ Start on a fresh demo database`,
        ),
      );
      expect(
        await t.app.db
          .selectFrom('order_restructurings')
          .selectAll()
          .where('order_id', '=', orderId)
          .execute(),
      ).toEqual(before);
    } finally {
      await t.app.db
        .updateTable('orders')
        .set({ status: OrderStatus.Repaying })
        .where('id', '=', orderId)
        .execute();
    }
  });
});
