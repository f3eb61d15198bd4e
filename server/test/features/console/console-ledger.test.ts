import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPERATOR_SESSION_COOKIE,
  endpoints,
  envelopeFromWire,
  operatorRoles,
  type OperatorRole,
} from '@kwarta/contract';
import { createOperator, createOperatorSession } from '../../../src/features/operators/index.ts';
import { rebuildLedger } from '../../../src/features/ledger-rebuild/index.ts';
import { repayableOrder } from '../../support/repayment.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';

interface TrialBalanceData {
  date: string;
  rows: { account: string; code: string; name: string; debit: number; credit: number }[];
  totalDebits: number;
  totalCredits: number;
}
interface StatementData {
  orderId: number;
  orderNo: string;
  lines: { entryDate: string; kind: string; account: string; accountName: string; owed: number }[];
}

/** Decision 0099: the console's Ledger screen reads the trial balance and a loan's statement; finance and admin. */
describe.each(databaseTargets)('console ledger (%s)', (target) => {
  let t: TestApp;
  const clock = testClock('2026-11-23T17:00:00.000Z');
  const cookies: Partial<Record<OperatorRole, string>> = {};
  let order: { orderId: number; orderNo: string };

  beforeAll(async () => {
    t = await createTestApp(target, { clock });
    for (const role of operatorRoles) {
      const operatorId = await createOperator(t.app.db, { name: `${role}-1`, role, now: clock.now() });
      const { token } = await createOperatorSession(t.app.db, { operatorId, now: clock.now() });
      cookies[role] = `${OPERATOR_SESSION_COOKIE}=${token}`;
    }
    order = await repayableOrder({ db: t.app.db, config: t.app.config, clock }, { status: 170 });
    await rebuildLedger({ db: t.app.db, config: t.config, payoutProvider: t.config.payouts.provider });
  });
  afterAll(() => t.close());

  const get = (path: string, role: OperatorRole, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `${path}${query ? `?${query}` : ''}`,
      headers: { cookie: cookies[role]! },
    });
  const dataOf = <T>(body: string) => envelopeFromWire(JSON.parse(body))!.data as T;

  it("answers the trial balance as of the lender's today to finance and admin, debits equal to credits", async () => {
    const response = await get(endpoints.consoleTrialBalance.path, 'finance');
    expect(response.statusCode, response.body).toBe(200);
    const balance = dataOf<TrialBalanceData>(response.body);
    // 17:00 UTC is 01:00 the next day in Manila.
    expect(balance.date).toBe('2026-11-24');
    expect(balance.rows.length).toBeGreaterThan(0);
    expect(balance.totalDebits).toBeGreaterThan(0);
    expect(balance.totalDebits).toBe(balance.totalCredits);
    const receivable = balance.rows.find((row) => row.account === 'receivable:principal');
    expect(receivable).toMatchObject({ credit: 0 });
    expect(receivable!.code).not.toBe('receivable:principal');
    // The form's empty field is the lender's today.
    expect(
      dataOf<TrialBalanceData>((await get(endpoints.consoleTrialBalance.path, 'finance', 'date=')).body).date,
    ).toBe('2026-11-24');
    expect((await get(endpoints.consoleTrialBalance.path, 'admin', 'date=2026-11-01')).statusCode).toBe(200);
  });

  it('refuses every other role, and a date that is not one with a message saying so', async () => {
    for (const role of ['viewer', 'agent', 'credit', 'collector'] as const) {
      expect((await get(endpoints.consoleTrialBalance.path, role)).statusCode, role).toBe(403);
      expect(
        (await get(endpoints.consoleOrderStatement.path, role, `order=${order.orderId}`)).statusCode,
        role,
      ).toBe(403);
      expect((await get(endpoints.consoleExportTrialBalance.path, role)).statusCode, role).toBe(403);
    }
    for (const date of ['2026-02-30', 'yesterday', '24/11/2026']) {
      const refused = await get(endpoints.consoleTrialBalance.path, 'finance', `date=${date}`);
      expect(refused.statusCode, date).toBe(400);
      expect(envelopeFromWire(JSON.parse(refused.body))?.message).toBe('date: must be a date (YYYY-MM-DD)');
    }
  });

  it('states a loan by its id or its order number, with what it owes after each line; an unknown order is 404', async () => {
    const byId = await get(endpoints.consoleOrderStatement.path, 'finance', `order=${order.orderId}`);
    expect(byId.statusCode, byId.body).toBe(200);
    const statement = dataOf<StatementData>(byId.body);
    expect(statement).toMatchObject({ orderId: order.orderId, orderNo: order.orderNo });
    expect(statement.lines.length).toBeGreaterThan(0);
    expect(statement.lines.some((line) => line.account === 'receivable:principal')).toBe(true);
    expect(statement.lines.at(-1)!.owed).toBeGreaterThan(0);
    expect(statement.lines.every((line) => line.accountName !== '')).toBe(true);
    const byNo = await get(endpoints.consoleOrderStatement.path, 'admin', `order=${order.orderNo}`);
    expect(dataOf<StatementData>(byNo.body)).toEqual(statement);

    for (const unknown of ['999999', 'KW2026000000000', '99999999999']) {
      const missing = await get(endpoints.consoleOrderStatement.path, 'finance', `order=${unknown}`);
      expect(missing.statusCode, unknown).toBe(404);
    }
    expect((await get(endpoints.consoleOrderStatement.path, 'finance', 'order=')).statusCode).toBe(400);
  });

  it('exports the trial balance as CSV, the totals last', async () => {
    const response = await get(endpoints.consoleExportTrialBalance.path, 'finance', 'date=2026-11-24');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="trial-balance-2026-11-24.csv"',
    );
    const lines = response.body.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe('code,name,account,debit_minor,credit_minor');
    const balance = dataOf<TrialBalanceData>(
      (await get(endpoints.consoleTrialBalance.path, 'finance', 'date=2026-11-24')).body,
    );
    expect(lines).toHaveLength(1 + balance.rows.length + 1);
    expect(lines.at(-1)).toBe(`,Total,,${balance.totalDebits},${balance.totalCredits}`);
  });

  it("exports a loan's statement and the portfolio as CSV, the same figures as their screens; no other role may", async () => {
    const statement = await get(endpoints.consoleExportStatement.path, 'finance', `order=${order.orderNo}`);
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.headers['content-disposition']).toBe(
      `attachment; filename="statement-${order.orderNo}.csv"`,
    );
    const lines = statement.body.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe(
      'entry_date,entry_id,kind,memo,payment_id,provider_ref,account,account_name,debit_minor,credit_minor,owed_minor',
    );
    const screen = dataOf<StatementData>(
      (await get(endpoints.consoleOrderStatement.path, 'finance', `order=${order.orderId}`)).body,
    );
    expect(lines).toHaveLength(1 + screen.lines.length);
    expect(lines.at(-1)!.endsWith(`,${screen.lines.at(-1)!.owed}`)).toBe(true);
    expect((await get(endpoints.consoleExportStatement.path, 'finance', 'order=999999')).statusCode).toBe(
      404,
    );

    const portfolio = await get(
      endpoints.consoleExportPortfolio.path,
      'admin',
      'period=week&productId=&utmTag=',
    );
    expect(portfolio.statusCode, portfolio.body).toBe(200);
    const figures = portfolio.body.split('\r\n').filter((line) => line !== '');
    expect(figures[0]).toBe('section,key,measure,value');
    const outstanding = figures.find(
      (line) => line.startsWith('at_risk,') && line.includes('outstanding_principal_minor'),
    );
    const atRisk = dataOf<{ atRisk: { outstandingPrincipal: number } }>(
      (await get(endpoints.consolePortfolio.path, 'finance', 'period=week')).body,
    ).atRisk;
    expect(outstanding!.split(',').at(-1)).toBe(String(atRisk.outstandingPrincipal));
    expect(figures.some((line) => line.startsWith('flows_by_week,'))).toBe(true);
    expect(figures.filter((line) => line.startsWith('at_risk,PAR'))).toHaveLength(8);

    for (const role of ['viewer', 'agent', 'credit', 'collector'] as const) {
      expect(
        (await get(endpoints.consoleExportStatement.path, role, `order=${order.orderId}`)).statusCode,
      ).toBe(403);
      expect((await get(endpoints.consoleExportPortfolio.path, role)).statusCode).toBe(403);
      expect((await get(endpoints.consoleExportReconciliation.path, role)).statusCode).toBe(403);
    }
  });
});
