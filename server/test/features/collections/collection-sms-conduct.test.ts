import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, fillMessage, messages, ResultCode, type Endpoint } from '@kwarta/contract';
import { addDays, type CalendarDate } from '@kwarta/domain';
import { callConsole, consoleSignedIn, type ConsoleSession } from '../../support/console.ts';
import { repayableOrder } from '../../support/repayment.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { createOperator, hashPassword } from '../../../src/features/operators/index.ts';
import { applyRepayment } from '../../../src/features/orders/index.ts';
import { queueSmsMessages, type SmsGateway, type SmsMessage } from '../../../src/features/sms/index.ts';
import { jobRegistry } from '../../../src/jobs/registry.ts';

const PASSWORD = 'collection-conduct-password';
const deliverJob = jobRegistry.find((entry) => entry.name === 'deliver-sms')!;

function recordingGateway(): SmsGateway & { sent: SmsMessage[] } {
  const sent: SmsMessage[] = [];
  return {
    name: 'http',
    sent,
    async send(message) {
      sent.push(message);
      return { providerMessageId: `fake-${sent.length}` };
    },
  };
}

/**
 * Collection messages under SEC MC 18-2019's conduct rules (decision 0103), on a PH deployment:
 * a daily cap per borrower, only the order's collector or an admin, and every queued message
 * checked again when the delivery loop is about to send it.
 */
