import { ConsoleRoles } from './operators.ts';
import { nameRoutes, type RouteEntry } from './routes.ts';

/**
 * The operator console's calls (decision 0080), all under /console/api so the console's cookie
 * (Path=/console) never travels with a borrower's call. `roles` is checked on every call
 * (admin may make all); every POST also needs the session's CSRF token.
 */
const R = ConsoleRoles;

export const consoleRoutes = nameRoutes({
  consoleSignIn: {
    summary:
      'Operator sign-in: name, password and (when set up) a TOTP code, with any X-CSRF-Token (a cross-site form cannot send one); sets the session cookie',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/sign-in',
    auth: 'public',
  },
  consoleSignOut: {
    summary: 'Ends the console session',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/sign-out',
    auth: 'operator',
    roles: R.anyone,
  },
  consoleMe: {
    summary: "The signed-in operator, the session's CSRF token and the role's menu",
    tag: 'Console',
    method: 'GET',
    path: '/console/api/me',
    auth: 'operator',
    roles: R.anyone,
  },
  consoleDashboard: {
    summary: 'Orders per status, due today, overdue, complaints past the 3-weekday line, payments held',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/dashboard',
    auth: 'operator',
    roles: R.anyone,
  },
  consoleOrders: {
    summary: 'The order queue, paged on the server; filter by status, search by order number or phone',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/orders',
    auth: 'operator',
    roles: R.readOrders,
  },
  consoleOrder: {
    summary: 'One order: borrower (and payout account), plan, payments, history, complaints',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/order',
    auth: 'operator',
    roles: R.readOrders,
  },
  consoleApproveOrder: {
    summary: 'Approves an order under review (21 → 151)',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/order/approve',
    auth: 'operator',
    roles: R.decideOrders,
  },
  consoleRejectOrder: {
    summary: 'Rejects an order under review with a reason (21 → 110)',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/order/reject',
    auth: 'operator',
    roles: R.decideOrders,
  },
  consoleDisburseOrder: {
    summary: 'Disburses an approved order (151 → 170)',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/order/disburse',
    auth: 'operator',
    roles: R.disburseOrders,
  },
  consoleWriteOffOrder: {
    summary:
      'Writes off what a disbursed order (170/174/180) still owes, with a reason: its receivables go to the write-off expense (decision 0099)',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/order/write-off',
    auth: 'operator',
    roles: R.administer,
  },
  consolePayments: {
    summary: 'Payments, newest first, paged on the server; filter by status (e.g. held) and provider',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/payments',
    auth: 'operator',
    roles: R.readOrders,
  },
  consoleAcceptPayment: {
    summary:
      'Accepts a held payment: the amount received is applied to the order (beyond what is owed: credit)',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/payment/accept',
    auth: 'operator',
    roles: R.reviewPayments,
  },
  consoleReturnPayment: {
    summary: "Returns a held payment's amount to the borrower's payment account through the payout provider",
    tag: 'Console',
    method: 'POST',
    path: '/console/api/payment/return',
    auth: 'operator',
    roles: R.reviewPayments,
  },
  consoleComplaints: {
    summary: 'Complaints inbox: unanswered oldest first, each marked when past the 3-weekday line',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/complaints',
    auth: 'operator',
    roles: R.readComplaints,
  },
  consoleReplyComplaint: {
    summary: "Replies to a complaint with text and up to three images (the borrower's Process Result)",
    tag: 'Console',
    method: 'POST',
    path: '/console/api/complaint/reply',
    auth: 'operator',
    roles: R.replyComplaints,
    encoding: 'multipart',
  },
  consoleFunnel: {
    summary: 'Promotion funnel per campaign: visits, clicks, codes sent, registrations, conversion',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/funnel',
    auth: 'operator',
    roles: R.readFunnel,
  },
  consoleProducts: {
    summary: 'Products with their loan rules',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/products',
    auth: 'operator',
    roles: R.administer,
  },
  consoleSaveProduct: {
    summary:
      'Creates a product (no productId) or changes one, from terms in pesos and percent; above the product_change threshold it waits for another admin',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/product/save',
    auth: 'operator',
    roles: R.administer,
  },
  consoleProductPreview: {
    summary:
      "A product's plans at its smallest and largest amount, their effective interest rate and the compliance verdict (writes nothing)",
    tag: 'Console',
    method: 'POST',
    path: '/console/api/product/preview',
    auth: 'operator',
    roles: R.administer,
  },
  consoleProductState: {
    summary: 'Pauses a product (Coming soon), resumes it, or retires it (no new orders; its loans untouched)',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/product/state',
    auth: 'operator',
    roles: R.administer,
  },
  consoleAudit: {
    summary: 'The audit log, newest first (read only)',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/audit',
    auth: 'operator',
    roles: R.administer,
  },
} as const satisfies Record<string, RouteEntry>);
