import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { Limits, fillMessage, marketFor, messages, routes } from '@kwarta/contract';
import { formatMoney } from '@kwarta/domain';
import { expectNoAxeViolations } from './support/axe.ts';
import { openLive, pageErrors, screenshot, useBrowser, waitForLive } from './support/browser.ts';
import { expectToast, latestSmsCode } from './support/promotion.ts';
import { sessionQuery, type DemoSession } from './support/session.ts';
import { acknowledgeRegistrationPolicy } from './support/server-store.ts';

const baseUrl = inject('baseUrl');
const serverStore = inject('serverStore');
const phone = useBrowser();
const run = promisify(execFile);

interface Borrower {
  sessionId: string;
  orderId: number;
  productId: number;
  phone: string;
  orderNo: string;
  lineAmount: number;
}

let visitor = 0;

/** A borrower of the test's own with a 2-instalment order in 170 (the demo borrower's orders are other files'). */
async function newBorrower(): Promise<Borrower & { query: Partial<DemoSession> }> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...serverStore, LOG_LEVEL: 'silent' };
  if (!serverStore.DATABASE_URL) delete env.DATABASE_URL;
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'e2e/support/repayable-order.ts', 'create', '170', '2'],
    { env },
  );
  const borrower = JSON.parse(stdout) as Borrower;
  await acknowledgeRegistrationPolicy(borrower.sessionId);
  return {
    ...borrower,
    query: {
      sessionId: borrower.sessionId,
      deviceId: `legacy-e2e-${borrower.orderId}`,
      productId: String(borrower.productId),
      orderId: String(borrower.orderId),
    },
  };
}

