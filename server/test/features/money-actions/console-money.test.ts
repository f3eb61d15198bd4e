import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, endpoints, OPERATOR_SESSION_COOKIE, type Endpoint } from '@kwarta/contract';
import { callEndpoint } from '../../support/api.ts';
import { approvedOrder, disbursedOrder } from '../../support/orders.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { createOperator, createOperatorSession } from '../../../src/features/operators/index.ts';
import { standardReport, standardReportCsv } from '../../../src/features/standard-reports/index.ts';
import { OrderStatus } from '@kwarta/domain';

/** Decision 0110 over HTTP: a bank deposit above the threshold waits, its proposer cannot approve it, another finance operator does. */
describe.each(databaseTargets)('console money actions (%s)', (target) => {
  const clock = testClock('2026-11-23T03:00:00.000Z');
  let t: TestApp;
  const as: Record<string, { cookie: string; csrf: string }> = {};

  beforeAll(async () => {
    t = await createTestApp(target, {
      clock,
      env: {
        MARKET: 'spec',
        APPROVAL_THRESHOLDS: '{"manual_repayment":1000,"disbursement":200000}',
        LOG_LEVEL: 'error',
      },
    });
    for (const [name, role] of [
      ['finance-1', 'finance'],
      ['finance-2', 'finance'],
      ['viewer-1', 'viewer'],
    ] as const) {
      const operatorId = await createOperator(t.app.db, { name, role, now: clock.now() });
      const tokens = await createOperatorSession(t.app.db, { operatorId, now: clock.now() });
      as[name] = { cookie: `${OPERATOR_SESSION_COOKIE}=${tokens.token}`, csrf: tokens.csrfToken };
    }
  }, 120_000);
  afterAll(() => t.close());

  const call = (endpoint: Endpoint, who: string, body: Record<string, string> = {}) =>
    callEndpoint(t.app, endpoint, {
      body,
      headers: { cookie: as[who]!.cookie, [CSRF_HEADER]: as[who]!.csrf },
    });

  it('routes a large deposit to approval, refuses its proposer, applies it once for another operator', async () => {
    const { orderId } = await disbursedOrder(t, '13900009201');
    const deposit = {
      orderId: String(orderId),
      amount: '5000',
      channel: 'bank_deposit',
      receivedOn: '2026-11-23',
      reference: 'BPI 0042',
    };

    expect((await call(endpoints.consoleManualRepayment, 'viewer-1', deposit)).status).toBe(403);
    const bad = await call(endpoints.consoleManualRepayment, 'finance-1', { ...deposit, amount: '0' });
    expect(bad.status).toBe(400);
    const proposed = await call(endpoints.consoleManualRepayment, 'finance-1', deposit);
    expect(proposed.status).toBe(200);
    const { requestId, status } = proposed.envelope!.data as { requestId: number; status: string };
    expect(status).toBe('pending');
    expect(
      await t.app.db.selectFrom('payments').select('id').where('order_id', '=', orderId).execute(),
    ).toEqual([]);

    const queue = await call(endpoints.consoleApprovals, 'finance-2');
    expect((queue.envelope!.data as { items: unknown[] }).items).toContainEqual(
      expect.objectContaining({
        id: requestId,
        subject: `order:${orderId}`,
        subjectName: `Order ${orderId}`,
      }),
    );
    const own = await call(endpoints.consoleApproveRequest, 'finance-1', { requestId: String(requestId) });
    // A business refusal is an envelope code of its own, with the reason.
    expect(own.envelope?.code).not.toBe('00');
    expect(own.envelope?.message).toMatch(/another operator/);
    const approved = await call(endpoints.consoleApproveRequest, 'finance-2', {
      requestId: String(requestId),
    });
    expect(approved.envelope?.code).toBe('00');
    const again = await call(endpoints.consoleApproveRequest, 'finance-2', { requestId: String(requestId) });
    expect(again.envelope?.code).toBe('409');
    const payments = await t.app.db
      .selectFrom('payments')
      .select(['provider', 'received_amount', 'status'])
      .where('order_id', '=', orderId)
      .execute();
    expect(payments).toEqual([{ provider: 'bank', received_amount: 5000, status: 'paid' }]);
    const report = await call(endpoints.consoleStandardReport, 'finance-2', { name: 'payments-by-channel' });
    expect(report.envelope?.data).toMatchObject({
      header: { report: 'payments-by-channel', timeZone: 'Asia/Manila' },
    });
    expect((report.envelope!.data as { rows: unknown[][] }).rows).toContainEqual([
      'bank',
      'bank_deposit',
      1,
      5000,
      0,
    ]);
    expect((await call(endpoints.consoleStandardReport, 'viewer-1', { name: 'aging' })).status).toBe(403);
    // Its CSV: the text `npm run report -- payments-by-channel --csv` prints, as a download.
    const download = (who: string) =>
      t.app.inject({
        method: 'GET',
        url: `${endpoints.consoleExportStandardReport.path}?name=payments-by-channel`,
        headers: { cookie: as[who]!.cookie },
      });
    const csv = await download('finance-2');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="payments-by-channel-2026-11-23.csv"',
    );
    expect(csv.body).toBe(
      standardReportCsv(
        await standardReport(
          t.app.db,
          { timeZone: t.app.config.lenderTimeZone, now: clock.now() },
          'payments-by-channel',
        ),
      ),
    );
    expect(csv.body).toContain('bank,bank_deposit,1,5000,0,Asia/Manila,');
    expect((await download('viewer-1')).statusCode).toBe(403);
  });

  it('routes a disbursement above its threshold to a second finance operator over HTTP', async () => {
    const { orderId } = await approvedOrder(t, '13900009202');

    const proposed = await call(endpoints.consoleDisburseOrder, 'finance-1', { orderId: String(orderId) });
    const { pendingRequestId } = proposed.envelope!.data as { pendingRequestId: number };
    expect(proposed.envelope!.data).toEqual({ orderId, status: OrderStatus.Approved, pendingRequestId });
    expect(pendingRequestId).toBeGreaterThan(0);
    const requestId = String(pendingRequestId);
    const own = await call(endpoints.consoleApproveRequest, 'finance-1', { requestId });
    expect(own.envelope?.message).toMatch(/another operator/);
    expect((await call(endpoints.consoleApproveRequest, 'finance-2', { requestId })).envelope?.code).toBe(
      '00',
    );
    const order = await t.app.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe(OrderStatus.Repaying);
  });
});
