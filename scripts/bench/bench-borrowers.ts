// What the mixed-load benches (faults, fleet) share: borrowers with live sessions, the product they
// borrow, and a borrower call as a load request.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { routes } from '@kwarta/contract';
import type { Config } from '../../server/src/config.ts';
import type { Database } from '../../server/src/db/schema.ts';
import { createSession } from '../../server/src/features/sessions/session-repository.ts';
import type { LoadRequest } from './load.ts';

export interface BenchBorrower {
  id: number;
  /** The session query their calls carry (sessionId, deviceId). */
  query: string;
}

/** `count` new borrowers, phones `<prefix><8 digits>`, each signed in. */
export async function benchBorrowers(
  db: Kysely<Database>,
  config: Pick<Config, 'session'>,
  count: number,
  phonePrefix: string,
): Promise<BenchBorrower[]> {
  const now = new Date();
  const borrowers: BenchBorrower[] = [];
  for (let index = 0; index < count; index += 1) {
    const { id } = await db
      .insertInto('borrowers')
      .values({
        phone: `${phonePrefix}${String(index).padStart(8, '0')}`,
        full_name: 'Bench Borrower',
        is_repeat_client: 0,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sessionId = await createSession(db, { borrowerId: id, now, policy: config.session });
    borrowers.push({ id, query: new URLSearchParams({ sessionId, deviceId: `bench-${id}` }).toString() });
  }
  return borrowers;
}

/** The first product borrowers may take, with what a push needs. */
export function benchProduct(db: Kysely<Database>) {
  return db
    .selectFrom('products')
    .select(['id', 'min_amount', 'periods'])
    .where('clickable', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

export const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' };

/** A borrower's form POST as the app makes it, counted under `label`. */
export function borrowerPost(
  label: string,
  path: string,
  query: string,
  body: Record<string, string>,
): LoadRequest {
  return {
    label,
    url: `${path}?${query}`,
    method: 'POST',
    body: new URLSearchParams(body).toString(),
    headers: FORM_HEADERS,
  };
}

type BenchProduct = Awaited<ReturnType<typeof benchProduct>>;

/** The borrower calls the mixed loads are made of, each labelled as the results count it. */
export const borrowerCalls = {
  contactInfo: (borrower: BenchBorrower) =>
    borrowerPost('read: contact-kf-info', routes.contactKfInfo.path, borrower.query, { overall: '30' }),
  loanConfirm: (borrower: BenchBorrower, product: BenchProduct) =>
    borrowerPost('read: loan-detail-confirm', routes.loanDetailConfirm.path, borrower.query, {
      productId: String(product.id),
    }),
  /** An order push, idempotent per requestId: a borrower's first makes an order, later ones are refused. */
  loanPush: (borrower: BenchBorrower, product: BenchProduct) =>
    borrowerPost('write: loan-detail-push', routes.loanDetailPush.path, borrower.query, {
      productId: String(product.id),
      amount: String(product.min_amount),
      periods: String(product.periods),
      termUnit: '1',
      requestId: randomUUID(),
    }),
};
