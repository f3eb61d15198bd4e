import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints } from '@kwarta/contract';
import { addDays, type CalendarDate } from '@kwarta/domain';
import { callEndpoint } from '../support/api.ts';
import { newBorrower } from '../support/borrowers.ts';
import { bindAccount, phWallet } from '../support/payment-accounts.ts';
import {
  createTestApp,
  databaseTargets,
  productionEssentials,
  testClock,
  type TestApp,
} from '../support/test-app.ts';
import { approveOrder } from '../../src/features/orders/index.ts';
import { disburseOrder } from '../../src/features/disbursement/index.ts';
import type { SmsGateway, SmsMessage } from '../../src/features/sms/index.ts';
import { createDatabaseLease } from '../../src/jobs/job-lease.ts';
import { claimRun, listRuns } from '../../src/jobs/job-runs.ts';
import type { Job } from '../../src/jobs/job.ts';
import { jobRegistry } from '../../src/jobs/registry.ts';
import { ManualInstantRefused, runJobNow } from '../../src/jobs/run-now.ts';

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

const registered = (name: string) => jobRegistry.find((entry) => entry.name === name)!;
const manila = (date: CalendarDate | string, time: string) => new Date(`${date}T${time}+08:00`);

/**
 * Decision 0101: `npm run job -- NAME --as-of ISO`. In production only a past instant within
 * JOB_CATCH_UP_HOURS, run on the real clock (what it sends goes out in the contact hours of now and
 * is recorded as sent now); elsewhere the run's clock starts at the instant. Either way a manual run
 * dated later never holds the schedule back, and its duration is the real one.
 */
