import type { FastifyInstance } from 'fastify';

/**
 * What use cases may depend on. Each takes only the part it needs
 * (`Pick<Deps, 'db' | 'clock'>`): the app satisfies it as it is, a test passes plain objects,
 * and a use case running inside another's transaction gets `{ ...deps, db: trx }`.
 */
export type Deps = Pick<
  FastifyInstance,
  | 'db'
  | 'clock'
  | 'config'
  | 'store'
  | 'storage'
  | 'smsGateway'
  | 'log'
  | 'accountKeys'
  | 'lenderWide'
  | 'payouts'
  | 'paymentProvider'
>;
