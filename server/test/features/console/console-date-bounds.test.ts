import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_SESSION_COOKIE, endpoints, envelopeFromWire } from '@kwarta/contract';
import { createOperator, createOperatorSession } from '../../../src/features/operators/index.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';

/**
 * Every date a console report or export takes goes through the contract's one date field, which
 * keeps to the book's years: the calendar's extremes are the caller's mistake (400), never a 500.
 */
describe.each(databaseTargets)('console report and export dates (%s)', (target) => {
  let t: TestApp;
  const clock = testClock('2026-11-23T03:00:00.000Z');
  let cookie = '';

  beforeAll(async () => {
    t = await createTestApp(target, { clock });
    const operatorId = await createOperator(t.app.db, { name: 'admin-1', role: 'admin', now: clock.now() });
    const { token } = await createOperatorSession(t.app.db, { operatorId, now: clock.now() });
    cookie = `${OPERATOR_SESSION_COOKIE}=${token}`;
  });
  afterAll(() => t.close());

  const cases = [
    [endpoints.consolePortfolio.path, 'from', '0000-01-01'],
    [endpoints.consoleExportPortfolio.path, 'from', '9999-12-31'],
    [endpoints.consoleReconciliation.path, 'date', '9999-12-31'],
    [endpoints.consoleExportReconciliation.path, 'date', '0000-01-01'],
    [endpoints.consoleTrialBalance.path, 'date', '9999-12-31'],
    [endpoints.consoleExportTrialBalance.path, 'date', '0000-01-01'],
    [endpoints.consoleExportOrders.path, 'to', '9999-12-31'],
    [endpoints.consoleExportPayments.path, 'from', '0000-01-01'],
    [endpoints.consoleExportJournal.path, 'to', '9999-12-31'],
  ] as const;

  it.each(cases)('%s?%s=%s answers 400 naming the range', async (path, field, date) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${path}?${field}=${date}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(envelopeFromWire(JSON.parse(response.body))?.message).toBe(
      `${field}: must be a date from 2000-01-01 to 2099-12-31`,
    );
  });

  it('still answers a date inside the range, and a non-date with the date message alone', async () => {
    const inRange = await t.app.inject({
      method: 'GET',
      url: `${endpoints.consoleReconciliation.path}?date=2099-12-31`,
      headers: { cookie },
    });
    expect(inRange.statusCode).toBe(200);
    const notADate = await t.app.inject({
      method: 'GET',
      url: `${endpoints.consoleReconciliation.path}?date=yesterday`,
      headers: { cookie },
    });
    expect(envelopeFromWire(JSON.parse(notADate.body))?.message).toBe('date: must be a date (YYYY-MM-DD)');
  });
});
