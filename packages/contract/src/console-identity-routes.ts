import { ConsoleRoles } from './operators.ts';
import { nameRoutes } from './routes.ts';

/**
 * The compliance officer's desk (decision 0108): identities waiting for review, one identity
 * with its photos, QR result and sanctions hits side by side, and the decision with its reason.
 */
const R = ConsoleRoles;

export const consoleIdentityRoutes = nameRoutes({
  consoleIdentityQueue: {
    summary:
      'Identities waiting for review, oldest first: PhilSys QR outcome, screening (possible matches first) and risk rating',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/identity/queue',
    auth: 'operator',
    roles: R.reviewIdentity,
  },
  consoleIdentity: {
    summary:
      "One borrower's identity as entered, with its photos, the PhilSys QR result and the sanctions hits (the read is logged)",
    tag: 'Console',
    method: 'GET',
    path: '/console/api/identity',
    auth: 'operator',
    roles: R.reviewIdentity,
  },
  consoleIdentityImage: {
    summary: 'An identity photo (ID front, back or selfie), as stored after re-encoding',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/identity/image',
    auth: 'operator',
    roles: R.reviewIdentity,
    produces: 'image/*',
  },
  consoleIdentityDecide: {
    summary:
      'Approves (possible hits cleared) or rejects (optionally confirming the match) an identity waiting for review, with a reason; audited',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/identity/decide',
    auth: 'operator',
    roles: R.reviewIdentity,
  },
});
