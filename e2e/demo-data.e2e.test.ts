import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages } from '@kwarta/contract';
import { openLive, pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { demoSession, sessionQuery } from './support/session.ts';
import { openServerStore, runScript } from './support/server-store.ts';
import { E2E_SERVER_MODE, startTestServer, type TestServer } from './support/test-server.ts';

// The demo data leaves no screen empty. Here the screen a tester could not reach
// before: the demo's approved order whose payout the bank refused (the seed's order 1). On a
// server of its own, as on a first run: the run's shared server has had accounts bound since.
const phone = useBrowser();
let server: TestServer;
let store: { DATA_DIR: string } & typeof E2E_SERVER_MODE;
let db: ReturnType<typeof openServerStore>['db'];
let baseUrl: string;
beforeAll(async () => {
  // Its own SQLite file even when the run's server is on PostgreSQL: two seeds must not meet.
  server = await startTestServer({ env: { DATABASE_URL: '', REDIS_URL: '' } });
  baseUrl = server.baseUrl;
  store = { DATA_DIR: server.dataDir, ...E2E_SERVER_MODE };
  db = openServerStore(store).db;
}, 90_000);
afterAll(async () => {
  await db?.destroy();
  await server?.stop();
});

describe('demo data', () => {
  test('the refused payout shows the rebind dialog; the order CLI then pays the demo account', async () => {
    const session = await demoSession(baseUrl);
    const refused = await db
      .selectFrom('orders')
      .innerJoin('disbursements', 'disbursements.order_id', 'orders.id')
      .select(['orders.id', 'orders.product_id', 'orders.status'])
      // Every demo payout is the seed's; the refused one is this order's.
      .where('disbursements.actor', '=', 'system:demo-seed')
      .where('disbursements.status', '=', 'failed')
      .executeTakeFirstOrThrow();
    expect(refused.status).toBe(151);

    const page = await phone.newPage();
    const url = `${baseUrl}/orderDetails?${sessionQuery(session, { productId: refused.product_id, orderId: refused.id })}`;
    await openLive(page, url);
    const dialog = page.getByRole('dialog', { name: messages.orderCardPopTitle });
    await dialog.getByText(messages.orderCardPopMsg).waitFor();
    await screenshot(page, 'demo-order-rebind-dialog', { fullPage: false });

    const disbursed = await runScript(
      'server/src/cli/order.ts',
      ['disburse', '--order', String(refused.id)],
      store,
    );
    expect(disbursed).toMatchObject({ code: 0, output: expect.stringContaining('status 170') });
    await openLive(page, url);
    await page.getByRole('heading', { name: messages.orderStatus170 }).waitFor();
    expect(await page.getByRole('dialog', { name: messages.orderCardPopTitle }).isVisible()).toBe(false);
    expect(pageErrors(page)).toEqual([]);
  });
});
