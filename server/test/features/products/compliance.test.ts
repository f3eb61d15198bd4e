import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, messages, type Endpoint } from '@kwarta/contract';
import {
  addDays,
  complianceProfiles,
  defaultLoanRules,
  OrderStatus,
  type CalendarDate,
  type LoanRules,
} from '@kwarta/domain';
import { callEndpoint } from '../../support/api.ts';
import { newBorrower } from '../../support/borrowers.ts';
import { callConsole, consoleSignedIn, type ConsoleSession } from '../../support/console.ts';
import { bindAccount, phWallet } from '../../support/payment-accounts.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { ConfigError, loadConfig } from '../../../src/config.ts';
import { createOperator, hashPassword } from '../../../src/features/operators/index.ts';
import { approveOrder } from '../../../src/features/orders/index.ts';
import { assertProductsComply } from '../../../src/features/products/index.ts';
import { disburseOrder } from '../../../src/features/disbursement/index.ts';
import { jobRegistry } from '../../../src/jobs/registry.ts';
import { createSession } from '../../../src/features/sessions/session-repository.ts';

const PASSWORD = 'correct horse battery';
const profile = complianceProfiles['ph-sec-mc3-2022'];

/**
 * D16 on a PH deployment (COMPLIANCE=ph-sec-mc3-2022 by the market preset): the console, the boot,
 * the quote and the daily accrual each hold covered loans within the four caps.
 */
