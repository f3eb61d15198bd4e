import type { Dialect } from './db/database.ts';
import type { CallerRegistry, LoggedCaller } from './lib/callers.ts';
import type { EndpointInvoker } from './lib/contract-route.ts';
import type { Deps } from './lib/deps.ts';
import type { JobScheduler } from './jobs/scheduler.ts';
import type { Lifecycle } from './lib/graceful-shutdown.ts';

declare module 'fastify' {
  /** The app is every use case's Deps (lib/deps.ts), plus what only the HTTP side needs. */
  interface FastifyInstance extends Omit<Deps, 'log'> {
    dialect: Dialect;
    jobs: JobScheduler;
    /** Whether the instance is shutting down (lib/graceful-shutdown.ts); /healthz reads it. */
    lifecycle: Lifecycle;
    /** Caller kinds by name (lib/callers.ts); registerEndpoint looks a route's kind up here. */
    callers: CallerRegistry;
    /** Each registered endpoint's run by route name (lib/contract-route.ts invokeEndpoint). */
    endpointInvokers: Map<string, EndpointInvoker>;
  }
  interface FastifyContextConfig {
    /** Who the route is for, named on its response log line (lib/callers.ts LoggedCaller). */
    caller?: LoggedCaller;
  }
  interface FastifyRequest {
    /** Counted among the requests in flight (plugins/load-shedding.ts). */
    countedInFlight: boolean;
  }
}
