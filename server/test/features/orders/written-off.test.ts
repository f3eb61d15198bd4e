import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF_HEADER,
  OPERATOR_SESSION_COOKIE,
  endpoints,
  fillMessage,
  messages,
  type Endpoint,
} from '@kwarta/contract';
import { addDays, lenderTimeIso, OrderStatus } from '@kwarta/domain';
import { callEndpoint, demoSession } from '../../support/api.ts';
import { heldPayment } from '../../support/held-payment.ts';
import { repayableOrder } from '../../support/repayment.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import {
  checkLedger,
  emptyRebuildReport,
  rebuildLedger,
} from '../../../src/features/ledger-rebuild/index.ts';
import { trialBalance } from '../../../src/features/ledger/index.ts';
import { DEMO_PHONES } from '../../../src/db/seed.ts';
import { createOperator, createOperatorSession } from '../../../src/features/operators/index.ts';
import { advanceOrdersByDate } from '../../../src/features/orders/index.ts';
import { queueDueReminders } from '../../../src/features/due-reminders/index.ts';

/**
 * A write-off is a state every screen, export, queue, job and payment path knows (decision 0103):
 * 190 "Written off" with its history row; out of the collections queue; the daily job and the
 * reminders leave it alone; no extension; money arriving afterwards is a recovery in its own account.
 */
