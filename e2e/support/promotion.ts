// The promotion funnel's test helpers: the captcha answer and the SMS code come from the
// development endpoints (/dev/captcha, /dev/sms-outbox), as a tester would read them.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The sid in the captcha image's address. */
export async function captchaSid(page: Page): Promise<string> {
  const image = page.getByRole('button', { name: /Image code/ }).locator('img');
  await image.waitFor();
  const src = (await image.getAttribute('src')) ?? '';
  const sid = new URL(src, 'http://x').searchParams.get('sid');
  if (!sid) throw new Error(`e2e: no sid in captcha src ${src}`);
  return sid;
}

/** The answer of the captcha image the page shows now (waits until the image has loaded). */
export async function captchaAnswer(baseUrl: string, page: Page): Promise<string> {
  await page.waitForFunction(() => {
    const image = document.querySelector<HTMLImageElement>('.promo-captcha img');
    return image !== null && image.complete && image.naturalWidth > 0;
  });
  const sid = await captchaSid(page);
  const response = await fetch(`${baseUrl}/dev/captcha?sid=${sid}`);
  const body = (await response.json()) as { answer?: string };
  if (!body.answer) throw new Error(`e2e: no captcha answer for ${sid}`);
  return body.answer;
}

/** The 6-digit code of the newest SMS the outbox holds for a phone, or null. */
export async function latestSmsCode(baseUrl: string, phone: string): Promise<string | null> {
  const response = await fetch(`${baseUrl}/dev/sms-outbox?phone=${phone}`);
  const body = (await response.json()) as { messages: { text: string }[] };
  return body.messages[0]?.text.match(/\b\d{6}\b/)?.[0] ?? null;
}

/** Waits until the visible toast shows exactly `text`. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.locator('.kw-toast').allInnerTexts(), { timeout: 10_000 }).toContain(text);
}

/**
 * A phone number no other test run has used, of the spec's market (the run's shared server) or
 * of the Philippines (`09` + 9 digits, the default market).
 */
export function uniquePhone(market: 'spec' | 'PH' = 'spec'): string {
  return `${market === 'PH' ? '09' : '13'}${String(Date.now()).slice(-8)}${Math.floor(Math.random() * 10)}`;
}
