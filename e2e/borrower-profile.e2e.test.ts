import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { OperatorRole } from '@kwarta/contract';
import { addDays, calendarDateAt } from '@kwarta/domain';
import { DEMO_PHONES } from '../server/src/db/seed.ts';
import { createOperator } from '../server/src/features/operators/operator-repository.ts';
import { hashPassword } from '../server/src/features/operators/password-hash.ts';
import { repayableOrder } from '../server/test/support/repayment.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openServerStore } from './support/server-store.ts';

/**
 * The back office at 1440×900 (decision 0113): an admin finds the demo borrower by name, opens the
 * profile and adds a note; sorts and filters the order queue and reloads the address with the view
 * kept; ticks two collection orders and assigns them to a collector at once.
 */
const baseUrl = inject('baseUrl');
const browser = useBrowser();
const { db, config } = openServerStore();
const PASSWORD = 'e2e borrower profile password';
const DESK = { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false };
const stamp = Date.now().toString(36);
const nameOf = (role: OperatorRole) => `e2e-bp-${role}-${stamp}`;
const realClock = { now: () => new Date() };

async function signIn(role: OperatorRole): Promise<Page> {
  const page = await browser.newPage(DESK);
  await page.goto(`${baseUrl}/console`);
  await page.getByLabel('Name').fill(nameOf(role));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
  return page;
}

beforeAll(async () => {
  const passwordHash = await hashPassword(PASSWORD);
  for (const role of ['admin', 'collector'] as const)
    await createOperator(db, { name: nameOf(role), role, now: new Date(), passwordHash });
}, 60_000);
afterAll(() => db.destroy());

describe('the back office', () => {
  test(
    'search a borrower, add a note, sort and filter the orders from the address, bulk-assign collections',
    { timeout: 180_000 },
    async () => {
      const demo = await db
        .selectFrom('borrowers')
        .select(['id', 'phone'])
        .where('phone', 'in', Object.values(DEMO_PHONES))
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const admin = await signIn('admin');

      // Search by name; the demo borrower's row carries their phone (an admin sees it whole).
      await admin.getByRole('link', { name: 'Borrowers' }).click();
      await admin.getByLabel('Name, phone, last 4 digits or order number').fill('Juan Dela');
      await admin.getByRole('button', { name: 'Search' }).click();
      expect(admin.url()).toContain('#/borrowers?q=Juan+Dela');
      const hit = admin.getByRole('row').filter({ hasText: demo.phone });
      await hit.waitFor();
      await expectNoAxeViolations(admin, 'console borrower search');
      await screenshot(admin, 'console-borrower-search');
      await hit.getByRole('link').click();
      await admin.getByRole('heading', { level: 1, name: 'Juan Dela Cruz' }).waitFor();
      await admin.getByRole('heading', { name: 'Loans' }).waitFor();
      expect(admin.url()).toContain(`#/borrowers/${demo.id}`);

      const note = `Called about the statement ${stamp}; sent by SMS.`;
      await admin.getByLabel('New note', { exact: false }).fill(note);
      await admin.getByRole('button', { name: 'Add note' }).click();
      await admin.getByText('Note added.').waitFor();
      await admin.getByText(note).waitFor();
      await expectNoAxeViolations(admin, 'console borrower profile');
      await screenshot(admin, 'console-borrower-profile', { fullPage: true });
      const audit = await db
        .selectFrom('operator_audit')
        .select(['action', 'operator_name'])
        .where('subject', '=', `borrower:${demo.id}`)
        .execute();
      expect(audit).toContainEqual({ action: 'borrower.note', operator_name: nameOf('admin') });

      // The order queue: a status filter and a sort, kept through a reload of the address.
      await admin.getByRole('link', { name: 'Orders' }).click();
      await admin.getByLabel('Status').selectOption('170');
      await admin.getByRole('button', { name: 'Amount' }).click();
      await admin.waitForFunction(() => location.hash.includes('sort=amount'));
      expect(admin.url()).toContain('status=170');
      await admin.reload();
      await admin.getByRole('table', { name: 'Order queue' }).waitFor();
      expect(await admin.getByLabel('Status').inputValue()).toBe('170');
      const amountHeader = admin.getByRole('columnheader', { name: 'Amount' });
      expect(await amountHeader.getAttribute('aria-sort')).toBe('descending');
      const statuses = await admin.locator('table tbody tr td:nth-child(2)').allTextContents();
      expect(new Set(statuses).size).toBeLessThanOrEqual(1);
      await expectNoAxeViolations(admin, 'console order queue, filtered and sorted');
      await screenshot(admin, 'console-orders-sorted');

      // Collections: two long-overdue orders, unassigned, ticked and assigned together.
      const today = calendarDateAt(new Date(), config.lenderTimeZone);
      const orders = [
        await repayableOrder(
          { db, config, clock: realClock },
          { status: 180, firstDue: addDays(today, -900) },
        ),
        await repayableOrder(
          { db, config, clock: realClock },
          { status: 180, firstDue: addDays(today, -901) },
        ),
      ];
      await admin.goto(`${baseUrl}/console#/collections?collector=unassigned`);
      for (const order of orders) await admin.getByLabel(`Choose order ${order.orderNo}`).check();
      await admin.getByLabel('Assign to').selectOption(nameOf('collector'));
      await admin.getByRole('button', { name: 'Assign', exact: true }).click();
      await admin.getByText(`Assigned 2 orders to ${nameOf('collector')}.`).waitFor();
      await expectNoAxeViolations(admin, 'console collections queue, bulk assignment');
      await screenshot(admin, 'console-collections-bulk-assigned');
      const assigned = await db
        .selectFrom('collection_assignments')
        .innerJoin('operators', 'operators.id', 'collection_assignments.operator_id')
        .select(['collection_assignments.order_id', 'operators.name'])
        .where(
          'collection_assignments.order_id',
          'in',
          orders.map((order) => order.orderId),
        )
        .execute();
      expect(assigned.map((row) => row.name)).toEqual([nameOf('collector'), nameOf('collector')]);
      await admin.close();
    },
  );
});
