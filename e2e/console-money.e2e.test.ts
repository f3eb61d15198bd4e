import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { useDeskServer } from './support/desk-server.ts';
import { formatMoney } from '@kwarta/domain';

/**
 * The back office's money actions at a desk (1440×900, decision 0110), on a server of its own
 * whose manual-repayment threshold is ₱1,000: finance posts a bank deposit above it against an
 * overdue order, which waits until a second finance operator approves it in the queue (its
 * proposer cannot); the deposit reversed through its dialog, the penalty waived; a standard
 * report's CSV.
 */
const browser = useBrowser();
const desk = useDeskServer(browser, {
  MARKET: '',
  DATABASE_URL: '',
  REDIS_URL: '',
  APPROVAL_THRESHOLDS: '{"manual_repayment":100000,"reversal":1000000,"waiver":1000000}',
});
const stamp = Date.now();
const maker = `e2e-maker-${stamp}`;
const checker = `e2e-checker-${stamp}`;

describe('money actions in the console', () => {
  test('a deposit above the threshold waits for a second person, then is reversed; a penalty waived; a report CSV', async () => {
    const order = await desk.overdueOrder();
    expect(order.penalty).toBeGreaterThan(0);
    const peso = (centavos: number) => formatMoney(centavos, order.config.market.money);
    const owedAtFirst = 10_500_000 + order.penalty;
    const first = await desk.signIn(maker, 'finance');
    await first.goto(`${desk.baseUrl}/console#/order/${order.orderId}`);
    const actions = first.getByRole('region', { name: 'Money actions' });
    await actions.getByText(`Owed now: ${peso(owedAtFirst)} (penalty ${peso(order.penalty)}`).waitFor();

    // A bank deposit above its ₱1,000 threshold: stated in the dialog, proposed, nothing applied yet.
    await actions.getByLabel('Amount received (₱)').fill('1500');
    await actions.getByLabel('Reference on the slip').fill(`BDO-${stamp}`);
    await actions.getByRole('button', { name: 'Post a manual repayment…' }).click();
    const deposit = first.getByRole('dialog', { name: 'Confirm the manual repayment' });
    await deposit.getByText(/₱1,500\.00 received by bank deposit/).waitFor();
    await deposit
      .getByText(`goes from ${peso(owedAtFirst)} to ${peso(owedAtFirst - 150_000)}`, { exact: false })
      .waitFor();
    await deposit.getByText(/waits for a second person to approve it/).waitFor();
    await expectNoAxeViolations(first, 'console manual repayment dialog');
    await screenshot(first, 'console-money-deposit-dialog', { fullPage: false });
    await deposit.getByRole('button', { name: 'Post repayment' }).click();
    const waits = await first
      .getByText(/^Waiting for a second person's approval \(request \d+\)/)
      .innerText();
    const requestId = /request (\d+)/.exec(waits)![1]!;
    await actions.getByText(`Owed now: ${peso(owedAtFirst)}`).waitFor();

    // The proposer sees it waiting in the queue, with no way to approve it.
    await first.goto(`${desk.baseUrl}/console#/approvals`);
    await first.getByRole('link', { name: /Approvals · 1 waiting/ }).waitFor();
    const mine = first.getByRole('row').filter({ hasText: `${maker} (you)` });
    await mine.getByText(/bank deposit on .*, reference BDO-/).waitFor();
    await mine.getByRole('button', { name: `Withdraw request ${requestId}` }).waitFor();
    expect(await first.getByRole('button', { name: `Approve request ${requestId}` }).count()).toBe(0);
    await expectNoAxeViolations(first, 'console approvals queue, own request');

    // A second finance operator approves it through the confirmation: the deposit is applied.
    const second = await desk.signIn(checker, 'finance');
    await second.goto(`${desk.baseUrl}/console#/approvals`);
    await second.getByRole('link', { name: /Approvals · 1 waiting/ }).waitFor();
    await second.getByRole('button', { name: `Approve request ${requestId}` }).click();
    const approval = second.getByRole('dialog', { name: 'Confirm the approval' });
    await approval.getByText(/₱1,500\.00 received outside a provider is applied to order/).waitFor();
    await expectNoAxeViolations(second, 'console approval dialog');
    await screenshot(second, 'console-approvals-dialog', { fullPage: false });
    await approval.getByRole('button', { name: 'Approve and apply' }).click();
    await second.getByText(`Request ${requestId} approved and applied.`).waitFor();
    await second.getByText('Nothing waits for approval.').waitFor();
    await second
      .getByRole('table', { name: 'Decided, newest first' })
      .getByRole('row')
      .filter({ hasText: checker })
      .waitFor();

    // The deposit is on the order; it is reversed through its dialog (below the reversal threshold).
    await first.goto(`${desk.baseUrl}/console#/order/${order.orderId}`);
    await actions.getByText(`Owed now: ${peso(owedAtFirst - 150_000)}`).waitFor();
    const payments = first.getByRole('table', { name: 'Payments' });
    await payments.getByRole('button', { name: /^Reverse payment \d+$/ }).click();
    const reversal = first.getByRole('dialog', { name: 'Confirm the reversal' });
    await reversal.getByText(/₱1,500\.00 paid .* will be taken back/).waitFor();
    const reverse = reversal.getByRole('button', { name: 'Reverse payment' });
    expect(await reverse.isDisabled()).toBe(true);
    await reversal.getByLabel(/^Reason/).fill('Deposit slip belonged to another loan');
    await expectNoAxeViolations(first, 'console reversal dialog');
    await reverse.click();
    await first.getByText(/^Payment \d+ reversed: order .* owes it again\./).waitFor();
    await actions.getByText(`Owed now: ${peso(owedAtFirst)}`).waitFor();

    // The whole penalty waived with a reason: the order owes its instalment only.
    await actions.getByRole('combobox', { name: /^What/ }).selectOption('penalty');
    await actions.getByLabel('All of it').check();
    await actions.getByLabel('Reason', { exact: true }).fill('Goodwill after a billing complaint');
    await actions.getByRole('button', { name: 'Waive…' }).click();
    const waiver = first.getByRole('dialog', { name: 'Confirm the waiver' });
    await waiver.getByText(`${peso(order.penalty)} of penalty will be waived`, { exact: false }).waitFor();
    await expectNoAxeViolations(first, 'console waiver dialog');
    await waiver.getByRole('button', { name: 'Waive' }).click();
    await first.getByText(`Waived: ${peso(order.penalty)} of penalty.`).waitFor();
    await actions.getByText(`Owed now: ${peso(10_500_000)} (penalty ${peso(0)}`).waitFor();
    await first.getByText(`${peso(order.penalty)} charged, ${peso(0)} still owed`).waitFor();
    await screenshot(first, 'console-money-order-after', { fullPage: true });

    // The standard reports: a table with its zone and computing time, and its CSV.
    await first.goto(`${desk.baseUrl}/console#/reports`);
    await first.getByRole('combobox', { name: /^Report/ }).selectOption('payments-by-channel');
    await first.getByRole('button', { name: 'Show' }).click();
    await first.getByRole('heading', { name: 'Payments by channel', exact: true }).waitFor();
    await first.getByText(/Manila time · computed/).waitFor();
    await expectNoAxeViolations(first, 'console standard reports');
    await screenshot(first, 'console-standard-reports', { fullPage: true });
    const [download] = await Promise.all([
      first.waitForEvent('download'),
      first.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^payments-by-channel-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split(/\r?\n/)[0]).toBe(
      'provider,channel,payments,received,reversed_since,lender_time_zone,computed_at',
    );
    expect(csv).toMatch(/bank/);

    expect(pageErrors(first)).toEqual([]);
    expect(pageErrors(second)).toEqual([]);
  }, 120_000);
});
