import { Redis } from 'ioredis';
import type { EphemeralStore } from './ephemeral-store.ts';

// INCR and the window's expiry in one atomic step: a crash between the two cannot leave a
// counter that never expires.
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** The store in Redis (REDIS_URL), shared by every server instance. Keys carry `keyPrefix`. */
export function createRedisStore(options: { url: string; keyPrefix: string }): EphemeralStore {
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    // Overload is answered, not hung (DESIGN §3): a dead Redis fails requests quickly.
    connectTimeout: 5_000,
    commandTimeout: 5_000,
    maxRetriesPerRequest: 2,
  });
  return {
    backend: 'redis',
    async increment(key, ttlMs) {
      return Number(await redis.eval(INCREMENT_SCRIPT, 1, key, String(ttlMs)));
    },
    async set(key, value, ttlMs) {
      await redis.set(key, value, 'PX', ttlMs);
    },
    async get(key) {
      return redis.get(key);
    },
    async take(key) {
      return redis.getdel(key);
    },
    async delete(key) {
      await redis.del(key);
    },
    async close() {
      await redis.quit();
    },
  };
}
