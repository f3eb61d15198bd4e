import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@kwarta/contract';
import { demoSession } from '../support/api.ts';
import { createTestApp, databaseTargets, type TestApp } from '../support/test-app.ts';
import { takeDatabaseDown, terminateBackends } from '../support/faults.ts';
import { expectCleanRecovery, sleep, startLoad, type Fault } from './load-under-faults.ts';

/**
 * Decision 0040: terminating the app's PostgreSQL connections used to end the process
 * (an 'error' event nobody listened to). Twenty seconds of borrower calls while the backends are
 * terminated twice and the database refuses connections for two seconds once: the app stays up,
 * every failure is a clean 503 with Retry-After, /healthz fails while the database is away, and
 * everything succeeds again within 2 s of each fault.
 */
const RECOVERY_MS = 2_000;

describe.runIf(databaseTargets.includes('postgres'))('PostgreSQL faults under load', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', {
      env: { MAX_IN_FLIGHT: '100000', MAX_EVENT_LOOP_DELAY_MS: '60000' },
    });
  });
  afterAll(() => t.close());

  it('survives terminated backends and a refusing database, answering 503 and recovering', async () => {
    const session = await demoSession(t.app);
    const url = `${endpoints.problemList.path}?${new URLSearchParams(session)}`;
    const load = startLoad(t.app, () => ({ method: endpoints.problemList.method, url }));
    const databaseUrl = t.config.databaseUrl!;
    const start = Date.now();
    // Each fault from the moment it was caused to the moment it was over.
    const faults: Fault[] = [];
    const terminate = async () => {
      const from = Date.now();
      expect(await terminateBackends(databaseUrl)).toBeGreaterThan(0);
      faults.push({ from, to: Date.now() });
    };

    await sleep(2_000);
    await terminate();
    await sleep(5_000);
    await terminate();
    await sleep(5_000);
    const from = Date.now();
    const bringBack = await takeDatabaseDown(databaseUrl);
    await sleep(1_000);
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBeDefined();
    await sleep(1_000);
    await bringBack();
    faults.push({ from, to: Date.now() });

    await sleep(20_000 - (Date.now() - start));
    await load.stop();
    const end = Date.now();

    const { answers } = load;
    expect(answers.length).toBeGreaterThan(200);
    expectCleanRecovery(answers, faults, end, RECOVERY_MS);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }, 40_000);
});