describe.each(databaseTargets)('manual job runs on %s', (target) => {
  const clock = testClock('2026-11-23T02:00:00.000Z'); // 10:00 in Manila
  const gateway = recordingGateway();
  let sandbox: TestApp;
  let production: TestApp;
  let orderId: number;
  let firstDue: CalendarDate;
  const env = { MARKET: 'PH' };

  beforeAll(async () => {
    sandbox = await createTestApp(target, { clock, smsGateway: gateway, env });
    const flex = await sandbox.app.db
      .selectFrom('products')
      .select('id')
      .where('name', '=', 'Kwarta Flex')
      .executeTakeFirstOrThrow();
    const borrower = await newBorrower(sandbox.app, '09171234101');
    const created = await callEndpoint(sandbox.app, endpoints.loanDetailPush, {
      session: borrower.session,
      body: {
        productId: String(flex.id),
        amount: '900000',
        periods: '3',
        termUnit: '1',
        requestId: 'req-0000000000101001',
      },
    });
    orderId = (created.envelope!.data as { orderId: number }).orderId;
    await bindAccount(sandbox.app, borrower.session, flex.id, phWallet('09171234101'));
    await approveOrder(sandbox.app, orderId, 'operator:test');
    await disburseOrder(sandbox.app, orderId, 'operator:test');
    const line = await sandbox.app.db
      .selectFrom('order_plan_lines')
      .select('due_date')
      .where('order_id', '=', orderId)
      .orderBy('seq')
      .executeTakeFirstOrThrow();
    firstDue = line.due_date as CalendarDate;
    // The same book, now served in production (its real adapters point nowhere: nothing is paid here).
    production = await createTestApp(target, {
      sameDatabaseAs: sandbox,
      clock,
      smsGateway: gateway,
      env: { ...env, ...productionEssentials(), APP_ENV: 'production', SANDBOX_PAYMENT_SECRET: '' },
    });
  });
  afterAll(async () => {
    await production.close();
    await sandbox.close();
  });

  const manual = (t: TestApp, job: Job, asOf?: Date) =>
    runJobNow({ ...t.app, lease: createDatabaseLease(t.app.db, clock) }, job, asOf);
  const messages = () =>
    production.app.db
      .selectFrom('sms_messages')
      .select(['dedupe_key', 'status', 'sent_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  const runsOf = async (job: string) => listRuns(production.app.db, { job, limit: 100 });

  it('refuses in production an instant that has not come, or one past the catch-up window, doing nothing', async () => {
    clock.advance(manila('2026-11-25', '00:46').getTime() - clock.now().getTime());
    for (const [name, asOf, reason] of [
      ['due-reminders', manila(firstDue, '10:00'), /has not come yet/],
      ['order-status-daily', manila(addDays(firstDue, 20), '09:00'), /has not come yet/],
      ['order-status-daily', manila('2026-11-21', '00:30'), /more than 72 hours ago \(JOB_CATCH_UP_HOURS\)/],
    ] as const) {
      await expect(manual(production, registered(name), asOf)).rejects.toThrow(ManualInstantRefused);
      await expect(manual(production, registered(name), asOf)).rejects.toThrow(reason);
    }
    expect(gateway.sent).toEqual([]);
    expect(await messages()).toEqual([]);
    expect(await runsOf('due-reminders')).toEqual([]);
    expect(await runsOf('order-status-daily')).toEqual([]);
    const order = await production.app.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe(170);
  });

  it('catches up a past instant in production on the real clock: sent in the contact hours of now, recorded then', async () => {
    // 00:46 on the due date; yesterday's 10:00 run was missed.
    clock.advance(manila(firstDue, '00:46').getTime() - clock.now().getTime());
    const yesterday = manila(addDays(firstDue, -1), '10:00');
    const outcome = await manual(production, registered('due-reminders'), yesterday);
    expect(outcome).toMatchObject({ status: 'ran', outcome: 'ok', scheduledAt: yesterday });
    // Yesterday's reminder (due tomorrow) is queued, but not sent at 00:46.
    expect(gateway.sent).toEqual([]);
    const [queued] = await messages();
    expect(queued).toMatchObject({ status: 'queued', sent_at: null });
    expect(queued!.dedupe_key).toMatch(/^reminder:\d+:-1:/);

    clock.advance(manila(firstDue, '06:00').getTime() - clock.now().getTime());
    expect(await manual(production, registered('deliver-sms'))).toMatchObject({
      status: 'ran',
      outcome: 'ok',
    });
    expect(gateway.sent).toHaveLength(1);
    expect(await messages()).toEqual([
      expect.objectContaining({ status: 'sent', sent_at: manila(firstDue, '06:00').toISOString() }),
    ]);
  });
});

describe.each(databaseTargets)('a sandbox look ahead on %s', (target) => {
  const clock = testClock('2026-12-01T08:30:00.000Z');
  let sandbox: TestApp;
  beforeAll(async () => {
    sandbox = await createTestApp(target, { clock });
  });
  afterAll(() => sandbox.close());
  const manual = (t: TestApp, job: Job, asOf?: Date) =>
    runJobNow({ ...t.app, lease: createDatabaseLease(t.app.db, clock) }, job, asOf);

  it('runs a sandbox look ahead on a clock starting at its instant, timed in real time, without pausing the schedule', async () => {
    const seen: { scheduledAt: string; now: string }[] = [];
    const slow: Job = {
      name: 'slow-hourly',
      schedule: '0 * * * *',
      async run(deps, { scheduledAt }) {
        seen.push({ scheduledAt: scheduledAt.toISOString(), now: deps.clock.now().toISOString() });
        await new Promise((resolve) => setTimeout(resolve, 300));
        return {};
      },
    };
    const ahead = new Date('2027-01-10T01:00:00.000Z');
    const outcome = await manual(sandbox, slow, ahead);
    expect(outcome).toMatchObject({ status: 'ran', outcome: 'ok', scheduledAt: ahead });
    expect(seen).toEqual([{ scheduledAt: ahead.toISOString(), now: ahead.toISOString() }]);
    expect((outcome as { ms: number }).ms).toBeGreaterThanOrEqual(250);

    // The scheduler still runs 09:00, though a run is recorded for a later instant.
    const scheduled = await createTestApp(target, { sameDatabaseAs: sandbox, clock, jobs: [slow] });
    try {
      scheduled.app.jobs.start({ tickMs: 10 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      clock.advance(30 * 60_000); // 09:00
      await vi.waitFor(() => expect(seen).toHaveLength(2), { timeout: 5_000 });
      expect(seen[1]!.scheduledAt).toBe('2026-12-01T09:00:00.000Z');
    } finally {
      await scheduled.close();
    }
    // A run recorded directly for a later instant (what the command line did before) holds nothing back either.
    await claimRun(sandbox.app.db, {
      job: slow.name,
      scheduledAt: new Date('2027-02-01T00:00:00.000Z'),
      trigger: 'manual',
      instance: 'cli:test',
      startedAt: clock.now(),
    });
    const again = await createTestApp(target, { sameDatabaseAs: sandbox, clock, jobs: [slow] });
    try {
      again.app.jobs.start({ tickMs: 10 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      clock.advance(60 * 60_000); // 10:00
      await vi.waitFor(() => expect(seen).toHaveLength(3), { timeout: 5_000 });
      expect(seen[2]!.scheduledAt).toBe('2026-12-01T10:00:00.000Z');
    } finally {
      await again.close();
    }
  });
});
