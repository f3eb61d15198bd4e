import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { messages, recommendedProductFromWire, type RecommendedProductWire } from '@kwarta/contract';
import {
  bridgeCalls,
  pageErrors,
  screenshot,
  useBrowser,
  waitForBridgeCall,
  waitForLive,
} from './support/browser.ts';
import { demoSession, sessionQuery, type DemoSession } from './support/session.ts';
import { openServerStore, runScript } from './support/server-store.ts';
import { expectNoAxeViolations } from './support/axe.ts';

const baseUrl = inject('baseUrl');
const phone = useBrowser();
/** The demo partner's pages are developer routes of our own (server/src/db/seed.ts). */
const PARTNER_PAGE = '/dev/partner/max';
const PARTNER_WITHDRAW_PAGE = '/dev/partner/withdraw-confirmation';

interface DemoOrder {
  orderId: number;
  productId: number;
  status: number;
  productName: string;
}

async function api<T>(session: DemoSession, path: string, body = ''): Promise<T> {
  const response = await fetch(`${baseUrl}${path}?${sessionQuery(session)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  return ((await response.json()) as { kwd: T }).kwd;
}

let session: DemoSession;
let orders: DemoOrder[];

beforeAll(async () => {
  session = await demoSession(baseUrl);
  const init = await api<{ orderList: { orderId: number; status: number; productName: string }[] }>(
    session,
    '/user-problem/problem-init',
  );
  const info = await api<{ recProducts: RecommendedProductWire[] }>(session, '/service/new/union-error-info');
  const productIds = new Map(info.recProducts.map(recommendedProductFromWire).map((p) => [p.name, p.id]));
  orders = init.orderList.map((order) => ({ ...order, productId: productIds.get(order.productName)! }));
});

function order(status: number, productName?: string): DemoOrder {
  const found = orders.find((o) => o.status === status && (!productName || o.productName === productName));
  if (!found) throw new Error(`no demo order in ${status} ${productName ?? ''}`);
  return found;
}

function orderUrl(o: DemoOrder, extra: Record<string, string> = {}) {
  const query = new URLSearchParams(sessionQuery(session, { productId: o.productId, orderId: o.orderId }));
  for (const [name, value] of Object.entries(extra)) query.set(name, value);
  return `${baseUrl}/orderDetails?${query}`;
}

async function openOrder(page: Page, o: DemoOrder, extra: Record<string, string> = {}) {
  await page.goto(orderUrl(o, extra));
  await page.getByRole('heading', { level: 1, name: messages.orderDetailsTitle }).waitFor();
  // The content paints before the page is live; its dialogs open once it is.
  await waitForLive(page);
}

/**
 * Closes the app-rating dialog the seed's 170 and 200 orders ask for (until rated). The server
 * would remember the "Not now" for the demo borrower; it is answered here instead, so the rating
 * tests below are still asked.
 */
async function dismissRating(page: Page) {
  await page.route('**/v3/loan-details/google-score-later?*', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ kwc: '00', kwm: '', kwd: null }),
    }),
  );
  const later = page.getByRole('button', { name: messages.orderRateCancel });
  if (await later.isVisible()) await later.click();
}

/**
 * Plays the Android shell for the navigation actions, so the page stays where it is (a plain
 * browser's fallback would leave for '/') and the recorder keeps the call.
 */
async function withAndroidShell(page: Page) {
  await page.addInitScript(() => {
    const noop = () => undefined;
    (window as unknown as Record<string, unknown>).KwartaAndroid = { goHome: noop, goPage: noop };
  });
}

const buttonNames = async (page: Page) =>
  (await page.locator('.order-buttons button').allTextContents()).map((text) => text.trim());

describe('order details', () => {
  test.each([
    [21, undefined, 'order-details-21'],
    [110, undefined, 'order-details-110'],
  ])('%s shows its status and the recommended products, no buttons', async (status, product, shot) => {
    const page = await phone.newPage();
    await openOrder(page, order(status, product));
    await expect
      .poll(() =>
        page.getByRole('heading', { name: messages[`orderStatus${status as 21 | 110}`] }).isVisible(),
      )
      .toBe(true);
    await page.getByText(messages[`orderNotice${status as 21 | 110}`]).waitFor();
    expect(await page.locator('.status-icon').getAttribute('data-icon')).toBe(String(status));
    await page.getByRole('heading', { name: messages.orderRecommended }).waitFor();
    await page.getByRole('button', { name: messages.orderMoreProducts }).waitFor();
    expect(await buttonNames(page)).toEqual([]);
    await screenshot(page, shot);
    await expectNoAxeViolations(page, shot);
    expect(pageErrors(page)).toEqual([]);
  });

  test('151 with a withdrawal message shows the confirmation dialog, then the products', async () => {
    const page = await phone.newPage();
    await openOrder(page, order(151, 'Kwarta Plus'));
    const dialog = page.getByRole('dialog', { name: messages.orderWithdrawTitle });
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain('confirm the withdrawal');
    await screenshot(page, 'order-details-151-withdraw-dialog', { fullPage: false });
    await expectNoAxeViolations(page, 'order-details-151-withdraw-dialog');
    await dialog.getByRole('button', { name: messages.orderWithdrawConfirm }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.getByRole('heading', { name: messages.orderStatus151 }).waitFor();
    expect(await buttonNames(page)).toEqual([]);
    await screenshot(page, 'order-details-151');
    await expectNoAxeViolations(page, 'order-details-151');
  });

  test('170 shows Repayment, which opens /repay with the session query', async () => {
    const page = await phone.newPage();
    await openOrder(page, order(170));
    await dismissRating(page);
    await page.getByRole('heading', { name: messages.orderStatus170 }).waitFor();
    expect(await buttonNames(page)).toEqual([messages.orderRepayment]);
    expect(await page.getByRole('heading', { name: messages.orderRecommended }).count()).toBe(0);
    await screenshot(page, 'order-details-170');
    await expectNoAxeViolations(page, 'order-details-170');
    const o = order(170);
    await page.getByRole('button', { name: messages.orderRepayment }).click();
    await page.waitForURL((url) => url.pathname === '/repay');
    const url = new URL(page.url());
    expect(url.searchParams.get('productId')).toBe(String(o.productId));
    expect(url.searchParams.get('orderId')).toBe(String(o.orderId));
    expect(url.searchParams.get('sessionId')).toBe(session.sessionId);
  });

  test('174 without a rollover shows one Repayment button', async () => {
    const page = await phone.newPage();
    await openOrder(page, order(174, 'Kwarta Starter'));
    await page.getByRole('heading', { name: messages.orderStatus174 }).waitFor();
    expect(await buttonNames(page)).toEqual([messages.orderRepayment]);
    expect(await page.getByText(messages.orderShortOfMoney).count()).toBe(0);
    await screenshot(page, 'order-details-174-no-delay');
    await expectNoAxeViolations(page, 'order-details-174-no-delay');
  });

  test.each([
    [174, 'order-details-174-delay'],
    [180, 'order-details-180'],
  ])('%s with a rollover shows REPAY, Short of money? and Rollover Repayment', async (status, shot) => {
    const page = await phone.newPage();
    const o = order(status, 'Kwarta Flex');
    await openOrder(page, o);
    await page.getByRole('heading', { name: messages[`orderStatus${status as 174 | 180}`] }).waitFor();
    expect(await buttonNames(page)).toEqual([messages.orderRepay, messages.orderRollover]);
    await page.getByText(messages.orderShortOfMoney).waitFor();
    await screenshot(page, shot);
    await expectNoAxeViolations(page, shot);
    await page.getByRole('button', { name: messages.orderRollover }).click();
    await page.waitForURL((url) => url.pathname === '/repayDelay');
    expect(new URL(page.url()).searchParams.get('orderId')).toBe(String(o.orderId));
  });

  test('200 shows Borrow Again: event/save with module 30, then home through the bridge', async () => {
    const page = await phone.newPage();
    await withAndroidShell(page);
    const o = order(200);
    await openOrder(page, o);
    await dismissRating(page);
    await page.getByRole('heading', { name: messages.orderStatus200 }).waitFor();
    expect(await buttonNames(page)).toEqual([messages.orderBorrowAgain]);
    await screenshot(page, 'order-details-200');
    await expectNoAxeViolations(page, 'order-details-200');
    const saved = page.waitForRequest((request) => request.url().includes('/service/event/save'));
    await page.getByRole('button', { name: messages.orderBorrowAgain }).click();
    const body = new URLSearchParams((await saved).postData() ?? '');
    expect(Object.fromEntries(body)).toEqual({
      productId: String(o.productId),
      moduleId: '30',
      positionId: '0',
    });
    await waitForBridgeCall(page, 'goHome');
  });

  test('an unknown status uses the 200 icon and texts, with no buttons', async () => {
    const o = order(21);
    const setStatus = async (status: number) =>
      expect(
        (await runScript('e2e/support/set-order-status.ts', [String(o.orderId), String(status)])).code,
      ).toBe(0);
    await setStatus(999);
    try {
      const page = await phone.newPage();
      await openOrder(page, o);
      await page.getByRole('heading', { name: messages.orderStatus200 }).waitFor();
      expect(await page.locator('.status-icon').getAttribute('data-icon')).toBe('200');
      expect(await buttonNames(page)).toEqual([]);
      await page.getByRole('heading', { name: messages.orderRecommended }).waitFor();
      await screenshot(page, 'order-details-unknown');
      await expectNoAxeViolations(page, 'order-details-unknown');
    } finally {
      await setStatus(21);
    }
  });

  test('151 with a withdrawal link goes there at once', async () => {
    const page = await phone.newPage();
    const o = order(151, 'Kwarta Max');
    await page.goto(orderUrl(o));
    await page.waitForURL((url) => url.pathname === PARTNER_WITHDRAW_PAGE);
    const url = new URL(page.url());
    expect(url.searchParams.get('orderId')).toBe(String(o.orderId));
    // A page that says what it stands for, not an error page.
    await page.getByRole('heading', { name: messages.demoPartnerTitle }).waitFor();
    await screenshot(page, 'demo-partner-withdraw', { fullPage: false });
  });

  test('recommended products: tracking, the define call, a web link opens in the page, a grey one is ignored', async () => {
    const page = await phone.newPage();
    // product_id alone is read, and both spellings are written back (spec §3); the four
    // pass-through values go out as request headers.
    const o = order(110);
    const query = new URLSearchParams(sessionQuery(session, { orderId: o.orderId, productId: undefined }));
    query.set('product_id', String(o.productId));
    for (const name of ['building', 'gather', 'swift', 'eyes']) query.set(name, `${name}-1`);
    const loaded = page.waitForRequest((request) => request.url().includes('/v3/loan-details/loan-details'));
    await page.goto(`${baseUrl}/orderDetails?${query}`);
    const headers = (await loaded).headers();
    for (const name of ['building', 'gather', 'swift', 'eyes']) expect(headers[name]).toBe(`${name}-1`);
    await page.getByRole('heading', { name: messages.orderStatus110 }).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('productId')).toBe(String(o.productId));

    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    // Grey and marked disabled for assistive technology; a tap still reaches the page and is ignored.
    await page.getByRole('button', { name: /Coming soon Kwarta Biz/ }).click({ force: true });
    await page.waitForTimeout(300);
    expect(requests.filter((path) => path.startsWith('/v3') || path.startsWith('/service'))).toEqual([]);

    const define = page.waitForRequest((request) => request.url().includes('/v3/product/product-define'));
    const tracked = page.waitForRequest((request) => request.url().includes('/service/event/save'));
    await page.getByRole('button', { name: /Apply Kwarta Max/ }).click();
    expect(Object.fromEntries(new URLSearchParams((await tracked).postData() ?? ''))).toMatchObject({
      moduleId: '31',
      positionId: expect.any(String),
    });
    expect((await define).postData()).toMatch(/dik=\d+/);
    await page.waitForURL((url) => url.pathname === PARTNER_PAGE);
  });

  test('recommended products: our own product opens the native product page through the bridge', async () => {
    const page = await phone.newPage();
    await withAndroidShell(page);
    await openOrder(page, order(21));
    await page.getByRole('button', { name: /Apply Kwarta Plus/ }).click();
    const call = await waitForBridgeCall(page, 'goPage');
    expect(call.payload).toMatchObject({ page: 'productDetail' });
    await page.getByRole('button', { name: messages.orderMoreProducts }).click();
    await waitForBridgeCall(page, 'goHome');
  });

  test('the rating dialog: no star → Silakan pilih; 2 stars → google-score 5 and the result dialog', async () => {
    const page = await phone.newPage();
    // Answered here so the borrower is still asked in the next test.
    const scores: string[] = [];
    await page.route('**/v3/loan-details/google-score?*', async (route) => {
      scores.push(route.request().postData() ?? '');
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ kwc: '00', kwm: '', kwd: null }),
      });
    });
    await openOrder(page, order(170));
    const dialog = page.getByRole('dialog', { name: messages.orderRateTitle });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: messages.orderRateSubmit }).click();
    await page.getByText(messages.ratingChooseStars).first().waitFor();
    await screenshot(page, 'order-details-rating-dialog', { fullPage: false });
    await expectNoAxeViolations(page, 'order-details-rating-dialog');
    await dialog.getByRole('radio', { name: '2 / 5' }).click();
    await dialog.getByRole('button', { name: messages.orderRateSubmit }).click();
    const result = page.getByRole('dialog', { name: messages.orderRateResultTitle });
    await result.waitFor();
    expect(scores).toEqual(['score=5']);
    expect((await bridgeCalls(page)).map((call) => call.action)).not.toContain('goRate');
    await screenshot(page, 'order-details-rating-result', { fullPage: false });
    await expectNoAxeViolations(page, 'order-details-rating-result');
  });

  test('"Not now" is remembered on the server: the next visit, on any order, does not ask again', async () => {
    const page = await phone.newPage();
    await openOrder(page, order(170));
    const dialog = page.getByRole('dialog', { name: messages.orderRateTitle });
    await dialog.waitFor();
    const later = page.waitForResponse((response) =>
      response.url().includes('/v3/loan-details/google-score-later'),
    );
    await dialog.getByRole('button', { name: messages.orderRateCancel }).click();
    expect((await later).ok()).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);

    for (const status of [170, 200]) {
      const again = await phone.newPage();
      await openOrder(again, order(status));
      await again.locator('.order-buttons button').first().waitFor();
      expect(await again.getByRole('dialog', { name: messages.orderRateTitle }).isVisible()).toBe(false);
      if (status === 170) await screenshot(again, 'order-details-after-not-now', { fullPage: false });
    }
    // As if the wait (Limits.ratingAskAgainDays) were over: the next test is asked and rates.
    const store = openServerStore();
    try {
      await store.db.deleteFrom('app_rating_declines').execute();
    } finally {
      await store.db.destroy();
    }
  });

  test('the rating dialog: 5 stars → google-score 5 and the bridge rate action; then it is not asked again', async () => {
    const page = await phone.newPage();
    await openOrder(page, order(200));
    const dialog = page.getByRole('dialog', { name: messages.orderRateTitle });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: '5 / 5' }).click();
    const scored = page.waitForResponse((response) =>
      response.url().includes('/v3/loan-details/google-score'),
    );
    await dialog.getByRole('button', { name: messages.orderRateSubmit }).click();
    expect((await scored).request().postData()).toBe('score=5');
    await waitForBridgeCall(page, 'goRate');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const again = await phone.newPage();
    await openOrder(again, order(200));
    await again.getByRole('button', { name: messages.orderBorrowAgain }).waitFor();
    expect(await again.getByRole('dialog', { name: messages.orderRateTitle }).isVisible()).toBe(false);
  });
});

describe('joint-login failure page', () => {
  test('shows Failed, the error and products; a tap sends the two product calls and follows the link', async () => {
    const page = await phone.newPage();
    const flex = order(170).productId;
    await page.goto(
      `${baseUrl}/jointLoginError?${sessionQuery(session, { productId: flex, orderId: undefined })}`,
    );
    await page.getByRole('heading', { level: 1, name: messages.orderDetailsTitle }).waitFor();
    await page.getByRole('heading', { name: messages.jointLoginFailed }).waitFor();
    await page.getByText('Kwarta Flex right now').waitFor();
    expect(await page.getByRole('button', { name: /Kwarta Flex/ }).count()).toBe(0);
    await screenshot(page, 'joint-login-error');
    await expectNoAxeViolations(page, 'joint-login-error');

    const tracked = page.waitForRequest((request) =>
      request.url().includes('/service/new/union-product-track'),
    );
    const linked = page.waitForRequest((request) =>
      request.url().includes('/service/new/union-product-link'),
    );
    await page.getByRole('button', { name: /Apply Kwarta Max/ }).click();
    expect((await tracked).postData()).toMatch(/productId=\d+&position=\d+/);
    expect((await linked).postData()).toMatch(/productId=\d+/);
    await page.waitForURL((url) => url.pathname === PARTNER_PAGE);
    expect(pageErrors(page)).toEqual([]);
  });
});
