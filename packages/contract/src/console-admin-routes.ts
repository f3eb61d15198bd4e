import { ConsoleRoles } from './operators.ts';
import { nameRoutes, type RouteEntry } from './routes.ts';

/**
 * The console's admin screens (decision 0080: channel templates, service contacts, operators) and the
 * complaint images operators read. Under /console/api like every console call, so the console's
 * cookie (Path=/console) travels with them, images included; every POST needs the CSRF token.
 */
const R = ConsoleRoles;

export const consoleAdminRoutes = nameRoutes({
  consoleTemplates: {
    summary: 'Channel templates (the promotion landing configurations), newest first, paged on the server',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/templates',
    auth: 'operator',
    roles: R.administer,
  },
  consoleSaveTemplate: {
    summary: 'Creates a channel template (no templateId) or changes one; the landing serves it at once',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/template/save',
    auth: 'operator',
    roles: R.administer,
  },
  consoleServiceContacts: {
    summary: 'The customer-service contacts borrower pages show, and the configured defaults',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/service-contacts',
    auth: 'operator',
    roles: R.administer,
  },
  consoleSaveServiceContacts: {
    summary: 'Changes the customer-service email, WhatsApp and telephone',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/service-contacts/save',
    auth: 'operator',
    roles: R.administer,
  },
  consoleBrand: {
    summary:
      "The brand the pages show (name, colours, app URL scheme), the configured default and the colours' derived shades",
    tag: 'Console',
    method: 'GET',
    path: '/console/api/brand',
    auth: 'operator',
    roles: R.administer,
  },
  consoleSaveBrand: {
    summary:
      'Changes the brand; colours under WCAG AA contrast are refused with the figure. Pages show it from their next load',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/brand/save',
    auth: 'operator',
    roles: R.administer,
  },
  consoleResetBrand: {
    summary:
      'Drops the saved brand: the configured one (BRAND_FILE, BRAND_*) shows again from the next page load. Recorded as a row of the history',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/brand/reset',
    auth: 'operator',
    roles: R.administer,
  },
  consoleOperators: {
    summary:
      'Operators: name, role, second factor on or off, disabled, recent failed sign-ins; paged on the server',
    tag: 'Console',
    method: 'GET',
    path: '/console/api/operators',
    auth: 'operator',
    roles: R.administer,
  },
  consoleCreateOperator: {
    summary: 'Creates an operator with a role and an initial password (the use case npm run operator uses)',
    tag: 'Console',
    method: 'POST',
    path: '/console/api/operator/create',
    auth: 'operator',
    roles: R.administer,
  },
  consoleChangeOperator: {
    summary:
      "Changes an operator's role, disables or enables them (disabling ends their sessions); the last admin stays",
    tag: 'Console',
    method: 'POST',
    path: '/console/api/operator/change',
    auth: 'operator',
    roles: R.administer,
  },
  consoleResetOperatorPassword: {
    summary: "Sets a new password for an operator and ends the operator's sessions",
    tag: 'Console',
    method: 'POST',
    path: '/console/api/operator/password',
    auth: 'operator',
    roles: R.administer,
  },
  consoleComplaintImage: {
    summary: "A complaint's image (the borrower's evidence or a reply), as stored after re-encoding",
    tag: 'Console',
    method: 'GET',
    path: '/console/api/complaint/image',
    auth: 'operator',
    roles: R.readComplaints,
    produces: 'image/*',
  },
} as const satisfies Record<string, RouteEntry>);
