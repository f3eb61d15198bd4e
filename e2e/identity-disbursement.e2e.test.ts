// Identity before money leaves (decision 0108), on a server of its own with KYC=required: a
// borrower verified by a PhilID the test key signed has the order disbursed; a borrower whose name
// is on the demo's sanctions list is held for review, the order is not paid out and its page says so.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages } from '@kwarta/contract';
import type { PhilSysIdentity } from '../server/src/features/philsys/index.ts';
import { philSysCardImage } from '../server/src/features/philsys/philsys-card-image.ts';
import { demoPhilSysSigner, signPhilIdJson } from '../server/src/features/philsys/philsys-signing.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openLive, pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { addPhotos, fill, fillPerson } from './support/identity-form.ts';
import { bindCard } from './support/payment-accounts.ts';
import { openServerStore, runScript } from './support/server-store.ts';
import { sessionQuery, type DemoSession } from './support/session.ts';
import { E2E_SERVER_MODE, startTestServer, type TestServer } from './support/test-server.ts';

const phone = useBrowser();
const env = { MARKET: 'spec', KYC: 'required', DATABASE_URL: '', REDIS_URL: '' };
let server: TestServer;
let store: Record<string, string>;
let store$: ReturnType<typeof openServerStore>;
let productId: number;

beforeAll(async () => {
  server = await startTestServer({ env });
  store = { ...E2E_SERVER_MODE, ...env, DATA_DIR: server.dataDir };
  store$ = openServerStore(store, server.baseUrl);
  productId = (
    await store$.db
      .selectFrom('products')
      .select('id')
      .where('name', '=', 'Kwarta Flex')
      .executeTakeFirstOrThrow()
  ).id;
}, 90_000);
afterAll(async () => {
  await store$?.db.destroy();
  await server?.stop();
});

// Each CLI run starts a Node process (seconds on a busy machine).
const JOURNEY_TIMEOUT_MS = 240_000;

/** A new applicant's order, made on /loanConfirm, with a payout card bound and approved by the CLI. */
async function approvedOrder(page: Page): Promise<{ session: Partial<DemoSession>; orderId: number }> {
  const session = await store$.applicant();
  await openLive(page, `${server.baseUrl}/loanConfirm?${sessionQuery(session, { productId })}`);
  await page.getByRole('button', { name: messages.loanConfirmLoanNow }).click();
  await page.waitForURL(/\/orderDetails\?/);
  const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
  await bindCard(session, productId, '6222021234561234', server.baseUrl);
  expect(
    (await runScript('server/src/cli/order.ts', ['approve', '--order', String(orderId)], store)).code,
  ).toBe(0);
  return { session, orderId };
}

/** The identity page filled with a PhilID of `holder`, signed by the demo (test) key, and sent. */
async function submitIdentity(page: Page, session: Partial<DemoSession>, holder: PhilSysIdentity) {
  await openLive(page, `${server.baseUrl}/identity?${sessionQuery(session)}`);
  await page.getByRole('heading', { name: messages.identitySectionPerson }).waitFor();
  await fillPerson(page, holder);
  await fill(page, messages.identityDocumentNumber, holder.pcn);
  const card = await philSysCardImage(signPhilIdJson(holder, demoPhilSysSigner()), { rotateDegrees: 3 });
  await addPhotos(page, card);
  await page.getByRole('button', { name: messages.identitySubmit, exact: true }).click();
}

async function orderPage(page: Page, session: Partial<DemoSession>, orderId: number) {
  await openLive(page, `${server.baseUrl}/orderDetails?${sessionQuery(session, { productId, orderId })}`);
  await page.getByRole('heading', { level: 1, name: messages.orderDetailsTitle }).waitFor();
}

const disburse = (orderId: number) =>
  runScript('server/src/cli/order.ts', ['disburse', '--order', String(orderId)], store);

describe('identity before disbursement, KYC required, on a phone', () => {
  test(
    'a borrower verified by a signed PhilID has the order paid out',
    async () => {
      const page = await phone.newPage();
      const { session, orderId } = await approvedOrder(page);
      // Before identity: the order page says what is missing, and the payout is refused.
      await orderPage(page, session, orderId);
      await page.getByText(messages.identityNotSubmitted).waitFor();
      expect((await disburse(orderId)).output).toContain('not verified yet (not-submitted)');

      await submitIdentity(page, session, {
        pcn: '4821739056124832',
        firstName: 'Liza',
        middleName: 'Mendoza',
        lastName: 'Aquino',
        suffix: '',
        dateOfBirth: '1992-09-14',
      });
      await page.getByText(messages.identitySubmittedVerified).waitFor();

      expect(pageErrors(page)).toEqual([]);
      expect(await disburse(orderId)).toMatchObject({
        code: 0,
        output: expect.stringContaining('status 170'),
      });
      await orderPage(page, session, orderId);
      await page.getByRole('heading', { name: messages.orderStatus170 }).waitFor();
      expect(await page.getByText(messages.identityNotSubmitted).count()).toBe(0);
      await screenshot(page, 'identity-kyc-disbursed');
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'a borrower whose name is on the sanctions list is held for review: no payout, the order page says so',
    async () => {
      const page = await phone.newPage();
      const { session, orderId } = await approvedOrder(page);
      // The demo's sample list names Ramon Bautista Salvador, born 14 June 1971.
      await submitIdentity(page, session, {
        pcn: '7391028465019283',
        firstName: 'Ramon',
        middleName: 'Bautista',
        lastName: 'Salvador',
        suffix: '',
        dateOfBirth: '1971-06-14',
      });
      await page.getByText(messages.identitySubmittedPending).waitFor();
      await expectNoAxeViolations(page, 'identity held for review');

      const refused = await disburse(orderId);
      expect(refused.code).not.toBe(0);
      expect(refused.output).toContain('not verified yet (pending)');
      await orderPage(page, session, orderId);
      await page.getByText(messages.identityPendingReview).waitFor();
      await expectNoAxeViolations(page, 'order held for identity review');
      await screenshot(page, 'identity-kyc-held');
      const order = await store$.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(order.status).toBe(151);
      expect(pageErrors(page)).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
