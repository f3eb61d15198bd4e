import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Operator-editable values (service contacts and the like), one row per key. */
export async function getSettings(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function putSetting(db: Kysely<Database>, key: string, value: string, now: Date): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at: now.toISOString() }))
    .execute();
}
