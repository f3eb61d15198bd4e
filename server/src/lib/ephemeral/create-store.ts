import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import { createDatabaseStore } from './database-store.ts';
import type { EphemeralStore } from './ephemeral-store.ts';
import { createRedisStore } from './redis-store.ts';

/** Redis when configured (limits shared by every instance), else the database. */
export function createEphemeralStore(
  config: Pick<Config, 'redis'>,
  db: Kysely<Database>,
  clock: Clock,
  onConnectionError?: (error: Error) => void,
): EphemeralStore {
  return config.redis
    ? createRedisStore({ ...config.redis, onConnectionError })
    : createDatabaseStore(db, clock);
}
