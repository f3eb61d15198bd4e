import type { Kysely, Selectable } from 'kysely';
import type { Database, JobRunTable } from '../db/schema.ts';
import type { JobCounts, JobTrigger } from './job.ts';

export type JobRun = Selectable<JobRunTable>;

/**
 * Records that a run of `job` for `scheduledAt` starts, unless one is already recorded (by any
 * instance): then null, and the caller must not run it. The unique (job, scheduled_at) makes
 * this the point where "once per scheduled instant" is decided.
 */
export async function claimRun(
  db: Kysely<Database>,
  run: { job: string; scheduledAt: Date; trigger: JobTrigger; instance: string; startedAt: Date },
): Promise<number | null> {
  const row = await db
    .insertInto('job_runs')
    .values({
      job: run.job,
      scheduled_at: run.scheduledAt.toISOString(),
      trigger: run.trigger,
      instance: run.instance,
      started_at: run.startedAt.toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['job', 'scheduled_at']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function finishRun(
  db: Kysely<Database>,
  id: number,
  result: { finishedAt: Date } & (
    { outcome: 'ok'; counts: JobCounts } | { outcome: 'failed'; error: string }
  ),
): Promise<void> {
  await db
    .updateTable('job_runs')
    .set({
      finished_at: result.finishedAt.toISOString(),
      outcome: result.outcome,
      counts: result.outcome === 'ok' ? JSON.stringify(result.counts) : null,
      error: result.outcome === 'failed' ? result.error : null,
    })
    .where('id', '=', id)
    .execute();
}

/** The latest instant up to `notAfter` a run of `job` was recorded for (ISO text sorts as time). */
export async function lastScheduledAt(
  db: Kysely<Database>,
  job: string,
  notAfter: Date,
): Promise<Date | null> {
  const row = await db
    .selectFrom('job_runs')
    .select('scheduled_at')
    .where('job', '=', job)
    .where('scheduled_at', '<=', notAfter.toISOString())
    .orderBy('scheduled_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.scheduled_at) : null;
}

/** Most recent first. */
export async function listRuns(
  db: Kysely<Database>,
  filter: { job?: string | undefined; limit: number },
): Promise<JobRun[]> {
  let query = db.selectFrom('job_runs').selectAll();
  if (filter.job) query = query.where('job', '=', filter.job);
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}
