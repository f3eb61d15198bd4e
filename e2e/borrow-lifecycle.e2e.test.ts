// The order lifecycle seen by the borrower (decision 0050; the payout, decision 0052):
// an order made on /loanConfirm is approved and disbursed with the lender's CLI, and the daily
// job moves it to due and overdue, as its due date nears and passes, with the domain's penalty.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { messages } from '@kwarta/contract';
import { addDays, calendarDateAt, daysBetween, formatMoney, latePenalty } from '@kwarta/domain';
import { openLive, pageErrors, screenshot, useBrowser, waitForLive } from './support/browser.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openServerStore, runScript } from './support/server-store.ts';
import { bindCard } from './support/payment-accounts.ts';
import { sessionQuery, type DemoSession } from './support/session.ts';

const baseUrl = inject('baseUrl');
const phone = useBrowser();
const { config, db, applicant } = openServerStore();
let productId: number;

beforeAll(async () => {
  // Kwarta Flex: 91 days in 3 instalments, rollover allowed, due window of the default 3 days.
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('name', '=', 'Kwarta Flex')
    .executeTakeFirstOrThrow();
  productId = product.id;
});
afterAll(() => db.destroy());

/** Loan Now on the confirmation page; resolves with the new order's id once its page is open. */
async function borrow(page: Page, session: Partial<DemoSession>): Promise<number> {
  await openLive(page, `${baseUrl}/loanConfirm?${sessionQuery(session, { productId })}`);
  await page.getByRole('button', { name: messages.loanConfirmLoanNow }).click();
  await page.waitForURL(/\/orderDetails\?/);
  await page.getByRole('heading', { name: messages.orderStatus21 }).waitFor();
  return Number(new URL(page.url()).searchParams.get('orderId'));
}

// No --operator: the operator audit names the command line and the machine's user.
const order = (orderId: number) => ['--order', String(orderId)];
const runStatusJob = () => runScript('server/src/cli/job.ts', ['order-status-daily']);
const buttonNames = async (page: Page) =>
  (await page.locator('.order-buttons button').allTextContents()).map((text) => text.trim());

async function reopen(page: Page) {
  await page.reload();
  await page.getByRole('heading', { level: 1, name: messages.orderDetailsTitle }).waitFor();
  await waitForLive(page);
}

/**
 * "Time passes" for one order: its due dates (the order's and every instalment's) move so that the
 * first falls `daysFromToday` from the lender's today. The e2e server is shared by every test, so
 * the job runs at the real time (running it as of a later day, `--as-of`, would age every order).
 */
async function dueInDays(orderId: number, daysFromToday: number): Promise<void> {
  const today = calendarDateAt(new Date(), config.lenderTimeZone);
  const lines = await db
    .selectFrom('order_plan_lines')
    .select(['seq', 'due_date'])
    .where('order_id', '=', orderId)
    .orderBy('seq')
    .execute();
  const shift = daysBetween(lines[0]!.due_date, addDays(today, daysFromToday));
  for (const line of lines) {
    await db
      .updateTable('order_plan_lines')
      .set({ due_date: addDays(line.due_date, shift) })
      .where('order_id', '=', orderId)
      .where('seq', '=', line.seq)
      .execute();
  }
  await db
    .updateTable('orders')
    .set({ due_date: addDays(today, daysFromToday) })
    .where('id', '=', orderId)
    .execute();
}

// Each CLI run starts a Node process (a few seconds on a busy machine): these tests run several.
const CLI_TEST_TIMEOUT_MS = 180_000;

