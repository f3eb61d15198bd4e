import { addDays, calendarDateAt, repayingStatuses, zonedInstant, type CalendarDate } from '@kwarta/domain';
import { sql, type Kysely } from 'kysely';
import type { StandardReportName } from '@kwarta/contract';
import type { Database } from '../../db/schema.ts';
import {
  keptAgingByOldestDue,
  keptExpectedByDueDate,
  type AgingDay,
  type ExpectedDay,
} from '../portfolio/index.ts';

/**
 * The standard reports a lender runs the business on (decision 0110): aging of receivables by
 * days past due, expected repayments by day and week, the disbursement register, collections by
 * collector and payments by channel. Each is one grouped query (the database sums, not Node), is
 * dated in the lender's time zone and says when it was computed; the console's CSV and
 * `npm run report -- <name>` print the same rows. Aging and expected repayments read the
 * portfolio's kept summaries (decision 0118), so they cost the same whatever the size of the book.
 */

export interface ReportContext {
  timeZone: string;
  now: Date;
}

/** Every report's header: what it covers, in which zone, computed when. */
export interface ReportHeader {
  report: StandardReportName;
  timeZone: string;
  computedAt: string;
  from: CalendarDate;
  to: CalendarDate;
}

export { standardReportNames, type StandardReportName } from '@kwarta/contract';

export interface StandardReport {
  header: ReportHeader;
  columns: string[];
  /** The columns that are amounts, in centavos in the rows and the CSV; printed in the market's money. */
  money: string[];
  rows: (string | number)[][];
}

const sum = (value: number | string | null | undefined) => Number(value ?? 0);

/** The UTC instants bounding lender days `from` through `to`. */
function instants(from: CalendarDate, to: CalendarDate, timeZone: string) {
  return {
    from: zonedInstant(from, 0, timeZone).toISOString(),
    to: zonedInstant(addDays(to, 1), 0, timeZone).toISOString(),
  };
}

/** Days-past-due buckets: the oldest unpaid instalment's lateness. */
export const agingBuckets = [
  { label: 'current', minDays: null },
  { label: '1-30', minDays: 1 },
  { label: '31-60', minDays: 31 },
  { label: '61-90', minDays: 61 },
  { label: '91-180', minDays: 91 },
  { label: '181+', minDays: 181 },
] as const;

/**
 * Where the aging and expected repayments read their figures: the summaries the money events keep
 * (decision 0118, the reports' source) or the raw plan lines (the tests' oracle). Both answer per
 * day, so one function below buckets and lays out the rows whichever answered.
 */
export interface ReportSource {
  agingByOldestDue(db: Kysely<Database>): Promise<AgingDay[]>;
  expectedByDueDate(db: Kysely<Database>, from: CalendarDate, to: CalendarDate): Promise<ExpectedDay[]>;
}

/**
 * The raw computation (decision 0110): a pass over every repaying loan's plan lines, seconds at a
 * million orders. Kept as the oracle the kept summaries are tested against.
 */
