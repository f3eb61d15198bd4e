import { ConsoleRoles } from './operators.ts';
import { nameRoutes } from './routes.ts';

/**
 * The AML register (decision 0112): suspicious transactions a compliance officer flags and covered
 * ones flagged when money moves, each due at the AMLC within 5 Philippine working days; marking one
 * reported, and the register as CSV for the AMLC portal. The compliance officer's desk.
 */
const R = ConsoleRoles;

export const consoleAmlRoutes = nameRoutes({
  consoleAmlRecords: {
    summary:
      'The AML register: open records by deadline (overdue first), then reported ones; filtered by status and kind',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/aml/records',
    auth: 'operator',
    roles: R.reviewIdentity,
  },
  consoleAmlFlag: {
    summary:
      'Flags a suspicious transaction of a borrower (optionally an order and a payment) with a narrative and the date of determination; audited',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/aml/flag',
    auth: 'operator',
    roles: R.reviewIdentity,
  },
  consoleAmlReported: {
    summary:
      "Marks a record reported to the AMLC with the portal's reference (who and when recorded); audited",
    tag: 'Console',
    method: 'POST',
    path: '/console/api/aml/reported',
    auth: 'operator',
    roles: R.reviewIdentity,
  },
  consoleAmlExport: {
    summary: 'The AML register as CSV for the AMLC portal: one row per record, the fields the register shows',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/aml/register.csv',
    auth: 'operator',
    roles: R.reviewIdentity,
    produces: 'text/csv',
  },
});
