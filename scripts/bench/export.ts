// CSV export benchmark (decision 0099): the orders export of a 1,000,000-order book, streamed over a
// real HTTP request from a listening server and read as a stream, must go out in flat memory: the
// server process's RSS, sampled every 50 ms, may grow at most --max-growth-mb (100) over its
// baseline, and the heap retained after a full collection must stay level (within 20 MB) from
// the first tenth of the rows to the last.
// The book is seeded by seed-orders.ts in a child process, so this process's memory is the
// server's alone. Prints rows, seconds, rows/s, MB/s, and the RSS baseline and peak.
//   npm run bench:export [-- --orders 1000000 --max-growth-mb 100 --postgres postgres://…/postgres]
//   npm run bench:export -- --database kwarta_bench_1m   (a book seeded before; kept)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { OPERATOR_SESSION_COOKIE, endpoints } from '@kwarta/contract';
import { loadConfig } from '../../server/src/config.ts';
import { buildApp } from '../../server/src/app.ts';
import { createOperator, createOperatorSession } from '../../server/src/features/operators/index.ts';
import { createThrowawayDatabase } from '../support/backing-services.ts';
import { seedBenchOrders } from './seed-orders.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : args[index + 1]!;
};
const orderCount = Number(option('--orders', '1000000'));
// Ten full collections run during the stream (to read the retained heap); without them V8 lets
// the RSS swing by ~100–130 MB at a million rows (a sawtooth whose floor stays level).
const maxGrowthMb = Number(option('--max-growth-mb', '100'));
const adminUrl = option(
  '--postgres',
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const MB = 1024 * 1024;

/**
 * The app on a database, with a data directory of its own per database: the sandbox's account key
 * lives there, and the seeding child and the server must share it.
 */
async function appOn(databaseUrl: string) {
  const dataDir = path.join(os.tmpdir(), `kwarta-bench-${new URL(databaseUrl).pathname.slice(1)}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const app = await buildApp(
    loadConfig({
      APP_ENV: 'sandbox',
      SANDBOX_PAYMENT_SECRET: 'bench-export-sandbox-secret',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      MAX_EVENT_LOOP_DELAY_MS: '60000',
      DATABASE_URL: databaseUrl,
    }),
  );
  return { app, dataDir };
}

// The child: migrate and seed the book, then exit (its memory is not the server's).
const seedInto = option('--seed-into', '');
if (seedInto) {
  const { app } = await appOn(seedInto);
  await app.ready();
  const started = performance.now();
  await seedBenchOrders(app.db, orderCount);
  console.log(`seeded ${orderCount} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await app.close();
  process.exit(0);
}

const kept = option('--database', '');
const database = kept
  ? {
      url: Object.assign(new URL(adminUrl), { pathname: `/${kept}` }).toString(),
      drop: async () => {},
    }
  : await createThrowawayDatabase('kwarta_bench_export', adminUrl);
let passed = false;
try {
  if (!kept) {
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        '--seed-into',
        database.url,
        '--orders',
        String(orderCount),
      ],
      { stdio: 'inherit' },
    );
    if (child.status !== 0) throw new Error(`seeding failed (exit ${child.status})`);
  }
  const { app, dataDir } = await appOn(database.url);
  if (!kept) app.addHook('onClose', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const expected = await app.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const operatorId = await createOperator(app.db, {
      name: `bench-export-${Date.now()}`,
      role: 'finance',
      now: new Date(),
    });
    const { token } = await createOperatorSession(app.db, { operatorId, now: app.clock.now() });
    const { port } = app.server.address() as AddressInfo;

    globalThis.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}${endpoints.consoleExportOrders.path}`, {
      headers: { cookie: `${OPERATOR_SESSION_COOKIE}=${token}` },
    });
    if (response.status !== 200 || !response.body) throw new Error(`HTTP ${response.status}`);
    let bytes = 0;
    let lines = 0;
    // At each tenth of the rows: the RSS, and the heap still in use after a full collection (what
    // is retained; flat memory keeps it level, a leak makes it climb).
    const tenths: { rss: number; retained: number }[] = [];
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
      if (lines >= ((tenths.length + 1) * Number(expected.n)) / 10) {
        const rss = process.memoryUsage().rss;
        globalThis.gc?.();
        tenths.push({ rss, retained: process.memoryUsage().heapUsed });
      }
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    const rows = lines - 1; // the header
    const growth = (peak - baseline) / MB;
    const retained = tenths.map((tenth) => tenth.retained / MB);
    const flat = Math.max(...retained) <= retained[0]! + 20;
    passed = rows === Number(expected.n) && growth <= maxGrowthMb && flat;
    console.log(
      `orders.csv: ${rows} rows (of ${Number(expected.n)}), ${(bytes / MB).toFixed(0)} MB in ${seconds.toFixed(1)} s: ` +
        `${Math.round(rows / seconds)} rows/s, ${(bytes / MB / seconds).toFixed(1)} MB/s`,
    );
    console.log(
      `server RSS: ${(baseline / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB ` +
        `(+${growth.toFixed(0)} MB; budget +${maxGrowthMb} MB) ${passed ? 'ok' : 'FAILED'}`,
    );
    console.log(
      `at each tenth of the rows, RSS (MB): ${tenths.map((tenth) => (tenth.rss / MB).toFixed(0)).join(' ')}; ` +
        `heap retained after a collection (MB): ${retained.map((mb) => mb.toFixed(0)).join(' ')} ${flat ? 'flat' : 'GROWING'}`,
    );
  } finally {
    await app.close();
  }
} finally {
  await database.drop();
}
// Exit once stdout has drained: into a pipe, process.exit would drop the last lines.
process.stdout.write('', () => process.exit(passed ? 0 : 1));
