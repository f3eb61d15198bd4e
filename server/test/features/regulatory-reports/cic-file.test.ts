import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus } from '@kwarta/domain';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import {
  generateCicFile,
  listCicSubmissions,
  markCicSubmissionSent,
  type CicIdentity,
} from '../../../src/features/regulatory-reports/index.ts';
import { cicBook } from '../../../src/features/orders/index.ts';

/**
 * Decision 0106: the CIC's monthly submission file of a small book — an active, a closed, a
 * closed-in-advance, an overdue and a written-off loan — is exactly the expected file, and is kept in
 * the history. October 2026 is reported on 5 November, 10:00 in Manila.
 */
describe.each(databaseTargets)('CIC submission file on %s', (target) => {
  const clock = testClock('2026-11-05T02:00:00.000Z');
  const PROVIDER = 'KWARTA01';
  let t: TestApp;
  let outDir: string;
  const names: Record<string, number> = {};

  /** A borrower with a loan of ₱2,500.00 in two instalments of ₱1,300.00 fifteen days apart. */
  async function loan(
    fullName: string,
    phone: string,
    order: {
      no: string;
      status: number;
      disbursedOn: string;
      dueDates: [string, string];
      paid: string[];
      settledAt?: string;
      writtenOffAt?: string;
    },
  ) {
    const at = '2026-06-01T00:00:00.000Z';
    const borrower = await t.app.db
      .insertInto('borrowers')
      .values({ phone, full_name: fullName, is_repeat_client: 0, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    names[fullName] = borrower.id;
    const product = await t.app.db.selectFrom('products').select('id').executeTakeFirstOrThrow();
    const { id } = await t.app.db
      .insertInto('orders')
      .values({
        order_no: order.no,
        borrower_id: borrower.id,
        product_id: product.id,
        status: order.status,
        principal: 250_000,
        total_due: 260_000,
        paid_amount: order.paid.length * 130_000,
        term_days: 30,
        periods: 2,
        collection_complaints_allowed: 0,
        applied_at: `${order.disbursedOn}T01:00:00.000Z`,
        disbursed_on: order.disbursedOn,
        due_date: order.dueDates[1],
        settled_at: order.settledAt ?? null,
        written_off_at: order.writtenOffAt ?? null,
        created_at: at,
        updated_at: at,
        request_id: null,
        withdraw_confirmed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('order_plan_lines')
      .values(
        order.dueDates.map((dueDate, index) => ({
          order_id: id,
          seq: index + 1,
          due_date: dueDate,
          principal: 125_000,
          interest: 5_000,
          amount: 130_000,
          paid_amount: index < order.paid.length ? 130_000 : 0,
        })),
      )
      .execute();
    for (const [index, paidAt] of order.paid.entries())
      await t.app.db
        .insertInto('payments')
        .values({
          provider: 'sandbox',
          txnid: `${order.no}-${index}`,
          order_id: id,
          borrower_id: borrower.id,
          kind: 'repayment',
          expected_amount: 130_000,
          received_amount: 130_000,
          channel: 'GCSH',
          status: 'paid',
          extension_days: null,
          open_key: null,
          expires_at: paidAt,
          created_at: paidAt,
          updated_at: paidAt,
          paid_at: paidAt,
          refund_account_id: null,
        })
        .execute();
  }

  /**
   * Identity handed in, so the golden file checks the mapping of records alone; cic-identity.test.ts
   * checks the identity feature's verified identities as the default source.
   */
  const identities = async (ids: readonly number[]) =>
    new Map<number, CicIdentity>(
      ids.map((id) => [
        id,
        {
          gender: id % 2 === 0 ? 'M' : 'F',
          birthDate: '1990-04-15',
          address: '12 Rizal St, Brgy San Roque, Quezon City, Metro Manila 1100',
          identification: { type: '10', number: `12345678${id}` },
        },
      ]),
    );

  beforeAll(async () => {
    t = await createTestApp(target, { clock, env: { CIC_PROVIDER_CODE: PROVIDER } });
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cic-'));
    // The demo's loans are not part of this small book.
    await t.app.db.updateTable('orders').set({ status: OrderStatus.Rejected }).execute();
    // Active: disbursed 10 October, the first instalment paid on 24 October, the second due 9 November.
    await loan('Maria Clara Santos', '09170000001', {
      no: 'ACTIVE1',
      status: OrderStatus.Repaying,
      disbursedOn: '2026-10-10',
      dueDates: ['2026-10-25', '2026-11-09'],
      paid: ['2026-10-24T03:00:00.000Z'],
    });
    // Closed: paid on its due dates, settled on the last one, 1 October.
    await loan('Jose Reyes', '09170000002', {
      no: 'CLOSED1',
      status: OrderStatus.Settled,
      disbursedOn: '2026-09-01',
      dueDates: ['2026-09-16', '2026-10-01'],
      paid: ['2026-09-15T03:00:00.000Z', '2026-10-01T04:00:00.000Z'],
      settledAt: '2026-10-01T04:00:00.000Z',
    });
    // Closed in advance: both instalments paid on 12 October, before the last due date (31 October).
    await loan('Ana Cruz', '09170000003', {
      no: 'EARLY1',
      status: OrderStatus.Settled,
      disbursedOn: '2026-10-01',
      dueDates: ['2026-10-16', '2026-10-31'],
      paid: ['2026-10-12T03:00:00.000Z', '2026-10-12T03:00:00.000Z'],
      settledAt: '2026-10-12T03:00:00.000Z',
    });
    // Overdue: the second instalment, due 10 October, unpaid at the month's end: 21 days late.
    await loan('Pedro Garcia', '09170000004', {
      no: 'LATE1',
      status: OrderStatus.Overdue,
      disbursedOn: '2026-09-10',
      dueDates: ['2026-09-25', '2026-10-10'],
      paid: ['2026-09-25T03:00:00.000Z'],
    });
    // Written off on 20 October, nothing ever paid: still owed, 107 days late at the month's end.
    await loan('Luz Bautista', '09170000005', {
      no: 'WRITTEN1',
      status: OrderStatus.WrittenOff,
      disbursedOn: '2026-07-01',
      dueDates: ['2026-07-16', '2026-07-31'],
      paid: [],
      writtenOffAt: '2026-10-20T02:00:00.000Z',
    });
    // Not in October's file: settled in September (sent closed in September's file) ...
    await loan('Gloria Mendoza', '09170000006', {
      no: 'SEPTEMBER1',
      status: OrderStatus.Settled,
      disbursedOn: '2026-08-20',
      dueDates: ['2026-09-04', '2026-09-19'],
      paid: ['2026-09-04T03:00:00.000Z', '2026-09-19T03:00:00.000Z'],
      settledAt: '2026-09-19T03:00:00.000Z',
    });
    // ... and disbursed in November.
    await loan('Ramon Dela Cruz', '09170000007', {
      no: 'NOVEMBER1',
      status: OrderStatus.Repaying,
      disbursedOn: '2026-11-02',
      dueDates: ['2026-11-17', '2026-12-02'],
      paid: [],
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  /** A record of `count` fields: the given positions (1-based, the template's numbers) filled, the rest empty. */
  const record = (count: number, filled: Record<number, string>) =>
    Array.from({ length: count }, (_, k) => filled[k + 1] ?? '').join('|');

  /** An ID record: names from the borrower row, the rest from identity, the phone as contact 1. */
  const subject = (fullName: string, first: string, last: string, phone: string) => {
    const id = names[fullName]!;
    return record(123, {
      1: 'ID',
      2: PROVIDER,
      4: '31102026', // subject reference date: the month's last day, DDMMYYYY
      5: String(id), // provider subject no: the borrower's stable id
      7: first, // first name: the name but its last word
      8: last, // last name: the name's last word
      13: id % 2 === 0 ? 'M' : 'F', // gender (identity)
      14: '15041990', // date of birth (identity)
      32: 'MI', // address 1 type: main
      33: '12 Rizal St, Brgy San Roque, Quezon City, Metro Manila 1100', // full address (identity)
      54: '10', // identification 1 type: TIN (identity)
      55: `12345678${id}`,
      78: '3', // contact 1 type: mobile phone
      79: phone,
    });
  };

  /** A CI record: what is common to the five loans, then what tells them apart. */
  const contract = (fullName: string, no: string, own: Record<number, string>) =>
    record(143, {
      1: 'CI',
      2: PROVIDER,
      4: '31102026', // contract reference date
      5: String(names[fullName]),
      6: 'B', // role: borrower
      7: no, // provider contract no: the order number
      8: '20', // contract type: personal instalment loan
      11: 'PHP',
      18: '2500', // financed amount: the principal, whole pesos
      19: '2', // number of instalments
      20: 'NA', // transaction type: new application
      21: '99', // purpose: personal
      22: 'F', // periodicity: every 15 days (30 days, 2 instalments)
      23: 'OT', // payment method
      24: '1300', // instalment amount
      ...own,
    });

  it('writes exactly the expected file and keeps it in the history', async () => {
    const result = await generateCicFile(t.app.db, {
      month: '2026-10',
      correction: false,
      providerCode: PROVIDER,
      outDir,
      timeZone: 'Asia/Manila',
      now: clock.now(),
      generatedBy: 'operator:finance',
      identities,
      batchSize: 2, // several pages of borrowers, as a large book reads them
    });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    // <provider>_CSDF_<YYYYMMDDhhmmss>.txt, 10:00 in Manila.
    expect(result.submission.fileName).toBe('KWARTA01_CSDF_20261105100000.txt');

    const expected = [
      // HD: provider code, file reference date (the month's last day), version 1.0, submission type 0 (regular).
      record(6, { 1: 'HD', 2: PROVIDER, 3: '31102026', 4: '1.0', 5: '0' }),
      subject('Maria Clara Santos', 'Maria Clara', 'Santos', '09170000001'),
      contract('Maria Clara Santos', 'ACTIVE1', {
        9: 'AC', // phase: active
        13: '10102026', // start: disbursed 10 October
        14: '10102026', // request: applied the same day
        15: '09112026', // planned end: the last instalment's due date
        17: '24102026', // last payment date
        25: '25102026', // first payment date: the first instalment's due date
        26: '1300', // last payment amount
        27: '09112026', // next payment: the instalment still owed
        28: '1300',
        29: '1', // outstanding payments number
        30: '1300', // outstanding balance
        31: '0', // overdue payments: none
        32: '0',
        33: '0',
      }),
      subject('Jose Reyes', 'Jose', 'Reyes', '09170000002'),
      contract('Jose Reyes', 'CLOSED1', {
        9: 'CL', // phase: closed on its planned end
        13: '01092026',
        14: '01092026',
        15: '01102026',
        16: '01102026', // actual end: settled 1 October
        17: '01102026',
        25: '16092026',
        26: '1300',
        29: '0', // nothing outstanding: balance and payments both zero
        30: '0',
        31: '0',
        32: '0',
        33: '0',
      }),
      subject('Ana Cruz', 'Ana', 'Cruz', '09170000003'),
      contract('Ana Cruz', 'EARLY1', {
        9: 'CA', // phase: closed in advance (12 October, planned 31 October)
        13: '01102026',
        14: '01102026',
        15: '31102026',
        16: '12102026',
        17: '12102026',
        25: '16102026',
        26: '1300',
        29: '0',
        30: '0',
        31: '0',
        32: '0',
        33: '0',
      }),
      subject('Pedro Garcia', 'Pedro', 'Garcia', '09170000004'),
      contract('Pedro Garcia', 'LATE1', {
        9: 'AC',
        13: '10092026',
        14: '10092026',
        15: '10102026',
        17: '25092026',
        25: '25092026',
        26: '1300',
        27: '10102026', // next payment: the late instalment, still the next to pay
        28: '1300',
        29: '1',
        30: '1300',
        31: '1', // overdue payments number and amount
        32: '1300',
        33: '21', // overdue days: 10 → 31 October
      }),
      subject('Luz Bautista', 'Luz', 'Bautista', '09170000005'),
      contract('Luz Bautista', 'WRITTEN1', {
        9: 'AC', // still owed: the borrower may pay a written-off loan
        10: 'WO', // contract status: written off (code to confirm with the CIC)
        13: '01072026',
        14: '01072026',
        15: '31072026',
        25: '16072026',
        27: '16072026',
        28: '1300',
        29: '2',
        30: '2600',
        31: '2',
        32: '2600',
        33: '107', // 16 July → 31 October
      }),
      // FT: provider code, file reference date, 10 detail records (5 ID + 5 CI).
      record(4, { 1: 'FT', 2: PROVIDER, 3: '31102026', 4: '10' }),
    ]
      .map((line) => `${line}\n`)
      .join('');
    const written = fs.readFileSync(result.submission.filePath);
    expect(written.toString('utf8')).toBe(expected);
    // UTF-8 without a byte-order mark.
    expect(written.subarray(0, 3).toString('hex')).not.toBe('efbbbf');
    // No temporary file is left beside it.
    expect(fs.readdirSync(outDir)).toEqual(['KWARTA01_CSDF_20261105100000.txt']);

    const [kept] = await listCicSubmissions(t.app.db);
    expect(kept).toMatchObject({
      month: '2026-10',
      correction: false,
      sha256: createHash('sha256').update(written).digest('hex'),
      byteSize: written.length,
      subjects: 5,
      contracts: 5,
      generatedBy: 'operator:finance',
      sentBy: null,
    });

    // Marked sent once: a second mark keeps the first sender.
    const sent = await markCicSubmissionSent(t.app.db, kept!.id, 'operator:finance', clock.now());
    expect(sent).toMatchObject({ sentBy: 'operator:finance', sentAt: clock.now().toISOString() });
    const again = await markCicSubmissionSent(t.app.db, kept!.id, 'operator:other', new Date());
    expect(again!.sentBy).toBe('operator:finance');
  });

  it('a correction of a past month is submission type 1, kept in the history as one', async () => {
    const result = await generateCicFile(t.app.db, {
      month: '2026-10',
      correction: true,
      providerCode: PROVIDER,
      outDir,
      timeZone: 'Asia/Manila',
      now: new Date('2026-11-05T02:00:01.000Z'),
      generatedBy: 'cli',
      identities,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const header = fs.readFileSync(result.submission.filePath, 'utf8').split('\n')[0];
    expect(header).toBe('HD|KWARTA01|31102026|1.0|1|');
    expect((await listCicSubmissions(t.app.db))[0]).toMatchObject({ correction: true, generatedBy: 'cli' });
  });

  it('without a verified identity, writes nothing and lists which borrower lacks which field', async () => {
    const before = fs.readdirSync(outDir);
    const result = await generateCicFile(t.app.db, {
      month: '2026-10',
      correction: false,
      providerCode: PROVIDER,
      outDir,
      timeZone: 'Asia/Manila',
      now: new Date('2026-11-05T02:00:02.000Z'),
      generatedBy: 'cli',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;

    const ana = `ID subject ${names['Ana Cruz']}`;
    const missing = result.errors
      .filter((error) => error.record === ana)
      .map((error) => `${error.field} ${error.rule}`);
    expect(missing).toEqual([
      'ID13 Gender mandatory',
      'ID14 Date of birth mandatory',
      'ID33 Address 1: full address mandatory',
      'ID55 Identification 1: number no-identification',
    ]);
    // Five borrowers, four fields each; the contracts are fine.
    expect(result.errorCount).toBe(20);
    expect(fs.readdirSync(outDir)).toEqual(before);
    expect(await listCicSubmissions(t.app.db)).toHaveLength(2);
  });

  it('refuses a month that has not ended', async () => {
    await expect(
      generateCicFile(t.app.db, {
        month: '2026-11',
        correction: false,
        providerCode: PROVIDER,
        outDir,
        timeZone: 'Asia/Manila',
        now: clock.now(),
        generatedBy: 'cli',
      }),
    ).rejects.toThrow('2026-11 has not ended yet');
  });

  it('reads each borrower once, in ascending id order, with all their contracts, at any page size', async () => {
    // The validator finds a contract sent twice by remembering the current subject's contracts only,
    // and a subject out of order (decision 0106): the book's order is what makes that enough. A
    // second loan of the first borrower, made after every other loan, still comes with the first.
    const { id: _id, ...first } = await t.app.db
      .selectFrom('orders')
      .selectAll()
      .where('order_no', '=', 'ACTIVE1')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('orders')
      .values({ ...first, order_no: 'ACTIVE2' })
      .execute();
    const october = {
      referenceDate: '2026-10-31',
      startsAt: '2026-09-30T16:00:00.000Z',
      endsBefore: '2026-10-31T16:00:00.000Z',
    };
    for (const batchSize of [1, 2, 500]) {
      const read: [number, string[]][] = [];
      for await (const borrower of cicBook(t.app.db, october, batchSize))
        read.push([borrower.borrowerId, borrower.contracts.map((contract) => contract.orderNo)]);
      expect(read, `pages of ${batchSize}`).toEqual([
        [names['Maria Clara Santos'], ['ACTIVE1', 'ACTIVE2']],
        [names['Jose Reyes'], ['CLOSED1']],
        [names['Ana Cruz'], ['EARLY1']],
        [names['Pedro Garcia'], ['LATE1']],
        [names['Luz Bautista'], ['WRITTEN1']],
      ]);
    }
  });
});
