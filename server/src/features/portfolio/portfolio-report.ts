import { sql, type Kysely } from 'kysely';
import {
  addDays,
  calendarDateAt,
  cohortCurves,
  repayingStatuses,
  parDueOnOrBefore,
  parThresholds,
  portfolioAtRiskFrom,
  sumByPeriod,
  type CalendarDate,
  type CohortCurve,
  type ParThreshold,
  type Period,
  type PortfolioAtRisk,
} from '@kwarta/domain';
import type { Database } from '../../db/schema.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { textTable } from '../../lib/text-table.ts';
import { campaignBorrowerIds } from '../promotion/index.ts';

/**
 * The portfolio a lender reads (decision 0099): outstanding principal, portfolio at risk, disbursed
 * and collected per period, collection rate, first-payment default, repayment curves by
 * disbursement cohort. Read from orders, plan lines and payments with sums in the database; the
 * rules that shape the sums are the domain's (packages/domain/src/portfolio.ts).
 */

/** Loans still owing: repaying, due, overdue. */
const LIVE = [...repayingStatuses];

/** First-payment default: the first instalment still unpaid this many days after it fell due. */
export const FIRST_PAYMENT_DEFAULT_DAYS = 30;

export interface PortfolioFilter {
  productId?: number;
  /** The campaign the borrower registered through (registrations.utm_tag). */
  utmTag?: string;
}

export interface PortfolioQuery {
  /** The lender's today (LENDER_TIME_ZONE). */
  today: CalendarDate;
  timeZone: string;
  period: Period;
  /** The first day of the disbursed and collected series and of the collection rate. */
  from: CalendarDate;
  filter: PortfolioFilter;
}

export interface PortfolioReport {
  today: CalendarDate;
  period: Period;
  from: CalendarDate;
  atRisk: PortfolioAtRisk;
  /** Per period (named by its first day): principal disbursed, and payments collected. */
  flows: { start: CalendarDate; disbursed: number; collected: number }[];
  /** Of instalments due from `from` to today: what they asked and what has been paid of it. */
  collection: { due: number; paid: number; rate: number };
  firstPaymentDefault: { days: number; loans: number; defaulted: number; rate: number };
  cohorts: CohortCurve[];
}

/** Orders of the filter's product and campaign; every query below starts from it. */
function filteredOrders(db: Kysely<Database>, filter: PortfolioFilter) {
  let orders = db.selectFrom('orders');
  if (filter.productId !== undefined) orders = orders.where('orders.product_id', '=', filter.productId);
  if (filter.utmTag !== undefined)
    orders = orders.where('orders.borrower_id', 'in', campaignBorrowerIds(db, filter.utmTag));
  return orders;
}

/** Outstanding principal and PAR1/7/30/90, as one pass over the live loans' plan lines. */
async function portfolioAtRiskOf(db: Kysely<Database>, query: PortfolioQuery): Promise<PortfolioAtRisk> {
  const standings = filteredOrders(db, query.filter)
    .innerJoin('order_plan_lines as line', 'line.order_id', 'orders.id')
    .where('orders.status', 'in', LIVE)
    .select((eb) => [
      'orders.id',
      eb.fn.sum<number>(sql`line.principal - line.principal_paid`).as('outstanding'),
      eb.fn
        .min(
          eb.case().when('line.paid_amount', '<', eb.ref('line.amount')).then(eb.ref('line.due_date')).end(),
        )
        .as('oldest_unpaid_due'),
    ])
    .groupBy('orders.id')
    .as('standing');
  const atRiskSum = (days: ParThreshold) =>
    sql<number>`coalesce(sum(case when standing.oldest_unpaid_due <= ${parDueOnOrBefore(query.today, days)} then standing.outstanding else 0 end), 0)`;
  const row = await db
    .selectFrom(standings)
    .select([
      sql<number>`coalesce(sum(standing.outstanding), 0)`.as('outstanding'),
      atRiskSum(1).as('par1'),
      atRiskSum(7).as('par7'),
      atRiskSum(30).as('par30'),
      atRiskSum(90).as('par90'),
    ])
    .executeTakeFirstOrThrow();
  return portfolioAtRiskFrom(Number(row.outstanding), {
    1: Number(row.par1),
    7: Number(row.par7),
    30: Number(row.par30),
    90: Number(row.par90),
  });
}

/**
 * Principal disbursed per day, and payments collected per lender's day: paid_at is an instant, so
 * it is summed by UTC hour in the database and each hour dated in the lender's time zone here.
 */
