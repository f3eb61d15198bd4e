// PostgreSQL databases and Redis key prefixes of their own for the benchmarks and the fleet, made
// at the start and removed at the end, so a run never touches a developer's data.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const ADMIN_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const LOCAL_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** One statement on the PostgreSQL server as its admin (CREATE/DROP DATABASE for a run's own database). */
export async function adminQuery(adminUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

export interface ThrowawayDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database named `<prefix>_<random>` on the admin URL's server. */
export async function createThrowawayDatabase(
  prefix: string,
  adminUrl = ADMIN_POSTGRES_URL,
): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  return { name, url, drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Whether a Redis server answers at `url` (runs use it when it does). */
export async function redisAnswers(url = LOCAL_REDIS_URL): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Deletes every key under a run's prefix. */
export async function dropRedisKeys(prefix: string, url = LOCAL_REDIS_URL): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url);
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 })) {
      if ((keys as string[]).length) await redis.del(...(keys as string[]));
    }
  } finally {
    redis.disconnect();
  }
}
