import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PoolUse } from '../db/observation.ts';
import type { LoadReading } from '../lib/metrics.ts';

export const METRICS_PATH = '/metrics';

/** Route label of a request no route matched (a 404): never its URL, which is unbounded and may carry a session id. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Hashes both sides first, so the comparison takes the same time whatever the lengths. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * /metrics in Prometheus' text format (README "Monitoring"), for a scraper holding METRICS_TOKEN
 * as a bearer token; 401 without it. Called only when a token is configured: otherwise there is
 * no route (404) and no per-request counting, so an instance nobody scrapes pays nothing.
 */
export function metricsEndpoint(
  app: FastifyInstance,
  options: { token: string; load: LoadReading; poolUse?: (() => PoolUse) | undefined },
): void {
  const { metrics } = app;
  metrics.expose({ load: options.load, poolUse: options.poolUse });

  // A callback hook, not an async one: it runs on every response (decision 0006).
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpRequest(
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get(METRICS_PATH, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    reply.header('Cache-Control', 'no-store');
    if (!given || !sameSecret(given, options.token)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .type('text/plain')
        .send('metrics need the bearer token METRICS_TOKEN names\n');
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}
