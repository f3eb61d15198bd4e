// The book a benchmark reads: a PostgreSQL database of its own seeded with `count` orders by
// seed-orders.ts in a child process (so the benchmark's process holds the server's memory alone),
// or a database seeded before (`--database NAME`, kept). Shared by bench:export and bench:cic.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../server/src/config.ts';
import { buildApp } from '../../server/src/app.ts';
import { seedBenchOrders } from './seed-orders.ts';
import { createThrowawayDatabase } from '../support/backing-services.ts';

/**
 * The app on a database, with a data directory of its own per database: the sandbox's account key
 * lives there, and the seeding child and the benchmark must share it.
 */
export async function benchAppOn(databaseUrl: string, bench: string) {
  const dataDir = path.join(os.tmpdir(), `kwarta-bench-${new URL(databaseUrl).pathname.slice(1)}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const app = await buildApp(
    loadConfig({
      APP_ENV: 'sandbox',
      SANDBOX_PAYMENT_SECRET: `bench-${bench}-sandbox-secret`,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      MAX_EVENT_LOOP_DELAY_MS: '60000',
      DATABASE_URL: databaseUrl,
    }),
  );
  return { app, dataDir };
}

export interface BenchBookOptions {
  /** The benchmark's name: its database's prefix and its sandbox secret. */
  bench: string;
  /** The benchmark script's `import.meta.url`: the child runs it again with `--seed-into`. */
  script: string;
  args: readonly string[];
  adminUrl: string;
  orderCount: number;
  /** The day the seeded book ends (seed-orders.ts's default when not given). */
  seededAt?: Date;
}

const option = (args: readonly string[], name: string) => {
  const index = args.indexOf(name);
  return index === -1 ? '' : args[index + 1]!;
};

/**
 * Call first in a benchmark script. In the seeding child (`--seed-into URL`): migrates and seeds
 * the book, then exits. In the benchmark: the book's database, seeded by a child when not kept,
 * and `drop` to remove it afterwards (a kept one stays).
 */
export async function openBenchBook(options: BenchBookOptions) {
  const seedInto = option(options.args, '--seed-into');
  if (seedInto) {
    const { app } = await benchAppOn(seedInto, options.bench);
    await app.ready();
    const started = performance.now();
    await seedBenchOrders(app.db, options.orderCount, options.seededAt);
    console.log(
      `seeded ${options.orderCount} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await app.close();
    process.exit(0);
  }
  const keptName = option(options.args, '--database');
  if (keptName)
    return {
      url: Object.assign(new URL(options.adminUrl), { pathname: `/${keptName}` }).toString(),
      kept: true,
      drop: async () => {},
    };
  const database = await createThrowawayDatabase(`kwarta_bench_${options.bench}`, options.adminUrl);
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(options.script),
      '--seed-into',
      database.url,
      '--orders',
      String(options.orderCount),
    ],
    { stdio: 'inherit' },
  );
  if (child.status !== 0) {
    await database.drop();
    throw new Error(`seeding failed (exit ${child.status})`);
  }
  return { url: database.url, kept: false, drop: database.drop };
}

/** The benchmark's app on its book; a throwaway book's data directory goes with the app. */
export async function benchAppOnBook(book: { url: string; kept: boolean }, bench: string) {
  const { app, dataDir } = await benchAppOn(book.url, bench);
  if (!book.kept) app.addHook('onClose', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return app;
}
