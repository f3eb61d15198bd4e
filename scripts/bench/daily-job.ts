// The daily job at scale (decision 0099): status moves, penalty accruals and their journal
// entries over a book of open loans, killed (SIGKILL) about half-way and rerun to the end. Prints
// the time and peak memory, then runs it once more (the next hourly run that day, which finds all
// done), and checks that nothing was booked twice and the books balance.
//   npm run bench:daily-job [-- --loans 1000000 --postgres postgres://…/postgres]
//   npm run bench:daily-job -- --sqlite [--loans 20000]
// --standings rebuilds the portfolio's summaries after seeding, so every loan has the standing the
// money events would have written and the job's accruals are added to the aging penalty
// (decision 0118); without it the bulk rows have none and the job adds nothing there.
// PostgreSQL runs in a throwaway database, created and dropped; SQLite in a temporary directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { addDays, calendarDateAt, defaultLoanRules, LedgerAccount, OrderStatus } from '@kwarta/domain';
import { createDatabase } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import type { Database } from '../../server/src/db/schema.ts';
import {
  advanceOrdersByDate,
  ordersWithMoney,
  ORDER_STATUS_JOB_ACTOR,
} from '../../server/src/features/orders/index.ts';
import { rebuildPortfolioSummaries } from '../../server/src/features/portfolio/index.ts';
import { createThrowawayDatabase, ADMIN_POSTGRES_URL } from '../support/backing-services.ts';
import { seedOpenLoans } from './seed-orders.ts';

const TIME_ZONE = 'Asia/Manila';
const AT = new Date('2026-11-23T02:00:00.000Z'); // 10:00 in Manila
const TODAY = calendarDateAt(AT, TIME_ZONE);
const DUE_WINDOW_DAYS = 3;
// Days from today to each loan's due date, cycled: 8 of 20 overdue (to 180, a penalty each),
// 4 in the due window (to 174), 8 not yet due (left in 170).
const DUE_OFFSETS = Array.from({ length: 20 }, (_, k) => k - 8);

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : args[index + 1]!;
};

if (args.includes('--child')) await child();
else process.exit((await main()) ? 0 : 1);

/** The job itself, in a process of its own so that it can be killed: progress after each page. */
async function child(): Promise<void> {
  const { db } = createDatabase({
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
    dataDir: process.env.BENCH_DATA_DIR!,
  });
  const started = performance.now();
  const run = await advanceOrdersByDate({ db, config: { lenderTimeZone: TIME_ZONE } }, AT, {
    afterPage: ({ lastOrderId }) => {
      process.stdout.write(`page ${lastOrderId}\n`);
    },
  });
  const ms = performance.now() - started;
  await db.destroy();
  process.stdout.write(`done ${JSON.stringify({ ...run, ms, maxRssKb: process.resourceUsage().maxRSS })}\n`);
}

interface ChildRun {
  ms: number;
  peakRssKb: number;
  killed: boolean;
  lastOrderId: number;
  result?: { due: number; overdue: number; penalties: number; ms: number; maxRssKb: number };
}

/** Runs the job in a child process, killing it once a page past `killAfterId` has committed. */
function runChild(env: Record<string, string>, killAfterId?: number): Promise<ChildRun> {
  const script = fileURLToPath(import.meta.url);
  const started = performance.now();
  const child = spawn(process.execPath, [...process.execArgv, script, '--child'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const outcome: ChildRun = { ms: 0, peakRssKb: 0, killed: false, lastOrderId: 0 };
  // The child's resident memory, sampled from /proc (a killed child reports nothing itself).
  const sample = () => {
    try {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      outcome.peakRssKb = Math.max(outcome.peakRssKb, kb);
    } catch {
      // gone already
    }
  };
  const sampler = setInterval(sample, 100);
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let newline;
    while ((newline = buffered.indexOf('\n')) !== -1) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.startsWith('page ')) {
        outcome.lastOrderId = Number(line.slice(5));
        if (killAfterId !== undefined && !outcome.killed && outcome.lastOrderId >= killAfterId) {
          sample();
          outcome.killed = true;
          child.kill('SIGKILL');
        }
      } else if (line.startsWith('done ')) outcome.result = JSON.parse(line.slice(5));
    }
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code, signal) => {
      clearInterval(sampler);
      outcome.ms = performance.now() - started;
      if (outcome.result) outcome.peakRssKb = Math.max(outcome.peakRssKb, outcome.result.maxRssKb);
      if (code === 0 || (outcome.killed && signal === 'SIGKILL')) resolve(outcome);
      else reject(new Error(`the job's process ended with ${code ?? signal}`));
    });
  });
}

