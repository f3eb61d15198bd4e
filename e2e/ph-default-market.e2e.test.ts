import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { marketMessages, messages } from '@kwarta/contract';
import { PHONE, pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { captchaAnswer, expectToast, latestSmsCode, uniquePhone } from './support/promotion.ts';
import { demoSession, sessionQuery } from './support/session.ts';
import { openServerStore } from './support/server-store.ts';
import { E2E_SERVER_MODE, startTestServer, type TestServer } from './support/test-server.ts';

/**
 * What a lender trying Kwarta meets first: a server started with no MARKET runs the Philippines
 * (D5). On a phone (390×844): sign-up with a `09…` number, every text in English, amounts as
 * `₱20,000.00`, Philippine banks and e-wallets to bind.
 */
const phone = useBrowser();
let server: TestServer;
const ph = marketMessages('PH');

beforeAll(async () => {
  // No MARKET at all, and a SQLite file of its own: a first `npm start`.
  server = await startTestServer({ env: { MARKET: '', DATABASE_URL: '', REDIS_URL: '' } });
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

/** Chinese (and other CJK) characters or the spec's Indonesian, which a Filipino borrower cannot read. */
const NOT_ENGLISH = /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]|Silakan|Mohon/;

async function expectEnglishOnly(page: Page, where: string): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(text.match(NOT_ENGLISH)?.[0], `${where}: ${text}`).toBeUndefined();
}

describe('the default market is the Philippines', () => {
  test('viewport of a phone', () => {
    expect(PHONE.viewport).toEqual({ width: 390, height: 844 });
  });

  test('sign-up on the promotion page with a 09… number, in English, advertising ₱20,000.00', async () => {
    const page = await phone.newPage({ extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.201' } });
    await page.goto(`${server.baseUrl}/promotion?id=1&utm_tag=ph-default`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Cash loans up to ₱20,000.00');
    expect(await page.locator('meta[name="kw-market"]').getAttribute('content')).toBe('PH');
    await expectEnglishOnly(page, 'landing');
    await screenshot(page, 'ph-default-promotion-landing');

    const number = uniquePhone('PH');
    expect(number).toMatch(/^09\d{9}$/);
    await page.getByLabel(messages.promotionPhoneLabel).fill(number);
    // Grouped the Philippine way as it is typed.
    expect(await page.getByLabel(messages.promotionPhoneLabel).inputValue()).toBe(
      `${number.slice(0, 4)} ${number.slice(4, 7)} ${number.slice(7)}`,
    );
    await page
      .getByLabel(messages.promotionCaptchaLabel, { exact: true })
      .fill(await captchaAnswer(server.baseUrl, page));
    await page.getByRole('button', { name: messages.promotionGetCode }).click();
    await expectToast(page, ph.smsSent);
    await expectEnglishOnly(page, 'code sent');
    await screenshot(page, 'ph-default-promotion-code-sent');

    await page
      .getByLabel(messages.promotionSmsCodeLabel)
      .fill((await latestSmsCode(server.baseUrl, number))!);
    await page.getByRole('button', { name: messages.promotionApply }).click();
    await expectToast(page, ph.registered);
    await expect.poll(() => new URL(page.url()).hash).toContain('#/downloadTemplate');
    await expectEnglishOnly(page, 'registered');
    await screenshot(page, 'ph-default-promotion-registered');
    expect(pageErrors(page)).toEqual([]);
  });

  test('bind-bank offers Philippine banks and e-wallets, none of the spec’s', async () => {
    const session = await demoSession(server.baseUrl);
    const page = await phone.newPage();
    await page.goto(`${server.baseUrl}/bindBank?${sessionQuery(session, { source: 'app' })}`);
    await page.getByRole('heading', { name: messages.bankPageTitle }).waitFor();
    await expect.poll(() => page.title()).toBe(messages.bankPageTitle);
    const banks = await page.locator('#bank-bankCode option').allInnerTexts();
    expect(banks).toEqual(
      expect.arrayContaining(['BDO Unibank', 'Bank of the Philippine Islands', 'Metrobank', 'UnionBank']),
    );
    const codes = await page
      .locator('#bank-bankCode option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    for (const spec of ['ICBC', 'CCB', 'BOC', 'ABC']) expect(codes).not.toContain(spec);
    await expectEnglishOnly(page, 'bind bank');
    await screenshot(page, 'ph-default-bind-bank');

    await page.locator('#bank-cardType').selectOption('2');
    const wallets = await page.locator('#bank-walletCode option').allInnerTexts();
    expect(wallets).toEqual(expect.arrayContaining(['GCash', 'Maya']));
    await screenshot(page, 'ph-default-bind-bank-wallet');
    expect(pageErrors(page)).toEqual([]);
  });

  test('the demo borrower has a Philippine number and the loan confirmation starts unticked', async () => {
    const session = await demoSession(server.baseUrl);
    const page = await phone.newPage();
    await page.goto(`${server.baseUrl}/loanConfirm?${sessionQuery(session, { orderId: undefined })}`, {
      waitUntil: 'networkidle',
    });
    const agree = page.getByRole('checkbox', { name: messages.loanConfirmAgreementPrefix });
    expect(await agree.isChecked()).toBe(false);
    expect(await page.getByRole('button', { name: messages.loanConfirmLoanNow }).isDisabled()).toBe(true);
    // Amounts the Philippine way: comma groups, a decimal point.
    expect(await page.locator('#root').innerText()).toMatch(/₱\d{1,3}(,\d{3})*\.\d{2}/);
    expect(await page.locator('#root').innerText()).not.toMatch(/₱\d{1,3}(\.\d{3})+,\d{2}/);
    await expectEnglishOnly(page, 'loan confirmation');
    await screenshot(page, 'ph-default-loan-confirm');
    const { db } = openServerStore({ DATA_DIR: server.dataDir, ...E2E_SERVER_MODE });
    try {
      const demo = await db
        .selectFrom('orders')
        .innerJoin('borrowers', 'borrowers.id', 'orders.borrower_id')
        .select('borrowers.phone')
        .where('orders.id', '=', Number(session.orderId))
        .executeTakeFirst();
      expect(demo?.phone).toMatch(/^09\d{9}$/);
    } finally {
      await db.destroy();
    }
  });
});
