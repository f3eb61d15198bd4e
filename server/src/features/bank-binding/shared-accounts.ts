import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The borrower's default payout account (payment_accounts_one_default): a credit decision asks
 * whether money was sent to it before (decision 0109). A scalar subquery the decision's one read
 * of its inputs selects.
 */
export function defaultPayoutAccountId(db: Kysely<Database>, borrowerId: number) {
  return db
    .selectFrom('payment_accounts')
    .select('id')
    .where('borrower_id', '=', borrowerId)
    .where('is_default', '=', sql.lit(1));
}

/**
 * How many other borrowers hold a payout account that looks the same as the borrower's default one
 * (institution, last four digits, holder's name): a credit decision's input (decision 0109), as a
 * scalar subquery (the look-alikes by payment_accounts_lookalike). Account numbers are encrypted
 * with a fresh nonce each, so equal numbers cannot be compared in the database; these three fields
 * together are the closest honest match we have.
 */
export function lookalikePayoutAccountBorrowers(db: Kysely<Database>, borrowerId: number) {
  return db
    .selectFrom('payment_accounts as own')
    .innerJoin('payment_accounts as other', (join) =>
      join
        .onRef('other.institution_code', '=', 'own.institution_code')
        .onRef('other.account_last4', '=', 'own.account_last4')
        .onRef('other.holder_name', '=', 'own.holder_name')
        .onRef('other.borrower_id', '!=', 'own.borrower_id'),
    )
    .select((eb) => eb.fn.count<number | string>('other.borrower_id').distinct().as('count'))
    .where('own.borrower_id', '=', borrowerId)
    .where('own.is_default', '=', sql.lit(1));
}
