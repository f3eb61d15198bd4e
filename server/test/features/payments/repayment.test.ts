import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Endpoint, endpoints } from '@kwarta/contract';
import { addDays } from '@kwarta/domain';
import { createTestApp, databaseTargets, type TestApp } from '../../support/test-app.ts';
import { callEndpoint } from '../../support/api.ts';
import { otherBorrower } from '../../support/borrowers.ts';
import { rowCounts } from '../../support/faults.ts';
import { orderState, repayableOrder } from '../../support/repayment.ts';
import { sandboxPostback } from '../../../src/features/payments/sandbox.ts';
import { advanceOrdersByDate } from '../../../src/features/orders/index.ts';

describe.each(databaseTargets)('repayment calls and the sandbox cashier (%s)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  const ids = (order: { productId: number; orderId: number }) => ({
    productId: String(order.productId),
    orderId: String(order.orderId),
  });

  async function payAtCashier(payUrl: string, action: 'pay' | 'fail' | 'expire' = 'pay') {
    const page = await t.app.inject({ method: 'GET', url: payUrl });
    expect(page.statusCode).toBe(200);
    return t.app.inject({
      method: 'POST',
      url: payUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=${action}`,
    });
  }

  it('answers a foreign order on every payment call exactly like a missing one, writing nothing', async () => {
    const mine = await repayableOrder(t.app);
    const other = await otherBorrower(t.app, '13900000077');
    const calls: [Endpoint, Record<string, string>][] = [
      [endpoints.loanPlayDetail, {}],
      [endpoints.emphasisMiles, {}],
      [endpoints.generateVcode, { channelNumber: 'BAYD' }],
      [endpoints.generateVcode, { channelNumber: 'BAYD', isDelay: '1' }],
    ];
    const before = await rowCounts(t.app);
    for (const [endpoint, extra] of calls) {
      const foreign = await callEndpoint(t.app, endpoint, {
        session: mine.session,
        body: { productId: String(mine.productId), orderId: String(other.order.id), ...extra },
      });
      const missing = await callEndpoint(t.app, endpoint, {
        session: mine.session,
        body: { productId: String(mine.productId), orderId: '999999', ...extra },
      });
      expect(foreign.status).toBe(404);
      expect({ status: foreign.status, raw: foreign.raw }).toEqual({
        status: missing.status,
        raw: missing.raw,
      });
    }
    expect(await rowCounts(t.app)).toEqual(before);
  });

  it('charges its own figure: a client amount lower than what is due cannot settle the order', async () => {
    const order = await repayableOrder(t.app);
    const response = await callEndpoint(t.app, endpoints.generateVcode, {
      session: order.session,
      body: { ...ids(order), amount: '100', channelNumber: 'BAYD' },
    });
    const data = response.envelope!.data as { payUrl: string; amount: number };
    expect(data.amount).toBe(order.lineAmount);
    await payAtCashier(data.payUrl);
    const state = await orderState(t.app, order.orderId);
    expect(state.payments[0]).toMatchObject({
      expected_amount: order.lineAmount,
      received_amount: order.lineAmount,
    });
    expect(state.order.status).toBe(200);
  });

  it('instalment page: what is due now, the plan, channels; the cashier’s pay settles and returns to the order', async () => {
    const order = await repayableOrder(t.app);
    const info = await callEndpoint(t.app, endpoints.loanPlayDetail, {
      session: order.session,
      body: ids(order),
    });
    expect(info.envelope).toMatchObject({
      code: '00',
      data: { repayAmount: order.lineAmount, orderStatus: 170, defDetail: null, isShowReyTop: 1 },
    });
    const data = info.envelope!.data as { repayList: { channel_number: string }[]; repayPlan: unknown[] };
    expect(data.repayList.map((channel) => channel.channel_number)).toEqual([
      'GCSH',
      'PYMY',
      'BAYD',
      '7ELE',
      'ECPY',
    ]);
    expect(data.repayPlan).toHaveLength(1);

    const vcode = await callEndpoint(t.app, endpoints.generateVcode, {
      session: order.session,
      body: { ...ids(order), amount: String(order.lineAmount), channelNumber: 'BAYD' },
    });
    const started = vcode.envelope!.data as { payUrl: string; payCode: string };
    expect(started.payUrl).toMatch(
      /^\/sandbox\/cashier\/KW\d+R[0-9A-F]+\?sig=[0-9a-f]{64}&return=%2ForderDetails%3F/,
    );
    // A double tap gets the same pay code; the page now shows it as the default card.
    const again = await callEndpoint(t.app, endpoints.generateVcode, {
      session: order.session,
      body: { ...ids(order), channelNumber: 'BAYD' },
    });
    expect((again.envelope!.data as { payCode: string }).payCode).toBe(started.payCode);
    const withCard = await callEndpoint(t.app, endpoints.loanPlayDetail, {
      session: order.session,
      body: ids(order),
    });
    expect(withCard.envelope!.data).toMatchObject({
      defDetail: { payCode: started.payCode, title: 'Bayad Center', showType: 1 },
    });

    const paid = await payAtCashier(started.payUrl);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(/^\/orderDetails\?.*sessionId=/);
    const state = await orderState(t.app, order.orderId);
    expect(state.order.status).toBe(200);
    expect(state.order.settled_at).not.toBeNull();
    expect(state.history.at(-1)).toMatchObject({ from_status: 170, to_status: 200 });
  });

  it('an instalment paid in full moves the order to its next instalment: due date, and back from 174 to 170', async () => {
    const today = t.app.clock.now().toISOString().slice(0, 10);
    // Three instalments, the first due in two days (174, inside the due window), the next a month on.
    const order = await repayableOrder(t.app, { status: 174, lines: 3, firstDue: addDays(today, 2) });
    const vcode = await callEndpoint(t.app, endpoints.generateVcode, {
      session: order.session,
      body: { ...ids(order), channelNumber: 'BAYD' },
    });
    expect(vcode.envelope!.data).toMatchObject({ amount: order.lineAmount });
    await payAtCashier((vcode.envelope!.data as { payUrl: string }).payUrl);
    const after = await orderState(t.app, order.orderId);
    expect(after.order).toMatchObject({
      status: 170,
      due_date: after.lines[1]!.due_date,
      paid_amount: order.lineAmount,
    });
    expect(after.history.at(-1)).toMatchObject({ from_status: 174, to_status: 170, reason: 'repayment' });

    // The daily job on the first instalment's date leaves it alone: nothing of it is unpaid.
    await advanceOrdersByDate(t.app, new Date(`${addDays(today, 3)}T02:00:00Z`));
    expect((await orderState(t.app, order.orderId)).order.status).toBe(170);
  });

  it('an overdue order whose overdue instalment and penalty are paid returns to the status its next date calls for', async () => {
    const today = t.app.clock.now().toISOString().slice(0, 10);
    const order = await repayableOrder(t.app, { status: 180, lines: 2, firstDue: addDays(today, -3) });
    const vcode = await callEndpoint(t.app, endpoints.generateVcode, {
      session: order.session,
      body: { ...ids(order), channelNumber: 'BAYD' },
    });
    await payAtCashier((vcode.envelope!.data as { payUrl: string }).payUrl);
    const after = await orderState(t.app, order.orderId);
    // The next instalment is 27 days away, outside the due window: 170.
    expect(after.order).toMatchObject({ status: 170, due_date: addDays(today, 27) });
    expect(after.history.at(-1)).toMatchObject({ from_status: 180, to_status: 170 });
  });

  it('opens and acts on a payment at the cashier only through its signed link', async () => {
    const order = await repayableOrder(t.app);
    const vcode = await callEndpoint(t.app, endpoints.generateVcode, {
      session: order.session,
      body: { ...ids(order), channelNumber: 'BAYD' },
    });
    const { payUrl } = vcode.envelope!.data as { payUrl: string };
    const { txnid } = (await orderState(t.app, order.orderId)).payments[0]!;
    const unsigned = `/sandbox/cashier/${txnid}`;
    const wronglySigned = `${unsigned}?sig=${'0'.repeat(64)}`;
    const otherPayment = payUrl.replace(txnid, `${txnid.slice(0, -1)}X`);
    for (const url of [unsigned, wronglySigned, otherPayment]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      const acted = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'action=fail',
      });
      expect(acted.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/cashier/a%00b?sig=x' })).statusCode).toBe(400);
    expect((await orderState(t.app, order.orderId)).payments[0]!.status).toBe('pending');
    expect((await t.app.inject({ method: 'GET', url: payUrl })).statusCode).toBe(200);
  });

  it('leads its Back link and redirect only to a page of our own: tabs, slashes, schemes are dropped', async () => {
    const order = await repayableOrder(t.app);
    const vcode = await callEndpoint(t.app, endpoints.generateVcode, {
      session: order.session,
      body: { ...ids(order), channelNumber: 'BAYD' },
    });
    const signed = (vcode.envelope!.data as { payUrl: string }).payUrl.split('&return=')[0]!;
    const failed = await payAtCashier(signed, 'fail');
    expect(failed.statusCode).toBe(303);
    const offSite = [
      '/%09/evil.example',
      '/%0A/evil.example',
      '/%0D/evil.example',
      '//evil.example',
      '/%5Cevil.example',
    ];
    for (const back of [
      ...offSite,
      'https://evil.example/',
      'javascript:alert(1)',
      '%2F%09%2Fevil.example',
    ]) {
      const page = await t.app.inject({ method: 'GET', url: `${signed}&return=${back}` });
      expect(page.statusCode, back).toBe(200);
      expect(page.body, back).not.toContain('<a href');
      expect(page.body, back).not.toContain('evil');
      const acted = await t.app.inject({
        method: 'POST',
        url: `${signed}&return=${back}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'action=fail',
      });
      expect(acted.headers.location, back).not.toContain('evil');
    }
    const ours = await t.app.inject({ method: 'GET', url: `${signed}&return=%2ForderDetails%3ForderId%3D1` });
    expect(ours.body).toContain('<a href="/orderDetails?orderId=1">');
  });

  it('refuses a signed sandbox postback for an unknown txnid or with NUL, storing nothing', async () => {
    const secret = t.config.payments.sandboxSecret;
    const send = (fields: URLSearchParams) =>
      t.app.inject({
        method: 'POST',
        url: '/payments/sandbox/postback',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: fields.toString(),
      });
    const unknown = await send(
      sandboxPostback(secret, { txnid: 'KW1RUNKNOWN', refNo: 'R', status: 'S', amount: 100 }),
    );
    expect(unknown.statusCode).toBe(400);
    const withNul = await send(
      sandboxPostback(secret, { txnid: 'KW1R\0', refNo: 'R', status: 'S', amount: 100 }),
    );
    expect(withNul.statusCode).toBe(400);
    const events = await t.app.db
      .selectFrom('provider_events')
      .select('id')
      .where('event_id', 'like', 'KW1R%')
      .execute();
    expect(events).toEqual([]);
  });

  it('20 parallel taps on Payment Method make one open pay code', async () => {
    const order = await repayableOrder(t.app);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        callEndpoint(t.app, endpoints.generateVcode, {
          session: order.session,
          body: { ...ids(order), channelNumber: 'GCSH' },
        }),
      ),
    );
    const codes = new Set(responses.map((r) => (r.envelope!.data as { payCode: string }).payCode));
    expect(codes.size).toBe(1);
    expect((await orderState(t.app, order.orderId)).payments).toHaveLength(1);
  });

  it('a failed or expired pay code leaves the order as it was', async () => {
    const order = await repayableOrder(t.app);
    const vcode = await callEndpoint(t.app, endpoints.generateVcode, {
      session: order.session,
      body: { ...ids(order), channelNumber: '7ELE' },
    });
    await payAtCashier((vcode.envelope!.data as { payUrl: string }).payUrl, 'fail');
    const state = await orderState(t.app, order.orderId);
    expect(state.payments[0]!.status).toBe('failed');
    expect(state.order).toMatchObject({ status: 170, paid_amount: 0 });
  });

  it('extension from 174: the fee, then due date and open lines moved by the product’s days, 170, history', async () => {
    const order = await repayableOrder(t.app, {
      status: 174,
      lines: 2,
      paidLines: 1,
      firstDue: addDays(t.app.clock.now().toISOString().slice(0, 10), -28),
    });
    const before = await orderState(t.app, order.orderId);
    const info = await callEndpoint(t.app, endpoints.emphasisMiles, {
      session: order.session,
      body: ids(order),
    });
    const delay = info.envelope!.data as {
      delayInfo: { delayAmount: number; days: number; allowed: number };
      repayDate: string;
    };
    // Kwarta Flex: 15% of the principal (2 × 100,000.00), 7 days.
    expect(delay.delayInfo).toMatchObject({ delayAmount: 3_000_000, days: 7, allowed: 1 });
    expect(delay.repayDate).toBe(addDays(before.lines[1]!.due_date, 7));

    const vcode = await callEndpoint(t.app, endpoints.generateVcode, {
      session: order.session,
      body: { ...ids(order), amount: '1', channelNumber: 'GCSH', isDelay: '1' },
    });
    expect(vcode.envelope!.data).toMatchObject({ amount: 3_000_000 });
    await payAtCashier((vcode.envelope!.data as { payUrl: string }).payUrl);
    const after = await orderState(t.app, order.orderId);
    expect(after.order).toMatchObject({
      status: 170,
      extension_count: 1,
      due_date: addDays(before.lines[1]!.due_date, 7),
    });
    expect(after.lines.map((line) => line.due_date)).toEqual([
      before.lines[0]!.due_date,
      addDays(before.lines[1]!.due_date, 7),
    ]);
    expect(after.history.at(-1)).toMatchObject({
      from_status: 174,
      to_status: 170,
      reason: 'extension paid',
    });
    expect(after.allocations).toEqual([{ component: 'extension_fee', plan_seq: null, amount: 3_000_000 }]);

    // The product allows one extension: the next is refused, and nothing is written.
    const refused = await callEndpoint(t.app, endpoints.generateVcode, {
      session: order.session,
      body: { ...ids(order), channelNumber: 'GCSH', isDelay: '1' },
    });
    expect(refused.envelope!.code).not.toBe('00');
    const again = await callEndpoint(t.app, endpoints.emphasisMiles, {
      session: order.session,
      body: ids(order),
    });
    expect(again.envelope!.data).toMatchObject({ delayInfo: { allowed: 0 } });
  });

  it('extension from 170 stays 170 with a history row; a settled order cannot be extended or repaid', async () => {
    const order = await repayableOrder(t.app);
    const vcode = await callEndpoint(t.app, endpoints.generateVcode, {
      session: order.session,
      body: { ...ids(order), channelNumber: 'GCSH', isDelay: '1' },
    });
    await payAtCashier((vcode.envelope!.data as { payUrl: string }).payUrl);
    const state = await orderState(t.app, order.orderId);
    expect(state.order).toMatchObject({ status: 170, extension_count: 1 });
    expect(state.history.at(-1)).toMatchObject({
      from_status: 170,
      to_status: 170,
      reason: 'extension paid',
    });

    const settled = await repayableOrder(t.app, { status: 200, paidLines: 1 });
    for (const isDelay of ['0', '1']) {
      const refused = await callEndpoint(t.app, endpoints.generateVcode, {
        session: settled.session,
        body: { ...ids(settled), channelNumber: 'GCSH', isDelay },
      });
      expect(refused.envelope!.code).not.toBe('00');
    }
    expect((await orderState(t.app, settled.orderId)).payments).toEqual([]);
  });

  it('an unknown channel is refused with a 400 and nothing written', async () => {
    const order = await repayableOrder(t.app);
    const response = await callEndpoint(t.app, endpoints.generateVcode, {
      session: order.session,
      body: { ...ids(order), channelNumber: 'NOPE' },
    });
    expect(response.status).toBe(400);
    expect((await orderState(t.app, order.orderId)).payments).toEqual([]);
  });
});
