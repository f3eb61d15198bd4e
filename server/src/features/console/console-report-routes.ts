import type { FastifyInstance } from 'fastify';
import { addDays, calendarDateAt } from '@kwarta/domain';
import { endpoints, type EndpointParsedRequest } from '@kwarta/contract';
import { ApiError } from '../../lib/api-error.ts';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { LenderWideCache } from '../../lib/lender-wide-cache.ts';
import { csvDownload } from '../../lib/csv.ts';
import { findOrderByIdOrNo, orderStatusText } from '../orders/index.ts';
import { portfolioCsvColumns, portfolioCsvRows, portfolioReport } from '../portfolio/index.ts';
import { productNames } from '../products/index.ts';
import { orderStatement, statementCsvColumns, trialBalance } from '../ledger/index.ts';
import {
  dailyReconciliation,
  reconciliationCsvColumns,
  reconciliationCsvRows,
} from '../reconciliation/index.ts';

/**
 * The trial balance as of `date`, or of the lender's today: the screen and its CSV export read
 * the same one, named with the lender's chart of accounts.
 */
export async function consoleTrialBalance(app: FastifyInstance, date: string | undefined) {
  const asOf = date ?? calendarDateAt(app.clock.now(), app.config.lenderTimeZone);
  const balance = await trialBalance(app.db, { date: asOf, chart: app.config.ledgerAccounts });
  return { ...balance, date: asOf };
}

/**
 * The reports screens' calls (decision 0099): the portfolio, the ledger and the day's reconciliation,
 * seen from the lender's today. The portfolio's sums read the whole book (a million orders:
 * seconds on PostgreSQL, bench:console), so an instance keeps each computed portfolio for
 * PORTFOLIO_CACHE_MS, keyed by the lender's day and the query: the screen answers in milliseconds,
 * shows payments within that time, and a new day is computed anew. Concurrent first requests share
 * one computation (LenderWideCache keeps the promise).
 */
type ConsoleRequest<Name extends keyof typeof endpoints> = EndpointParsedRequest<(typeof endpoints)[Name]>;

export function consoleReportCalls(app: FastifyInstance): void {
  // Past PORTFOLIO_CACHE_MS the kept portfolio is still served, for three times as long, while one
  // recomputation runs behind it: only the first view of a query (per instance and lender day), or
  // one after it went unread that long, waits seconds at a million orders. The screen shows when its
  // figures were computed.
  const computed = new LenderWideCache(app.config.portfolioCacheMs, {
    servesStaleForMs: 3 * app.config.portfolioCacheMs,
  });
  /** The portfolio of a query, kept; the screen and its CSV read the same one. */
  const portfolio = (input: ConsoleRequest<'consolePortfolio'>) => {
    const timeZone = app.config.lenderTimeZone;
    const today = calendarDateAt(app.clock.now(), timeZone);
    const query = {
      today,
      timeZone,
      period: input.period,
      from: input.from ?? addDays(today, -365),
      filter: { productId: input.productId, utmTag: input.utmTag },
    };
    return computed.read(JSON.stringify(query), async () => ({
      ...(await portfolioReport(app.db, query)),
      computedAt: app.clock.now().toISOString(),
    }));
  };
  const statement = async (input: ConsoleRequest<'consoleOrderStatement'>) => {
    const order = await findOrderByIdOrNo(app.db, input.order);
    if (!order) throw ApiError.notFound();
    const lines = await orderStatement(app.db, order.id, { chart: app.config.ledgerAccounts });
    return {
      orderId: order.id,
      orderNo: order.order_no,
      status: order.status,
      statusText: orderStatusText(order.status),
      writtenOffAt: order.written_off_at,
      lines,
    };
  };
  const reconciliation = (input: ConsoleRequest<'consoleReconciliation'>) => {
    const timeZone = app.config.lenderTimeZone;
    const yesterday = addDays(calendarDateAt(app.clock.now(), timeZone), -1);
    return dailyReconciliation(app.db, { date: input.date ?? yesterday, timeZone });
  };

  registerEndpoint(app, endpoints.consolePortfolio, async (input) => {
    const [report, products] = await Promise.all([portfolio(input), productNames(app.db)]);
    return { ...report, products };
  });
  registerEndpoint(app, endpoints.consoleTrialBalance, (input) => consoleTrialBalance(app, input.date));
  registerEndpoint(app, endpoints.consoleOrderStatement, statement);
  registerEndpoint(app, endpoints.consoleReconciliation, reconciliation);

  // Each report as CSV: the same figures as its screen.
  registerEndpoint(app, endpoints.consoleExportPortfolio, async (input, { reply }) => {
    const report = await portfolio(input);
    return csvDownload(
      reply,
      `portfolio-${report.today}-by-${report.period}.csv`,
      portfolioCsvColumns,
      portfolioCsvRows(report),
    );
  });
  registerEndpoint(app, endpoints.consoleExportStatement, async (input, { reply }) => {
    const { orderNo, lines } = await statement(input);
    return csvDownload(reply, `statement-${orderNo}.csv`, statementCsvColumns, lines);
  });
  registerEndpoint(app, endpoints.consoleExportReconciliation, async (input, { reply }) => {
    const report = await reconciliation(input);
    return csvDownload(
      reply,
      `reconciliation-${report.date}.csv`,
      reconciliationCsvColumns,
      reconciliationCsvRows(report),
    );
  });
}
