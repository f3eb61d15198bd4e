import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Borrowers are found and created here only: the promotion landing, SMS login and the console's order search. */

/** The borrower with this phone (the unique index answers it), or undefined. */
export function findBorrowerByPhone(db: Kysely<Database>, phone: string) {
  return db.selectFrom('borrowers').select('id').where('phone', '=', phone).executeTakeFirst();
}

/** The borrower's row, as a session's borrower is (use cases that act for them take it). */
export function findBorrower(db: Kysely<Database>, borrowerId: number) {
  return db.selectFrom('borrowers').selectAll().where('id', '=', borrowerId).executeTakeFirst();
}

export async function isRegistered(db: Kysely<Database>, phone: string): Promise<boolean> {
  return (await findBorrowerByPhone(db, phone)) !== undefined;
}

/**
 * A new borrower with this phone. Throws the database's unique violation when the phone has an
 * account (check with isUniqueViolation), so a caller inside a transaction can roll back its own
 * writes with it.
 */
export async function createBorrower(db: Kysely<Database>, phone: string, now: Date): Promise<number> {
  const row = await db
    .insertInto('borrowers')
    .values({ phone, full_name: null, is_repeat_client: 0, created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records the borrower's name (identity capture; the seeded history's borrowers). */
export async function setBorrowerName(db: Kysely<Database>, borrowerId: number, fullName: string) {
  await db.updateTable('borrowers').set({ full_name: fullName }).where('id', '=', borrowerId).execute();
}

/** The borrower with this phone, created (without campaign attribution) if there is none. */
export async function findOrCreateBorrower(db: Kysely<Database>, phone: string, now: Date): Promise<number> {
  const byPhone = () => db.selectFrom('borrowers').select('id').where('phone', '=', phone);
  const existing = await byPhone().executeTakeFirst();
  if (existing) return existing.id;
  const created = await db
    .insertInto('borrowers')
    .values({ phone, full_name: null, is_repeat_client: 0, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('phone').doNothing())
    .returning('id')
    .executeTakeFirst();
  // Otherwise another request created it between our read and our insert.
  return created ? created.id : (await byPhone().executeTakeFirstOrThrow()).id;
}
