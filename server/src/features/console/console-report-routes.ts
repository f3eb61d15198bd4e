import type { FastifyInstance } from 'fastify';
import { addDays, calendarDateAt } from '@kwarta/domain';
import { endpoints } from '@kwarta/contract';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { portfolioReport, productNames } from '../orders/index.ts';
import { dailyReconciliation } from '../reconciliation/index.ts';

/** The reports screens' calls (issue 24): the portfolio and reconciliation, seen from the lender's today. */
export function consoleReportCalls(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.consolePortfolio, async (input) => {
    const timeZone = app.config.lenderTimeZone;
    const today = calendarDateAt(app.clock.now(), timeZone);
    const [report, products] = await Promise.all([
      portfolioReport(app.db, {
        today,
        timeZone,
        period: input.period,
        from: input.from ?? addDays(today, -365),
        filter: { productId: input.productId, utmTag: input.utmTag },
      }),
      productNames(app.db),
    ]);
    return { ...report, products };
  });

  registerEndpoint(app, endpoints.consoleReconciliation, async (input) => {
    const timeZone = app.config.lenderTimeZone;
    const yesterday = addDays(calendarDateAt(app.clock.now(), timeZone), -1);
    return dailyReconciliation(app.db, { date: input.date ?? yesterday, timeZone });
  });
}
