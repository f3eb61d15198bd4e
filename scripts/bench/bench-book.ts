// The book a benchmark reads: a PostgreSQL database of its own seeded with `count` orders by
// seed-orders.ts in a child process (so the benchmark's process holds the server's memory alone),
// or a kept one (`--database NAME`: seeded and kept on the first run, reused after). Shared by
// bench:export, bench:cic and bench:decide. A benchmark that writes (`writes`) runs on a copy of a
// kept book (CREATE DATABASE … TEMPLATE), so every run starts from the same book.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../server/src/config.ts';
import { buildApp } from '../../server/src/app.ts';
import { seedBenchOrders } from './seed-orders.ts';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/src/db/schema.ts';
import { adminQuery, createThrowawayDatabase } from '../support/backing-services.ts';

/**
 * The app on a database, with a data directory of its own per database: the sandbox's account key
 * lives there, and the seeding child and the benchmark must share it.
 */
export async function benchAppOn(
  /** A PostgreSQL URL, or null for the SQLite file in the data directory. */
  databaseUrl: string | null,
  bench: string,
  env: Record<string, string> = {},
  dataDirOf = new URL(databaseUrl!).pathname.slice(1),
) {
  const dataDir = path.join(os.tmpdir(), `kwarta-bench-${dataDirOf}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const app = await buildApp(
    loadConfig({
      APP_ENV: 'sandbox',
      SANDBOX_PAYMENT_SECRET: `bench-${bench}-sandbox-secret`,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      MAX_EVENT_LOOP_DELAY_MS: '60000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    }),
  );
  return { app, dataDir };
}

/**
 * The benchmark's app on a SQLite book of `orderCount` orders: the file in the temporary
 * directory's `kwarta-bench-<bench>-sqlite-<orderCount>`, seeded by a child process the first
 * time (so this process's memory is the server's) and kept for later runs.
 */
export async function benchAppOnSqliteBook(options: BenchBookOptions) {
  const dataDirOf = `${options.bench}-sqlite-${options.orderCount}`;
  if (option(options.args, '--seed-into-sqlite')) {
    const { app } = await benchAppOn(null, options.bench, options.env, dataDirOf);
    await app.ready();
    const started = performance.now();
    await seedBenchOrders(app.db, options.orderCount, options.seededAt);
    await options.seedMore?.(app.db);
    console.log(
      `seeded ${options.orderCount} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await app.close();
    process.exit(0);
  }
  const seeded = path.join(os.tmpdir(), `kwarta-bench-${dataDirOf}`, 'seeded');
  if (!fs.existsSync(seeded)) {
    console.log(`seeding the SQLite book ${dataDirOf}, kept for later runs`);
    fs.rmSync(path.dirname(seeded), { recursive: true, force: true });
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(options.script),
        '--seed-into-sqlite',
        '1',
        '--orders',
        String(options.orderCount),
      ],
      { stdio: 'inherit' },
    );
    if (child.status !== 0) throw new Error(`seeding failed (exit ${child.status})`);
    fs.writeFileSync(seeded, new Date().toISOString());
  }
  return (await benchAppOn(null, options.bench, options.env, dataDirOf)).app;
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
  /** More rows the benchmark reads, seeded after the orders in the same child. */
  seedMore?: (db: Kysely<Database>) => Promise<void>;
  /** The benchmark writes: a kept book is copied for the run and the copy dropped after. */
  writes?: boolean;
  /** Settings of the benchmark's app (benchAppOn), the seeding child's too. */
  env?: Record<string, string>;
}

export interface BenchBook {
  url: string;
  kept: boolean;
  /** The book's data directory key: a copy shares its kept book's sandbox key. */
  dataDirOf: string;
  drop: () => Promise<void>;
}

async function databaseExists(adminUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

const option = (args: readonly string[], name: string) => {
  const index = args.indexOf(name);
  return index === -1 ? '' : args[index + 1]!;
};

/**
 * Call first in a benchmark script. In the seeding child (`--seed-into URL`): migrates and seeds
 * the book, ANALYZEs it (the planner's statistics of a freshly loaded table are empty), then exits.
 * In the benchmark: the book's database — a throwaway one seeded by a child, or the kept
 * `--database NAME`, seeded by a child the first time — and `drop` to remove what is not kept.
 */
export async function openBenchBook(options: BenchBookOptions): Promise<BenchBook> {
  const seedInto = option(options.args, '--seed-into');
  if (seedInto) {
    const { app } = await benchAppOn(seedInto, options.bench, options.env);
    await app.ready();
    const started = performance.now();
    await seedBenchOrders(app.db, options.orderCount, options.seededAt);
    await options.seedMore?.(app.db);
    await sql`ANALYZE`.execute(app.db);
    console.log(
      `seeded ${options.orderCount} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await app.close();
    process.exit(0);
  }
  const urlOf = (name: string) =>
    Object.assign(new URL(options.adminUrl), { pathname: `/${name}` }).toString();
  const seed = (url: string) =>
    spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(options.script),
        '--seed-into',
        url,
        '--orders',
        String(options.orderCount),
      ],
      { stdio: 'inherit' },
    );
  const keptName = option(options.args, '--database');
  if (keptName) {
    if (!/^[a-z_][a-z0-9_]*$/.test(keptName)) throw new Error(`--database ${keptName}: a lower-case name`);
    if (!(await databaseExists(options.adminUrl, keptName))) {
      console.log(
        `${keptName} does not exist: seeding it with ${options.orderCount} orders, kept for later runs`,
      );
      await adminQuery(options.adminUrl, `CREATE DATABASE ${keptName}`);
      const child = seed(urlOf(keptName));
      if (child.status !== 0) {
        await adminQuery(options.adminUrl, `DROP DATABASE IF EXISTS ${keptName} WITH (FORCE)`);
        throw new Error(`seeding failed (exit ${child.status})`);
      }
    }
    if (!options.writes)
      return { url: urlOf(keptName), kept: true, dataDirOf: keptName, drop: async () => {} };
    // A copy of the files: seconds for a million orders, and the kept book is never written.
    const copy = `${keptName}_run_${process.pid}`;
    const started = performance.now();
    await adminQuery(options.adminUrl, `CREATE DATABASE ${copy} TEMPLATE ${keptName}`);
    console.log(`copied ${keptName} for this run in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return {
      url: urlOf(copy),
      kept: false,
      dataDirOf: keptName,
      drop: () => adminQuery(options.adminUrl, `DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`),
    };
  }
  const database = await createThrowawayDatabase(`kwarta_bench_${options.bench}`, options.adminUrl);
  const child = seed(database.url);
  if (child.status !== 0) {
    await database.drop();
    fs.rmSync(path.join(os.tmpdir(), `kwarta-bench-${database.name}`), { recursive: true, force: true });
    throw new Error(`seeding failed (exit ${child.status})`);
  }
  return { url: database.url, kept: false, dataDirOf: database.name, drop: database.drop };
}

/** The benchmark's app on its book; a throwaway book's data directory goes with the app. */
export async function benchAppOnBook(book: BenchBook, bench: string, env: Record<string, string> = {}) {
  const { app, dataDir } = await benchAppOn(book.url, bench, env, book.dataDirOf);
  if (!book.kept && book.dataDirOf === new URL(book.url).pathname.slice(1))
    app.addHook('onClose', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return app;
}
