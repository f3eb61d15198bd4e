import { ConsoleRoles } from './operators.ts';
import { nameRoutes } from './routes.ts';

/** The console's reports (decision 0099): the portfolio and the ledger a lender reads; finance and admin. */
const R = ConsoleRoles;

export const consoleReportRoutes = nameRoutes({
  consolePortfolio: {
    summary:
      'Outstanding principal, PAR1/7/30/90, disbursed and collected per period, collection rate, first-payment default, cohort curves; by product and campaign',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/portfolio',
    auth: 'operator',
    roles: R.readReports,
  },
  consoleTrialBalance: {
    summary:
      "Each account's balance from every journal line dated on or before the date (default the lender's today), with total debits and credits",
    tag: 'Console',
    method: 'GET',
    path: '/console/api/ledger/trial-balance',
    auth: 'operator',
    roles: R.readReports,
  },
  consoleOrderStatement: {
    summary:
      "A loan's statement: every journal line of the order (by its id or order number), dated, with what the loan owes after each",
    tag: 'Console',
    method: 'GET',
    path: '/console/api/ledger/statement',
    auth: 'operator',
    roles: R.readReports,
  },
  consoleReconciliation: {
    summary:
      "A lender's day reconciled: each provider's paid payments against the journal's cash, with every mismatch",
    tag: 'Console',
    method: 'GET',
    path: '/console/api/reconciliation',
    auth: 'operator',
    roles: R.readReports,
  },
  // Each report as CSV, for finance to keep (the exports' roles).
  consoleExportReconciliation: {
    summary:
      "A lender's day reconciled as CSV (default yesterday): each provider's totals, then every payment whose provider report and journal differ",
    tag: 'Console',
    method: 'GET',
    path: '/console/api/exports/reconciliation.csv',
    auth: 'operator',
    roles: R.exportData,
    produces: 'text/csv',
  },
  consoleExportStatement: {
    summary: "A loan's statement as CSV: every journal line of the order, with what the loan owes after it",
    tag: 'Console',
    method: 'GET',
    path: '/console/api/exports/statement.csv',
    auth: 'operator',
    roles: R.exportData,
    produces: 'text/csv',
  },
  consoleExportPortfolio: {
    summary:
      'The portfolio as CSV, one figure a line (section, key, measure, value): PAR, collection, first-payment default, flows per period, cohort curves; by product and campaign',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/exports/portfolio.csv',
    auth: 'operator',
    roles: R.exportData,
    produces: 'text/csv',
  },
});
