import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeFromWire, messages } from '@kwarta/contract';
import { isOverloaded } from '../src/plugins/load-shedding.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const TOKEN = 'load-shedding-metrics-token';

describe('load shedding', () => {
  it('sheds on event-loop lag or too many requests in flight', () => {
    const limits = { maxEventLoopDelayMs: 100, maxInFlight: 10 };
    expect(isOverloaded({ eventLoopDelayMs: 20, inFlight: 9 }, limits)).toBe(false);
    expect(isOverloaded({ eventLoopDelayMs: 101, inFlight: 0 }, limits)).toBe(true);
    expect(isOverloaded({ eventLoopDelayMs: 0, inFlight: 10 }, limits)).toBe(true);
  });

  describe('a lagging server', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('sqlite', { env: { MAX_EVENT_LOOP_DELAY_MS: '150', METRICS_TOKEN: TOKEN } });
    });
    afterAll(() => t.close());

    it('answers 503 with Retry-After and an envelope, then recovers; /healthz and /metrics stay up', async () => {
      const until = Date.now() + 400;
      while (Date.now() < until) {
        // Block the event loop, as a CPU-bound burst would.
      }
      // The sampler runs as soon as the loop is free again and sees the lag.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const busy = await t.app.inject({ method: 'GET', url: '/openapi.json' });
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('5');
      expect(envelopeFromWire(busy.json())).toEqual({
        code: '503',
        message: messages.unavailable,
        data: null,
      });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const metrics = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(metrics.statusCode).toBe(200);
      expect(metrics.body).toContain(
        'kwarta_http_requests_total{route="/openapi.json",method="GET",status="503"} 1',
      );

      await new Promise((resolve) => setTimeout(resolve, 1300));
      expect((await t.app.inject({ method: 'GET', url: '/openapi.json' })).statusCode).toBe(200);
    });
  });
});
