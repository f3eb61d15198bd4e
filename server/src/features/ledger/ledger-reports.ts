import {
  chartOfAccounts,
  receivablesOf,
  type ChartOverrides,
  type JournalLine,
  type NormalSide,
  type Receivables,
} from '@kwarta/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { CsvColumn } from '../../lib/csv.ts';

export interface TrialBalanceRow {
  account: string;
  code: string;
  name: string;
  normal: NormalSide;
  /** One of the two is the account's balance, the other 0. */
  debit: number;
  credit: number;
}

export interface TrialBalance {
  /** Entries dated up to and including this date; null for everything. */
  date: string | null;
  rows: TrialBalanceRow[];
  totalDebits: number;
  totalCredits: number;
}

const sum = (value: number | string | bigint | null) => Number(value ?? 0);

/**
 * Each account's balance from every line dated on or before `date` (one grouped scan of the
 * (account, entry_date) index), named with the lender's codes. Debits and credits are equal
 * whenever every entry balanced; the report shows both totals rather than assume it.
 */
export async function trialBalance(
  db: Kysely<Database>,
  options: { date?: string | null; chart?: ChartOverrides } = {},
): Promise<TrialBalance> {
  let query = db
    .selectFrom('journal_lines')
    .select((eb) => [
      'account',
      eb.fn.sum<number | string>('debit').as('debit'),
      eb.fn.sum<number | string>('credit').as('credit'),
    ])
    .groupBy('account');
  if (options.date) query = query.where('entry_date', '<=', options.date);
  const chart = chartOfAccounts(options.chart);
  const rows = (await query.execute())
    .map((row): TrialBalanceRow => {
      const net = sum(row.debit) - sum(row.credit);
      const account = chart.describe(row.account);
      return {
        account: row.account,
        code: account?.code ?? row.account,
        name: account?.name ?? row.account,
        normal: account?.normal ?? 'debit',
        debit: net > 0 ? net : 0,
        credit: net < 0 ? -net : 0,
      };
    })
    .sort((a, b) => a.code.localeCompare(b.code));
  return {
    date: options.date ?? null,
    rows,
    totalDebits: rows.reduce((total, row) => total + row.debit, 0),
    totalCredits: rows.reduce((total, row) => total + row.credit, 0),
  };
}

export interface StatementLine {
  entryId: number;
  entryDate: string;
  postedAt: string;
  kind: string;
  memo: string;
  paymentId: number | null;
  providerRef: string | null;
  account: string;
  /** The account's name in the lender's chart. */
  accountName: string;
  debit: number;
  credit: number;
  /** What the loan owes after this line: the running sum of its receivable accounts. */
  owed: number;
}

/** A loan's statement: every line of its entries by date, with what it owes after each. */
export async function orderStatement(
  db: Kysely<Database>,
  orderId: number,
  options: { chart?: ChartOverrides } = {},
): Promise<StatementLine[]> {
  const chart = chartOfAccounts(options.chart);
  const rows = await db
    .selectFrom('journal_lines')
    .innerJoin('journal_entries', 'journal_entries.id', 'journal_lines.entry_id')
    .select([
      'journal_lines.entry_id',
      'journal_lines.entry_date',
      'journal_entries.posted_at',
      'journal_entries.kind',
      'journal_entries.memo',
      'journal_entries.payment_id',
      'journal_entries.provider_ref',
      'journal_lines.account',
      'journal_lines.debit',
      'journal_lines.credit',
    ])
    .where('journal_lines.order_id', '=', orderId)
    // By the day the event happened: a loan rebuilt from its history gets entries later than
    // those its live events booked, dated earlier.
    .orderBy('journal_lines.entry_date')
    .orderBy('journal_lines.entry_id')
    .orderBy('journal_lines.id')
    .execute();
  let owed = 0;
  return rows.map((row) => {
    if (row.account.startsWith('receivable:')) owed += row.debit - row.credit;
    return {
      entryId: row.entry_id,
      entryDate: row.entry_date,
      postedAt: row.posted_at,
      kind: row.kind,
      memo: row.memo,
      paymentId: row.payment_id,
      providerRef: row.provider_ref,
      account: row.account,
      accountName: chart.describe(row.account)?.name ?? row.account,
      debit: row.debit,
      credit: row.credit,
      owed,
    };
  });
}

/** A loan's statement as CSV: each journal line, with what the loan owes after it. */
export const statementCsvColumns: CsvColumn<StatementLine>[] = [
  { header: 'entry_date', cell: (line) => line.entryDate },
  { header: 'entry_id', cell: (line) => line.entryId },
  { header: 'kind', cell: (line) => line.kind },
  { header: 'memo', cell: (line) => line.memo },
  { header: 'payment_id', cell: (line) => line.paymentId },
  { header: 'provider_ref', cell: (line) => line.providerRef },
  { header: 'account', cell: (line) => line.account },
  { header: 'account_name', cell: (line) => line.accountName },
  { header: 'debit_minor', cell: (line) => line.debit },
  { header: 'credit_minor', cell: (line) => line.credit },
  { header: 'owed_minor', cell: (line) => line.owed },
];

