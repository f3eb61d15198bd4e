import { ConsoleRoles } from './operators.ts';
import { nameRoutes } from './routes.ts';

/**
 * The console's CSV exports (decision 0099): streamed downloads, one row per record, for
 * finance and admin. Under /console/api, so the console's cookie travels with a plain link.
 */
const R = ConsoleRoles;

export const consoleExportRoutes = nameRoutes({
  consoleExportOrders: {
    summary: 'Every order created in the range, oldest first, as CSV (streamed; amounts in minor units)',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/exports/orders.csv',
    auth: 'operator',
    roles: R.exportData,
    produces: 'text/csv',
  },
  consoleExportPayments: {
    summary: 'Every payment created in the range, oldest first, as CSV (streamed; amounts in minor units)',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/exports/payments.csv',
    auth: 'operator',
    roles: R.exportData,
    produces: 'text/csv',
  },
  consoleExportJournal: {
    summary:
      'Every journal line dated in the range (lender calendar), in posting order, with its entry, order, payment and provider reference, as CSV',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/exports/journal.csv',
    auth: 'operator',
    roles: R.exportData,
    produces: 'text/csv',
  },
  consoleExportTrialBalance: {
    summary:
      "The trial balance as of a date (default the lender's today) as CSV: each account's debit or credit, then the totals",
    tag: 'Console',
    method: 'GET',
    path: '/console/api/exports/trial-balance.csv',
    auth: 'operator',
    roles: R.exportData,
    produces: 'text/csv',
  },
});
