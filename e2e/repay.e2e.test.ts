import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { messages } from '@kwarta/contract';
import { addDays, formatMoney } from '@kwarta/domain';
import { DEMO_PHONES } from '../server/src/db/seed.ts';
import { openLive, screenshot, useBrowser, waitForLive } from './support/browser.ts';
import { demoSession, sessionQuery } from './support/session.ts';
import { acknowledgeRegistrationPolicy, openServerStore } from './support/server-store.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectToast } from './support/promotion.ts';

const baseUrl = inject('baseUrl');
const serverStore = inject('serverStore');
const phone = useBrowser();
const run = promisify(execFile);

interface OwnOrder {
  sessionId: string;
  orderId: number;
  productId: number;
}

async function repayable(...args: (string | number)[]): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...serverStore, LOG_LEVEL: 'silent' };
  if (!serverStore.DATABASE_URL) delete env.DATABASE_URL;
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'e2e/support/repayable-order.ts', ...args.map(String)],
    { env },
  );
  return stdout;
}

// A borrower of its own, who registered and so read the current privacy policy.
const createOrder = async (status: number, lines = 1): Promise<OwnOrder> => {
  const order = JSON.parse(await repayable('create', status, lines)) as OwnOrder;
  await acknowledgeRegistrationPolicy(order.sessionId);
  return order;
};

interface OrderState {
  order: { status: number; due_date: string; extension_count: number; settled_at: string | null };
  lines: { seq: number; due_date: string }[];
  history: { from_status: number; to_status: number; actor: string; reason: string | null }[];
}
const stateOf = async (orderId: number) => JSON.parse(await repayable('state', orderId)) as OrderState;

const pageUrl = (path: string, o: OwnOrder, extra: Record<string, string | number> = {}) =>
  `${baseUrl}${path}?${sessionQuery(
    {
      sessionId: o.sessionId,
      appVersion: '1.0.0',
      deviceName: 'e2e',
      deviceId: 'e2e-repay',
      osVersion: '14',
      adId: '',
    },
    { productId: o.productId, orderId: o.orderId, ...extra },
  )}`;

async function dismissRating(page: Page) {
  const later = page.getByRole('button', { name: messages.orderRateCancel });
  if (await later.isVisible()) await later.click();
}

