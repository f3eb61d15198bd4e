import { ConsoleRoles } from './operators.ts';
import { nameRoutes } from './routes.ts';

/**
 * Borrower search and the borrower profile (decision 0113): one borrower's identity, contacts,
 * loans, payments, messages, collection contacts, complaints, credit decisions and the operators'
 * append-only notes in one place, masked by role like every console read.
 */
const R = ConsoleRoles;

export const consoleBorrowerRoutes = nameRoutes({
  consoleBorrowerSearch: {
    summary:
      "Borrowers by name (prefix), phone (whole or last 4 digits), order number or payout account's last 4 digits; at most 50, masked by role",
    tag: 'Console',
    method: 'GET',
    path: '/console/api/borrowers',
    auth: 'operator',
    roles: R.readBorrowers,
  },
  consoleBorrowerProfile: {
    summary:
      "One borrower's profile: identity and its status, contacts, every loan with its balance, payments, messages, collection contacts, complaints, credit decisions, operators' notes",
    tag: 'Console',
    method: 'GET',
    path: '/console/api/borrowers/profile',
    auth: 'operator',
    roles: R.readBorrowers,
  },
  consoleBorrowerNote: {
    summary:
      "Adds an operator's note to a borrower's profile: append-only (never edited or deleted), audited",
    tag: 'Console',
    method: 'POST',
    path: '/console/api/borrowers/note',
    auth: 'operator',
    roles: R.noteBorrowers,
  },
});
