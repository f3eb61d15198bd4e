import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { contactRuleText, type OperatorRole } from '@kwarta/contract';
import { addDays, calendarDateAt, complianceProfiles, formatMoney } from '@kwarta/domain';
import { createOperator } from '../server/src/features/operators/operator-repository.ts';
import { hashPassword } from '../server/src/features/operators/password-hash.ts';
import { payThroughSandbox } from './support/sandbox-payment.ts';
import { repayableOrder } from '../server/test/support/repayment.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { bindCard } from './support/payment-accounts.ts';
import { openServerStore } from './support/server-store.ts';
import { E2E_SERVER_MODE, startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Collections (decision 0098): a collector works the queue, records a call with a promise to pay
 * that the borrower then keeps through the sandbox cashier; a manual SMS after 22:00 is refused
 * with the rule; a viewer reads the queue with phones masked and no forms.
 */
const baseUrl = inject('baseUrl');
const browser = useBrowser();
const { db, config } = openServerStore();
const PASSWORD = 'e2e collections password';
const DESK = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false };
const stamp = Date.now().toString(36);
const nameOf = (role: OperatorRole) => `e2e-col-${role}-${stamp}`;
const realClock = { now: () => new Date() };

let late: TestServer;
let lateStore: ReturnType<typeof openServerStore>;

/** The second admin, who approves what the first wrote (maker-checker, decision 0110). */
const checkerName = `e2e-col-checker-${stamp}`;

async function signIn(role: OperatorRole, url = baseUrl, name = nameOf(role)): Promise<Page> {
  const page = await browser.newPage(DESK);
  await page.goto(`${url}/console`);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
  return page;
}

