import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { messages } from '@kwarta/contract';
import { openLive, pageErrors, screenshot, useBrowser, waitForLive } from './support/browser.ts';
import { sessionQuery } from './support/session.ts';
import { acknowledgeRegistrationPolicy, openServerStore } from './support/server-store.ts';

// Spec §1: with `system=1` every amount a page shows is in rupees, the ones the browser formats
// and the ones the server formats (detail lines, plans, ranges) alike.
const baseUrl = inject('baseUrl');
const serverStore = inject('serverStore');
const phone = useBrowser();
const run = promisify(execFile);
const { db, applicant } = openServerStore();
afterAll(() => db.destroy());

interface OwnOrder {
  sessionId: string;
  orderId: number;
  productId: number;
}

async function createOrder(status: number): Promise<OwnOrder> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...serverStore, LOG_LEVEL: 'silent' };
  if (!serverStore.DATABASE_URL) delete env.DATABASE_URL;
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'e2e/support/repayable-order.ts', 'create', String(status), '2'],
    { env },
  );
  const order = JSON.parse(stdout) as OwnOrder;
  await acknowledgeRegistrationPolicy(order.sessionId);
  return order;
}

/** Every amount on the screen (a currency sign and its first digit), once the page has its data. */
async function shownAmounts(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return text.match(/[₱₹]\s?\d/g) ?? [];
}

async function expectOnlyRupees(page: Page, what: string, atLeast: number) {
  await expect
    .poll(async () => (await shownAmounts(page)).length, { message: what })
    .toBeGreaterThanOrEqual(atLeast);
  const amounts = await shownAmounts(page);
  expect(
    amounts.filter((amount) => !amount.startsWith('₹')),
    what,
  ).toEqual([]);
  expect(await page.content(), what).not.toContain('₱');
  expect(pageErrors(page), what).toEqual([]);
}

describe('system=1 shows every amount in rupees', () => {
  test('/orderDetails and /repay (details expanded, the payment sheet open)', async () => {
    const own = await createOrder(170);
    const query = sessionQuery(
      {
        sessionId: own.sessionId,
        appVersion: '1.0.0',
        deviceName: 'e2e',
        deviceId: 'e2e-rupee',
        osVersion: '14',
      },
      { productId: own.productId, orderId: own.orderId, system: 1 },
    );
    const page = await phone.newPage();

    await openLive(page, `${baseUrl}/orderDetails?${query}`);
    await page.getByRole('heading', { name: messages.orderStatus170 }).waitFor();
    await expectOnlyRupees(page, '/orderDetails', 2);
    await screenshot(page, 'order-details-rupee');

    // The page's own link carries system=1 on (it rides with the session query).
    const later = page.getByRole('button', { name: messages.orderRateCancel });
    if (await later.isVisible()) await later.click();
    await page.getByRole('button', { name: messages.orderRepayment }).click();
    await page.waitForURL(/\/repay\?.*system=1/);
    await page.getByRole('heading', { level: 1, name: messages.repayTitle }).waitFor();
    await waitForLive(page);
    await page.getByRole('button', { name: messages.repayMore }).click();
    await expectOnlyRupees(page, '/repay', 5);
    await page.getByRole('button', { name: messages.repayPaymentMethod }).click();
    await page.getByRole('dialog', { name: messages.repayChooseChannel }).waitFor();
    await expectOnlyRupees(page, '/repay with the payment sheet', 6);
    await screenshot(page, 'repay-rupee');
  });

  test('/loanConfirm and /newLoanConfirm', async () => {
    const product = await db
      .selectFrom('products')
      .select('id')
      .where('name', '=', 'Kwarta Flex')
      .executeTakeFirstOrThrow();
    const session = await applicant();
    const page = await phone.newPage();
    for (const path of ['/loanConfirm', '/newLoanConfirm']) {
      await openLive(
        page,
        `${baseUrl}${path}?${sessionQuery(session, { productId: product.id, system: 1 })}`,
      );
      await page.getByRole('button', { name: messages.loanConfirmLoanNow }).waitFor();
      await expectOnlyRupees(page, path, 4);
      await screenshot(page, `${path.slice(1)}-rupee`);
    }
  });
});
