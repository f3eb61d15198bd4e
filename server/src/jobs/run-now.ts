import os from 'node:os';
import type { Job, JobDeps } from './job.ts';
import type { JobLease } from './job-lease.ts';
import type { JobRun } from './job-runs.ts';
import { runUnderLease, type RunOutcome } from './run-job.ts';
import { defaultTiming } from './scheduler.ts';

/**
 * `npm run job -- NAME`: runs the job now, under its lease like a scheduled run (so never beside
 * a scheduled run of it on a server), recorded with trigger 'manual'.
 */
export async function runJobNow(deps: JobDeps & { lease: JobLease }, job: Job): Promise<RunOutcome> {
  const now = deps.clock.now();
  const runner = { ...deps, instance: `cli:${os.hostname()}:${process.pid}`, leaseMs: defaultTiming.leaseMs };
  return runUnderLease(runner, job, 'manual', () => now);
}

export function describeOutcome(name: string, outcome: RunOutcome): string {
  switch (outcome.status) {
    case 'busy':
      return `${name} is running on another instance right now; try again when it has finished.`;
    case 'taken':
      return `${name} already ran for this instant; nothing was done again.`;
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

/** Recent runs as a table, most recent first. */
export function formatRuns(runs: JobRun[]): string {
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
      run.scheduled_at,
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
