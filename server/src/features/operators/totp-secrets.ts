import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { openSecret, sealSecret, type AccountKeyRing } from '../bank-binding/index.ts';

/**
 * Operators' second-factor secrets at rest (decision 0080): sealed with the key ring that seals
 * payment account numbers (ACCOUNT_KEY), bound to the operator, stored as
 * `sealed:<keyId>:<ciphertext>`. A secret stored before sealing (plain base32) still opens, and
 * `npm run accounts -- rotate-key` seals it; someone with a copy of the database alone can no
 * longer make codes.
 */
const SEALED_PREFIX = 'sealed:';

const contextOf = (operatorId: number) => `operator_totp:operator:${operatorId}`;

export function sealTotpSecret(ring: AccountKeyRing, operatorId: number, secret: string): string {
  const sealed = sealSecret(ring, secret, contextOf(operatorId));
  return `${SEALED_PREFIX}${sealed.keyId}:${sealed.ciphertext}`;
}

export function openTotpSecret(ring: AccountKeyRing, operatorId: number, stored: string): string {
  if (!stored.startsWith(SEALED_PREFIX)) return stored;
  const [keyId = '', ciphertext = ''] = stored.slice(SEALED_PREFIX.length).split(':');
  return openSecret(ring, { keyId, ciphertext }, contextOf(operatorId));
}

/** Seals every secret not under the ring's current key (or not sealed yet), as rotate-key does for accounts. */
export async function rotateTotpSecrets(deps: {
  db: Kysely<Database>;
  accountKeys: AccountKeyRing;
}): Promise<{ resealed: number }> {
  const current = `${SEALED_PREFIX}${deps.accountKeys.currentId}:`;
  const rows = await deps.db
    .selectFrom('operators')
    .select(['id', 'totp_secret'])
    .where('totp_secret', 'is not', null)
    .execute();
  let resealed = 0;
  // A few rows (one per operator with a second factor): filtered here, not by LIKE on a key id.
  for (const row of rows.filter((candidate) => !candidate.totp_secret!.startsWith(current))) {
    const secret = openTotpSecret(deps.accountKeys, row.id, row.totp_secret!);
    // Conditional on the value read: a secret set up meanwhile is left as it is.
    const update = await deps.db
      .updateTable('operators')
      .set({ totp_secret: sealTotpSecret(deps.accountKeys, row.id, secret) })
      .where('id', '=', row.id)
      .where('totp_secret', '=', row.totp_secret)
      .executeTakeFirst();
    resealed += Number(update.numUpdatedRows);
  }
  return { resealed };
}
