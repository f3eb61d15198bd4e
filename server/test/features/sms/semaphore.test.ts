import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer, type FakeAnswer, type FakeRequest } from '../../support/fake-http-server.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { consoleOrderPage } from '../../../src/features/console/console-orders.ts';
import { overdueStanding } from '../../../src/features/orders/index.ts';
import { collectionContactSlots } from '../../../src/features/collections/index.ts';
import { deliverQueuedSms, deliverSmsCode, semaphoreGateway } from '../../../src/features/sms/index.ts';
import { withTraceId } from '../../../src/lib/request-context.ts';

/**
 * Decision 0097: SMS_GATEWAY=semaphore against a fake Semaphore on loopback, through the delivery loop
 * that owns retries: one record per message decides what was sent.
 */
describe.each(databaseTargets)('Semaphore and the delivery loop on %s', (target) => {
  const clock = testClock('2026-12-01T02:00:00.000Z'); // 10:00 in Manila: inside the hours
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeHttpServer>>;
  const received: FakeRequest[] = [];
  /** What the fake answers next, one per request; then a success. */
  const script: FakeAnswer[] = [];
  let nextId = 9000;

  beforeAll(async () => {
    fake = await startFakeHttpServer((request) => {
      received.push(request);
      return (
        script.shift() ?? {
          status: 200,
          json: [{ message_id: ++nextId, recipient: '639171234567', status: 'Pending' }],
        }
      );
    });
    t = await createTestApp(target, {
      clock,
      env: {
        SMS_GATEWAY: 'semaphore',
        SEMAPHORE_API_KEY: 'test-semaphore-key',
        SEMAPHORE_SENDER_NAME: 'KWARTA',
        SEMAPHORE_API_URL: `${fake.origin}/api/v4`,
        SEMAPHORE_TIMEOUT_MS: '300',
        SMS_MAX_ATTEMPTS: '3',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    received.length = 0;
    script.length = 0;
  });

  let keys = 0;
  async function queue(text = 'Kwarta: your instalment of ₱3,510.00 is due on 2026-12-04.') {
    const row = await t.app.db
      .insertInto('sms_messages')
      .values({
        dedupe_key: `test:${++keys}`,
        purpose: 'reminder',
        order_id: null,
        plan_line_id: null,
        phone: '09171234567',
        text,
        status: 'queued',
        next_attempt_at: clock.now().toISOString(),
        created_at: clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const record = (id: number) =>
    t.app.db.selectFrom('sms_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const deliver = () => deliverQueuedSms({ ...t.app, clock }, overdueStanding, collectionContactSlots);
  const later = (ms: number) => clock.advance(ms);
  const delivered = () => received.filter((request) => request.path === '/api/v4/messages');

  it('posts the form Semaphore reads, and one-time codes through its priority route', async () => {
    const gateway = semaphoreGateway({
      apiUrl: `${fake.origin}/api/v4`,
      apiKey: 'k',
      senderName: 'KWARTA',
      timeoutMs: 1000,
    });
    // Inside a request (or job run), the call names it for the provider's logs and ours.
    const receipt = await withTraceId('semaphore-trace-1', () =>
      gateway.send({ phone: '09171234567', text: 'Your code is 123456', urgent: true }),
    );
    expect(receipt.providerMessageId).toBe(String(nextId));
    // A code sent through the app's own path keeps Semaphore's id beside its record.
    const before = nextId;
    await deliverSmsCode(
      { ...t.app, clock },
      { purpose: 'login', phone: '09171230000', ip: '198.51.100.23' },
    );
    const codeRecord = await t.app.db
      .selectFrom('sms_sends')
      .select(['gateway', 'provider_message_id'])
      .where('phone', '=', '09171230000')
      .executeTakeFirstOrThrow();
    expect(codeRecord).toEqual({ gateway: 'semaphore', provider_message_id: String(before + 1) });
    expect(received.at(-1)!.path).toBe('/api/v4/priority');
    expect(received[0]!.path).toBe('/api/v4/priority');
    expect(received[0]!.headers['x-request-id']).toBe('semaphore-trace-1');
    expect(received.at(-1)!.headers['x-request-id']).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(received[0]!.body))).toEqual({
      apikey: 'k',
      number: '09171234567',
      message: 'Your code is 123456',
      sendername: 'KWARTA',
    });
  });

  it('a timeout and then a success send the message once, under one record', async () => {
    script.push('hang');
    const id = await queue();
    expect(await deliver()).toMatchObject({ sent: 0, retrying: 1 });
    expect(await record(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'Semaphore unreachable: TimeoutError',
    });
    // Not before its backoff (a minute after the first try).
    expect(await deliver()).toMatchObject({ sent: 0 });
    later(60_000);
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(await record(id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      provider: 'semaphore',
      provider_message_id: String(nextId),
      last_error: null,
    });
    expect(delivered()).toHaveLength(2);
    // Nothing is left to send: another pass posts nothing.
    await deliver();
    expect(delivered()).toHaveLength(2);
  });

  it('a 429 backs off for its Retry-After and stops the pass', async () => {
    script.push({ status: 429, json: { message: 'Too many requests' }, headers: { 'retry-after': '120' } });
    const first = await queue();
    const second = await queue();
    expect(await deliver()).toMatchObject({ sent: 0, retrying: 1 });
    expect(delivered()).toHaveLength(1); // the second waits for the next pass
    const held = await record(first);
    expect(held).toMatchObject({ status: 'queued', last_error: 'Semaphore answered HTTP 429' });
    expect(Date.parse(held.next_attempt_at) - clock.now().getTime()).toBe(120_000);
    expect((await deliver()).sent).toBe(1); // the second one
    later(60_000);
    expect((await deliver()).sent).toBe(0);
    later(60_000);
    expect((await deliver()).sent).toBe(1);
    expect((await record(second)).status).toBe('sent');
  });

  it('records a permanent failure once, and gives up after the last try', async () => {
    script.push({ status: 200, json: [] }); // Semaphore's answer to a number it will not send to
    const refused = await queue();
    expect(await deliver()).toMatchObject({ failed: 1 });
    expect(await record(refused)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'Semaphore answered without a message id',
    });
    script.push({ status: 503, json: {} }, { status: 503, json: {} }, { status: 503, json: {} });
    const unlucky = await queue();
    await deliver();
    later(60_000);
    await deliver();
    later(120_000);
    expect(await deliver()).toMatchObject({ failed: 1 });
    expect(await record(unlucky)).toMatchObject({ status: 'failed', attempts: 3 });
    later(3_600_000);
    await deliver();
    expect((await record(unlucky)).attempts).toBe(3);
  });

  it("shows a failed reminder, with the provider's error, on the console's order page", async () => {
    // A repaying order's: the loop sends nothing about an order that no longer owes (decision 0103).
    const order = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('status', 'in', [170, 174, 180])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    script.push({ status: 400, json: { message: 'Invalid number' } });
    const id = await queue('Kwarta: Your instalment of ₱3,510.00 is due on 2026-12-04.');
    await t.app.db.updateTable('sms_messages').set({ order_id: order.id }).where('id', '=', id).execute();
    await deliver();
    const page = await consoleOrderPage(t.app, 'viewer', order.id);
    expect(page?.messages[0]).toMatchObject({
      purpose: 'reminder',
      status: 'failed',
      attempts: 1,
      lastError: 'Semaphore answered HTTP 400',
      text: 'Kwarta: Your instalment of ₱3,510.00 is due on 2026-12-04.',
    });
  });

  it('never sends a message again whose send a crash interrupted', async () => {
    const id = await queue();
    await t.app.db
      .updateTable('sms_messages')
      .set({ status: 'sending', attempts: 1, next_attempt_at: clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
    later(11 * 60_000);
    await deliver();
    expect(await record(id)).toMatchObject({
      status: 'failed',
      last_error: 'stopped while sending: outcome unknown, not sent again',
    });
    expect(delivered()).toHaveLength(0);
  });
});
