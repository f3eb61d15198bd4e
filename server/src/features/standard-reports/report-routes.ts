import type { FastifyInstance } from 'fastify';
import { endpoints } from '@kwarta/contract';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { standardReport } from './standard-reports.ts';
import { standardReportCsv } from './report-text.ts';

/** The console's standard reports (decision 0110): the same function `npm run report` prints. */
export function consoleStandardReportCalls(app: FastifyInstance): void {
  const report = (input: { name: Parameters<typeof standardReport>[2]; from: string; to: string }) =>
    standardReport(app.db, { timeZone: app.config.lenderTimeZone, now: app.clock.now() }, input.name, {
      from: input.from || undefined,
      to: input.to || undefined,
    });
  registerEndpoint(app, endpoints.consoleStandardReport, report);
  // The CSV `npm run report -- <name> --csv` prints; a report is one grouped query, read whole.
  registerEndpoint(app, endpoints.consoleExportStandardReport, async (input, { reply }) => {
    const figures = await report(input);
    reply
      .header('Content-Disposition', `attachment; filename="${input.name}-${figures.header.to}.csv"`)
      .header('Cache-Control', 'no-store');
    return standardReportCsv(figures);
  });
}
