import type { Kysely } from 'kysely';
import type { Database, PaymentAccountTable } from '../../db/schema.ts';
import type { Insertable } from 'kysely';
import { lockBorrower } from '../borrowers/index.ts';

/** Payment account rows. Every read takes the borrower: another borrower's account does not exist here. */

export async function findDefaultAccount(db: Kysely<Database>, borrowerId: number) {
  return db
    .selectFrom('payment_accounts')
    .selectAll()
    .where('borrower_id', '=', borrowerId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
}

/** Every account the borrower bound, the default first, then newest first. */
export async function listAccounts(db: Kysely<Database>, borrowerId: number) {
  return db
    .selectFrom('payment_accounts')
    .selectAll()
    .where('borrower_id', '=', borrowerId)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findAccount(db: Kysely<Database>, borrowerId: number, accountId: number) {
  return db
    .selectFrom('payment_accounts')
    .selectAll()
    .where('borrower_id', '=', borrowerId)
    .where('id', '=', accountId)
    .executeTakeFirst();
}

/**
 * The new account becomes the default; the previous one stays as history. Call inside a
 * transaction. Bindings of one borrower take turns (lockBorrower), so parallel ones each find the
 * default the previous one made and the unique index never has to refuse one of them.
 */
export async function insertDefaultAccount(
  trx: Kysely<Database>,
  account: Omit<Insertable<PaymentAccountTable>, 'is_default'>,
): Promise<number> {
  await lockBorrower(trx, account.borrower_id);
  await trx
    .updateTable('payment_accounts')
    .set({ is_default: 0 })
    .where('borrower_id', '=', account.borrower_id)
    .where('is_default', '=', 1)
    .execute();
  const row = await trx
    .insertInto('payment_accounts')
    .values({ ...account, is_default: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function listAccountsNotUnderKey(db: Kysely<Database>, keyId: string, limit: number) {
  return db
    .selectFrom('payment_accounts')
    .select(['id', 'borrower_id', 'account_ciphertext', 'account_key_id'])
    .where('account_key_id', '!=', keyId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Replaces a row's ciphertext only if it is still the one read (a concurrent rotation wins once). */
export async function replaceCiphertext(
  db: Kysely<Database>,
  row: { id: number; fromKeyId: string; ciphertext: string; keyId: string },
): Promise<boolean> {
  const result = await db
    .updateTable('payment_accounts')
    .set({ account_ciphertext: row.ciphertext, account_key_id: row.keyId })
    .where('id', '=', row.id)
    .where('account_key_id', '=', row.fromKeyId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
