import type { Kysely } from 'kysely';
import { operatorRoles } from '@kwarta/contract';
import type { Database } from '../../db/schema.ts';

/**
 * One demo operator per role (`demo-viewer` … `demo-admin`), development only (README). The
 * password's scrypt hash is written here rather than computed, so a development start does not
 * spend a second of scrypt per role; the password is public anyway.
 */
export const DEMO_OPERATOR_PASSWORD = 'kwarta-demo-console';
const DEMO_OPERATOR_HASH =
  'scrypt$131072$8$1$BJno8yAlGVCNplypPnhckA==$cZDSHp7LuKaSurUeMccJYckMdfMv7DPoFyOhrFBTOY8=';

/** Idempotent: a name that exists is left as it is. */
export async function seedDemoOperators(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .insertInto('operators')
    .values(
      operatorRoles.map((role) => ({
        name: `demo-${role}`,
        role,
        password_hash: DEMO_OPERATOR_HASH,
        created_at: now.toISOString(),
      })),
    )
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