export const fromPlanLines: ReportSource = {
  async agingByOldestDue(db) {
    const perOrder = db
      .selectFrom('order_plan_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .where('o.status', 'in', [...repayingStatuses])
      .where(sql<boolean>`l.principal + l.interest > l.principal_paid + l.interest_paid`)
      .groupBy(['l.order_id', 'o.penalty_amount', 'o.penalty_paid'])
      .select((eb) => [
        'l.order_id',
        eb.fn.min('l.due_date').as('oldest_due'),
        sql<number>`sum(l.principal - l.principal_paid)`.as('principal_owed'),
        sql<number>`sum(l.interest - l.interest_paid)`.as('charges_owed'),
        sql<number>`o.penalty_amount - o.penalty_paid`.as('penalty_owed'),
      ]);
    return db
      .selectFrom(perOrder.as('p'))
      .select([
        sql<CalendarDate>`oldest_due`.as('day'),
        sql<number>`count(*)`.as('loans'),
        sql<number>`sum(principal_owed)`.as('principal'),
        sql<number>`sum(charges_owed)`.as('charges'),
        sql<number>`sum(penalty_owed)`.as('penalty'),
      ])
      .groupBy('oldest_due')
      .execute();
  },
  expectedByDueDate(db, from, to) {
    return db
      .selectFrom('order_plan_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .where('o.status', 'in', [...repayingStatuses])
      .where('l.due_date', '>=', from)
      .where('l.due_date', '<=', to)
      .where(sql<boolean>`l.principal + l.interest > l.principal_paid + l.interest_paid`)
      .groupBy('l.due_date')
      .select([
        'l.due_date as day',
        sql<number>`count(*)`.as('instalments'),
        sql<number>`sum(l.principal + l.interest - l.principal_paid - l.interest_paid)`.as('amount'),
      ])
      .execute();
  },
};

/** The summaries the money events keep (decision 0118): a grouped read of a few hundred rows. */
export const fromKeptSummaries: ReportSource = {
  agingByOldestDue: keptAgingByOldestDue,
  expectedByDueDate: keptExpectedByDueDate,
};

/** The bucket of a loan whose oldest unpaid instalment fell due on `oldestDue`, as of `today`. */
export function agingBucketOf(oldestDue: CalendarDate, today: CalendarDate): string {
  // Most overdue first: a bucket's lower bound in days past due is an upper bound on the date.
  for (const bucket of [...agingBuckets].reverse()) {
    if (bucket.minDays === null || oldestDue <= addDays(today, -bucket.minDays)) return bucket.label;
  }
  return 'current';
}

/**
 * What repaying loans (170/174/180) still owe on their plan lines, by the days past due of each
 * loan's oldest instalment with principal or interest unpaid, as of the lender's today: loans,
 * principal and charges owed, and penalty owed. Written-off loans are not receivables any more
 * (decision 0103).
 */
export async function agingReport(
  db: Kysely<Database>,
  context: ReportContext,
  source: ReportSource = fromKeptSummaries,
): Promise<StandardReport> {
  const today = calendarDateAt(context.now, context.timeZone);
  const byBucket = new Map<string, number[]>(agingBuckets.map(({ label }) => [label, [0, 0, 0, 0]]));
  for (const row of await source.agingByOldestDue(db)) {
    const figures = byBucket.get(agingBucketOf(row.day, today))!;
    [row.loans, row.principal, row.charges, row.penalty].forEach((value, index) => {
      figures[index]! += sum(value);
    });
  }
  return {
    header: header('aging', context, today, today),
    columns: [
      'bucket_days_past_due',
      'loans',
      'principal_owed',
      'charges_owed',
      'penalty_owed',
      'total_owed',
    ],
    money: ['principal_owed', 'charges_owed', 'penalty_owed', 'total_owed'],
    rows: agingBuckets.map(({ label }) => {
      const [loans, ...owed] = byBucket.get(label)!;
      return [label, loans!, ...owed, owed.reduce((a, b) => a + b, 0)];
    }),
  };
}

/**
 * What repaying loans' plan lines fall due each day from the lender's today for `days` days
 * (default 28), and the week each day belongs to (weeks from today): instalments and amount
 * (principal and interest) still unpaid on them.
 */
export async function expectedRepaymentsReport(
  db: Kysely<Database>,
  context: ReportContext,
  source: ReportSource = fromKeptSummaries,
  days = 28,
): Promise<StandardReport> {
  const today = calendarDateAt(context.now, context.timeZone);
  const last = addDays(today, days - 1);
  const byDay = new Map((await source.expectedByDueDate(db, today, last)).map((row) => [row.day, row]));
  return {
    header: header('expected-repayments', context, today, last),
    columns: ['due_date', 'week', 'instalments', 'amount_due'],
    money: ['amount_due'],
    rows: Array.from({ length: days }, (_, index) => {
      const date = addDays(today, index);
      const row = byDay.get(date);
      return [date, Math.floor(index / 7) + 1, sum(row?.instalments), sum(row?.amount)];
    }),
  };
}

/** Every payout paid between two lender days: when, which order, how much, through whom, its reference. */
export async function disbursementRegister(
  db: Kysely<Database>,
  context: ReportContext,
  range: { from: CalendarDate; to: CalendarDate },
): Promise<StandardReport> {
  const span = instants(range.from, range.to, context.timeZone);
  const rows = await db
    .selectFrom('disbursements as d')
    .innerJoin('orders as o', 'o.id', 'd.order_id')
    .where('d.status', '=', 'sent')
    .where('d.updated_at', '>=', span.from)
    .where('d.updated_at', '<', span.to)
    .orderBy('d.updated_at')
    .orderBy('d.id')
    .select([
      'd.updated_at',
      'o.id',
      'o.order_no',
      'o.principal',
      'd.amount',
      'd.provider',
      'd.reference',
      'd.actor',
    ])
    .limit(100_000)
    .execute();
  return {
    header: header('disbursements', context, range.from, range.to),
    columns: [
      'paid_on',
      'order_id',
      'order_no',
      'principal',
      'amount_paid_out',
      'provider',
      'reference',
      'by',
    ],
    money: ['principal', 'amount_paid_out'],
    rows: rows.map((row) => [
      calendarDateAt(new Date(row.updated_at), context.timeZone),
      row.id,
      row.order_no,
      row.principal,
      row.amount,
      row.provider,
      row.reference ?? '',
      row.actor,
    ]),
  };
}

/** Money received between two lender days on loans assigned to a collector, by collector. */
export async function collectionsByCollector(
  db: Kysely<Database>,
  context: ReportContext,
  range: { from: CalendarDate; to: CalendarDate },
): Promise<StandardReport> {
  const span = instants(range.from, range.to, context.timeZone);
  const rows = await db
    .selectFrom('payments as p')
    .innerJoin('collection_assignments as a', 'a.order_id', 'p.order_id')
    .innerJoin('operators as op', 'op.id', 'a.operator_id')
    .where('p.status', 'in', ['paid', 'reversed'])
    .where('p.received_at', '>=', span.from)
    .where('p.received_at', '<', span.to)
    .groupBy('op.name')
    .orderBy('op.name')
    .select([
      'op.name',
      sql<number>`count(distinct p.order_id)`.as('loans'),
      sql<number>`count(*)`.as('payments'),
      sql<number>`sum(case when p.status = 'paid' then p.received_amount else 0 end)`.as('collected'),
      sql<number>`sum(case when p.status = 'reversed' then p.received_amount else 0 end)`.as('reversed'),
    ])
    .execute();
  return {
    header: header('collections-by-collector', context, range.from, range.to),
    columns: ['collector', 'loans_paying', 'payments', 'collected', 'reversed_since'],
    money: ['collected', 'reversed_since'],
    rows: rows.map((row) => [
      row.name,
      sum(row.loans),
      sum(row.payments),
      sum(row.collected),
      sum(row.reversed),
    ]),
  };
}

/** Money received between two lender days by provider and channel (a manual repayment's channel is its own). */
export async function paymentsByChannel(
  db: Kysely<Database>,
  context: ReportContext,
  range: { from: CalendarDate; to: CalendarDate },
): Promise<StandardReport> {
  const span = instants(range.from, range.to, context.timeZone);
  const rows = await db
    .selectFrom('payments as p')
    .where('p.status', 'in', ['paid', 'held', 'returning', 'returned', 'reversed'])
    .where('p.received_at', '>=', span.from)
    .where('p.received_at', '<', span.to)
    .groupBy(['p.provider', 'p.channel'])
    .orderBy('p.provider')
    .orderBy('p.channel')
    .select([
      'p.provider',
      'p.channel',
      sql<number>`count(*)`.as('payments'),
      sql<number>`sum(coalesce(p.received_amount, 0))`.as('received'),
      sql<number>`sum(case when p.status = 'reversed' then p.received_amount else 0 end)`.as('reversed'),
    ])
    .execute();
  return {
    header: header('payments-by-channel', context, range.from, range.to),
    columns: ['provider', 'channel', 'payments', 'received', 'reversed_since'],
    money: ['received', 'reversed_since'],
    rows: rows.map((row) => [
      row.provider,
      row.channel,
      sum(row.payments),
      sum(row.received),
      sum(row.reversed),
    ]),
  };
}

function header(
  report: StandardReportName,
  context: ReportContext,
  from: CalendarDate,
  to: CalendarDate,
): ReportHeader {
  return { report, timeZone: context.timeZone, computedAt: context.now.toISOString(), from, to };
}

/** Runs a report by name; ranged reports default to the lender's last 30 days. */
export function standardReport(
  db: Kysely<Database>,
  context: ReportContext,
  name: StandardReportName,
  range?: { from?: CalendarDate; to?: CalendarDate },
): Promise<StandardReport> {
  const today = calendarDateAt(context.now, context.timeZone);
  const span = { from: range?.from ?? addDays(today, -29), to: range?.to ?? today };
  switch (name) {
    case 'aging':
      return agingReport(db, context);
    case 'expected-repayments':
      return expectedRepaymentsReport(db, context);
    case 'disbursements':
      return disbursementRegister(db, context, span);
    case 'collections-by-collector':
      return collectionsByCollector(db, context, span);
    case 'payments-by-channel':
      return paymentsByChannel(db, context, span);
  }
}
