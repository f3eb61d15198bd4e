// Seeds a large order book for the console benchmark: `count` orders over count/5 borrowers,
// in every status, spread over a year, inserted in batches (one transaction per batch).
import { sql, type Kysely } from 'kysely';
import { addDays, LedgerAccount, OrderStatus, type CalendarDate } from '@kwarta/domain';
import type { Database } from '../../server/src/db/schema.ts';

const STATUSES = Object.values(OrderStatus);

export async function seedBenchOrders(
  db: Kysely<Database>,
  count: number,
  now = new Date('2026-11-23T00:00:00Z'),
): Promise<{ phones: string[]; orderNos: string[] }> {
  const products = await db.selectFrom('products').select(['id', 'term_days', 'periods']).execute();
  if (products.length === 0) throw new Error('seed the demo products first (SEED_DEMO)');
  const borrowerCount = Math.ceil(count / 5);
  const phones: string[] = [];
  const batch = 1000;
  for (let start = 0; start < borrowerCount; start += batch) {
    const rows = [];
    for (let index = start; index < Math.min(borrowerCount, start + batch); index += 1) {
      const phone = `137${String(index).padStart(8, '0')}`;
      phones.push(phone);
      rows.push({
        phone,
        full_name: `Bench Borrower ${index}`,
        is_repeat_client: index % 3 === 0 ? 1 : 0,
        created_at: now.toISOString(),
      });
    }
    await db.insertInto('borrowers').values(rows).execute();
  }
  const firstBorrower = await db
    .selectFrom('borrowers')
    .select('id')
    .where('phone', '=', phones[0]!)
    .executeTakeFirstOrThrow();
  const orderNos: string[] = [];
  for (let start = 0; start < count; start += batch) {
    const rows = [];
    for (let index = start; index < Math.min(count, start + batch); index += 1) {
      const product = products[index % products.length]!;
      const status = STATUSES[index % STATUSES.length]!;
      const applied = new Date(now.getTime() - (count - index) * 300_000).toISOString();
      const orderNo = `BENCH${String(index).padStart(9, '0')}`;
      orderNos.push(orderNo);
      rows.push({
        order_no: orderNo,
        borrower_id: firstBorrower.id + (index % borrowerCount),
        product_id: product.id,
        status,
        principal: 500_000 + (index % 20) * 50_000,
        total_due: 600_000 + (index % 20) * 60_000,
        paid_amount: 0,
        term_days: product.term_days,
        periods: product.periods,
        collection_complaints_allowed: 0,
        applied_at: applied,
        disbursed_on: null,
        due_date: status >= OrderStatus.Repaying ? applied.slice(0, 10) : null,
        settled_at: null,
        created_at: applied,
        updated_at: applied,
        request_id: null,
        withdraw_confirmed_at: null,
      });
    }
    await db.insertInto('orders').values(rows).execute();
  }
  return { phones, orderNos };
}

/**
 * Seeds `count` disbursed loans in repayment (170) for the daily job's benchmark: a borrower each,
 * one plan line each, and each loan's disbursement journal entry (principal and interest
 * receivable against payouts in transit and interest income). Due dates cycle over
 * `dueOffsets` (days from `today`), so the job finds some overdue, some in the due window and some
 * not yet due. Set-based SQL (a recursive counter, the same on SQLite and PostgreSQL), so a million
 * loans take a minute, not an hour of round trips. Loans are told apart by their order number
 * prefix `DJ`.
 */
export async function seedOpenLoans(
  db: Kysely<Database>,
  options: { count: number; today: CalendarDate; dueOffsets: readonly number[]; productId: number },
): Promise<void> {
  const { count, today } = options;
  const at = `${today}T00:00:00.000Z`;
  const dues = sql.join(
    options.dueOffsets.map((offset, k) => sql`(${sql.lit(k)}, ${sql.lit(addDays(today, offset))})`),
  );
  const k = options.dueOffsets.length;
  // Numbers are 10,000,000 + i, so phones and order numbers sort and parse back without padding.
  await sql`
    insert into borrowers (phone, full_name, is_repeat_client, created_at)
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(count)})
    select '138' || (10000000 + i), 'Daily Job Borrower', case when i % 3 = 0 then 1 else 0 end, ${at} from n`.execute(
    db,
  );
  await sql`
    insert into orders (order_no, borrower_id, product_id, status, principal, total_due, paid_amount,
      term_days, periods, collection_complaints_allowed, applied_at, disbursed_on, due_date,
      settled_at, created_at, updated_at)
    with dues(k, due) as (values ${dues}),
    b as (select id, cast(substr(phone, 4) as integer) - 10000000 as i from borrowers where phone like '138%')
    select 'DJ' || (100000000 + b.i), b.id, ${sql.lit(options.productId)}, ${sql.lit(OrderStatus.Repaying)},
      500000 + (b.i % 20) * 50000, 600000 + (b.i % 20) * 60000, 0, 30, 1, 0, ${at}, ${today}, dues.due,
      null, ${at}, ${at}
    from b join dues on dues.k = b.i % ${sql.lit(k)}
    order by b.i`.execute(db);
  await sql`
    insert into order_plan_lines (order_id, seq, due_date, principal, interest, amount, paid_amount)
    select id, 1, due_date, principal, total_due - principal, total_due, 0
    from orders where order_no like 'DJ%'`.execute(db);
  await sql`
    insert into journal_entries (entry_date, posted_at, kind, event_key, order_id, payment_id,
      provider, provider_ref, reverses_entry_id, memo)
    select ${today}, ${at}, 'disbursement', 'bench-disbursement:' || id, id, null, null, null, null,
      'bench loan'
    from orders where order_no like 'DJ%'`.execute(db);
  const lines: [string, 'debit' | 'credit', 'principal' | 'interest'][] = [
    [LedgerAccount.PrincipalReceivable, 'debit', 'principal'],
    [LedgerAccount.PayoutsInTransit, 'credit', 'principal'],
    [LedgerAccount.InterestReceivable, 'debit', 'interest'],
    [LedgerAccount.InterestIncome, 'credit', 'interest'],
  ];
  for (const [account, side, what] of lines) {
    const amount = what === 'principal' ? sql`o.principal` : sql`o.total_due - o.principal`;
    await sql`
      insert into journal_lines (entry_id, entry_date, order_id, account, debit, credit)
      select e.id, e.entry_date, o.id, ${account}, ${side === 'debit' ? amount : sql`0`},
        ${side === 'credit' ? amount : sql`0`}
      from journal_entries e join orders o on o.id = e.order_id
      where e.event_key like 'bench-disbursement:%'`.execute(db);
  }
}
