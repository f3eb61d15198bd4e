import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDatabaseLease, createRedisLease, type JobLease } from '../../src/jobs/job-lease.ts';
import { listRuns } from '../../src/jobs/job-runs.ts';
import { runUnderLease, type RunnerDeps } from '../../src/jobs/run-job.ts';
import type { Job } from '../../src/jobs/job.ts';
import { createTestApp, redisAvailable, testClock, testRedis, type TestApp } from '../support/test-app.ts';

const START = '2026-11-23T08:00:00.000Z';

describe('job leases and run records (SQLite)', () => {
  let t: TestApp;
  let clock: ReturnType<typeof testClock>;
  let lease: JobLease;
  beforeEach(async () => {
    clock = testClock(START);
    t = await createTestApp('sqlite', { clock });
    lease = createDatabaseLease(t.app.db, clock);
  });
  afterEach(() => t.close());

  const runner = (instance: string): RunnerDeps => ({
    db: t.app.db,
    clock,
    store: t.app.store,
    storage: t.app.storage,
    config: t.config,
    log: t.app.log,
    accountKeys: t.app.accountKeys,
    payouts: t.app.payouts,
    smsGateway: t.app.smsGateway,
    metrics: t.app.metrics,
    lease,
    instance,
    leaseMs: 30_000,
  });

  it('is held by one holder until it is released or expires', async () => {
    expect(await lease.acquire('sweep', 'a', 10_000)).toBe(true);
    expect(await lease.acquire('sweep', 'b', 10_000)).toBe(false);
    expect(await lease.acquire('other-job', 'b', 10_000)).toBe(true);

    clock.advance(9_000);
    expect(await lease.acquire('sweep', 'a', 10_000)).toBe(true); // extended to 19 s
    clock.advance(9_000);
    expect(await lease.acquire('sweep', 'b', 10_000)).toBe(false);
    clock.advance(1_000);
    expect(await lease.acquire('sweep', 'b', 10_000)).toBe(true); // a's expired: b takes it

    await lease.release('sweep', 'a'); // a no longer holds it: b's stays
    expect(await lease.acquire('sweep', 'a', 10_000)).toBe(false);
    await lease.release('sweep', 'b');
    expect(await lease.acquire('sweep', 'a', 10_000)).toBe(true);
  });

  it('runs an instant once, records outcome and counts, and refuses while another holds the lease', async () => {
    const ran: string[] = [];
    const job: Job = {
      name: 'count',
      schedule: '* * * * *',
      async run(_deps, context) {
        ran.push(context.scheduledAt.toISOString());
        return { seen: 3 };
      },
    };
    const instant = new Date(START);
    const first = await runUnderLease(runner('a'), job, 'schedule', () => instant);
    expect(first).toMatchObject({ status: 'ran', outcome: 'ok', counts: { seen: 3 } });
    expect(await runUnderLease(runner('b'), job, 'schedule', () => instant)).toEqual({ status: 'taken' });
    expect(ran).toEqual([START]);

    // The lease was given back after the run; a holder that keeps it blocks everyone else.
    expect(await lease.acquire('count', 'c', 30_000)).toBe(true);
    const later = new Date(Date.parse(START) + 60_000);
    expect(await runUnderLease(runner('a'), job, 'schedule', () => later)).toEqual({ status: 'busy' });
    expect(ran).toHaveLength(1);
    await lease.release('count', 'c');
    // The clock reaches it: only runs recorded up to now count (decision 0101).
    clock.advance(60_000);

    // pickInstant sees the last recorded instant: nothing is due again for it.
    const pick = vi.fn((last: Date | null) => (last && last >= later ? null : later));
    expect(await runUnderLease(runner('a'), job, 'schedule', pick)).toMatchObject({ status: 'ran' });
    expect(await runUnderLease(runner('b'), job, 'schedule', pick)).toEqual({ status: 'not-due' });
    expect(pick.mock.calls.map(([last]) => last?.toISOString())).toEqual([START, later.toISOString()]);

    const runs = await listRuns(t.app.db, { job: 'count', limit: 10 });
    expect(runs.map((run) => [run.scheduled_at, run.instance, run.outcome, run.counts])).toEqual([
      [later.toISOString(), 'a', 'ok', '{"seen":3}'],
      [START, 'a', 'ok', '{"seen":3}'],
    ]);
    expect(runs[0]!.started_at).toBe(later.toISOString());
    expect(runs[0]!.finished_at).toBe(later.toISOString());
  });

  it('records a failed run with its error and gives the lease back', async () => {
    const job: Job = {
      name: 'broken',
      schedule: '* * * * *',
      async run() {
        throw new Error('disk full');
      },
    };
    const outcome = await runUnderLease(runner('a'), job, 'manual', () => clock.now());
    expect(outcome).toMatchObject({ status: 'ran', outcome: 'failed' });
    const [run] = await listRuns(t.app.db, { job: 'broken', limit: 1 });
    expect(run).toMatchObject({ outcome: 'failed', trigger: 'manual', counts: null });
    expect(run!.error).toMatch(/^Error: disk full/);
    expect(await lease.acquire('broken', 'b', 1_000)).toBe(true);
  });

  it('schedules by its clock: a start run, each due instant once, missed instants made up by one run', async () => {
    const seen: string[] = [];
    const hourly: Job = {
      name: 'hourly',
      schedule: '0 * * * *',
      runAtStart: true,
      async run(_deps, { scheduledAt, trigger }) {
        seen.push(`${trigger} ${scheduledAt.toISOString()}`);
        return {};
      },
    };
    const app = await createTestApp('sqlite', { sameDatabaseAs: t, clock, jobs: [hourly] });
    try {
      app.app.jobs.start({ tickMs: 10 });
      await vi.waitFor(() => expect(seen).toEqual([`start ${START}`]));
      clock.advance(30 * 60_000); // 08:30: nothing due
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen).toHaveLength(1);
      clock.advance(30 * 60_000); // 09:00
      await vi.waitFor(() => expect(seen).toHaveLength(2));
      clock.advance(3 * 60 * 60_000 + 60_000); // 12:01, having missed 10:00 and 11:00
      await vi.waitFor(() => expect(seen).toHaveLength(3));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen).toEqual([
        `start ${START}`,
        'schedule 2026-11-23T09:00:00.000Z',
        'schedule 2026-11-23T12:00:00.000Z',
      ]);
    } finally {
      await app.close();
    }
  });

  it('runs no job until the scheduler is started', async () => {
    const ran = vi.fn(async () => ({}));
    const app = await createTestApp('sqlite', {
      sameDatabaseAs: t,
      jobs: [{ name: 'eager', schedule: '* * * * * *', runAtStart: true, run: ran }],
    });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await app.close();
    expect(ran).not.toHaveBeenCalled();
  });
});

describe.runIf(redisAvailable)('job lease in Redis', () => {
  it('is held by one holder until it is released or expires', async () => {
    const redis = testRedis();
    const lease = createRedisLease({ url: redis.env.REDIS_URL!, keyPrefix: redis.env.REDIS_KEY_PREFIX! });
    try {
      expect(await lease.acquire('sweep', 'a', 200)).toBe(true);
      expect(await lease.acquire('sweep', 'b', 200)).toBe(false);
      expect(await lease.acquire('sweep', 'a', 200)).toBe(true);
      await lease.release('sweep', 'b'); // not b's: stays
      expect(await lease.acquire('sweep', 'b', 200)).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await lease.acquire('sweep', 'b', 200)).toBe(true);
      await lease.release('sweep', 'b');
      expect(await lease.acquire('sweep', 'a', 200)).toBe(true);
    } finally {
      await lease.close();
      await redis.cleanup();
    }
  });
});
