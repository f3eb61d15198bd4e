import type { Insertable, Kysely } from 'kysely';
import type { Database, LegacyRepaymentStatus, LegacyRepaymentTable } from '../../db/schema.ts';

/** Legacy repayment rows. Every read takes the borrower and the order: another's row does not exist here. */

export async function insertRepayment(db: Kysely<Database>, row: Insertable<LegacyRepaymentTable>) {
  return db.insertInto('legacy_repayments').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findRepayment(
  db: Kysely<Database>,
  where: { borrowerId: number; orderId: number } & ({ id: number } | { tokenHash: string }),
) {
  let query = db
    .selectFrom('legacy_repayments')
    .selectAll()
    .where('borrower_id', '=', where.borrowerId)
    .where('order_id', '=', where.orderId);
  query = 'id' in where ? query.where('id', '=', where.id) : query.where('token_hash', '=', where.tokenHash);
  return query.executeTakeFirst();
}

export async function tokenCommitted(db: Kysely<Database>, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('legacy_repayments')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row !== undefined;
}

/** A commit whose SMS could not go: removed, so the same repayToken may commit again. */
export async function withdrawCommit(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .deleteFrom('legacy_repayments')
    .where('id', '=', id)
    .where('status', '=', 'awaiting_code')
    .execute();
}

/**
 * awaiting_code → paying, holding the order's paying place (unique): false when the row was no
 * longer awaiting its code (a second confirmation) or another repayment of the order is paying.
 * Throws the unique violation for the caller to read.
 */
export async function claimForPaying(
  db: Kysely<Database>,
  row: { id: number; orderId: number; provider: string; txnid: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('legacy_repayments')
    .set({
      status: 'paying',
      paying_order_id: row.orderId,
      provider: row.provider,
      txnid: row.txnid,
      updated_at: row.at,
    })
    .where('id', '=', row.id)
    .where('status', '=', 'awaiting_code')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** paying → an end state, releasing the order's paying place. */
export async function finishPaying(
  db: Kysely<Database>,
  row: {
    id: number;
    status: Exclude<LegacyRepaymentStatus, 'awaiting_code' | 'paying'>;
    paidAmount?: number | null;
    failure?: string | null;
    at: string;
  },
): Promise<void> {
  await db
    .updateTable('legacy_repayments')
    .set({
      status: row.status,
      paying_order_id: null,
      paid_amount: row.paidAmount ?? null,
      failure: row.failure ?? null,
      updated_at: row.at,
    })
    .where('id', '=', row.id)
    .where('status', '=', 'paying')
    .execute();
}

/**
 * Whether the borrower has paid from this account before, a debit they confirmed with an SMS
 * code (the first debit of an account always asks for one): such an account is verified.
 */
export async function accountVerified(
  db: Kysely<Database>,
  where: { borrowerId: number; accountId: number },
): Promise<boolean> {
  const row = await db
    .selectFrom('legacy_repayments')
    .select('id')
    .where('borrower_id', '=', where.borrowerId)
    .where('account_id', '=', where.accountId)
    .where('status', '=', 'paid')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
