import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, messages, type Endpoint } from '@kwarta/contract';
import { complianceProfiles } from '@kwarta/domain';
import { callConsole, consoleSignedIn, type ConsoleSession } from '../../support/console.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { createOperator, hashPassword } from '../../../src/features/operators/index.ts';
import { listProductsExcept } from '../../../src/features/products/index.ts';

const PASSWORD = 'correct horse battery';

/**
 * Decision 0115 on a PH deployment (its caps applied; the spec market's writing, 1.500,50, is
 * the console test's): the editor previews without writing, creates, pauses and
 * retires, refuses a product breaking a cap with nothing written, and a change above the
 * product_change threshold waits for a second admin.
 */
describe.each(databaseTargets)('the product editor on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z');
  let t: TestApp;
  let maker: ConsoleSession;
  let checker: ConsoleSession;

  beforeAll(async () => {
    t = await createTestApp(target, {
      clock,
      // ₱3,000.00: a product lending more waits for a second admin.
      env: {
        APPROVAL_THRESHOLDS: '{"product_change":300000}',
      },
    });
    const passwordHash = await hashPassword(PASSWORD);
    for (const name of ['maker', 'checker']) {
      await createOperator(t.app.db, { name, role: 'admin', now: clock.now(), passwordHash });
    }
    maker = await consoleSignedIn(t.app, { name: 'maker', password: PASSWORD, address: '198.51.100.21' });
    checker = await consoleSignedIn(t.app, { name: 'checker', password: PASSWORD, address: '198.51.100.22' });
  }, 180_000);
  afterAll(() => t.close());

  const call = (session: ConsoleSession, endpoint: Endpoint, body: Record<string, string> = {}) =>
    callConsole(t.app, session, endpoint, body);
  const productsTable = () => t.app.db.selectFrom('products').selectAll().orderBy('id').execute();
  const auditRows = () => t.app.db.selectFrom('operator_audit').selectAll().orderBy('id').execute();

  /** A small 91-day product in PH's writing: 0.15% a day and a named fee. */
  const text = (change: Record<string, string> = {}) => ({
    name: 'Kwarta Sari-sari',
    minAmount: '1,000.00',
    maxAmount: '₱ 5,000.50',
    termDays: '91',
    periods: '3',
    minTermDays: '91',
    maxTermDays: '120',
    rate: '0.15',
    ratePer: 'day',
    fees: JSON.stringify([{ name: 'Processing fee', percent: '2', fixed: '50.00' }]),
    ...change,
  });

  it('previews the plans at the smallest and largest amount, the EIR and the verdict, writing nothing', async () => {
    const before = { products: await productsTable(), audit: await auditRows() };
    const response = await call(maker, endpoints.consoleProductPreview, text());
    expect(response.envelope!.message).toBe(messages.success);
    expect(response.status).toBe(200);
    const data = response.envelope!.data as {
      plans: {
        principal: number;
        charges: number;
        total: number;
        fees: { name: string; amount: number }[];
        eirMonthly: number;
        lines: unknown[];
      }[];
      profile: { id: string; name: string } | null;
      breaches: string[];
    };
    expect(data.plans.map((plan) => plan.principal)).toEqual([100_000, 500_050]);
    // 0.15% a day over 91 days is 13.65% for the term; the fee is 2% and ₱50.00.
    const small = data.plans[0]!;
    expect(small.fees).toEqual([{ name: 'Processing fee', amount: 2_000 + 5_000 }]);
    expect(small.charges).toBe(13_650 + 7_000);
    expect(small.total).toBe(100_000 + small.charges);
    expect(small.lines).toHaveLength(3);
    expect(small.eirMonthly).toBeGreaterThan(0.05);
    expect(data.profile).toEqual({ id: 'ph-sec-mc3-2022', name: complianceProfiles['ph-sec-mc3-2022'].name });
    expect(data.breaches).toEqual([]);
    expect({ products: await productsTable(), audit: await auditRows() }).toEqual(before);
  });

  it('refuses to save a product breaking a cap, with each breach, and writes nothing', async () => {
    const before = await productsTable();
    const breaking = text({ rate: '0.5' });
    const preview = await call(maker, endpoints.consoleProductPreview, breaking);
    const { breaches } = preview.envelope!.data as { breaches: string[] };
    expect(breaches.length).toBeGreaterThan(0);
    expect(breaches[0]).toContain(messages.complianceCapNominalRate);
    const saved = await call(maker, endpoints.consoleSaveProduct, breaking);
    expect(saved.status).toBe(400);
    expect(saved.envelope!.message).toBe(breaches.join(' '));
    expect(await productsTable()).toEqual(before);
    expect(await t.app.db.selectFrom('approval_requests').selectAll().execute()).toEqual([]);
    // Not a figure at all: named, and nothing written either.
    const garbled = await call(maker, endpoints.consoleSaveProduct, text({ minAmount: '1.000,00' }));
    expect(garbled.status).toBe(400);
    expect(garbled.envelope!.message).toContain('minAmount: "1.000,00" is not an amount');
    expect(await productsTable()).toEqual(before);
  });

  it('creates a product above the threshold only when another admin approves; the proposer cannot', async () => {
    const before = await productsTable();
    const proposed = await call(maker, endpoints.consoleSaveProduct, text());
    expect(proposed.envelope!.data).toMatchObject({ status: 'pending', productId: null });
    const requestId = (proposed.envelope!.data as { requestId: number }).requestId;
    // A double submission keeps one request.
    const again = await call(maker, endpoints.consoleSaveProduct, text());
    expect((again.envelope!.data as { requestId: number }).requestId).toBe(requestId);
    expect(await productsTable()).toEqual(before);
    // The queue names the product to be, not its key (`product:new`).
    const queue = await call(checker, endpoints.consoleApprovals, {});
    expect((queue.envelope!.data as { items: unknown[] }).items).toContainEqual(
      expect.objectContaining({
        id: requestId,
        subject: 'product:new',
        subjectName: 'New product Kwarta Sari-sari',
      }),
    );
    // An edit names the product as it is now (the new name is in the request's details).
    const first = before[0]!;
    const edit = await call(maker, endpoints.consoleSaveProduct, text({ productId: String(first.id) }));
    const editId = (edit.envelope!.data as { requestId: number }).requestId;
    const named = await call(checker, endpoints.consoleApprovals, {});
    expect((named.envelope!.data as { items: unknown[] }).items).toContainEqual(
      expect.objectContaining({ id: editId, subjectName: `Product ${first.name}` }),
    );
    const withdrawn = await call(maker, endpoints.consoleRejectRequest, {
      requestId: String(editId),
      reason: 'withdrawn by the proposer',
    });
    expect(withdrawn.envelope!.data).toMatchObject({ status: 'rejected' });

    const own = await call(maker, endpoints.consoleApproveRequest, { requestId: String(requestId) });
    expect(own.envelope!.message).toBe(messages.approvalOwnProposal);
    expect(await productsTable()).toEqual(before);

    const approved = await call(checker, endpoints.consoleApproveRequest, { requestId: String(requestId) });
    expect(approved.status).toBe(200);
    const created = (await productsTable()).at(-1)!;
    expect(created).toMatchObject({
      name: 'Kwarta Sari-sari',
      min_amount: 100_000,
      max_amount: 500_050,
      term_days: 91,
      periods: 3,
      term_rate_bps: 1_365,
      clickable: 1,
      retired_at: null,
    });
    expect(JSON.parse(created.loan_rules)).toMatchObject({
      term: { minDays: 91, maxDays: 120 },
      fees: [{ name: 'Processing fee', principalBps: 200, fixedMinor: 5_000 }],
    });
    const actions = (await auditRows()).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['approval.propose', 'approval.approve']));
  });

  it('edits below the threshold at once, pauses (Coming soon) and retires (listed to no borrower), each audited', async () => {
    const product = (await productsTable()).at(-1)!;
    const id = String(product.id);
    const edited = await call(
      maker,
      endpoints.consoleSaveProduct,
      text({ productId: id, maxAmount: '2,500', rate: '4', ratePer: 'month' }),
    );
    expect(edited.envelope!.data).toMatchObject({ status: 'applied', productId: product.id });
    const row = await t.app.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    // 4% a month of 30 days over 91 days.
    expect(row).toMatchObject({ max_amount: 250_000, term_rate_bps: 1_213 });

    const paused = await call(maker, endpoints.consoleProductState, { productId: id, op: 'pause' });
    expect(paused.envelope!.data).toMatchObject({ status: 'applied' });
    const listed = await listProductsExcept(t.app.db, 0);
    expect(listed.find((p) => p.id === product.id)).toMatchObject({
      clickable: 0,
      button_text: messages.productComingSoonButton,
    });
    const pausedAgain = await call(maker, endpoints.consoleProductState, { productId: id, op: 'pause' });
    expect(pausedAgain.envelope!.message).toBe('Product ' + id + ' is already coming soon.');

    const retired = await call(maker, endpoints.consoleProductState, { productId: id, op: 'retire' });
    expect(retired.envelope!.data).toMatchObject({ status: 'applied' });
    expect((await listProductsExcept(t.app.db, 0)).some((p) => p.id === product.id)).toBe(false);
    const resumed = await call(maker, endpoints.consoleProductState, { productId: id, op: 'resume' });
    expect(resumed.envelope!.message).toBe(fillRetired(product.id));
    const audit = (await auditRows()).filter((entry) => entry.subject === `product:${product.id}`);
    expect(audit.map((entry) => entry.action)).toEqual([
      'money.product_change',
      'money.product_change',
      'money.product_change',
    ]);
    expect(audit.map((entry) => JSON.parse(entry.after_json!).op)).toEqual(['edit', 'pause', 'retire']);
  });

  const fillRetired = (productId: number) =>
    messages.productRetired.replace('{productId}', String(productId));
});
