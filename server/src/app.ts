import type { Logger } from 'pino';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyLoggerOptions,
  type FastifyServerOptions,
} from 'fastify';
import formbody from '@fastify/formbody';
import cookie from '@fastify/cookie';
import { sql } from 'kysely';
import compress from '@fastify/compress';
import {
  buildOpenApi,
  endpoints,
  type BorrowerPageRenderer,
  type StaticPageRenderer,
} from '@kwarta/contract';
import type { Config } from './config.ts';
import { createDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { recordDatabaseMode } from './lib/database-mode.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { redactUrl } from './lib/log-redaction.ts';
import { REQUEST_ID_HEADER, requestIdOf } from './lib/request-id.ts';
import type { Lifecycle } from './lib/graceful-shutdown.ts';
import { withTraceId } from './lib/request-context.ts';
import { createEndpointRegistry } from './lib/contract-route.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { RETRY_AFTER_SECONDS, errorHandler } from './plugins/error-handler.ts';
import { loadShedding } from './plugins/load-shedding.ts';
import { metricsEndpoint } from './plugins/metrics-endpoint.ts';
import { Metrics } from './lib/metrics.ts';
import { customerServiceRoutes } from './features/customer-service/index.ts';
import { devRoutes } from './features/test-preview/index.ts';
import { consoleCreditRoutes } from './features/credit-decisions/index.ts';
import { identityConsoleRoutes, identityRoutes } from './features/identity/index.ts';
import { amlConsoleRoutes } from './features/aml/index.ts';
import { webApp } from './features/pages/index.ts';
import { borrowerCaller } from './features/sessions/index.ts';
import { disableDemoOperators, operatorCaller, seedDemoOperators } from './features/operators/index.ts';
import { consoleAdminRoutes, consolePage, consoleRoutes } from './features/console/index.ts';
import { LenderWideCache } from './lib/lender-wide-cache.ts';
import { CallerRegistry } from './lib/callers.ts';
import { complaintRoutes } from './features/complaints/index.ts';
import { orderDetailsRoutes } from './features/order-details/index.ts';
import { newPlanRoutes } from './features/money-actions/index.ts';
import { loanConfirmRoutes } from './features/loan-confirm/index.ts';
import { createPayoutGateway, type PayoutGateway } from './features/disbursement/index.ts';
import { productOpenToBorrower } from './features/orders/index.ts';
import { bankBindingRoutes, loadAccountKeyRing } from './features/bank-binding/index.ts';
import { legacyRepaymentRoutes } from './features/legacy-repayment/index.ts';
import type { BlobStorage } from './lib/blob-storage.ts';
import { seedDemo } from './seed-demo.ts';
import { createBlobStorage } from './lib/create-blob-storage.ts';
import { promotionRoutes } from './features/promotion/index.ts';
import { privacyRoutes } from './features/data-privacy/index.ts';
import { smsLoginRoutes } from './features/auth/index.ts';
import { createEphemeralStore } from './lib/ephemeral/create-store.ts';
import { createSmsGateway, type SmsGateway } from './features/sms/index.ts';
import { createPaymentProvider, paymentRoutes } from './features/payments/index.ts';
import { repaymentRoutes } from './features/repayment/index.ts';
import { brandRoutes, brandedPages } from './features/brand/index.ts';
import type { Job } from './jobs/job.ts';
import { createJobLease } from './jobs/job-lease.ts';
import { jobRegistry } from './jobs/registry.ts';
import { createScheduler } from './jobs/scheduler.ts';
import './fastify-augment.ts';

export interface AppOverrides {
  database?: DatabaseHandle;
  clock?: Clock;
  smsGateway?: SmsGateway;
  /** Where disbursements are paid (features/disbursement/payouts.ts); by default the one PAYOUT_PROVIDER names. */
  payouts?: PayoutGateway;
  logger?: FastifyServerOptions['logger'];
  /** Where log lines go instead of stdout (tests read what the server logs). */
  logStream?: { write(line: string): void };
  storage?: BlobStorage;
  /** Tests render the static pages from source instead of the web build. */
  staticPageRenderer?: StaticPageRenderer;
  /** Tests schedule their own jobs (e.g. one due every second). */
  jobs?: readonly Job[];
  /** Tests render the app's pages from source instead of the web build. */
  borrowerPageRenderer?: BorrowerPageRenderer;
}

function loggerOptions(config: Config): FastifyLoggerOptions {
  return {
    level: config.logLevel,
    serializers: {
      // Query strings carry session ids and phones; log the URL with those masked.
      req: (request) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
    },
  };
}

/**
 * Builds the whole application (fastify/demo shape) in an order that cannot be got wrong: every
 * service and port first, then the schema and demo data, then HTTP plugins, then the routes.
 * server.ts only adds process concerns; tests call this and use inject().
 */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: overrides.logger ?? {
      ...loggerOptions(config),
      ...(overrides.logStream ? { stream: overrides.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    // X-Request-Id from the proxy when it is one we can log, else a UUID; on every log line of the
    // request (pino's reqId) and returned on the response (below).
    genReqId: requestIdOf,
    // One line per response (below) instead of Fastify's two; at info level only the ones worth
    // reading, so logging does not halve throughput.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // A request that reached a closing instance on a connection it had accepted is answered, not
    // refused with 503 (lib/graceful-shutdown.ts): the proxy has already sent it and would not resend a POST.
    return503OnClosing: false,
    // Overload is answered, not hung (DESIGN §3).
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
  });

  // This app's series (lib/metrics.ts), before the database, whose statements it times when
  // metrics are on (METRICS_TOKEN).
  app.decorate('metrics', new Metrics());
  const database =
    overrides.database ??
    createDatabase({
      ...config,
      onConnectionError: (error) => app.log.warn({ reason: error.message }, 'database connection lost'),
      observeQuery: config.metricsToken ? app.metrics.observeQuery : undefined,
    });
  decorateServices(app, config, database, overrides);

  await migrateToLatest(database.db);
  // The command lines work in the mode recorded here; a production database refuses other modes.
  await recordDatabaseMode(database.db, config, app.clock.now());
  await seedDemo(app);
  // One operator per role to sign in to the console with (README): development on a loopback
  // listener only, like every published default (decision 0101).
  if (config.seedDemo && config.publishedDefaults) await seedDemoOperators(database.db, app.clock.now());
  // A development database reused in production, or served to other machines: its demo operators'
  // public password stops working (decisions 0091, 0101).
  if (!config.publishedDefaults) await disableDemoOperators(database.db, (message) => app.log.warn(message));

  // Before compression (registerHttpPlugins), so it reads every page as the string it is.
  brandedPages(app);
  await registerHttpPlugins(app, config, database);
  registerOperationalRoutes(app, config);
  for (const routes of featureRoutes) await app.register(routes);
  if (config.devToolsEnabled) await app.register(devRoutes);
  await app.register(webApp, {
    staticPageRenderer: overrides.staticPageRenderer,
    borrowerPageRenderer: overrides.borrowerPageRenderer,
  });
  return app;
}

/**
 * The feature plugins answering the API, the console and the payment providers, in no order that
 * matters: every service they use is decorated before the first of them is registered.
 */
const featureRoutes = [
  customerServiceRoutes,
  complaintRoutes,
  orderDetailsRoutes,
  newPlanRoutes,
  loanConfirmRoutes,
  // Products are orders' table; bank-binding cannot import orders (orders imports it).
  bankBindingRoutes(productOpenToBorrower),
  paymentRoutes,
  repaymentRoutes,
  promotionRoutes,
  smsLoginRoutes,
  legacyRepaymentRoutes,
  consoleRoutes,
  consoleAdminRoutes,
  consoleCreditRoutes,
  privacyRoutes,
  identityRoutes,
  identityConsoleRoutes,
  amlConsoleRoutes,
  consolePage,
  brandRoutes,
];

/**
 * Every shared service and port adapter (lib/deps.ts), decorated before any plugin or route is
 * registered, so no route can find one missing. Jobs stop once requests are answered, before the pools close (onClose order, below).
 */
function decorateServices(
  app: FastifyInstance,
  config: Config,
  database: DatabaseHandle,
  overrides: AppOverrides,
): void {
  app.decorate('config', config);
  app.decorate('lifecycle', { draining: false } satisfies Lifecycle);
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('clock', overrides.clock ?? systemClock);
  // Uploads (D11): the data directory, or the S3-compatible bucket every instance shares (BLOB_STORAGE).
  app.decorate('storage', overrides.storage ?? createBlobStorage(config));
  app.decorate(
    'accountKeys',
    loadAccountKeyRing(config, (message) => app.log.warn(message)),
  );
  const store = createEphemeralStore(config, database.db, app.clock, (error) =>
    app.log.warn({ reason: error.message }, 'redis connection lost'),
  );
  app.decorate('store', store);
  app.decorate('smsGateway', overrides.smsGateway ?? createSmsGateway(config, database.db, app.clock));
  app.decorate('paymentProvider', createPaymentProvider(config));
  app.decorate('payouts', overrides.payouts ?? createPayoutGateway(config, app.clock));
  app.decorate('lenderWide', new LenderWideCache(config.lenderDataCacheMs));
  // Shared by every plugin's registerEndpoint, so the web pages can run any endpoint in-process.
  app.decorate('endpointInvokers', createEndpointRegistry());
  // Who may call what (lib/callers.ts): every route's `auth` names one of these kinds.
  app.decorate('callers', new CallerRegistry());
  app.callers.register('borrower', borrowerCaller(app));
  app.callers.register('operator', operatorCaller(app));
  // Scheduled jobs (server/src/jobs): created here, started only by server.ts (or a test that
  // means it), so no job runs by surprise. Stopped before the database closes.
  const lease = createJobLease(config, database.db, app.clock);
  // A plain object of what jobs may use (jobs/job.ts JobDeps): the scheduler hands it on to each run.
  const { db, clock, storage, accountKeys, payouts, smsGateway, metrics } = app;
  const jobDeps = {
    db,
    clock,
    store,
    storage,
    config,
    log: app.log,
    accountKeys,
    payouts,
    smsGateway,
    metrics,
  };
  app.decorate('jobs', createScheduler({ ...jobDeps, lease }, overrides.jobs ?? jobRegistry));

  // Fastify runs onClose hooks last-added first, all after the listener has closed and the
  // requests in flight have been answered: so the running jobs finish (or are halted,
  // lib/graceful-shutdown.ts) before the lease, the store and the database close.
  app.addHook('onClose', async () => database.db.destroy());
  app.addHook('onClose', async () => store.close());
  app.addHook('onClose', async () => lease.close());
  app.addHook('onClose', async () => app.jobs.stop());
}

/** Body parsers, compression, the response log line, security headers, errors, load shedding, metrics. */
async function registerHttpPlugins(
  app: FastifyInstance,
  config: Config,
  database: DatabaseHandle,
): Promise<void> {
  await app.register(formbody);
  // Only the console reads cookies, on demand (operators/operator-cookie.ts): parsing them on
  // every request cost the borrower calls, which carry their session in the query (D1).
  await app.register(cookie, { hook: false });
  await app.register(compress, { threshold: 1024 });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // All the request then does runs under its id, so provider calls carry it (lib/request-context.ts).
    withTraceId(request.id, done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const level = reply.statusCode >= 500 ? 'error' : reply.elapsedTime > 1000 ? 'warn' : 'debug';
    // A line the level leaves out is not built: Fastify makes routeOptions afresh on each read
    // (decision 0117). Pino's loggers say which levels are on; another logger logs as before.
    if ((request.log as Partial<Logger>).isLevelEnabled?.(level) === false) return done();
    request.log[level](
      {
        req: request,
        // The route's pattern, not the URL: one series per route, and no ids or query in it.
        route: request.routeOptions.url ?? null,
        caller: request.routeOptions.config.caller ?? 'anonymous',
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });
  securityHeaders(app);
  errorHandler(app);
  const load = loadShedding(app, config.load);
  // Off (no route, nothing counted per request) unless a token says who may read them.
  if (config.metricsToken)
    metricsEndpoint(app, { token: config.metricsToken, load, poolUse: database.poolUse });
}

/** What operations read: readiness for the load balancer, and the API's OpenAPI document. */
function registerOperationalRoutes(app: FastifyInstance, config: Config): void {
  // Readiness: a load balancer stops sending traffic here while the database or Redis is away, or
  // while the instance shuts down.
  app.get('/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    // Shutting down (lib/graceful-shutdown.ts): still answering, but send nothing new here.
    if (app.lifecycle.draining) {
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return reply.code(503).send({ status: 'draining' });
    }
    const checks = await Promise.allSettled([sql`select 1`.execute(app.db), app.store.ping()]);
    const [db, store] = checks.map((check) => (check.status === 'fulfilled' ? 'ok' : 'down'));
    if (db === 'ok' && store === 'ok') return { status: 'ok' };
    reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return reply.code(503).send({ status: 'unavailable', database: db, store });
  });
  // A lender's integrators read it under the lender's brand: the white label holds here too.
  const openApi = buildOpenApi(Object.values(endpoints), {
    title: `${config.brand.brandName} API`,
    version: '1.0.0',
  });
  app.get('/openapi.json', async () => openApi);
}
