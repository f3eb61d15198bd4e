import { describe, expect, inject, test } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { screenshot, useBrowser } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const phone = useBrowser();

describe('smoke', () => {
  test('the server reports itself healthy', async () => {
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  test('/testPreview opens on a phone and shows something', async () => {
    const page = await phone.newPage();
    const response = await page.goto(`${baseUrl}/testPreview`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    // Tolerant of the page's content (it is built elsewhere): only that something rendered —
    // visible text or an image — once its scripts had a moment to run.
    const rendered = (): Promise<boolean> =>
      page.evaluate(
        () =>
          document.body.innerText.trim() !== '' || document.body.querySelector('img, svg, canvas') !== null,
      );
    await expect.poll(rendered, { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'smoke-test-preview');
    await expectNoAxeViolations(page, 'smoke: test preview');
  });
  test('the axe check fails on a page that breaks a rule', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseUrl}/healthz`);
    await page.setContent(
      '<!doctype html><html lang="en"><title>t</title><main><img src="/x.png"></main></html>',
    );
    await expect(expectNoAxeViolations(page, 'planted: image without alt')).rejects.toThrow(/image-alt/);
  });

  test('the axe check of a page without JavaScript reads its HTML, not the scripted page', async () => {
    // /healthz is JSON: as HTML it has no title, no lang and no landmark, whatever scripts would add.
    const page = await phone.newPage({ javaScriptEnabled: false });
    await page.goto(`${baseUrl}/healthz`);
    await expect(
      expectNoAxeViolations(page, 'planted: JSON read as a page, scripts off', { javaScriptDisabled: true }),
    ).rejects.toThrow(/document-title|html-has-lang/);
  });
});
