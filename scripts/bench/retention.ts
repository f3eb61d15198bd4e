// The retention job at scale (decision 0107): a million borrowers of whom a tenth ended their
// relationship more than the records' period ago, anonymised in batches; then the same run again,
// which must change nothing. Prints the time and peak memory of each, then the time to prepare
// the export of a borrower with 100 loans (budget 2 s).
//   npm run bench:retention [-- --borrowers 1000000 --every 10]
// SQLite in a temporary directory (the default database); the job's SQL is the same on PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { defaultLoanRules } from '@kwarta/domain';
import { philippineRetention } from '@kwarta/domain/retention';
import { createDatabase } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { createLocalBlobStorage } from '../../server/src/lib/blob-storage.ts';
import { applyRetention, buildDataExport } from '../../server/src/features/data-privacy/index.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : Number(args[index + 1]);
};
const BORROWERS = option('--borrowers', 1_000_000);
const EVERY = option('--every', 10);
const EXPORT_BUDGET_MS = 2_000;
const NOW = new Date('2026-11-27T02:00:00.000Z');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-bench-retention-'));
const { db } = createDatabase({ dataDir });
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
try {
  await migrateToLatest(db);
  const seedStart = performance.now();
  // One in EVERY registered years ago with no loan: due. The rest registered this year.
  await sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${BORROWERS})
    insert into borrowers (phone, full_name, is_repeat_client, created_at)
    select '09' || printf('%09d', i), 'Bench Borrower ' || i, 0,
      case when i % ${EVERY} = 0 then '2019-01-01T00:00:00.000Z' else '2026-01-01T00:00:00.000Z' end
    from n`.execute(db);
  console.log(
    `seeded ${BORROWERS.toLocaleString('en')} borrowers in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const deps = {
    db,
    storage: createLocalBlobStorage(path.join(dataDir, 'uploads')),
    retention: philippineRetention,
    timeZone: 'Asia/Manila',
  };
  for (const label of ['first run', 'second run']) {
    const started = performance.now();
    const counts = await applyRetention(deps, { now: NOW });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${label}: ${JSON.stringify(counts)} in ${seconds.toFixed(1)} s, peak memory ${mb(process.resourceUsage().maxRSS)}`,
    );
  }

  // A borrower with 100 loans of 3 instalments each, for the export.
  const product = await db
    .insertInto('products')
    .values({
      name: 'Export Bench',
      logo_url: '/brand/product-starter.svg',
      min_amount: 100_000,
      max_amount: 2_000_000,
      term_days: 91,
      periods: 3,
      term_rate_bps: 2_000,
      rate_description: '',
      description: '',
      button_text: 'Apply',
      clickable: 1,
      loan_rules: JSON.stringify(defaultLoanRules),
      sort_order: 1,
      created_at: NOW.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const borrower = await db
    .selectFrom('borrowers')
    .select('id')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const at = NOW.toISOString();
  for (let n = 0; n < 100; n += 1) {
    const order = await db
      .insertInto('orders')
      .values({
        order_no: `KWEXPORT${n}`,
        borrower_id: borrower.id,
        product_id: product.id,
        status: 200,
        principal: 500_000,
        total_due: 575_000,
        paid_amount: 575_000,
        term_days: 91,
        periods: 3,
        collection_complaints_allowed: 1,
        applied_at: at,
        disbursed_on: at.slice(0, 10),
        due_date: at.slice(0, 10),
        settled_at: at,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_plan_lines')
      .values(
        [1, 2, 3].map((seq) => ({
          order_id: order.id,
          seq,
          due_date: at.slice(0, 10),
          principal: 166_667,
          interest: 25_000,
          amount: 191_667,
          paid_amount: 191_667,
        })),
      )
      .execute();
  }
  const exportStart = performance.now();
  const exported = await buildDataExport(db, { borrowerId: borrower.id, now: NOW });
  const json = JSON.stringify(exported);
  const exportMs = performance.now() - exportStart;
  console.log(
    `export of a borrower with 100 loans: ${exportMs.toFixed(0)} ms, ${(json.length / 1024).toFixed(0)} KB (budget ${EXPORT_BUDGET_MS} ms) ${exportMs <= EXPORT_BUDGET_MS ? 'OK' : 'OVER BUDGET'}`,
  );
  process.exitCode = exportMs <= EXPORT_BUDGET_MS ? 0 : 1;
} finally {
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
