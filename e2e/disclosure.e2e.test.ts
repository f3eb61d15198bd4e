import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { agreementVersions, messages, webRoutes } from '@kwarta/contract';
import {
  calendarDateAt,
  complianceProfiles,
  effectiveRate,
  formatRatePercent,
  type CalendarDate,
} from '@kwarta/domain';
import { createOperator } from '../server/src/features/operators/operator-repository.ts';
import { hashPassword } from '../server/src/features/operators/password-hash.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openLive, screenshot, useBrowser } from './support/browser.ts';
import { screenshotDir } from './support/paths.ts';
import { openServerStore } from './support/server-store.ts';
import { sessionQuery } from './support/session.ts';
import { E2E_SERVER_MODE, startTestServer, type TestServer } from './support/test-server.ts';

const phone = useBrowser();

/**
 * D16 on a Philippine deployment: a server of its own in the default market, PH
 * (COMPLIANCE=ph-sec-mc3-2022 by the preset), since the run's server speaks the spec's market.
 */
let server: TestServer;
let store: ReturnType<typeof openServerStore>;
let starter: { id: number };

beforeAll(async () => {
  // Its own SQLite file even when the run's server is on PostgreSQL: two seeds must not meet.
  server = await startTestServer({ env: { MARKET: '', DATABASE_URL: '', REDIS_URL: '' } });
  store = openServerStore({ DATA_DIR: server.dataDir, ...E2E_SERVER_MODE }, server.baseUrl);
  // Kwarta Starter: ₱1,000.00 to ₱10,000.00 over 120 days in 4 instalments: a covered loan.
  starter = await store.db
    .selectFrom('products')
    .select('id')
    .where('name', '=', 'Kwarta Starter')
    .executeTakeFirstOrThrow();
  await store.db
    .updateTable('products')
    .set({ retention_popup: 0, agreement_popup: 0, promo_message: '' })
    .where('id', '=', starter.id)
    .execute();
}, 90_000);
afterAll(async () => {
  await store?.db.destroy();
  await server?.stop();
});

/** "₱2,875.00" as the PH market prints it → 287_500 centavos. */
const centavos = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

