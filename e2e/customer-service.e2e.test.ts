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
    await page.goto(`${baseUrl}/customerService?${query}`);
    await waitForBridgeCall(page, 'logoutToLogin');
    expect((await bridgeCalls(page)).map((call) => call.action)).toContain('logoutToLogin');
    // No error toast on top of the log-out: the shell takes over.
    expect(await page.getByText(messages.networkError, { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page, `customer service with ${_name}`);
  });
});
