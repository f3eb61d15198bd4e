import type { Kysely } from 'kysely';
import { preparedQuery } from './prepared-query.ts';
import type { Database } from './schema.ts';

type SettingsQuery = (db: Kysely<Database>, ...keys: string[]) => Promise<{ key: string; value: string }[]>;

// Pages read settings on every visit (service contacts on the order page), so the statement is
// compiled once per number of keys (see preparedQuery); callers ask for fixed key lists.
const settingsQueries = new Map<number, SettingsQuery>();
function settingsQuery(keyCount: number): SettingsQuery {
  let query = settingsQueries.get(keyCount);
  if (!query) {
    query = preparedQuery((db: Kysely<Database>, ...keys: string[]) =>
      db.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys),
    );
    settingsQueries.set(keyCount, query);
  }
  return query;
}

/** Operator-editable values (service contacts and the like), one row per key. */
export async function getSettings(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await settingsQuery(keys.length)(db, ...keys);
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function putSetting(db: Kysely<Database>, key: string, value: string, now: Date): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at: now.toISOString() }))
    .execute();
}
