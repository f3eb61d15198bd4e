import { ConsoleRoles } from './operators.ts';
import { nameRoutes } from './routes.ts';

// In a module of its own, apart from the borrower's privacy calls, so the borrower pages never ship
// the console's calls to phones (see all-routes.ts).
/** The data protection officer's desk (role dpo; admin always may). */
export const consolePrivacyRoutes = nameRoutes({
  consolePrivacyRequests: {
    summary: "Borrowers' data requests, open ones first by deadline (30 Philippine working days)",
    tag: 'Console',
    method: 'GET',
    path: '/console/api/privacy/requests',
    auth: 'operator',
    roles: ConsoleRoles.protectData,
  },
  consoleClosePrivacyRequest: {
    summary: 'Answers a request: done (a name correction is applied) or refused, with the reason',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/privacy/requests/close',
    auth: 'operator',
    roles: ConsoleRoles.protectData,
  },
  consoleAccessLog: {
    summary: "Every console read of a borrower's personal data: operator, borrower, what, when; newest first",
    tag: 'Console',
    method: 'GET',
    path: '/console/api/privacy/access-log',
    auth: 'operator',
    roles: ConsoleRoles.protectData,
  },
  consoleBreaches: {
    summary: 'The breach register, each with its 72-hour clock from discovery',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/privacy/breaches',
    auth: 'operator',
    roles: ConsoleRoles.protectData,
  },
  consoleRecordBreach: {
    summary: 'Records a personal data breach and when it was discovered (the clock starts then)',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/privacy/breaches',
    auth: 'operator',
    roles: ConsoleRoles.protectData,
  },
  consoleBreachNotified: {
    summary: 'Records that the NPC was notified of a breach (stops its clock)',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/privacy/breaches/notified',
    auth: 'operator',
    roles: ConsoleRoles.protectData,
  },
});
