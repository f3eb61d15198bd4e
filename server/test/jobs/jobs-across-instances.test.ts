import { describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import type { Job } from '../../src/jobs/job.ts';
import { listRuns } from '../../src/jobs/job-runs.ts';
import {
  createTestApp,
  databaseTargets,
  redisAvailable,
  testRedis,
  type TestApp,
} from '../support/test-app.ts';

/**
 * Decision 0041: two instances, one job due every second. For 30 s every second runs
 * exactly once across both; then the instance running it stops dead mid-run (halt: no more
 * ticks, its lease no longer extended, nothing released) and the other takes the job over once
 * the lease expires. ~40 s per backend; the two backends run side by side.
 */
const timing = { tickMs: 200, leaseMs: 3_000 };
const STEADY_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Execution {
  instant: number;
  instance: 'first' | 'second';
  at: number;
}

function everySecond(
  label: Execution['instance'],
  log: Execution[],
  control: { hangNext: boolean; hung?: Execution['instance']; release?: () => void },
): Job {
  return {
    name: 'tick',
    schedule: '* * * * * *',
    async run(_deps, { scheduledAt }) {
      log.push({ instant: scheduledAt.getTime(), instance: label, at: Date.now() });
      if (control.hangNext && !control.hung) {
        control.hung = label;
        await new Promise<void>((resolve) => (control.release = resolve));
      }
      return { ticks: 1 };
    },
  };
}

/** Every instant from the first to the last seen, each run exactly once. */
function expectOncePerSecond(executions: Execution[]) {
  const instants = executions.map((execution) => execution.instant);
  const first = Math.min(...instants);
  const last = Math.max(...instants);
  const expected = Array.from({ length: (last - first) / 1000 + 1 }, (_, index) => first + index * 1000);
  expect(instants.toSorted((a, b) => a - b)).toEqual(expected);
}

async function runAcrossTwo(
  backend: string,
  open: (jobs: { first: Job[]; second: Job[] }) => Promise<{ first: TestApp; second: TestApp }>,
  leaseHolder: (app: TestApp) => Promise<string | null>,
  cleanup: () => Promise<void> = async () => {},
) {
  const log: Execution[] = [];
  const control: { hangNext: boolean; hung?: Execution['instance']; release?: () => void } = {
    hangNext: false,
  };
  const { first, second } = await open({
    first: [everySecond('first', log, control)],
    second: [everySecond('second', log, control)],
  });
  const apps = { first, second };
  try {
    first.app.jobs.start(timing);
    second.app.jobs.start(timing);
    await sleep(STEADY_MS);

    const steady = log.slice();
    expect(steady.length).toBeGreaterThanOrEqual(STEADY_MS / 1000 - 1);
    expectOncePerSecond(steady);

    // The next run hangs; its instance then dies. The other may not run the job while the dead
    // one's lease lasts, and takes it over within the lease time.
    control.hangNext = true;
    await vi.waitFor(() => expect(control.hung).toBeDefined(), { timeout: 3_000, interval: 20 });
    const holder = apps[control.hung!];
    const otherLabel = control.hung === 'first' ? 'second' : 'first';
    expect(await leaseHolder(holder)).toBe(holder.app.jobs.instance);
    holder.app.jobs.halt();
    const haltedAt = Date.now();
    const hungRun = log.at(-1)!;

    await vi.waitFor(() => expect(log.at(-1)!.instance).toBe(otherLabel), { timeout: 6_000, interval: 20 });
    const takeover = log.at(-1)!;
    const handoffMs = takeover.at - haltedAt;
    const share = (label: string) => steady.filter((execution) => execution.instance === label).length;
    console.info(
      `${backend}: ${steady.length} runs in ${STEADY_MS / 1000} s (first ${share('first')}, second ${share('second')}); ` +
        `hand-over ${handoffMs} ms after the holder died (lease ${timing.leaseMs} ms)`,
    );
    expect(takeover.at - hungRun.at).toBeGreaterThanOrEqual(timing.leaseMs - timing.tickMs);
    expect(handoffMs).toBeLessThanOrEqual(timing.leaseMs + timing.tickMs + 500);

    // The survivor goes on once a second; instants during the dead lease were made up by one run.
    await sleep(3_000);
    const after = log.filter((execution) => execution.instant >= takeover.instant);
    expect(after.every((execution) => execution.instance === otherLabel)).toBe(true);
    expectOncePerSecond(after);
    expect(new Set(log.map((execution) => execution.instant)).size).toBe(log.length);

    // Every execution has its record; the dead instance's run has no outcome.
    const runs = await listRuns(first.app.db, { job: 'tick', limit: 1_000 });
    expect(runs.length).toBeGreaterThanOrEqual(log.length);
    const hungRecord = runs.find((run) => Date.parse(run.scheduled_at) === hungRun.instant);
    expect(hungRecord).toMatchObject({
      instance: holder.app.jobs.instance,
      outcome: null,
      finished_at: null,
    });
  } finally {
    control.release?.();
    await second.close();
    await first.close();
    await cleanup();
  }
}

describe.concurrent('a job due every second, two instances', () => {
  it.runIf(databaseTargets.includes('postgres'))(
    'on one PostgreSQL: runs once per second across both; a dead holder hands over within the lease time',
    async () => {
      await runAcrossTwo(
        'PostgreSQL',
        async (jobs) => {
          const first = await createTestApp('postgres', { jobs: jobs.first });
          const second = await createTestApp('postgres', { sameDatabaseAs: first, jobs: jobs.second });
          return { first, second };
        },
        async ({ app }) =>
          (
            await app.db
              .selectFrom('job_leases')
              .select('holder')
              .where('job', '=', 'tick')
              .executeTakeFirst()
          )?.holder ?? null,
      );
    },
    75_000,
  );

  it.runIf(redisAvailable)(
    'on one Redis: runs once per second across both; a dead holder hands over within the lease time',
    async () => {
      const redis = testRedis();
      const client = new Redis(redis.env.REDIS_URL!, { keyPrefix: redis.env.REDIS_KEY_PREFIX! });
      await runAcrossTwo(
        'Redis',
        async (jobs) => {
          const first = await createTestApp('sqlite', { env: redis.env, jobs: jobs.first });
          const second = await createTestApp('sqlite', {
            sameDatabaseAs: first,
            env: redis.env,
            jobs: jobs.second,
          });
          return { first, second };
        },
        // The lease is the Redis key, not a table row.
        async ({ app }) => {
          const row = await app.db.selectFrom('job_leases').select('holder').executeTakeFirst();
          expect(row).toBeUndefined();
          return client.get('job-lease:tick');
        },
        async () => {
          await client.quit();
          await redis.cleanup();
        },
      );
    },
    75_000,
  );
});
