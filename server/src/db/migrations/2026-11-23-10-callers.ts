import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * The two caller kinds beside borrowers (groundwork for the console and payments):
 * operators with a role and their cookie sessions, and the events payment providers call back
 * with, each stored once per (provider, event id) before it is acted on.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('operators'))
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('role', 'text', (col) => col.notNull())
    // Empty until the console sets passwords (scrypt, decision 0080); a session is what authorises.
    .addColumn('password_hash', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('disabled', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('operator_sessions')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('operator_id', 'integer', (col) =>
      col.notNull().references('operators.id').onDelete('cascade'),
    )
    .addColumn('csrf_token_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('operator_sessions_operator')
    .on('operator_sessions')
    .column('operator_id')
    .execute();

  await withId(db, db.schema.createTable('provider_events'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('provider_events_provider_event_unique', ['provider', 'event_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('provider_events').execute();
  await db.schema.dropTable('operator_sessions').execute();
  await db.schema.dropTable('operators').execute();
}
