import { describe, expect, inject, test } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { openLive, pageErrors, screenshot, useBrowser } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const phone = useBrowser();

const LABELS = [
  'App version',
  'Device name',
  'Device id',
  'OS version',
  'Session id',
  'Ad id',
  'Product id',
  'Order id',
];

describe('/testPreview', () => {
  test('is prefilled with a live demo session and every field is editable', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseUrl}/testPreview`);
    const sessionId = page.getByLabel('Session id');
    await expect.poll(() => sessionId.inputValue()).not.toBe('');
    for (const label of LABELS) expect(await page.getByLabel(label, { exact: true }).isEditable()).toBe(true);
    for (const name of [
      'Confirm loan',
      'Loan detail',
      'Repay',
      'Extension',
      'Bind bank',
      'About us',
      'Complaint',
      'Customer service',
      'Privacy',
      'Repayment instruction',
    ]) {
      expect(await page.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    }
    await screenshot(page, 'test-preview');
    await expectNoAxeViolations(page, 'test preview');
    expect(pageErrors(page)).toEqual([]);
  });

  test('opens the customer-service page with the typed values as its query', async () => {
    const page = await phone.newPage();
    // Typed only once the server-rendered page is live: hydration would put back the rendered value.
    await openLive(page, `${baseUrl}/testPreview`);
    await expect.poll(() => page.getByLabel('Session id').inputValue()).not.toBe('');
    await page.getByLabel('Device name').fill('Galaxy A14');
    await page.getByLabel('Order id').fill('4242');
    const sessionId = await page.getByLabel('Session id').inputValue();

    await page.getByRole('button', { name: 'Customer service', exact: true }).click();
    await page.waitForURL(/\/customerService\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('deviceName')).toBe('Galaxy A14');
    expect(url.searchParams.get('orderId')).toBe('4242');
    expect(url.searchParams.get('sessionId')).toBe(sessionId);
    // The typed session is live: the page shows the server's values rather than logging out.
    await expect.poll(() => page.getByRole('link', { name: /@/ }).count()).toBe(1);
    await expectNoAxeViolations(page, 'customer service opened from test preview');
  });

  test('the locate button reports a position or that location is unsupported', async () => {
    const page = await phone.newPage({
      geolocation: { longitude: 121.0244, latitude: 14.5547 },
      permissions: ['geolocation'],
    });
    await openLive(page, `${baseUrl}/testPreview`);
    await page.getByRole('button', { name: 'Locate' }).click();
    await expect
      .poll(() => page.locator('output').textContent())
      .toBe('Longitude: 121.0244, Latitude: 14.5547');
    await expectNoAxeViolations(page, 'test preview with a position');
  });

  test('the photo picker previews the chosen photo', async () => {
    const page = await phone.newPage();
    // The picker's change handler exists once the page is live (the content paints before).
    await openLive(page, `${baseUrl}/testPreview`);
    // A 1×1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.getByLabel('Photo').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.getByRole('img', { name: 'Chosen photo' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('receipt.png').isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'test preview with a chosen photo');
  });
});
