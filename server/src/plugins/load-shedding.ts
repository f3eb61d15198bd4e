import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode, messages } from '@kwarta/contract';
import { sendEnvelope } from '../lib/envelope-reply.ts';
import type { LoadReading } from '../lib/metrics.ts';
import { METRICS_PATH } from './metrics-endpoint.ts';

export interface LoadLimits {
  maxEventLoopDelayMs: number;
  maxInFlight: number;
}

export function isOverloaded(
  load: { eventLoopDelayMs: number; inFlight: number },
  limits: LoadLimits,
): boolean {
  return load.eventLoopDelayMs > limits.maxEventLoopDelayMs || load.inFlight >= limits.maxInFlight;
}

// The loop's lag is sampled every 100 ms and judged over the last second, so one burst is
// remembered long enough to turn traffic away but forgotten as soon as the loop is free again.
const SAMPLE_MS = 100;
const WINDOW_SAMPLES = 10;

/**
 * Overload is answered, not hung (DESIGN §3): when the event loop lags or too many requests are
 * in flight, new requests get a quick 503 with Retry-After instead of queueing until they time
 * out, so the lender's app can say "busy, try again" and a load balancer can move traffic.
 * /healthz is exempt so a busy instance is not mistaken for a dead one, and /metrics so a busy
 * instance can still be seen being busy. Answers what it counts,
 * for /metrics to read rather than count again.
 */
export function loadShedding(app: FastifyInstance, limits: LoadLimits): LoadReading {
  const lags: number[] = [];
  let eventLoopDelayMs = 0;
  let inFlight = 0;
  let lastTick = performance.now();
  const sampler = setInterval(() => {
    const now = performance.now();
    lags.push(Math.max(0, now - lastTick - SAMPLE_MS));
    if (lags.length > WINDOW_SAMPLES) lags.shift();
    eventLoopDelayMs = Math.max(...lags);
    lastTick = now;
  }, SAMPLE_MS);
  sampler.unref();
  app.addHook('onClose', async () => clearInterval(sampler));

  // Whether this request is among the in-flight ones: a flag every request is born with keeps
  // their shape fixed (a WeakSet of requests cost more than the count itself).
  app.decorateRequest('countedInFlight', false);
  const release = (request: FastifyRequest) => {
    if (!request.countedInFlight) return;
    request.countedInFlight = false;
    inFlight -= 1;
  };

  // Callback hooks, not async ones: every request passes here twice, and a promise each time
  // is measurable on the order page's read (decision 0006).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url === '/healthz' || request.url === METRICS_PATH) return done();
    if (isOverloaded({ eventLoopDelayMs, inFlight }, limits)) {
      reply.header('Retry-After', '5');
      sendEnvelope(reply, 503, {
        code: ResultCode.unavailable,
        message: messages.unavailable,
        data: null,
      });
      return; // answered: the request goes no further
    }
    request.countedInFlight = true;
    inFlight += 1;
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    release(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    release(request);
    done();
  });
  return {
    get inFlight() {
      return inFlight;
    },
    get eventLoopDelayMs() {
      return eventLoopDelayMs;
    },
  };
}