async function flowsOf(db: Kysely<Database>, query: PortfolioQuery): Promise<PortfolioReport['flows']> {
  const disbursed = await filteredOrders(db, query.filter)
    .where('orders.disbursed_on', '>=', query.from)
    .where('orders.disbursed_on', '<=', query.today)
    .select((eb) => ['orders.disbursed_on as day', eb.fn.sum<number>('orders.principal').as('amount')])
    .groupBy('orders.disbursed_on')
    .execute();
  const hour = sql<string>`substr(payments.paid_at, 1, 13)`;
  const collected = await filteredOrders(db, query.filter)
    .innerJoin('payments', 'payments.order_id', 'orders.id')
    .where('payments.status', '=', 'paid')
    // A day's margin on each side: the lender's day may start or end in another UTC day.
    .where('payments.paid_at', '>=', addDays(query.from, -1))
    .where('payments.paid_at', '<', addDays(query.today, 2))
    .select((eb) => [hour.as('hour'), eb.fn.sum<number>('payments.received_amount').as('amount')])
    .groupBy(hour)
    .execute();
  const collectedDays = collected
    .map((row) => ({ date: lenderDay(row.hour, query.timeZone), amount: Number(row.amount) }))
    .filter((row) => row.date >= query.from && row.date <= query.today);
  const out = sumByPeriod(
    disbursed.map((row) => ({ date: row.day!, amount: Number(row.amount) })),
    query.period,
  );
  const inn = sumByPeriod(collectedDays, query.period);
  const starts = [...new Set([...out, ...inn].map((row) => row.start))].sort();
  const amountAt = (rows: { start: string; amount: number }[], start: string) =>
    rows.find((row) => row.start === start)?.amount ?? 0;
  return starts.map((start) => ({ start, disbursed: amountAt(out, start), collected: amountAt(inn, start) }));
}

/** Of instalments of disbursed loans due from `from` to today: asked, and paid so far. */
async function collectionOf(
  db: Kysely<Database>,
  query: PortfolioQuery,
): Promise<PortfolioReport['collection']> {
  const row = await filteredOrders(db, query.filter)
    .innerJoin('order_plan_lines as line', 'line.order_id', 'orders.id')
    .where('orders.disbursed_on', 'is not', null)
    .where('line.due_date', '>=', query.from)
    .where('line.due_date', '<=', query.today)
    .select([
      sql<number>`coalesce(sum(line.amount), 0)`.as('due'),
      sql<number>`coalesce(sum(line.paid_amount), 0)`.as('paid'),
    ])
    .executeTakeFirstOrThrow();
  const due = Number(row.due);
  const paid = Number(row.paid);
  return { due, paid, rate: due === 0 ? 0 : paid / due };
}

/** Loans whose first instalment fell due at least FIRST_PAYMENT_DEFAULT_DAYS ago, and of them those it is still unpaid on. */
async function firstPaymentDefaultOf(
  db: Kysely<Database>,
  query: PortfolioQuery,
): Promise<PortfolioReport['firstPaymentDefault']> {
  const row = await filteredOrders(db, query.filter)
    .innerJoin('order_plan_lines as line', 'line.order_id', 'orders.id')
    .where('orders.disbursed_on', 'is not', null)
    .where('line.seq', '=', 1)
    .where('line.due_date', '<=', addDays(query.today, -FIRST_PAYMENT_DEFAULT_DAYS))
    .select([
      sql<number>`count(*)`.as('loans'),
      sql<number>`coalesce(sum(case when line.paid_amount < line.amount then 1 else 0 end), 0)`.as(
        'defaulted',
      ),
    ])
    .executeTakeFirstOrThrow();
  const loans = Number(row.loans);
  const defaulted = Number(row.defaulted);
  return { days: FIRST_PAYMENT_DEFAULT_DAYS, loans, defaulted, rate: loans === 0 ? 0 : defaulted / loans };
}

/**
 * What each disbursement-month cohort owes, and what it paid month by month. A cohort is a month
 * of the lender's dates (disbursed_on); payments are dated the same way, summed by UTC hour in the
 * database and each hour dated in the lender's time zone here, as the flows are: a payment at
 * 01:00 on the 1st in Manila is that month's, not the previous month's by its UTC date.
 */
async function cohortsOf(db: Kysely<Database>, query: PortfolioQuery): Promise<CohortCurve[]> {
  const cohort = sql<string>`substr(orders.disbursed_on, 1, 7)`;
  const owed = await filteredOrders(db, query.filter)
    .where('orders.disbursed_on', 'is not', null)
    .select((eb) => [cohort.as('cohort'), eb.fn.sum<number>('orders.total_due').as('due')])
    .groupBy(cohort)
    .execute();
  const hour = sql<string>`substr(payments.paid_at, 1, 13)`;
  const paid = await filteredOrders(db, query.filter)
    .innerJoin('payments', 'payments.order_id', 'orders.id')
    .where('orders.disbursed_on', 'is not', null)
    .where('payments.status', '=', 'paid')
    .select((eb) => [
      cohort.as('cohort'),
      hour.as('hour'),
      eb.fn.sum<number>('payments.received_amount').as('amount'),
    ])
    .groupBy([cohort, hour])
    .execute();
  return cohortCurves(
    owed.map((row) => ({ cohort: row.cohort, due: Number(row.due) })),
    paid.map((row) => ({
      cohort: row.cohort,
      month: lenderDay(row.hour, query.timeZone).slice(0, 7),
      amount: Number(row.amount),
    })),
    query.today,
  );
}