describe.each(databaseTargets)('legal cost caps on %s', (target) => {
  // 10:00 in Manila.
  const clock = testClock('2026-11-23T02:00:00.000Z');
  let t: TestApp;
  let admin: ConsoleSession;
  let flex: { id: number; loan_rules: string; term_rate_bps: number };

  beforeAll(async () => {
    t = await createTestApp(target, { clock });
    await createOperator(t.app.db, {
      name: 'admin-1',
      role: 'admin',
      now: clock.now(),
      passwordHash: await hashPassword(PASSWORD),
    });
    admin = await consoleSignedIn(t.app, { name: 'admin-1', password: PASSWORD, address: '198.51.100.7' });
    // Kwarta Flex: ₱2,000.00 to ₱20,000.00, 91 days in 3 instalments, 15% for the term.
    flex = await t.app.db
      .selectFrom('products')
      .select(['id', 'loan_rules', 'term_rate_bps'])
      .where('name', '=', 'Kwarta Flex')
      .executeTakeFirstOrThrow();
  });
  afterAll(() => t.close());

  const consoleCall = (endpoint: Endpoint, body: Record<string, string>) =>
    callConsole(t.app, admin, endpoint, body);
  const auditRows = () => t.app.db.selectFrom('operator_audit').selectAll().orderBy('id').execute();
  const productRow = () =>
    t.app.db.selectFrom('products').selectAll().where('id', '=', flex.id).executeTakeFirstOrThrow();

  it('ships products and loan rules that comply, with no one-time late fee and a named processing fee', async () => {
    expect(t.app.config.compliance?.id).toBe('ph-sec-mc3-2022');
    expect(t.app.config.loanRules.latePenalty.oneTimeMinor).toEqual({ newClient: 0, repeatClient: 0 });
    expect(t.app.config.loanRules.fees).toEqual([
      { name: 'Processing fee', principalBps: 200, fixedMinor: 0 },
    ]);
    await expect(assertProductsComply(t.app.db, t.app.config)).resolves.toBeUndefined();
  });

  /** Flex as the console's editor states it (pesos and percent in PH's writing), with `change`. */
  const flexText = (change: Record<string, string> = {}) => {
    const rules = JSON.parse(flex.loan_rules) as LoanRules;
    return {
      productId: String(flex.id),
      name: 'Kwarta Flex',
      minAmount: '2,000.00',
      maxAmount: '₱20,000',
      termDays: '91',
      periods: '3',
      minTermDays: String(rules.term.minDays),
      maxTermDays: String(rules.term.maxDays),
      rate: String(flex.term_rate_bps / 100),
      ratePer: 'term',
      fees: JSON.stringify(
        rules.fees.map((fee) => ({ name: fee.name, percent: String(fee.principalBps / 100), fixed: '' })),
      ),
      ...change,
    };
  };
  const withFee = (name: string, percent: string) => JSON.stringify([{ name, percent, fixed: '' }]);

  // One product edit per cap the editor can reach (its penalties are the loan rules' and the boot's
  // to check): each is refused naming that cap, its figure and the offer, audited, and the product
  // is left as it was; the preview lists the same breaches without writing.
  it.each([
    {
      cap: messages.complianceCapNominalRate,
      edit: { rate: () => '20' },
      figure: 'of 6.59% a month is above the legal cap of 6.00% a month',
      alone: true,
    },
    {
      cap: messages.complianceCapEffectiveRate,
      edit: { fees: () => withFee('Service fee', '30') },
      figure: 'of 21.36% a month is above the legal cap of 15.00% a month',
      alone: true,
    },
    {
      // No covered product can break the total cost cap alone: 4 months at 6% is 24%, and fees that
      // lift the rest to 100% lift the EIR past 15% as well.
      cap: messages.complianceCapTotalCost,
      edit: { fees: () => withFee('Service fee', '90') },
      figure: 'of 105.00% of the principal is above the legal cap of 100.00% of the principal',
      alone: false,
    },
  ])(
    'the console refuses a product breaking the $cap cap, naming it',
    async ({ cap, edit, figure, alone }) => {
      const body = flexText(Object.fromEntries(Object.entries(edit).map(([key, value]) => [key, value()])));
      const before = await productRow();
      const auditBefore = await auditRows();
      const preview = await consoleCall(endpoints.consoleProductPreview, body);
      expect(preview.status).toBe(200);
      const { breaches } = preview.envelope!.data as { breaches: string[] };
      expect(await auditRows()).toHaveLength(auditBefore.length);
      const response = await consoleCall(endpoints.consoleSaveProduct, body);
      expect(response.status).toBe(400);
      const message = response.envelope!.message;
      expect(message).toContain(`The ${cap} ${figure} (${profile.name}) for the offer of ₱`);
      if (alone) expect(message.match(/The /g)).toHaveLength(1);
      // The preview names the same breaches, so an operator sees before saving what a save refuses.
      expect(breaches.join(' ')).toBe(message);
      expect(await productRow()).toEqual(before);
      expect(await t.app.db.selectFrom('approval_requests').selectAll().execute()).toEqual([]);
      const audit = await auditRows();
      expect(audit).toHaveLength(auditBefore.length + 1);
      expect(audit.at(-1)).toMatchObject({ action: 'product.save.refused', subject: `product:${flex.id}` });
      expect(JSON.parse(audit.at(-1)!.after_json!)).toMatchObject({
        change: { op: 'edit', productId: flex.id },
        refusal: message,
      });
    },
  );

  it('keeps a compliant save, and beyond the covered size the caps do not apply', async () => {
    const saved = await consoleCall(endpoints.consoleSaveProduct, flexText({ rate: '17' }));
    expect(saved.status).toBe(200);
    expect((await productRow()).term_rate_bps).toBe(1_700);
    await consoleCall(endpoints.consoleSaveProduct, flexText({ rate: '15' }));
  });

  it('boot refuses products that break a cap, listing each product and cap', async () => {
    await t.app.db.updateTable('products').set({ term_rate_bps: 2_000 }).where('id', '=', flex.id).execute();
    try {
      const refusal = await assertProductsComply(t.app.db, t.app.config).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ConfigError);
      expect((refusal as Error).message).toContain(
        'break the legal cost caps this server applies (MARKET=PH, compliance profile ph-sec-mc3-2022',
      );
      expect((refusal as Error).message).toContain(
        `product ${flex.id} (Kwarta Flex): The ${messages.complianceCapNominalRate} of 6.59% a month`,
      );
    } finally {
      await t.app.db
        .updateTable('products')
        .set({ term_rate_bps: 1_500 })
        .where('id', '=', flex.id)
        .execute();
    }
  });

  it('the quote never offers nor creates a covered order that breaks a cap', async () => {
    const borrower = await newBorrower(t.app, '13900000301');
    await t.app.db.updateTable('products').set({ term_rate_bps: 2_000 }).where('id', '=', flex.id).execute();
    try {
      const push = {
        productId: String(flex.id),
        amount: '1000000',
        periods: '3',
        termUnit: '1',
        requestId: 'req-0000000000000301',
      };
      for (const [endpoint, body] of [
        [endpoints.loanDetailConfirm, { productId: String(flex.id), amount: '1000000' }],
        [endpoints.goyaConfirm, { productId: String(flex.id), amount: '1000000' }],
        [endpoints.loanDetailPush, push],
        [endpoints.goyaPush, { ...push, requestId: 'req-0000000000000302' }],
      ] as const) {
        const answer = await callEndpoint(t.app, endpoint, { session: borrower.session, body });
        expect(answer.envelope?.message, endpoint.path).toBe(messages.complianceOfferRefused);
      }
      expect(
        await t.app.db
          .selectFrom('orders')
          .select('id')
          .where('borrower_id', '=', borrower.borrowerId)
          .execute(),
      ).toEqual([]);
      // Above the covered ₱10,000.00 the same product may be offered: the caps do not reach it.
      const large = await callEndpoint(t.app, endpoints.loanDetailConfirm, {
        session: borrower.session,
        body: { productId: String(flex.id), amount: '2000000' },
      });
      expect(large.status).toBe(200);
    } finally {
      await t.app.db
        .updateTable('products')
        .set({ term_rate_bps: 1_500 })
        .where('id', '=', flex.id)
        .execute();
    }
  });

  it('holds a covered order 120 days overdue within the monthly penalty cap and says the cap is reached', async () => {
    const borrower = await newBorrower(t.app, '13900000302');
    const created = await callEndpoint(t.app, endpoints.loanDetailPush, {
      session: borrower.session,
      body: {
        productId: String(flex.id),
        amount: '1000000',
        periods: '3',
        termUnit: '1',
        requestId: 'req-0000000000000310',
      },
    });
    const orderId = (created.envelope!.data as { orderId: number }).orderId;
    const taken = await t.app.db
      .selectFrom('orders')
      .select(['compliance_profile', 'principal', 'total_due', 'fees'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(taken).toEqual({
      compliance_profile: 'ph-sec-mc3-2022',
      principal: 1_000_000,
      total_due: 1_000_000 + 150_000 + 20_000,
      fees: JSON.stringify([{ name: 'Processing fee', amount: 20_000 }]),
    });
    await bindAccount(t.app, borrower.session, flex.id, phWallet('09171234567'));
    const deps = {
      db: t.app.db,
      clock,
      config: t.app.config,
      accountKeys: t.app.accountKeys,
      payouts: t.app.payouts,
    };
    await approveOrder(deps, orderId, 'operator:test');
    const disbursed = await disburseOrder(deps, orderId, 'operator:test');
    expect(disbursed.status).toBe(OrderStatus.Repaying);

    // The product's penalty is then set to the spec's (5%, 4%, 2% a day and a one-time ₱1,000.00),
    // as a database from before the profile would hold: the accrual alone must keep the caps.
    await t.app.db
      .updateTable('products')
      .set({
        loan_rules: JSON.stringify({
          ...JSON.parse(flex.loan_rules),
          latePenalty: defaultLoanRules.latePenalty,
        }),
      })
      .where('id', '=', flex.id)
      .execute();
    try {
      const lines = await t.app.db
        .selectFrom('order_plan_lines')
        .select(['due_date', 'amount'])
        .where('order_id', '=', orderId)
        .orderBy('seq')
        .execute();
      const job = jobRegistry.find((entry) => entry.name === 'order-status-daily')!;
      const lastDue = lines.at(-1)!.due_date as CalendarDate;
      // 01:00 in Manila each day, from the first due date to 120 days after the last.
      for (
        let day = lines[0]!.due_date as CalendarDate;
        day <= addDays(lastDue, 120);
        day = addDays(day, 1)
      ) {
        const at = new Date(`${day}T01:00:00+08:00`);
        clock.advance(at.getTime() - clock.now().getTime());
        await job.run({ ...t.app, clock } as never, { scheduledAt: at, trigger: 'manual' });
      }
      const accruals = await t.app.db
        .selectFrom('order_penalty_accruals')
        .select(['accrued_on', 'amount'])
        .where('order_id', '=', orderId)
        .orderBy('accrued_on')
        .execute();
      expect(accruals.length).toBeGreaterThan(150);
      // Every 30 days: penalties at most 5% of the scheduled amount due (and unpaid) on the last day.
      for (const [index, accrual] of accruals.entries()) {
        const due = lines
          .filter((line) => line.due_date < accrual.accrued_on)
          .reduce((sum, line) => sum + line.amount, 0);
        const window = accruals
          .slice(0, index + 1)
          .filter((other) => other.accrued_on > addDays(accrual.accrued_on as CalendarDate, -30));
        const sum = window.reduce((total, other) => total + other.amount, 0);
        expect(sum, accrual.accrued_on).toBeLessThanOrEqual(
          Math.floor((due * profile.caps.penaltyMonthlyBps) / 10_000),
        );
      }
      const order = await t.app.db
        .selectFrom('orders')
        .select(['penalty_amount', 'total_due', 'principal', 'charges_capped_by', 'status'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(order.status).toBe(OrderStatus.Overdue);
      expect(order.penalty_amount).toBe(accruals.reduce((sum, accrual) => sum + accrual.amount, 0));
      expect(order.total_due - order.principal + order.penalty_amount).toBeLessThanOrEqual(order.principal);
      expect(order.charges_capped_by).toBe('latePenalty');

      // Months later: the borrower signs in again to read the page.
      const sessionId = await createSession(t.app.db, {
        borrowerId: borrower.borrowerId,
        now: clock.now(),
        policy: t.app.config.session,
      });
      const page = await callEndpoint(t.app, endpoints.loanDetails, {
        session: { sessionId },
        body: { productId: String(flex.id), orderId: String(orderId) },
      });
      expect((page.envelope!.data as { chargesCapNotice: string }).chargesCapNotice).toBe(
        messages.chargesReachedCap,
      );
      admin = await consoleSignedIn(t.app, { name: 'admin-1', password: PASSWORD, address: '198.51.100.8' });
      const consolePage = await consoleCall(endpoints.consoleOrder, { orderId: String(orderId) });
      expect(consolePage.envelope!.data).toMatchObject({
        order: {
          complianceProfile: { id: 'ph-sec-mc3-2022', name: profile.name },
          chargesCapNotice: messages.chargesReachedCap,
        },
      });
    } finally {
      await t.app.db
        .updateTable('products')
        .set({ loan_rules: flex.loan_rules })
        .where('id', '=', flex.id)
        .execute();
    }
  });
});

describe('boot under a compliance profile', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-compliance-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses LOAN_RULES_FILE rules that break a cap, listing each breach, and takes them without a profile', () => {
    const file = path.join(dir, 'rules.json');
    fs.writeFileSync(file, JSON.stringify(defaultLoanRules));
    const refusal = (() => {
      try {
        loadConfig({ APP_ENV: 'development', MARKET: 'PH', LOAN_RULES_FILE: file });
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as Error).message).toContain(`The ${messages.complianceCapLatePenalty} of`);
    expect((refusal as Error).message).toContain(profile.name);
    expect(
      loadConfig({ APP_ENV: 'development', MARKET: 'PH', COMPLIANCE: 'none', LOAN_RULES_FILE: file })
        .loanRules,
    ).toEqual(defaultLoanRules);
    // The default market, PH, brings the profile; the spec's market lends by its own figures.
    expect(loadConfig({ APP_ENV: 'development' }).compliance?.id).toBe('ph-sec-mc3-2022');
    expect(loadConfig({ APP_ENV: 'development', MARKET: 'spec' }).compliance).toBeNull();
  });
});
