import { performance } from 'node:perf_hooks';
import { withTraceId } from '../lib/request-context.ts';
import { JOB_TRACE_PREFIX } from '../lib/request-id.ts';
import type { Job, JobCounts, JobDeps, JobTrigger } from './job.ts';
import type { JobLease } from './job-lease.ts';
import { claimRun, finishRun, lastScheduledAt } from './job-runs.ts';

export interface RunnerDeps extends JobDeps {
  lease: JobLease;
  /** Who holds the lease and is recorded as having run it. */
  instance: string;
  leaseMs: number;
}

export type RunOutcome =
  /** Another instance holds the job's lease (it is running it now). */
  | { status: 'busy' }
  /** Nothing to run: no instant due since the last recorded run, or another instance recorded it. */
  | { status: 'not-due' | 'taken' }
  | { status: 'ran'; runId: number; scheduledAt: Date; outcome: 'ok'; counts: JobCounts; ms: number }
  | { status: 'ran'; runId: number; scheduledAt: Date; outcome: 'failed'; error: string; ms: number };

/** What a run's provider calls carry as X-Request-Id, and its log lines as reqId. */
export function jobTraceId(job: string, runId: number): string {
  return `${JOB_TRACE_PREFIX}${job}:${runId}`;
}

/**
 * Runs `job` once under its lease: takes the lease, asks `pickInstant` which instant is due
 * given the last recorded run, claims that run (unique per job and instant), runs it, records
 * the outcome and gives the lease back. The lease is extended while the job runs; `signal`
 * stops extending (the scheduler halting as a dead process would).
 */
export async function runUnderLease(
  deps: RunnerDeps,
  job: Job,
  trigger: JobTrigger,
  pickInstant: (lastRun: Date | null) => Date | null,
  signal?: AbortSignal,
): Promise<RunOutcome> {
  const { db, lease, instance, leaseMs, clock } = deps;
  if (!(await lease.acquire(job.name, instance, leaseMs))) return { status: 'busy' };
  try {
    // Runs recorded for a later instant (a sandbox's manual look ahead) do not hold the schedule back.
    const scheduledAt = pickInstant(await lastScheduledAt(db, job.name, clock.now()));
    if (!scheduledAt) return { status: 'not-due' };
    const startedAt = clock.now();
    const runId = await claimRun(db, { job: job.name, scheduledAt, trigger, instance, startedAt });
    if (runId === null) return { status: 'taken' };

    const extender = setInterval(() => {
      lease.acquire(job.name, instance, leaseMs).then(
        (held) => held || deps.log.warn({ job: job.name }, 'job lease lost while running'),
        (error: unknown) => deps.log.warn({ err: error, job: job.name }, 'job lease not extended'),
      );
    }, leaseMs / 3);
    extender.unref();
    const stopExtending = () => clearInterval(extender);
    signal?.addEventListener('abort', stopExtending, { once: true });
    // How long the run took, in real time whatever the clock (tests hold theirs still; a manual
    // run dated another instant has a clock of its own).
    const began = performance.now();
    const ms = () => Math.round(performance.now() - began);
    // Counted once the run's record is written, as the record says (a run whose record could not
    // be written is not counted).
    const counted = (outcome: 'ok' | 'failed') => deps.metrics.jobRun(job.name, outcome, ms() / 1000);
    try {
      // Traced like a request: provider calls the run makes carry `job:<name>:<run>` (lib/request-context.ts).
      const counts = await withTraceId(jobTraceId(job.name, runId), () =>
        job.run(deps, { scheduledAt, trigger }),
      );
      await finishRun(db, runId, { finishedAt: clock.now(), outcome: 'ok', counts });
      counted('ok');
      return { status: 'ran', runId, scheduledAt, outcome: 'ok', counts, ms: ms() };
    } catch (error) {
      const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
      await finishRun(db, runId, { finishedAt: clock.now(), outcome: 'failed', error: text });
      counted('failed');
      return { status: 'ran', runId, scheduledAt, outcome: 'failed', error: text, ms: ms() };
    } finally {
      stopExtending();
      signal?.removeEventListener('abort', stopExtending);
    }
  } finally {
    await lease.release(job.name, instance);
  }
}