/** Payment Method → the sheet (first channel chosen) → another channel → Pay → the pay page. */
async function payThroughSheet(page: Page, channel: string, shot: string) {
  await page.getByRole('button', { name: messages.repayPaymentMethod }).click();
  const sheet = page.getByRole('dialog', { name: messages.repayChooseChannel });
  await sheet.waitFor();
  expect(await sheet.getByRole('radio').first().isChecked()).toBe(true);
  await sheet.getByRole('radio', { name: channel }).check();
  await screenshot(page, `${shot}-channels`, { fullPage: false });
  await expectNoAxeViolations(page, `${shot}-channels`);
  await sheet.getByRole('button', { name: new RegExp(`^${messages.repayPayNow} `) }).click();
  await page.waitForURL(/\/sandbox\/cashier\//);
  await page.getByRole('heading', { name: messages.sandboxCashierTitle }).waitFor();
}

describe('repayment', () => {
  test('an order in 170: order details → /repay → Payment Method → channel → cashier pays → 200 and Borrow Again', async () => {
    const own = await createOrder(170);
    const page = await phone.newPage();
    await openLive(page, pageUrl('/orderDetails', own));
    await dismissRating(page);
    await page.getByRole('button', { name: messages.orderRepayment }).click();
    await page.waitForURL(/\/repay\?/);
    await page.getByRole('heading', { level: 1, name: messages.repayTitle }).waitFor();
    await waitForLive(page);
    await page.getByText('₱105.000,00').first().waitFor();
    // Details collapsed to two lines, more/hide toggles the rest.
    expect(await page.locator('.repay-product ~ .repay-lines .repay-line').count()).toBe(2);
    await page.getByRole('button', { name: messages.repayMore }).click();
    expect(await page.locator('.repay-product ~ .repay-lines .repay-line').count()).toBe(6);
    await screenshot(page, 'repay');
    await expectNoAxeViolations(page, 'repay');
    await payThroughSheet(page, 'Bayad Center', 'repay');
    await screenshot(page, 'repay-sandbox-cashier');
    await page.getByRole('button', { name: messages.sandboxCashierPay, exact: true }).click();
    await page.waitForURL(/\/orderDetails\?/);
    await page.getByRole('heading', { name: messages.orderStatus200 }).waitFor();
    await waitForLive(page);
    await dismissRating(page);
    await page.getByRole('button', { name: messages.orderBorrowAgain }).waitFor();
    await screenshot(page, 'repay-settled-order');
    const state = await stateOf(own.orderId);
    expect(state.order.status).toBe(200);
    expect(state.order.settled_at).not.toBeNull();
  });

  test('the pay code pages: the default card, /repaymentOfCode (code and QR) and /repaymentOfCode2', async () => {
    const own = await createOrder(170, 2);
    // A pay code first (as a tap on Pay would), so the page shows its card.
    const page = await phone.newPage();
    await openLive(page, pageUrl('/repay', own));
    await payThroughSheet(page, '7-Eleven', 'repay-code');
    await openLive(page, pageUrl('/repay', own));
    const card = page.getByRole('region', { name: '7-Eleven' });
    await card.waitFor();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await card.getByRole('button', { name: messages.repayCopy }).click();
    await expectToast(page, messages.copySuccess);
    await screenshot(page, 'repay-with-code', { fullPage: false });
    await expectNoAxeViolations(page, 'repay-with-code');

    await card.getByRole('link', { name: messages.repayShowCode }).click();
    await page.waitForURL(/\/repaymentOfCode\?/);
    await waitForLive(page);
    await page.getByRole('heading', { name: messages.repayPayCode }).waitFor();
    await page.getByRole('button', { name: messages.repayCopy }).click();
    await expectToast(page, messages.copySuccess);
    await screenshot(page, 'repayment-of-code-1');
    await expectNoAxeViolations(page, 'repayment-of-code-1');

    const qr = new URL(page.url());
    qr.searchParams.set('showType', '2');
    qr.searchParams.set('payCodeImg', `/payments/qr.svg?code=${qr.searchParams.get('payCode')}`);
    qr.searchParams.set('system', '1');
    await openLive(page, qr.toString());
    await page.getByText(messages.repayScanTips).waitFor();
    await page.getByText('₹').first().waitFor();
    expect(
      await page.locator('img.code-card__qr').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await screenshot(page, 'repayment-of-code-qr');
    await expectNoAxeViolations(page, 'repayment-of-code-qr');

    await openLive(page, pageUrl('/repay', own));
    await page.getByRole('link', { name: messages.repayInstructions }).click();
    await page.waitForURL(/\/repaymentOfCode2/);
    await page.getByText(messages.repayCode2Keep).waitFor();
    await page.getByRole('heading', { name: 'Pay at 7-Eleven' }).waitFor();
    await screenshot(page, 'repayment-of-code-2');
    await expectNoAxeViolations(page, 'repayment-of-code-2');

    // Opened without an order (the spec's way), it shows what /repay saved in local storage.
    const saved = new URL(page.url());
    for (const name of ['productId', 'orderId', 'isDelay']) saved.searchParams.delete(name);
    await openLive(page, saved.toString());
    await page.getByText(messages.repayCode2Keep).waitFor();
    await page.getByRole('heading', { name: 'Pay at 7-Eleven' }).waitFor();
  });

  test('an order in 174: /repayDelay → pay → due date moved by the product’s days, 170, history', async () => {
    const own = await createOrder(174, 2);
    const before = await stateOf(own.orderId);
    const page = await phone.newPage();
    await openLive(page, pageUrl('/orderDetails', own));
    await dismissRating(page);
    await page.getByRole('button', { name: messages.orderRollover }).click();
    await page.waitForURL(/\/repayDelay\?/);
    await waitForLive(page);
    const moved = addDays(before.order.due_date, 7);
    await page.getByText(moved).first().waitFor();
    await screenshot(page, 'repay-delay');
    await expectNoAxeViolations(page, 'repay-delay');
    await payThroughSheet(page, 'GCash', 'repay-delay');
    await page.getByRole('button', { name: messages.sandboxCashierPay, exact: true }).click();
    await page.waitForURL(/\/orderDetails\?/);
    await page.getByRole('heading', { name: messages.orderStatus170 }).waitFor();
    const after = await stateOf(own.orderId);
    expect(after.order).toMatchObject({ status: 170, due_date: moved, extension_count: 1 });
    expect(after.lines.map((line) => line.due_date)).toEqual(
      before.lines.map((line) => addDays(line.due_date, 7)),
    );
    expect(after.history.at(-1)).toMatchObject({
      from_status: 174,
      to_status: 170,
      reason: 'extension paid',
    });
    expect(after.history.at(-1)!.actor).toMatch(/^payment:sandbox:KW/);
  });
});

describe('/repayDelay of a loan its product does not extend', () => {
  test('says so first: no zero amount, plan, pay code or Pay beside the reason', async () => {
    const store = openServerStore();
    try {
      const order = await store.db
        .selectFrom('orders')
        .innerJoin('products', 'products.id', 'orders.product_id')
        .innerJoin('borrowers', 'borrowers.id', 'orders.borrower_id')
        .select(['orders.id', 'orders.product_id'])
        .where('borrowers.phone', '=', DEMO_PHONES.spec)
        .where('products.extension_enabled', '=', 0)
        .where('orders.status', '=', 174)
        .executeTakeFirstOrThrow();
      const session = await demoSession(baseUrl);
      const page = await phone.newPage();
      await openLive(
        page,
        `${baseUrl}/repayDelay?${sessionQuery(session, { productId: order.product_id, orderId: order.id })}`,
      );
      await page.getByRole('status').getByText(messages.repayDelayNotAllowed).waitFor();
      // The reason is the first thing on the page: no "pay at the channels below" above it.
      expect(await page.locator('main .card').first().textContent()).toBe(messages.repayDelayNotAllowed);
      const text = await page.locator('main').innerText();
      expect(text).not.toContain(formatMoney(0, store.config.market.money));
      expect(await page.getByRole('button', { name: messages.repayPaymentMethod }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: messages.repayPlan }).count()).toBe(0);
      await screenshot(page, 'repay-delay-not-allowed');
      await expectNoAxeViolations(page, 'repay delay, not allowed');
    } finally {
      await store.db.destroy();
    }
  });
});
