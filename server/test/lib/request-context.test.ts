import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endpoints } from '@kwarta/contract';
import { createJobLease } from '../../src/jobs/job-lease.ts';
import { jobRegistry } from '../../src/jobs/registry.ts';
import { runJobNow } from '../../src/jobs/run-now.ts';
import { currentTraceId, outboundHeaders, withTraceId } from '../../src/lib/request-context.ts';
import { callEndpoint } from '../support/api.ts';
import { repayableOrder } from '../support/repayment.ts';
import { dragonpayEnv, startFakeDragonpay } from '../support/fake-dragonpay.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface LogLine {
  msg: string;
  reqId?: string;
  route?: string | null;
  caller?: string;
  statusCode?: number;
  ms?: number;
  req?: { url: string };
}

/** Every JSON line the app logs, parsed. */
function logCollector() {
  const lines: LogLine[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
    responseLines: (reqId: string) => lines.filter((line) => line.msg === 'request' && line.reqId === reqId),
  };
}

describe('the request context', () => {
  it('names the work under way on outbound headers, and nothing outside any', async () => {
    expect(outboundHeaders({ accept: 'application/json' })).toEqual({ accept: 'application/json' });
    const inside = await withTraceId('trace-1234', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { id: currentTraceId(), headers: outboundHeaders({ accept: 'x' }) };
    });
    expect(inside).toEqual({ id: 'trace-1234', headers: { accept: 'x', 'x-request-id': 'trace-1234' } });
    expect(currentTraceId()).toBeUndefined();
  });
});

describe('request ids on provider calls and the response log line', () => {
  let fake: Awaited<ReturnType<typeof startFakeDragonpay>>;
  let t: TestApp;
  const logs = logCollector();
  beforeAll(async () => {
    fake = await startFakeDragonpay();
    // debug: the response line of a normal request is written at debug (decision 0006).
    t = await createTestApp('sqlite', {
      env: { ...dragonpayEnv(fake), LOG_LEVEL: 'debug' },
      logStream: logs.stream,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.received.length = 0;
  });

  it('a request’s id reaches Dragonpay and its log line, which names route, caller, status and time but no session or phone', async () => {
    const order = await repayableOrder(t.app);
    const requestId = 'abc12345-trace-from-the-proxy';
    const response = await callEndpoint(t.app, endpoints.generateVcode, {
      session: order.session,
      body: { productId: String(order.productId), orderId: String(order.orderId), channelNumber: 'BAYD' },
      headers: { 'x-request-id': requestId },
    });
    expect(response.envelope).toMatchObject({ code: '00' });
    expect(response.headers['x-request-id']).toBe(requestId);
    const created = fake.received.filter((request) => request.path.endsWith('/post'));
    expect(created).toHaveLength(1);
    expect(created[0]!.headers['x-request-id']).toBe(requestId);

    const [line, ...more] = logs.responseLines(requestId);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      route: endpoints.generateVcode.path,
      caller: 'borrower',
      statusCode: 200,
    });
    expect(typeof line!.ms).toBe('number');
    const text = JSON.stringify(line);
    expect(text).not.toContain(order.session.sessionId);
    expect(text).not.toContain(order.phone);
  });

  it('each request has its own id on its provider calls, however they interleave', async () => {
    const orders = await Promise.all([repayableOrder(t.app), repayableOrder(t.app), repayableOrder(t.app)]);
    await Promise.all(
      orders.map((order, i) =>
        callEndpoint(t.app, endpoints.generateVcode, {
          session: order.session,
          body: { productId: String(order.productId), orderId: String(order.orderId), channelNumber: 'BAYD' },
          headers: { 'x-request-id': `parallel-request-${i}` },
        }),
      ),
    );
    const ids = fake.received
      .filter((request) => request.path.endsWith('/post'))
      .map((request) => request.headers['x-request-id']);
    expect(ids.sort()).toEqual(['parallel-request-0', 'parallel-request-1', 'parallel-request-2']);
  });

  it('a job run’s provider calls carry job:<name>:<run>, and the provider callback’s line names its caller kind', async () => {
    const order = await repayableOrder(t.app);
    await callEndpoint(t.app, endpoints.generateVcode, {
      session: order.session,
      body: { productId: String(order.productId), orderId: String(order.orderId), channelNumber: 'BAYD' },
    });
    fake.received.length = 0;
    const lease = createJobLease(t.config, t.app.db, t.app.clock);
    try {
      const job = jobRegistry.find((entry) => entry.name === 'reconcile-payments')!;
      const outcome = await runJobNow({ ...t.app, log: t.app.log, lease }, job);
      expect(outcome).toMatchObject({ status: 'ran', outcome: 'ok' });
      const runId = (outcome as { runId: number }).runId;
      const queries = fake.received.filter((request) => request.path.includes('/txnid/'));
      expect(queries.length).toBeGreaterThanOrEqual(1);
      for (const query of queries)
        expect(query.headers['x-request-id']).toBe(`job:reconcile-payments:${runId}`);
    } finally {
      await lease.close();
    }

    const postback = await t.app.inject({
      method: 'POST',
      url: '/payments/dragonpay/postback',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'provider-callback-1' },
      payload: 'txnid=nope&refno=x&status=S&message=m&digest=bad',
    });
    expect(postback.statusCode).toBe(400);
    expect(logs.responseLines('provider-callback-1')).toMatchObject([
      { route: '/payments/dragonpay/postback', caller: 'provider', statusCode: 400 },
    ]);
    await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'anonymous-call-1' } });
    expect(logs.responseLines('anonymous-call-1')).toMatchObject([
      { route: '/healthz', caller: 'anonymous' },
    ]);
    await t.app.inject({ method: 'GET', url: '/nowhere', headers: { 'x-request-id': 'unmatched-call-1' } });
    expect(logs.responseLines('unmatched-call-1')).toMatchObject([
      { route: null, caller: 'anonymous', statusCode: 404 },
    ]);
  });
});

describe('the sandbox cashier’s postback', () => {
  it('carries the cashier request’s id to the postback it sends', async () => {
    const logs = logCollector();
    const t = await createTestApp('sqlite', { env: { LOG_LEVEL: 'debug' }, logStream: logs.stream });
    try {
      const order = await repayableOrder(t.app);
      const started = await callEndpoint(t.app, endpoints.generateVcode, {
        session: order.session,
        body: { productId: String(order.productId), orderId: String(order.orderId), channelNumber: 'BAYD' },
      });
      const { payUrl } = started.envelope!.data as { payUrl: string };
      const paid = await t.app.inject({
        method: 'POST',
        url: payUrl,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-request-id': 'cashier-request-42',
        },
        payload: 'action=pay',
      });
      expect(paid.statusCode).toBe(303);
      // The cashier's own line and its postback's, in-process here as over HTTP with a listener.
      expect(logs.responseLines('cashier-request-42').map((line) => [line.route, line.caller])).toEqual([
        ['/payments/sandbox/postback', 'provider'],
        ['/sandbox/cashier/:txnid', 'anonymous'],
      ]);
    } finally {
      await t.close();
    }
  });
});
