import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { LoanConfirmRules, messages, routes } from '@kwarta/contract';
import {
  bridgeCalls,
  openLive,
  pageErrors,
  screenshot,
  useBrowser,
  waitForBridgeCall,
} from './support/browser.ts';
import { sessionQuery } from './support/session.ts';
import { openServerStore } from './support/server-store.ts';
import { expectNoAxeViolations } from './support/axe.ts';

const baseUrl = inject('baseUrl');
const phone = useBrowser();

// The server's own database (as its CLIs open it): borrowers with no order yet, and the
// product's confirmation settings a lender would configure.
const { db, applicant } = openServerStore();
let productId: number;

async function configure(settings: {
  retention_popup?: number;
  agreement_popup?: number;
  promo_message?: string;
}) {
  await db
    .updateTable('products')
    .set({ retention_popup: 0, agreement_popup: 0, promo_message: '', ...settings })
    .where('id', '=', productId)
    .execute();
}

/** An iOS shell that receives closeWebView (so the page stays for the recorder to be read). */
async function iosShellPage(): Promise<Page> {
  const page = await phone.newPage();
  await page.addInitScript(() => {
    (window as unknown as { webkit: unknown }).webkit = {
      messageHandlers: { closeWebView: { postMessage: () => undefined } },
    };
  });
  return page;
}

/** The shell's iOS back signal (DESIGN D7: the global the bridge installs). */
const iosBack = (page: Page) =>
  page.evaluate(() => (window as unknown as { kwartaOnBack(): boolean }).kwartaOnBack());

beforeAll(async () => {
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('name', '=', 'Kwarta Flex')
    .executeTakeFirstOrThrow();
  productId = product.id;
});
afterAll(async () => {
  await configure({});
  await db.destroy();
});

describe('loan confirmation (variant 1)', () => {
  test('shows the plan; unchecking disables Loan Now; Loan Now makes the order in 21 and opens its details', async () => {
    await configure({});
    const session = await applicant();
    const page = await phone.newPage();
    await openLive(page, `${baseUrl}/loanConfirm?${sessionQuery(session, { productId })}`);
    await expect.poll(() => page.getByText('₱20.000,00').first().isVisible()).toBe(true);
    await expect.poll(() => page.locator('.loan-plan li').count()).toBe(3);
    await expect.poll(() => page.getByText('₱7.666,66').isVisible()).toBe(true);
    await screenshot(page, 'loan-confirm');
    await expectNoAxeViolations(page, 'loan confirmation');

    const loanNow = page.getByRole('button', { name: messages.loanConfirmLoanNow });
    const agree = page.getByRole('checkbox', { name: messages.loanConfirmAgreementPrefix });
    expect(await agree.isChecked()).toBe(true);
    await agree.uncheck();
    expect(await loanNow.isDisabled()).toBe(true);
    await screenshot(page, 'loan-confirm-unchecked', { fullPage: false });
    await expectNoAxeViolations(page, 'loan confirmation, unchecked');
    await agree.check();
    expect(await loanNow.isEnabled()).toBe(true);

    await loanNow.click();
    await page.waitForURL(/\/orderDetails\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('from')).toBe('confirm');
    expect(url.searchParams.get('sessionId')).toBe(session.sessionId);
    expect(url.searchParams.get('productId')).toBe(String(productId));
    const order = await db
      .selectFrom('orders')
      .select(['status', 'principal'])
      .where('id', '=', Number(url.searchParams.get('orderId')))
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 21, principal: 2_000_000 });
    expect(pageErrors(page)).toEqual([]);
  });

  test('an agreement link opens the agreement through contract-jump', async () => {
    await configure({});
    const session = await applicant();
    const page = await phone.newPage();
    await openLive(page, `${baseUrl}/loanConfirm?${sessionQuery(session, { productId })}`);
    const jump = page.waitForRequest((request) => request.url().includes(routes.contractJump.path));
    await page.getByRole('button', { name: messages.agreementDisclosureTitle }).click();
    // Every field spec §7 lists; orderId is 0 before an order exists.
    const sent = new URLSearchParams((await jump).postData() ?? '');
    expect(Object.fromEntries(sent)).toMatchObject({
      productId: String(productId),
      scene: '3',
      position: String(LoanConfirmRules.agreementPositions.disclosureStatement),
      orderId: '0',
    });
    await page.waitForURL(/\/disclosure\?/);
    await expect
      .poll(() => page.getByText('Total to pay: ₱23.000,00 in 3 instalment(s) over 91 days').isVisible())
      .toBe(true);
    await screenshot(page, 'disclosure');
    await expectNoAxeViolations(page, 'disclosure statement');
  });

  test('the agreement popup: Agree closes it, Cancel closes the web view', async () => {
    await configure({ agreement_popup: 1 });
    const session = await applicant();
    const page = await iosShellPage();
    await openLive(page, `${baseUrl}/loanConfirm?${sessionQuery(session, { productId })}`);
    const popup = page.getByRole('dialog', { name: messages.loanConfirmAgreementPopupTitle });
    await expect.poll(() => popup.isVisible()).toBe(true);
    await expect
      .poll(() => popup.frameLocator('iframe').getByText(messages.agreementLoanTitle).first().isVisible())
      .toBe(true);
    await screenshot(page, 'loan-confirm-agreement-popup', { fullPage: false });
    await expectNoAxeViolations(page, 'loan confirmation, agreement popup');
    await popup.getByRole('button', { name: messages.loanConfirmAgree }).click();
    await expect.poll(() => popup.isVisible()).toBe(false);

    await page.reload();
    await expect.poll(() => popup.isVisible()).toBe(true);
    await popup.getByRole('button', { name: messages.loanConfirmCancel }).click();
    await waitForBridgeCall(page, 'closeWebView');
  });

  test("the 'Point out' popup answers the iOS back signal only when isPopType is 1", async () => {
    await configure({});
    const session = await applicant();
    const page = await phone.newPage();
    await openLive(page, `${baseUrl}/loanConfirm?${sessionQuery(session, { productId })}`);
    await expect.poll(() => page.locator('.loan-plan li').count()).toBe(3);
    expect(await iosBack(page)).toBe(false);
    expect(await page.getByRole('dialog', { name: messages.loanConfirmRetentionTitle }).count()).toBe(0);

    await configure({ retention_popup: 1 });
    const again = await phone.newPage();
    await openLive(again, `${baseUrl}/loanConfirm?${sessionQuery(session, { productId })}`);
    await expect.poll(() => again.locator('.loan-plan li').count()).toBe(3);
    expect(await iosBack(again)).toBe(true);
    const retention = again.getByRole('dialog', { name: messages.loanConfirmRetentionTitle });
    await expect.poll(() => retention.isVisible()).toBe(true);
    await screenshot(again, 'loan-confirm-retention', { fullPage: false });
    await expectNoAxeViolations(again, 'loan confirmation, retention popup');
    await retention.getByRole('button', { name: messages.loanConfirmAgree }).click();
    await expect.poll(() => retention.isVisible()).toBe(false);
    expect((await bridgeCalls(again)).some((call) => call.action === 'closeWebView')).toBe(false);
  });
});

