import { afterAll, describe, expect, inject, test } from 'vitest';
import { messages } from '@kwarta/contract';
import { openLive, pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { demoSession, sessionQuery } from './support/session.ts';
import { openServerStore, runScript } from './support/server-store.ts';

// Issue 21 #10: the demo data leaves no screen empty. Here the screen a tester could not reach
// before: the demo's approved order whose payout the bank refused (the seed's order 1).
const baseUrl = inject('baseUrl');
const phone = useBrowser();
const { db } = openServerStore();
afterAll(() => db.destroy());

describe('demo data', () => {
  test('the refused payout shows the rebind dialog; the order CLI then pays the demo account', async () => {
    const session = await demoSession(baseUrl);
    const refused = await db
      .selectFrom('orders')
      .innerJoin('disbursements', 'disbursements.order_id', 'orders.id')
      .select(['orders.id', 'orders.product_id', 'orders.status'])
      .where('disbursements.actor', '=', 'system:demo-seed')
      .executeTakeFirstOrThrow();
    expect(refused.status).toBe(151);

    const page = await phone.newPage();
    const url = `${baseUrl}/orderDetails?${sessionQuery(session, { productId: refused.product_id, orderId: refused.id })}`;
    await openLive(page, url);
    const dialog = page.getByRole('dialog', { name: messages.orderCardPopTitle });
    await dialog.getByText(messages.orderCardPopMsg).waitFor();
    await screenshot(page, 'demo-order-rebind-dialog', { fullPage: false });

    const disbursed = await runScript('server/src/cli/order.ts', ['disburse', '--order', String(refused.id)]);
    expect(disbursed).toMatchObject({ code: 0, output: expect.stringContaining('status 170') });
    await openLive(page, url);
    await page.getByRole('heading', { name: messages.orderStatus170 }).waitFor();
    expect(await page.getByRole('dialog', { name: messages.orderCardPopTitle }).isVisible()).toBe(false);
    expect(pageErrors(page)).toEqual([]);
  });
});
