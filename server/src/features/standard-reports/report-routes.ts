import type { FastifyInstance } from 'fastify';
import { endpoints } from '@kwarta/contract';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { standardReport } from './standard-reports.ts';

/** The console's standard reports (decision 0110): the same function `npm run report` prints. */
export function consoleStandardReportCalls(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.consoleStandardReport, (input) =>
    standardReport(app.db, { timeZone: app.config.lenderTimeZone, now: app.clock.now() }, input.name, {
      from: input.from || undefined,
      to: input.to || undefined,
    }),
  );
}
