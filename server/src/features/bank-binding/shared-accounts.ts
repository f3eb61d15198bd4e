import { sql, type Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The borrower's default payout account and how many other borrowers hold one that looks the same
 * (institution, last four digits, holder's name): a credit decision's input (decision 0109).
 * Account numbers are encrypted with a fresh nonce each, so equal numbers cannot be compared in
 * the database; these three fields together are the closest honest match we have.
 */
export async function payoutAccountSharing(
  db: Kysely<Database>,
  borrowerId: number,
): Promise<{ accountId: number | null; otherBorrowers: number }> {
  const [row] = await sharingQuery(db, borrowerId);
  return row
    ? { accountId: row.id, otherBorrowers: Number(row.count) }
    : { accountId: null, otherBorrowers: 0 };
}

// One statement (the default account joined to its look-alikes, payment_accounts_lookalike),
// compiled once: it is read on every credit decision.
const sharingQuery = preparedQuery((db: Kysely<Database>, borrowerId: number) =>
  db
    .selectFrom('payment_accounts as own')
    .leftJoin('payment_accounts as other', (join) =>
      join
        .onRef('other.institution_code', '=', 'own.institution_code')
        .onRef('other.account_last4', '=', 'own.account_last4')
        .onRef('other.holder_name', '=', 'own.holder_name')
        .onRef('other.borrower_id', '!=', 'own.borrower_id'),
    )
    .select((eb) => ['own.id', eb.fn.count<number | string>('other.borrower_id').distinct().as('count')])
    .where('own.borrower_id', '=', borrowerId)
    .where('own.is_default', '=', sql.lit(1))
    .groupBy('own.id'),
);
