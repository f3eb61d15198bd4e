import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type CalendarDate } from '@kwarta/domain';
import { repayableOrder } from '../../support/repayment.ts';
import { createTestApp, databaseTargets, testClock, type TestApp } from '../../support/test-app.ts';
import { collectionContactSlots } from '../../../src/features/collections/index.ts';
import { overdueStanding } from '../../../src/features/orders/index.ts';
import {
  deliverQueuedSms,
  queueSmsMessages,
  SmsSendError,
  type SmsGateway,
  type SmsMessage,
} from '../../../src/features/sms/index.ts';

/** A provider that answers after a pause (so passes overlap), refusing while `failing` is set. */
function slowGateway(): SmsGateway & { sent: SmsMessage[]; failing: boolean } {
  const gateway = {
    name: 'http' as const,
    sent: [] as SmsMessage[],
    failing: false,
    async send(message: SmsMessage) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (gateway.failing) throw new SmsSendError('provider down', { permanent: true });
      gateway.sent.push(message);
      return { providerMessageId: `slow-${gateway.sent.length}` };
    },
  };
  return gateway;
}

/**
 * The daily cap of collection messages per phone (decision 0103) as a counter claimed in one
 * statement: concurrent claims and overlapping delivery passes never pass it, and a send that
 * fails gives its slot back.
 */
describe.each(databaseTargets)('collection contact slots on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z'); // 10:00 in Manila
  const today = '2026-11-23' as CalendarDate;
  const gateway = slowGateway();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target, { clock, smsGateway: gateway, env: { MARKET: 'PH' } });
  });
  afterAll(() => t.close());

  const countOf = async (phone: string) =>
    (
      await t.app.db
        .selectFrom('collection_contact_counts')
        .select('count')
        .where('phone', '=', phone)
        .where('day', '=', today)
        .executeTakeFirst()
    )?.count;

  it('grants exactly the cap of many claims made at once', async () => {
    const phone = '09170009001';
    const grants = await Promise.all(
      Array.from({ length: 24 }, () => collectionContactSlots.claim(t.app.db, { phone, day: today, cap: 3 })),
    );
    expect(grants.filter(Boolean)).toHaveLength(3);
    expect(await countOf(phone)).toBe(3);
    // Another day, or another phone, has slots of its own.
    expect(await collectionContactSlots.claim(t.app.db, { phone, day: addDays(today, 1), cap: 3 })).toBe(
      true,
    );
    expect(await collectionContactSlots.claim(t.app.db, { phone: '09170009002', day: today, cap: 3 })).toBe(
      true,
    );
  });

  it('a released slot can be claimed again, and never below none', async () => {
    const phone = '09170009003';
    expect(await collectionContactSlots.claim(t.app.db, { phone, day: today, cap: 1 })).toBe(true);
    expect(await collectionContactSlots.claim(t.app.db, { phone, day: today, cap: 1 })).toBe(false);
    await collectionContactSlots.release(t.app.db, { phone, day: today });
    await collectionContactSlots.release(t.app.db, { phone, day: today });
    expect(await countOf(phone)).toBe(0);
    expect(await collectionContactSlots.claim(t.app.db, { phone, day: today, cap: 1 })).toBe(true);
  });

  const queueCollection = async (order: { orderId: number; phone: string }, count: number, tag: string) =>
    queueSmsMessages(
      t.app.db,
      Array.from({ length: count }, (_, i) => ({
        dedupe_key: `collection:slots-${tag}-${order.orderId}-${i}`,
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
  const deliver = () => deliverQueuedSms({ ...t.app, clock }, overdueStanding, collectionContactSlots);

  it('two delivery passes at once send no more than the cap', async () => {
    const order = await repayableOrder(t.app, { status: 180, firstDue: addDays(today, -20) });
    const cap = t.app.config.sms.collectionPerBorrowerDay;
    await queueCollection(order, cap + 3, 'overlap');
    const passes = await Promise.all([deliver(), deliver(), deliver()]);
    expect(passes.reduce((sum, pass) => sum + pass.sent, 0)).toBe(cap);
    expect(gateway.sent.filter((message) => message.phone === order.phone)).toHaveLength(cap);
    expect(await countOf(order.phone)).toBe(cap);
  });

  it('a send that fails gives its slot back to the next message', async () => {
    const order = await repayableOrder(t.app, { status: 180, firstDue: addDays(today, -20) });
    const cap = t.app.config.sms.collectionPerBorrowerDay;
    gateway.failing = true;
    await queueCollection(order, 1, 'fails');
    expect(await deliver()).toMatchObject({ sent: 0, failed: 1 });
    expect(await countOf(order.phone)).toBe(0);
    gateway.failing = false;
    await queueCollection(order, cap, 'after');
    expect(await deliver()).toMatchObject({ sent: cap });
    expect(await countOf(order.phone)).toBe(cap);
  });
});
