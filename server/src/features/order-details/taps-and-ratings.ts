import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { Refusal } from '../../lib/refusal.ts';
import { findProductSummary } from '../products/index.ts';

export interface PageTap {
  borrowerId: number;
  productId: number;
  moduleId: number;
  positionId: number;
}

/** Stores one tap the order pages report (event/save, the joint-login page's tracking call). */
export async function recordTap(db: Kysely<Database>, tap: PageTap, now: Date): Promise<void> {
  if (!(await findProductSummary(db, tap.productId))) throw Refusal.notFound();
  await db
    .insertInto('tracking_events')
    .values({
      borrower_id: tap.borrowerId,
      product_id: tap.productId,
      module_id: tap.moduleId,
      position_id: tap.positionId,
      created_at: now.toISOString(),
    })
    .execute();
}

/** The borrower's app rating, kept once: a second rating (another tab, a retry) changes nothing. */
export async function recordAppRating(
  db: Kysely<Database>,
  borrowerId: number,
  score: number,
  now: Date,
): Promise<void> {
  await db
    .insertInto('app_ratings')
    .values({ borrower_id: borrowerId, score, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('borrower_id').doNothing())
    .execute();
}

/** "Not now" to the app rating: the latest answer counts, so the wait starts again from now. */
export async function recordAppRatingDeclined(
  db: Kysely<Database>,
  borrowerId: number,
  now: Date,
): Promise<void> {
  const declinedAt = now.toISOString();
  await db
    .insertInto('app_rating_declines')
    .values({ borrower_id: borrowerId, declined_at: declinedAt })
    .onConflict((conflict) => conflict.column('borrower_id').doUpdateSet({ declined_at: declinedAt }))
    .execute();
}