describe('loan confirmation (variant 2)', () => {
  test('the promo popup shows at start and closes; Loan Now works through /gopia/goya', async () => {
    await configure({ promo_message: 'Cash in minutes for new clients' });
    const session = await applicant();
    const page = await phone.newPage();
    await openLive(page, `${baseUrl}/newLoanConfirm?${sessionQuery(session, { productId })}`);
    const promo = page.getByRole('dialog', { name: messages.loanConfirmTitle });
    await expect.poll(() => promo.isVisible()).toBe(true);
    await expect.poll(() => promo.getByText('Cash in minutes for new clients').isVisible()).toBe(true);
    expect(await promo.getByRole('button', { name: messages.loanConfirmPromoButton }).isVisible()).toBe(true);
    await screenshot(page, 'new-loan-confirm-promo', { fullPage: false });
    await expectNoAxeViolations(page, 'new loan confirmation, promo popup');
    await promo.getByRole('button', { name: messages.loanConfirmClose }).click();
    await expect.poll(() => promo.isVisible()).toBe(false);
    await expect.poll(() => page.getByText('₱7.666,66').isVisible()).toBe(true);

    const pushes: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/gopia/goya/')) pushes.push(new URL(request.url()).pathname);
    });
    await page.getByRole('button', { name: messages.loanConfirmLoanNow }).click();
    await page.waitForURL(/\/orderDetails\?/);
    expect(pushes).toEqual(['/gopia/goya/dala']);

    // A second application while this one is open: the server's message is said on the page.
    const second = await phone.newPage();
    await openLive(second, `${baseUrl}/newLoanConfirm?${sessionQuery(session, { productId })}`);
    await second.getByRole('dialog').getByRole('button', { name: messages.loanConfirmClose }).click();
    await second.getByRole('button', { name: messages.loanConfirmLoanNow }).click();
    await expect
      .poll(() => second.getByRole('alert').filter({ hasText: messages.loanOpenOrderExists }).isVisible())
      .toBe(true);
  });
});
