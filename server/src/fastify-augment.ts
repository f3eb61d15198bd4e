import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';
import type { Dialect } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import type { BlobStorage } from './lib/blob-storage.ts';
import type { EphemeralStore } from './lib/ephemeral/ephemeral-store.ts';
import type { SmsGateway } from './features/sms/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dialect: Dialect;
    clock: Clock;
    storage: BlobStorage;
    store: EphemeralStore;
    smsGateway: SmsGateway;
  }
}
