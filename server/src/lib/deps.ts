import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { BlobStorage } from './blob-storage.ts';
import type { Clock } from './clock.ts';
import type { EphemeralStore } from './ephemeral/ephemeral-store.ts';
import type { LenderWideCache } from './lender-wide-cache.ts';
import type { Metrics } from './metrics.ts';
import type { AccountKeyRing } from './ports/account-keys.ts';
import type { PaymentProvider } from './ports/payment-provider.ts';
import type { PayoutGateway } from './ports/payout-gateway.ts';
import type { SmsGateway } from './ports/sms-gateway.ts';

/**
 * What use cases may depend on: the app's shared services and the ports (lib/ports/) whose
 * adapters the features provide. Each use case takes only the part it needs
 * (`Pick<Deps, 'db' | 'clock'>`): the app satisfies it (fastify-augment.ts declares the
 * FastifyInstance as a Deps), a test passes plain objects, and a use case running inside
 * another's transaction gets `{ ...deps, db: trx }`.
 */
export interface Deps {
  db: Kysely<Database>;
  clock: Clock;
  config: Config;
  /** Short-lived counters and codes shared by every instance (Redis or the database). */
  store: EphemeralStore;
  /** Uploads (DESIGN D11). */
  storage: BlobStorage;
  smsGateway: SmsGateway;
  log: FastifyBaseLogger;
  /** Keys of payment account numbers at rest (decision 0060). */
  accountKeys: AccountKeyRing;
  /** Lender-wide reads kept a few seconds. */
  lenderWide: LenderWideCache;
  /** Where disbursements are paid (decisions 0052, 0090). */
  payouts: PayoutGateway;
  /** The configured payment provider (DESIGN D8). */
  paymentProvider: PaymentProvider;
  /** This app's series for /metrics (lib/metrics.ts); counted only once the work has committed. */
  metrics: Metrics;
}
