import type { FastifyInstance } from 'fastify';
import { endpoints } from '@kwarta/contract';
import { csvDownload } from '../../lib/csv.ts';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { createdBounds, orderExportColumns, orderExportRows } from '../orders/index.ts';
import {
  journalExportColumns,
  journalExportRows,
  trialBalanceCsvColumns,
  trialBalanceCsvRows,
} from '../ledger/index.ts';
import { consoleTrialBalance } from './console-report-routes.ts';
import { paymentExportColumns, paymentExportRows } from '../payments/index.ts';

/** `orders-2026-11-01-to-2026-11-30.csv`, or `orders-all.csv` with no range. */
function fileName(kind: string, range: { from?: string; to?: string }): string {
  if (!range.from && !range.to) return `${kind}-all.csv`;
  return `${kind}-${range.from ?? 'start'}-to-${range.to ?? 'now'}.csv`;
}

/**
 * The CSV exports (decision 0099): each streams its rows from the feature that owns them, a batch at a
 * time, so a million rows go out in the memory of one batch (npm run bench:export).
 */
export function consoleExportCalls(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.consoleExportOrders, async (range, { reply }) =>
    csvDownload(
      reply,
      fileName('orders', range),
      orderExportColumns,
      orderExportRows(app.db, range, app.config.lenderTimeZone),
    ),
  );
  registerEndpoint(app, endpoints.consoleExportPayments, async (range, { reply }) =>
    csvDownload(
      reply,
      fileName('payments', range),
      paymentExportColumns,
      paymentExportRows(app.db, createdBounds(range, app.config.lenderTimeZone)),
    ),
  );
  registerEndpoint(app, endpoints.consoleExportJournal, async (range, { reply }) =>
    csvDownload(reply, fileName('journal', range), journalExportColumns, journalExportRows(app.db, range)),
  );
  registerEndpoint(app, endpoints.consoleExportTrialBalance, async (input, { reply }) => {
    const balance = await consoleTrialBalance(app, input.date);
    return csvDownload(
      reply,
      `trial-balance-${balance.date}.csv`,
      trialBalanceCsvColumns,
      trialBalanceCsvRows(balance),
    );
  });
}
