import type { Kysely } from 'kysely';
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
  const own = await db
    .selectFrom('payment_accounts')
    .select(['id', 'institution_code', 'account_last4', 'holder_name'])
    .where('borrower_id', '=', borrowerId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
  if (!own) return { accountId: null, otherBorrowers: 0 };
  const row = await db
    .selectFrom('payment_accounts')
    .select((eb) => eb.fn.count<number | string>('borrower_id').distinct().as('count'))
    .where('borrower_id', '!=', borrowerId)
    .where('institution_code', '=', own.institution_code)
    .where('account_last4', '=', own.account_last4)
    .where('holder_name', '=', own.holder_name)
    .executeTakeFirst();
  return { accountId: own.id, otherBorrowers: Number(row?.count ?? 0) };
}
