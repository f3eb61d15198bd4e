import { sql, type Kysely } from 'kysely';
import {
  addDays,
  cohortCurves,
  parDueOnOrBefore,
  portfolioAtRiskFrom,
  sumByPeriod,
  type CalendarDate,
  type CohortCurve,
  type ParThreshold,
  type Period,
  type PortfolioAtRisk,
} from '@kwarta/domain';
import type { Database } from '../../db/schema.ts';
import { PortfolioFigure } from './portfolio-contributions.ts';

/**
 * The portfolio read from its summaries (decision 0111): each figure a sum over a few hundred
 * rows of portfolio_sums (days × products × campaigns), whatever the size of the book, so the
 * first view answers as fast as the next and nothing is kept between requests. The figures are
 * those of the computation from the raw rows (features/orders/portfolio-report.ts), which the
 * property test holds them to.
 */

/** First-payment default: the first instalment still unpaid this many days after it fell due. */
const FIRST_PAYMENT_DEFAULT_DAYS = 30;

export interface SummarizedPortfolioQuery {
  /** The lender's today (LENDER_TIME_ZONE, the zone the summaries were dated in). */
  today: CalendarDate;
  period: Period;
  /** The first day of the disbursed and collected series and of the collection rate. */
  from: CalendarDate;
  filter: { productId?: number; utmTag?: string };
}

export interface SummarizedPortfolio {
  today: CalendarDate;
  period: Period;
  from: CalendarDate;
  atRisk: PortfolioAtRisk;
  flows: { start: CalendarDate; disbursed: number; collected: number }[];
  collection: { due: number; paid: number; rate: number };
  firstPaymentDefault: { days: number; loans: number; defaulted: number; rate: number };
  cohorts: CohortCurve[];
}

export async function summarizedPortfolio(
  db: Kysely<Database>,
  query: SummarizedPortfolioQuery,
): Promise<SummarizedPortfolio> {
  const sums = (figures: PortfolioFigure[]) => {
    let rows = db.selectFrom('portfolio_sums').where('figure', 'in', figures);
    if (query.filter.productId !== undefined) rows = rows.where('product_id', '=', query.filter.productId);
    if (query.filter.utmTag !== undefined) rows = rows.where('utm_tag', '=', query.filter.utmTag);
    return rows;
  };
  const total = (figure: PortfolioFigure, onOrBefore?: CalendarDate) =>
    onOrBefore === undefined
      ? sql<string | number>`coalesce(sum(case when figure = ${figure} then amount else 0 end), 0)`
      : sql<
          string | number
        >`coalesce(sum(case when figure = ${figure} and day <= ${onOrBefore} then amount else 0 end), 0)`;
  const atRiskOn = (days: ParThreshold) => total(PortfolioFigure.AtRisk, parDueOnOrBefore(query.today, days));
  const fpdDay = addDays(query.today, -FIRST_PAYMENT_DEFAULT_DAYS);
  const [risk, flows, collection, fpd, owed, paid] = await Promise.all([
    sums([PortfolioFigure.Outstanding, PortfolioFigure.AtRisk])
      .select([
        total(PortfolioFigure.Outstanding).as('outstanding'),
        atRiskOn(1).as('par1'),
        atRiskOn(7).as('par7'),
        atRiskOn(30).as('par30'),
        atRiskOn(90).as('par90'),
      ])
      .executeTakeFirstOrThrow(),
    sums([PortfolioFigure.Disbursed, PortfolioFigure.Collected])
      .where('day', '>=', query.from)
      .where('day', '<=', query.today)
      .select((eb) => ['figure', 'day', eb.fn.sum<string | number>('amount').as('amount')])
      .groupBy(['figure', 'day'])
      .execute(),
    sums([PortfolioFigure.Due, PortfolioFigure.DuePaid])
      .where('day', '>=', query.from)
      .where('day', '<=', query.today)
      .select([total(PortfolioFigure.Due).as('due'), total(PortfolioFigure.DuePaid).as('paid')])
      .executeTakeFirstOrThrow(),
    sums([PortfolioFigure.FirstDue, PortfolioFigure.FirstDueUnpaid])
      .where('day', '<=', fpdDay)
      .select([
        total(PortfolioFigure.FirstDue).as('loans'),
        total(PortfolioFigure.FirstDueUnpaid).as('defaulted'),
      ])
      .executeTakeFirstOrThrow(),
    sums([PortfolioFigure.CohortDue])
      .select((eb) => ['day', eb.fn.sum<string | number>('amount').as('amount')])
      .groupBy('day')
      .having((eb) => eb.fn.sum('amount'), '<>', 0)
      .execute(),
    sums([PortfolioFigure.CohortPaid])
      .select((eb) => ['day', 'month', eb.fn.sum<string | number>('amount').as('amount')])
      .groupBy(['day', 'month'])
      .execute(),
  ]);

  const byDay = (figure: PortfolioFigure) =>
    flows
      .filter((row) => row.figure === figure && Number(row.amount) !== 0)
      .map((row) => ({ date: row.day, amount: Number(row.amount) }));
  const out = sumByPeriod(byDay(PortfolioFigure.Disbursed), query.period);
  const inn = sumByPeriod(byDay(PortfolioFigure.Collected), query.period);
  const starts = [...new Set([...out, ...inn].map((row) => row.start))].sort();
  const amountAt = (rows: { start: string; amount: number }[], start: string) =>
    rows.find((row) => row.start === start)?.amount ?? 0;

  const due = Number(collection.due);
  const paidDue = Number(collection.paid);
  const loans = Number(fpd.loans);
  const defaulted = Number(fpd.defaulted);
  return {
    today: query.today,
    period: query.period,
    from: query.from,
    atRisk: portfolioAtRiskFrom(Number(risk.outstanding), {
      1: Number(risk.par1),
      7: Number(risk.par7),
      30: Number(risk.par30),
      90: Number(risk.par90),
    }),
    flows: starts.map((start) => ({
      start,
      disbursed: amountAt(out, start),
      collected: amountAt(inn, start),
    })),
    collection: { due, paid: paidDue, rate: due === 0 ? 0 : paidDue / due },
    firstPaymentDefault: {
      days: FIRST_PAYMENT_DEFAULT_DAYS,
      loans,
      defaulted,
      rate: loans === 0 ? 0 : defaulted / loans,
    },
    cohorts: cohortCurves(
      owed.map((row) => ({ cohort: row.day, due: Number(row.amount) })),
      paid.map((row) => ({ cohort: row.day, month: row.month, amount: Number(row.amount) })),
      query.today,
    ),
  };
}

