// Credit decision benchmark (decision 0109), on PostgreSQL: a book of N orders (default 1,000,000,
// seed-orders.ts) with what the other inputs read — a session on a device per borrower (some
// shared), a default payout account (some look-alikes), the sent disbursement of every disbursed
// order, a complaint for some — then (1) deciding 1,000 pushed applications of borrowers picked
// across the book by decidePushedOrder, as the push calls it: deciding (the order, the deciding
// model, the inputs, the rules: the ≤ 5 ms p95 budget) and, printed beside it, the whole decision
// with its record and the order's move committed, p50/p95/p99 with the load average;
// (2) simulating the default model and a stricter draft over 100,000 stored decisions of one
// period, with its time and peak memory.
//   npm run bench:decide [-- --orders 1000000 --decisions 100000 --postgres postgres://…/postgres]
//   npm run bench:decide -- --database kwarta_bench_decide_1m
//     (seeds that book the first time and keeps it; later runs copy it, so each starts alike)
//   … --decisions 0 skips the simulation; --async-commit (a diagnostic) shows the commit's share
import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import {
  calendarDateAt,
  decisionReasonCodes,
  defaultDecisionModel,
  OrderStatus,
  validateDecisionModel,
  type CompiledModel,
} from '@kwarta/domain';
import type { Database } from '../../server/src/db/schema.ts';
import {
  decidePushedOrder,
  simulateModels,
  formatSimulation,
} from '../../server/src/features/credit-decisions/index.ts';
import { findLoanProduct, type LoanProduct } from '../../server/src/features/products/index.ts';
import { formatAmount } from '@kwarta/domain';
import { adminQuery } from '../support/backing-services.ts';
import { benchAppOnBook, openBenchBook } from './bench-book.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : args[index + 1]!;
};
const orderCount = Number(option('--orders', '1000000'));
const decisionCount = Number(option('--decisions', '100000'));
const decideSamples = Number(option('--samples', '1000'));
const adminUrl = option(
  '--postgres',
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const MiB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const BUDGET_P95_MS = 5;

function compile(model: unknown): CompiledModel {
  const validation = validateDecisionModel(model, decisionReasonCodes);
  if (!validation.ok) throw new Error('bench model does not validate');
  return validation.compiled;
}

/** The default model with every limit halved and a stricter lateness stop: the draft a lender would try. */
function stricterDraft(): unknown {
  const draft = structuredClone(defaultDecisionModel) as typeof defaultDecisionModel;
  draft.name = 'Stricter draft';
  for (const table of draft.tables) {
    for (const row of table.rows) {
      if (row.id === 'late-recently') row.when = { worstDaysPastDueLast90Days: '> 7' };
      if (typeof row.then.limitAmount === 'number') row.then.limitAmount = 300_000;
    }
  }
  return draft;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

const now = new Date('2026-11-23T00:00:00Z');
// No demo applications decided at boot: the bench stores its own decisions on the book's orders.
const env = { MARKET: 'PH', CREDIT_DECISIONS: 'off' };

/**
 * What the inputs read besides the orders, set-based (seconds for 200,000 borrowers): two sessions
 * per borrower on one device, every 50th borrower on the device of the one before; a default
 * payout account each, every 40th a look-alike of the one before (same bank, last 4 and holder);
 * each disbursed order's sent disbursement to it; a complaint from every 7th borrower.
 */
async function seedDecisionFacts(db: Kysely<Database>) {
  // The book's borrowers (seed-orders.ts's phones), not the demo ones, who have their own.
  const BENCH_PHONES = '137%';
  const at = now.toISOString();
  const product = (await db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  await sql`
    insert into sessions (token_hash, borrower_id, device_id, created_at, last_seen_at, expires_at)
    select 'bench-' || s.k || '-' || b.id, b.id,
      'bench-device-' || case when b.id % 50 = 1 then b.id - 1 else b.id end, ${at}, ${at}, ${at}
    from borrowers b cross join (values (1), (2)) as s(k) where b.phone like ${BENCH_PHONES}`.execute(db);
  await sql`
    insert into payment_accounts (borrower_id, product_id, card_type, channel, institution_code,
      institution_name, holder_name, details, account_ciphertext, account_key_id, account_last4,
      is_default, created_at)
    select b.id, ${sql.lit(product)}, 1, 'bank', 'BNK' || (l.base % 20), 'Bench Bank', 'Holder ' || l.base, '{}',
      'bench', 'bench', lpad((l.base % 10000)::text, 4, '0'), 1, ${at}
    from borrowers b cross join lateral
      (select case when b.id % 40 = 1 then b.id - 1 else b.id end as base) l
    where b.phone like ${BENCH_PHONES}`.execute(db);
  await sql`
    insert into disbursements (order_id, account_id, amount, provider, status, actor, created_at, updated_at)
    select o.id, a.id, o.principal, 'bench', 'sent', 'bench', o.applied_at, o.applied_at
    from orders o join payment_accounts a on a.borrower_id = o.borrower_id and a.is_default = 1
    where o.disbursed_on is not null and o.order_no like 'BENCH%'`.execute(db);
  // One row per borrower with an open order, as the push keeps it (its latest open one).
  await sql`
    insert into borrower_open_orders (borrower_id, order_id)
    select borrower_id, max(id) from orders
    where status in (21, 151, 170, 174, 180) and order_no like 'BENCH%' group by borrower_id`.execute(db);
  await sql`
    insert into problems (borrower_id, problem_type, content, created_at, updated_at)
    select id, 1, 'bench complaint', ${at}, ${at} from borrowers where id % 7 = 0 and phone like ${BENCH_PHONES}`.execute(
    db,
  );
  await seedIdentities(db);
}

/**
 * An identity for every 4th of the book's borrowers, set-based: most verified, every 5th of them
 * pending, every 9th rejected (a decline), so the identity read finds rows as a live book's does.
 * Books seeded before identities were an input get them on each run's copy (a few seconds).
 */
async function seedIdentities(db: Kysely<Database>) {
  const at = now.toISOString();
  await sql`
    insert into identities (borrower_id, status, first_name, middle_name, last_name, date_of_birth,
      place_of_birth, nationality, present_address, permanent_address, email, occupation, employer,
      source_of_funds, document_type, document_number, front_image_id, back_image_id, selfie_image_id,
      qr_outcome, qr_detail, qr_checked_at, screening, screened_at, risk_rating, submitted_at)
    select id,
      case when id % 36 = 0 then 'rejected' when id % 20 = 0 then 'pending' else 'verified' end,
      'Bench', '', 'Borrower', '1990-01-01', 'Manila', 'Filipino', 'Manila', 'Manila',
      'bench@example.com', 'Clerk', 'Bench Co', 'salary', 'philsys', 'BENCH' || id,
      'bench-front-' || id, 'bench-back-' || id, 'bench-selfie-' || id,
      'verified', '', ${at}, 'clear', ${at}, 'normal', ${at}
    from borrowers where id % 4 = 0 and phone like '137%'
    on conflict (borrower_id) do nothing`.execute(db);
  await sql`analyze identities`.execute(db);
}

const book = await openBenchBook({
  bench: 'decide',
  script: import.meta.url,
  args,
  adminUrl,
  orderCount,
  seededAt: now,
  seedMore: seedDecisionFacts,
  writes: true,
  env,
});
// A diagnostic, never the measure: commits that do not wait for the WAL's flush to disk show how
// much of a decision is the disk's fsync (the run's own database only).
const asyncCommit = args.includes('--async-commit');
if (asyncCommit) {
  const name = new URL(book.url).pathname.slice(1);
  await adminQuery(adminUrl, `ALTER DATABASE ${name} SET synchronous_commit = off`);
  console.log(`postgres: synchronous_commit off on ${name} (diagnostic: commits do not wait for the disk)`);
}
const app = await benchAppOnBook(book, 'decide', env);
await app.ready();
const { db, config } = app;
let ok = true;
try {
  const { rows } = await sql<{ orders: number }>`select count(*)::int as orders from orders`.execute(db);
  console.log(`postgres: a book of ${rows[0]!.orders} orders (${book.kept ? 'kept' : 'this run'} database)`);
  const identities = await sql<{ n: number }>`select count(*)::int as n from identities`.execute(db);
  if (identities.rows[0]!.n === 0) await seedIdentities(db);

  // (1) Deciding: an application pushed by each of 1,000 borrowers picked across the book (the
  // order row written untimed, as the push's own transaction does before it decides), then timed as
  // the push pays for it: decidePushedOrder, from reading the order to the commit of its decision.
  const deps = { db, clock: { now: () => now }, config };
  const loan = (await findLoanProduct(
    db,
    (await db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
  ))!;
  const amountAsked = Math.min(loan.product.max_amount, Math.max(loan.product.min_amount, 300_000));
  const WARM_UP = 20;
  const borrowers = await db
    .selectFrom('borrowers')
    .select(['id', 'created_at'])
    .orderBy(sql`random()`)
    .limit(decideSamples + WARM_UP)
    .execute();
  const pushed = await db
    .insertInto('orders')
    .values(
      borrowers.map((borrower, i) => ({
        order_no: `DECIDE${String(i).padStart(7, '0')}`,
        borrower_id: borrower.id,
        product_id: loan.product.id,
        status: OrderStatus.UnderReview,
        principal: amountAsked,
        total_due: amountAsked,
        paid_amount: 0,
        term_days: loan.rules.term.minDays,
        periods: 1,
        collection_complaints_allowed: 0,
        applied_at: now.toISOString(),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        request_id: null,
        withdraw_confirmed_at: null,
      })),
    )
    .returning('id')
    .execute();
  const times: number[] = [];
  const beforeWrite: number[] = [];
  const outcomes = { approve: 0, decline: 0, refer: 0 };
  const loadBefore = os.loadavg();
  for (const [i, borrower] of borrowers.entries()) {
    // The first decisions save and activate the shipped model and warm the process, as a
    // server's first pushes do; they are not counted.
    const started = performance.now();
    const decision = await decidePushedOrder(deps, pushed[i]!.id, borrower);
    const took = performance.now() - started;
    if (!decision) throw new Error(`order ${pushed[i]!.id} was not decided`);
    if (decision.error) throw new Error(`deciding failed: ${decision.error}`);
    if (i < WARM_UP) continue;
    times.push(took);
    beforeWrite.push(decision.tookMicros / 1000);
    outcomes[decision.outcome] += 1;
  }
  const loadAfter = os.loadavg();
  times.sort((a, b) => a - b);
  beforeWrite.sort((a, b) => a - b);
  const figures = (sorted: number[]) =>
    `p50 ${percentile(sorted, 0.5).toFixed(2)} ms, p95 ${percentile(sorted, 0.95).toFixed(2)} ms, ` +
    `p99 ${percentile(sorted, 0.99).toFixed(2)} ms`;
  // The budget is the "deciding an application (inputs and rules)": the order, the deciding
  // model, the inputs and the rules, up to the outcome. The record and the order's move that follow
  // are the push's write, printed beside it (their commit waits for the disk's flush).
  const p95 = percentile(beforeWrite, 0.95);
  console.log(
    `postgres: deciding ${beforeWrite.length} pushed applications (the order, the deciding model, inputs and rules): ` +
      `${figures(beforeWrite)} (budget p95 ≤ ${BUDGET_P95_MS} ms); approve ${outcomes.approve}, ` +
      `decline ${outcomes.decline}, refer ${outcomes.refer}`,
  );
  console.log(
    `postgres:   with the decision's record and the order's move committed (the push's whole decision): ${figures(times)}`,
  );
  console.log(
    `postgres:   load average (1 min) ${loadBefore[0]!.toFixed(2)} before, ${loadAfter[0]!.toFixed(2)} after, on ${os.cpus().length} cores`,
  );
  if (p95 > BUDGET_P95_MS) ok = false;

  // (2) Simulation over stored decisions: the latest applications of the book get a stored decision.
  if (decisionCount > 0) await simulateStored(loan);
} finally {
  await app.close();
  await book.drop();
}

/** Stores a decision on each of the book's latest applications, then simulates two models over them. */
async function simulateStored(loan: LoanProduct) {
  const latest = await db
    .selectFrom('orders')
    .select(['id', 'borrower_id', 'applied_at', 'principal', 'term_days'])
    .where('order_no', 'not like', 'DECIDE%')
    .orderBy('applied_at', 'desc')
    .limit(decisionCount)
    .execute();
  const from = calendarDateAt(new Date(latest.at(-1)!.applied_at), config.lenderTimeZone);
  const to = calendarDateAt(new Date(latest[0]!.applied_at), config.lenderTimeZone);
  const hash = 'bench-stored-inputs';
  const modelRow = await db
    .insertInto('credit_decision_models')
    .values({ version_hash: hash, name: 'bench', body: '{}', saved_by: 'bench', saved_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const storedInputs = (order: (typeof latest)[number], i: number) => ({
    monthsSinceRegistration: i % 24,
    loansRepaid: i % 5,
    onTimeShare: i % 5 === 0 ? null : (i % 10) / 10,
    worstDaysPastDueEver: (i * 7) % 120,
    worstDaysPastDueLast90Days: (i * 3) % 45,
    loansOpen: 0,
    loansOverdue: i % 17 === 0 ? 1 : 0,
    amountAsked: order.principal,
    termDaysAsked: order.term_days,
    largestRepaid: i % 5 === 0 ? null : 500_000,
    amountToLargestRepaid: i % 5 === 0 ? null : order.principal / 500_000,
    productId: loan.product.id,
    productMaxAmount: loan.product.max_amount,
    payoutAccountPaidBefore: i % 2 === 0,
    complaints: i % 11 === 0 ? 3 : 0,
    sameDeviceBorrowers: i % 23 === 0 ? 1 : 0,
    samePayoutAccountBorrowers: 0,
    daysSinceLastDecline: null,
    identityStatus: 'unknown',
  });
  for (let start = 0; start < latest.length; start += 2_000) {
    await db
      .insertInto('credit_decisions')
      .values(
        latest.slice(start, start + 2_000).map((order, k) => ({
          order_id: order.id,
          borrower_id: order.borrower_id,
          model_id: modelRow.id,
          model_hash: hash,
          inputs: JSON.stringify(storedInputs(order, start + k)),
          trace: '[]',
          outcome: 'refer',
          reasons: '["no_rule_matched"]',
          limit_amount: null,
          limit_term_days: null,
          error: null,
          took_us: 0,
          decided_at: order.applied_at,
        })),
      )
      .execute();
  }
  global.gc?.();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 20);
  const started = performance.now();
  const simulation = await simulateModels(
    { db, clock: { now: () => now }, config },
    {
      models: [
        { name: 'Kwarta default', compiled: compile(defaultDecisionModel) },
        { name: 'Stricter draft', compiled: compile(stricterDraft()) },
      ],
      from,
      to,
    },
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  console.log(formatSimulation(simulation, formatAmount));
  console.log(
    `postgres: simulated ${simulation.storedInputs} stored decisions (+${simulation.replayedInputs} rebuilt) ` +
      `with 2 models in ${seconds.toFixed(1)} s; memory before ${MiB(baseline.rss)} RSS / ${MiB(baseline.heapUsed)} heap, ` +
      `peak ${MiB(peakRss)} RSS / ${MiB(peakHeap)} heap`,
  );
}
if (!ok) {
  console.error(`bench:decide: deciding p95 is above ${BUDGET_P95_MS} ms`);
  process.exit(1);
}
