import { describe, expect, test } from 'vitest';
import { messages } from '@kwarta/contract';
import { expectNoAxeViolations } from './support/axe.ts';
import { openLive, pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { useDeskServer } from './support/desk-server.ts';
import { acknowledgeRegistrationPolicy } from './support/server-store.ts';
import { sessionQuery } from './support/session.ts';

/**
 * A new plan end to end (decision 0110), on a server of its own with the default ₱10,000
 * restructuring threshold: at a desk (1440×900) a finance operator previews and offers a new plan
 * for ₱100,000 of principal still owed, which waits for a second operator, who approves it; on a
 * phone (390×844) the borrower reads the disclosure and accepts; the console shows it accepted.
 */
const browser = useBrowser();
const desk = useDeskServer(browser, { MARKET: '', DATABASE_URL: '', REDIS_URL: '' });
const stamp = Date.now();
const maker = `e2e-plan-maker-${stamp}`;
const checker = `e2e-plan-checker-${stamp}`;

describe('a new plan', () => {
  test('offered above the threshold, approved by another operator, accepted by the borrower on a phone', async () => {
    const order = await desk.repayingOrder();
    const first = await desk.signIn(maker, 'finance');
    await first.goto(`${desk.baseUrl}/console#/order/${order.orderId}`);
    const plan = first.getByRole('region', { name: 'New plan' });
    await plan.getByLabel('Instalments', { exact: true }).fill('4');
    await plan.getByLabel('Days between instalments').fill('30');
    await plan.getByLabel('Interest (% a month)').fill('1');
    await plan.getByRole('button', { name: 'Preview the plan' }).click();
    await plan.getByText(/New plan for ₱100,000\.00 of principal still owed/).waitFor();
    await plan.getByText(/Within the caps/).waitFor();
    await plan.getByRole('button', { name: 'Offer this plan…' }).click();
    const dialog = first.getByRole('dialog', { name: 'Confirm the new plan' });
    await dialog.getByText(/waits for a second person to approve it/).waitFor();
    await expectNoAxeViolations(first, 'console new plan dialog');
    await screenshot(first, 'console-new-plan-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Offer the plan' }).click();
    const waits = await first
      .getByText(/^Waiting for a second person's approval \(request \d+\)/)
      .innerText();
    const requestId = /request (\d+)/.exec(waits)![1]!;

    const second = await desk.signIn(checker, 'finance');
    await second.goto(`${desk.baseUrl}/console#/approvals`);
    await second.getByRole('button', { name: `Approve request ${requestId}` }).click();
    const approval = second.getByRole('dialog', { name: 'Confirm the approval' });
    await approval.getByText(/A new plan for the ₱100,000\.00 of principal/).waitFor();
    await approval.getByRole('button', { name: 'Approve and apply' }).click();
    await second.getByText(`Request ${requestId} approved and applied.`).waitFor();

    // The borrower, on a phone: the order page says a plan is on offer; its disclosure; Accept.
    await acknowledgeRegistrationPolicy(order.session.sessionId, desk.baseUrl);
    const phone = await browser.newPage();
    const query = sessionQuery(
      {
        sessionId: order.session.sessionId,
        appVersion: '1.0.0',
        deviceName: 'e2e',
        deviceId: 'e2e-new-plan',
        osVersion: '14',
        adId: '',
      },
      { productId: order.productId, orderId: order.orderId },
    );
    // Live first: the server-rendered page shows the link before hydration opens any rating dialog.
    await openLive(phone, `${desk.baseUrl}/orderDetails?${query}`);
    const link = phone.getByRole('link', { name: messages.newPlanOrderLink });
    await link.waitFor();
    // The order page may ask for a rating first.
    const later = phone.getByRole('button', { name: messages.orderRateCancel });
    if (await later.isVisible()) await later.click();
    await link.click();
    await phone.getByRole('heading', { name: messages.newPlanScheduleTitle }).waitFor();
    await phone.getByText('₱100,000.00', { exact: true }).first().waitFor();
    await expectNoAxeViolations(phone, 'borrower new plan disclosure');
    await screenshot(phone, 'borrower-new-plan', { fullPage: true });
    await phone.getByRole('button', { name: messages.newPlanAccept }).click();
    await phone.waitForURL(/\/orderDetails\?/);
    expect(pageErrors(phone)).toEqual([]);

    // The same address: a reload reads the order again.
    await first.reload();
    await first
      .getByRole('table', { name: 'Plans offered' })
      .getByText(/Accepted by the borrower/)
      .waitFor();
    await screenshot(first, 'console-new-plan-accepted', { fullPage: true });
    const lines = await desk.onDatabase((db) =>
      db.selectFrom('order_plan_lines').select('seq').where('order_id', '=', order.orderId).execute(),
    );
    expect(lines).toHaveLength(5);
  }, 120_000);
});