/** Aging's figures for the live loans whose oldest instalment with principal or interest unpaid fell due on `day`. */
export interface AgingDay {
  day: CalendarDate;
  loans: number | string;
  principal: number | string;
  charges: number | string;
  penalty: number | string;
}

/** Expected repayments' figures for one due date: live loans' unpaid instalments and their principal and interest unpaid. */
export interface ExpectedDay {
  day: CalendarDate;
  instalments: number | string;
  amount: number | string;
}

const figureSum = (figure: PortfolioFigure) =>
  sql<string | number>`coalesce(sum(case when figure = ${figure} then amount else 0 end), 0)`;

/** The standard reports' aging per aging day (decision 0118), from the kept sums of every product and campaign. */
export async function keptAgingByOldestDue(db: Kysely<Database>): Promise<AgingDay[]> {
  return db
    .selectFrom('portfolio_sums')
    .where('figure', 'in', [
      PortfolioFigure.AgingLoans,
      PortfolioFigure.AgingPrincipal,
      PortfolioFigure.AgingCharges,
      PortfolioFigure.AgingPenalty,
    ])
    .groupBy('day')
    .select([
      'day',
      figureSum(PortfolioFigure.AgingLoans).as('loans'),
      figureSum(PortfolioFigure.AgingPrincipal).as('principal'),
      figureSum(PortfolioFigure.AgingCharges).as('charges'),
      figureSum(PortfolioFigure.AgingPenalty).as('penalty'),
    ])
    .execute();
}

/** The standard reports' expected repayments per due date from `from` to `to` (decision 0118), from the kept sums. */
export async function keptExpectedByDueDate(
  db: Kysely<Database>,
  from: CalendarDate,
  to: CalendarDate,
): Promise<ExpectedDay[]> {
  return db
    .selectFrom('portfolio_sums')
    .where('figure', 'in', [PortfolioFigure.Expected, PortfolioFigure.ExpectedInstalments])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .select([
      'day',
      figureSum(PortfolioFigure.ExpectedInstalments).as('instalments'),
      figureSum(PortfolioFigure.Expected).as('amount'),
    ])
    .execute();
}