/** The lender's date of a UTC hour as the database cuts it from an instant (`2026-11-30T17`). */
function lenderDay(utcHour: string, timeZone: string): CalendarDate {
  return calendarDateAt(new Date(`${utcHour}:00:00Z`), timeZone);
}

export async function portfolioReport(db: Kysely<Database>, query: PortfolioQuery): Promise<PortfolioReport> {
  const [atRisk, flows, collection, firstPaymentDefault, cohorts] = await Promise.all([
    portfolioAtRiskOf(db, query),
    flowsOf(db, query),
    collectionOf(db, query),
    firstPaymentDefaultOf(db, query),
    cohortsOf(db, query),
  ]);
  return {
    today: query.today,
    period: query.period,
    from: query.from,
    atRisk,
    flows,
    collection,
    firstPaymentDefault,
    cohorts,
  };
}

/** The portfolio as `npm run report -- portfolio` prints it: figures, flows, PAR, cohorts. */
export function formatPortfolio(report: PortfolioReport, amount: (minor: number) => string): string {
  const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
  const { atRisk, collection, firstPaymentDefault: fpd } = report;
  const par = textTable(
    ['Bucket', 'Principal at risk', 'Share'],
    parThresholds.map((days) => [
      `PAR${days}`,
      amount(atRisk.par[days].amount),
      percent(atRisk.par[days].ratio),
    ]),
    1,
  );
  const flows = textTable(
    [`${report.period} from`, 'Disbursed', 'Collected'],
    report.flows.map((row) => [row.start, amount(row.disbursed), amount(row.collected)]),
    1,
  );
  const months = Math.max(0, ...report.cohorts.map((cohort) => cohort.collected.length));
  const cohorts = textTable(
    ['Cohort', 'Owes', ...Array.from({ length: months }, (_, month) => `M${month}`)],
    report.cohorts.map((cohort) => [
      cohort.cohort,
      amount(cohort.due),
      ...Array.from({ length: months }, (_, month) =>
        cohort.collected[month] === undefined ? '' : percent(cohort.collected[month]),
      ),
    ]),
    1,
  );
  return [
    `Portfolio as of ${report.today} (flows from ${report.from})`,
    '',
    `Outstanding principal   ${amount(atRisk.outstandingPrincipal)}`,
    `Collection rate         ${percent(collection.rate)} (${amount(collection.paid)} paid of ${amount(collection.due)} due)`,
    `First-payment default   ${percent(fpd.rate)} (${fpd.defaulted} of ${fpd.loans} loans, ${fpd.days} days)`,
    '',
    par,
    '',
    flows,
    '',
    'Collected by month since disbursement (share of what each cohort owes)',
    cohorts,
  ].join('\n');
}

/** One figure of the portfolio, as its CSV carries it: long form, for a pivot table. */
interface PortfolioFigure {
  section: string;
  key: string;
  measure: string;
  value: number;
}

export const portfolioCsvColumns: CsvColumn<PortfolioFigure>[] = [
  { header: 'section', cell: (row) => row.section },
  { header: 'key', cell: (row) => row.key },
  { header: 'measure', cell: (row) => row.measure },
  { header: 'value', cell: (row) => row.value },
];

/** Every figure of the report, one a line: amounts in minor units, shares as fractions. */
export function portfolioCsvRows(report: PortfolioReport): PortfolioFigure[] {
  const figure = (section: string, key: string, measure: string, value: number) => ({
    section,
    key,
    measure,
    value,
  });
  return [
    figure('at_risk', report.today, 'outstanding_principal_minor', report.atRisk.outstandingPrincipal),
    ...parThresholds.flatMap((days) => [
      figure('at_risk', `PAR${days}`, 'amount_minor', report.atRisk.par[days].amount),
      figure('at_risk', `PAR${days}`, 'ratio', report.atRisk.par[days].ratio),
    ]),
    figure('collection', report.from, 'due_minor', report.collection.due),
    figure('collection', report.from, 'paid_minor', report.collection.paid),
    figure('collection', report.from, 'rate', report.collection.rate),
    figure(
      'first_payment_default',
      `${report.firstPaymentDefault.days} days`,
      'loans',
      report.firstPaymentDefault.loans,
    ),
    figure(
      'first_payment_default',
      `${report.firstPaymentDefault.days} days`,
      'defaulted',
      report.firstPaymentDefault.defaulted,
    ),
    figure(
      'first_payment_default',
      `${report.firstPaymentDefault.days} days`,
      'rate',
      report.firstPaymentDefault.rate,
    ),
    ...report.flows.flatMap((flow) => [
      figure(`flows_by_${report.period}`, flow.start, 'disbursed_minor', flow.disbursed),
      figure(`flows_by_${report.period}`, flow.start, 'collected_minor', flow.collected),
    ]),
    ...report.cohorts.flatMap((cohort) => [
      figure('cohorts', cohort.cohort, 'due_minor', cohort.due),
      ...cohort.collected.map((share, month) =>
        figure('cohorts', cohort.cohort, `collected_ratio_month_${month}`, share),
      ),
    ]),
  ];
}
