import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { messages, webRoutes } from '@kwarta/contract';
import { expectNoAxeViolations } from './support/axe.ts';
import { openLive, pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { openServerStore } from './support/server-store.ts';
import { demoSession, sessionQuery } from './support/session.ts';

const baseUrl = inject('baseUrl');
const phone = useBrowser();
const { db } = openServerStore();
afterAll(() => db.destroy());

/**
 * The confirmation opened as /testPreview opens it, with an existing order's id in the query (the
 * demo borrower's loan being repaid): its documents describe the offer on screen, never that
 * order; and the demo borrower, whose application is still open, is told why Loan Now is refused.
 */
async function openConfirmation(path: string) {
  const session = await demoSession(baseUrl);
  const order = await db
    .selectFrom('orders')
    .select(['order_no', 'principal', 'product_id'])
    .where('id', '=', Number(session.orderId))
    .executeTakeFirstOrThrow();
  const page = await phone.newPage();
  await openLive(page, `${baseUrl}${path}?${sessionQuery(session)}`);
  // Variant 2 opens with its promo popup: closed, as a borrower would.
  const promo = page.getByRole('dialog', { name: messages.loanConfirmTitle });
  if (await promo.isVisible().catch(() => false))
    await promo.getByRole('button', { name: messages.loanConfirmClose }).click();
  const offer = page.locator('.loan-amount strong');
  await expect.poll(() => offer.isVisible()).toBe(true);
  return { page, session, order, offerText: (await offer.textContent())! };
}

const mainText = async (page: Page) => (await page.locator('main').innerText()).replace(/\s+/g, ' ');

describe("the confirmation's documents (390×844)", () => {
  test('with an orderId in the query: the disclosure and the agreement are of the offer shown, not of that order', async () => {
    const { page, order, offerText } = await openConfirmation(webRoutes.loanConfirm);
    await screenshot(page, 'loan-confirm-with-order-id');
    await expectNoAxeViolations(page, 'loan confirmation opened with an orderId');

    await page.getByRole('button', { name: messages.agreementDisclosureTitle }).click();
    await page.waitForURL((url) => url.pathname === webRoutes.disclosure);
    expect(new URL(page.url()).searchParams.get('orderId')).toBeNull();
    await expect.poll(() => mainText(page)).toContain(`Amount to be financed: ${offerText}`);
    expect(await mainText(page)).not.toContain(order.order_no);
    await screenshot(page, 'loan-confirm-offer-disclosure');

    await page.goBack();
    await page.getByRole('button', { name: messages.agreementLoanTitle }).click();
    await page.waitForURL((url) => url.pathname === webRoutes.loanAgreement);
    expect(new URL(page.url()).searchParams.get('orderId')).toBeNull();
    await expect.poll(() => mainText(page)).toContain(`lends the Borrower ${offerText}`);
    expect(await mainText(page)).not.toContain(order.order_no);
    await screenshot(page, 'loan-confirm-offer-agreement');
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('a refused Loan Now is said on the page (390×844)', () => {
  test.each([
    ['variant 1', webRoutes.loanConfirm],
    ['variant 2', webRoutes.newLoanConfirm],
  ])(
    '%s: an application still open is refused, and the page says so until the next tap',
    async (name, path) => {
      const { page } = await openConfirmation(path);
      const agree = page.getByRole('checkbox', { name: messages.loanConfirmAgreementPrefix });
      if (!(await agree.isChecked())) await agree.check();
      const push = page.waitForResponse(
        (response) => response.request().method() === 'POST' && response.status() === 409,
      );
      await page.getByRole('button', { name: messages.loanConfirmLoanNow }).click();
      await push;
      const refusal = page.getByRole('alert').filter({ hasText: messages.loanOpenOrderExists });
      await expect.poll(() => refusal.isVisible()).toBe(true);
      // Still there after a toast would have gone (3 s, spec §9).
      await page.waitForTimeout(3_500);
      expect(await refusal.isVisible()).toBe(true);
      await screenshot(page, `loan-confirm-refused-${name.replace(' ', '-')}`);
      await expectNoAxeViolations(page, `loan confirmation (${name}), Loan Now refused`);
      expect(new URL(page.url()).pathname).toBe(path);
    },
  );
});
