import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { Cron } from 'croner';
import type { Job, JobDeps } from './job.ts';
import type { JobLease } from './job-lease.ts';
import { jobTraceId, runUnderLease, type RunOutcome } from './run-job.ts';

export interface SchedulerTiming {
  /** Longest sleep between looks at the schedule; also how often a busy lease is retried. */
  tickMs: number;
  /** How long a lease holds without being extended: the most a dead holder blocks a job. */
  leaseMs: number;
}

export const defaultTiming: SchedulerTiming = { tickMs: 5_000, leaseMs: 30_000 };

export interface JobScheduler {
  /** host:pid:random, recorded with every run this instance makes. */
  readonly instance: string;
  readonly jobs: readonly Job[];
  /** Starts looking at the schedule. Only server.ts (and tests that mean it) call this. */
  start(timing?: Partial<SchedulerTiming>): void;
  /**
   * Stops starting runs and waits for the ones in flight (they give their leases back), or until
   * halt() is called.
   */
  stop(): Promise<void>;
  /**
   * Stops at once, as a process that died would: no new runs, leases of runs in flight are no
   * longer extended and expire on their own. Tests use it to show the hand-over.
   */
  halt(): void;
}

interface JobState {
  job: Job;
  cron: Cron;
  /** Every instant up to here has been looked at; null until the first look (catch-up). */
  checkedUpTo: Date | null;
  startPending: boolean;
  running: Promise<void> | null;
}

/** The latest instant of the schedule at or before `now`. */
function latestInstant(cron: Cron, now: Date): Date | null {
  // previousRuns includes an instant earlier in the same second as the reference, so +1 ms
  // makes `now` itself count.
  return cron.previousRuns(1, new Date(now.getTime() + 1))[0] ?? null;
}

/**
 * Each instance runs one scheduler. At every scheduled instant each instance tries the job's
 * lease; the holder claims the run for that instant in `job_runs` (unique per job and instant)
 * and runs it, so an instant runs once across instances (decision 0041). Missed instants (all
 * instances down, or a run longer than the period) are made up by one run, for the latest.
 */
export function createScheduler(deps: JobDeps & { lease: JobLease }, jobs: readonly Job[]): JobScheduler {
  const instance = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const states: JobState[] = jobs.map((job) => ({
    job,
    cron: new Cron(job.schedule, { timezone: 'UTC' }),
    checkedUpTo: null,
    startPending: false,
    running: null,
  }));
  let timing = defaultTiming;
  let startedAt = new Date(0);
  let timer: NodeJS.Timeout | null = null;
  let halted = new AbortController();

  const report = (job: Job, outcome: RunOutcome) => {
    if (outcome.status !== 'ran') return;
    const fields = {
      // The id its provider calls carried, as a request's log lines name theirs.
      reqId: jobTraceId(job.name, outcome.runId),
      job: job.name,
      scheduledAt: outcome.scheduledAt.toISOString(),
      ms: outcome.ms,
    };
    if (outcome.outcome === 'ok') deps.log.info({ ...fields, counts: outcome.counts }, 'job ran');
    else deps.log.error({ ...fields, error: outcome.error }, 'job failed');
  };

  const look = (state: JobState, now: Date) => {
    const { job, cron } = state;
    const start = state.startPending;
    const due = start || !state.checkedUpTo || (cron.nextRun(state.checkedUpTo) ?? now) <= now;
    if (!due) return;
    const pick = start
      ? () => startedAt
      : (lastRun: Date | null) => {
          const instant = latestInstant(cron, now);
          // Nothing recorded yet: the schedule counts from this start, not from the past.
          return instant && instant > (lastRun ?? startedAt) ? instant : null;
        };
    const runner = { ...deps, instance, leaseMs: timing.leaseMs };
    state.running = runUnderLease(runner, job, start ? 'start' : 'schedule', pick, halted.signal)
      .then((outcome) => {
        report(job, outcome);
        // A busy lease is tried again at the next tick: its holder may have died before running.
        if (outcome.status === 'busy') return;
        if (start) state.startPending = false;
        else state.checkedUpTo = now;
      })
      .catch((error: unknown) => deps.log.warn({ err: error, job: job.name }, 'job not run'))
      .finally(() => (state.running = null));
  };

  const tick = () => {
    timer = null;
    const now = deps.clock.now();
    for (const state of states) if (!state.running) look(state, now);
    // Wake just after the next instant of any job, and at least every tickMs.
    let wait = timing.tickMs;
    for (const state of states) {
      const next = state.cron.nextRun(now);
      if (next) wait = Math.min(wait, next.getTime() - now.getTime() + 5);
    }
    timer = setTimeout(tick, Math.max(wait, 5));
    timer.unref();
  };

  const stopTicking = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  return {
    instance,
    jobs,
    start(overrides = {}) {
      if (timer) return;
      timing = { ...defaultTiming, ...overrides };
      halted = new AbortController();
      startedAt = deps.clock.now();
      for (const state of states) {
        state.startPending = state.job.runAtStart === true;
        state.checkedUpTo = null;
      }
      tick();
    },
    async stop() {
      stopTicking();
      // A halt (the shutdown's grace running out) ends the wait: the runs are left to their leases.
      const { signal } = halted;
      const haltedWhileWaiting = new Promise<void>((resolve) => {
        if (signal.aborted) resolve();
        else signal.addEventListener('abort', () => resolve(), { once: true });
      });
      await Promise.race([Promise.all(states.map((state) => state.running)), haltedWhileWaiting]);
    },
    halt() {
      stopTicking();
      halted.abort();
    },
  };
}
