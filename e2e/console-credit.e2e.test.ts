import { describe, expect, test } from 'vitest';
import type { OperatorRole } from '@kwarta/contract';
import { defaultDecisionModel } from '@kwarta/domain';
import { DEMO_PHONES } from '../server/src/db/seed.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { useDeskServer } from './support/desk-server.ts';

/**
 * The console's side of credit decisions (decision 0109), at a desk (1440×900), on a server of its
 * own that decides at push, so the demo's approved, declined and referred applicants are there:
 * a credit officer overrides the referral with a reason; an admin simulates a draft beside the
 * active model, saves and activates it, for every product and then for one, and rolls back.
 */
const browser = useBrowser();
const desk = useDeskServer(browser, {
  MARKET: '',
  DATABASE_URL: '',
  REDIS_URL: '',
  CREDIT_DECISIONS: 'auto',
});
const stamp = Date.now();
const signIn = (role: OperatorRole) => desk.signIn(`e2e-${role}-${stamp}`, role);

const creditAudits = () =>
  desk.onDatabase((db) =>
    db
      .selectFrom('operator_audit')
      .select(['action', 'operator_name', 'after_json'])
      .where('action', 'like', 'credit.%')
      .orderBy('id')
      .execute(),
  );

describe('credit decisions in the console', () => {
  test('a credit officer overrides a referred application with a reason, audited and shown', async () => {
    const orderId = await desk.onDatabase(async (db) => {
      const borrower = await db
        .selectFrom('borrowers')
        .select('id')
        .where('phone', '=', DEMO_PHONES.PH.slice(0, -3) + '903')
        .executeTakeFirstOrThrow();
      const order = await db
        .selectFrom('orders')
        .select(['id', 'status'])
        .where('borrower_id', '=', borrower.id)
        .executeTakeFirstOrThrow();
      expect(order.status).toBe(21);
      return order.id;
    });
    const page = await signIn('credit');
    await page.goto(`${desk.baseUrl}/console#/order/${orderId}`);
    await page.getByRole('heading', { name: 'Credit decision' }).waitFor();
    await page.getByText(/^Referred to a person by model /).waitFor();
    await expectNoAxeViolations(page, 'console order, referred');

    await page.getByLabel('Reason for the override').fill('Same phone as her sister; documents checked');
    await page.getByRole('button', { name: 'Override: approve' }).click();
    // Recorded: the form gives way to the override's line.
    const panel = page.getByRole('region', { name: 'Credit decision' });
    await expect
      .poll(() => panel.innerText())
      .toMatch(
        new RegExp(
          `Overridden \\(approve\\) by operator:e2e-credit-${stamp} at .+: Same phone as her sister; documents checked`,
        ),
      );
    // Overridden once: the form is gone.
    await page.getByRole('button', { name: 'Override: approve' }).waitFor({ state: 'detached' });
    await expectNoAxeViolations(page, 'console order, overridden');
    await screenshot(page, 'console-credit-override-desktop', { fullPage: true });

    const audits = await creditAudits();
    expect(audits).toEqual([
      expect.objectContaining({ action: 'credit.override', operator_name: `e2e-credit-${stamp}` }),
    ]);
    expect(pageErrors(page)).toEqual([]);
  });

  test('an admin simulates a draft beside the active model, activates it, for one product too, and rolls back', async () => {
    const page = await signIn('admin');
    await page.goto(`${desk.baseUrl}/console`);
    await page.getByRole('link', { name: 'Decision models' }).click();
    await page.getByRole('heading', { name: 'Decision models' }).waitFor();
    await page.getByText(/^Active for every product without its own model: Kwarta default/).waitFor();
    await page.getByText('Every product is decided by the general model.').waitFor();
    const versions = page.getByRole('table', { name: /^Every saved model/ });
    await expectNoAxeViolations(page, 'decision models, the shipped default');

    // The draft: the default with every limit at 2,000 pesos, so the demo's first loans are declined.
    const draft = structuredClone(defaultDecisionModel) as typeof defaultDecisionModel;
    draft.name = `Stricter ${stamp}`;
    for (const table of draft.tables)
      for (const row of table.rows)
        if (typeof row.then.limitAmount === 'number') row.then.limitAmount = 200_000;
    await page.getByLabel('Model JSON').fill(JSON.stringify(draft, null, 2));
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Manila' });
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByRole('button', { name: 'Simulate against the active model' }).click();
    await page.getByText(/^Simulated in \d+ ms\.$/).waitFor();
    const simulation = page.getByRole('table', {
      name: "Simulation: the period's applications decided again",
    });
    const active = simulation.getByRole('row', { name: /^Active: Kwarta default/ });
    const drafted = simulation.getByRole('row', { name: new RegExp(`^Draft: Stricter ${stamp}`) });
    // The demo's three applications: approved, declined, referred by the default; the draft approves none.
    expect(await active.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining(['3', '33.3%', '1']),
    );
    expect((await drafted.getByRole('cell').allInnerTexts()).slice(0, 2)).toEqual(['3', '0.0%']);
    await expectNoAxeViolations(page, 'decision models, a draft simulated');
    await screenshot(page, 'console-decision-models-simulated-desktop', { fullPage: true });

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText(/^Saved as version [0-9a-f]{12}\.$/).waitFor();
    await page
      .getByRole('button', { name: `Activate Stricter ${stamp}` })
      .first()
      .click();
    await page
      .getByText(/^Version [0-9a-f]{12} is now active for every product without its own model\.$/)
      .waitFor();
    await page
      .getByText(new RegExp(`^Active for every product without its own model: Stricter ${stamp}`))
      .waitFor();
    await expectNoAxeViolations(page, 'decision models, a draft active');

    // Roll back: the shipped default again, from the versions list.
    await versions.getByRole('button', { name: 'Activate Kwarta default' }).click();
    await page.getByText(/^Active for every product without its own model: Kwarta default/).waitFor();

    // The draft for one product only: Flex is decided by it, the rest by the general one.
    await page.getByLabel('Activate for').selectOption({ label: 'Kwarta Flex only' });
    await versions.getByRole('button', { name: `Activate Stricter ${stamp}` }).click();
    await page.getByText(/^Version [0-9a-f]{12} is now active for Kwarta Flex\.$/).waitFor();
    const perProduct = page.getByRole('list', { name: 'Models per product' });
    await perProduct.getByText(new RegExp(`^Kwarta Flex: Stricter ${stamp}`)).waitFor();
    await page.getByText(/^Active for every product without its own model: Kwarta default/).waitFor();
    await expectNoAxeViolations(page, 'decision models, one product on its own model');
    await screenshot(page, 'console-decision-models-per-product-desktop', { fullPage: true });

    // And back for Flex.
    await versions.getByRole('button', { name: 'Activate Kwarta default' }).click();
    await perProduct.getByText(/^Kwarta Flex: Kwarta default/).waitFor();

    const audits = (await creditAudits()).filter((row) => row.operator_name === `e2e-admin-${stamp}`);
    expect(audits.map((row) => row.action)).toEqual(Array(4).fill('credit.model.activate'));
    expect(
      audits.map((row) => (JSON.parse(row.after_json!) as { productId: number | null }).productId),
    ).toEqual([null, null, expect.any(Number), expect.any(Number)]);
    expect(pageErrors(page)).toEqual([]);
  });
});
