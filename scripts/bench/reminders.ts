// Reminders benchmark (decision 0097): N orders, each with an unpaid instalment due tomorrow, on
// PostgreSQL (and SQLite with --sqlite); the due-reminders queueing at 06:00 lender time must
// record every reminder once, in flat memory. Prints the run's time and the peak RSS and heap.
//   npm run bench:reminders [-- --orders 100000 --postgres postgres://…/postgres --sqlite]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { addDays, calendarDateAt, OrderStatus } from '@kwarta/domain';
import { Metrics } from '../../server/src/lib/metrics.ts';
import { loadConfig } from '../../server/src/config.ts';
import { buildApp } from '../../server/src/app.ts';
import { queueDueReminders } from '../../server/src/features/due-reminders/index.ts';
import { adminQuery } from '../support/backing-services.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : args[index + 1]!;
};
const orderCount = Number(option('--orders', '100000'));
const adminUrl = option(
  '--postgres',
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const targets: ('postgres' | 'sqlite')[] = args.includes('--sqlite') ? ['postgres', 'sqlite'] : ['postgres'];
const BATCH = 1000;
const MiB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

async function measure(target: 'postgres' | 'sqlite'): Promise<boolean> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-bench-reminders-'));
  const dbName = `kwarta_bench_${randomBytes(4).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (target === 'postgres') {
    await adminQuery(adminUrl, `CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    APP_ENV: 'sandbox',
    SANDBOX_PAYMENT_SECRET: 'bench-reminders-sandbox-secret',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    MARKET: 'PH',
    PUBLIC_URL: 'https://pay.kwarta.example',
    MAX_EVENT_LOOP_DELAY_MS: '60000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp(config);
  await app.ready();
  const { db } = app;
  try {
    // 06:00 in Manila on the run day; every seeded line is due the next day (the -1 reminder).
    const at = new Date('2026-12-01T06:00:00+08:00');
    const tomorrow = addDays(calendarDateAt(at, config.lenderTimeZone), 1);
    const product = await db
      .selectFrom('products')
      .select(['id'])
      .where('name', '=', 'Kwarta Flex')
      .executeTakeFirstOrThrow();
    const seedStart = performance.now();
    for (let start = 0; start < orderCount; start += BATCH) {
      const size = Math.min(BATCH, orderCount - start);
      const borrowers = await db
        .insertInto('borrowers')
        .values(
          Array.from({ length: size }, (_, i) => ({
            phone: `0917${String(start + i).padStart(7, '0')}`,
            full_name: `Bench Borrower ${start + i}`,
            is_repeat_client: 0,
            created_at: at.toISOString(),
          })),
        )
        .returning('id')
        .execute();
      const orders = await db
        .insertInto('orders')
        .values(
          borrowers.map((borrower, i) => ({
            order_no: `BENCHR${String(start + i).padStart(9, '0')}`,
            borrower_id: borrower.id,
            product_id: product.id,
            status: OrderStatus.Repaying,
            principal: 900_000,
            total_due: 1_053_000,
            paid_amount: 0,
            term_days: 91,
            periods: 3,
            collection_complaints_allowed: 0,
            applied_at: at.toISOString(),
            disbursed_on: addDays(tomorrow, -30),
            due_date: tomorrow,
            settled_at: null,
            created_at: at.toISOString(),
            updated_at: at.toISOString(),
            request_id: null,
            withdraw_confirmed_at: null,
          })),
        )
        .returning('id')
        .execute();
      await db
        .insertInto('order_plan_lines')
        .values(
          orders.map((order) => ({
            order_id: order.id,
            seq: 1,
            due_date: tomorrow,
            principal: 300_000,
            interest: 51_000,
            amount: 351_000,
            paid_amount: 0,
          })),
        )
        .execute();
    }
    if (target === 'postgres') await sql`ANALYZE`.execute(db);
    console.log(
      `${target}: ${orderCount} orders with a line due ${tomorrow} seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    global.gc?.();
    const baseline = process.memoryUsage();
    let peakRss = baseline.rss;
    let peakHeap = baseline.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 20);
    // Counted in a registry of its own, as a CLI run does (nobody scrapes it).
    const metrics = new Metrics();
    const started = performance.now();
    const { queued } = await queueDueReminders({ db, config, metrics }, at);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const rerunStart = performance.now();
    const again = await queueDueReminders({ db, config, metrics }, at);
    const rerunSeconds = (performance.now() - rerunStart) / 1000;
    const recorded = await db
      .selectFrom('sms_messages')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('dedupe_key', 'like', 'reminder:%')
      .executeTakeFirstOrThrow();
    const ours = Number(recorded.n);
    console.log(
      `${target}: queued ${queued} reminders in ${seconds.toFixed(1)} s (${Math.round(queued / seconds)}/s); ` +
        `recorded ${ours}; a second run queued ${again.queued} in ${rerunSeconds.toFixed(1)} s`,
    );
    console.log(
      `${target}: memory before ${MiB(baseline.rss)} RSS / ${MiB(baseline.heapUsed)} heap, ` +
        `peak during the run ${MiB(peakRss)} RSS / ${MiB(peakHeap)} heap`,
    );
    // Demo orders seeded with the app may have lines due tomorrow too: at least every bench line.
    return queued >= orderCount && again.queued === 0 && ours === queued;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (target === 'postgres') await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

let ok = true;
for (const target of targets) ok = (await measure(target)) && ok;
if (!ok) {
  console.error('bench:reminders: not every reminder was recorded exactly once');
  process.exit(1);
}