describe('disclosure statement (MARKET=PH)', () => {
  test('states every figure, its EIR is the engine’s for the plan shown, and accepting records its hash', async () => {
    const session = await store.applicant();
    const page = await phone.newPage();
    await openLive(page, `${server.baseUrl}/loanConfirm?${sessionQuery(session, { productId: starter.id })}`);
    await expect.poll(() => page.locator('.loan-plan li').count()).toBe(4);
    // The plan the confirmation shows, and the day it was priced (dates run from today in Manila).
    const plan = await page
      .locator('.loan-plan li')
      .evaluateAll((items) =>
        items.map((item) => [...item.querySelectorAll('span, strong')].map((cell) => cell.textContent ?? '')),
      );
    const payments = plan.map(([, dueDate, amount]) => ({
      dueDate: dueDate as CalendarDate,
      amount: centavos(amount!),
    }));
    const principal = centavos((await page.locator('.loan-amount strong').textContent())!);
    expect(principal).toBe(1_000_000);
    const eir = effectiveRate({
      netProceeds: principal,
      disbursedOn: calendarDateAt(new Date(), 'Asia/Manila'),
      payments,
    });

    // Listed first among the agreements; opening it goes to /disclosure through contract-jump.
    const agreements = page.locator('.loan-agreements button');
    expect(await agreements.first().textContent()).toBe(messages.agreementDisclosureTitle);
    await agreements.first().click();
    await page.waitForURL((url) => url.pathname === webRoutes.disclosure);
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    for (const figure of [
      'Kwarta Lending Corporation',
      'SEC Registration No. CS202600001 · Certificate of Authority No. 3501',
      'Amount to be financed: ₱10,000.00',
      'Interest: ₱2,000.00',
      'Processing fee: ₱200.00',
      'Total finance charges: ₱2,200.00',
      'Deducted from the proceeds: ₱0.00',
      'Net proceeds of the loan: ₱10,000.00',
      'Finance charges as a percentage of the amount financed: 22.00%',
      'Nominal interest rate: 5.00% a month',
      `Effective interest rate (EIR): ${formatRatePercent(eir.monthly)} a month, ${formatRatePercent(eir.annual)} a year`,
      'Total to pay: ₱12,200.00 in 4 instalment(s) over 120 days',
      '0.16% of the unpaid amount per day',
      'Late payment penalties never exceed 5.00% a month of the amount due',
      'Prepayment',
      'This loan is covered, so these caps apply to it:',
      'Nominal interest rate: at most 6.00% a month',
      'Effective interest rate (EIR): at most 15.00% a month',
      'Late-payment penalties: at most 5.00% a month',
      'Total cost of the loan: at most 100.00% of the principal',
    ]) {
      expect(text).toContain(figure);
    }
    expect(text).not.toContain('one-time late fee');
    // The schedule, date by date, as the confirmation showed it.
    const rows = await page
      .locator('.agreement-table tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
      );
    expect(rows.map((row) => [row[1], row[4]])).toEqual(plan.map(([, dueDate, amount]) => [dueDate, amount]));
    // The schedule fits the phone: inside its card, nothing to scroll sideways.
    const fit = await page.locator('.agreement-table').evaluate((table) => ({
      table: table.getBoundingClientRect().right,
      card: table.closest('.card')!.getBoundingClientRect().right,
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(fit.viewport).toBe(390);
    expect(fit.table).toBeLessThanOrEqual(fit.card);
    expect(fit.page).toBeLessThanOrEqual(fit.viewport);
    await screenshot(page, 'disclosure-ph');
    await expectNoAxeViolations(page, 'disclosure statement');

    // Printed: Chromium's PDF on A4, kept beside the screenshots (pdftoppm turns it into a PNG to look at).
    await mkdir(screenshotDir, { recursive: true });
    const pdf = await page.pdf({
      path: path.join(screenshotDir, 'disclosure-ph.pdf'),
      format: 'A4',
      preferCSSPageSize: true,
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // Back to the confirmation; in PH the borrower ticks the agreement box (it starts unticked,
    // decision 0104), then Loan Now takes the order and records the statement it agreed to.
    await page.goBack();
    const agree = page.getByRole('checkbox', { name: messages.loanConfirmAgreementPrefix });
    expect(await agree.isChecked()).toBe(false);
    await agree.check();
    await page.getByRole('button', { name: messages.loanConfirmLoanNow }).click();
    await page.waitForURL((url) => url.searchParams.has('orderId'));
    const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
    const agreed = await store.db
      .selectFrom('order_agreements')
      .select(['document', 'version', 'sha256'])
      .where('order_id', '=', orderId)
      .execute();
    const disclosure = agreed.find((row) => row.version === agreementVersions.disclosureStatement);
    expect(disclosure?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const order = await store.db
      .selectFrom('orders')
      .select('compliance_profile')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.compliance_profile).toBe('ph-sec-mc3-2022');

    // The console's order page shows the profile and the hash the borrower accepted.
    const name = `e2e-disclosure-${Date.now().toString(36)}`;
    const password = 'e2e disclosure password';
    await createOperator(store.db, {
      name,
      role: 'viewer',
      now: new Date(),
      passwordHash: await hashPassword(password),
    });
    const desk = await phone.newPage();
    await desk.setViewportSize({ width: 1280, height: 800 });
    await desk.goto(`${server.baseUrl}/console`);
    await desk.getByLabel('Name').fill(name);
    await desk.getByLabel('Password').fill(password);
    await desk.getByRole('button', { name: 'Sign in' }).click();
    await desk.getByRole('navigation', { name: 'Console' }).waitFor();
    await desk.goto(`${server.baseUrl}/console#/order/${orderId}`);
    await expect.poll(() => desk.getByText(disclosure!.sha256).isVisible()).toBe(true);
    // The cost caps it was made under, by the profile's name.
    const caps = complianceProfiles[order.compliance_profile as keyof typeof complianceProfiles];
    expect(await desk.getByText(caps.name, { exact: false }).first().isVisible()).toBe(true);
    await screenshot(desk, 'console-order-agreements');
  });

  test('a server-rendered /disclosure of an offer reads whole without JavaScript', async () => {
    const session = await store.applicant();
    const response = await fetch(
      `${server.baseUrl}/disclosure?${sessionQuery(session, { productId: starter.id })}`,
    );
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('Effective interest rate (EIR)');
    expect(html).toContain('Legal cost caps');
  });
});
