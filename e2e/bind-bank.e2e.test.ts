import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { Limits, fillMessage, messages } from '@kwarta/contract';
import { PHONE, pageErrors, screenshot, useBrowser, waitForBridgeCall } from './support/browser.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectToast } from './support/promotion.ts';
import { demoSession, sessionQuery, type DemoSession } from './support/session.ts';

const baseUrl = inject('baseUrl');
const phone = useBrowser();
/** The shell's injected object (web/src/lib/bridge.ts). */
const ANDROID_INTERFACE = 'KwartaAndroid';
const viewport = PHONE.viewport!;

async function openBindBank(session: DemoSession, source: string): Promise<Page> {
  const page = await phone.newPage();
  // Inside the Android shell: closeWebView goes to the native side instead of the browser's
  // stand-in (which would navigate away from the recorder).
  await page.addInitScript((name) => {
    (window as unknown as Record<string, unknown>)[name] = { closeWebView: () => undefined };
  }, ANDROID_INTERFACE);
  await page.goto(`${baseUrl}/bindBank?${sessionQuery(session, { source })}`);
  await page.getByRole('heading', { name: messages.bankPageTitle }).waitFor();
  // Hydrated: the title is set by an effect.
  await expect.poll(() => page.title()).toBe(messages.bankPageTitle);
  return page;
}

const next = (page: Page) => page.getByRole('button', { name: messages.bankNext });
const shown = (page: Page, code: string) => page.locator(`#bank-${code}`).count();

async function fillCard(page: Page, cardNo = '6222021234567890123') {
  await page.locator('#bank-holderName').fill('Juan Dela Cruz');
  await page.locator('#bank-bankCode').selectOption('ICBC');
  await page.locator('#bank-cardNo').fill(cardNo);
}

describe('/bindBank', () => {
  test('defaults to card type 1 and channel 90006; the card type and the channel decide the fields', async () => {
    const page = await openBindBank(await demoSession(baseUrl), 'app');
    expect(await page.locator('#bank-cardType').inputValue()).toBe('1');
    expect(await page.locator('#bank-channel').inputValue()).toBe('90006');
    expect(await shown(page, 'cardNo')).toBe(1);
    expect(await shown(page, 'accountNo')).toBe(0);
    await screenshot(page, 'bind-bank-card');
    await expectNoAxeViolations(page, 'bind bank, card type 1 channel 90006');

    await page.locator('#bank-cardType').selectOption('2');
    await expect.poll(() => shown(page, 'walletAccount')).toBe(1);
    expect(await shown(page, 'cardNo')).toBe(0);
    expect(await shown(page, 'channel')).toBe(0);
    expect(await shown(page, 'bankCode')).toBe(0);
    await expectNoAxeViolations(page, 'bind bank, e-wallet');

    await page.locator('#bank-cardType').selectOption('1');
    await page.locator('#bank-channel').selectOption('90010');
    await expect.poll(() => shown(page, 'accountNo')).toBe(1);
    expect(await shown(page, 'bankCity')).toBe(1);
    expect(await shown(page, 'cardNo')).toBe(0);
    await screenshot(page, 'bind-bank-account');
    await expectNoAxeViolations(page, 'bind bank, channel 90010');
    expect(pageErrors(page)).toEqual([]);
  });

  test('numeric inputs keep digits only and the card number shows in groups of 4', async () => {
    const page = await openBindBank(await demoSession(baseUrl), 'app');
    await page.locator('#bank-cardNo').pressSequentially('ab62-22 02x12345678901234');
    expect(await page.locator('#bank-cardNo').inputValue()).toBe('6222 0212 3456 7890 123');
    await page.locator('#bank-channel').selectOption('90010');
    await page.locator('#bank-accountNo').pressSequentially('12ab3 4-5');
    expect(await page.locator('#bank-accountNo').inputValue()).toBe('12345');
  });

  test(`Next hides while the viewport is more than ${Limits.keyboardThresholdPx} px shorter, and comes back`, async () => {
    const page = await openBindBank(await demoSession(baseUrl), 'app');
    await page.locator('#bank-cardNo').focus();
    expect(await next(page).isVisible()).toBe(true);
    // A shrink within the threshold (a browser bar) leaves it.
    await page.setViewportSize({ width: viewport.width, height: viewport.height - 40 });
    await page.waitForTimeout(200);
    expect(await next(page).count()).toBe(1);
    // The keyboard: 300 px less.
    await page.setViewportSize({ width: viewport.width, height: viewport.height - 300 });
    await expect.poll(() => next(page).count()).toBe(0);
    await screenshot(page, 'bind-bank-keyboard', { fullPage: false });
    await page.setViewportSize(viewport);
    await expect.poll(() => next(page).count()).toBe(1);
  });

  test('a refusal toasts the server message; a binding closes the web view', async () => {
    const page = await openBindBank(await demoSession(baseUrl), 'app');
    await page.locator('#bank-bankCode').selectOption('ICBC');
    await page.locator('#bank-cardNo').fill('6222021234567890123');
    await next(page).click();
    await expectToast(page, fillMessage(messages.bankFieldRequired, { title: 'Account holder name' }));
    await expectNoAxeViolations(page, 'bind bank, refusal toast');

    await fillCard(page);
    await next(page).click();
    await waitForBridgeCall(page, 'closeWebView');
    // The shell heard the bank flow start and end with an account saved (docs/bridge.md).
    expect((await waitForBridgeCall(page, 'startBankFlow')).payload).toMatchObject({});
    expect((await waitForBridgeCall(page, 'endBankFlow')).payload).toMatchObject({ bound: true });
    expect(page.url()).toContain('/bindBank');

    // Opened again: the account is the current one, masked.
    await page.reload();
    await page.getByText('**** 0123').waitFor();
    expect(await page.content()).not.toContain('6222021234567890123');
  });

  test('from order details (source=loanDetail) a binding returns to that order, shown', async () => {
    const session = await demoSession(baseUrl);
    const page = await openBindBank(session, 'loanDetail');
    expect((await waitForBridgeCall(page, 'startBankFlow')).payload).toEqual({
      productId: session.productId,
    });
    await fillCard(page, '6222029999888877776');
    await next(page).click();
    await page.waitForURL(/\/orderDetails\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('source')).toBe('loanDetail');
    expect(url.searchParams.get('orderId')).toBe(session.orderId);
    expect(url.searchParams.get('productId')).toBe(session.productId);
    expect(url.searchParams.get('sessionId')).toBe(session.sessionId);
    // The page itself, not only its address: the order's status card comes with its content.
    await page.locator('#order-status-title').waitFor();
    expect((await page.locator('#order-status-title').textContent())?.trim()).not.toBe('');
    await screenshot(page, 'bind-bank-back-to-order');
  });

  test('opened from another page in a browser (no shell), a binding returns to that page', async () => {
    const session = await demoSession(baseUrl);
    const page = await phone.newPage();
    await page.goto(`${baseUrl}/testPreview`);
    await page.getByRole('button', { name: 'Bind bank' }).click();
    await page.waitForURL((url) => url.pathname === '/bindBank');
    await page.getByRole('heading', { name: messages.bankPageTitle }).waitFor();
    await expect.poll(() => page.title()).toBe(messages.bankPageTitle);
    await fillCard(page, '6222027777666655554');
    await next(page).click();
    // Back where the borrower came from, not the marketing home page.
    await page.waitForURL((url) => url.pathname === '/testPreview');
    expect(session.sessionId).toBeTruthy();
  });
});