describe.each(databaseTargets)('a written-off order on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z'); // 10:00 in Manila
  const today = '2026-11-23';
  let t: TestApp;
  let admin: { cookie: string; csrf: string };
  let order: Awaited<ReturnType<typeof repayableOrder>>;
  let pendingExtension: number;

  beforeAll(async () => {
    // A write-off of ₱315,000 is above the default maker-checker threshold; one admin here (decision 0110).
    t = await createTestApp(target, {
      clock,
      env: { MARKET: 'PH', APPROVAL_THRESHOLDS: '{"write_off":100000000}' },
    });
    const operatorId = await createOperator(t.app.db, { name: 'admin-1', role: 'admin', now: clock.now() });
    const { token, csrfToken } = await createOperatorSession(t.app.db, { operatorId, now: clock.now() });
    admin = { cookie: `${OPERATOR_SESSION_COOKIE}=${token}`, csrf: csrfToken };
    // 40 days overdue on the first of three instalments (Kwarta Flex allows extensions).
    order = await repayableOrder(t.app, { status: 180, lines: 3, firstDue: addDays(today, -40) });
    // Its disbursement booked, as the ledger's rebuild books an order from before the ledger.
    await rebuildLedger({
      db: t.app.db,
      config: t.app.config,
      payoutProvider: t.app.config.payouts.provider,
    });
    // An extension pay code the borrower opened before the write-off, to be paid after it.
    pendingExtension = (
      await t.app.db
        .insertInto('payments')
        .values({
          provider: 'sandbox',
          txnid: 'KWWOEXT0001',
          order_id: order.orderId,
          borrower_id: order.borrowerId,
          kind: 'extension',
          expected_amount: 150_000,
          received_amount: null,
          channel: 'BAYD',
          status: 'pending',
          extension_days: 7,
          open_key: null,
          expires_at: clock.now().toISOString(),
          created_at: clock.now().toISOString(),
          updated_at: clock.now().toISOString(),
          paid_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  const call = (endpoint: Endpoint, body: Record<string, string> = {}) =>
    callEndpoint(t.app, endpoint, { body, headers: { cookie: admin.cookie, [CSRF_HEADER]: admin.csrf } });
  const download = (path: string) =>
    t.app.inject({ method: 'GET', url: path, headers: { cookie: admin.cookie } });

  it('moves to 190 "Written off" with its history, and the console shows no second Write off', async () => {
    const written = await call(endpoints.consoleWriteOffOrder, {
      orderId: String(order.orderId),
      reason: 'unreachable for 40 days',
    });
    expect(written.envelope).toMatchObject({
      data: { orderId: order.orderId, status: OrderStatus.WrittenOff },
    });
    const page = (await call(endpoints.consoleOrder, { orderId: String(order.orderId) })).envelope!.data as {
      order: { status: number; statusText: string };
      history: { from: number | null; to: number; actor: string; reason: string | null }[];
    };
    expect(page.order).toMatchObject({ status: 190, statusText: 'Written off' });
    expect(page.history.at(-1)).toMatchObject({
      from: 180,
      to: 190,
      actor: 'operator:admin-1',
      reason: 'unreachable for 40 days',
    });
    // Once only: the state refuses a second write-off.
    const again = await call(endpoints.consoleWriteOffOrder, {
      orderId: String(order.orderId),
      reason: 'again',
    });
    expect(again.envelope!.message).toBe(
      fillMessage(messages.orderNotWritableOff, { orderId: order.orderId, status: OrderStatus.WrittenOff }),
    );
  });

  it('is out of the collections queue, and its queued messages and reminders are not its any more', async () => {
    const queue = (await call(endpoints.consoleCollections, { pageSize: '100' })).envelope!.data as {
      items: { orderId: number }[];
    };
    expect(queue.items.map((item) => item.orderId)).not.toContain(order.orderId);
    await queueDueReminders(t.app, clock.now());
    expect(
      await t.app.db.selectFrom('sms_messages').select('id').where('order_id', '=', order.orderId).execute(),
    ).toEqual([]);
  });

  it('is left alone by the daily job: no penalty, no status move', async () => {
    const before = await t.app.db
      .selectFrom('order_penalty_accruals')
      .select('id')
      .where('order_id', '=', order.orderId)
      .execute();
    await advanceOrdersByDate(t.app, new Date(`${addDays(today, 3)}T02:00:00.000Z`));
    const after = await t.app.db
      .selectFrom('order_penalty_accruals')
      .select('id')
      .where('order_id', '=', order.orderId)
      .execute();
    expect(after).toEqual(before);
    const { status } = await t.app.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(status).toBe(190);
  });

  it('says "Written off" in the CSV export, on the statement (owing nothing) and on the borrower’s page', async () => {
    const csv = (await download(endpoints.consoleExportOrders.path)).body.split('\r\n');
    const header = csv[0]!.split(',');
    const row = csv.find((line) => line.startsWith(`${order.orderId},`))!.split(',');
    expect(row[header.indexOf('status')]).toBe('190');
    expect(row[header.indexOf('status_text')]).toBe('Written off');
    expect(row[header.indexOf('written_off_at')]).toBe(lenderTimeIso(clock.now(), t.config.lenderTimeZone));

    const statement = (await call(endpoints.consoleOrderStatement, { order: String(order.orderId) }))
      .envelope!.data as {
      statusText: string;
      writtenOffAt: string | null;
      lines: { owed: number; kind: string }[];
    };
    expect(statement).toMatchObject({ statusText: 'Written off', writtenOffAt: clock.now().toISOString() });
    expect(statement.lines.at(-1)).toMatchObject({ kind: 'write_off', owed: 0 });

    const details = await callEndpoint(t.app, endpoints.loanDetails, {
      session: order.session,
      body: { orderId: String(order.orderId), productId: String(order.productId) },
    });
    expect(details.envelope!.data).toMatchObject({
      orderStatus: 190,
      noticeStatusText: 'Written off',
      noticeDesText: messages.orderNotice190,
      isDelay: 0,
    });
  });

  it('refuses an extension with a clear message, and takes a repayment', async () => {
    const ask = (isDelay: '0' | '1') =>
      callEndpoint(t.app, endpoints.generateVcode, {
        session: order.session,
        body: {
          orderId: String(order.orderId),
          productId: String(order.productId),
          channelNumber: 'BAYD',
          isDelay,
        },
      });
    expect((await ask('1')).envelope).toMatchObject({ message: messages.repayDelayWrittenOff });
    expect((await ask('0')).status).toBe(200);
  });

  it('books money arriving afterwards as a recovery, never as credit; an extension paid since is one too', async () => {
    const credits = () =>
      t.app.db
        .selectFrom('borrower_credits')
        .select('amount')
        .where('borrower_id', '=', order.borrowerId)
        .execute();
    const accountTotal = async (account: string) => {
      const row = (await trialBalance(t.app.db)).rows.find((entry) => entry.account === account);
      return (row?.credit ?? 0) - (row?.debit ?? 0);
    };
    const expenseBefore = await accountTotal('expense:write_offs');
    await heldPayment(t.app, order, { expected: 50_000, received: 50_000 });
    const { postPayment } = await import('../../../src/features/payments/index.ts');
    await postPayment(t.app, {
      provider: 'sandbox',
      txnid: 'KWWOEXT0001',
      state: { status: 'paid', amount: 150_000, refNo: 'REFWOEXT' },
    });
    expect(await accountTotal('income:recoveries')).toBe(200_000);
    expect(await accountTotal('expense:write_offs')).toBe(expenseBefore);
    expect(await credits()).toEqual([]);
    const entries = await t.app.db
      .selectFrom('journal_entries')
      .select(['kind', 'payment_id'])
      .where('order_id', '=', order.orderId)
      .where('payment_id', 'is not', null)
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => entry.kind)).toEqual(['recovery', 'recovery']);
    expect(entries.at(-1)!.payment_id).toBe(pendingExtension);
    // Allocated to the plan lines the borrower still owes; the order stays written off.
    const { paid_amount, status } = await t.app.db
      .selectFrom('orders')
      .select(['paid_amount', 'status'])
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect({ paid_amount, status }).toEqual({ paid_amount: 200_000, status: 190 });
    const balance = await trialBalance(t.app.db);
    expect(balance.totalDebits).toBe(balance.totalCredits);
    const report = emptyRebuildReport();
    await checkLedger(
      { db: t.app.db, config: t.app.config, payoutProvider: t.app.config.payouts.provider },
      report,
    );
    expect(report.differences).toEqual([]);
  });
});

/**
 * The demo's written-off loan (decision 0103): the seed writes it off through the use case, and
 * the console, collections, CSV, statement and the borrower's page all say so; an extension is
 * refused; a payment on it is a recovery; the books stay even.
 */
describe.each(databaseTargets)('the demo’s written-off loan on %s', (target) => {
  let t: TestApp;
  let admin: { cookie: string; csrf: string };
  let demo: { orderId: number; productId: number; borrowerId: number };
  let session: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(target, { env: { MARKET: 'PH' } });
    const operatorId = await createOperator(t.app.db, {
      name: 'admin-1',
      role: 'admin',
      now: t.app.clock.now(),
    });
    const { token, csrfToken } = await createOperatorSession(t.app.db, {
      operatorId,
      now: t.app.clock.now(),
    });
    admin = { cookie: `${OPERATOR_SESSION_COOKIE}=${token}`, csrf: csrfToken };
    const row = await t.app.db
      .selectFrom('orders')
      .innerJoin('borrowers', 'borrowers.id', 'orders.borrower_id')
      .select(['orders.id', 'orders.product_id', 'orders.borrower_id'])
      .where('borrowers.phone', '=', DEMO_PHONES[t.config.market.id])
      .where('orders.status', '=', OrderStatus.WrittenOff)
      .executeTakeFirstOrThrow();
    demo = { orderId: row.id, productId: row.product_id, borrowerId: row.borrower_id };
    session = await demoSession(t.app);
  });
  afterAll(() => t.close());

  const call = (endpoint: Endpoint, body: Record<string, string> = {}) =>
    callEndpoint(t.app, endpoint, { body, headers: { cookie: admin.cookie, [CSRF_HEADER]: admin.csrf } });

  it('is written off in the console, out of collections, in the CSV, on the statement and the borrower’s page', async () => {
    const page = (await call(endpoints.consoleOrder, { orderId: String(demo.orderId) })).envelope!.data as {
      order: { statusText: string };
      history: { to: number; actor: string }[];
    };
    expect(page.order.statusText).toBe('Written off');
    expect(page.history.at(-1)).toMatchObject({ to: 190, actor: 'system:demo-seed' });
    const queue = (await call(endpoints.consoleCollections, { pageSize: '100' })).envelope!.data as {
      items: { orderId: number }[];
    };
    expect(queue.items.map((item) => item.orderId)).not.toContain(demo.orderId);
    const csv = (
      await t.app.inject({
        method: 'GET',
        url: endpoints.consoleExportOrders.path,
        headers: { cookie: admin.cookie },
      })
    ).body.split('\r\n');
    expect(csv.find((line) => line.startsWith(`${demo.orderId},`))).toContain(',190,Written off,');
    const statement = (await call(endpoints.consoleOrderStatement, { order: String(demo.orderId) })).envelope!
      .data as { statusText: string; lines: { owed: number; kind: string }[] };
    expect(statement.statusText).toBe('Written off');
    expect(statement.lines.at(-1)).toMatchObject({ kind: 'write_off', owed: 0 });
    const details = await callEndpoint(t.app, endpoints.loanDetails, {
      session,
      body: { orderId: String(demo.orderId), productId: String(demo.productId) },
    });
    expect(details.envelope!.data).toMatchObject({ orderStatus: 190, noticeStatusText: 'Written off' });
  });

  it('refuses an extension, books a payment as a recovery, and keeps the trial balance even', async () => {
    const extension = await callEndpoint(t.app, endpoints.generateVcode, {
      session,
      body: {
        orderId: String(demo.orderId),
        productId: String(demo.productId),
        channelNumber: 'BAYD',
        isDelay: '1',
      },
    });
    expect(extension.envelope!.message).toBe(messages.repayDelayWrittenOff);
    await heldPayment(t.app, demo, { expected: 30_000, received: 30_000 });
    const entry = await t.app.db
      .selectFrom('journal_entries')
      .innerJoin('journal_lines', 'journal_lines.entry_id', 'journal_entries.id')
      .select(['journal_entries.kind', 'journal_lines.account', 'journal_lines.credit'])
      .where('journal_entries.order_id', '=', demo.orderId)
      .where('journal_lines.credit', '>', 0)
      .orderBy('journal_entries.id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ kind: 'recovery', account: 'income:recoveries', credit: 30_000 });
    const balance = await trialBalance(t.app.db);
    expect(balance.totalDebits).toBe(balance.totalCredits);
  });
});
