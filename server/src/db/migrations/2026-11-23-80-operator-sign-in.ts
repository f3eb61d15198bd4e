import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Console sign-in throttling that cannot lock staff out (decision 0091): the devices an operator
 * signed in from (only the SHA-256 of the device cookie's token), every failed attempt (kept 90
 * days), and when each operator last signed in, with the sign-in before it on the session, so the
 * console can say what failed in between.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('operator_devices')
    .addColumn('operator_id', 'integer', (col) => col.notNull().references('operators.id'))
    .addColumn('device_hash', 'text', (col) => col.notNull())
    .addColumn('first_seen', 'text', (col) => col.notNull())
    .addColumn('last_seen', 'text', (col) => col.notNull())
    .addColumn('last_address', 'text', (col) => col.notNull())
    // One browser may be the known device of several operators (a shared desk).
    .addPrimaryKeyConstraint('operator_devices_pk', ['operator_id', 'device_hash'])
    .execute();
  await db.schema
    .createIndex('operator_devices_last_seen')
    .on('operator_devices')
    .column('last_seen')
    .execute();

  await withId(db, db.schema.createTable('operator_sign_in_failures'))
    // Null when no operator has the name tried; the name is kept only then.
    .addColumn('operator_id', 'integer', (col) => col.references('operators.id'))
    .addColumn('name', 'text')
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('known_device', 'integer', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('operator_sign_in_failures_operator_at')
    .on('operator_sign_in_failures')
    .columns(['operator_id', 'at'])
    .execute();
  await db.schema
    .createIndex('operator_sign_in_failures_at')
    .on('operator_sign_in_failures')
    .column('at')
    .execute();

  await db.schema.alterTable('operators').addColumn('last_sign_in_at', 'text').execute();
  await db.schema.alterTable('operator_sessions').addColumn('previous_sign_in_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('operator_sessions').dropColumn('previous_sign_in_at').execute();
  await db.schema.alterTable('operators').dropColumn('last_sign_in_at').execute();
  await db.schema.dropTable('operator_sign_in_failures').execute();
  await db.schema.dropTable('operator_devices').execute();
}
