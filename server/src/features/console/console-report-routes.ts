import type { FastifyInstance } from 'fastify';
import { addDays, calendarDateAt } from '@kwarta/domain';
import { endpoints, type EndpointParsedRequest } from '@kwarta/contract';
import { registerPersonalDataRead } from '../data-privacy/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { csvDownload } from '../../lib/csv.ts';
import { findOrderByIdOrNo, orderStatusText } from '../orders/index.ts';
import { portfolioCsvColumns, portfolioCsvRows, summarizedPortfolio } from '../portfolio/index.ts';
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
 * seen from the lender's today. The portfolio is read from the summaries the money events keep
 * (decision 0111): a sum over a few hundred rows whatever the book's size, so every view is as
 * fresh as the last committed payment and nothing is kept between requests.
 */
type ConsoleRequest<Name extends keyof typeof endpoints> = EndpointParsedRequest<(typeof endpoints)[Name]>;

export function consoleReportCalls(app: FastifyInstance): void {
  /** The portfolio of a query; the screen and its CSV read the same one. */
  const portfolio = async (input: ConsoleRequest<'consolePortfolio'>) => {
    const today = calendarDateAt(app.clock.now(), app.config.lenderTimeZone);
    const report = await summarizedPortfolio(app.db, {
      today,
      period: input.period,
      from: input.from ?? addDays(today, -365),
      filter: { productId: input.productId, utmTag: input.utmTag },
    });
    return { ...report, computedAt: app.clock.now().toISOString() };
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
  // The screen and its CSV show the same statement: the same read in the access log.
  const statementRead = {
    what: 'statement',
    read: statement,
    subjects: (shown: Awaited<ReturnType<typeof statement>>) => ({
      orderIds: [shown.orderId],
      detail: shown.orderNo,
    }),
  };
  registerPersonalDataRead(app, endpoints.consoleOrderStatement, statementRead);
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
  registerPersonalDataRead(app, endpoints.consoleExportStatement, {
    ...statementRead,
    respond: ({ orderNo, lines }, { reply }) =>
      csvDownload(reply, `statement-${orderNo}.csv`, statementCsvColumns, lines),
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
