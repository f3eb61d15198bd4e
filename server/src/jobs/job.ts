import type { Deps } from '../lib/deps.ts';

/** What a job may use: handed to it, never taken from the app, so the CLI runs it the same way. */
export type JobDeps = Pick<
  Deps,
  | 'db'
  | 'clock'
  | 'store'
  | 'storage'
  | 'config'
  | 'log'
  | 'accountKeys'
  | 'payouts'
  | 'smsGateway'
  | 'metrics'
>;

export interface JobContext {
  /** The instant this run is for: a cron instant, the scheduler's start, or a manual run's now. */
  scheduledAt: Date;
  trigger: JobTrigger;
}

export type JobTrigger = 'schedule' | 'start' | 'manual';

/** What a run did, e.g. `{ purged: 12 }`; stored with the run record. */
export type JobCounts = Record<string, number>;

export interface Job {
  /** Unique, kebab-case: `npm run job -- <name>`. */
  name: string;
  /** Cron pattern in UTC (croner): five fields, or six with seconds first. */
  schedule: string;
  /** Also run when the scheduler starts (sweeps that clean up after downtime). */
  runAtStart?: boolean;
  /**
   * Runs once for `context.scheduledAt`. Must be safe to run again after a crash mid-run: the
   * next run starts from what is in the database, not from what this one meant to do.
   */
  run(deps: JobDeps, context: JobContext): Promise<JobCounts>;
}
