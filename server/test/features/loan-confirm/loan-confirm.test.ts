import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreementVersions,
  LoanConfirmRules,
  loanConfirmWireKeys,
  messages,
  ResultCode,
  endpoints,
} from '@kwarta/contract';
import { latePenalty, defaultLoanRules, OrderStatus } from '@kwarta/domain';
import { callEndpoint } from '../../support/api.ts';
import { newBorrower, otherBorrower } from '../../support/borrowers.ts';
import { bindCard } from '../../support/payment-accounts.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { approveOrder, rejectOrder, TransitionRefused } from '../../../src/features/orders/index.ts';
import { disburseOrder } from '../../../src/features/disbursement/index.ts';
import { jobRegistry } from '../../../src/jobs/registry.ts';

/** Each agreement's contract-jump position, as a form field. */
const positions = {
  disclosureStatement: String(LoanConfirmRules.agreementPositions.disclosureStatement),
  loanAgreement: String(LoanConfirmRules.agreementPositions.loanAgreement),
};
const requestId = (n: number) => `req-${String(n).padStart(16, '0')}`;

describe.each(databaseTargets)('loan confirmation and the order lifecycle on %s', (target) => {
  // 10:00 in Manila.
  const clock = testClock('2026-11-23T02:00:00.000Z');
  let t: TestApp;
  let productId: number;
  let borrower: Awaited<ReturnType<typeof newBorrower>>;
  let other: Awaited<ReturnType<typeof otherBorrower>>;

  beforeAll(async () => {
    t = await createTestApp(target, { clock, env: { MARKET: 'spec' } });
    // Kwarta Flex: ₱20,000.00 at most, 91 days, 3 instalments, 15% for the term.
    const product = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('name', '=', 'Kwarta Flex')
      .executeTakeFirstOrThrow();
    productId = product.id;
    borrower = await newBorrower(t.app, '13900000011');
    other = await otherBorrower(t.app);
  });
  afterAll(() => t.close());

  const call = (
    endpoint: Parameters<typeof callEndpoint>[1],
    body: Record<string, string>,
    session = borrower.session,
  ) => callEndpoint(t.app, endpoint, { session, body });

  it('confirms the product offer with the plan the domain computes', async () => {
    const { envelope } = await call(endpoints.loanDetailConfirm, { productId: String(productId) });
    expect(envelope?.code).toBe(ResultCode.success);
    const data = envelope!.data as Record<string, unknown>;
    expect(data).toMatchObject({
      amount: 2_000_000,
      periods: 3,
      termUnit: 1,
      term: 91,
      repay_plans: [
        { pay_time: '2026-12-23', amount: 766_667 },
        { pay_time: '2027-01-22', amount: 766_667 },
        { pay_time: '2027-02-22', amount: 766_666 },
      ],
      firstPayTime: '2026-12-23',
      firstPeriodDay: 30,
      pRateDsc: 'From 0.16% per day',
      isPopType: 0,
      popAgreementUrl: '',
      comProductName: 'Kwarta Flex',
    });
    expect(data.details).toContainEqual({ text: messages.loanDetailTotal, value: '₱23.000,00' });
  });

  it('answers variant 2 with disguised keys, the promo texts and code 00', async () => {
    const { raw, envelope } = await call(endpoints.goyaConfirm, { productId: String(productId) });
    expect(envelope?.code).toBe('00');
    const data = envelope!.data as Record<string, unknown>;
    expect(data).not.toHaveProperty('amount');
    expect(data[loanConfirmWireKeys.amount]).toBe(2_000_000);
    // The promo texts go by the names the spec gives them.
    expect(data.NewButtonMsg).toBe(messages.loanConfirmPromoButton);
    expect(String(data.NewPopMsg)).toContain('3 days');
    const plans = data[loanConfirmWireKeys.repay_plans] as Record<string, unknown>[];
    expect(plans[0]).toEqual({
      [loanConfirmWireKeys.pay_time]: '2026-12-23',
      [loanConfirmWireKeys.amount]: 766_667,
    });
    expect(JSON.stringify(raw)).not.toMatch(/"repay_plans"|"pay_time"/);
  });

  it('lists the agreements of scene 3 in both variants', async () => {
    const plain = await call(endpoints.contractList, { productId: String(productId), scene: '3' });
    expect(plain.envelope?.data).toEqual({
      // D16: the disclosure statement first, as the Truth in Lending Act wants it read before the loan.
      data: [{ title: messages.agreementDisclosureTitle }, { title: messages.agreementLoanTitle }],
    });
    const disguised = await call(endpoints.goyaContractList, { productId: String(productId), scene: '3' });
    const k = loanConfirmWireKeys;
    expect(disguised.envelope?.data).toEqual({
      [k.data]: [
        { [k.title]: messages.agreementDisclosureTitle, [k.id]: 0 },
        { [k.title]: messages.agreementLoanTitle, [k.id]: 1 },
      ],
    });
  });

  it('refuses an amount outside the product range and a missing product', async () => {
    const low = await call(endpoints.loanDetailPush, {
      productId: String(productId),
      amount: '100',
      periods: '3',
      termUnit: '1',
      requestId: requestId(900),
    });
    expect(low.status).toBe(400);
    expect(low.envelope?.message).toBe('The loan amount must be between ₱2.000,00 and ₱20.000,00.');
    const term = await call(endpoints.loanDetailConfirm, { productId: String(productId), term: '30' });
    expect(term.envelope?.message).toBe('The loan term must be between 91 and 365 days.');
    const missing = await call(endpoints.loanDetailConfirm, { productId: '999999' });
    expect(missing.status).toBe(404);
  });

  it('neither quotes nor takes an offer that is not open ("Coming soon", clickable 0)', async () => {
    const closed = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('clickable', '=', 0)
      .executeTakeFirstOrThrow();
    const applicant = await newBorrower(t.app, '13900000271');
    const asApplicant = (endpoint: Parameters<typeof callEndpoint>[1], body: Record<string, string>) =>
      call(endpoint, { productId: String(closed.id), ...body }, applicant.session);
    const push = { amount: '2000000', periods: '9', termUnit: '1' };
    for (const answer of [
      await asApplicant(endpoints.loanDetailConfirm, {}),
      await asApplicant(endpoints.goyaConfirm, {}),
      await asApplicant(endpoints.agreementDocument, { position: '0' }),
      await asApplicant(endpoints.loanDetailPush, { ...push, requestId: requestId(271) }),
      await asApplicant(endpoints.goyaPush, { ...push, requestId: requestId(272) }),
    ]) {
      expect(answer.envelope).toMatchObject({
        code: ResultCode.conflict,
        message: messages.productNotClickable,
      });
    }
    const orders = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('borrower_id', '=', applicant.borrowerId)
      .execute();
    expect(orders).toEqual([]);
  });

  let orderId: number;

  it('makes one order from 50 parallel pushes with one request id, with the plan confirmation showed', async () => {
    const confirmation = (await call(endpoints.loanDetailConfirm, { productId: String(productId) })).envelope!
      .data as {
      repay_plans: { pay_time: string; amount: number }[];
    };
    const document = (
      await call(endpoints.agreementDocument, {
        productId: String(productId),
        position: positions.loanAgreement,
      })
    ).envelope!.data as { sha256: string; version: string };
    const body = {
      productId: String(productId),
      amount: '2000000',
      periods: '3',
      termUnit: '1',
      requestId: requestId(1),
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(endpoints.loanDetailPush, body)));
    const ids = new Set(answers.map((answer) => (answer.envelope?.data as { orderId: number }).orderId));
    expect(answers.every((answer) => answer.envelope?.code === '00')).toBe(true);
    expect(ids.size).toBe(1);
    orderId = [...ids][0]!;
    expect((answers[0]!.envelope!.data as { lendDetailsUrl: string }).lendDetailsUrl).toBe(
      `/orderDetails?productId=${productId}&orderId=${orderId}&from=confirm`,
    );

    const orders = await t.app.db
      .selectFrom('orders')
      .selectAll()
      .where('borrower_id', '=', borrower.borrowerId)
      .execute();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 21, principal: 2_000_000, total_due: 2_300_000 });
    const lines = await t.app.db
      .selectFrom('order_plan_lines')
      .select(['due_date', 'amount'])
      .where('order_id', '=', orderId)
      .orderBy('seq')
      .execute();
    expect(lines.map((line) => ({ pay_time: line.due_date, amount: line.amount }))).toEqual(
      confirmation.repay_plans,
    );
    const history = await t.app.db
      .selectFrom('order_status_history')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();
    expect(history).toMatchObject([
      { from_status: null, to_status: 21, actor: `borrower:${borrower.borrowerId}` },
    ]);
    const agreed = await t.app.db
      .selectFrom('order_agreements')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();
    expect(agreed.find((row) => row.version === document.version)).toMatchObject({
      sha256: document.sha256,
      agreed_at: clock.now().toISOString(),
    });
  });

  it("takes the spec's payload without a request id: one order, and 20 parallel taps still one", async () => {
    for (const [phone, endpoint] of [
      ['13900000281', endpoints.loanDetailPush],
      ['13900000282', endpoints.goyaPush],
    ] as const) {
      const applicant = await newBorrower(t.app, phone);
      const body = { productId: String(productId), amount: '2000000', periods: '3', termUnit: '1' };
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call(endpoint, body, applicant.session)),
      );
      const codes = answers.map((answer) => answer.envelope?.code);
      expect(codes).toEqual(Array(20).fill('00'));
      // Every tap answers the same order (variant 2 disguises the keys, so compare whole answers).
      expect(new Set(answers.map((answer) => JSON.stringify(answer.envelope?.data))).size).toBe(1);
      const orders = await t.app.db
        .selectFrom('orders')
        .select(['status', 'request_id'])
        .where('borrower_id', '=', applicant.borrowerId)
        .execute();
      expect(orders).toEqual([{ status: 21, request_id: null }]);
      // Another loan while that one is open is still refused with the catalogue's text.
      const other = await call(endpoint, { ...body, amount: '1500000' }, applicant.session);
      expect(other.envelope?.message).toBe(messages.loanOpenOrderExists);
    }
  });

  it('refuses a second open order with the catalogue message', async () => {
    const second = await call(endpoints.goyaPush, {
      productId: String(productId),
      amount: '300000',
      periods: '3',
      termUnit: '1',
      requestId: requestId(2),
    });
    expect(second.envelope).toMatchObject({
      code: ResultCode.conflict,
      message: messages.loanOpenOrderExists,
    });
    expect(
      await t.app.db
        .selectFrom('orders')
        .select('id')
        .where('borrower_id', '=', borrower.borrowerId)
        .execute(),
    ).toHaveLength(1);
  });

  it('answers a foreign order id exactly like a missing one', async () => {
    const ask = (
      id: number,
      endpoint:
        | typeof endpoints.contractJump
        | typeof endpoints.goyaContractJump
        | typeof endpoints.agreementDocument,
    ) => call(endpoint, { productId: String(productId), position: '0', orderId: String(id) }, other.session);
    for (const endpoint of [
      endpoints.contractJump,
      endpoints.goyaContractJump,
      endpoints.agreementDocument,
    ]) {
      const foreign = await ask(orderId, endpoint);
      const missing = await ask(987_654, endpoint);
      expect(foreign.status).toBe(404);
      expect({ ...foreign, headers: null }).toEqual({ ...missing, headers: null });
    }
    const own = await call(endpoints.contractJump, {
      productId: String(productId),
      position: positions.disclosureStatement,
      orderId: String(orderId),
    });
    expect(own.envelope?.data).toEqual({
      contract_url: `/disclosure?productId=${productId}&orderId=${orderId}`,
    });
    // Variant 2 (/gopia/goya/pera): the same jump under its disguised key; orderId 0 before an order exists.
    const disguised = await call(endpoints.goyaContractJump, {
      productId: String(productId),
      scene: '3',
      position: positions.disclosureStatement,
      orderId: String(orderId),
    });
    expect(disguised.envelope?.data).toEqual({
      [loanConfirmWireKeys.contract_url]: `/disclosure?productId=${productId}&orderId=${orderId}`,
    });
    const beforeOrder = await call(endpoints.goyaContractJump, {
      productId: String(productId),
      position: positions.loanAgreement,
      orderId: '0',
    });
    expect(beforeOrder.envelope?.data).toEqual({
      [loanConfirmWireKeys.contract_url]: `/loanAgreement?productId=${productId}&position=1`,
    });
    // Before an order, the jump names the offer being confirmed, so its documents describe it.
    const offer = await call(endpoints.contractJump, {
      productId: String(productId),
      position: positions.loanAgreement,
      orderId: '0',
      amount: '500000',
      term: '91',
    });
    expect(offer.envelope?.data).toEqual({
      contract_url: `/loanAgreement?productId=${productId}&position=1&amount=500000&term=91`,
    });
    const noSuchAgreement = await call(endpoints.goyaContractJump, {
      productId: String(productId),
      position: '7',
    });
    expect(noSuchAgreement.status).toBe(404);
  });

  it('renders the agreement from the order terms and says what was agreed', async () => {
    const { envelope } = await call(endpoints.agreementDocument, {
      productId: String(productId),
      position: positions.disclosureStatement,
      orderId: String(orderId),
    });
    const doc = envelope!.data as {
      title: string;
      sections: { heading: string; lines: string[]; table?: { rows: string[][] } }[];
      agreed: { version: string; sha256: string } | null;
    };
    expect(doc.title).toBe(messages.agreementDisclosureTitle);
    const text = doc.sections
      .flatMap((section) => [...section.lines, ...(section.table?.rows.flat() ?? [])])
      .join('\n');
    expect(text).toMatch(/Effective interest rate \(EIR\): \d+\.\d\d% a month, \d+\.\d\d% a year/);
    for (const figure of [
      '₱20.000,00',
      '₱3.000,00',
      '₱23.000,00',
      '₱7.666,67',
      '5.00%',
      '₱1.000,00',
      'Kwarta Lending Corporation',
    ]) {
      expect(text).toContain(figure);
    }
    expect(doc.agreed).toMatchObject({ version: agreementVersions.disclosureStatement });
    expect(doc.agreed!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('approves, disburses, then the daily job moves 170 → 174 → 180 and accrues the penalty once a day', async () => {
    const deps = {
      db: t.app.db,
      clock,
      config: t.app.config,
      accountKeys: t.app.accountKeys,
      payouts: t.app.payouts,
    };
    await bindCard(t.app, borrower.session, productId);
    await expect(disburseOrder(deps, orderId, 'operator:test')).rejects.toBeInstanceOf(TransitionRefused);
    expect((await approveOrder(deps, orderId, 'operator:test')).status).toBe(OrderStatus.Approved);
    await expect(rejectOrder(deps, orderId, 'operator:test', 'late')).rejects.toBeInstanceOf(
      TransitionRefused,
    );
    clock.advance(86_400_000); // disbursed the next day: 2026-11-24 in Manila
    const disbursed = await disburseOrder(deps, orderId, 'operator:test');
    expect(disbursed).toMatchObject({ status: 170, disbursed_on: '2026-11-24', due_date: '2026-12-24' });
    const dates = await t.app.db
      .selectFrom('order_plan_lines')
      .select('due_date')
      .where('order_id', '=', orderId)
      .orderBy('seq')
      .execute();
    expect(dates.map((line) => line.due_date)).toEqual(['2026-12-24', '2027-01-23', '2027-02-23']);

    const job = jobRegistry.find((entry) => entry.name === 'order-status-daily')!;
    const runOn = (instant: string) =>
      job.run({ ...t.app, clock } as never, { scheduledAt: new Date(instant), trigger: 'manual' });
    const status = async () =>
      t.app.db
        .selectFrom('orders')
        .select(['status', 'penalty_amount'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();

    expect(await runOn('2026-12-20T15:00:00.000Z')).toMatchObject({ due: 0 }); // 23:00 in Manila, the 20th
    expect(await runOn('2026-12-20T16:30:00.000Z')).toMatchObject({ due: 1 }); // 00:30 on the 21st: 3 days before
    expect(await status()).toEqual({ status: 174, penalty_amount: 0 });

    // (The demo borrower's overdue orders accrue too: counts are for every order.)
    expect(await runOn('2026-12-25T01:00:00.000Z')).toMatchObject({ overdue: 1 });
    const day1 = latePenalty({
      unpaidMinor: 766_667,
      daysOverdue: 1,
      isRepeatClient: false,
      rules: defaultLoanRules,
    });
    expect(await status()).toEqual({ status: 180, penalty_amount: day1.total });
    expect(day1.total).toBe(100_000 + 38_333);
    // The same day again: nothing more.
    expect(await runOn('2026-12-25T09:00:00.000Z')).toEqual({ due: 0, overdue: 0, penalties: 0 });
    expect((await status()).penalty_amount).toBe(day1.total);

    await runOn('2026-12-26T01:00:00.000Z');
    const day2 = latePenalty({
      unpaidMinor: 766_667,
      daysOverdue: 2,
      isRepeatClient: false,
      rules: defaultLoanRules,
    });
    expect((await status()).penalty_amount).toBe(day2.total);
    const accruals = await t.app.db
      .selectFrom('order_penalty_accruals')
      .select(['accrued_on', 'amount'])
      .where('order_id', '=', orderId)
      .orderBy('accrued_on')
      .execute();
    expect(accruals).toEqual([
      { accrued_on: '2026-12-25', amount: day1.total },
      { accrued_on: '2026-12-26', amount: day2.total - day1.total },
    ]);

    const history = await t.app.db
      .selectFrom('order_status_history')
      .select(['from_status', 'to_status', 'actor'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { from_status: null, to_status: 21, actor: `borrower:${borrower.borrowerId}` },
      { from_status: 21, to_status: 151, actor: 'operator:test' },
      { from_status: 151, to_status: 170, actor: 'operator:test' },
      { from_status: 170, to_status: 174, actor: 'job:order-status-daily' },
      { from_status: 174, to_status: 180, actor: 'job:order-status-daily' },
    ]);
  });

  it('rejects with a reason and frees the borrower to apply again', async () => {
    const again = await newBorrower(t.app, '13900000012');
    const push = (n: number) =>
      call(
        endpoints.loanDetailPush,
        {
          productId: String(productId),
          amount: '500000',
          periods: '3',
          termUnit: '1',
          requestId: requestId(n),
        },
        again.session,
      );
    const first = (await push(10)).envelope!.data as { orderId: number };
    const deps = { db: t.app.db, clock, config: t.app.config };
    await expect(rejectOrder(deps, first.orderId, 'operator:test', ' ')).rejects.toBeInstanceOf(
      TransitionRefused,
    );
    const rejected = await rejectOrder(deps, first.orderId, 'operator:test', 'income not verified');
    expect(rejected.status).toBe(110);
    expect((await push(11)).envelope?.code).toBe('00');
  });
});
