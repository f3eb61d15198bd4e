// The money paths under database faults (decision 0103): postback bursts (each postback sent three
// times at once, a fifth of them with the wrong amount so they are held), the daily status job,
// write-offs and held-payment reviews (accept or return) run side by side on PostgreSQL while every
// backend of the database is killed `--kills` times. Each caller retries what failed, as a provider
// repeats a postback and an operator presses again. Afterwards nothing may be lost or doubled:
//   npm run bench:faults -- --money [--orders 200 --seconds 30 --kills 4]
// - every postback that was answered is on its payment (paid, held or returned), none pending;
// - each paid payment's allocations sum to what it received; a held or returned one has none;
// - the ledger's check (receivables = plan lines, each provider's cash = its payments) finds no
//   difference and the trial balance is even;
// - every written-off order is 190 (or 200, recovered in full) with one history row to 190, and no
//   penalty accrued on it once written off; money it received afterwards is booked as a recovery.
// Runs in this process over a throwaway PostgreSQL database (the tests' harness); exits 1 on any
// breach.
import { randomBytes } from 'node:crypto';
import { addDays, calendarDateAt, type CalendarDate } from '@kwarta/domain';
import { createTestApp, testClock } from '../../server/test/support/test-app.ts';
import { terminateBackends } from '../../server/test/support/faults.ts';
import { repayableOrder } from '../../server/test/support/repayment.ts';
import { jobRegistry } from '../../server/src/jobs/registry.ts';
import { bindAccount } from '../../server/src/features/bank-binding/index.ts';
import { writeOffAudited } from '../../server/src/features/orders/index.ts';
import {
  checkLedger,
  emptyRebuildReport,
  rebuildLedger,
} from '../../server/src/features/ledger-rebuild/index.ts';
import { createOperator, hashPassword } from '../../server/src/features/operators/index.ts';
import {
  acceptHeldPayment,
  openCardPayment,
  postPayment,
  returnHeldPayment,
  STALLED_RETURNING_MS,
} from '../../server/src/features/payments/index.ts';
import { Refusal } from '../../server/src/lib/refusal.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : Number(args[index + 1]);
};
const orderCount = option('--orders', 200);
const seconds = option('--seconds', 30);
const kills = option('--kills', 4);

const clock = testClock(new Date().toISOString());
const today = calendarDateAt(clock.now(), 'Asia/Manila') as CalendarDate;
const t = await createTestApp('postgres', { clock, env: { MARKET: 'PH' } });
const { app } = t;
const databaseUrl = t.config.databaseUrl!;
const figures = {
  postbacks: 0,
  answered: 0,
  failedTries: 0,
  dailyRuns: 0,
  writeOffs: 0,
  accepted: 0,
  returned: 0,
  refusals: 0,
  backendsKilled: 0,
};
let failed = false;
const breach = (what: string) => {
  failed = true;
  console.log(`BREACH: ${what}`);
};

/** Tries until the call answers or refuses in the business's words; a dropped connection is tried again. */
async function untilAnswered<T>(call: () => Promise<T>): Promise<T | 'refused'> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (error instanceof Refusal) {
        figures.refusals += 1;
        return 'refused';
      }
      figures.failedTries += 1;
      if (attempt > 200) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
    }
  }
}

