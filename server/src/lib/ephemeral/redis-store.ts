import { Redis } from 'ioredis';
import { BackendUnavailable } from '../../db/backend-unavailable.ts';
import type { EphemeralStore } from './ephemeral-store.ts';

// INCR and the window's expiry in one atomic step: a crash between the two cannot leave a
// counter that never expires.
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/**
 * The store in Redis (REDIS_URL), shared by every server instance. Keys carry `keyPrefix`.
 * While Redis is down every call fails fast with BackendUnavailable (503 + Retry-After) and
 * the client keeps reconnecting at most half a second apart, so service resumes within a
 * second of Redis coming back (decision 0040).
 */
export function createRedisStore(options: {
  url: string;
  keyPrefix: string;
  onConnectionError?: (error: Error) => void;
}): EphemeralStore {
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    // Overload is answered, not hung (DESIGN §3): a dead Redis fails requests quickly.
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 50, 500),
  });
  // Without a listener ioredis prints every failed reconnect; report each outage once instead.
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported) options.onConnectionError?.(error);
    reported = true;
  });
  redis.on('ready', () => (reported = false));

  const guarded = async <T>(run: () => Promise<T>): Promise<T> => {
    // Not connected (yet or any more): refuse now rather than queue behind reconnect attempts.
    if (redis.status === 'reconnecting' || redis.status === 'end') {
      throw new BackendUnavailable('redis', new Error(`connection ${redis.status}`));
    }
    try {
      return await run();
    } catch (error) {
      throw new BackendUnavailable('redis', error);
    }
  };

  return {
    backend: 'redis',
    increment: (key, ttlMs) =>
      guarded(async () => Number(await redis.eval(INCREMENT_SCRIPT, 1, key, String(ttlMs)))),
    set: (key, value, ttlMs) =>
      guarded(async () => {
        await redis.set(key, value, 'PX', ttlMs);
      }),
    get: (key) => guarded(() => redis.get(key)),
    take: (key) => guarded(() => redis.getdel(key)),
    delete: (key) =>
      guarded(async () => {
        await redis.del(key);
      }),
    ping: () =>
      guarded(async () => {
        await redis.ping();
      }),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
