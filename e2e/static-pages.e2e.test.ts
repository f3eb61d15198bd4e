import { describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@kwarta/contract';
import { expectNoAxeViolations } from './support/axe.ts';
import { pageErrors, screenshot, useBrowser } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const phone = useBrowser();

/** Console errors include React's hydration mismatches, which never throw. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Hydration starts after the load event; before it, taps follow plain links (decision 0030). */
async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

describe('static pages without JavaScript (D12)', () => {
  test.each([
    ['/', 'official-site', 'Cash when you need it'],
    ['/About', 'about', 'Our mission'],
    ['/Policy', 'policy', 'Grievance officer'],
    ['/Loan', 'loan-terms', 'Late payment'],
    ['/dragonpayGuide', 'dragonpay-guide', 'Pay at a store cashier'],
  ])('%s reads complete with scripts off', async (path, name, text) => {
    const page = await phone.newPage({ javaScriptEnabled: false });
    const response = await page.goto(`${baseUrl}${path}`);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
    // Styled by the inline CSS alone: the footer has its dark band.
    const footer = await page
      .locator('footer')
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(footer).toBe('rgb(16, 42, 35)');
    await screenshot(page, `static-${name}-no-js`);
    await expectNoAxeViolations(page, `${path} without JavaScript`, { javaScriptDisabled: true });
  });
});

describe('before hydration, taps still reach the text', () => {
  test('a nav item opens the page of its own', async () => {
    const page = await phone.newPage({ javaScriptEnabled: false });
    await page.goto(`${baseUrl}/`);
    await page.getByRole('navigation').getByRole('link', { name: messages.siteNavLoan }).click();
    await page.waitForURL(`${baseUrl}/Loan`);
    expect(await page.getByRole('heading', { name: 'Late payment' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, '/Loan reached by a nav link before hydration', {
      javaScriptDisabled: true,
    });
  });
});

describe('official site /', () => {
  test('the nav switches the visible section and scrolls to it', async () => {
    const page = await phone.newPage();
    const errors = consoleErrors(page);
    await openHydrated(page, '/');
    await screenshot(page, 'official-site-home', { fullPage: false });
    await expectNoAxeViolations(page, 'official site, home section');
    const nav = page.getByRole('navigation', { name: messages.siteNavLabel });
    const loanHeading = page.getByRole('heading', { name: 'Loan terms and conditions', level: 1 });
    expect(await loanHeading.isVisible()).toBe(false);

    // From the foot of the page, a tap brings the chosen section's heading into view.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await nav.getByRole('link', { name: messages.siteNavLoan }).click();
    await expect.poll(() => loanHeading.isVisible()).toBe(true);
    // In view, and not hidden under the sticky header.
    const headingTop = () => loanHeading.evaluate((h) => h.getBoundingClientRect().top);
    const headerBottom = await page.locator('header').evaluate((h) => h.getBoundingClientRect().bottom);
    await expect.poll(headingTop).toBeGreaterThanOrEqual(headerBottom);
    expect(await headingTop()).toBeLessThan(headerBottom + 100);
    expect(await page.getByRole('heading', { name: messages.siteHomeTitle }).isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/');
    await screenshot(page, 'official-site-loan', { fullPage: false });
    await expectNoAxeViolations(page, 'official site, loan section');

    await nav.getByRole('link', { name: messages.siteNavPolicy }).click();
    const frame = page.frameLocator(`iframe[title="${messages.sitePolicyFrameTitle}"]`);
    await expect
      .poll(() => frame.getByRole('heading', { name: 'Privacy Policy', level: 1 }).isVisible())
      .toBe(true);
    await screenshot(page, 'official-site-policy', { fullPage: false });
    await expectNoAxeViolations(page, 'official site, policy section');

    await nav.getByRole('link', { name: messages.siteNavHome }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: messages.siteHomeTitle }).isVisible())
      .toBe(true);
    await expectNoAxeViolations(page, 'official site, back home');
    expect(errors).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  test("the About form says what is missing, then 'Success!', and sends nothing", async () => {
    const page = await phone.newPage();
    await openHydrated(page, '/');
    await page.getByRole('navigation').getByRole('link', { name: messages.siteNavAbout }).click();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));

    await page.getByLabel(messages.siteFormName).fill('Maria Santos');
    await page.getByLabel(messages.siteFormPhone).fill('09171234567');
    await page.getByRole('button', { name: messages.siteFormSubmit }).click();
    await expect.poll(() => page.getByText(messages.aboutFormIncomplete).first().isVisible()).toBe(true);
    await screenshot(page, 'official-site-about-incomplete', { fullPage: false });
    await expectNoAxeViolations(page, 'official site, about form incomplete');

    await page.getByLabel(messages.siteFormSuggestion).fill('Please add a Cebuano version.');
    await page.getByRole('button', { name: messages.siteFormSubmit }).click();
    await expect
      .poll(() => page.getByText(messages.aboutFormSuccess, { exact: true }).first().isVisible())
      .toBe(true);
    await screenshot(page, 'official-site-about-success', { fullPage: false });
    await expectNoAxeViolations(page, 'official site, about form sent');
    expect(requests).toEqual([]);
    expect(new URL(page.url()).search).toBe('');
  });
});

describe('Dragonpay guide', () => {
  test('tapping a step picture opens it in a popup, which closes again', async () => {
    const page = await phone.newPage();
    const errors = consoleErrors(page);
    await openHydrated(page, '/dragonpayGuide');
    await expectNoAxeViolations(page, 'Dragonpay guide');
    const thumbnail = page.getByRole('link', { name: /Pay Bills button highlighted/ }).first();
    await thumbnail.click();
    const popup = page.getByRole('dialog');
    await expect.poll(() => popup.isVisible()).toBe(true);
    expect(await popup.getByRole('img').getAttribute('src')).toBe('/site/guide-pay-bills.svg');
    expect(new URL(page.url()).pathname).toBe('/dragonpayGuide');
    await screenshot(page, 'dragonpay-guide-popup', { fullPage: false });
    await expectNoAxeViolations(page, 'Dragonpay guide, picture popup');

    await popup.getByRole('button', { name: messages.siteGuideClose }).click();
    await expect.poll(() => popup.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });
});
