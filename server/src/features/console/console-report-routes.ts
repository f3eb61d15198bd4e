import type { FastifyInstance } from 'fastify';
import { addDays, calendarDateAt } from '@kwarta/domain';
import { endpoints } from '@kwarta/contract';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { LenderWideCache } from '../../lib/lender-wide-cache.ts';
import { portfolioReport, productNames } from '../orders/index.ts';

/**
 * The reports screens' calls (issue 24): the portfolio, seen from the lender's today. Its sums read
 * the whole book (a million orders: seconds on PostgreSQL, bench:console), so an instance keeps
 * each computed portfolio for PORTFOLIO_CACHE_MS, keyed by the lender's day and the query: the
 * screen answers in milliseconds, shows payments within that time, and a new day is computed anew.
 * Concurrent first requests share one computation (LenderWideCache keeps the promise).
 */
export function consoleReportCalls(app: FastifyInstance): void {
  const computed = new LenderWideCache(app.config.portfolioCacheMs);
  registerEndpoint(app, endpoints.consolePortfolio, async (input) => {
    const timeZone = app.config.lenderTimeZone;
    const today = calendarDateAt(app.clock.now(), timeZone);
    const query = {
      today,
      timeZone,
      period: input.period,
      from: input.from ?? addDays(today, -365),
      filter: { productId: input.productId, utmTag: input.utmTag },
    };
    const [report, products] = await Promise.all([
      computed.read(JSON.stringify(query), () => portfolioReport(app.db, query)),
      productNames(app.db),
    ]);
    return { ...report, products };
  });
}
