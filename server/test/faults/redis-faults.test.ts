import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@kwarta/contract';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { startPrivateRedis, type PrivateRedis } from '../support/faults.ts';
import { expectCleanRecovery, sleep, startLoad, startedBetween } from './load-under-faults.ts';

/**
 * Decision 0040: with Redis down the SMS calls used to answer a generic 500 after seconds and
 * /healthz stayed 200. A private redis-server (never the shared one) is stopped and started three
 * times under load: calls that need it answer a clean 503 with Retry-After within a second, /healthz fails
 * while it is away, and every call succeeds again within 2 s of its return.
 */
const RECOVERY_MS = 2_000;

describe('Redis stopped and restarted under load', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    t = await createTestApp('sqlite', {
      env: { REDIS_URL: redis.url, MAX_IN_FLIGHT: '100000', MAX_EVENT_LOOP_DELAY_MS: '60000' },
    });
  });
  afterAll(async () => {
    await t.close();
    await redis.stop();
  });

  it('answers clean 503s while Redis is away and recovers within 2 s of each restart', async () => {
    // get-sid writes to the store; each call from its own address (sids are limited per address).
    const load = startLoad(t.app, () => ({
      method: endpoints.getSid.method,
      url: endpoints.getSid.path,
      headers: { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}` },
    }));
    // from: stop asked; down: the server has exited; up: start asked; to: it answers again.
    const outages: { from: number; down: number; up: number; to: number }[] = [];
    for (let round = 0; round < 3; round += 1) {
      await sleep(1_000);
      const from = Date.now();
      await redis.stop();
      const down = Date.now();
      await sleep(700);
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ store: 'down' });
      await sleep(700);
      const up = Date.now();
      await redis.start();
      outages.push({ from, down, up, to: Date.now() });
      await sleep(RECOVERY_MS + 500);
    }
    await load.stop();
    const end = Date.now();

    const { answers } = load;
    outages.forEach((outage, index) => {
      const during = startedBetween(answers, outage.down + 50, outage.up);
      // Refused quickly, not after seconds of retries (a call caught mid-reconnect may instead
      // wait for it and succeed).
      const refused = during.filter((answer) => answer.status === 503);
      expect(refused.length, `outage ${index + 1}`).toBeGreaterThan(during.length / 2);
      expect(Math.max(...refused.map((answer) => answer.ms))).toBeLessThan(1_000);
    });
    expectCleanRecovery(answers, outages, end, RECOVERY_MS);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }, 30_000);
});
