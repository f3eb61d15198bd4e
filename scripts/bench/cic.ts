// CIC submission file benchmark (decision 0106): a book of 1,000,000 orders seeded by seed-orders.ts
// (in a child process, so this process's memory is the writer's alone) is written as one month's
// submission file, validated record by record on its way out. Prints the contracts and borrowers in
// the file, its size, the seconds it took, and this process's RSS before and at its peak (sampled
// every 50 ms and read from the kernel's high-water mark).
//   npm run bench:cic [-- --orders 1000000 --month 2026-10 --postgres postgres://…/postgres]
//   npm run bench:cic -- --contracts 1000000   (orders enough that the month holds that many contracts)
//   npm run bench:cic -- --database kwarta_bench_1m   (seeded and kept the first time, reused after)
// Every --checkpoint detail records (100,000) it prints the heap in use after a full collection.
// The seeded book has no identities: a stand-in source gives every borrower the fields the file
// requires, so the whole file is written (with the identity feature's source the validator would
// list every borrower's missing fields and write nothing).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateCicFile, type CicIdentity } from '../../server/src/features/regulatory-reports/index.ts';
import { benchAppOnBook, openBenchBook } from './bench-book.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : args[index + 1]!;
};
// The seeded book's month holds about one contract for every two orders (501,493 of 1,000,000):
// --contracts N seeds 2N orders and fails when the file holds fewer than N contracts.
const ORDERS_PER_CONTRACT = 2;
const contractTarget = Number(option('--contracts', '0'));
const orderCount =
  contractTarget > 0 ? contractTarget * ORDERS_PER_CONTRACT : Number(option('--orders', '1000000'));
const month = option('--month', '2026-10');
const adminUrl = option(
  '--postgres',
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const MB = 1024 * 1024;
const CHECKPOINT = Number(option('--checkpoint', '100000'));
// The seeder's book is applied over the year before 23 November 2026.
const NOW = new Date('2026-11-23T04:00:00Z');

const book = await openBenchBook({
  bench: 'cic',
  script: import.meta.url,
  args,
  adminUrl,
  orderCount,
  seededAt: NOW,
});

/** A verified identity's fields; the same for everyone, which is all the benchmark needs. */
const standInIdentity: CicIdentity = {
  gender: 'F',
  birthDate: '1990-04-15',
  address: '12 Rizal St, Brgy San Roque, Quezon City, Metro Manila 1100',
  identification: { type: '10', number: '123456789012' },
};
const identities = async (ids: readonly number[]) =>
  new Map<number, CicIdentity>(ids.map((id) => [id, standInIdentity]));

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-bench-cic-out-'));
let exitCode = 1;
try {
  const app = await benchAppOnBook(book, 'cic');
  await app.ready();
  try {
    globalThis.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    // Every CHECKPOINT detail records: heap in use after a full collection (what the run holds on to)
    // and RSS, so a growth with the book shows apart from the collector's slack.
    const checkpoints: { records: number; heapUsed: number; rss: number }[] = [];
    let nextCheckpoint = CHECKPOINT;
    const onPage = (records: number) => {
      if (records < nextCheckpoint) return;
      nextCheckpoint = (Math.floor(records / CHECKPOINT) + 1) * CHECKPOINT;
      globalThis.gc?.();
      const memory = process.memoryUsage();
      checkpoints.push({ records, heapUsed: memory.heapUsed, rss: memory.rss });
      console.log(
        `  ${records.toLocaleString('en')} records: heap used ${(memory.heapUsed / MB).toFixed(1)} MB after GC, RSS ${(memory.rss / MB).toFixed(0)} MB, ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    };
    const baselineHeap = process.memoryUsage().heapUsed;
    const started = performance.now();
    const result = await generateCicFile(app.db, {
      month,
      correction: false,
      providerCode: 'BENCH001',
      outDir,
      timeZone: app.config.lenderTimeZone,
      now: NOW,
      generatedBy: 'bench',
      identities,
      onPage,
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const highWater = process.resourceUsage().maxRSS * 1024;
    if (!result.ok) {
      console.log(`not written: ${result.errorCount} errors, the first:`);
      for (const error of result.errors.slice(0, 10)) console.log(`  ${JSON.stringify(error)}`);
    } else {
      const { submission } = result;
      console.log(
        [
          `CIC file of ${month} from a book of ${orderCount.toLocaleString('en')} orders (PostgreSQL):`,
          `  ${submission.contracts.toLocaleString('en')} contracts of ${submission.subjects.toLocaleString('en')} borrowers, ${(submission.byteSize / MB).toFixed(1)} MB`,
          `  ${seconds.toFixed(1)} s (${Math.round(submission.contracts / seconds).toLocaleString('en')} contracts/s)`,
          `  RSS ${(baseline / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB sampled, ${(highWater / MB).toFixed(0)} MB high-water mark`,
          `  heap used after GC ${(baselineHeap / MB).toFixed(1)} MB before, at most ${(Math.max(baselineHeap, ...checkpoints.map((c) => c.heapUsed)) / MB).toFixed(1)} MB at the checkpoints`,
        ].join('\n'),
      );
      if (submission.contracts >= contractTarget) exitCode = 0;
      else console.log(`fewer contracts than the ${contractTarget.toLocaleString('en')} asked for`);
    }
  } finally {
    await app.close();
  }
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
  await book.drop();
}
process.exit(exitCode);
