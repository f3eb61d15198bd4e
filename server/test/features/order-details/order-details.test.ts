import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Defaults,
  Limits,
  messages,
  productDefineToWire,
  recommendedProductFromWire,
  type RecommendedProductWire,
  endpoints,
} from '@kwarta/contract';
import { callEndpoint, demoSession } from '../../support/api.ts';
import { otherBorrower } from '../../support/borrowers.ts';
import { createSession } from '../../../src/features/sessions/session-repository.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { DEMO_PARTNER_LINK, DEMO_WITHDRAW_URL } from '../../../src/db/seed.ts';

interface LoanDetails {
  orderId: number;
  productId: number;
  orderStatus: number;
  noticeStatusText: string;
  noticeDesText: string;
  recProducts: RecommendedProductWire[];
  productName: string;
  userOrderDetail: { detail: { text: string; value: string }[] };
  inside: number;
  isDelay: number;
  telephone: string;
  isScore: string;
  playeduL: string;
  reyMsg: string;
  cardNeedPop: number;
  cardPopTitle: string;
  cardPopMsg: string;
}

describe.each(databaseTargets)('order details on %s', (target) => {
  const clock = testClock('2026-11-23T08:00:00.000Z');
  let t: TestApp;
  let session: Record<string, string>;
  let other: Awaited<ReturnType<typeof otherBorrower>>;
  let orders: { id: number; product_id: number; status: number; product_name: string }[];

  beforeAll(async () => {
    t = await createTestApp(target, { clock });
    session = await demoSession(t.app);
    other = await otherBorrower(t.app);
    orders = await t.app.db
      .selectFrom('orders')
      .innerJoin('borrowers', 'borrowers.id', 'orders.borrower_id')
      .innerJoin('products', 'products.id', 'orders.product_id')
      .select(['orders.id', 'orders.product_id', 'orders.status', 'products.name as product_name'])
      .where('borrowers.phone', '!=', '13900000002')
      .orderBy('orders.id')
      .execute();
  });
  afterAll(() => t.close());

  const details = async (order: { id: number; product_id: number }, as = session) => {
    const response = await callEndpoint(t.app, endpoints.loanDetails, {
      session: as,
      body: { productId: String(order.product_id), orderId: String(order.id) },
    });
    return { ...response, data: response.envelope?.data as LoanDetails };
  };
  const find = (status: number, productName?: string) =>
    orders.find((order) => order.status === status && (!productName || order.product_name === productName))!;

  it('answers every demo status with its catalogue texts, detail lines and recommended products', async () => {
    for (const [status, key] of [
      [21, 'orderNotice21'],
      [110, 'orderNotice110'],
      [151, 'orderNotice151'],
      [170, 'orderNotice170'],
      [174, 'orderNotice174'],
      [180, 'orderNotice180'],
      [200, 'orderNotice200'],
    ] as const) {
      const order = find(status);
      const { status: http, envelope, data } = await details(order);
      expect(http).toBe(200);
      expect(envelope?.code).toBe('00');
      expect(data.orderStatus).toBe(status);
      expect(data.noticeStatusText).toBe(messages[`orderStatus${status}`]);
      expect(data.noticeDesText).toBe(messages[key]);
      expect(data.telephone).toBe(t.config.defaultSupport.phone);
      expect(data.userOrderDetail.detail[0]).toEqual({
        text: messages.orderDetailOrderNo,
        value: expect.any(String),
      });
      const amount = data.userOrderDetail.detail.find((line) => line.text === messages.orderDetailAmount);
      expect(amount?.value).toMatch(/^₱[\d.]+,\d{2}$|^₱[\d,]+\.\d{2}$/);
      // Other products only, with their disguised names.
      const products = data.recProducts.map(recommendedProductFromWire);
      expect(products.length).toBe(4);
      expect(products.map((product) => product.id)).not.toContain(order.product_id);
      expect(products.find((product) => product.name === 'Kwarta Biz')?.clickable ?? '0').toBe('0');
    }
  });

  it('offers a rollover only on 174/180 orders of a product that allows it', async () => {
    expect((await details(find(174, 'Kwarta Flex'))).data.isDelay).toBe(1);
    expect((await details(find(174, 'Kwarta Starter'))).data.isDelay).toBe(0);
    expect((await details(find(180, 'Kwarta Flex'))).data.isDelay).toBe(1);
    expect((await details(find(170, 'Kwarta Flex'))).data.isDelay).toBe(0);
  });

  it('gives approved orders the product’s withdrawal confirmation and no rebind prompt without a failed payout', async () => {
    const partner = (await details(find(151, 'Kwarta Max'))).data;
    const link = new URL(partner.playeduL, 'http://kwarta.test');
    expect(link.pathname).toBe(DEMO_WITHDRAW_URL);
    expect(link.searchParams.get('orderId')).toBe(String(find(151, 'Kwarta Max').id));
    expect(partner.inside).toBe(0);
    // The demo partner's page is one of ours and says what it stands for (not an error page).
    for (const url of [partner.playeduL, DEMO_PARTNER_LINK]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(messages.demoPartnerTitle);
    }

    const plus = (await details(find(151, 'Kwarta Plus'))).data;
    expect(plus.playeduL).toBe('');
    expect(plus.reyMsg).toMatch(/confirm the withdrawal/);
    expect(plus.cardNeedPop).toBe(0);
    expect(plus.inside).toBe(1);

    // A failed payout's rebind prompt: server/test/features/disbursement/disburse-order.test.ts.
    // Other statuses never carry the withdrawal link or message.
    expect((await details(find(170))).data).toMatchObject({ playeduL: '', reyMsg: '', cardNeedPop: 0 });
  });

  it('answers an unknown status with the settled texts', async () => {
    const order = find(21);
    await t.app.db.updateTable('orders').set({ status: 999 }).where('id', '=', order.id).execute();
    try {
      const { data } = await details(order);
      expect(data.orderStatus).toBe(999);
      expect(data.noticeStatusText).toBe(messages.orderStatus200);
      expect(data.noticeDesText).toBe(messages.orderNotice200);
    } finally {
      await t.app.db.updateTable('orders').set({ status: 21 }).where('id', '=', order.id).execute();
    }
  });

  it('answers a foreign order, a missing one and a mismatched product exactly alike', async () => {
    const foreign = await details({ id: other.order.id, product_id: orders[0]!.product_id });
    const missing = await details({ id: 999_999, product_id: orders[0]!.product_id });
    const mismatched = await details({ id: find(170).id, product_id: find(151, 'Kwarta Max').product_id });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toEqual(missing.raw);
    expect(mismatched.raw).toEqual(missing.raw);
    // The other borrower reads their own order.
    const own = await details(
      {
        id: other.order.id,
        product_id: (
          await t.app.db
            .selectFrom('orders')
            .select('product_id')
            .where('id', '=', other.order.id)
            .executeTakeFirstOrThrow()
        ).product_id,
      },
      other.session,
    );
    expect(own.envelope?.code).toBe('00');
    expect(own.data.isScore).toBe('1');
  });

  it('refuses a call without a live session and bad ids', async () => {
    const order = find(170);
    const anonymous = await callEndpoint(t.app, endpoints.loanDetails, {
      body: { productId: String(order.product_id), orderId: String(order.id) },
    });
    expect(anonymous.status).toBe(401);
    const bad = await callEndpoint(t.app, endpoints.loanDetails, {
      session,
      body: { productId: 'x', orderId: '1' },
    });
    expect(bad.status).toBe(400);
  });

  it('stores event/save taps and refuses an unknown product', async () => {
    const order = find(200);
    const saved = await callEndpoint(t.app, endpoints.eventSave, {
      session,
      body: {
        productId: String(order.product_id),
        moduleId: String(Defaults.borrowAgainModuleId),
        positionId: '0',
      },
    });
    expect(saved.envelope?.code).toBe('00');
    const rows = await t.app.db
      .selectFrom('tracking_events')
      .selectAll()
      .where('module_id', '=', 30)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ product_id: order.product_id, position_id: 0 });
    const unknown = await callEndpoint(t.app, endpoints.eventSave, {
      session,
      body: { productId: '999999', moduleId: '30' },
    });
    expect(unknown.status).toBe(404);
  });

  it('asks for the app rating until google-score is stored, once per borrower', async () => {
    expect((await details(find(170))).data.isScore).toBe('1');
    expect((await details(find(200))).data.isScore).toBe('1');
    expect((await details(find(21))).data.isScore).toBe('0');
    expect((await details(find(180))).data.isScore).toBe('0');
    const bad = await callEndpoint(t.app, endpoints.googleScore, { session, body: { score: '6' } });
    expect(bad.status).toBe(400);
    for (const score of ['5', '5']) {
      const rated = await callEndpoint(t.app, endpoints.googleScore, { session, body: { score } });
      expect(rated.envelope?.code).toBe('00');
    }
    expect(await t.app.db.selectFrom('app_ratings').selectAll().execute()).toHaveLength(1);
    expect((await details(find(170))).data.isScore).toBe('0');
  });

  it('after "Not now" stops asking for the rating for ratingAskAgainDays, for that borrower only', async () => {
    const day = 24 * 60 * 60 * 1000;
    const asker = await otherBorrower(t.app, '13900000077');
    const neighbour = await otherBorrower(t.app, '13900000078');
    const productOf = async (orderId: number) =>
      await t.app.db
        .selectFrom('orders')
        .select(['id', 'product_id'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
    const order = await productOf(asker.order.id);
    // Fresh each time: the clock moves past the session's lifetime.
    const isScore = async () => {
      const sessionId = await createSession(t.app.db, {
        borrowerId: asker.borrowerId,
        now: t.app.clock.now(),
        policy: t.app.config.session,
      });
      return (await details(order, { sessionId })).data.isScore;
    };
    expect(await isScore()).toBe('1');
    const later = await callEndpoint(t.app, endpoints.googleScoreLater, { session: asker.session, body: {} });
    expect(later.envelope?.code).toBe('00');
    expect(await isScore()).toBe('0');
    // Another borrower is still asked.
    expect((await details(await productOf(neighbour.order.id), neighbour.session)).data.isScore).toBe('1');
    try {
      clock.advance((Limits.ratingAskAgainDays - 1) * day);
      expect(await isScore()).toBe('0');
      clock.advance(day);
      expect(await isScore()).toBe('1');
    } finally {
      clock.advance(-Limits.ratingAskAgainDays * day);
    }
  });

  it('answers the define call with the product link under disguised fields', async () => {
    const products = await t.app.db.selectFrom('products').select(['id', 'name']).execute();
    const byName = (name: string) => products.find((product) => product.name === name)!.id;
    const define = (productId: number) =>
      callEndpoint(t.app, endpoints.productDefine, {
        session,
        body: Object.fromEntries(
          Object.entries(productDefineToWire({ moduleId: 31, position: 2, productId })).map(([k, v]) => [
            k,
            String(v),
          ]),
        ),
      });
    expect((await define(byName('Kwarta Max'))).envelope).toMatchObject({
      code: '00',
      data: DEMO_PARTNER_LINK,
    });
    expect((await define(byName('Kwarta Plus'))).envelope?.data).toBe(
      `kwarta://productDetail?productId=${byName('Kwarta Plus')}`,
    );
    const grey = await define(byName('Kwarta Biz'));
    expect(grey.envelope).toMatchObject({ code: '409', message: messages.productNotClickable });
    expect((await define(999_999)).status).toBe(404);
    // Plain names are not the wire names.
    const plain = await callEndpoint(t.app, endpoints.productDefine, {
      session,
      body: { moduleId: '31', position: '1', productId: String(byName('Kwarta Max')) },
    });
    expect(plain.status).toBe(400);
  });

  it('serves the joint-login failure page and its two product-tap calls', async () => {
    const max = find(151, 'Kwarta Max').product_id;
    const info = await callEndpoint(t.app, endpoints.unionErrorInfo, {
      session,
      body: { productId: String(max) },
    });
    const data = info.envelope?.data as {
      noticeMessage: string;
      errMessage: string;
      recProducts: RecommendedProductWire[];
    };
    expect(data.noticeMessage).toBe(messages.jointLoginFailed);
    expect(data.errMessage).toContain('Kwarta Max');
    expect(data.recProducts.map(recommendedProductFromWire).map((p) => p.id)).not.toContain(max);
    const general = await callEndpoint(t.app, endpoints.unionErrorInfo, { session });
    expect((general.envelope?.data as { errMessage: string; recProducts: unknown[] }).errMessage).toBe(
      messages.jointLoginErrorMessage,
    );
    expect((general.envelope?.data as { recProducts: unknown[] }).recProducts).toHaveLength(5);

    const track = await callEndpoint(t.app, endpoints.unionProductTrack, {
      session,
      body: { productId: String(max), position: '3' },
    });
    expect(track.envelope?.code).toBe('00');
    const taps = await t.app.db
      .selectFrom('tracking_events')
      .selectAll()
      .where('module_id', '=', Defaults.jointLoginProductModuleId)
      .execute();
    expect(taps).toHaveLength(1);
    expect(taps[0]).toMatchObject({ product_id: max, position_id: 3 });
    const link = await callEndpoint(t.app, endpoints.unionProductLink, {
      session,
      body: { productId: String(max) },
    });
    expect(link.envelope?.data).toBe(DEMO_PARTNER_LINK);
    const anonymous = await callEndpoint(t.app, endpoints.unionErrorInfo, {});
    expect(anonymous.status).toBe(401);
  });
});
