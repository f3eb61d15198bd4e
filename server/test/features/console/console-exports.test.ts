import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_SESSION_COOKIE, endpoints, operatorRoles, type OperatorRole } from '@kwarta/contract';
import { lenderTimeIso } from '@kwarta/domain';
import { createOperator, createOperatorSession } from '../../../src/features/operators/index.ts';
import { rebuildLedger } from '../../../src/features/ledger-rebuild/index.ts';
import { repayableOrder } from '../../support/repayment.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';

/** Decision 0099: orders and payments as CSV, streamed, for finance and admin only. */
describe.each(databaseTargets)('console CSV exports (%s)', (target) => {
  let t: TestApp;
  const clock = testClock('2026-11-23T03:00:00.000Z');
  const cookies: Partial<Record<OperatorRole, string>> = {};

  beforeAll(async () => {
    t = await createTestApp(target, { clock });
    for (const role of operatorRoles) {
      const operatorId = await createOperator(t.app.db, { name: `${role}-1`, role, now: clock.now() });
      const { token } = await createOperatorSession(t.app.db, { operatorId, now: clock.now() });
      cookies[role] = `${OPERATOR_SESSION_COOKIE}=${token}`;
    }
  });
  afterAll(() => t.close());

  const download = (path: string, role: OperatorRole, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `${path}${query ? `?${query}` : ''}`,
      headers: { cookie: cookies[role]! },
    });
  const rowsOf = (body: string) => body.split('\r\n').filter((line) => line !== '');

  it('streams every order, oldest first, across batches, with a header; only finance and admin may', async () => {
    const app = { db: t.app.db, config: t.app.config, clock };
    // More than one batch (1,000 rows) of orders.
    const before = await t.app.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const made = 1_050 - Number(before.n);
    for (let index = 0; index < made; index += 1) await repayableOrder(app, { status: 170 });

    const response = await download(endpoints.consoleExportOrders.path, 'finance');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders-all.csv"');
    const lines = rowsOf(response.body);
    expect(lines[0]).toMatch(/^order_id,order_no,borrower_id,product,status,status_text,principal_minor,/);
    expect(lines).toHaveLength(1 + 1_050);
    const ids = lines.slice(1).map((line) => Number(line.split(',')[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(1_050);

    expect((await download(endpoints.consoleExportOrders.path, 'admin')).statusCode).toBe(200);
    for (const role of ['viewer', 'agent', 'credit', 'collector'] as const) {
      const refused = await download(endpoints.consoleExportOrders.path, role);
      expect(refused.statusCode, role).toBe(403);
      expect(refused.body).not.toContain('order_id');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: endpoints.consoleExportOrders.path });
    expect(anonymous.statusCode).toBe(401);
    // 1,050 orders made one at a time: past 20 s on a busy machine's PostgreSQL.
  }, 60_000);

  it('neutralises a formula in any text cell (a product an admin named =HYPERLINK(…))', async () => {
    const order = await repayableOrder({ db: t.app.db, config: t.app.config, clock }, { status: 170 });
    const { product_id: productId } = await t.app.db
      .selectFrom('orders')
      .select('product_id')
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    const { name } = await t.app.db
      .selectFrom('products')
      .select('name')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const rename = (to: string) =>
      t.app.db.updateTable('products').set({ name: to }).where('id', '=', productId).execute();
    await rename('=HYPERLINK("http://evil.example","Pay here")');
    try {
      const body = (await download(endpoints.consoleExportOrders.path, 'finance')).body;
      const line = rowsOf(body).find((row) => row.startsWith(`${order.orderId},`))!;
      expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""Pay here"")"`);
    } finally {
      await rename(name);
    }
  });

  it('keeps to the date range asked for, both days included, and refuses a bad one', async () => {
    const order = await repayableOrder({ db: t.app.db, config: t.app.config, clock }, { status: 170 });
    await t.app.db
      .updateTable('orders')
      // 23:59:59 on 31 October in Manila, the lender's zone the range's days are in.
      .set({ created_at: '2026-10-31T15:59:59.000Z' })
      .where('id', '=', order.orderId)
      .execute();
    const inRange = rowsOf(
      (await download(endpoints.consoleExportOrders.path, 'finance', 'from=2026-10-01&to=2026-10-31')).body,
    );
    expect(inRange.slice(1).map((line) => Number(line.split(',')[0]))).toEqual([order.orderId]);
    const after = await download(
      endpoints.consoleExportOrders.path,
      'finance',
      'from=2026-11-01&to=2026-11-01',
    );
    expect(after.headers['content-disposition']).toBe(
      'attachment; filename="orders-2026-11-01-to-2026-11-01.csv"',
    );
    expect(
      rowsOf(after.body)
        .slice(1)
        .map((line) => Number(line.split(',')[0])),
    ).not.toContain(order.orderId);
    expect(
      (await download(endpoints.consoleExportOrders.path, 'finance', 'from=2026-11-02&to=2026-11-01'))
        .statusCode,
    ).toBe(400);
    expect((await download(endpoints.consoleExportOrders.path, 'finance', 'from=yesterday')).statusCode).toBe(
      400,
    );
    // The console's form sends empty fields for no bound.
    const unbounded = await download(endpoints.consoleExportOrders.path, 'finance', 'from=&to=');
    expect(unbounded.headers['content-disposition']).toBe('attachment; filename="orders-all.csv"');
    expect(
      rowsOf(unbounded.body)
        .slice(1)
        .map((line) => Number(line.split(',')[0])),
    ).toContain(order.orderId);
  });

  it('exports payments with their order, amounts in minor units', async () => {
    const order = await repayableOrder({ db: t.app.db, config: t.app.config, clock }, { status: 170 });
    const now = clock.now().toISOString();
    await t.app.db
      .insertInto('payments')
      .values({
        provider: 'sandbox',
        txnid: `KWEXPORT${order.orderId}`,
        order_id: order.orderId,
        borrower_id: order.borrowerId,
        kind: 'repayment',
        expected_amount: 10_500_000,
        received_amount: 10_500_000,
        channel: 'BAYD',
        status: 'paid',
        expires_at: now,
        created_at: now,
        updated_at: now,
        paid_at: now,
      })
      .execute();
    const response = await download(endpoints.consoleExportPayments.path, 'finance');
    expect(response.statusCode).toBe(200);
    const lines = rowsOf(response.body);
    expect(lines[0]).toBe(
      'payment_id,txnid,order_id,order_no,kind,provider,channel,expected_minor,received_minor,status,status_reason,created_at,paid_at',
    );
    const line = lines.find((one) => one.includes(`KWEXPORT${order.orderId}`));
    expect(line).toContain(
      `,${order.orderId},${order.orderNo},repayment,sandbox,BAYD,10500000,10500000,paid,`,
    );
    // Times in the lender's zone, labelled with its offset (the console shows them so too).
    const manila = lenderTimeIso(now, 'Asia/Manila');
    expect(manila).toMatch(/\+08:00$/);
    expect(line!.endsWith(`,${manila},${manila}`)).toBe(true);
    expect((await download(endpoints.consoleExportPayments.path, 'viewer')).statusCode).toBe(403);
  });

  it("answers the portfolio to finance and admin, from the lender's today, and to no other role", async () => {
    const response = await download(
      endpoints.consolePortfolio.path,
      'finance',
      'period=week&productId=&utmTag=',
    );
    expect(response.statusCode, response.body).toBe(200);
    const data = (
      JSON.parse(response.body) as { kwd: { today: string; period: string; products: unknown[] } }
    ).kwd;
    // 03:00 UTC is 11:00 in Manila: the same day.
    expect(data).toMatchObject({ today: '2026-11-23', period: 'week' });
    expect(data.products.length).toBeGreaterThan(0);
    expect((await download(endpoints.consolePortfolio.path, 'admin')).statusCode).toBe(200);
    for (const role of ['viewer', 'agent', 'credit', 'collector'] as const)
      expect((await download(endpoints.consolePortfolio.path, role)).statusCode, role).toBe(403);
    expect((await download(endpoints.consolePortfolio.path, 'finance', 'period=year')).statusCode).toBe(400);
  });

  it('exports the journal line by line with its references; the debits equal the credits', async () => {
    await rebuildLedger({ db: t.app.db, config: t.config, payoutProvider: t.config.payouts.provider });
    const response = await download(endpoints.consoleExportJournal.path, 'finance');
    expect(response.statusCode).toBe(200);
    const lines = rowsOf(response.body);
    expect(lines[0]).toBe(
      'entry_id,entry_date,kind,event_key,order_id,payment_id,provider,provider_ref,reverses_entry_id,account,debit_minor,credit_minor,memo',
    );
    const { n } = await t.app.db
      .selectFrom('journal_lines')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(lines.length - 1).toBe(Number(n));
    expect(Number(n)).toBeGreaterThan(0);
    // Debit and credit are the 11th and 12th cells; no earlier cell of ours holds a comma.
    const cells = lines.slice(1).map((line) => line.split(','));
    const total = (column: number) => cells.reduce((sum, row) => sum + Number(row[column]), 0);
    expect(total(10)).toBe(total(11));
    expect((await download(endpoints.consoleExportJournal.path, 'viewer')).statusCode).toBe(403);
  });
});
