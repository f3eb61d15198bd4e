import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_SESSION_COOKIE, endpoints, envelopeFromWire } from '@kwarta/contract';
import { createOperator, createOperatorSession } from '../../../src/features/operators/index.ts';
import { repayableOrder } from '../../support/repayment.ts';
import { createTestApp, testClock, type TestApp } from '../../support/test-app.ts';

/**
 * PORTFOLIO_CACHE_MS (a million orders, decision 0099): an instance keeps a computed portfolio per
 * lender day and query; another query, or the next lender day, is computed anew.
 */
describe('the portfolio kept per lender day and query', () => {
  let t: TestApp;
  let cookie: string;
  let operatorId: number;
  const signIn = async () => {
    const { token } = await createOperatorSession(t.app.db, { operatorId, now: clock.now() });
    cookie = `${OPERATOR_SESSION_COOKIE}=${token}`;
  };
  // 20:00 in Manila (LENDER_TIME_ZONE).
  const clock = testClock('2026-11-23T12:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp('sqlite', { clock, env: { PORTFOLIO_CACHE_MS: '600000' } });
    operatorId = await createOperator(t.app.db, { name: 'finance-1', role: 'finance', now: clock.now() });
    await signIn();
  });
  afterAll(() => t.close());

  const outstanding = async (query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${endpoints.consolePortfolio.path}?${query}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = envelopeFromWire(response.json())?.data as { atRisk: { outstandingPrincipal: number } };
    return data.atRisk.outstandingPrincipal;
  };

  it('answers a query from what it computed, until the query or the lender day changes', async () => {
    const before = await outstanding('period=month');
    await repayableOrder({ db: t.app.db, config: t.app.config, clock }, { status: 170 });
    expect(await outstanding('period=month')).toBe(before);
    const computed = await outstanding('period=week');
    expect(computed).toBe(before + 10_000_000);
    // 01:00 the next day in Manila (a console session idles out by then).
    clock.advance(5 * 3_600_000);
    await signIn();
    expect(await outstanding('period=month')).toBe(computed);
  });
});