/** An Etc/GMT zone where it is 22:xx now (Etc/GMT-N is N hours ahead of UTC). */
function zoneAtTenPm(now = new Date()): string {
  let offset = (22 - now.getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

beforeAll(async () => {
  const passwordHash = await hashPassword(PASSWORD);
  for (const role of ['collector', 'viewer', 'admin'] as const)
    await createOperator(db, { name: nameOf(role), role, now: new Date(), passwordHash });
  // A server whose lender day is at 22:00 now, on its own SQLite file (two seeds must not meet).
  late = await startTestServer({
    env: { MARKET: '', LENDER_TIME_ZONE: zoneAtTenPm(), DATABASE_URL: '', REDIS_URL: '' },
  });
  lateStore = openServerStore({
    DATA_DIR: late.dataDir,
    ...E2E_SERVER_MODE,
    LENDER_TIME_ZONE: zoneAtTenPm(),
  });
  await createOperator(lateStore.db, {
    name: nameOf('collector'),
    role: 'collector',
    now: new Date(),
    passwordHash,
  });
  await createOperator(lateStore.db, { name: nameOf('admin'), role: 'admin', now: new Date(), passwordHash });
  await createOperator(lateStore.db, { name: checkerName, role: 'admin', now: new Date(), passwordHash });
}, 120_000);
afterAll(async () => {
  await lateStore?.db.destroy();
  const stopped = await late?.stop();
  expect(stopped?.crashed).toBeUndefined();
  await db.destroy();
});

/** An order whose only instalment is `days` past due today (the lender's date). */
async function overdueOrder(store: { db: typeof db; config: typeof config }, days: number) {
  const today = calendarDateAt(new Date(), store.config.lenderTimeZone);
  return repayableOrder({ ...store, clock: realClock }, { status: 180, firstDue: addDays(today, -days) });
}

/** One admin writes a template and another approves it on the templates screen. */
async function approvedTemplate(url: string, name: string) {
  const admin = await signIn('admin', url);
  await admin.goto(`${url}/console#/collection-templates`);
  await admin.getByLabel('Name', { exact: true }).fill(name);
  await admin
    .getByLabel('Text')
    .fill('{brand}: Hi {name}, {amount} has been due since {dueDate}. Please call us.');
  await admin.getByRole('button', { name: 'Save template' }).click();
  await admin.getByText('Saved; it awaits approval.').waitFor();
  await admin.close();
  const checker = await signIn('admin', url, checkerName);
  await checker.goto(`${url}/console#/collection-templates`);
  await checker.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Approve' }).click();
  await checker.getByText('Approved: collectors can send it.').waitFor();
  await checker.close();
}

describe('collections', () => {
  test(
    'a collector records a call with a promise to pay; the borrower pays at the cashier; the promise is kept',
    { timeout: 120_000 },
    async () => {
      const order = await overdueOrder({ db, config }, 5);
      const collector = await signIn('collector');
      await collector.getByRole('link', { name: 'Collections' }).click();
      await collector.getByLabel('Days past due').selectOption('1-15');
      const row = collector.getByRole('row').filter({ hasText: order.orderNo });
      await row.waitFor();
      expect(await row.textContent()).toContain(order.phone);
      await screenshot(collector, 'console-collections-queue');
      await expectNoAxeViolations(collector, 'console collections queue');
      await row.getByRole('link', { name: order.orderNo }).click();
      const panel = collector.getByRole('region', { name: 'Collections' });
      await panel.getByRole('button', { name: 'Take this order' }).click();
      await panel.getByText('Assigned.').waitFor();
      const promisedOn = addDays(calendarDateAt(new Date(), config.lenderTimeZone), 2);
      const form = panel.getByRole('form', { name: 'Record a contact' });
      await form.getByLabel('Outcome').selectOption('promised');
      await form.getByLabel('Note').fill('Will pay at Bayad Center');
      await form.getByLabel('Promise amount', { exact: false }).fill(String(order.lineAmount / 100));
      await form.getByLabel('Promise date').fill(promisedOn);
      await form.getByRole('button', { name: 'Record contact' }).click();
      await panel.getByText('Contact recorded.').waitFor();
      const promises = panel.getByRole('table', { name: 'Promises to pay' });
      await promises.getByText('pending').waitFor();
      await screenshot(collector, 'console-order-collections-panel');

      // The borrower pays the amount through the sandbox cashier (its signed postback).
      await bindCard(order.session, order.productId, '6222021234561234');
      await payThroughSandbox({
        db,
        sandboxSecret: config.payments.sandboxSecret,
        session: order.session,
        productId: order.productId,
        orderId: order.orderId,
        refNo: 'E2EPROMISE',
      });
      await collector.reload();
      await collector.getByRole('table', { name: 'Promises to pay' }).getByText('kept').waitFor();
      await screenshot(collector, 'console-order-collections-kept');
      await expectNoAxeViolations(collector, 'console order page, collections panel');
      const audit = await db
        .selectFrom('operator_audit')
        .select('action')
        .where('subject', '=', `order:${order.orderId}`)
        .orderBy('id')
        .execute();
      expect(audit.map((entry) => entry.action)).toEqual(['collection.assign', 'collection.contact.promise']);
      await collector.close();
    },
  );

  test(
    'a manual SMS after 22:00 is refused with the rule; more than 15 days past due it goes',
    { timeout: 120_000 },
    async () => {
      await approvedTemplate(late.baseUrl, 'Late reminder');
      const fresh = await overdueOrder(lateStore, 5);
      const old = await overdueOrder(lateStore, 20);
      const collector = await signIn('collector', late.baseUrl);
      const send = async (orderId: number) => {
        await collector.goto(`${late.baseUrl}/console#/order/${orderId}`);
        const panel = collector.getByRole('region', { name: 'Collections' });
        await panel.getByLabel('Approved template').selectOption({ label: 'Late reminder' });
        await panel.getByRole('button', { name: 'Send SMS' }).click();
        return panel;
      };
      const rule = contactRuleText(complianceProfiles['ph-sec-mc3-2022'].contact);
      expect(rule).toContain('6:00 a.m.–10:00 p.m. (SEC Memorandum Circular No. 18, s. 2019)');
      const refused = await send(fresh.orderId);
      await refused.getByText(`Not now: ${rule}`, { exact: false }).waitFor();
      await screenshot(collector, 'console-collections-sms-refused');
      const queued = await lateStore.db
        .selectFrom('sms_messages')
        .select('id')
        .where('order_id', '=', fresh.orderId)
        .execute();
      expect(queued).toEqual([]);
      // More than 15 days past due the hours are lifted (SEC MC 18): it goes.
      const allowed = await send(old.orderId);
      await allowed
        .getByText(
          `SMS queued: ${lateStore.config.brand.brandName}: Hi Ana Reyes, ${formatMoney(old.lineAmount, lateStore.config.market.money)}`,
          { exact: false },
        )
        .waitFor();
      await collector.close();
    },
  );

  test('a viewer sees the queue read-only with phones masked', { timeout: 60_000 }, async () => {
    const order = await overdueOrder({ db, config }, 40);
    const viewer = await signIn('viewer');
    await viewer.goto(`${baseUrl}/console#/collections`);
    await viewer.getByLabel('Days past due').selectOption('31-60');
    const row = viewer.getByRole('row').filter({ hasText: order.orderNo });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).not.toContain(order.phone);
    expect(text).toContain(order.phone.slice(-4));
    await row.getByRole('link', { name: order.orderNo }).click();
    const panel = viewer.getByRole('region', { name: 'Collections' });
    await panel.getByRole('table', { name: 'Contact log' }).waitFor();
    expect(await panel.getByRole('button').count()).toBe(0);
    expect(await panel.getByRole('form').count()).toBe(0);
    await viewer.close();
  });
});
