// Credit decision benchmark (decision 0109), on PostgreSQL: a book of N orders (default 1,000,000,
// seed-orders.ts), then (1) deciding applications — the inputs read from the book plus the rules —
// for 1,000 borrowers, p50/p95/p99; (2) simulating the default model and a stricter draft over
// 100,000 stored decisions of one period, with its time and peak memory.
//   npm run bench:decide [-- --orders 1000000 --decisions 100000 --postgres postgres://…/postgres]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  calendarDateAt,
  decisionReasonCodes,
  defaultDecisionModel,
  evaluateDecision,
  validateDecisionModel,
  type CompiledModel,
} from '@kwarta/domain';
import { loadConfig } from '../../server/src/config.ts';
import { buildApp } from '../../server/src/app.ts';
import {
  gatherDecisionInputs,
  limitCaps,
  simulateModels,
  formatSimulation,
} from '../../server/src/features/credit-decisions/index.ts';
import { findLoanProduct } from '../../server/src/features/products/index.ts';
import { formatAmount } from '@kwarta/domain';
import { adminQuery } from '../support/backing-services.ts';
import { seedBenchOrders } from './seed-orders.ts';

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

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-bench-decide-'));
const dbName = `kwarta_bench_${randomBytes(4).toString('hex')}`;
await adminQuery(adminUrl, `CREATE DATABASE ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const config = loadConfig({
  APP_ENV: 'sandbox',
  SANDBOX_PAYMENT_SECRET: 'bench-decide-sandbox-secret',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  MARKET: 'PH',
  MAX_EVENT_LOOP_DELAY_MS: '60000',
  // No demo applications decided at boot: the bench stores its own decisions on the book's orders.
  CREDIT_DECISIONS: 'off',
  DATABASE_URL: url.toString(),
});
const app = await buildApp(config);
await app.ready();
const { db } = app;
let ok = true;
try {
  const now = new Date('2026-11-23T00:00:00Z');
  const seedStart = performance.now();
  await seedBenchOrders(db, orderCount, now);
  await sql`ANALYZE`.execute(db);
  console.log(
    `postgres: ${orderCount} orders seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  // (1) Deciding: inputs from the book and the rules, for borrowers picked across the book.
  const model = compile(defaultDecisionModel);
  const borrowers = await db
    .selectFrom('borrowers')
    .select(['id', 'created_at'])
    .orderBy(sql`random()`)
    .limit(decideSamples)
    .execute();
  const loan = (await findLoanProduct(
    db,
    (await db.selectFrom('products').select('id').executeTakeFirstOrThrow()).id,
  ))!;
  const caps = limitCaps(loan, config.compliance?.covers.principalCeilingMinor ?? null);
  const times: number[] = [];
  const outcomes = { approve: 0, decline: 0, refer: 0 };
  for (const borrower of borrowers) {
    const started = performance.now();
    const inputs = await gatherDecisionInputs(
      db,
      {
        borrowerId: borrower.id,
        registeredAt: borrower.created_at,
        orderId: null,
        productId: loan.product.id,
        productMaxAmount: loan.product.max_amount,
        amountAsked: 300_000,
        termDaysAsked: loan.rules.term.minDays,
      },
      { now, timeZone: config.lenderTimeZone },
    );
    outcomes[evaluateDecision(model, inputs, caps).outcome] += 1;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 0.95);
  console.log(
    `postgres: deciding ${borrowers.length} applications (inputs + rules): p50 ${percentile(times, 0.5).toFixed(2)} ms, ` +
      `p95 ${p95.toFixed(2)} ms, p99 ${percentile(times, 0.99).toFixed(2)} ms (budget p95 ≤ ${BUDGET_P95_MS} ms); ` +
      `approve ${outcomes.approve}, decline ${outcomes.decline}, refer ${outcomes.refer}`,
  );
  if (p95 > BUDGET_P95_MS) ok = false;

  // (2) Simulation over stored decisions: the latest applications of the book get a stored decision.
  const latest = await db
    .selectFrom('orders')
    .select(['id', 'borrower_id', 'applied_at', 'principal', 'term_days'])
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
        { name: 'Kwarta default', compiled: model },
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
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
if (!ok) {
  console.error(`bench:decide: deciding p95 is above ${BUDGET_P95_MS} ms`);
  process.exit(1);
}
