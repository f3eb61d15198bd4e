import type { FastifyInstance } from 'fastify';
import { endpoints } from '@kwarta/contract';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { ApiError } from '../../lib/api-error.ts';
import { sendProblemImage } from '../complaints/index.ts';
import { registerPersonalDataRead } from '../data-privacy/index.ts';
import { hitsOf } from '../sanctions/index.ts';
import { findIdentityImage } from './identity-images.ts';
import { decideIdentity } from './identity-review.ts';
import { fullName, personOf } from './submit-identity.ts';

/** The compliance officer's review desk (decision 0108). */
export async function identityConsoleRoutes(app: FastifyInstance): Promise<void> {
  registerPersonalDataRead(app, endpoints.consoleIdentityQueue, {
    what: 'identity queue',
    read: async () => {
      const rows = await app.db
        .selectFrom('identities')
        .leftJoin('screening_hits', (join) =>
          join
            .onRef('screening_hits.borrower_id', '=', 'identities.borrower_id')
            .on('screening_hits.status', '=', 'possible'),
        )
        .select((eb) => [
          'identities.borrower_id',
          'identities.first_name',
          'identities.middle_name',
          'identities.last_name',
          'identities.document_type',
          'identities.qr_outcome',
          'identities.screening',
          'identities.risk_rating',
          'identities.submitted_at',
          eb.fn.count<number>('screening_hits.id').as('possible_hits'),
        ])
        .where('identities.status', '=', 'pending')
        .groupBy([
          'identities.borrower_id',
          'identities.first_name',
          'identities.middle_name',
          'identities.last_name',
          'identities.document_type',
          'identities.qr_outcome',
          'identities.screening',
          'identities.risk_rating',
          'identities.submitted_at',
        ])
        .orderBy('identities.submitted_at')
        .orderBy('identities.borrower_id')
        .limit(500)
        .execute();
      const queue = rows.map((row) => ({
        borrowerId: row.borrower_id,
        name: fullName({ firstName: row.first_name, middleName: row.middle_name, lastName: row.last_name }),
        documentType: row.document_type,
        qrOutcome: row.qr_outcome,
        screening: row.screening,
        possibleHits: Number(row.possible_hits),
        riskRating: row.risk_rating,
        submittedAt: row.submitted_at,
      }));
      // A possible sanctions match is the one that must not wait behind ordinary checks.
      queue.sort((a, b) => Number(b.possibleHits > 0) - Number(a.possibleHits > 0));
      return { rows: queue };
    },
    subjects: ({ rows }) => ({ borrowerIds: rows.map((row) => row.borrowerId) }),
  });

  // The identity is personal data: the DPO's access log records who read it (decision 0107).
  registerPersonalDataRead(app, endpoints.consoleIdentity, {
    what: 'identity review',
    read: async ({ borrowerId }) => {
      const row = await app.db
        .selectFrom('identities')
        .selectAll()
        .where('borrower_id', '=', borrowerId)
        .executeTakeFirst();
      if (!row) throw ApiError.notFound();
      const hits = await hitsOf(app.db, borrowerId);
      return {
        borrowerId,
        status: row.status,
        person: personOf(row),
        document: { type: row.document_type, number: row.document_number },
        images: { front: row.front_image_id, back: row.back_image_id, selfie: row.selfie_image_id },
        qr: { outcome: row.qr_outcome, detail: row.qr_detail, checkedAt: row.qr_checked_at },
        screening: row.screening,
        screenedAt: row.screened_at,
        riskRating: row.risk_rating,
        hits: hits.map((hit) => ({
          list: hit.list_name,
          reference: hit.reference,
          listedName: hit.listed_name,
          matchedName: hit.matched_name,
          score: hit.score,
          dateOfBirthAgrees: hit.date_of_birth_agrees === null ? null : hit.date_of_birth_agrees === 1,
          status: hit.status,
        })),
        submittedAt: row.submitted_at,
        decision:
          row.decided_by && row.decided_at
            ? { by: row.decided_by, at: row.decided_at, reason: row.decision_reason }
            : null,
      };
    },
    subjects: ({ borrowerId }) => ({ borrowerIds: [borrowerId] }),
  });

  registerPersonalDataRead(app, endpoints.consoleIdentityImage, {
    what: 'identity image',
    read: ({ id }) => findIdentityImage(app.db, id),
    subjects: (image) => ({ borrowerIds: image ? [image.borrower_id] : [] }),
    respond: (image, { reply }) => sendProblemImage(app, reply, image),
  });

  registerEndpoint(app, endpoints.consoleIdentityDecide, (input, { operator }) =>
    decideIdentity(app, operator, {
      borrowerId: input.borrowerId,
      decision: input.decision,
      reason: input.reason,
      confirmMatch: input.confirmMatch === '1',
    }),
  );
}
