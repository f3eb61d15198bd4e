import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages } from '@kwarta/contract';
import { loadConfig } from '../server/src/config.ts';
import { createDatabase } from '../server/src/db/database.ts';
import { DEMO_PHONES } from '../server/src/db/seed.ts';
import { createSession } from '../server/src/features/sessions/session-repository.ts';
import { acknowledgeRegistrationPolicy } from './support/server-store.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { E2E_SERVER_MODE, startTestServer, type TestServer } from './support/test-server.ts';

/**
 * A borrower the credit model declined (decision 0109) reads the reasons on the order page and
 * asks a person to review the decision, on a phone and on a desktop. Its own server decides at
 * push (CREDIT_DECISIONS=auto), so the demo's declined applicant, Pedro, is there.
 */
const browser = useBrowser();
let server: TestServer;
const env = { MARKET: '', DATABASE_URL: '', REDIS_URL: '', CREDIT_DECISIONS: 'auto' };

beforeAll(async () => {
  server = await startTestServer({ env });
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

/** A fresh session of the demo's declined applicant, and the address of his order page. */
async function declinedOrderPage(): Promise<string> {
  const config = loadConfig({ ...E2E_SERVER_MODE, ...env, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' });
  const { db } = createDatabase(config);
  try {
    const phone = DEMO_PHONES.PH.slice(0, -3) + '902';
    const borrower = await db
      .selectFrom('borrowers')
      .select('id')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    const order = await db
      .selectFrom('orders')
      .select(['id', 'product_id', 'status'])
      .where('borrower_id', '=', borrower.id)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe(110);
    const sessionId = await createSession(db, {
      borrowerId: borrower.id,
      now: new Date(),
      policy: config.session,
    });
    // He registered before this policy version: acknowledged, his page opens without the prompt.
    await acknowledgeRegistrationPolicy(sessionId, server.baseUrl);
    const query = new URLSearchParams({
      sessionId,
      productId: String(order.product_id),
      orderId: String(order.id),
    });
    return `${server.baseUrl}/orderDetails?${query}`;
  } finally {
    await db.destroy();
  }
}

describe('a declined borrower asks for a human review', () => {
  test.each([
    ['phone', {}],
    ['desktop', { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false }],
  ] as const)('on a %s: reads the reasons, asks once, and the page remembers', async (device, options) => {
    const url = await declinedOrderPage();
    const page = await browser.newPage(options);
    await page.goto(url);
    await expect
      .poll(() => page.locator('body').innerText())
      .toContain(
        `We cannot offer you this loan right now because: ${messages['creditReason.amount_above_limit']}`,
      );
    // The review is asked once per order: the desktop run finds the phone's request already made.
    if (device === 'phone')
      await expect
        .poll(() => page.getByRole('status').first().innerText())
        .toBe(messages.creditAutomatedNote);
    await expectNoAxeViolations(page, `credit review (${device})`);
    await screenshot(page, `credit-review-${device}`);

    const button = page.getByRole('button', { name: messages.creditReviewAsk });
    if (device === 'phone') {
      await button.click();
      await expect
        .poll(() => page.locator('.order-review').innerText())
        .toContain(messages.creditReviewAsked);
      expect(await button.count()).toBe(0);
      await expectNoAxeViolations(page, `credit review asked (${device})`);
    }
    await page.reload();
    await expect
      .poll(() => page.locator('.order-review').innerText())
      .toMatch(
        /^You asked for a review on \d{4}-\d{2}-\d{2}\. A person from our credit team will look at it\.$/,
      );
    expect(await button.count()).toBe(0);
    await screenshot(page, `credit-review-asked-${device}`);
    expect(pageErrors(page)).toEqual([]);
  });
});
