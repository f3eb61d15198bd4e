import { sql, type Kysely } from 'kysely';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';

/**
 * One holder per job at a time, across every instance (decision 0041). A lease expires unless
 * its holder extends it, so a holder that died blocks the job for at most one lease time.
 */
export interface JobLease {
  readonly backend: 'redis' | 'database';
  /** Takes the job's lease for `ttlMs`, or extends it if `holder` has it; false if another does. */
  acquire(job: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease back, only if `holder` still has it (a lease that expired is not taken back). */
  release(job: string, holder: string): Promise<void>;
  close(): Promise<void>;
}

/** Redis when configured (like the ephemeral store), else the `job_leases` table. */
export function createJobLease(config: Pick<Config, 'redis'>, db: Kysely<Database>, clock: Clock): JobLease {
  return config.redis ? createRedisLease(config.redis) : createDatabaseLease(db, clock);
}

/**
 * One conditional upsert: the row is written only if it is free, expired or already ours, and
 * returned only if written. Both SQLite and PostgreSQL run it atomically against a racing one.
 */
export function createDatabaseLease(db: Kysely<Database>, clock: Clock): JobLease {
  return {
    backend: 'database',
    async acquire(job, holder, ttlMs) {
      const now = clock.now().getTime();
      const result = await sql<{ holder: string }>`
        insert into job_leases (job, holder, expires_at_ms) values (${job}, ${holder}, ${now + ttlMs})
        on conflict (job) do update set holder = excluded.holder, expires_at_ms = excluded.expires_at_ms
          where job_leases.holder = excluded.holder or job_leases.expires_at_ms <= ${now}
        returning holder`.execute(db);
      return result.rows.length === 1;
    },
    async release(job, holder) {
      await db.deleteFrom('job_leases').where('job', '=', job).where('holder', '=', holder).execute();
    },
    async close() {},
  };
}

// Take if free, extend if ours; in one step so no other holder can slip in between.
const ACQUIRE_SCRIPT = `
local holder = redis.call('GET', KEYS[1])
if holder == false or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`;

// Compare-and-delete: never delete a lease another holder took after ours expired.
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export function createRedisLease(options: { url: string; keyPrefix: string }): JobLease {
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    // Connects on first use: an app whose scheduler never starts (tests, CLIs) opens nothing.
    lazyConnect: true,
    connectTimeout: 5_000,
    commandTimeout: 5_000,
    maxRetriesPerRequest: 2,
  });
  const key = (job: string) => `job-lease:${job}`;
  return {
    backend: 'redis',
    async acquire(job, holder, ttlMs) {
      return Number(await redis.eval(ACQUIRE_SCRIPT, 1, key(job), holder, String(ttlMs))) === 1;
    },
    async release(job, holder) {
      await redis.eval(RELEASE_SCRIPT, 1, key(job), holder);
    },
    async close() {
      if (redis.status === 'wait') redis.disconnect();
      else await redis.quit();
    },
  };
}