/** The trial balance as a CSV export's rows: each account, then a row of the totals. */
export const trialBalanceCsvColumns: CsvColumn<
  Pick<TrialBalanceRow, 'code' | 'name' | 'account' | 'debit' | 'credit'>
>[] = [
  { header: 'code', cell: (row) => row.code },
  { header: 'name', cell: (row) => row.name },
  { header: 'account', cell: (row) => row.account },
  { header: 'debit_minor', cell: (row) => row.debit },
  { header: 'credit_minor', cell: (row) => row.credit },
];

export function trialBalanceCsvRows(balance: TrialBalance) {
  return [
    ...balance.rows,
    { code: '', name: 'Total', account: '', debit: balance.totalDebits, credit: balance.totalCredits },
  ];
}

/** What the journal says each order owes, by receivable (for the rebuild's check and write-off). */
export async function receivablesByOrder(
  db: Kysely<Database>,
  orderIds?: readonly number[],
): Promise<Map<number, Receivables>> {
  let query = db
    .selectFrom('journal_lines')
    .select((eb) => [
      'order_id',
      'account',
      eb.fn.sum<number | string>('debit').as('debit'),
      eb.fn.sum<number | string>('credit').as('credit'),
    ])
    .where('order_id', 'is not', null)
    .where('account', 'like', 'receivable:%')
    .groupBy(['order_id', 'account']);
  if (orderIds) {
    if (orderIds.length === 0) return new Map();
    query = query.where('order_id', 'in', orderIds);
  }
  const lines = new Map<number, JournalLine[]>();
  for (const row of await query.execute()) {
    const list = lines.get(row.order_id!) ?? [];
    list.push({ account: row.account, debit: sum(row.debit), credit: sum(row.credit) });
    lines.set(row.order_id!, list);
  }
  return new Map([...lines].map(([orderId, list]) => [orderId, receivablesOf(list)]));
}

/** Each account's balance (debits − credits), for comparisons such as cash per provider. */
export async function accountBalancesNow(db: Kysely<Database>): Promise<Map<string, number>> {
  const balance = await trialBalance(db);
  return new Map(balance.rows.map((row) => [row.account, row.debit - row.credit]));
}

/** Cash the journal booked for one payment to one provider on one day (reconciliation's side). */
export interface PaymentCashBooking {
  paymentId: number;
  /** The provider of the cash account (`cash:<provider>`). */
  provider: string;
  entryDate: string;
  amount: number;
}

const CASH_PREFIX = 'cash:';

/**
 * What arrived for payments, as booked: the net of each payment's cash lines, by provider and day,
 * for the payments booked on `date` and for `paymentIds` on any day. A return of a held payment
 * (kind refund) is money going out through the payout provider, not a receipt, so it is left out.
 */
export async function paymentCashBookings(
  db: Kysely<Database>,
  input: { date: string; paymentIds: readonly number[] },
): Promise<PaymentCashBooking[]> {
  const receipts = () =>
    db
      .selectFrom('journal_lines')
      .innerJoin('journal_entries', 'journal_entries.id', 'journal_lines.entry_id')
      .where('journal_lines.account', 'like', `${CASH_PREFIX}%`)
      .where('journal_entries.payment_id', 'is not', null)
      // Money going back out (a return, a reversed payment, decision 0110) is not a receipt.
      .where('journal_entries.kind', 'not in', ['refund', 'payment_reversal']);
  const bookedOnDate = await receipts()
    .select('journal_entries.payment_id')
    .distinct()
    .where('journal_lines.entry_date', '=', input.date)
    .execute();
  const ids = [...new Set([...input.paymentIds, ...bookedOnDate.map((row) => row.payment_id!)])];
  const rows: PaymentCashBooking[] = [];
  // In slices, so a busy day stays within SQLite's bound-parameter limit.
  for (let start = 0; start < ids.length; start += 5000) {
    const slice = ids.slice(start, start + 5000);
    const found = await receipts()
      .select((eb) => [
        'journal_entries.payment_id',
        'journal_lines.account',
        'journal_lines.entry_date',
        eb.fn.sum<number | string>(eb('journal_lines.debit', '-', eb.ref('journal_lines.credit'))).as('net'),
      ])
      .where('journal_entries.payment_id', 'in', slice)
      .groupBy(['journal_entries.payment_id', 'journal_lines.account', 'journal_lines.entry_date'])
      .execute();
    for (const row of found) {
      const amount = sum(row.net);
      if (amount === 0) continue;
      rows.push({
        paymentId: row.payment_id!,
        provider: row.account.slice(CASH_PREFIX.length),
        entryDate: row.entry_date,
        amount,
      });
    }
  }
  return rows;
}

/** How many journal entries there are (a seeding's or a migration's summary). */
export async function journalEntryCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('journal_entries')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
