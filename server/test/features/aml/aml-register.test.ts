import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, messages } from '@kwarta/contract';
import { callConsole, consoleSignedIn, type ConsoleSession } from '../../support/console.ts';
import { heldPayment } from '../../support/held-payment.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { inTransaction } from '../../../src/db/transaction.ts';
import { recordCoveredTransaction } from '../../../src/features/aml/index.ts';
import { disburseOrder } from '../../../src/features/disbursement/index.ts';
import { postPayment } from '../../../src/features/payments/index.ts';
import { createOperator, hashPassword } from '../../../src/features/operators/index.ts';
import { approvedOrder } from '../../support/orders.ts';

const PASSWORD = 'compliance-password-1';
// ₱1,000: the test orders' ₱2,500 payouts are covered transactions, small repayments are not.
const THRESHOLD = 100_000;

interface Row {
  id: number;
  kind: string;
  borrowerId: number;
  orderId: number | null;
  paymentId: number | null;
  amount: number | null;
  determinedOn: string;
  dueOn: string;
  workingDaysLeft: number | null;
  overdue: boolean;
  report: { by: string; reference: string } | null;
}

describe.each(databaseTargets)('the AML register on %s', (target) => {
  // Tuesday 1 December 2026, 10:00 in Manila; Monday 30 November is Bonifacio Day.
  const clock = testClock('2026-12-01T02:00:00.000Z');
  let t: TestApp;
  let officer: ConsoleSession;
  let credit: ConsoleSession;

  const records = async (filter: Record<string, string> = {}) =>
    (
      (await callConsole(t.app, officer, endpoints.consoleAmlRecords, filter)).envelope!.data as {
        rows: Row[];
      }
    ).rows;
  const count = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('aml_records')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp(target, {
      clock,
      env: { MARKET: 'spec', AML_COVERED_THRESHOLD: String(THRESHOLD) },
    });
    const passwordHash = await hashPassword(PASSWORD);
    for (const [name, role] of [
      ['aml-officer', 'compliance'],
      ['aml-credit', 'credit'],
    ] as const) {
      await createOperator(t.app.db, { name, role, now: clock.now(), passwordHash });
    }
    officer = await consoleSignedIn(t.app, {
      name: 'aml-officer',
      password: PASSWORD,
      address: '198.51.100.90',
    });
    credit = await consoleSignedIn(t.app, {
      name: 'aml-credit',
      password: PASSWORD,
      address: '198.51.100.91',
    });
  }, 120_000);
  afterAll(() => t.close());

  it('flags a suspicious transaction, due 5 working days later across a weekend and a holiday, audited', async () => {
    const { borrowerId, orderId } = await approvedOrder(t, '13900000701');
    // Friday 27 November: Saturday, Sunday and Monday 30 (Bonifacio Day) do not count.
    const flagged = await callConsole(t.app, officer, endpoints.consoleAmlFlag, {
      borrowerId: String(borrowerId),
      orderId: String(orderId),
      narrative: 'Asked twice to disburse to a third party account; income does not match the amount',
      determinedOn: '2026-11-27',
    });
    expect(flagged.status).toBe(200);
    const record = flagged.envelope!.data as Row;
    expect(record).toMatchObject({
      kind: 'suspicious',
      borrowerId,
      orderId,
      paymentId: null,
      determinedOn: '2026-11-27',
      dueOn: '2026-12-07',
      workingDaysLeft: 4,
      overdue: false,
      report: null,
    });
    const audit = await t.app.db
      .selectFrom('operator_audit')
      .select(['action', 'operator_name'])
      .where('subject', '=', `borrower:${borrowerId}`)
      .execute();
    expect(audit).toEqual([{ action: 'aml.flag', operator_name: 'aml-officer' }]);

    // Determined two weeks ago: due Monday 23 November, overdue, listed first.
    const late = await callConsole(t.app, officer, endpoints.consoleAmlFlag, {
      borrowerId: String(borrowerId),
      narrative: 'Structured repayments just under the reporting threshold',
      determinedOn: '2026-11-16',
    });
    expect(late.envelope!.data).toMatchObject({ dueOn: '2026-11-23', overdue: true, workingDaysLeft: 0 });
    const open = await records({ status: 'open', kind: 'suspicious' });
    expect(open[0]!.id).toBe((late.envelope!.data as Row).id);
    expect(open.map((row) => row.id)).toContain(record.id);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const mine = await approvedOrder(t, '13900000702');
    const other = await approvedOrder(t, '13900000703');
    const before = await count();
    const attempts: [Record<string, string>, string][] = [
      [{ narrative: '  ', determinedOn: '2026-11-30' }, messages.amlNarrativeRequired],
      [{ narrative: 'x', determinedOn: '2026-12-02' }, messages.amlDeterminedInFuture],
      [
        { narrative: 'x', determinedOn: '2026-11-30', orderId: String(other.orderId) },
        `Order ${other.orderId} is not a loan of borrower ${mine.borrowerId}.`,
      ],
      [{ narrative: 'x', determinedOn: '2026-11-30', paymentId: '999999' }, 'Payment 999999'],
    ];
    for (const [fields, message] of attempts) {
      const response = await callConsole(t.app, officer, endpoints.consoleAmlFlag, {
        borrowerId: String(mine.borrowerId),
        ...fields,
      });
      expect(response.status).toBe(400);
      expect(response.envelope!.message).toContain(message);
    }
    const noBorrower = await callConsole(t.app, officer, endpoints.consoleAmlFlag, {
      borrowerId: '999999',
      narrative: 'x',
      determinedOn: '2026-11-30',
    });
    expect(noBorrower.envelope!.message).toBe('There is no borrower 999999.');
    const badDate = await callConsole(t.app, officer, endpoints.consoleAmlFlag, {
      borrowerId: String(mine.borrowerId),
      narrative: 'x',
      determinedOn: '27/11/2026',
    });
    expect(badDate.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('marks a record reported once, with who, when and the reference; only compliance sees the desk', async () => {
    const { borrowerId } = await approvedOrder(t, '13900000704');
    const flagged = await callConsole(t.app, officer, endpoints.consoleAmlFlag, {
      borrowerId: String(borrowerId),
      narrative: 'Third-party deposits',
      determinedOn: '2026-11-30',
    });
    const id = String((flagged.envelope!.data as Row).id);
    const blank = await callConsole(t.app, officer, endpoints.consoleAmlReported, {
      recordId: id,
      reference: ' ',
    });
    expect(blank.envelope!.message).toBe(messages.amlReferenceRequired);
    const reported = await callConsole(t.app, officer, endpoints.consoleAmlReported, {
      recordId: id,
      reference: 'STR-2026-000123',
    });
    expect(reported.envelope!.data).toMatchObject({
      report: { by: 'operator:aml-officer', reference: 'STR-2026-000123' },
      workingDaysLeft: null,
      overdue: false,
    });
    const again = await callConsole(t.app, officer, endpoints.consoleAmlReported, {
      recordId: id,
      reference: 'STR-2',
    });
    expect(again.status).toBe(409);
    expect(again.envelope!.message).toBe(messages.amlAlreadyReported);
    const unknown = await callConsole(t.app, officer, endpoints.consoleAmlReported, {
      recordId: '999999',
      reference: 'STR-3',
    });
    expect(unknown.status).toBe(404);
    expect((await records({ status: 'reported' })).map((row) => row.id)).toContain(Number(id));
    expect((await records({ status: 'open' })).map((row) => row.id)).not.toContain(Number(id));
    const audit = await t.app.db
      .selectFrom('operator_audit')
      .select('action')
      .where('subject', '=', `borrower:${borrowerId}`)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['aml.flag', 'aml.reported']);

    for (const endpoint of [endpoints.consoleAmlRecords, endpoints.consoleAmlExport]) {
      expect((await callConsole(t.app, credit, endpoint)).status).toBe(403);
    }
    const denied = await callConsole(t.app, credit, endpoints.consoleAmlFlag, {
      borrowerId: String(borrowerId),
      narrative: 'x',
      determinedOn: '2026-11-30',
    });
    expect(denied.status).toBe(403);
  });

  it('flags a payout and a payment above the threshold once each, none at or below it', async () => {
    const order = await approvedOrder(t, '13900000705');
    await disburseOrder(t.app, order.orderId, 'operator:test');
    await heldPayment(t.app, order, { expected: THRESHOLD, received: THRESHOLD });
    const paymentId = await heldPayment(t.app, order, { expected: THRESHOLD + 1, received: THRESHOLD + 1 });
    const covered = (await records({ kind: 'covered' })).filter((row) => row.borrowerId === order.borrowerId);
    expect(covered.map((row) => [row.orderId, row.paymentId, row.amount])).toEqual([
      [order.orderId, null, 250_000],
      [order.orderId, paymentId, THRESHOLD + 1],
    ]);
    // Counted from the transaction: Tuesday 1 December; 8 December (Immaculate Conception) does not count.
    expect(covered.map((row) => [row.determinedOn, row.dueOn])).toEqual([
      ['2026-12-01', '2026-12-09'],
      ['2026-12-01', '2026-12-09'],
    ]);
  });

  it('flags a covered transaction once under concurrent and replayed events', async () => {
    const order = await approvedOrder(t, '13900000706');
    const event = {
      key: `payment:concurrent-${target}`,
      what: 'payment' as const,
      borrowerId: order.borrowerId,
      orderId: order.orderId,
      amount: THRESHOLD * 5,
      at: clock.now(),
      timeZone: t.config.lenderTimeZone,
      threshold: THRESHOLD,
    };
    await Promise.all(
      Array.from({ length: 6 }, () => inTransaction(t.app.db, (trx) => recordCoveredTransaction(trx, event))),
    );
    const flagged = await t.app.db
      .selectFrom('aml_records')
      .select('id')
      .where('transaction_key', '=', event.key)
      .execute();
    expect(flagged).toHaveLength(1);

    // A provider's postback delivered three times at once: one payment applied, one flag.
    await disburseOrder(t.app, order.orderId, 'operator:test');
    const paymentId = await heldPayment(t.app, order, { expected: THRESHOLD * 2, received: THRESHOLD * 2 });
    const payment = await t.app.db
      .selectFrom('payments')
      .select(['provider', 'txnid'])
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    await Promise.all(
      Array.from({ length: 3 }, () =>
        postPayment(t.app, { ...payment, state: { status: 'paid', amount: THRESHOLD * 2, refNo: 'REPLAY' } }),
      ),
    );
    const flags = await t.app.db
      .selectFrom('aml_records')
      .select('id')
      .where('transaction_key', '=', `payment:${paymentId}`)
      .execute();
    expect(flags).toHaveLength(1);
  });

  it('exports the register as CSV, one row per record with the fields the register shows', async () => {
    const shown = await records();
    const response = await t.app.inject({
      method: 'GET',
      url: `${endpoints.consoleAmlExport.path}?status=&kind=`,
      headers: { cookie: officer.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="aml-register-2026-12-01.csv"',
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'record_id,kind,borrower_id,order_id,payment_id,amount_minor,narrative,determined_on,due_on,overdue,flagged_by,flagged_at,reported_by,reported_at,amlc_reference',
    );
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(shown.map((row) => row.id));
    expect(response.body).toContain('STR-2026-000123');
    const suspiciousOnly = await t.app.inject({
      method: 'GET',
      url: `${endpoints.consoleAmlExport.path}?kind=suspicious`,
      headers: { cookie: officer.cookie },
    });
    expect(
      suspiciousOnly.body
        .split('\r\n')
        .slice(1, -1)
        .every((line) => line.split(',')[1] === 'suspicious'),
    ).toBe(true);
  });
});