async function count(db: Kysely<Database>, query: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`${sql.raw(query)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

async function main(): Promise<boolean> {
  const onSqlite = args.includes('--sqlite');
  const loans = Number(option('--loans', onSqlite ? '20000' : '1000000'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kwarta-bench-daily-job-'));
  const throwaway = onSqlite
    ? undefined
    : await createThrowawayDatabase('kwarta_bench_dj', option('--postgres', ADMIN_POSTGRES_URL));
  const { db } = createDatabase({ databaseUrl: throwaway?.url, dataDir });
  const env = { BENCH_DATABASE_URL: throwaway?.url ?? '', BENCH_DATA_DIR: dataDir };
  const target = onSqlite ? 'SQLite' : 'PostgreSQL';
  console.log(
    `Daily job over ${loans.toLocaleString('en')} open loans on ${target}, ${TODAY}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  try {
    await migrateToLatest(db);
    const product = await db
      .insertInto('products')
      .values({
        name: 'Daily Job Bench',
        logo_url: '/brand/product-starter.svg',
        min_amount: 100_000,
        max_amount: 2_000_000,
        term_days: 30,
        periods: 1,
        term_rate_bps: 2_000,
        rate_description: '',
        description: '',
        button_text: 'Apply',
        clickable: 1,
        loan_rules: JSON.stringify(defaultLoanRules),
        sort_order: 1,
        created_at: AT.toISOString(),
        due_window_days: DUE_WINDOW_DAYS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const seedStart = performance.now();
    await seedOpenLoans(db, { count: loans, today: TODAY, dueOffsets: DUE_OFFSETS, productId: product.id });
    console.log(`  seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    if (args.includes('--standings')) {
      const rebuildStart = performance.now();
      const orderIds = await ordersWithMoney(db);
      await rebuildPortfolioSummaries(db, { orderIds, timeZone: TIME_ZONE, check: false });
      console.log(
        `  portfolio summaries rebuilt for ${orderIds.length} orders in ${((performance.now() - rebuildStart) / 1000).toFixed(1)} s`,
      );
    }
    if (!onSqlite) await sql`analyze`.execute(db);
    const expectedOverdue = await count(
      db,
      `select count(*) as n from orders where status = ${OrderStatus.Repaying} and due_date < '${TODAY}'`,
    );
    const expectedDue = await count(
      db,
      `select count(*) as n from orders where status = ${OrderStatus.Repaying} and due_date >= '${TODAY}'
         and due_date <= '${addDays(TODAY, DUE_WINDOW_DAYS)}'`,
    );
    const ids = await db
      .selectFrom('orders')
      .select((eb) => [eb.fn.min('id').as('first'), eb.fn.max('id').as('last')])
      .executeTakeFirstOrThrow();
    const halfway = Math.floor((Number(ids.first) + Number(ids.last)) / 2);

    const killed = await runChild(env, halfway);
    const afterKill = {
      moved: await count(
        db,
        `select count(*) as n from order_status_history where actor = '${ORDER_STATUS_JOB_ACTOR}'`,
      ),
      accruals: await count(db, `select count(*) as n from order_penalty_accruals`),
    };
    console.log(
      `  run 1: killed (SIGKILL) after ${(killed.ms / 1000).toFixed(1)} s, past order ${killed.lastOrderId} of ${ids.first}–${ids.last}; committed so far: ${afterKill.moved} status moves, ${afterKill.accruals} accruals; peak RSS ${(killed.peakRssKb / 1024).toFixed(0)} MB`,
    );
    const rerun = await runChild(env);
    console.log(
      `  run 2: to the end in ${(rerun.ms / 1000).toFixed(1)} s (job ${(rerun.result!.ms / 1000).toFixed(1)} s): ${rerun.result!.due} to 174, ${rerun.result!.overdue} to 180, ${rerun.result!.penalties} penalties; peak RSS ${(rerun.peakRssKb / 1024).toFixed(0)} MB`,
    );
    // The next hour's run the same day, as the scheduler makes it: finds everything done.
    const hourly = await runChild(env);
    console.log(
      `  run 3 (the next hourly run that day): ${(hourly.ms / 1000).toFixed(1)} s (job ${(hourly.result!.ms / 1000).toFixed(1)} s); peak RSS ${(hourly.peakRssKb / 1024).toFixed(0)} MB`,
    );
    const moved = {
      due: await count(db, `select count(*) as n from orders where status = ${OrderStatus.Due}`),
      overdue: await count(db, `select count(*) as n from orders where status = ${OrderStatus.Overdue}`),
    };
    const accruals = await count(
      db,
      `select count(*) as n from order_penalty_accruals where accrued_on = '${TODAY}'`,
    );
    const penaltyEntries = await count(
      db,
      `select count(*) as n from journal_entries where kind = 'accrual' and event_key like 'penalty:%:${TODAY}'`,
    );
    const totalMs = killed.ms + rerun.ms;
    console.log(
      `  total ${(totalMs / 1000).toFixed(1)} s for both runs; peak RSS ${(Math.max(killed.peakRssKb, rerun.peakRssKb) / 1024).toFixed(0)} MB; ${moved.due} in 174, ${moved.overdue} in 180, ${accruals} penalties booked`,
    );

    const checks: [string, number, number][] = [
      [
        'moves and penalties booked by run 3',
        hourly.result!.due + hourly.result!.overdue + hourly.result!.penalties,
        0,
      ],
      ['orders moved to 174', moved.due, expectedDue],
      ['orders moved to 180', moved.overdue, expectedOverdue],
      ['accrual rows for the date', accruals, expectedOverdue],
      ['penalty entries for the date', penaltyEntries, expectedOverdue],
      [
        'status moves recorded twice',
        await count(
          db,
          `select count(*) as n from (select order_id, to_status from order_status_history
             group by order_id, to_status having count(*) > 1) twice`,
        ),
        0,
      ],
      [
        'event keys booked twice',
        await count(db, `select count(*) - count(distinct event_key) as n from journal_entries`),
        0,
      ],
      [
        'entries that do not balance',
        await count(
          db,
          `select count(*) as n from (select entry_id from journal_lines group by entry_id
             having sum(debit) <> sum(credit) or count(*) < 2) unbalanced`,
        ),
        0,
      ],
      [
        'entries without lines',
        await count(
          db,
          `select count(*) as n from journal_entries e where not exists
             (select 1 from journal_lines l where l.entry_id = e.id)`,
        ),
        0,
      ],
      [
        'trial balance: debits − credits',
        await count(db, `select sum(debit) - sum(credit) as n from journal_lines`),
        0,
      ],
      [
        'penalty receivable − orders’ penalties',
        (await count(
          db,
          `select sum(debit) - sum(credit) as n from journal_lines where account = '${LedgerAccount.PenaltyReceivable}'`,
        )) - (await count(db, `select sum(penalty_amount) as n from orders`)),
        0,
      ],
      ...(args.includes('--standings')
        ? [
            [
              'portfolio summaries differing from their rows (aging penalty included)',
              (
                await rebuildPortfolioSummaries(db, {
                  orderIds: await ordersWithMoney(db),
                  timeZone: TIME_ZONE,
                  check: true,
                })
              ).differences.length,
              0,
            ] as [string, number, number],
          ]
        : []),
    ];
    let ok = true;
    for (const [name, actual, expected] of checks) {
      const passed = actual === expected;
      ok &&= passed;
      console.log(
        `  ${passed ? 'ok  ' : 'FAIL'} ${name}: ${actual}${passed ? '' : ` (expected ${expected})`}`,
      );
    }
    if (!killed.killed) {
      console.log('  FAIL the first run ended before it could be killed half-way');
      ok = false;
    }
    return ok;
  } finally {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await throwaway?.drop();
  }
}
