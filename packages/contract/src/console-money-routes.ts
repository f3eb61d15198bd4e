import { ConsoleRoles } from './operators.ts';
import { nameRoutes } from './routes.ts';

/**
 * The back office's money actions and their approvals (decision 0110). Each action is proposed:
 * at or below its threshold it applies at once, above it it waits for a second operator.
 */
const R = ConsoleRoles;

export const consoleMoneyRoutes = nameRoutes({
  consoleManualRepayment: {
    summary:
      'Posts money received outside a provider (bank deposit, cash) against an order, idempotent by reference; above the threshold it waits for approval',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/money/manual-repayment',
    auth: 'operator',
    roles: R.reviewPayments,
  },
  consoleReversePayment: {
    summary:
      "Reverses a paid repayment (chargeback, wrong order): allocations undone, the order's status recomputed; above the threshold it waits for approval",
    tag: 'Console',
    method: 'POST',
    path: '/console/api/money/reversal',
    auth: 'operator',
    roles: R.reviewPayments,
  },
  consoleWaiveCharge: {
    summary:
      "Waives part or all of an order's penalty or charges with a reason; above the threshold it waits for approval",
    tag: 'Console',
    method: 'POST',
    path: '/console/api/money/waiver',
    auth: 'operator',
    roles: R.reviewPayments,
  },
  consoleRestructurePreview: {
    summary:
      "A new plan for a repaying order's principal still owed on the given terms, with the compliance verdict and each breach; writes nothing",
    tag: 'Console',
    method: 'GET',
    path: '/console/api/money/restructuring/preview',
    auth: 'operator',
    roles: R.reviewPayments,
  },
  consoleOfferRestructuring: {
    summary:
      'Offers the borrower a new plan (it takes effect when they accept it in the app); a plan breaking a cap is refused; above the threshold it waits for approval',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/money/restructuring',
    auth: 'operator',
    roles: R.reviewPayments,
  },
  consoleApprovals: {
    summary: 'Money actions waiting for a second operator (pending), or those decided, newest first',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/approvals',
    auth: 'operator',
    roles: R.reviewPayments,
  },
  consoleApprovalCount: {
    summary:
      "How many money actions wait for a second operator: the console menu's count, no borrower's data",
    tag: 'Console',
    method: 'GET',
    path: '/console/api/approvals/count',
    auth: 'operator',
    roles: R.reviewPayments,
  },
  consoleApproveRequest: {
    summary: 'Approves a pending money action and applies it; never by its proposer',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/approvals/approve',
    auth: 'operator',
    roles: R.reviewPayments,
  },
  consoleStandardReport: {
    summary:
      'A standard report (aging, expected-repayments, disbursements, collections-by-collector, payments-by-channel) with its time zone and computing instant',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/reports/standard',
    auth: 'operator',
    roles: R.readReports,
  },
  consoleExportStandardReport: {
    summary:
      'A standard report as CSV, the same text as `npm run report -- <name> --csv` (its time zone and computing instant on every row)',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/exports/standard-report.csv',
    auth: 'operator',
    roles: R.readReports,
    produces: 'text/csv',
  },
  consoleRejectRequest: {
    summary: 'Rejects (or, by its proposer, withdraws) a pending money action; nothing is applied',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/approvals/reject',
    auth: 'operator',
    roles: R.reviewPayments,
  },
});
