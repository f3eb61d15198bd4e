import { describe, expect, inject, test } from 'vitest';
import { messages } from '@kwarta/contract';
import {
  bridgeCalls,
  openLive,
  pageErrors,
  screenshot,
  useBrowser,
  waitForBridgeCall,
} from './support/browser.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { demoSession, sessionQuery } from './support/session.ts';

const baseUrl = inject('baseUrl');
const phone = useBrowser();

async function serverContacts(session: Record<string, string>) {
  const response = await fetch(`${baseUrl}/v3/personal-center/contact-kf-info?${sessionQuery(session)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'overall=30',
  });
  const body = (await response.json()) as { kwd: { email: string; smWa: string } };
  return body.kwd;
}

describe('customer service page', () => {
  test("shows the server's telephone/WhatsApp and email, the email as a mail link", async () => {
    const session = await demoSession(baseUrl);
    const expected = await serverContacts({ ...session });
    const page = await phone.newPage();
    await openLive(page, `${baseUrl}/customerService?${sessionQuery(session)}`);

    await expect.poll(() => page.getByRole('button', { name: expected.smWa }).isVisible()).toBe(true);
    const mail = page.getByRole('link', { name: expected.email });
    expect(await mail.getAttribute('href')).toBe(`mailto:${expected.email}`);
    await screenshot(page, 'customer-service');
    await expectNoAxeViolations(page, 'customer service');

    await page.getByRole('button', { name: expected.smWa }).click();
    const call = await waitForBridgeCall(page, 'callPhone');
    expect(call.payload).toMatchObject({ phone: expected.smWa });
    expect(pageErrors(page)).toEqual([]);
  });

  test('the complaint entry goes to /complainPage with the session query', async () => {
    const session = await demoSession(baseUrl);
    const page = await phone.newPage();
    await page.goto(`${baseUrl}/customerService?${sessionQuery(session)}`);
    const entry = page.getByRole('link', { name: /Complaints/ });
    const href = new URL((await entry.getAttribute('href')) ?? '', baseUrl);
    expect(href.pathname).toBe('/complainPage');
    await expectNoAxeViolations(page, 'customer service, complaint entry');
    for (const field of ['appVersion', 'deviceName', 'deviceId', 'osVersion', 'sessionId', 'adId'] as const) {
      expect(href.searchParams.get(field)).toBe(session[field]);
    }
  });

  test.each([
    ['a missing session', ''],
    ['an unknown session', 'sessionId=forged-or-expired'],
  ])('%s sends the borrower to the native login through the bridge', async (_name, query) => {
    const page = await phone.newPage();
    // An iOS shell that takes logoutToLogin (and keeps the page, for the recorder to be read).
    await page.addInitScript(() => {
      (window as unknown as { webkit: unknown }).webkit = {
        messageHandlers: { logoutToLogin: { postMessage: () => undefined } },
      };
    });
    await page.goto(`${baseUrl}/customerService?${query}`);
    await waitForBridgeCall(page, 'logoutToLogin');
    expect((await bridgeCalls(page)).map((call) => call.action)).toContain('logoutToLogin');
    // No error toast on top of the log-out: the shell takes over.
    expect(await page.getByText(messages.networkError, { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page, `customer service with ${_name}`);
  });

  test("outside the app (a reminder's link in a phone's browser) the official site says to open the app at that page", async () => {
    const page = await phone.newPage();
    await page.goto(`${baseUrl}/repay?productId=1&orderId=7&sessionId=forged-or-expired`);
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.has('openApp'));
    const notice = page.getByRole('status').filter({ hasText: 'Continue in the Kwarta app' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    const link = await notice.getByRole('link', { name: 'Open the Kwarta app' }).getAttribute('href');
    expect(link).toBe(`kwarta://open?url=${encodeURIComponent(`${baseUrl}/repay?productId=1&orderId=7`)}`);
    await screenshot(page, 'official-site-open-app', { fullPage: false });
    await expectNoAxeViolations(page, 'official site, open the app');
  });
});