async function api<T>(query: Partial<DemoSession>, path: string, body: Record<string, string>): Promise<T> {
  const response = await fetch(`${baseUrl}${path}?${sessionQuery(query)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  return ((await response.json()) as { kwd: T }).kwd;
}

async function bindCard(borrower: Awaited<ReturnType<typeof newBorrower>>, cardNo: string, bankCode: string) {
  await api(borrower.query, '/v3/bind-card/bind-card-new', {
    product_id: String(borrower.productId),
    cardType: '1',
    channel: '90006',
    holderName: 'Juan Dela Cruz',
    bankCode,
    cardNo,
  });
}

async function openCarpmm(query: Partial<DemoSession>, amount: number): Promise<Page> {
  visitor += 1;
  // Its own address: the SMS limits per address (D9) are not shared with other files' visitors.
  const page = await phone.newPage({ extraHTTPHeaders: { 'X-Forwarded-For': `203.0.113.${visitor}` } });
  await openLive(
    page,
    `${baseUrl}/carpmm?${sessionQuery(query, { requestType: 1, amount, payCode: 'PC1' })}`,
  );
  return page;
}

const dialog = (page: Page) => page.getByRole('dialog', { name: messages.legacySmsTitle });
const payButton = (page: Page) => page.getByRole('button', { name: messages.legacyPay, exact: true });

describe('/carpmm (legacy bank-card repayment)', () => {
  test('card required, SMS dialog and countdown, 800006, 800005, success to order details', async () => {
    const borrower = await newBorrower();
    await bindCard(borrower, '6222021234567890123', 'ICBC');
    await bindCard(borrower, '6222029999888877776', 'BOC');
    const page = await openCarpmm(borrower.query, borrower.lineAmount);

    // The server's figure and the accounts, masked; no card chosen (index -1).
    await page.getByText(borrower.orderNo).waitFor();
    await page.getByText('**** 0123').waitFor();
    expect(
      await page
        .getByRole('radio')
        .evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).checked)),
    ).toEqual([false, false]);
    expect(await page.content()).not.toContain('6222021234567890123');
    await screenshot(page, 'carpmm');
    await expectNoAxeViolations(page, 'carpmm, no card chosen');

    await payButton(page).click();
    await expectToast(page, messages.legacyChooseCard);
    await expectNoAxeViolations(page, 'carpmm, card required toast');
    await screenshot(page, 'carpmm-card-required', { fullPage: false });

    // Pay → the code is sent and the dialog counts down from 60 s.
    await page.getByRole('radio', { name: /0123/ }).check();
    await payButton(page).click();
    await dialog(page).waitFor();
    await expectToast(page, messages.smsSent);
    const resend = dialog(page).getByRole('button', { name: /Resend/ });
    const label = () => resend.innerText();
    expect([
      fillMessage(messages.legacySmsResendIn, { seconds: Limits.smsResendCountdownSeconds }),
      fillMessage(messages.legacySmsResendIn, { seconds: Limits.smsResendCountdownSeconds - 1 }),
    ]).toContain(await label());
    expect(await resend.isDisabled()).toBe(true);
    // It ticks down once a second (the whole 60 s and the constant: web/test/lib/use-countdown.test.ts).
    await expect
      .poll(label, { timeout: 5_000 })
      .toBe(fillMessage(messages.legacySmsResendIn, { seconds: Limits.smsResendCountdownSeconds - 2 }));
    await screenshot(page, 'carpmm-sms-dialog', { fullPage: false });
    await expectNoAxeViolations(page, 'carpmm, SMS dialog counting down');

    const code = await latestSmsCode(baseUrl, borrower.phone);
    expect(code).toMatch(/^\d{6}$/);
    const input = dialog(page).getByLabel(messages.legacySmsCode);
    const confirm = dialog(page).getByRole('button', { name: messages.legacySmsConfirm });

    await input.fill('12345');
    await confirm.click();
    await expectToast(page, messages.legacySmsCodeInvalid);

    await input.fill(code === '000000' ? '111111' : '000000');
    await confirm.click();
    await expectToast(page, messages.legacyWrongSmsCode);
    await expectNoAxeViolations(page, 'carpmm, wrong code (800006)');
    await screenshot(page, 'carpmm-800006', { fullPage: false });

    // Cancel resets the countdown: Pay again reopens this repayment's dialog, ready to resend.
    await dialog(page).getByRole('button', { name: messages.legacySmsCancel }).click();
    await dialog(page).waitFor({ state: 'hidden' });
    await payButton(page).click();
    await dialog(page).waitFor();
    expect(await label()).toBe(messages.legacySmsResend);
    expect(await resend.isDisabled()).toBe(false);
    await dialog(page).getByRole('button', { name: messages.legacySmsCancel }).click();

    // Another card is another commit of the same repayment (the page's repayToken): 800005.
    await page.getByRole('radio', { name: /7776/ }).check();
    await payButton(page).click();
    await expectToast(page, messages.legacyDuplicatePayment);
    expect(await dialog(page).isVisible()).toBe(false);
    await expectNoAxeViolations(page, 'carpmm, repeated commit (800005)');
    await screenshot(page, 'carpmm-800005', { fullPage: false });

    // Back to the committed card: the right code pays and leads to order details.
    await page.getByRole('radio', { name: /0123/ }).check();
    await payButton(page).click();
    await dialog(page).waitFor();
    await input.fill(code!);
    await confirm.click();
    await page.waitForURL(/\/orderDetails\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('orderId')).toBe(String(borrower.orderId));
    expect(url.searchParams.get('productId')).toBe(String(borrower.productId));
    expect(url.searchParams.get('sessionId')).toBe(borrower.sessionId);
    await page.getByRole('heading', { name: messages.orderDetailsTitle }).waitFor();
    await screenshot(page, 'carpmm-paid-order-details');
    expect(pageErrors(page)).toEqual([]);

    // Posted once: the first instalment is paid, the order still repaying.
    const details = await api<{
      orderStatus: number;
      userOrderDetail: { detail: { text: string; value: string }[] };
    }>(borrower.query, '/v3/loan-details/loan-details', {
      productId: String(borrower.productId),
      orderId: String(borrower.orderId),
    });
    expect(details.orderStatus).toBe(170);
    const paid = details.userOrderDetail.detail.find((line) => line.text === messages.orderDetailPaid);
    // The run's shared server plays the spec's market (e2e/support/test-server.ts, E2E_SPEC_MARKET).
    expect(paid?.value).toBe(formatMoney(borrower.lineAmount, marketFor('spec').money));
  });

  test('a verified card (paid from before with an SMS code): /repay links /carpmm, Pay goes straight to order details', async () => {
    const borrower = await newBorrower();
    await bindCard(borrower, '6222021234567890123', 'ICBC');
    visitor += 1;
    const headers = {
      'content-type': 'application/x-www-form-urlencoded',
      'X-Forwarded-For': `203.0.113.${visitor}`,
    };
    const post = async <T>(path: string, body: Record<string, string>) => {
      const response = await fetch(`${baseUrl}${path}?${sessionQuery(borrower.query)}`, {
        method: 'POST',
        headers,
        body: new URLSearchParams(body).toString(),
      });
      return ((await response.json()) as { kwd: T }).kwd;
    };
    // The first debit from the card is confirmed with an SMS code (a part payment of 10.00).
    const orderId = String(borrower.orderId);
    const way = await post<{ repayToken: string; bankCards: { id: number }[] }>(routes.repaymentWay.path, {
      orderId,
      amount: '1000',
    });
    const cardId = String(way.bankCards[0]!.id);
    const first = await post<{ needValid: number; repayRecordId: number }>(routes.repaymentCommit.path, {
      orderId,
      repayToken: way.repayToken,
      cardId,
      amount: '1000',
      sendMsg: '0',
    });
    expect(first.needValid).toBe(1);
    const code = await latestSmsCode(baseUrl, borrower.phone);
    await post(routes.repaymentConfirm.path, {
      orderId,
      verifyCode: code!,
      repaymentRecordId: String(first.repayRecordId),
    });

    // From the repayment page: its card link carries requestType=1, the amount and the pay code.
    const page = await phone.newPage({ extraHTTPHeaders: { 'X-Forwarded-For': `203.0.113.${visitor}` } });
    await openLive(page, `${baseUrl}/repay?${sessionQuery(borrower.query)}`);
    await page.getByRole('link', { name: messages.repayWithCard }).click();
    await page.waitForURL(/\/carpmm\?/);
    const link = new URL(page.url());
    expect(link.searchParams.get('requestType')).toBe('1');
    expect(Number(link.searchParams.get('amount'))).toBe(borrower.lineAmount - 1000);
    expect(link.searchParams.has('payCode')).toBe(true);
    await waitForLive(page);
    await page.getByRole('radio', { name: /0123/ }).check();
    await screenshot(page, 'carpmm-verified-card');
    await payButton(page).click();
    await page.waitForURL(/\/orderDetails\?/);
    expect(await dialog(page).count()).toBe(0);
    await page.getByRole('heading', { name: messages.orderDetailsTitle }).waitFor();
    expect(pageErrors(page)).toEqual([]);

    // Paid at the commit: the first instalment is paid in full, no second code was sent.
    expect(await latestSmsCode(baseUrl, borrower.phone)).toBe(code);
    const details = await api<{ userOrderDetail: { detail: { text: string; value: string }[] } }>(
      borrower.query,
      '/v3/loan-details/loan-details',
      { productId: String(borrower.productId), orderId },
    );
    const paid = details.userOrderDetail.detail.find((line) => line.text === messages.orderDetailPaid);
    expect(paid?.value).toBe(formatMoney(borrower.lineAmount, marketFor('spec').money));
  });

  test("another borrower's order renders exactly like a missing one", async () => {
    const mine = await newBorrower();
    const other = await newBorrower();
    await bindCard(mine, '6222021234567890123', 'ICBC');
    const foreign = await openCarpmm({ ...mine.query, orderId: String(other.orderId) }, 1000);
    const missing = await openCarpmm({ ...mine.query, orderId: '987654' }, 1000);
    for (const page of [foreign, missing]) {
      await expectToast(page, messages.legacyCardListFailed);
      await page.getByRole('button', { name: messages.complaintTryAgain }).waitFor();
    }
    const text = (page: Page) => page.locator('main').innerText();
    expect(await text(foreign)).toBe(await text(missing));
    expect(await foreign.content()).not.toContain(other.orderNo);
    await expectNoAxeViolations(foreign, 'carpmm, foreign order');
    await screenshot(foreign, 'carpmm-foreign-order', { fullPage: false });
  });
});
