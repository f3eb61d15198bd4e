import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  Limits,
  consoleMenu,
  consoleSections,
  markets,
  fillMessage,
  messages,
  operatorRoles,
  routes,
  type OperatorRole,
} from '@kwarta/contract';
import { formatPercentBps } from '@kwarta/domain';
import { createOperator } from '../server/src/features/operators/operator-repository.ts';
import { hashPassword } from '../server/src/features/operators/password-hash.ts';
import { openLive, pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { repoRoot } from './support/paths.ts';
import { sessionQuery } from './support/session.ts';
import { openServerStore } from './support/server-store.ts';
import { bindCard } from './support/payment-accounts.ts';
import { payThroughSandbox } from './support/sandbox-payment.ts';
import { repayableOrder } from '../server/test/support/repayment.ts';

const baseUrl = inject('baseUrl');
const serverStore = inject('serverStore');
const browser = useBrowser();

const { db, config, applicant: borrower } = openServerStore();
const PASSWORD = 'e2e console password';
const DESK = { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false };
const stamp = Date.now().toString(36);
const nameOf = (role: OperatorRole) => `e2e-${role}-${stamp}`;
let productId: number;
let originalRate: number;

async function signIn(role: OperatorRole): Promise<Page> {
  const page = await browser.newPage(DESK);
  await page.goto(`${baseUrl}/console`);
  await page.getByLabel('Name').fill(nameOf(role));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
  return page;
}

const auditCount = async (subject: string) =>
  (await db.selectFrom('operator_audit').select('action').where('subject', '=', subject).execute()).map(
    (row) => row.action,
  );

beforeAll(async () => {
  // The first admin through the CLI, as an operator would; the other roles straight in the database.
  const env: NodeJS.ProcessEnv = { ...process.env, ...serverStore, LOG_LEVEL: 'silent' };
  if (!serverStore.DATABASE_URL) delete env.DATABASE_URL;
  const child = execFile(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/src/cli/operator.ts',
      'create',
      '--name',
      nameOf('admin'),
      '--role',
      'admin',
      '--password-stdin',
    ],
    { cwd: repoRoot, env },
  );
  child.stdin!.end(`${PASSWORD}\n`);
  const output = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`operator CLI exited ${code}: ${out}`)),
    );
  });
  expect(output).toContain(`Operator ${nameOf('admin')} (admin) created`);
  const hash = await hashPassword(PASSWORD);
  for (const role of operatorRoles.filter((r) => r !== 'admin')) {
    await createOperator(db, { name: nameOf(role), role, now: new Date(), passwordHash: hash });
  }
  const product = await db
    .selectFrom('products')
    .select(['id', 'term_rate_bps'])
    .where('name', '=', 'Kwarta Flex')
    .executeTakeFirstOrThrow();
  productId = product.id;
  originalRate = product.term_rate_bps;
  await db
    .updateTable('products')
    .set({ retention_popup: 0, agreement_popup: 0, promo_message: '' })
    .where('id', '=', productId)
    .execute();
});
afterAll(async () => {
  await db.updateTable('products').set({ term_rate_bps: originalRate }).where('id', '=', productId).execute();
  await db.destroy();
});

