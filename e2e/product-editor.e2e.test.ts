import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@kwarta/contract';
import { expectNoAxeViolations } from './support/axe.ts';
import { pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { useDeskServer } from './support/desk-server.ts';
import { acknowledgeRegistrationPolicy } from './support/server-store.ts';
import { sessionQuery } from './support/session.ts';

/**
 * The product editor at a desk (1440×900, decision 0115), on a server of its own in the default
 * market (pesos, the PH caps) with the default ₱50,000 product_change threshold and no cache of
 * the lender's products, so a borrower's page shows a change at once: an admin creates a product
 * in pesos, percent and days with a fee by name, and can save it only once the preview complies;
 * a borrower on a phone sees it, then sees it as Coming soon while it is paused; an edit that lets
 * it lend ₱80,000 waits for a second admin; retired, no borrower sees it.
 */
const browser = useBrowser();
const desk = useDeskServer(browser, {
  MARKET: '',
  DATABASE_URL: '',
  REDIS_URL: '',
  LENDER_DATA_CACHE_MS: '0',
});
const stamp = Date.now();
const maker = `e2e-product-maker-${stamp}`;
const checker = `e2e-product-checker-${stamp}`;
const name = 'Kwarta Sari-sari';

describe('the product editor', () => {
  test('create with a preview, pause and resume as a borrower sees it, an edit above the threshold approved, retire', async () => {
    const admin = await desk.signIn(maker, 'admin');
    await admin.goto(`${desk.baseUrl}/console#/products`);
    await admin.getByRole('button', { name: 'New product' }).click();
    const form = admin.getByRole('form', { name: 'New product' });
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Smallest amount (₱)').fill('1,000.00');
    await form.getByLabel('Largest amount (₱)').fill('20,000');
    await form.getByLabel('Term (days)').fill('91');
    await form.getByLabel('Instalments', { exact: true }).fill('3');
    await form.getByLabel('Interest (%)').fill('0.5');
    await form.getByLabel('Interest per').selectOption('day');
    await form.getByLabel('Fee 1 name').fill('Processing fee');
    await form.getByLabel('Fee 1 (% of the amount)').fill('2');
    await form.getByLabel('Fee 1 fixed (₱)').fill('50.00');
    const create = form.getByRole('button', { name: 'Create product' });
    expect(await create.isDisabled()).toBe(true);

    // 0.5% a day breaks the PH interest cap: the verdict says so and Save stays off.
    await form.getByRole('button', { name: 'Preview plans' }).click();
    const preview = form.getByRole('region', { name: 'Preview' });
    await preview
      .getByRole('alert')
      .getByText(/^Refused:/)
      .waitFor();
    expect(await create.isDisabled()).toBe(true);
    await screenshot(admin, 'console-product-editor-refused', { fullPage: true });

    // Within the caps: both plans with their fee, total and EIR; Save comes on.
    await form.getByLabel('Interest (%)').fill('0.15');
    await preview.waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Preview plans' }).click();
    await preview.getByText(/^Complies with every cap: /).waitFor();
    const captions = await preview.locator('caption').allTextContents();
    expect(captions).toHaveLength(2);
    expect(captions[0]).toMatch(/^₱1,000\.00 over 91 days: .*Processing fee ₱70\.00.*EIR [\d.]+% a month/);
    expect(captions[1]).toMatch(/^₱20,000\.00 over 91 days: .*Processing fee ₱450\.00/);
    expect(await create.isEnabled()).toBe(true);
    await expectNoAxeViolations(admin, 'console product editor, preview');
    await screenshot(admin, 'console-product-editor-preview', { fullPage: true });
    await create.click();
    await admin.getByText(`${name}: saved.`).waitFor();
    const row = admin.getByRole('row').filter({ hasText: name });
    await row.getByRole('cell', { name: 'On offer' }).waitFor();
    await row.getByText('₱1,000.00 – ₱20,000.00').waitFor();

    // A borrower's page lists it; paused, it reads Coming soon and cannot be taken.
    const order = await desk.repayingOrder();
    await acknowledgeRegistrationPolicy(order.session.sessionId, desk.baseUrl);
    const phone = await browser.newPage();
    const offer = async (button: string) => {
      await phone.goto(
        `${desk.baseUrl}/jointLoginError?${sessionQuery(
          {
            sessionId: order.session.sessionId,
            appVersion: '1.0.0',
            deviceName: 'e2e',
            deviceId: 'e2e-products',
            osVersion: '14',
            adId: '',
          },
          { productId: order.productId },
        )}`,
      );
      await phone.getByRole('heading', { name: messages.orderRecommended }).waitFor();
      return phone.getByRole('button', { name: `${button} ${name}` });
    };
    await (await offer(messages.productApplyButton)).waitFor();

    await stateChange(admin, 'Pause', /Coming soon/);
    const soon = await offer(messages.productComingSoonButton);
    expect(await soon.getAttribute('aria-disabled')).toBe('true');
    await expectNoAxeViolations(phone, 'borrower products, one coming soon');
    await screenshot(phone, 'borrower-product-coming-soon', { fullPage: true });
    await stateChange(admin, 'Resume', /On offer/);
    expect(await (await offer(messages.productApplyButton)).getAttribute('aria-disabled')).toBe('false');

    // Up to ₱80,000: above the ₱50,000 threshold, it waits for a second admin.
    await admin.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = admin.getByRole('form', { name: `Edit ${name}` });
    await edit.getByLabel('Largest amount (₱)').fill('80,000');
    await edit.getByRole('button', { name: 'Preview plans' }).click();
    await edit
      .getByRole('region', { name: 'Preview' })
      .getByText(/^Complies/)
      .waitFor();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    const waits = await admin.getByText(new RegExp(`^${name}: proposed as request \\d+`)).innerText();
    const requestId = /request (\d+)/.exec(waits)![1]!;
    await row.getByText('₱1,000.00 – ₱20,000.00').waitFor();
    await screenshot(admin, 'console-products-proposed', { fullPage: true });

    const second = await desk.signIn(checker, 'admin');
    await second.goto(`${desk.baseUrl}/console#/approvals`);
    await second.getByRole('button', { name: `Approve request ${requestId}` }).click();
    const approval = second.getByRole('dialog', { name: 'Confirm the approval' });
    await approval.getByText(/borrowers may borrow up to ₱80,000\.00/).waitFor();
    await expectNoAxeViolations(second, 'console product change approval');
    await screenshot(second, 'console-product-change-approval', { fullPage: false });
    await approval.getByRole('button', { name: 'Approve and apply' }).click();
    await second.getByText(`Request ${requestId} approved and applied.`).waitFor();
    await admin.reload();
    await row.getByText('₱1,000.00 – ₱80,000.00').waitFor();

    // Retired: listed to no borrower, and the console offers nothing more to do with it.
    await stateChange(admin, 'Retire', /Retired/);
    expect(await row.getByRole('button').count()).toBe(0);
    await expectNoAxeViolations(admin, 'console products, one retired');
    await screenshot(admin, 'console-products-retired', { fullPage: true });
    await offer(messages.productApplyButton);
    await phone.locator('.rec-product').first().waitFor();
    expect(await phone.getByText(name).count()).toBe(0);

    expect(pageErrors(admin)).toEqual([]);
    expect(pageErrors(second)).toEqual([]);
    expect(pageErrors(phone)).toEqual([]);
  }, 120_000);
});

/** Pauses, resumes or retires the product through its confirmation, which says what it does. */
async function stateChange(admin: Page, label: 'Pause' | 'Resume' | 'Retire', state: RegExp) {
  await admin.getByRole('button', { name: `${label} ${name}` }).click();
  const dialog = admin.getByRole('dialog', { name: `${label} ${name}` });
  await dialog.getByText(effects[label]).waitFor();
  await dialog.getByRole('button', { name: `${label} product` }).click();
  await admin.getByText(`${name}: ${done[label]}.`).waitFor();
  await admin.getByRole('row').filter({ hasText: name }).getByRole('cell', { name: state }).waitFor();
}

const done = { Pause: 'paused', Resume: 'resumed', Retire: 'retired' } as const;
const effects = { Pause: /as Coming soon/, Resume: /take it again/, Retire: /cannot be undone/ } as const;
