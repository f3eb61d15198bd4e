import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endpoints } from '@kwarta/contract';
import { createTestApp, databaseTargets, type TestApp } from '../../support/test-app.ts';
import { callEndpoint } from '../../support/api.ts';
import { orderState, repayableOrder } from '../../support/repayment.ts';
import { postbackDigest, reconcilePayments } from '../../../src/features/payments/index.ts';
import { SECRET, dragonpayEnv, startFakeDragonpay } from '../../support/fake-dragonpay.ts';

describe.each(databaseTargets)('Dragonpay adapter against a fake Dragonpay (%s)', (target) => {
  let fake: Awaited<ReturnType<typeof startFakeDragonpay>>;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeDragonpay();
    t = await createTestApp(target, {
      env: dragonpayEnv(fake),
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.statusQueries.length = 0;
  });

  /** An order of its own, a pay code for it through Dragonpay, and the fake's record of it. */
  async function payCode(options: Parameters<typeof repayableOrder>[1] = {}) {
    const order = await repayableOrder(t.app, options);
    const response = await callEndpoint(t.app, endpoints.generateVcode, {
      session: order.session,
      body: {
        productId: String(order.productId),
        orderId: String(order.orderId),
        amount: '1',
        channelNumber: 'BAYD',
      },
    });
    expect(response.envelope).toMatchObject({ code: '00' });
    const { payments } = await orderState(t.app, order.orderId);
    const payment = payments.at(-1)!;
    return {
      ...order,
      data: response.envelope!.data as { payUrl: string; payCode: string; amount: number },
      payment,
      txn: fake.txns.get(payment.txnid)!,
    };
  }

  function postback(
    fields: { txnid: string; refno: string; status: string; message?: string },
    digest?: string,
  ) {
    const message = fields.message ?? 'Payment received';
    const form = new URLSearchParams({
      txnid: fields.txnid,
      refno: fields.refno,
      status: fields.status,
      message,
      digest: digest ?? postbackDigest([fields.txnid, fields.refno, fields.status, message], SECRET),
    });
    return t.app.inject({
      method: 'POST',
      url: '/payments/dragonpay/postback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
  }

  it('creates a transaction with the server’s amount and the channel’s processor id; pays with its URL and reference', async () => {
    const { data, payment, txn, lineAmount } = await payCode();
    expect(txn).toMatchObject({ amount: '105000.00', procId: 'BAYD', status: 'P' });
    expect(payment).toMatchObject({
      provider: 'dragonpay',
      status: 'pending',
      expected_amount: lineAmount,
      ref_no: txn.refNo,
    });
    expect(data.payUrl).toBe(`https://test.dragonpay.ph/Pay.aspx?tokenid=${txn.refNo}&procid=BAYD`);
    expect(data.payCode).toBe(txn.refNo);
  });

  it('posts a verified postback once the status query confirms it, answering result=OK', async () => {
    const { payment, txn, orderId } = await payCode();
    txn.status = 'S';
    const response = await postback({ txnid: payment.txnid, refno: txn.refNo, status: 'S' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('result=OK');
    expect(fake.statusQueries).toEqual([payment.txnid]);
    const state = await orderState(t.app, orderId);
    expect(state.payments[0]).toMatchObject({ status: 'paid', received_amount: 10_500_000 });
    expect(state.order).toMatchObject({ status: 200, paid_amount: 10_500_000 });
    expect(state.order.settled_at).not.toBeNull();
    expect(state.allocations).toEqual([
      { component: 'interest', plan_seq: 1, amount: 500_000 },
      { component: 'principal', plan_seq: 1, amount: 10_000_000 },
    ]);
    expect(state.history.at(-1)).toMatchObject({
      from_status: 170,
      to_status: 200,
      actor: `payment:dragonpay:${payment.txnid}`,
    });
  });

  it('posts the same postback sent 20 times in parallel once', async () => {
    const { payment, txn, orderId } = await payCode({ lines: 2 });
    txn.status = 'S';
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => postback({ txnid: payment.txnid, refno: txn.refNo, status: 'S' })),
    );
    expect(responses.map((r) => r.body)).toEqual(Array(20).fill('result=OK'));
    const state = await orderState(t.app, orderId);
    expect(state.allocations).toHaveLength(2);
    expect(state.order).toMatchObject({ status: 170, paid_amount: 10_500_000 });
    expect(state.lines.map((line) => line.paid_amount)).toEqual([10_500_000, 0]);
    const events = await t.app.db
      .selectFrom('provider_events')
      .select('event_id')
      .where('event_id', 'like', `${payment.txnid}%`)
      .execute();
    expect(events).toEqual([{ event_id: `${payment.txnid}:paid` }]);
  });

  it('refuses a bad digest and posts nothing, without asking Dragonpay', async () => {
    const { payment, txn, orderId } = await payCode();
    txn.status = 'S';
    const response = await postback({ txnid: payment.txnid, refno: txn.refNo, status: 'S' }, 'f'.repeat(40));
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toBe('result=OK');
    expect(fake.statusQueries).toEqual([]);
    const state = await orderState(t.app, orderId);
    expect(state.payments[0]!.status).toBe('pending');
    expect(state.allocations).toEqual([]);
    expect(state.order.status).toBe(170);
  });

  it('does not post a success postback while the status query says pending, and posts the later confirmed one', async () => {
    const { payment, txn, orderId } = await payCode();
    const first = await postback({ txnid: payment.txnid, refno: txn.refNo, status: 'S' });
    expect(first.body).toBe('result=OK');
    let state = await orderState(t.app, orderId);
    expect(state.payments[0]!.status).toBe('pending');
    expect(state.allocations).toEqual([]);
    txn.status = 'S';
    await postback({ txnid: payment.txnid, refno: txn.refNo, status: 'S' });
    state = await orderState(t.app, orderId);
    expect(state.payments[0]!.status).toBe('paid');
    expect(state.order.status).toBe(200);
  });

  it('holds a payment whose confirmed amount differs from the expected one, posting nothing', async () => {
    const { payment, txn, orderId } = await payCode();
    txn.status = 'S';
    txn.amount = '100.00';
    await postback({ txnid: payment.txnid, refno: txn.refNo, status: 'S' });
    const state = await orderState(t.app, orderId);
    expect(state.payments[0]).toMatchObject({
      status: 'held',
      status_reason: 'amount_mismatch',
      received_amount: 10_000,
    });
    expect(state.allocations).toEqual([]);
    expect(state.order).toMatchObject({ status: 170, paid_amount: 0 });
  });

  it.each([
    ['a thousands separator', '1,000.00'],
    ['no Amount at all', undefined],
    ['a number it cannot read', 'lots'],
  ])(
    'holds a payment whose confirmed amount has %s, never counting it as the full one',
    async (_, amount) => {
      const { payment, txn, orderId } = await payCode();
      txn.status = 'S';
      txn.amountAnswer = amount;
      const response = await postback({ txnid: payment.txnid, refno: txn.refNo, status: 'S' });
      expect(response.body).toBe('result=OK');
      const state = await orderState(t.app, orderId);
      expect(state.payments[0]).toMatchObject({
        status: 'held',
        status_reason: 'amount_unreadable',
        received_amount: null,
      });
      expect(state.allocations).toEqual([]);
      expect(state.order).toMatchObject({ status: 170, paid_amount: 0 });
    },
  );

  it.each([
    ['₱21,474,836.48, one centavo beyond an integer column', '21474836.48'],
    ['a hundred billion pesos', '99999999999.99'],
  ])(
    'holds a payment whose confirmed amount is %s, recorded as unknown for review, never a 500',
    async (_, amount) => {
      const { payment, txn, orderId } = await payCode();
      txn.status = 'S';
      txn.amountAnswer = amount;
      const response = await postback({ txnid: payment.txnid, refno: txn.refNo, status: 'S' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('result=OK');
      const state = await orderState(t.app, orderId);
      expect(state.payments[0]).toMatchObject({
        status: 'held',
        status_reason: 'amount_out_of_range',
        received_amount: null,
      });
      expect(state.allocations).toEqual([]);
      expect(state.order).toMatchObject({ status: 170, paid_amount: 0 });
      // The provider's retry is answered the same and changes nothing.
      expect((await postback({ txnid: payment.txnid, refno: txn.refNo, status: 'S' })).body).toBe(
        'result=OK',
      );
      expect((await orderState(t.app, orderId)).payments).toHaveLength(1);
    },
  );

  it('refuses a signed postback for a txnid it never made, storing nothing and asking nobody', async () => {
    const txnid = 'KW999RNOSUCHTXN';
    const response = await postback({ txnid, refno: 'REF0', status: 'S' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('result=FAIL_INVALID');
    expect(fake.statusQueries).toEqual([]);
    const events = await t.app.db
      .selectFrom('provider_events')
      .select('id')
      .where('event_id', 'like', `${txnid}%`)
      .execute();
    expect(events).toEqual([]);
  });

  it('refuses a postback with NUL in a field with 400 (never a retry-forever 5xx), on any database', async () => {
    const { payment, txn, orderId } = await payCode();
    txn.status = 'S';
    const nulTxnid = `${payment.txnid}\0x`;
    const response = await postback({ txnid: nulTxnid, refno: txn.refNo, status: 'S' });
    expect(response.statusCode).toBe(400);
    const asQuery = await t.app.inject({
      method: 'GET',
      url: `/payments/dragonpay/postback?txnid=${payment.txnid}%00&refno=${txn.refNo}&status=S&message=x&digest=0`,
    });
    expect(asQuery.statusCode).toBe(400);
    expect((await orderState(t.app, orderId)).payments[0]!.status).toBe('pending');
  });

  it('keeps a paid payment paid when a failure follows', async () => {
    const { payment, txn, orderId } = await payCode({ lines: 2 });
    txn.status = 'S';
    await postback({ txnid: payment.txnid, refno: txn.refNo, status: 'S' });
    txn.status = 'F';
    const failed = await postback({ txnid: payment.txnid, refno: txn.refNo, status: 'F', message: 'Failed' });
    expect(failed.body).toBe('result=OK');
    const state = await orderState(t.app, orderId);
    expect(state.payments[0]!.status).toBe('paid');
    expect(state.allocations).toHaveLength(2);
    expect(state.order.paid_amount).toBe(10_500_000);
  });

  it('reconciles: posts what the status query confirms and expires what stayed pending past its time', async () => {
    const confirmed = await payCode();
    const stale = await payCode();
    confirmed.txn.status = 'S';
    await t.app.db
      .updateTable('payments')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('txnid', '=', stale.payment.txnid)
      .execute();
    const run = await reconcilePayments({
      db: t.app.db,
      clock: t.app.clock,
      config: t.app.config,
      metrics: t.app.metrics,
      provider: t.app.paymentProvider,
    });
    expect(run.posted).toBeGreaterThanOrEqual(1);
    expect(run.expired).toBeGreaterThanOrEqual(1);
    expect((await orderState(t.app, confirmed.orderId)).order.status).toBe(200);
    expect((await orderState(t.app, stale.orderId)).payments[0]!.status).toBe('expired');
  });
});