try {
  const admin = { name: 'fault-admin', id: 0 };
  admin.id = await createOperator(app.db, {
    name: admin.name,
    role: 'admin',
    now: clock.now(),
    passwordHash: await hashPassword(randomBytes(12).toString('hex')),
  });
  const orders: Awaited<ReturnType<typeof repayableOrder>>[] = [];
  for (let i = 0; i < orderCount; i += 1) {
    // Three instalments, the first due between 40 days ago and 19 days ahead: the daily job has work.
    const order = await repayableOrder(app, { lines: 3, firstDue: addDays(today, (i % 60) - 40) });
    await bindAccount(app, order.borrowerId, {
      productId: order.productId,
      cardType: 1,
      channel: '90006',
      institutionCode: 'BDO',
      institutionName: 'BDO Unibank',
      holderName: 'Ana Reyes',
      accountNumber: `62220212${String(i).padStart(8, '0')}`,
    });
    orders.push(order);
  }
  const rebuilt = await rebuildLedger({
    db: app.db,
    config: app.config,
    payoutProvider: app.config.payouts.provider,
  });
  console.log(`${orderCount} orders booked (${rebuilt.entries} entries); ${seconds} s, ${kills} kills`);

  const deadline = Date.now() + seconds * 1000;
  const running = () => Date.now() < deadline;
  const answeredTxnids = new Set<string>();

  async function postbackBursts(worker: number) {
    for (let n = 0; running(); n += 1) {
      const order = orders[(worker * 7919 + n * 31) % orders.length]!;
      const txnid = `KWFAULT${randomBytes(6).toString('hex').toUpperCase()}`;
      const amount = order.lineAmount;
      const opened = await untilAnswered(() =>
        openCardPayment(app.db, {
          provider: 'card',
          txnid,
          borrowerId: order.borrowerId,
          orderId: order.orderId,
          amount,
          now: clock.now(),
        }),
      );
      if (opened === 'refused') continue;
      const received = n % 5 === 0 ? Math.floor(amount / 2) : amount;
      figures.postbacks += 3;
      await Promise.all(
        [0, 1, 2].map(async () => {
          const outcome = await untilAnswered(() =>
            postPayment(app, {
              provider: 'card',
              txnid,
              state: { status: 'paid', amount: received, refNo: txnid },
            }),
          );
          if (outcome !== 'refused') {
            figures.answered += 1;
            answeredTxnids.add(txnid);
          }
        }),
      );
    }
  }

  const dailyJob = jobRegistry.find((job) => job.name === 'order-status-daily')!;
  async function dailyRuns() {
    for (let day = 0; running(); day += 1) {
      // Each run a day later, as the schedule would be over weeks.
      const scheduledAt = new Date(clock.now().getTime() + (day % 30) * 86_400_000);
      await untilAnswered(() => dailyJob.run({ ...app, clock } as never, { scheduledAt, trigger: 'manual' }));
      figures.dailyRuns += 1;
    }
  }

  async function writeOffs() {
    const chosen = orders.filter((_, index) => index % 10 === 3);
    for (const order of chosen) {
      if (!running()) break;
      // Pressed twice at once, as an impatient operator would.
      await Promise.all(
        [0, 1].map(async () => {
          const done = await untilAnswered(() =>
            writeOffAudited(app, admin, { orderId: order.orderId, reason: 'fault run: unreachable' }),
          );
          if (done !== 'refused') figures.writeOffs += 1;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, (seconds * 500) / chosen.length));
    }
  }

  async function reviews() {
    for (let n = 0; running(); n += 1) {
      const held = await untilAnswered(() =>
        app.db
          .selectFrom('payments')
          .select('id')
          .where('status', '=', 'held')
          .orderBy('id')
          .limit(5)
          .execute(),
      );
      if (held === 'refused' || held.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      for (const { id } of held) {
        if (id % 2 === 0) {
          const done = await untilAnswered(() => acceptHeldPayment(app, id, 'operator:fault-admin'));
          if (done !== 'refused') figures.accepted += 1;
        } else {
          const done = await untilAnswered(() => returnHeldPayment(app, id));
          if (done !== 'refused') figures.returned += 1;
        }
      }
    }
  }

  async function killer() {
    const started = Date.now();
    for (let kill = 1; kill <= kills; kill += 1) {
      const at = started + (seconds * 1000 * kill) / (kills + 1);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
      const terminated = await terminateBackends(databaseUrl);
      figures.backendsKilled += terminated;
      console.log(
        `kill ${kill}: ${terminated} backends terminated at ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  }

  const started = Date.now();
  await Promise.all([
    ...Array.from({ length: 4 }, (_, worker) => postbackBursts(worker)),
    dailyRuns(),
    writeOffs(),
    reviews(),
    killer(),
  ]);
  // Returns a kill left `returning` are finished by their job, as on a running server.
  clock.advance(STALLED_RETURNING_MS + 60_000);
  const resume = jobRegistry.find((job) => job.name === 'resume-refunds')!;
  await untilAnswered(() =>
    resume.run({ ...app, clock } as never, { scheduledAt: clock.now(), trigger: 'manual' }),
  );
  console.log(`ran ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(figures)}`);

  // Nothing lost: every answered postback is on its payment.
  const payments = await app.db
    .selectFrom('payments')
    .select(['id', 'txnid', 'status', 'received_amount', 'order_id'])
    .where('provider', '=', 'card')
    .execute();
  const byTxnid = new Map(payments.map((payment) => [payment.txnid, payment]));
  const lost = [...answeredTxnids].filter((txnid) => byTxnid.get(txnid)?.status === 'pending');
  if (lost.length) breach(`${lost.length} answered postbacks left pending`);
  const statuses: Record<string, number> = {};
  for (const payment of payments) statuses[payment.status] = (statuses[payment.status] ?? 0) + 1;
  console.log(`payments by status: ${JSON.stringify(statuses)}`);

  // Nothing doubled: allocations equal what was received, once.
  const allocations = await app.db
    .selectFrom('payment_allocations')
    .select(['payment_id', (eb) => eb.fn.sum<number | string>('amount').as('total')])
    .groupBy('payment_id')
    .execute();
  const allocated = new Map(allocations.map((row) => [row.payment_id, Number(row.total)]));
  let doubled = 0;
  for (const payment of payments) {
    const total = allocated.get(payment.id) ?? 0;
    const expected = payment.status === 'paid' ? (payment.received_amount ?? 0) : 0;
    if (total !== expected) doubled += 1;
  }
  if (doubled) breach(`${doubled} payments whose allocations differ from what they received`);

  // The books: the rebuild's check, and debits equal to credits.
  const report = emptyRebuildReport();
  await checkLedger({ db: app.db, config: app.config, payoutProvider: app.config.payouts.provider }, report);
  if (report.differences.length) {
    breach(`${report.differences.length} ledger differences`);
    for (const difference of report.differences.slice(0, 10)) console.log(`  ${JSON.stringify(difference)}`);
  }
  const sums = await app.db
    .selectFrom('journal_lines')
    .select([
      (eb) => eb.fn.sum<number | string>('debit').as('debit'),
      (eb) => eb.fn.sum<number | string>('credit').as('credit'),
    ])
    .executeTakeFirstOrThrow();
  if (Number(sums.debit) !== Number(sums.credit))
    breach(`trial balance uneven: ${sums.debit} ≠ ${sums.credit}`);

  // Write-offs: a state, once, and the job left them alone.
  const writtenOff = await app.db
    .selectFrom('orders')
    .select(['id', 'status', 'written_off_at'])
    .where('written_off_at', 'is not', null)
    .execute();
  for (const order of writtenOff) {
    if (order.status !== 190 && order.status !== 200)
      breach(`order ${order.id} written off but in ${order.status}`);
    const moves = await app.db
      .selectFrom('order_status_history')
      .select('id')
      .where('order_id', '=', order.id)
      .where('to_status', '=', 190)
      .execute();
    if (moves.length !== 1) breach(`order ${order.id} has ${moves.length} moves to 190`);
    // One order's entries are booked under its row lock (write-off, daily job), so their ids follow their
    // commits: an accrual after the write-off's entry is one the job should not have booked.
    const entries = await app.db
      .selectFrom('journal_entries')
      .select(['id', 'kind'])
      .where('order_id', '=', order.id)
      .where('kind', 'in', ['write_off', 'accrual'])
      .orderBy('id')
      .execute();
    const writeOffAt = entries.findIndex((entry) => entry.kind === 'write_off');
    const after = entries.slice(writeOffAt + 1).filter((entry) => entry.kind === 'accrual');
    if (writeOffAt === -1 || after.length)
      breach(`order ${order.id}: ${after.length} penalties after its write-off`);
  }
  const recoveries = await app.db
    .selectFrom('journal_entries')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('kind', '=', 'recovery')
    .executeTakeFirstOrThrow();
  console.log(
    `checked ${report.checkedOrders} orders, ${payments.length} payments, ${writtenOff.length} written off (${Number(recoveries.count)} recoveries booked); trial balance ${sums.debit} = ${sums.credit}`,
  );
  console.log(failed ? 'FAILED' : 'nothing lost, nothing doubled');
} finally {
  await t.close();
}
process.exit(failed ? 1 : 0);