describe('operator console', () => {
  test('each role signs in and sees only its menu', { timeout: 120_000 }, async () => {
    const labels = Object.fromEntries(consoleSections.map((s) => [s.key, s.label]));
    for (const role of operatorRoles) {
      const page = await signIn(role);
      const menu = await page
        .getByRole('navigation', { name: 'Console' })
        .getByRole('link')
        .allTextContents();
      // Which role sees which section is pinned by the server's test; here the page shows that menu.
      expect(menu, role).toEqual(consoleMenu(role).map((key) => labels[key]));
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await page.getByText('due today').waitFor();
      if (role === 'admin') {
        await screenshot(page, 'console-dashboard');
        await expectNoAxeViolations(page, 'console dashboard');
        await page.goto(`${baseUrl}/console#/orders`);
        await page.getByRole('table', { name: 'Order queue' }).getByRole('row').nth(1).waitFor();
        await screenshot(page, 'console-orders');
        await expectNoAxeViolations(page, 'console order queue');
        // Statuses in the catalogue's words, never the enum's names or bare codes.
        const options = await page
          .getByRole('combobox', { name: 'Status' })
          .locator('option')
          .allTextContents();
        expect(options).toEqual([
          'All',
          ...[21, 110, 151, 170, 174, 180, 190, 200].map(
            (status) => messages[`orderStatus${status}` as keyof typeof messages],
          ),
        ]);
        const statuses = await page
          .getByRole('table', { name: 'Order queue' })
          .locator('tbody tr td:nth-child(2)')
          .allTextContents();
        for (const status of statuses) expect(status).not.toMatch(/\d/);
      }
      expect(pageErrors(page)).toEqual([]);
      await page.close();
    }
    const page = await browser.newPage(DESK);
    await page.goto(`${baseUrl}/console`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'console-sign-in');
    await expectNoAxeViolations(page, 'console sign-in');
  });

  test('tells an operator, on the dashboard, of the sign-ins that failed since their last', async () => {
    await (await signIn('viewer')).close();
    // Someone else's browser: no known-device cookie, a wrong password.
    const stranger = await browser.newPage(DESK);
    await stranger.goto(`${baseUrl}/console`);
    await stranger.getByLabel('Name').fill(nameOf('viewer'));
    await stranger.getByLabel('Password').fill('not the password at all');
    await stranger.getByRole('button', { name: 'Sign in' }).click();
    await stranger.getByRole('alert').getByText(messages.consoleSignInFailed).waitFor();
    await stranger.close();

    const viewer = await signIn('viewer');
    const [told] = fillMessage(messages.consoleFailedSignIns, { count: 1 }).split(': last at');
    await viewer.getByText(told!, { exact: false }).waitFor();
    await screenshot(viewer, 'console-failed-sign-ins');
    await expectNoAxeViolations(viewer, 'console dashboard, failed sign-ins');
    expect(pageErrors(viewer)).toEqual([]);
    await viewer.close();
  });

  test('credit approves an order made through /loanConfirm, finance disburses it, the borrower sees 170', async () => {
    const session = await borrower();
    const phone = await browser.newPage();
    await openLive(phone, `${baseUrl}/loanConfirm?${sessionQuery(session, { productId })}`);
    await phone.getByRole('button', { name: messages.loanConfirmLoanNow }).click();
    await phone.waitForURL(/\/orderDetails\?/);
    const orderId = Number(new URL(phone.url()).searchParams.get('orderId'));
    await phone.getByRole('heading', { name: messages.orderStatus21 }).waitFor();
    // The payout goes to the borrower's default payment account (decision 0052).
    await bindCard(session, productId, '6222021234561234');

    const credit = await signIn('credit');
    await credit.goto(`${baseUrl}/console#/order/${orderId}`);
    await credit.getByRole('button', { name: 'Approve' }).click();
    // Confirmed in a dialog that names the borrower, the amount and what follows (decision 0110).
    const approval = credit.getByRole('dialog', { name: 'Confirm the approval' });
    await approval.getByText(/The borrower is told it was approved/).waitFor();
    await approval.getByRole('button', { name: 'Approve' }).click();
    await credit.getByText(`Order is now ${messages.orderStatus151}.`).waitFor();
    expect(await credit.getByRole('button', { name: 'Disburse' }).count()).toBe(0);
    await screenshot(credit, 'console-order-approved');
    await expectNoAxeViolations(credit, 'console order page, approved');

    const finance = await signIn('finance');
    await finance.goto(`${baseUrl}/console#/order/${orderId}`);
    expect(await finance.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await finance.getByRole('button', { name: 'Disburse' }).click();
    await finance
      .getByRole('dialog', { name: 'Confirm the disbursement' })
      .getByRole('button', { name: 'Disburse' })
      .click();
    await finance.getByText(`Order is now ${messages.orderStatus170}.`).waitFor();
    // The payout with the provider's reference; the history in words.
    const payouts = finance.getByRole('table', { name: 'Payouts' });
    const sent = await db
      .selectFrom('disbursements')
      .select('reference')
      .where('order_id', '=', orderId)
      .where('status', '=', 'sent')
      .executeTakeFirstOrThrow();
    expect(sent.reference).toBeTruthy();
    await payouts.getByRole('row').filter({ hasText: 'Sent' }).getByText(sent.reference!).waitFor();
    const history = finance.getByRole('table', { name: 'History' });
    await history.getByText(`${messages.orderStatus151} → ${messages.orderStatus170}`).waitFor();
    // Plan headers over their columns: a number's header is aligned as its figures are.
    const plan = finance.getByRole('table', { name: 'Plan' });
    const align = (cell: ReturnType<Page['locator']>) =>
      cell.evaluate((el) => getComputedStyle(el).textAlign);
    for (const column of [1, 3, 4]) {
      expect(await align(plan.locator(`thead th:nth-child(${column})`))).toBe(
        await align(plan.locator(`tbody tr:first-child td:nth-child(${column})`)),
      );
    }
    await screenshot(finance, 'console-order-disbursed', { fullPage: true });
    await expectNoAxeViolations(finance, 'console order page, disbursed with its payout');

    await phone.goto(`${baseUrl}/orderDetails?${sessionQuery(session, { productId, orderId })}`);
    await phone.getByRole('heading', { name: messages.orderStatus170 }).waitFor();
    await screenshot(phone, 'console-borrower-170', { fullPage: false });
    expect(await auditCount(`order:${orderId}`)).toEqual(['order.approve', 'order.disburse']);
  });

  test('finance follows the dashboard to a held payment, accepts it, and the order page shows it applied', async () => {
    // The borrower makes a pay code, and the cashier reports a different amount paid: held.
    const order = await repayableOrder({ db, config, clock: { now: () => new Date() } }, { lines: 2 });
    await bindCard(order.session, order.productId, '6222021234561234');
    const { paymentId } = await payThroughSandbox({
      db,
      sandboxSecret: config.payments.sandboxSecret,
      session: order.session,
      productId: order.productId,
      orderId: order.orderId,
      refNo: 'E2EHELD',
      amount: 12_345_600,
    });

    const finance = await signIn('finance');
    await finance.getByRole('link', { name: 'payments held for review' }).click();
    const row = finance.getByRole('row').filter({ hasText: order.orderNo });
    await row.getByRole('button', { name: 'Accept' }).waitFor();
    await screenshot(finance, 'console-payments-held');
    await expectNoAxeViolations(finance, 'console payments, held');
    // Known values are chosen, not typed; statuses in words.
    expect(
      await finance.getByRole('combobox', { name: 'Provider' }).locator('option').allTextContents(),
    ).toEqual(['All', 'Dragonpay', 'Bank card debit', 'Sandbox (testing)']);
    expect(await row.textContent()).toContain('Held for review');
    await row.getByRole('button', { name: 'Accept' }).click();
    // The shared confirmation states the amount and where it goes, and focuses Cancel first.
    const confirm = finance.getByRole('dialog', { name: 'Accept the held payment' });
    await confirm.getByText(`applied to order ${order.orderNo}`).waitFor();
    await expectNoAxeViolations(finance, 'console payments, accept dialog');
    await confirm.getByRole('button', { name: 'Accept payment' }).click();
    await finance.getByText(`Payment ${paymentId}: Paid.`).waitFor();

    await finance.goto(`${baseUrl}/console#/order/${order.orderId}`);
    const payments = finance.getByRole('table', { name: 'Payments' });
    await payments.getByText('accepted by an operator').waitFor();
    // Provider and channel by name, never the processor's id.
    const accepted = await payments
      .getByRole('row')
      .filter({ hasText: 'accepted by an operator' })
      .textContent();
    expect(accepted).toContain('Sandbox (testing) · ');
    expect(accepted).not.toMatch(/\b(GCSH|PYMY|BAYD|7ELE|ECPY)\b/);
    // Finance pays the account, so it sees the number whole.
    await finance.getByText('6222021234561234').waitFor();
    await screenshot(finance, 'console-order-payments');
    await expectNoAxeViolations(finance, 'console order page, payments');
    expect(await auditCount(`payment:${paymentId}`)).toEqual(['payment.accept']);
    expect(pageErrors(finance)).toEqual([]);
  });

  test('an admin assigns an overdue order to a collector chosen from a list, not typed', async () => {
    const overdue = await db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 180)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const admin = await signIn('admin');
    await admin.goto(`${baseUrl}/console#/order/${overdue.id}`);
    const panel = admin.getByRole('region', { name: 'Collections' });
    const choice = panel.getByRole('combobox', { name: 'Assign to collector' });
    await choice.waitFor();
    expect(await choice.locator('option').allTextContents()).toContain(nameOf('collector'));
    await choice.selectOption(nameOf('collector'));
    await screenshot(admin, 'console-collections-assign', { fullPage: true });
    await expectNoAxeViolations(admin, 'console order page, assign a collector');
    await panel.getByRole('button', { name: 'Assign', exact: true }).click();
    await panel.getByText('Assigned.').waitFor();
    expect(pageErrors(admin)).toEqual([]);
    await admin.close();
  });

  test("an agent replies to a complaint with an image and the borrower's complaint details show it", async () => {
    const session = await borrower();
    const evidence = new FormData();
    const photo = await sharp({
      create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    evidence.append('problemImage', new Blob([photo], { type: 'image/jpeg' }), 'evidence.jpg');
    const uploaded = await fetch(`${baseUrl}${routes.uploadProblemImg.path}?${sessionQuery(session)}`, {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      body: evidence,
    });
    const imageUrl = Object.values(
      (await uploaded.json()) as Record<string, { url?: string } | undefined>,
    ).find((value) => typeof value === 'object' && value && 'url' in value)!.url!;
    const filed = await fetch(`${baseUrl}${routes.problemSave.path}?${sessionQuery(session)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
      body: new URLSearchParams({
        problemType: '5',
        problemDetail: `Console e2e ${stamp}: please call me back`,
        problemImage: imageUrl,
      }),
    });
    const body = (await filed.json()) as Record<string, { problemId?: number } | undefined>;
    const problemId = Object.values(body).find(
      (value) => typeof value === 'object' && value && 'problemId' in value,
    )!.problemId!;

    const agent = await signIn('agent');
    await agent.goto(`${baseUrl}/console#/complaints`);
    // The borrower's evidence shows as a thumbnail the console's route serves.
    await expect
      .poll(() =>
        agent
          .getByRole('list', { name: `Images of complaint ${problemId}` })
          .getByRole('img')
          .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth > 0)),
      )
      .toEqual([true]);
    const item = agent
      .getByRole('listitem')
      .filter({ has: agent.getByRole('heading', { name: new RegExp(`Complaint ${problemId} `) }) });
    await item.waitFor();
    await item
      .getByLabel(`Reply to complaint ${problemId}`)
      .fill('We called you back. Thank you for your patience.');
    const image = await sharp({
      create: { width: 240, height: 180, channels: 3, background: { r: 20, g: 120, b: 90 } },
    })
      .png()
      .toBuffer();
    await item
      .getByLabel(`Images (up to ${Limits.complaintImagesMax})`)
      .setInputFiles([{ name: 'reply.png', mimeType: 'image/png', buffer: image }]);
    await screenshot(agent, 'console-complaints');
    await expectNoAxeViolations(agent, 'console complaints inbox');
    await item.getByRole('button', { name: 'Send reply' }).click();
    // Answered, it leaves the waiting list for the answered one.
    await item.waitFor({ state: 'detached' });
    await agent.getByRole('radio', { name: 'Answered' }).check();
    await agent
      .getByText(`Reply by ${nameOf('agent')}: We called you back. Thank you for your patience.`)
      .waitFor();
    // The reply's image shows with the reply, the borrower's evidence with the complaint.
    await agent
      .getByRole('list', { name: `Images of the reply to complaint ${problemId}` })
      .getByRole('img')
      .waitFor();
    expect(
      await agent
        .getByRole('list', { name: `Images of complaint ${problemId}` })
        .getByRole('img')
        .count(),
    ).toBe(1);
    await screenshot(agent, 'console-complaints-answered');

    const phone = await browser.newPage();
    await phone.goto(`${baseUrl}/complainDetails?${sessionQuery(session, { problemId })}`);
    await phone.getByRole('heading', { name: messages.processResult }).waitFor();
    await phone.getByText('We called you back. Thank you for your patience.').waitFor();
    await expect
      .poll(() =>
        phone
          .locator('.image-grid img')
          .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth > 0)),
      )
      // The borrower's evidence and the agent's reply image.
      .toEqual([true, true]);
    expect(await auditCount(`problem:${problemId}`)).toEqual(['complaint.reply']);
  });

  test("an admin changes a product's rate and the borrower's confirmation shows the new plan", async () => {
    const admin = await signIn('admin');
    await admin.goto(`${baseUrl}/console#/products`);
    await admin.getByRole('button', { name: 'Edit Kwarta Flex' }).click();
    const form = admin.getByRole('form', { name: 'Edit Kwarta Flex' });
    // The rate as the lender writes it, in the market's decimals, for the whole term.
    await form.getByLabel('Interest (%)').fill(formatPercentBps(originalRate * 2, markets.spec.money));
    await form.getByLabel('Interest per').selectOption('term');
    await form.getByRole('button', { name: 'Preview plans' }).click();
    const preview = form.getByRole('region', { name: 'Preview' });
    await preview.getByText(/^Complies/).waitFor();
    // The largest amount's plan (the second table): its first instalment, as the borrower will see it.
    const firstLine = preview.getByRole('table').nth(1).getByRole('row').nth(1).getByRole('cell').nth(2);
    const instalment = (await firstLine.textContent())!;
    await form.getByRole('button', { name: 'Save changes' }).click();
    await admin.getByText('Kwarta Flex: saved.').waitFor();
    await screenshot(admin, 'console-products');
    await expectNoAxeViolations(admin, 'console products, saved');
    expect((await auditCount(`product:${productId}`)).at(-1)).toBe('money.product_change');

    const phone = await browser.newPage();
    await openLive(phone, `${baseUrl}/loanConfirm?${sessionQuery(await borrower(), { productId })}`);
    await expect.poll(() => phone.locator('.loan-plan li').count()).toBe(3);
    await expect.poll(() => phone.getByText(instalment).first().isVisible()).toBe(true);
    await screenshot(phone, 'console-borrower-new-plan', { fullPage: false });

    await admin.goto(`${baseUrl}/console#/audit`);
    await admin.getByRole('cell', { name: 'money.product_change' }).first().waitFor();
    await expectNoAxeViolations(admin, 'console audit log');
  });

  test('an admin edits a channel template, the service contacts, and creates an operator who signs in', async () => {
    const admin = await signIn('admin');
    await admin.goto(`${baseUrl}/console#/templates`);
    const list = admin.getByRole('table', { name: /Landing configurations/ });
    await list.getByRole('row').nth(1).waitFor();
    await list
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    const form = admin.getByRole('form', { name: /^Edit template \d+$/ });
    const templateId = Number((await form.getAttribute('aria-label'))!.replace(/\D/g, ''));
    const original = await form.getByLabel(/^Headline/).inputValue();
    await form.getByLabel(/^Headline/).fill(`Console e2e ${stamp}: up to {maxAmount}`);
    await form.getByRole('button', { name: 'Save template' }).click();
    await form.getByText('Saved.', { exact: false }).waitFor();
    await screenshot(admin, 'console-templates');
    await expectNoAxeViolations(admin, 'console channel templates, saved');
    expect((await auditCount(`template:${templateId}`)).at(-1)).toBe('template.save');
    const landing = await browser.newPage();
    await landing.goto(`${baseUrl}/promotion?id=${templateId}`);
    await landing.getByText(`Console e2e ${stamp}: up to`).first().waitFor();
    // The other files' landing keeps its headline.
    await form.getByLabel(/^Headline/).fill(original);
    await form.getByRole('button', { name: 'Save template' }).click();
    await expect.poll(() => auditCount(`template:${templateId}`)).toEqual(['template.save', 'template.save']);

    await admin.goto(`${baseUrl}/console#/service`);
    // Saved as shown (the other files read the contacts from the server, whatever they are).
    await admin.getByRole('button', { name: 'Save contacts' }).click();
    await admin.getByText('Saved.', { exact: false }).waitFor();
    await screenshot(admin, 'console-service');
    await expectNoAxeViolations(admin, 'console service contacts, saved');
    expect((await auditCount('settings:service')).at(-1)).toBe('service-contacts.save');

    await admin.goto(`${baseUrl}/console#/operators`);
    const created = `e2e-made-${stamp}`;
    const newOperator = admin.getByRole('form', { name: 'New operator' });
    await newOperator.getByLabel('Name').fill(created);
    await newOperator.getByLabel('Role').selectOption('agent');
    await newOperator.getByLabel(/^Initial password/).fill(PASSWORD);
    await newOperator.getByRole('button', { name: 'Create operator' }).click();
    await admin.getByText(`Operator ${created} created.`).waitFor();
    await screenshot(admin, 'console-operators');
    await expectNoAxeViolations(admin, 'console operators, created');

    const agent = await browser.newPage(DESK);
    await agent.goto(`${baseUrl}/console`);
    await agent.getByLabel('Name').fill(created);
    await agent.getByLabel('Password').fill(PASSWORD);
    await agent.getByRole('button', { name: 'Sign in' }).click();
    const menu = agent.getByRole('navigation', { name: 'Console' });
    await menu.waitFor();
    // The agent's menu, as the first test checks it for every role.
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Dashboard',
      'Orders',
      'Borrowers',
      'Payments',
      'Complaints',
    ]);
    expect(pageErrors(admin)).toEqual([]);
  });

  test(
    'finance reads the portfolio — charts drawn, tables beside — and downloads payments as CSV; a viewer cannot',
    { timeout: 90_000 },
    async () => {
      const page = await signIn('finance');
      await page
        .getByRole('navigation', { name: 'Console' })
        .getByRole('link', { name: 'Portfolio' })
        .click();
      await page.getByRole('heading', { name: 'Portfolio', level: 1 }).waitFor();
      await page.getByText('Outstanding principal').waitFor();
      // Each chart is drawn (uPlot's canvas, loaded on this screen only) beside its table.
      await expect.poll(() => page.locator('.chart__plot canvas').count(), { timeout: 15_000 }).toBe(3);
      for (const caption of [
        /^Disbursed and collected per month/,
        /^Portfolio at risk/,
        /^Share of what each disbursement month owes/,
      ])
        await page.getByRole('table', { name: caption }).waitFor();
      expect(
        await page
          .getByRole('table', { name: /^Portfolio at risk/ })
          .getByRole('row')
          .count(),
      ).toBe(6);
      await screenshot(page, 'console-portfolio', { fullPage: true });
      await expectNoAxeViolations(page, 'console portfolio with charts');

      // Weekly, and back: the series follow the filter.
      await page.getByRole('combobox', { name: /^Per/ }).selectOption('week');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('table', { name: /^Disbursed and collected per week/ }).waitFor();

      // The payments CSV, streamed as a download.
      const exportForm = page.getByRole('form', { name: 'Export payments (CSV)' });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        exportForm.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('payments-all.csv');
      const text = await (await download.createReadStream()).toArray();
      const csv = Buffer.concat(text as Buffer[]).toString('utf8');
      expect(csv.split('\r\n')[0]).toMatch(/^payment_id,txnid,order_id,order_no,/);
      expect(pageErrors(page)).toEqual([]);
      await page.close();

      const viewer = await signIn('viewer');
      await viewer.goto(`${baseUrl}/console#/portfolio`);
      await viewer.getByText('This section is not part of your role.').waitFor();
      const refused = await viewer.evaluate(async () => (await fetch('/console/api/portfolio')).status);
      expect(refused).toBe(403);
      await viewer.close();
    },
  );

  test(
    'a finance operator opens the trial balance — debits equal credits — and a loan statement from the order page',
    { timeout: 90_000 },
    async () => {
      // A disbursed loan in the journal (its principal receivable debited): one the ledger already
      // holds, else one booked by the rebuild.
      let withLines = await db
        .selectFrom('journal_lines')
        .select('order_id')
        .where('account', '=', 'receivable:principal')
        .where('debit', '>', 0)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!withLines) {
        const made = await repayableOrder({ db, config, clock: { now: () => new Date() } }, { status: 170 });
        // The rebuild books it, through the CLI (npm run ledger -- rebuild) as an operator would.
        const env: NodeJS.ProcessEnv = { ...process.env, ...serverStore, LOG_LEVEL: 'silent' };
        if (!serverStore.DATABASE_URL) delete env.DATABASE_URL;
        await promisify(execFile)(
          process.execPath,
          ['--import', 'tsx', 'server/src/cli/ledger.ts', 'rebuild'],
          { cwd: repoRoot, env },
        );
        withLines = { order_id: made.orderId };
      }
      const orderId = withLines.order_id!;

      const page = await signIn('finance');
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Ledger' }).click();
      await page.getByRole('heading', { name: 'Ledger', level: 1 }).waitFor();
      const table = page.getByRole('table', { name: /^Trial balance as of \d{4}-\d{2}-\d{2}$/ });
      await table.waitFor();
      const debits = await table.locator('[data-total="debits"]').textContent();
      const credits = await table.locator('[data-total="credits"]').textContent();
      expect(debits).toMatch(/\d/);
      expect(debits).toBe(credits);
      expect(await table.getByRole('row').count()).toBeGreaterThan(2);
      await page.getByText('Debits equal credits.').waitFor();
      // The date field holds the day shown (the lender's today), and the export takes it.
      const asOf = await page.getByLabel('As of (end of day)').inputValue();
      expect(
        await page.getByRole('form', { name: 'Export trial balance (CSV)' }).getByLabel('As of').inputValue(),
      ).toBe(asOf);
      await screenshot(page, 'console-ledger-trial-balance', { fullPage: true });
      await expectNoAxeViolations(page, 'console ledger, trial balance');

      // An earlier day: nothing before the first entry balances to zero on both sides.
      await page.getByLabel('As of (end of day)').fill('2000-01-01');
      await page.getByRole('button', { name: 'Show' }).click();
      await page.getByRole('table', { name: 'Trial balance as of 2000-01-01' }).waitFor();
      await page.getByText('No journal entries on or before 2000-01-01.').waitFor();

      // The day's reconciliation: today's payments (the demo's and the other tests') against the
      // journal's cash, provider by provider; every one of them was booked.
      await page
        .getByRole('navigation', { name: 'Ledger' })
        .getByRole('link', { name: 'Reconciliation' })
        .click();
      // Yesterday first (the default, once its answer has come), then the day the test asks for.
      const day = page.getByLabel('Day', { exact: true });
      await expect.poll(() => day.inputValue()).not.toBe('');
      await day.fill(asOf);
      await page.getByRole('button', { name: 'Reconcile' }).click();
      const providers = page.getByRole('table', {
        name: `Each provider on ${asOf}: its paid payments against the journal's cash`,
      });
      await providers.waitFor();
      expect(await providers.getByRole('row').count()).toBeGreaterThan(1);
      await page.getByText('Every payment reconciles.').waitFor();
      await screenshot(page, 'console-ledger-reconciliation', { fullPage: true });
      await expectNoAxeViolations(page, 'console ledger, reconciliation');

      // The order page's Statement link opens the loan's statement.
      await page.goto(`${baseUrl}/console#/order/${orderId}`);
      await page.getByRole('link', { name: 'Statement' }).click();
      await page.getByRole('heading', { name: /^Statement of order KW/ }).waitFor();
      const statement = page.getByRole('table', { name: /^Every journal line of order/ });
      expect(await statement.getByRole('row').count()).toBeGreaterThan(1);
      expect(await page.getByLabel('Order number or id').inputValue()).toBe(String(orderId));
      await page.getByText(/^Owes now: [^-]/).waitFor();
      await screenshot(page, 'console-ledger-statement', { fullPage: true });
      await expectNoAxeViolations(page, 'console ledger, loan statement');

      // An order number that is none: the screen says so.
      await page.getByLabel('Order number or id').fill('KW000000000000');
      await page.getByRole('button', { name: 'Show statement' }).click();
      await page.getByRole('alert').filter({ hasText: /./ }).first().waitFor();
      expect(pageErrors(page)).toEqual([]);
      await page.close();

      // On a phone-sized screen the tables scroll inside the page, which itself does not.
      const phone = await browser.newPage({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      await phone.goto(`${baseUrl}/console`);
      await phone.getByLabel('Name').fill(nameOf('finance'));
      await phone.getByLabel('Password').fill(PASSWORD);
      await phone.getByRole('button', { name: 'Sign in' }).click();
      await phone.getByRole('navigation', { name: 'Console' }).waitFor();
      await phone.goto(`${baseUrl}/console#/ledger`);
      await phone.getByRole('table', { name: /^Trial balance as of/ }).waitFor();
      await screenshot(phone, 'console-ledger-phone', { fullPage: true });
      await phone.goto(`${baseUrl}/console#/ledger/statement/${orderId}`);
      await phone.getByRole('heading', { name: /^Statement of order KW/ }).waitFor();
      await screenshot(phone, 'console-ledger-statement-phone', { fullPage: true });
      await phone.close();
    },
  );

  test(
    'a viewer cannot open the ledger; the funnel draws its steps beside their table',
    { timeout: 60_000 },
    async () => {
      const viewer = await signIn('viewer');
      const menu = viewer.getByRole('navigation', { name: 'Console' });
      expect(await menu.getByRole('link', { name: 'Ledger' }).count()).toBe(0);
      await viewer.goto(`${baseUrl}/console#/ledger`);
      await viewer.getByText('This section is not part of your role.').waitFor();
      const refused = await viewer.evaluate(async () =>
        Promise.all(
          [
            '/console/api/ledger/trial-balance',
            '/console/api/ledger/statement?order=1',
            '/console/api/exports/trial-balance.csv',
            '/console/api/reconciliation',
          ].map(async (path) => (await fetch(path)).status),
        ),
      );
      expect(refused).toEqual([403, 403, 403, 403]);

      await menu.getByRole('link', { name: 'Funnel' }).click();
      await viewer.getByRole('table', { name: 'Every campaign, step by step' }).waitFor();
      await expect.poll(() => viewer.locator('.chart__plot canvas').count(), { timeout: 15_000 }).toBe(1);
      expect(
        await viewer.getByRole('table', { name: 'Every campaign, step by step' }).getByRole('row').count(),
      ).toBe(5);
      await screenshot(viewer, 'console-funnel', { fullPage: true });
      await expectNoAxeViolations(viewer, 'console funnel with chart');
      expect(pageErrors(viewer)).toEqual([]);
      await viewer.close();
    },
  );
});
