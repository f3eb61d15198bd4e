import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '@kwarta/contract';
import { callEndpoint, demoSession } from '../../support/api.ts';
import {
  createTestApp,
  databaseTargets,
  sourceBorrowerPageRenderer,
  type TestApp,
} from '../../support/test-app.ts';
import { DEMO_PHONES } from '../../../src/db/seed.ts';

const renderer = await sourceBorrowerPageRenderer();

/** Every amount the server formats: a currency sign followed by a digit. */
const amounts = (text: string) => text.match(/[₱₹]\d/g) ?? [];

// Spec §1: `system=1` shows amounts in rupees. The server formats detail lines, plans, ranges
// and refusals, so its answers and the pages it renders must follow the page's parameter.
describe.each(databaseTargets)('system=1 (rupee) in server-formatted amounts on %s', (target) => {
  let t: TestApp;
  let session: Record<string, string>;
  let order: { id: number; product_id: number };
  let productId: number;

  beforeAll(async () => {
    t = await createTestApp(target, { borrowerPageRenderer: renderer });
    session = await demoSession(t.app);
    order = await t.app.db
      .selectFrom('orders')
      .innerJoin('borrowers', 'borrowers.id', 'orders.borrower_id')
      .select(['orders.id', 'orders.product_id'])
      .where('borrowers.phone', '=', DEMO_PHONES[t.config.market.id])
      .where('orders.status', 'in', [170, 174, 180])
      .orderBy('orders.id')
      .executeTakeFirstOrThrow();
    productId = (
      await t.app.db
        .selectFrom('products')
        .select('id')
        .where('name', '=', 'Kwarta Flex')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  const answer = async (endpoint: Endpoint, body: Record<string, string>, system?: string) => {
    const response = await callEndpoint(t.app, endpoint, {
      session: system === undefined ? session : { ...session, system },
      body,
    });
    expect(response.envelope?.code).toBe('00');
    return JSON.stringify(response.raw);
  };

  const orderBody = () => ({ productId: String(order.product_id), orderId: String(order.id) });
  const calls = () =>
    [
      [endpoints.loanPlayDetail, orderBody()],
      [endpoints.emphasisMiles, orderBody()],
      [endpoints.loanDetails, orderBody()],
      [endpoints.loanDetailConfirm, { productId: String(productId) }],
      [endpoints.goyaConfirm, { productId: String(productId) }],
    ] as const;

  it('answers every amount in rupees with system=1, and in pesos without it', async () => {
    for (const [endpoint, body] of calls()) {
      const rupees = amounts(await answer(endpoint, body, '1'));
      expect(rupees.length, endpoint.name).toBeGreaterThan(0);
      expect(
        rupees.every((sign) => sign.startsWith('₹')),
        endpoint.name,
      ).toBe(true);

      const pesos = amounts(await answer(endpoint, body));
      expect(pesos.length, endpoint.name).toBe(rupees.length);
      expect(
        pesos.every((sign) => sign.startsWith('₱')),
        endpoint.name,
      ).toBe(true);
      // Any other value is not the rupee (spec §1: "equals 1").
      expect(amounts(await answer(endpoint, body, '2')), endpoint.name).toEqual(pesos);
    }
  });

  it('renders the order, repayment and confirmation pages with rupee amounts only', async () => {
    for (const path of ['/orderDetails', '/repay', '/repayDelay', '/loanConfirm', '/newLoanConfirm']) {
      const query = new URLSearchParams({
        ...session,
        ...(path.includes('oan') ? { productId: String(productId) } : orderBody()),
        system: '1',
      });
      const response = await t.app.inject({ method: 'GET', url: `${path}?${query}` });
      expect(response.statusCode, path).toBe(200);
      const shown = amounts(response.body);
      expect(shown.length, path).toBeGreaterThan(0);
      expect(response.body, path).not.toContain('₱');
    }
  });

  it('the sandbox cashier a repayment page sends the borrower to shows the amount in rupees too', async () => {
    const started = await callEndpoint(t.app, endpoints.generateVcode, {
      session: { ...session, system: '1' },
      body: { ...orderBody(), amount: '100', channelNumber: 'BAYD' },
    });
    const { payUrl } = started.envelope?.data as { payUrl: string };
    const cashier = await t.app.inject({ method: 'GET', url: payUrl });
    expect(cashier.statusCode).toBe(200);
    expect(amounts(cashier.body)).toEqual([expect.stringMatching(/^₹/)]);
  });

  it('states a refused amount in the page currency too', async () => {
    const response = await callEndpoint(t.app, endpoints.loanDetailConfirm, {
      session: { ...session, system: '1' },
      body: { productId: String(productId), amount: '100' },
    });
    expect(response.envelope?.message).toMatch(/^The loan amount must be between ₹[\d.,]+ and ₹[\d.,]+\.$/);
  });
});
