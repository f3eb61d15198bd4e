import { parseArgs } from 'node:util';
import { loadCliConfig } from './cli-config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { systemClock } from '../lib/clock.ts';
import { Metrics } from '../lib/metrics.ts';
import { loadAccountKeyRing } from '../features/bank-binding/index.ts';
import {
  HistoryRefused,
  refuseUnlessHistoryMayStart,
  seedHistory,
  type HistorySummary,
} from '../features/history-seed/index.ts';
import { readDatabaseMode } from '../lib/database-mode.ts';
import { createBlobStorage } from '../lib/create-blob-storage.ts';
import { seedDemo } from '../seed-demo.ts';
import { outputFormat, type OutputFormat } from '../lib/output-format.ts';
import { runCli } from './run-cli.ts';

const USAGE = `A year of plausible lending to look at (decision 0099): development and sandbox only.

  npm run seed:history -- [--borrowers 2000] [--months 12] [--seed 1]
      signs borrowers up through the promotion funnel (campaigns fb-payday, google-search,
      tiktok-creators, none) over the past months, and runs their loans through the real use
      cases day by day under a simulated clock: applications, the credit operator's approvals
      and rejections, payouts through the sandbox gateway (a few refused, then paid to another
      account), repayments through the sandbox cashier's signed postbacks (on time, late,
      extended, partly paid and accepted by finance), defaults that stay overdue, a few written
      off, and the daily status and penalty job for every day. Same --seed, same history.
      Seeds the demo first when SEED_DEMO allows (its products are the ones lent).
      Refuses, before writing anything, a database a server has run on (start from an empty
      data directory, then npm start) or one that has a history already. Ends with the ledger check.

Uses the same DATA_DIR / DATABASE_URL as the server; refuses APP_ENV=production.`;

function positiveInteger(text: string, name: string, max: number): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    throw new TypeError(`--${name} takes a whole number from 1 to ${max}, not "${text}".`);
  }
  return value;
}

function summary(result: HistorySummary, seconds: number, format: OutputFormat): string {
  const statuses = Object.entries(result.orders)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  const lines = [
    `History ${result.from} to ${result.to} in ${seconds.toFixed(1)} s.`,
    `Borrowers signed up: ${result.borrowers}.`,
    `Orders by status (the demo's included): ${statuses}; written off: ${result.writtenOff}.`,
    `Payments applied: ${result.payments.paid} repayments, ${result.payments.extensions} extensions; ` +
      `${result.payments.held} short payments held, ${result.payments.accepted} accepted by finance.`,
    `Payouts refused and paid again: ${result.payoutsRefused}.`,
    `Journal entries: ${result.journalEntries}` +
      (result.rebuiltBefore.entries > 0
        ? ` (${result.rebuiltBefore.entries} of them the rebuild booked for ${result.rebuiltBefore.rebuilt} older orders, ` +
          `${format.money(result.rebuiltBefore.preLedgerOut)} through cash:pre-ledger).`
        : '.'),
  ];
  if (result.check.differences.length === 0) {
    lines.push(`Ledger check: ${result.check.checkedOrders} orders, the journal equals today’s balances.`);
  } else {
    lines.push(`Ledger check: ${result.check.differences.length} differences:`);
    for (const difference of result.check.differences) {
      lines.push(
        `  ${difference.what}: ledger ${format.money(difference.ledger)}, records ${format.money(difference.records)}`,
      );
    }
  }
  return lines.join('\n');
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      borrowers: { type: 'string', default: '2000' },
      months: { type: 'string', default: '12' },
      seed: { type: 'string', default: '1' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const options = {
    borrowers: positiveInteger(values.borrowers, 'borrowers', 1_000_000),
    months: positiveInteger(values.months, 'months', 60),
    seed: positiveInteger(values.seed, 'seed', 2 ** 31),
  };
  const config = await loadCliConfig();
  // D14: seeded data never reaches production (decision 0085: no sandbox money there either).
  if (config.isProduction) {
    console.error('seed:history is for development and sandbox: APP_ENV is production. Nothing was written.');
    return 1;
  }
  const { db } = createDatabase({ ...config, bulkLoad: true });
  try {
    await migrateToLatest(db);
    // Refused before anything is written (the demo included). A database a server has run on has
    // a life of its own (orders, payments, job runs dated now) that a history made in the past
    // would collide with: a history goes into a new database, before the first start (0101).
    const served = await readDatabaseMode(db);
    if (served) {
      throw new HistoryRefused(
        `A server has run on this database (recorded ${outputFormat(config).time(served.recordedAt)}): seed:history makes a history only in a ` +
          'new one, before its first start. Start from an empty data directory or database. Nothing was written.',
      );
    }
    await refuseUnlessHistoryMayStart({ db, config });
    const accountKeys = loadAccountKeyRing(config, (message) => console.warn(message));
    const metrics = new Metrics();
    const storage = createBlobStorage(config);
    await seedDemo({ db, clock: systemClock, config, storage, accountKeys, metrics });
    const started = performance.now();
    let lastMonth = '';
    const result = await seedHistory(
      { db, config, storage, accountKeys, metrics },
      {
        ...options,
        onDay: (date) => {
          if (date.slice(0, 7) === lastMonth) return;
          lastMonth = date.slice(0, 7);
          process.stderr.write(`${lastMonth} `);
        },
      },
    );
    process.stderr.write('\n');
    console.log(summary(result, (performance.now() - started) / 1000, outputFormat(config)));
    return result.check.differences.length === 0 ? 0 : 1;
  } catch (error) {
    if (!(error instanceof HistoryRefused)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await db.destroy();
  }
}

runCli(main, { usage: USAGE, failure: 2 });
