import { fillMessage, messages } from '@kwarta/contract';
import { sql, type Kysely } from 'kysely';
import type { IdentityStatus } from '@kwarta/domain';
import type { Database } from '../../db/schema.ts';
import type { Config } from '../../config.ts';

export type IdentityState = 'verified' | 'not-submitted' | 'pending' | 'rejected' | 'sanctioned';

/**
 * Where a borrower's submitted identity stands for lending, as a one-row subquery (no row: never
 * submitted). identityState reads it alone; a credit decision selects it inside its one statement
 * beside its other inputs (decision 0109), so the rule is written once.
 */
export function identityStateOf(db: Kysely<Database>, borrowerId: number) {
  return db
    .selectFrom('identities')
    .select(
      sql<Exclude<IdentityState, 'not-submitted'>>`case
        when screening = 'confirmed' then 'sanctioned'
        when status = 'verified' and screening = 'clear' then 'verified'
        when status = 'rejected' then 'rejected'
        else 'pending' end`.as('state'),
    )
    .where('borrower_id', '=', borrowerId);
}

/** Where a borrower's identity stands for lending. */
export async function identityState(db: Kysely<Database>, borrowerId: number): Promise<IdentityState> {
  const row = await identityStateOf(db, borrowerId).executeTakeFirst();
  return row?.state ?? 'not-submitted';
}

/**
 * The identity status a credit decision weighs (decision 0109): a rejected identity or a confirmed
 * sanctions match has failed; one waiting for an officer, or with a possible match under review,
 * is pending; none submitted is unknown.
 */
export function decisionIdentityStatus(state: IdentityState | null): IdentityStatus {
  switch (state) {
    case 'verified':
      return 'verified';
    case 'pending':
      return 'pending';
    case 'rejected':
    case 'sanctioned':
      return 'failed';
    default:
      return 'unknown';
  }
}

/** What the borrower reads about their identity while it holds their loan; null when it does not. */
export function identityNotice(state: IdentityState): string | null {
  switch (state) {
    case 'verified':
      return null;
    case 'not-submitted':
      return messages.identityNotSubmitted;
    case 'pending':
      return messages.identityPendingReview;
    default:
      return messages.identityRejected;
  }
}

/**
 * The disbursement gate (decision 0108): with KYC=required no order is paid out until the
 * borrower's identity is verified and no sanctions match stands. Returns why not, or null.
 */
export async function identityHoldsDisbursement(
  deps: { db: Kysely<Database>; config: Pick<Config, 'identity'> },
  borrowerId: number,
  orderId: number,
): Promise<string | null> {
  if (deps.config.identity.kyc === 'off') return null;
  const state = await identityState(deps.db, borrowerId);
  return state === 'verified' ? null : fillMessage(messages.orderAwaitsIdentity, { orderId, state });
}

/** The identity's fields a borrower profile shows beside its status, or null when none was submitted. */
export async function identityFields(db: Kysely<Database>, borrowerId: number) {
  const row = await db
    .selectFrom('identities')
    .select([
      'first_name',
      'middle_name',
      'last_name',
      'date_of_birth',
      'nationality',
      'present_address',
      'email',
    ])
    .where('borrower_id', '=', borrowerId)
    .executeTakeFirst();
  return row
    ? {
        firstName: row.first_name,
        middleName: row.middle_name,
        lastName: row.last_name,
        dateOfBirth: row.date_of_birth,
        nationality: row.nationality,
        presentAddress: row.present_address,
        email: row.email,
      }
    : null;
}
