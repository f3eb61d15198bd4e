import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { allListedPeople, recordHits, ScreeningIndex } from '../sanctions/index.ts';
import { riskRating } from './risk-rating.ts';
import { fullName } from './submit-identity.ts';

/**
 * Screens everyone with an identity again (after a list import, decision 0108). A borrower
 * newly found a possible match is held: a verified identity goes back to waiting for review.
 * Returns how many were screened and how many are now held.
 */
export async function rescreenEveryone(
  deps: { db: Kysely<Database> },
  threshold: number,
  now: Date,
): Promise<{ screened: number; held: number }> {
  const index = new ScreeningIndex(await allListedPeople(deps.db), threshold);
  const people = await deps.db
    .selectFrom('identities')
    .select([
      'borrower_id',
      'first_name',
      'middle_name',
      'last_name',
      'date_of_birth',
      'status',
      'screening',
      'qr_outcome',
      'source_of_funds',
    ])
    .execute();
  let held = 0;
  for (const person of people) {
    const hits = index.screen({
      name: fullName({
        firstName: person.first_name,
        middleName: person.middle_name,
        lastName: person.last_name,
      }),
      dateOfBirth: person.date_of_birth,
    });
    if (hits.length === 0 && person.screening === 'clear') continue;
    const screening = await recordHits(deps.db, person.borrower_id, hits, now);
    if (screening === person.screening) continue;
    const hold = screening !== 'clear' && person.status === 'verified';
    if (hold) held += 1;
    await deps.db
      .updateTable('identities')
      .set({
        screening,
        screened_at: now.toISOString(),
        risk_rating: riskRating({
          qrOutcome: person.qr_outcome,
          screening,
          sourceOfFunds: person.source_of_funds,
        }),
        ...(hold
          ? { status: 'pending' as const, decided_by: null, decided_at: null, decision_reason: null }
          : {}),
      })
      .where('borrower_id', '=', person.borrower_id)
      .execute();
  }
  return { screened: people.length, held };
}
