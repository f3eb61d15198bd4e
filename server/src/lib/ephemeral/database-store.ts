import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import type { EphemeralStore } from './ephemeral-store.ts';

/**
 * The store in the `ephemeral_entries` table. Expiry is checked against the app's clock on
 * every read (so tests can move time); expired rows are deleted by the purge-expired-entries job.
 */
export function createDatabaseStore(db: Kysely<Database>, clock: Clock): EphemeralStore {
  const now = () => clock.now().getTime();

  return {
    backend: 'database',
    async increment(key, ttlMs) {
      const at = now();
      // One statement, so two instances incrementing at once both count (SQLite and PostgreSQL
      // evaluate the SET expressions against the old row).
      const row = await sql<{ count: number }>`
        insert into ephemeral_entries (key, value, count, expires_at_ms) values (${key}, '', 1, ${at + ttlMs})
        on conflict (key) do update set
          count = case when ephemeral_entries.expires_at_ms <= ${at} then 1 else ephemeral_entries.count + 1 end,
          expires_at_ms = case when ephemeral_entries.expires_at_ms <= ${at} then excluded.expires_at_ms else ephemeral_entries.expires_at_ms end
        returning count`.execute(db);
      return Number(row.rows[0]?.count ?? 1);
    },
    async set(key, value, ttlMs) {
      const expires = now() + ttlMs;
      await db
        .insertInto('ephemeral_entries')
        .values({ key, value, count: 0, expires_at_ms: expires })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({ value, count: 0, expires_at_ms: expires }),
        )
        .execute();
    },
    async get(key) {
      const row = await db
        .selectFrom('ephemeral_entries')
        .select('value')
        .where('key', '=', key)
        .where('expires_at_ms', '>', now())
        .executeTakeFirst();
      return row?.value ?? null;
    },
    async take(key) {
      const row = await db
        .deleteFrom('ephemeral_entries')
        .where('key', '=', key)
        .returning(['value', 'expires_at_ms'])
        .executeTakeFirst();
      return row && Number(row.expires_at_ms) > now() ? row.value : null;
    },
    async delete(key) {
      await db.deleteFrom('ephemeral_entries').where('key', '=', key).execute();
    },
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {},
  };
}

/** Deletes expired entries (they are already invisible to reads); returns how many. */
export async function purgeExpiredEntries(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('ephemeral_entries')
    .where('expires_at_ms', '<=', now.getTime())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
