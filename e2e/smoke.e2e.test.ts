import { describe, expect, inject, test } from 'vitest';
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
  });
});
