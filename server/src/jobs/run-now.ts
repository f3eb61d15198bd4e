import os from 'node:os';
import { formatLenderTime } from '@kwarta/domain';
import type { Config } from '../config.ts';
import type { Clock } from '../lib/clock.ts';
import type { Job, JobDeps } from './job.ts';
import type { JobLease } from './job-lease.ts';
import type { JobRun } from './job-runs.ts';
import type { OutputFormat } from '../lib/output-format.ts';
import { runUnderLease, type RunOutcome } from './run-job.ts';
import { defaultTiming } from './scheduler.ts';

/** A manual run's instant that its mode does not allow (decision 0101): nothing was run. */
export class ManualInstantRefused extends Error {}

/**
 * The instant a manual run is for, and the clock it runs by (decision 0101). Without `asOf`, now.
 * In production only an instant that has passed, at most JOB_CATCH_UP_HOURS ago (a missed day
 * caught up), and the run keeps the real clock: what it sends goes out within the contact hours of
 * now and is recorded as sent now. Elsewhere any instant, and the run's clock starts there and
 * runs on, so a sandbox sees what a later day does (and a run still takes the time it takes).
 */
export function manualRunTime(
  config: Pick<Config, 'isProduction' | 'jobs' | 'lenderTimeZone'>,
  clock: Clock,
  asOf?: Date,
): { scheduledAt: Date; clock: Clock } {
  const now = clock.now();
  if (!asOf) return { scheduledAt: now, clock };
  if (config.isProduction) {
    const named = `--as-of ${formatLenderTime(asOf, config.lenderTimeZone)}`;
    if (asOf > now) {
      throw new ManualInstantRefused(
        `${named} has not come yet (now ${formatLenderTime(now, config.lenderTimeZone)}): production runs a job only for an instant ` +
          'that has passed. Nothing was done.',
      );
    }
    const { catchUpHours } = config.jobs;
    if (now.getTime() - asOf.getTime() > catchUpHours * 3_600_000) {
      throw new ManualInstantRefused(
        `${named} is more than ${catchUpHours} hours ago (JOB_CATCH_UP_HOURS): production catches up ` +
          'only that far back. Nothing was done.',
      );
    }
    return { scheduledAt: asOf, clock };
  }
  const offset = asOf.getTime() - now.getTime();
  return { scheduledAt: asOf, clock: { now: () => new Date(clock.now().getTime() + offset) } };
}

/**
 * `npm run job -- NAME [--as-of ISO]`: runs the job now, under its lease like a scheduled run (so
 * never beside a scheduled run of it on a server), recorded with trigger 'manual', for the
 * instant manualRunTime allows (it throws ManualInstantRefused for one it does not).
 */
export async function runJobNow(
  deps: JobDeps & { lease: JobLease },
  job: Job,
  asOf?: Date,
): Promise<RunOutcome> {
  const { scheduledAt, clock } = manualRunTime(deps.config, deps.clock, asOf);
  const runner = {
    ...deps,
    clock,
    instance: `cli:${os.hostname()}:${process.pid}`,
    leaseMs: defaultTiming.leaseMs,
  };
  return runUnderLease(runner, job, 'manual', () => scheduledAt);
}

export function describeOutcome(name: string, outcome: RunOutcome): string {
  switch (outcome.status) {
    case 'busy':
      return `${name} is running on another instance right now; try again when it has finished.`;
    case 'taken':
      return `${name} already ran for this instant; nothing was done or sent again.`;
    case 'not-due':
      return `${name} had nothing to run.`;
    case 'ran':
      return outcome.outcome === 'ok'
        ? `${name} ran in ${outcome.ms} ms: ${formatCounts(outcome.counts)} (run ${outcome.runId})`
        : `${name} failed after ${outcome.ms} ms (run ${outcome.runId}):\n${outcome.error}`;
  }
}

function formatCounts(counts: Record<string, number>): string {
  const entries = Object.entries(counts);
  return entries.length ? entries.map(([key, value]) => `${key}=${value}`).join(' ') : 'no counts';
}

/**
 * The exit status of a manual run: 0 when the job ran well or had already run for the instant
 * (nothing to do is no failure to a cron wrapper), 1 when it failed or another instance holds it.
 */
export function exitStatusOf(outcome: RunOutcome): number {
  if (outcome.status === 'taken' || outcome.status === 'not-due') return 0;
  return outcome.status === 'ran' && outcome.outcome === 'ok' ? 0 : 1;
}

/** Recent runs as a table, most recent first. */
export function formatRuns(runs: JobRun[], format: OutputFormat): string {
  const rows = runs.map((run) => {
    const ms = run.finished_at ? String(Date.parse(run.finished_at) - Date.parse(run.started_at)) : '';
    const what =
      run.outcome === 'ok'
        ? formatCounts(JSON.parse(run.counts ?? '{}') as Record<string, number>)
        : run.outcome === 'failed'
          ? (run.error ?? '').split('\n')[0]!
          : 'running, or its instance stopped mid-run';
    return [
      String(run.id),
      run.job,
      format.time(run.scheduled_at),
      run.trigger,
      run.instance,
      ms,
      run.outcome ?? '-',
      what,
    ];
  });
  const header = ['id', 'job', 'scheduled_at', 'trigger', 'instance', 'ms', 'outcome', 'result'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  return [header, ...rows]
    .map((row) =>
      row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  '),
    )
    .join('\n');
}
