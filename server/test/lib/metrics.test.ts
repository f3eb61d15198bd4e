import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@kwarta/contract';
import { inTransaction } from '../../src/db/transaction.ts';
import { postPayment, sandboxPostback } from '../../src/features/payments/index.ts';
import { queueSmsMessages, SmsSendError, type SmsGateway } from '../../src/features/sms/index.ts';
import { createJobLease } from '../../src/jobs/job-lease.ts';
import { jobRegistry } from '../../src/jobs/registry.ts';
import { runJobNow } from '../../src/jobs/run-now.ts';
import type { Job } from '../../src/jobs/job.ts';
import { callEndpoint } from '../support/api.ts';
import { repayableOrder } from '../support/repayment.ts';
import { createTestApp, databaseTargets, type TestApp } from '../support/test-app.ts';

const TOKEN = 'metrics-test-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample of a scrape, by name and exact labels; 0 when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort();
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '')
      .split(/,(?=\w+=")/)
      .filter(Boolean)
      .sort();
    if (have.length === wanted.length && have.every((pair, i) => pair === wanted[i])) return Number(match[3]);
  }
  return 0;
}

describe('/metrics access', () => {
  it('is absent (404) without METRICS_TOKEN, and a weak token is refused at start', async () => {
    const t = await createTestApp('sqlite');
    try {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
    await expect(createTestApp('sqlite', { env: { METRICS_TOKEN: 'short' } })).rejects.toThrow(
      /METRICS_TOKEN.*at least 16/,
    );
  });

  it('answers 401 without the bearer token or with a wrong one, 200 with it', async () => {
    const t = await createTestApp('sqlite', { env: { METRICS_TOKEN: TOKEN } });
    try {
      const scrape = (headers: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: '/metrics', headers });
      const wrong: Record<string, string>[] = [
        {},
        { authorization: `Bearer ${TOKEN}x` },
        { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
        { authorization: TOKEN },
        { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
      ];
      for (const headers of wrong) {
        const refused = await scrape(headers);
        expect(refused.statusCode).toBe(401);
        expect(refused.body).not.toContain('kwarta_');
      }
      const allowed = await scrape(auth);
      expect(allowed.statusCode).toBe(200);
      expect(allowed.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(allowed.body).toContain('# TYPE kwarta_http_requests_total counter');
      expect(allowed.body).toContain('kwarta_nodejs_eventloop_lag_seconds');
      expect(allowed.body).toContain('kwarta_http_requests_in_flight');
    } finally {
      await t.close();
    }
  });
});

describe.each(databaseTargets)('metrics series (%s)', (target) => {
  let t: TestApp;
  // Refuses numbers ending in 0000 for good, sends the rest (the outbox records nothing).
  const gateway: SmsGateway = {
    name: 'http',
    async send(message) {
      if (message.phone.endsWith('0000')) throw new SmsSendError('number refused', { permanent: true });
      return { providerMessageId: `m-${message.phone}` };
    },
  };
  beforeAll(async () => {
    t = await createTestApp(target, { env: { METRICS_TOKEN: TOKEN }, smsGateway: gateway });
  });
  afterAll(() => t.close());

  const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics', headers: auth })).body;

  it('counts requests by route pattern and status, never by URL', async () => {
    const before = await scrape();
    const route = { route: '/payments/qr.svg', method: 'GET' };
    await t.app.inject({ method: 'GET', url: '/payments/qr.svg?code=ABC123' });
    await t.app.inject({ method: 'GET', url: '/payments/qr.svg?code=DEF456' });
    await t.app.inject({ method: 'GET', url: '/payments/qr.svg?code=bad%20code' });
    await t.app.inject({ method: 'GET', url: '/no/such/page?sessionId=secret-session-id' });
    const after = await scrape();
    const delta = (labels: Record<string, string>) =>
      sample(after, 'kwarta_http_requests_total', labels) -
      sample(before, 'kwarta_http_requests_total', labels);
    expect(delta({ ...route, status: '200' })).toBe(2);
    expect(delta({ ...route, status: '400' })).toBe(1);
    expect(delta({ route: '(unmatched)', method: 'GET', status: '404' })).toBe(1);
    const histogram = { ...route, status: '200' };
    expect(
      sample(after, 'kwarta_http_request_duration_seconds_count', histogram) -
        sample(before, 'kwarta_http_request_duration_seconds_count', histogram),
    ).toBe(2);
    expect(sample(after, 'kwarta_http_request_duration_seconds_bucket', { ...histogram, le: '+Inf' })).toBe(
      sample(after, 'kwarta_http_request_duration_seconds_count', histogram),
    );
    expect(after).not.toContain('ABC123');
    expect(after).not.toContain('secret-session-id');
    expect(after).not.toContain('/no/such/page');
  });

  it('times queries by kind and reports the pool', async () => {
    const text = await scrape();
    expect(sample(text, 'kwarta_db_query_duration_seconds_count', { kind: 'select' })).toBeGreaterThan(0);
    expect(sample(text, 'kwarta_db_query_duration_seconds_count', { kind: 'insert' })).toBeGreaterThan(0);
    expect(text).not.toMatch(
      /kwarta_db_query_duration_seconds_count\{kind="(?!select|insert|update|delete|other)/,
    );
    // Kysely's own SQLite driver (the reference run, SQLITE_DRIVER=kysely) shows nothing of its
    // connection, so the pool series are ours and PostgreSQL's only.
    if (process.env.SQLITE_DRIVER === 'kysely' && target === 'sqlite') {
      expect(text).not.toContain('kwarta_db_pool_connections');
      return;
    }
    expect(sample(text, 'kwarta_db_pool_connections', { state: 'open' })).toBeGreaterThanOrEqual(1);
    expect(text).toContain('kwarta_db_pool_waiting 0');
  });

  it('counts a payment created and posted through the sandbox, one held, and none rolled back', async () => {
    const before = await scrape();
    const order = await repayableOrder(t.app);
    const started = await callEndpoint(t.app, endpoints.generateVcode, {
      session: order.session,
      body: { productId: String(order.productId), orderId: String(order.orderId), channelNumber: 'BAYD' },
    });
    const { payUrl } = started.envelope!.data as { payUrl: string };
    const paid = await t.app.inject({
      method: 'POST',
      url: payUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(paid.statusCode).toBe(303);

    // A second order's payment reported with less than was asked: held for review.
    const second = await repayableOrder(t.app);
    const secondStart = await callEndpoint(t.app, endpoints.generateVcode, {
      session: second.session,
      body: { productId: String(second.productId), orderId: String(second.orderId), channelNumber: 'BAYD' },
    });
    const txnid = /cashier\/([^?]+)/.exec((secondStart.envelope!.data as { payUrl: string }).payUrl)![1]!;
    const fields = sandboxPostback(t.config.payments.sandboxSecret, {
      txnid,
      refNo: 'REF-HELD',
      status: 'S',
      amount: 100,
    });
    const postback = await t.app.inject({
      method: 'POST',
      url: '/payments/sandbox/postback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: fields.toString(),
    });
    expect(postback.body).toBe('result=OK');

    // A posting whose transaction rolls back is not counted (nor applied).
    const third = await repayableOrder(t.app);
    const thirdStart = await callEndpoint(t.app, endpoints.generateVcode, {
      session: third.session,
      body: { productId: String(third.productId), orderId: String(third.orderId), channelNumber: 'BAYD' },
    });
    const thirdTxnid = /cashier\/([^?]+)/.exec((thirdStart.envelope!.data as { payUrl: string }).payUrl)![1]!;
    await expect(
      inTransaction(t.app.db, async (trx) => {
        const { outcome } = await postPayment(
          { db: trx, clock: t.app.clock, config: t.app.config, metrics: t.app.metrics },
          {
            provider: 'sandbox',
            txnid: thirdTxnid,
            state: { status: 'paid', amount: third.lineAmount, refNo: 'R3' },
          },
        );
        expect(outcome).toBe('posted');
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');

    const after = await scrape();
    const delta = (outcome: string) =>
      sample(after, 'kwarta_payments_total', { provider: 'sandbox', outcome }) -
      sample(before, 'kwarta_payments_total', { provider: 'sandbox', outcome });
    expect(delta('created')).toBe(3);
    expect(delta('posted')).toBe(1);
    expect(delta('held')).toBe(1);
    const status = await t.app.db
      .selectFrom('payments')
      .select('status')
      .where('txnid', '=', thirdTxnid)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('pending');
  });

  it('counts job runs and failures, SMS sent and failed per gateway, and reminders sent', async () => {
    const before = await scrape();
    const at = t.app.clock.now().toISOString();
    const message = (phone: string, key: string) => ({
      dedupe_key: `metrics-test:${key}:${target}`,
      purpose: 'reminder' as const,
      order_id: null,
      plan_line_id: null,
      phone,
      text: 'Your payment is due',
      any_hour: 1,
      next_attempt_at: at,
      created_at: at,
    });
    await queueSmsMessages(t.app.db, [message('13911112222', 'sent'), message('13911110000', 'refused')]);
    const lease = createJobLease(t.config, t.app.db, t.app.clock);
    try {
      const deps = { ...t.app, log: t.app.log, lease };
      const deliver = jobRegistry.find((job) => job.name === 'deliver-sms')!;
      expect(await runJobNow(deps, deliver)).toMatchObject({ status: 'ran', outcome: 'ok' });
      const broken: Job = {
        name: 'metrics-test-broken',
        schedule: '0 0 1 1 *',
        run: () => Promise.reject(new Error('broken on purpose')),
      };
      expect(await runJobNow(deps, broken)).toMatchObject({ status: 'ran', outcome: 'failed' });
    } finally {
      await lease.close();
    }
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta('kwarta_job_runs_total', { job: 'deliver-sms', outcome: 'ok' })).toBe(1);
    expect(delta('kwarta_job_duration_seconds_count', { job: 'deliver-sms', outcome: 'ok' })).toBe(1);
    expect(
      sample(after, 'kwarta_job_last_success_timestamp_seconds', { job: 'deliver-sms' }),
    ).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(delta('kwarta_job_runs_total', { job: 'metrics-test-broken', outcome: 'failed' })).toBe(1);
    const sms = { gateway: 'http', purpose: 'reminder' };
    expect(delta('kwarta_sms_sends_total', { ...sms, outcome: 'sent' })).toBe(1);
    expect(delta('kwarta_sms_sends_total', { ...sms, outcome: 'failed' })).toBe(1);
    expect(delta('kwarta_reminders_total', { outcome: 'sent' })).toBe(1);
  });
});
