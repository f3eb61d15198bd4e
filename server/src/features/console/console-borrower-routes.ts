import type { FastifyInstance } from 'fastify';
import { endpoints, messages, type OperatorRole } from '@kwarta/contract';
import { ApiError } from '../../lib/api-error.ts';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { addBorrowerNote, borrowerProfile } from '../borrower-profile/index.ts';
import { searchBorrowers, searchKind } from '../borrowers/index.ts';
import { registerPersonalDataRead } from '../data-privacy/index.ts';
import { audited } from '../operators/index.ts';
import { payoutAccountFor, phoneFor } from './console-orders.ts';

/**
 * Borrower search and the borrower profile (decision 0113), shown as the operator's role may see
 * them (phones and the account number by rolesSeeingWhole); both reads are in the personal-data
 * access log (decision 0107), a search for every borrower it listed.
 */
export function consoleBorrowerCalls(app: FastifyInstance): void {
  registerPersonalDataRead(app, endpoints.consoleBorrowerSearch, {
    what: 'borrower search',
    read: async ({ q }, { operator }) => {
      if (q !== '' && searchKind(q) === null) throw ApiError.badRequest(messages.borrowerSearchTooShort);
      const role = operator.role as OperatorRole;
      const hits = q === '' ? [] : await searchBorrowers(app.db, q);
      return { q, rows: hits.map((hit) => ({ ...hit, phone: phoneFor(role, hit.phone) })) };
    },
    subjects: (shown) => ({ borrowerIds: shown.rows.map((row) => row.borrowerId) }),
  });

  registerPersonalDataRead(app, endpoints.consoleBorrowerProfile, {
    what: 'borrower profile',
    read: async ({ borrowerId }, { operator }) => {
      const profile = await borrowerProfile(app, borrowerId);
      if (!profile) throw ApiError.notFound();
      const role = operator.role as OperatorRole;
      return {
        ...profile,
        borrower: { ...profile.borrower, phone: phoneFor(role, profile.borrower.phone) },
        payoutAccount: await payoutAccountFor(app, role, borrowerId),
      };
    },
    subjects: (_shown, { borrowerId }) => ({ borrowerIds: [borrowerId] }),
  });

  registerEndpoint(app, endpoints.consoleBorrowerNote, (input, { operator }) =>
    audited(app, operator, (trx) => addBorrowerNote({ db: trx, clock: app.clock }, operator, input)),
  );
}
