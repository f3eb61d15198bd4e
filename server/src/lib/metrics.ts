import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolUse, QueryKind } from '../db/observation.ts';

/**
 * Every series the server exposes at /metrics (README "Monitoring"), defined here so their names
 * and labels live in one place. One registry per app, never prom-client's global one: tests build
 * many apps in one process, and each must count only its own work.
 *
 * Labels are closed sets (route patterns, outcomes, provider and job names), never ids, URLs or
 * SQL text: each label value is a series Prometheus keeps.
 */

/** How a payment moved, per provider: what finance watches (decisions 0070, 0080). */
export type PaymentOutcome =
  /** The provider gave a pay code (start-payment.ts). */
  | 'created'
  /** The provider would not create one: the borrower saw "try again" (start-payment.ts). */
  | 'refused'
  /** Paid the amount asked and applied to the order (post-payment.ts). */
  | 'posted'
  /** Paid another amount, or one we could not read: kept for review (post-payment.ts). */
  | 'held'
  /** The provider said it failed or expired (post-payment.ts). */
  | 'closed'
  /** Finance accepted a held payment (review-held-payment.ts). */
  | 'accepted'
  /** Finance returned a held payment and the payout went through (review-held-payment.ts). */
  | 'returned';

export type SmsOutcome = 'sent' | 'failed';

export type ReminderOutcome = 'queued' | 'sent';

export type JobOutcome = 'ok' | 'failed';

/** What /metrics reads of load shedding's own counting (plugins/load-shedding.ts). */
export interface LoadReading {
  readonly inFlight: number;
  readonly eventLoopDelayMs: number;
}

const PREFIX = 'kwarta_';

// Requests: most answer in a few ms (decision 0006); the top buckets catch provider calls and
// the 30 s request timeout.
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
// Queries: an indexed SQLite read takes tens of µs, a PostgreSQL round trip about a millisecond.
const QUERY_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];
// Jobs: a sweep takes milliseconds, a reconciliation pass over a slow provider minutes.
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900];

export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by route pattern ((unmatched) for no route), method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from the request arriving to its response sent, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });

  readonly queryDuration = new Histogram({
    name: `${PREFIX}db_query_duration_seconds`,
    help: 'Time of each database statement run through Kysely, by kind (select, insert, update, delete, other).',
    labelNames: ['kind'] as const,
    buckets: QUERY_BUCKETS,
    registers: [this.registry],
  });

  readonly queryErrors = new Counter({
    name: `${PREFIX}db_query_errors_total`,
    help: 'Database statements that failed, by kind.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly jobRuns = new Counter({
    name: `${PREFIX}job_runs_total`,
    help: 'Job runs this instance made, by job and outcome (ok, failed).',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: `${PREFIX}job_duration_seconds`,
    help: 'How long each job run took, by job and outcome.',
    labelNames: ['job', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  readonly jobLastSuccess = new Gauge({
    name: `${PREFIX}job_last_success_timestamp_seconds`,
    help: 'When a run of the job last succeeded on this instance (Unix seconds).',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });

  readonly payments = new Counter({
    name: `${PREFIX}payments_total`,
    help: 'Payments by provider and outcome (created, refused, posted, held, closed, accepted, returned).',
    labelNames: ['provider', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly smsSends = new Counter({
    name: `${PREFIX}sms_sends_total`,
    help: 'SMS send attempts by gateway, purpose and outcome (sent, failed: the provider refused or was unreachable).',
    labelNames: ['gateway', 'purpose', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly reminders = new Counter({
    name: `${PREFIX}reminders_total`,
    help: 'Due-date reminders queued and sent.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /** Started by `expose` only: default collectors keep timers and observers for the app's life. */
  #exposed = false;

  /** Kysely's query log hook (db/database.ts): one observation per statement. */
  readonly observeQuery = (kind: QueryKind, seconds: number, failed: boolean): void => {
    this.queryDuration.observe({ kind }, seconds);
    if (failed) this.queryErrors.inc({ kind });
  };

  /** One answered request (plugins/metrics-endpoint.ts): `route` is its pattern, never the URL. */
  httpRequest(route: string, method: string, status: number, seconds: number): void {
    const labels = { route, method, status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  payment(provider: string, outcome: PaymentOutcome): void {
    this.payments.inc({ provider, outcome });
  }

  sms(gateway: string, purpose: string, outcome: SmsOutcome): void {
    this.smsSends.inc({ gateway, purpose, outcome });
  }

  reminder(outcome: ReminderOutcome, count = 1): void {
    if (count > 0) this.reminders.inc({ outcome }, count);
  }

  jobRun(job: string, outcome: JobOutcome, seconds: number): void {
    this.jobRuns.inc({ job, outcome });
    this.jobDuration.observe({ job, outcome }, seconds);
    // Wall-clock time, as alerting compares it with Prometheus' time().
    if (outcome === 'ok') this.jobLastSuccess.set({ job }, Date.now() / 1000);
  }

  /**
   * Turns on what only a scraped instance needs (plugins/metrics-endpoint.ts): Node's own series
   * (event-loop lag, heap, GC, CPU) with our prefix, the database pool and load shedding's view,
   * both read at scrape time, so they cost nothing between scrapes.
   */
  expose(sources: { poolUse?: (() => PoolUse) | undefined; load: LoadReading }): void {
    if (this.#exposed) return;
    this.#exposed = true;
    collectDefaultMetrics({ register: this.registry, prefix: PREFIX });
    const { poolUse, load } = sources;
    new Gauge({
      name: `${PREFIX}http_requests_in_flight`,
      help: 'Requests being answered now (as load shedding counts them: /healthz and shed requests excluded).',
      registers: [this.registry],
      collect() {
        this.set(load.inFlight);
      },
    });
    new Gauge({
      name: `${PREFIX}event_loop_delay_max_seconds`,
      help: 'The longest event-loop delay in the last second, as load shedding judges it (MAX_EVENT_LOOP_DELAY_MS).',
      registers: [this.registry],
      collect() {
        this.set(load.eventLoopDelayMs / 1000);
      },
    });
    if (!poolUse) return;
    new Gauge({
      name: `${PREFIX}db_pool_connections`,
      help: 'Database connections by state: open (all), idle (open and free).',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const use = poolUse();
        this.set({ state: 'open' }, use.open);
        this.set({ state: 'idle' }, use.idle);
      },
    });
    new Gauge({
      name: `${PREFIX}db_pool_waiting`,
      help: 'Queries waiting for a database connection.',
      registers: [this.registry],
      collect() {
        this.set(poolUse().waiting);
      },
    });
  }
}
