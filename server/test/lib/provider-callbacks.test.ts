import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseTargets, type TestApp } from '../support/test-app.ts';
import { registerProviderCallback, type ProviderCallback } from '../../src/lib/provider-callbacks.ts';
import { putSetting } from '../../src/db/settings-repository.ts';

// A fake provider in the shape real ones take: an HMAC over the raw body in a header, a form
// body naming the transaction, and its own plain-text answers.
const SECRET = 'fake-provider-secret';
const sign = (body: string) => createHmac('sha256', SECRET).update(body).digest('hex');

interface FakePayment {
  txnid: string;
  amount: number;
}

let failNextHandle = false;

const fakeProvider: ProviderCallback<FakePayment> = {
  provider: 'fake',
  method: 'POST',
  path: '/callbacks/fake',
  verify: ({ body, headers }) => headers['x-signature'] === sign(body.toString('utf8')),
  parse: ({ body }) => {
    const form = new URLSearchParams(body.toString('utf8'));
    const txnid = form.get('txnid');
    const amount = Number(form.get('amount'));
    return txnid && Number.isSafeInteger(amount) ? { eventId: txnid, event: { txnid, amount } } : null;
  },
  // What the event causes, in the same transaction as storing it: here, a settings row.
  handle: async (event, trx) => {
    await putSetting(trx, `paid.${event.txnid}`, String(event.amount), new Date());
    if (failNextHandle) {
      failNextHandle = false;
      throw new Error('ledger unavailable');
    }
  },
  reply: {
    accepted: (reply) => reply.type('text/plain').send('result=OK'),
    refused: (reply, why) => reply.code(400).type('text/plain').send(`result=FAIL_${why.toUpperCase()}`),
    failed: (reply) => reply.code(500).type('text/plain').send('result=RETRY'),
  },
};

describe.each(databaseTargets)('provider callbacks (%s)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { routes: (app) => registerProviderCallback(app, fakeProvider) });
  });
  afterAll(() => t.close());

  const post = (body: string, signature = sign(body)) =>
    t.app.inject({
      method: 'POST',
      url: fakeProvider.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-signature': signature },
      payload: body,
    });
  const counts = async (txnid: string) => ({
    events: (
      await t.app.db.selectFrom('provider_events').select('id').where('event_id', '=', txnid).execute()
    ).length,
    effects: (
      await t.app.db.selectFrom('settings').select('key').where('key', '=', `paid.${txnid}`).execute()
    ).length,
  });

  it('stores a correctly signed event once, acts on it, and answers in the provider’s format', async () => {
    const response = await post('txnid=T-1&amount=150000');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('result=OK');
    expect(await counts('T-1')).toEqual({ events: 1, effects: 1 });
    const [event] = await t.app.db
      .selectFrom('provider_events')
      .selectAll()
      .where('event_id', '=', 'T-1')
      .execute();
    expect(event).toMatchObject({ provider: 'fake', payload: 'txnid=T-1&amount=150000' });
  });

  it('stores nothing new when the same event is replayed 20 times in parallel', async () => {
    const body = 'txnid=T-2&amount=99';
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(body)));
    expect(responses.map((r) => r.body)).toEqual(Array(20).fill('result=OK'));
    expect(await counts('T-2')).toEqual({ events: 1, effects: 1 });
    await Promise.all(Array.from({ length: 20 }, () => post(body)));
    expect(await counts('T-2')).toEqual({ events: 1, effects: 1 });
  });

  it('refuses a bad signature and stores nothing', async () => {
    const response = await post('txnid=T-3&amount=1', sign('txnid=T-3&amount=1000000'));
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('result=FAIL_SIGNATURE');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: fakeProvider.path,
      payload: 'txnid=T-3&amount=1',
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await counts('T-3')).toEqual({ events: 0, effects: 0 });
  });

  it('refuses a signed body it cannot read, storing nothing', async () => {
    const response = await post('amount=5');
    expect(response.body).toBe('result=FAIL_MALFORMED');
    expect(
      await t.app.db.selectFrom('provider_events').select('id').where('payload', '=', 'amount=5').execute(),
    ).toEqual([]);
  });

  it('stores neither the event nor its effect when acting on it fails, so the retry is acted on', async () => {
    failNextHandle = true;
    const failed = await post('txnid=T-4&amount=7');
    expect(failed.statusCode).toBe(500);
    expect(await counts('T-4')).toEqual({ events: 0, effects: 0 });
    const retried = await post('txnid=T-4&amount=7');
    expect(retried.body).toBe('result=OK');
    expect(await counts('T-4')).toEqual({ events: 1, effects: 1 });
  });

  it('takes the body raw even as JSON (nothing parsed before the signature)', async () => {
    const body = '{"txnid":"T-5"}';
    const response = await t.app.inject({
      method: 'POST',
      url: fakeProvider.path,
      headers: { 'content-type': 'application/json', 'x-signature': 'wrong' },
      payload: body,
    });
    expect(response.body).toBe('result=FAIL_SIGNATURE');
  });
});
