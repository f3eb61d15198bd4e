import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Scheduled jobs (server/src/jobs, decision 0041): the record of every run, and the lease that
 * lets one instance at a time run a job when no Redis is configured.
 * Frozen: a migration that has run is never edited; changes go into a new file.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One row per run. (job, scheduled_at) is unique: a scheduled instant runs once across every
  // instance, whoever claims it first.
  await withId(db, db.schema.createTable('job_runs'))
    .addColumn('job', 'text', (col) => col.notNull())
    .addColumn('scheduled_at', 'text', (col) => col.notNull())
    .addColumn('trigger', 'text', (col) => col.notNull())
    .addColumn('instance', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('outcome', 'text')
    .addColumn('counts', 'text')
    .addColumn('error', 'text')
    .addUniqueConstraint('job_runs_job_scheduled_at_unique', ['job', 'scheduled_at'])
    .execute();

  await db.schema
    .createTable('job_leases')
    .addColumn('job', 'text', (col) => col.primaryKey())
    .addColumn('holder', 'text', (col) => col.notNull())
    .addColumn('expires_at_ms', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
  await db.schema.dropTable('job_runs').execute();
}
