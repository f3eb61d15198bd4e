import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@kwarta/contract';
import { addDays, formatMoney, type CalendarDate, type LoanRules } from '@kwarta/domain';
import { callEndpoint } from '../../support/api.ts';
import { newBorrower } from '../../support/borrowers.ts';
import { bindAccount, phWallet } from '../../support/payment-accounts.ts';
import {
  createTestApp,
  databaseTargets,
  redisAvailable,
  testClock,
  testRedis,
  type TestApp,
} from '../../support/test-app.ts';
import { approveOrder } from '../../../src/features/orders/index.ts';
import { disburseOrder } from '../../../src/features/disbursement/index.ts';
import type { SmsGateway, SmsMessage } from '../../../src/features/sms/index.ts';
import { jobRegistry } from '../../../src/jobs/registry.ts';
import { createSession } from '../../../src/features/sessions/session-repository.ts';

/** A gateway that keeps what it was handed, as the provider would receive it. */
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

const job = jobRegistry.find((entry) => entry.name === 'due-reminders')!;

/**
 * Decision 0097: due-date reminders on a PH deployment (SEC MC 18 hours: 06:00–22:00 in Manila, any
 * hour more than 15 days past due), with a fixed clock.
 */
describe.each(databaseTargets)('due-date reminders on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z'); // 10:00 in Manila
  const gateway = recordingGateway();
  let t: TestApp;
  let orderId: number;
  let productId: number;
  let borrowerId: number;
  let phone: string;
  let lines: { id: number; due_date: string; amount: number }[];

  // On PostgreSQL the instances share a Redis too, as a fleet would (when one answers).
  const redis = target === 'postgres' && redisAvailable ? testRedis() : null;
  const env = { PUBLIC_URL: 'https://pay.kwarta.example', ...redis?.env };

  beforeAll(async () => {
    t = await createTestApp(target, { clock, smsGateway: gateway, env });
    const flex = await t.app.db
      .selectFrom('products')
      .select(['id', 'loan_rules'])
      .where('name', '=', 'Kwarta Flex')
      .executeTakeFirstOrThrow();
    // This product also reminds 20 days after a due date, to see the past-due exception at work.
    const rules = JSON.parse(flex.loan_rules) as LoanRules;
    await t.app.db
      .updateTable('products')
      .set({ loan_rules: JSON.stringify({ ...rules, reminderDays: [-3, -1, 0, 1, 3, 7, 20] }) })
      .where('id', '=', flex.id)
      .execute();
    productId = flex.id;
    phone = '09171234001';
    const borrower = await newBorrower(t.app, phone);
    borrowerId = borrower.borrowerId;
    const created = await callEndpoint(t.app, endpoints.loanDetailPush, {
      session: borrower.session,
      body: {
        productId: String(flex.id),
        amount: '900000',
        periods: '3',
        termUnit: '1',
        requestId: 'req-0000000000023001',
      },
    });
    orderId = (created.envelope!.data as { orderId: number }).orderId;
    await bindAccount(t.app, borrower.session, flex.id, phWallet('09171234001'));
    const deps = {
      db: t.app.db,
      clock,
      config: t.app.config,
      accountKeys: t.app.accountKeys,
      payouts: t.app.payouts,
    };
    await approveOrder(deps, orderId, 'operator:test');
    await disburseOrder(deps, orderId, 'operator:test');
    lines = await t.app.db
      .selectFrom('order_plan_lines')
      .select(['id', 'due_date', 'amount'])
      .where('order_id', '=', orderId)
      .orderBy('seq')
      .execute();
  });
  afterAll(async () => {
    await t.close();
    await redis?.cleanup();
  });

  /** Runs the job at a Manila wall-clock time, as the scheduler would at that instant. */
  async function runAt(date: string, time: string) {
    const at = new Date(`${date}T${time}+08:00`);
    clock.advance(at.getTime() - clock.now().getTime());
    return job.run({ ...t.app, clock } as never, { scheduledAt: at, trigger: 'manual' });
  }
  /** The borrower opens the app again (sessions expire over the weeks the test spans). */
  const freshSession = async () =>
    createSession(t.app.db, { borrowerId, now: clock.now(), policy: t.app.config.session });
  const ours = () => gateway.sent.filter((message) => message.phone === phone);
  const records = () =>
    t.app.db
      .selectFrom('sms_messages')
      .select(['plan_line_id', 'status', 'text', 'dedupe_key', 'provider_message_id', 'any_hour'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();

  it('holds a reminder queued at 05:59 until 06:00, then sends one per due line, and a rerun sends none', async () => {
    const due = lines[0]!.due_date as CalendarDate;
    const threeDaysBefore = addDays(due, -3);
    await runAt(threeDaysBefore, '05:59:00');
    expect(ours()).toEqual([]);
    expect(await records()).toMatchObject([{ plan_line_id: lines[0]!.id, status: 'queued' }]);

    await runAt(threeDaysBefore, '06:00:00');
    expect(ours()).toHaveLength(1);
    expect(ours()[0]!.text).toBe(
      `Kwarta: Your instalment of ${formatMoney(lines[0]!.amount, t.app.config.market.money)} is due on ${due}. Pay on time to avoid late charges. Pay here: https://pay.kwarta.example/repay?productId=${productId}&orderId=${orderId}`,
    );
    const [sent] = await records();
    expect(sent).toMatchObject({ status: 'sent' });
    expect(sent!.provider_message_id).toBe(`fake-${gateway.sent.indexOf(ours()[0]!) + 1}`);

    await runAt(threeDaysBefore, '06:00:00');
    await runAt(threeDaysBefore, '09:30:00');
    expect(ours()).toHaveLength(1);
    expect(await records()).toHaveLength(1);
  });

  it('two instances running at once queue and send each reminder once', async () => {
    const second = await createTestApp(target, { clock, smsGateway: gateway, env, sameDatabaseAs: t });
    try {
      const dayBefore = addDays(lines[0]!.due_date as CalendarDate, -1);
      const at = new Date(`${dayBefore}T06:15:00+08:00`);
      clock.advance(at.getTime() - clock.now().getTime());
      // Straight to the job on both, past the lease: the records alone must keep it to one.
      await Promise.all(
        [t.app, second.app].map((app) =>
          job.run({ ...app, clock } as never, { scheduledAt: at, trigger: 'schedule' }),
        ),
      );
      expect(ours()).toHaveLength(2);
      expect((await records()).map((record) => record.status)).toEqual(['sent', 'sent']);
    } finally {
      await second.close();
    }
  });

  it('sends nothing for a line paid before its reminder, whether paid before it was queued or after', async () => {
    const due = lines[0]!.due_date as CalendarDate;
    // Queued at 05:59 on the due day, then paid before 06:00: skipped, not sent.
    await runAt(due, '05:59:00');
    await t.app.db
      .updateTable('order_plan_lines')
      .set({ paid_amount: lines[0]!.amount })
      .where('id', '=', lines[0]!.id)
      .execute();
    await runAt(due, '06:00:00');
    expect(ours()).toHaveLength(2);
    expect((await records()).at(-1)).toMatchObject({ plan_line_id: lines[0]!.id, status: 'skipped' });
    // The day after: a paid line is not even queued.
    await runAt(addDays(due, 1), '08:00:00');
    expect((await records()).filter((record) => record.plan_line_id === lines[0]!.id)).toHaveLength(3);
    expect(ours()).toHaveLength(2);
  });

  it('after 22:00 waits for the morning, unless the line is more than 15 days past due', async () => {
    const due = lines[1]!.due_date as CalendarDate;
    // 7 days past due at 23:00: queued, held to 06:00 the next day.
    await runAt(addDays(due, 7), '23:00:00');
    const sevenDays = (await records()).at(-1)!;
    expect(sevenDays).toMatchObject({ plan_line_id: lines[1]!.id, status: 'queued', any_hour: 0 });
    const before = ours().length;
    await runAt(addDays(due, 8), '05:45:00');
    expect(ours()).toHaveLength(before);
    await runAt(addDays(due, 8), '06:00:00');
    expect(ours()).toHaveLength(before + 1);
    expect(ours().at(-1)!.text).toContain(
      `has been due since ${due}. Please pay now to stop further charges.`,
    );
    // The order page says the same in the same words, as of its day.
    const page = await callEndpoint(t.app, endpoints.loanDetails, {
      session: { sessionId: await freshSession() },
      body: { productId: String(productId), orderId: String(orderId) },
    });
    expect((page.envelope!.data as { nextDueNotice: string }).nextDueNotice).toBe(
      `Your instalment of ${formatMoney(lines[1]!.amount, t.app.config.market.money)} has been due since ${due}.`,
    );
    // 20 days past due at 23:00: sent under the exception.
    await runAt(addDays(due, 20), '23:00:00');
    expect(ours()).toHaveLength(before + 2);
    expect((await records()).at(-1)).toMatchObject({
      plan_line_id: lines[1]!.id,
      status: 'sent',
      any_hour: 1,
    });
  });
});
