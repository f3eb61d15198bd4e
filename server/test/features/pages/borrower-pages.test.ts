import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRELOADED_DATA_ID, fillMessage, messages, type Endpoint, endpoints } from '@kwarta/contract';
import { formatMoney } from '@kwarta/domain';
import { DEMO_PHONES } from '../../../src/db/seed.ts';
import { callEndpoint, demoSession } from '../../support/api.ts';
import { otherBorrower } from '../../support/borrowers.ts';
import {
  createTestApp,
  databaseTargets,
  sourceBorrowerPageRenderer,
  type TestApp,
} from '../../support/test-app.ts';

const renderer = await sourceBorrowerPageRenderer();
const DATA_SCRIPT = new RegExp(`<script type="application/json" id="${PRELOADED_DATA_ID}">(.*?)</script>`);

/** What the page shows before any script: the root's markup, entities decoded, tags dropped. */
function rootText(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf(`<script type="application/json"`));
  return root
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

function embeddedData(html: string): Record<string, unknown> {
  const match = DATA_SCRIPT.exec(html);
  if (!match) throw new Error('no preloaded data in the page');
  return JSON.parse(match[1]!) as Record<string, unknown>;
}

describe.each(databaseTargets)('borrower pages rendered with their data on %s', (target) => {
  let t: TestApp;
  let session: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(target, { borrowerPageRenderer: renderer, env: { MARKET: 'spec' } });
    session = await demoSession(t.app);
  });
  afterAll(() => t.close());

  const page = (path: string, query: Record<string, string> = session) =>
    t.app.inject({ method: 'GET', url: `${path}?${new URLSearchParams(query)}` });
  const apiData = async (endpoint: Endpoint, body: Record<string, string> = {}, as = session) =>
    (await callEndpoint(t.app, endpoint, { session: as, body })).envelope?.data;

  it('/customerService carries the service contacts the API answers, and is never cached', async () => {
    const contacts = (await apiData(endpoints.contactKfInfo, { overall: '30' })) as {
      email: string;
      smWa: string;
    };
    const response = await page('/customerService');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(rootText(response.body)).toContain(contacts.email);
    expect(rootText(response.body)).toContain(contacts.smWa);
    expect(Object.values(embeddedData(response.body))).toEqual([contacts]);
  });

  it("/complainPage shows the order card of the page's orderId, as problem-init answers it", async () => {
    const init = (await apiData(endpoints.problemInit, { orderId: session.orderId! })) as {
      orderDetail: { orderNo: string; productName: string; statusText: string };
    };
    const html = (await page('/complainPage', { ...session })).body;
    const text = rootText(html);
    for (const value of [init.orderDetail.orderNo, init.orderDetail.productName, init.orderDetail.statusText])
      expect(text).toContain(value);
    expect(embeddedData(html)).toEqual({ [`problemInit?orderId=${session.orderId}`]: init });
  });

  it('/bindBank shows the form card-init answers for the productId, and the bound account only masked', async () => {
    const productId = session.productId!;
    await callEndpoint(t.app, endpoints.bindCardNew, {
      session,
      body: {
        product_id: productId,
        cardType: '1',
        channel: '90006',
        holderName: 'Juan Dela Cruz',
        bankCode: 'BOC',
        cardNo: '6222021234567894321',
      },
    });
    const init = await apiData(endpoints.cardInit, { product_id: productId });
    const html = (await page('/bindBank', { ...session, source: 'loanDetail' })).body;
    const text = rootText(html);
    for (const value of ['Payment account information', 'Card number', 'Bank of China', '**** 4321'])
      expect(text).toContain(value);
    expect(embeddedData(html)).toEqual({ [`cardInit?product_id=${productId}`]: init });
    expect(html).not.toContain('6222021234567894321');
  });

  it('/complainPageNext shows the chosen type from problem-init', async () => {
    const html = (await page('/complainPageNext', { ...session, problemType: '2' })).body;
    const init = (await apiData(endpoints.problemInit)) as {
      problemType: { value: number; title: string }[];
    };
    expect(rootText(html)).toContain(init.problemType.find((type) => type.value === 2)!.title);
  });

  it('/complaintList and /complainDetails show the complaints, their content escaped safely', async () => {
    // Content that would end the data's script element or break an older engine's parse.
    const content = 'Refund please </script><script>alert(1)</script> \u2028 done';
    const saved = await callEndpoint(t.app, endpoints.problemSave, {
      session,
      body: { problemType: '5', problemDetail: content },
    });
    const problemId = String((saved.envelope?.data as { problemId: number }).problemId);

    const list = (await page('/complaintList')).body;
    expect(rootText(list)).toContain('Refund please </script><script>alert(1)</script>');
    expect(Object.values(embeddedData(list))).toEqual([await apiData(endpoints.problemList)]);
    expect(list).not.toContain('<script>alert(1)');

    const detail = (await page('/complainDetails', { ...session, problemId })).body;
    expect(detail).toContain('Refund please &lt;/script&gt;');
    expect(embeddedData(detail)).toEqual({
      [`problemDetail?problemId=${problemId}`]: await apiData(endpoints.problemDetail, { problemId }),
    });
    expect(detail.split('</script>').length).toBe(2);
  });

  it("a foreign problemId renders exactly like a missing one, without the other borrower's complaint", async () => {
    const other = await otherBorrower(t.app);
    const foreignText = 'Private complaint of another borrower';
    const saved = await callEndpoint(t.app, endpoints.problemSave, {
      session: other.session,
      body: { problemType: '5', problemDetail: foreignText },
    });
    const foreignId = String((saved.envelope?.data as { problemId: number }).problemId);
    const foreign = (await page('/complainDetails', { ...session, problemId: foreignId })).body;
    const missing = (await page('/complainDetails', { ...session, problemId: '987654' })).body;
    expect(foreign).not.toContain(foreignText);
    expect(foreign).toBe(missing);
    expect(embeddedData(foreign)).toEqual({});
  });

  it("/myData shows the borrower's requests with their deadlines, the data embedded for hydration", async () => {
    await apiData(endpoints.privacyRequest, {
      kind: 'correction',
      field: 'address',
      value: 'Blk 4 Lot 2, Pasig',
    });
    const status = (await apiData(endpoints.privacyStatus)) as {
      requests: { dueOn: string; workingDaysLeft: number; requestedValue: string }[];
    };
    const response = await page('/myData');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = rootText(response.body);
    expect(text).toContain(messages.myDataDownloadTitle);
    expect(text).toContain(messages.myDataIntro);
    const request = status.requests[0]!;
    expect(text).toContain('Blk 4 Lot 2, Pasig');
    expect(text).toContain(
      fillMessage(messages.myDataDueOn, { date: request.dueOn, days: request.workingDaysLeft }),
    );
    expect(Object.keys(embeddedData(response.body))).toEqual(['privacyStatus?']);
    // A dead session renders nothing of anybody's.
    const dead = await page('/myData', { sessionId: 'forged-or-expired' });
    expect(embeddedData(dead.body)).toEqual({});
    expect(dead.body).not.toContain('Blk 4 Lot 2');
  });

  it.each([
    ['a dead session', { sessionId: 'forged-or-expired' }],
    ['no session', {}],
  ])('with %s the pages load without any borrower data', async (_name, query) => {
    const init = (await apiData(endpoints.problemInit, { orderId: session.orderId! })) as {
      orderDetail: { orderNo: string };
    };
    const list = (await apiData(endpoints.problemList)) as { tabs: { list: { content: string }[] }[] };
    const contents = list.tabs.flatMap((tab) => tab.list.map((item) => item.content));
    for (const path of ['/customerService', '/complainPage', '/complaintList', '/complainDetails']) {
      const response = await page(path, { ...query, orderId: session.orderId!, problemId: '1' });
      expect(response.statusCode).toBe(200);
      expect(embeddedData(response.body)).toEqual({});
      expect(response.body).not.toContain(init.orderDetail.orderNo);
      for (const content of contents) expect(response.body).not.toContain(content.slice(0, 20));
    }
  });

  it('/orderDetails shows the order as loan-details answers it; a foreign order renders like a missing one', async () => {
    const query = { productId: session.productId!, orderId: session.orderId! };
    const details = (await apiData(endpoints.loanDetails, query)) as {
      noticeStatusText: string;
      productName: string;
      userOrderDetail: { detail: { value: string }[] };
    };
    const html = (await page('/orderDetails', { ...session })).body;
    const text = rootText(html);
    for (const value of [
      details.noticeStatusText,
      details.productName,
      details.userOrderDetail.detail[0]!.value,
    ])
      expect(text).toContain(value);
    expect(embeddedData(html)).toEqual({
      [`loanDetails?orderId=${session.orderId}&productId=${session.productId}`]: details,
    });

    const other = await otherBorrower(t.app, '13900000003');
    const foreign = (await page('/orderDetails', { ...session, orderId: String(other.order.id) })).body;
    const missing = (await page('/orderDetails', { ...session, orderId: '987654' })).body;
    expect(foreign).not.toContain(other.order.order_no);
    expect(foreign).toBe(missing);
    expect(embeddedData(foreign)).toEqual({});
  });

  it('/carpmm shows the amount and the masked accounts repayment-way answers; a foreign order renders like a missing one', async () => {
    await callEndpoint(t.app, endpoints.bindCardNew, {
      session,
      body: {
        product_id: session.productId!,
        cardType: '1',
        channel: '90006',
        holderName: 'Juan Dela Cruz',
        bankCode: 'ICBC',
        cardNo: '6222020000555577788',
      },
    });
    const query = { ...session, requestType: '1', amount: '1500', payCode: 'P123' };
    const html = (await page('/carpmm', query)).body;
    const text = rootText(html);
    const data = embeddedData(html);
    const key = `repaymentWay?amount=1500&orderId=${session.orderId}`;
    expect(Object.keys(data)).toEqual([key]);
    const way = data[key] as {
      amount: number;
      orderNo: string;
      bankCards: { cardNo: string }[];
      repayToken: string;
    };
    const fresh = (await apiData(endpoints.repaymentWay, {
      orderId: session.orderId!,
      amount: '1500',
    })) as typeof way;
    // Each call names a new repayment (its own token); everything else is what the API answers.
    expect({ ...way, repayToken: '' }).toEqual({ ...fresh, repayToken: '' });
    expect(way.amount).toBe(1500);
    for (const value of [
      'Repayment amount',
      way.orderNo,
      '**** 7788',
      'Industrial and Commercial Bank of China',
    ])
      expect(text).toContain(value);
    expect(html).not.toContain('6222020000555577788');

    const other = await otherBorrower(t.app, '13900000006');
    const foreign = (await page('/carpmm', { ...query, orderId: String(other.order.id) })).body;
    const missing = (await page('/carpmm', { ...query, orderId: '987654' })).body;
    expect(foreign).not.toContain(other.order.order_no);
    expect(foreign).toBe(missing);
    expect(embeddedData(foreign)).toEqual({});
  });

  it.each([
    ['/repay', endpoints.loanPlayDetail],
    ['/repayDelay', endpoints.emphasisMiles],
  ] as const)(
    '%s shows the repayment info its call answers; a foreign order renders like a missing one',
    async (path, endpoint) => {
      const query = { productId: session.productId!, orderId: session.orderId! };
      const info = (await apiData(endpoint, query)) as {
        orderNo: string;
        repayDate: string;
        productName: string;
      };
      const html = (await page(path, { ...session })).body;
      const text = rootText(html);
      for (const value of [info.orderNo, info.repayDate, info.productName]) expect(text).toContain(value);
      expect(embeddedData(html)).toEqual({
        [`${endpoint.name}?orderId=${session.orderId}&productId=${session.productId}`]: info,
      });
      const other = await otherBorrower(t.app, path === '/repay' ? '13900000004' : '13900000005');
      const foreign = (await page(path, { ...session, orderId: String(other.order.id) })).body;
      const missing = (await page(path, { ...session, orderId: '987654' })).body;
      expect(foreign).not.toContain(other.order.order_no);
      expect(foreign).toBe(missing);
      expect(embeddedData(foreign)).toEqual({});
    },
  );

  it('/repayDelay of a loan its product does not extend says so first, with no zero amount, plan or Pay', async () => {
    const order = await t.app.db
      .selectFrom('orders')
      .innerJoin('products', 'products.id', 'orders.product_id')
      .select(['orders.id', 'orders.product_id'])
      .where('products.extension_enabled', '=', 0)
      .where('orders.status', 'in', [170, 174, 180])
      .innerJoin('borrowers', 'borrowers.id', 'orders.borrower_id')
      .where('borrowers.phone', '=', DEMO_PHONES[t.config.market.id])
      .orderBy('orders.id')
      .executeTakeFirstOrThrow();
    const query = { ...session, productId: String(order.product_id), orderId: String(order.id) };
    const text = rootText((await page('/repayDelay', query)).body);
    expect(text).toContain(messages.repayDelayNotAllowed);
    expect(text).not.toContain(formatMoney(0, t.app.config.market.money));
    expect(text).not.toContain(messages.repayPlan);
    expect(text).not.toContain(messages.repayPaymentMethod);
  });

  it('/repaymentOfCode2 opened for an order comes with its repayment info; without one it reads local storage', async () => {
    const query = { productId: session.productId!, orderId: session.orderId! };
    const key = (endpoint: Endpoint) =>
      `${endpoint.name}?orderId=${session.orderId}&productId=${session.productId}`;
    const instalment = (await apiData(endpoints.loanPlayDetail, query)) as { repayAmount: number };
    const html = (await page('/repaymentOfCode2', { ...session })).body;
    expect(embeddedData(html)).toEqual({ [key(endpoints.loanPlayDetail)]: instalment });
    expect(rootText(html)).toContain(messages.repayCode2Keep);
    expect(rootText(html)).toContain(messages.repayCode2Total);

    // From the extension page: the delay call instead, and only it.
    const delay = await apiData(endpoints.emphasisMiles, query);
    const delayHtml = (await page('/repaymentOfCode2', { ...session, isDelay: '1' })).body;
    expect(embeddedData(delayHtml)).toEqual({ [key(endpoints.emphasisMiles)]: delay });
    expect(rootText(delayHtml)).toContain(messages.repayCode2Keep);

    // No order named (the spec's way): the frame, filled in from local storage in the browser.
    const { orderId: _orderId, productId: _productId, ...sessionOnly } = session;
    const frame = (await page('/repaymentOfCode2', sessionOnly)).body;
    expect(embeddedData(frame)).toEqual({});
    expect(rootText(frame)).not.toContain(messages.repayCode2Keep);

    const other = await otherBorrower(t.app, '13900000007');
    const foreign = (await page('/repaymentOfCode2', { ...session, orderId: String(other.order.id) })).body;
    const missing = (await page('/repaymentOfCode2', { ...session, orderId: '987654' })).body;
    expect(foreign).toBe(missing);
    expect(embeddedData(foreign)).toEqual({});
  });

  it('/jointLoginError shows Failed and the recommended products from union-error-info', async () => {
    const html = (await page('/jointLoginError', { ...session })).body;
    const text = rootText(html);
    expect(text).toContain('Failed');
    expect(text).toContain('Kwarta Max');
    expect(Object.keys(embeddedData(html))).toEqual([`unionErrorInfo?productId=${session.productId}`]);
  });

  it('/testPreview is rendered prefilled with a live demo session', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/testPreview' })).body;
    const sessionId = /id="preview-sessionId"[^>]*value="([^"]+)"/.exec(html)?.[1];
    expect(sessionId).toBeTruthy();
    const contacts = await callEndpoint(t.app, endpoints.contactKfInfo, {
      session: { sessionId: sessionId! },
      body: { overall: '30' },
    });
    expect(contacts.status).toBe(200);
  });
});
