import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';
import type { Dialect } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import type { BlobStorage } from './lib/blob-storage.ts';
import type { CallerRegistry } from './lib/callers.ts';
import type { EphemeralStore } from './lib/ephemeral/ephemeral-store.ts';
import type { JobScheduler } from './jobs/scheduler.ts';
import type { SmsGateway } from './features/sms/index.ts';
import type { PaymentProvider } from './features/payments/index.ts';
import type { AccountKeyRing } from './features/bank-binding/index.ts';
import type { EndpointInvoker } from './lib/contract-route.ts';

import type { PayoutGateway } from './features/orders/index.ts';
import type { LenderWideCache } from './lib/lender-wide-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dialect: Dialect;
    clock: Clock;
    storage: BlobStorage;
    store: EphemeralStore;
    smsGateway: SmsGateway;
    /** The configured payment provider (features/payments, D8). */
    paymentProvider: PaymentProvider;
    jobs: JobScheduler;
    /** Keys of payment account numbers at rest (features/bank-binding, decision 0060). */
    accountKeys: AccountKeyRing;
    /** Caller kinds by name (lib/callers.ts); registerEndpoint looks a route's kind up here. */
    callers: CallerRegistry;
    /** Lender-wide reads kept a few seconds (lib/lender-wide-cache.ts). */
    lenderWide: LenderWideCache;
    /** Where disbursements are paid (features/orders/payouts.ts, decision 0052). */
    payouts: PayoutGateway;
    /** Each registered endpoint's run by route name (lib/contract-route.ts invokeEndpoint). */
    endpointInvokers: Map<string, EndpointInvoker>;
  }
  interface FastifyRequest {
    /** Counted among the requests in flight (plugins/load-shedding.ts). */
    countedInFlight: boolean;
  }
}