describe('the order lifecycle', () => {
  test(
    'approve and disburse with the CLI → 170 Repayment; as its due date nears and passes, the job → 174 with rollover → 180 with the penalty, once a day',
    async () => {
      const session = await applicant();
      const page = await phone.newPage();
      const orderId = await borrow(page, session);
      await bindCard(session, productId, '6222021234561234');

      expect(await runScript('server/src/cli/order.ts', ['approve', ...order(orderId)])).toMatchObject({
        code: 0,
        output: expect.stringContaining('status 151'),
      });
      expect(await runScript('server/src/cli/order.ts', ['disburse', ...order(orderId)])).toMatchObject({
        code: 0,
        output: expect.stringContaining('status 170'),
      });
      await reopen(page);
      await page.getByRole('heading', { name: messages.orderStatus170 }).waitFor();
      // A first loan paid out asks for an app rating; later, not now.
      await page.getByRole('button', { name: messages.orderRateCancel }).click();
      expect(await buttonNames(page)).toEqual([messages.orderRepayment]);
      await screenshot(page, 'lifecycle-170');

      // Due in two days: inside the product's due window (3 days).
      await dueInDays(orderId, 2);
      expect((await runStatusJob()).code).toBe(0);
      await reopen(page);
      await page.getByRole('heading', { name: messages.orderStatus174 }).waitFor();
      expect(await buttonNames(page)).toEqual([messages.orderRepay, messages.orderRollover]);
      await page.getByText(messages.orderShortOfMoney).waitFor();
      await screenshot(page, 'lifecycle-174');
      await expectNoAxeViolations(page, 'order details 174 after the job');

      // Due yesterday: overdue, one day of penalty on the unpaid first instalment.
      await dueInDays(orderId, -1);
      expect((await runStatusJob()).code).toBe(0);
      const firstLine = await db
        .selectFrom('order_plan_lines')
        .select('amount')
        .where('order_id', '=', orderId)
        .where('seq', '=', 1)
        .executeTakeFirstOrThrow();
      const penalty = latePenalty({
        unpaidMinor: firstLine.amount,
        daysOverdue: 1,
        isRepeatClient: false,
        rules: config.loanRules,
      }).total;
      const penaltyLine = page.locator('.order-product__line', { hasText: messages.orderDetailPenalty });
      await reopen(page);
      await page.getByRole('heading', { name: messages.orderStatus180 }).waitFor();
      await expect.poll(() => penaltyLine.textContent()).toContain(formatMoney(penalty, config.market.money));
      await screenshot(page, 'lifecycle-180');

      // The job again the same day adds nothing.
      expect((await runStatusJob()).code).toBe(0);
      const stored = await db
        .selectFrom('orders')
        .select(['status', 'penalty_amount'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ status: 180, penalty_amount: penalty });
      await reopen(page);
      await expect.poll(() => penaltyLine.textContent()).toContain(formatMoney(penalty, config.market.money));
      expect(pageErrors(page)).toEqual([]);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  test(
    'a refused payout asks the borrower to bind another account; once bound, the disbursement pays it',
    async () => {
      const session = await applicant();
      const page = await phone.newPage();
      const orderId = await borrow(page, session);
      // The sandbox refuses payouts to account numbers ending in 0000 (a closed account).
      await bindCard(session, productId, '6222021234560000');
      expect((await runScript('server/src/cli/order.ts', ['approve', ...order(orderId)])).code).toBe(0);
      const refused = await runScript('server/src/cli/order.ts', ['disburse', ...order(orderId)]);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('**** 0000');

      await reopen(page);
      const dialog = page.getByRole('dialog', { name: messages.orderCardPopTitle });
      await dialog.waitFor();
      await dialog.getByText(messages.orderCardPopMsg).waitFor();
      await screenshot(page, 'order-details-rebind-dialog', { fullPage: false });
      await expectNoAxeViolations(page, 'order-details-rebind-dialog');
      await dialog.getByRole('button', { name: messages.orderCardPopBind }).click();
      await page.waitForURL((url) => url.pathname === '/bindBank');
      const url = new URL(page.url());
      expect(url.searchParams.get('source')).toBe('loanDetail');
      expect(url.searchParams.get('orderId')).toBe(String(orderId));
      expect(url.searchParams.get('sessionId')).toBe(session.sessionId);

      await bindCard(session, productId, '6222021234565678');
      await page.goBack();
      await page.getByRole('heading', { name: messages.orderStatus151 }).waitFor();
      await waitForLive(page);
      expect(await page.getByRole('dialog', { name: messages.orderCardPopTitle }).count()).toBe(0);

      expect(await runScript('server/src/cli/order.ts', ['disburse', ...order(orderId)])).toMatchObject({
        code: 0,
        output: expect.stringContaining('status 170'),
      });
      const attempts = await db
        .selectFrom('disbursements')
        .innerJoin('payment_accounts', 'payment_accounts.id', 'disbursements.account_id')
        .select(['disbursements.status', 'payment_accounts.account_last4'])
        .where('disbursements.order_id', '=', orderId)
        .orderBy('disbursements.id')
        .execute();
      expect(attempts).toEqual([
        { status: 'failed', account_last4: '0000' },
        { status: 'sent', account_last4: '5678' },
      ]);
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
