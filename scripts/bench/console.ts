// Console benchmark (decision 0080): with 100,000 orders seeded by seed-orders.ts, the order queue's
// first page and a phone search must answer in ≤ 100 ms p95, on SQLite and on PostgreSQL.
//   npm run bench:console [-- --orders 100000 --requests 300 --postgres postgres://…/postgres]
// Runs the app in-process (app.inject: routing, the caller check, the handler, the envelope);
// PostgreSQL is measured when reachable (a throwaway database is created and dropped).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { OPERATOR_SESSION_COOKIE, endpoints } from '@kwarta/contract';
import { loadConfig } from '../../server/src/config.ts';
import { buildApp } from '../../server/src/app.ts';
import { createOperator, createOperatorSession } from '../../server/src/features/operators/index.ts';
import { adminQuery } from '../support/backing-services.ts';
import { seedBenchOrders } from './seed-orders.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : args[index + 1]!;
};
const orderCount = Number(option('--orders', '100000'));
const requests = Number(option('--requests', '300'));
const adminUrl = option(
  '--postgres',
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const BUDGET_MS = 100;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function measure(target: 'sqlite' | 'postgres'): Promise<boolean> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-bench-console-'));
  let databaseUrl: string | undefined;
  const dbName = `kwarta_bench_${randomBytes(4).toString('hex')}`;
  const admin = (query: string) => adminQuery(adminUrl, query);
  if (target === 'postgres') {
    await admin(`CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    APP_ENV: 'sandbox',
    SANDBOX_PAYMENT_SECRET: 'bench-console-sandbox-secret',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    MAX_EVENT_LOOP_DELAY_MS: '60000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp(config);
  await app.ready();
  try {
    const seedStart = performance.now();
    const { phones, orderNos } = await seedBenchOrders(app.db, orderCount);
    if (target === 'postgres') await sql`ANALYZE`.execute(app.db);
    const total = await app.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `${target}: ${Number(total.n)} orders (${orderNos.length} seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s)`,
    );

    const operatorId = await createOperator(app.db, {
      name: `bench-${target}`,
      role: 'credit',
      now: new Date(),
    });
    const { token } = await createOperatorSession(app.db, { operatorId, now: app.clock.now() });
    const cookie = `${OPERATOR_SESSION_COOKIE}=${token}`;
    const cases: Record<string, (i: number) => string> = {
      'queue, first page': () => '',
      'phone search': (i) => `q=${phones[(i * 7919) % phones.length]}`,
      'queue, first page of one status': (i) => `status=${[21, 151, 170, 180][i % 4]}`,
      'order number search': (i) => `q=${orderNos[(i * 104_729) % orderNos.length]}`,
    };
    let ok = true;
    for (const [name, query] of Object.entries(cases)) {
      const times: number[] = [];
      for (let i = 0; i < requests + 30; i += 1) {
        const started = performance.now();
        const response = await app.inject({
          method: 'GET',
          url: `${endpoints.consoleOrders.path}?${query(i)}`,
          headers: { cookie },
        });
        const ms = performance.now() - started;
        if (response.statusCode !== 200)
          throw new Error(`${name}: HTTP ${response.statusCode} ${response.body}`);
        if (i >= 30) times.push(ms); // the first 30 warm the JIT and caches
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 0.95);
      const within = p95 <= BUDGET_MS;
      if (name === 'queue, first page' || name === 'phone search') ok &&= within;
      console.log(
        `  ${name.padEnd(34)} p50 ${percentile(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  max ${times.at(-1)!.toFixed(1).padStart(6)} ms  ${within ? 'ok' : `OVER ${BUDGET_MS} ms`}`,
      );
    }
    return ok;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (target === 'postgres') await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

console.log(
  `Console order queue, ${orderCount} orders, ${requests} requests per case, one at a time; budget p95 ≤ ${BUDGET_MS} ms. load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
let passed = await measure('sqlite');
if (await postgresReachable()) passed = (await measure('postgres')) && passed;
else console.log('PostgreSQL not reachable: measured on SQLite only.');
process.exit(passed ? 0 : 1);