describe.each(databaseTargets)('collection SMS conduct on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z'); // 10:00 in Manila
  const today = '2026-11-23' as CalendarDate;
  const gateway = recordingGateway();
  let t: TestApp;
  let templateId: number;
  const as: Record<string, ConsoleSession> = {};

  beforeAll(async () => {
    t = await createTestApp(target, { clock, smsGateway: gateway, env: { MARKET: 'PH' } });
    const passwordHash = await hashPassword(PASSWORD);
    for (const [name, role] of [
      ['collector-1', 'collector'],
      ['collector-2', 'collector'],
      ['admin-1', 'admin'],
      ['admin-2', 'admin'],
    ] as const) {
      await createOperator(t.app.db, { name, role, now: clock.now(), passwordHash });
    }
    await signInAll();
    const saved = await call('admin-1', endpoints.consoleSaveCollectionTemplate, {
      name: 'Plain',
      text: '{brand}: {name}, {amount} is past due.',
    });
    templateId = (saved.envelope!.data as { id: number }).id;
    await call('admin-2', endpoints.consoleApproveCollectionTemplate, { templateId });
  });
  afterAll(() => t.close());

  let round = 0;
  async function signInAll() {
    round += 1;
    for (const name of ['collector-1', 'collector-2', 'admin-1', 'admin-2'])
      as[name] = await consoleSignedIn(t.app, { name, password: PASSWORD, address: `198.51.100.${round}` });
  }
  async function advanceTo(instant: string) {
    clock.advance(new Date(instant).getTime() - clock.now().getTime());
    await signInAll();
  }
  const call = (who: string, endpoint: Endpoint, body: Record<string, string | number> = {}) =>
    callConsole(
      t.app,
      as[who]!,
      endpoint,
      Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)])),
    );
  const send = (who: string, orderId: number) =>
    call(who, endpoints.consoleSendCollectionSms, { orderId, templateId });
  const deliver = () =>
    deliverJob.run({ ...t.app, clock } as never, { scheduledAt: clock.now(), trigger: 'manual' });
  const messagesOf = (orderId: number) =>
    t.app.db
      .selectFrom('sms_messages')
      .select(['status', 'last_error', 'next_attempt_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  const overdue = (days: number, lines = 1) =>
    repayableOrder(t.app, { status: 180, firstDue: addDays(today, -days), lines });

  it('refuses a borrower more collection messages a day than the cap, with the rule, audited; the next day they may go again', async () => {
    const cap = t.app.config.sms.collectionPerBorrowerDay;
    expect(cap).toBe(3);
    const order = await overdue(20);
    for (let i = 0; i < cap; i += 1)
      expect((await send('admin-1', order.orderId)).envelope).toMatchObject({ code: ResultCode.success });
    const refused = await send('admin-1', order.orderId);
    expect(refused.envelope).toMatchObject({
      code: ResultCode.conflict,
      message: fillMessage(messages.collectionDailyCap, { cap, next: '2026-11-24 06:00 +08:00' }),
    });
    expect(await messagesOf(order.orderId)).toHaveLength(cap);
    const audit = await t.app.db
      .selectFrom('operator_audit')
      .select('action')
      .where('subject', '=', `order:${order.orderId}`)
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      ...Array.from({ length: cap }, () => 'collection.sms'),
      'collection.sms.refused',
    ]);
    // Sent, they still count for the day; the next lender day starts afresh.
    expect((await deliver()).sent).toBeGreaterThanOrEqual(cap);
    expect((await send('admin-1', order.orderId)).envelope!.code).toBe(ResultCode.conflict);
    await advanceTo('2026-11-24T08:00:00+08:00');
    expect((await send('admin-1', order.orderId)).envelope!.code).toBe(ResultCode.success);
  });

  it('lets only the assigned collector (or an admin) text an assigned order', async () => {
    const order = await overdue(10);
    await call('collector-1', endpoints.consoleAssignCollector, { orderId: order.orderId });
    const refused = await send('collector-2', order.orderId);
    expect(refused.envelope).toMatchObject({
      code: ResultCode.conflict,
      message: fillMessage(messages.collectionNotAssignee, {
        orderId: order.orderId,
        collector: 'collector-1',
      }),
    });
    expect(await messagesOf(order.orderId)).toEqual([]);
    expect((await send('collector-1', order.orderId)).envelope!.code).toBe(ResultCode.success);
    expect((await send('admin-1', order.orderId)).envelope!.code).toBe(ResultCode.success);
  });

  it('does not deliver a queued collection message once the borrower paid', async () => {
    await advanceTo('2026-11-24T23:00:00+08:00');
    const order = await overdue(20);
    expect((await send('admin-1', order.orderId)).envelope!.code).toBe(ResultCode.success);
    await applyRepayment(t.app.db, {
      orderId: order.orderId,
      amount: order.lineAmount,
      actor: 'borrower',
      reason: 'test payment',
      now: clock.now(),
      timeZone: t.config.lenderTimeZone,
    });
    await deliver();
    expect(gateway.sent.filter((message) => message.phone === order.phone)).toEqual([]);
    expect(await messagesOf(order.orderId)).toMatchObject([
      { status: 'skipped', last_error: 'the order no longer owes (settled or written off)' },
    ]);
  });

  it('holds an any-hour message until 06:00 when the past-due exception no longer holds at delivery', async () => {
    // 23:00 in Manila: the oldest line 50 days late lifts the hours; the next is 20 days late.
    await advanceTo('2026-11-25T23:00:00+08:00');
    const order = await overdue(50, 2);
    expect((await send('admin-1', order.orderId)).envelope!.code).toBe(ResultCode.success);
    // Paying the oldest line leaves 20 days past due: still past the exception (15).
    await applyRepayment(t.app.db, {
      orderId: order.orderId,
      amount: order.lineAmount,
      actor: 'borrower',
      reason: 'test payment',
      now: clock.now(),
      timeZone: t.config.lenderTimeZone,
    });
    await deliver();
    expect(gateway.sent.filter((message) => message.phone === order.phone)).toHaveLength(1);

    const recent = await overdue(30, 2);
    expect((await send('admin-1', recent.orderId)).envelope!.code).toBe(ResultCode.success);
    // Now the oldest unpaid line is one due yesterday (1 day past due): 23:00 is a forbidden hour.
    await t.app.db
      .updateTable('order_plan_lines')
      .set({ due_date: addDays('2026-11-25' as CalendarDate, -1) })
      .where('order_id', '=', recent.orderId)
      .where('seq', '=', 2)
      .execute();
    await applyRepayment(t.app.db, {
      orderId: recent.orderId,
      amount: recent.lineAmount,
      actor: 'borrower',
      reason: 'test payment',
      now: clock.now(),
      timeZone: t.config.lenderTimeZone,
    });
    await deliver();
    expect(gateway.sent.filter((message) => message.phone === recent.phone)).toEqual([]);
    expect(await messagesOf(recent.orderId)).toEqual([
      {
        status: 'queued',
        last_error: null,
        next_attempt_at: new Date('2026-11-26T06:00:00+08:00').toISOString(),
      },
    ]);
  });

  it('holds a queued message to the daily cap at delivery too', async () => {
    await advanceTo('2026-11-27T10:00:00+08:00');
    const order = await overdue(20);
    const cap = t.app.config.sms.collectionPerBorrowerDay;
    // Messages queued by any way (here straight into the queue): the loop sends no more than the cap.
    await queueSmsMessages(
      t.app.db,
      Array.from({ length: cap + 2 }, (_, i) => ({
        dedupe_key: `collection:conduct-${order.orderId}-${i}`,
        purpose: 'collection' as const,
        order_id: order.orderId,
        plan_line_id: null,
        phone: order.phone,
        text: `message ${i}`,
        any_hour: 0,
        next_attempt_at: clock.now().toISOString(),
        created_at: clock.now().toISOString(),
      })),
    );
    await deliver();
    const statuses = (await messagesOf(order.orderId)).map((message) => message.status);
    expect(statuses).toEqual([...Array.from({ length: cap }, () => 'sent'), 'skipped', 'skipped']);
  });
});
