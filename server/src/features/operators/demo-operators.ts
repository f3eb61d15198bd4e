import type { Kysely } from 'kysely';
import { operatorRoles } from '@kwarta/contract';
import type { Database } from '../../db/schema.ts';
import { verifyPassword } from './password-hash.ts';
import { endOperatorSessions } from './operator-accounts.ts';

/**
 * One demo operator per role (`demo-viewer` … `demo-admin`), development only (README). The
 * password's scrypt hash is written here rather than computed, so a development start does not
 * spend a second of scrypt per role; the password is public anyway.
 */
export const DEMO_OPERATOR_PASSWORD = 'kwarta-demo-console';
const DEMO_OPERATOR_HASH =
  'scrypt$131072$8$1$BJno8yAlGVCNplypPnhckA==$cZDSHp7LuKaSurUeMccJYckMdfMv7DPoFyOhrFBTOY8=';

const demoName = (role: string) => `demo-${role}`;
const DEMO_OPERATOR_NAMES = operatorRoles.map(demoName);

/** Idempotent: a name that exists is left as it is. */
export async function seedDemoOperators(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .insertInto('operators')
    .values(
      operatorRoles.map((role) => ({
        name: demoName(role),
        role,
        password_hash: DEMO_OPERATOR_HASH,
        created_at: now.toISOString(),
      })),
    )
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * At every boot but development on a loopback listener (decisions 0091, 0101): a development
 * database reused in production, or served to other machines, still holds the demo operators,
 * whose password is in the README. Each that still has that password is
 * disabled and its sessions end, whatever its role (the last admin too: an admin whose password is
 * public is no admin; `npm run operator -- create` makes a real one). A demo name given a password
 * of its own is left alone. Answers the names disabled.
 */
export async function disableDemoOperators(
  db: Kysely<Database>,
  warn: (message: string) => void,
): Promise<string[]> {
  const candidates = await db
    .selectFrom('operators')
    .select(['id', 'name', 'password_hash'])
    .where('name', 'in', DEMO_OPERATOR_NAMES)
    .where('disabled', '=', 0)
    .execute();
  const disabled: string[] = [];
  for (const operator of candidates) {
    // The seeded hash is recognised without scrypt; a re-hashed demo password still is, slower.
    const demoPassword =
      operator.password_hash === DEMO_OPERATOR_HASH ||
      (await verifyPassword(DEMO_OPERATOR_PASSWORD, operator.password_hash));
    if (!demoPassword) continue;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('operators').set({ disabled: 1 }).where('id', '=', operator.id).execute();
      await endOperatorSessions(trx, operator.id);
    });
    disabled.push(operator.name);
  }
  if (disabled.length > 0)
    warn(
      `Disabled the demo operators ${disabled.join(', ')}: their password is public, so they sign in ` +
        'only to development on a loopback address; create real operators with npm run operator -- create',
    );
  return disabled;
}
