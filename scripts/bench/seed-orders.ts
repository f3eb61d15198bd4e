// Seeds large books for the benchmarks. seedBenchOrders: `count` orders over count/5 borrowers, in
// every status, applied over the past year, inserted in batches (one transaction per batch).
// Disbursed orders (status ≥ 170) carry what a portfolio is read from: a disbursement date, their
// plan lines, and a paid payment per instalment paid; a quarter of the borrowers registered
// through each of three campaigns (registrations.utm_tag, BENCH_CAMPAIGNS). seedOpenLoans: open
// loans with a plan line and their disbursement entry, for the daily job.
import { sql, type Insertable, type Kysely } from 'kysely';
import { addDays, calendarDateAt, LedgerAccount, OrderStatus, type CalendarDate } from '@kwarta/domain';
import type { Database } from '../../server/src/db/schema.ts';

const STATUSES = Object.values(OrderStatus);
const LIVE: number[] = [OrderStatus.Repaying, OrderStatus.Due, OrderStatus.Overdue];
export const BENCH_CAMPAIGNS = ['bench-facebook', 'bench-tiktok', 'bench-google'] as const;
const YEAR_MS = 365 * 86_400_000;
const earliest = (a: CalendarDate, b: CalendarDate) => (a < b ? a : b);
const latest = (a: CalendarDate, b: CalendarDate) => (a > b ? a : b);

/**
 * Multi-row inserts of at most ~30,000 bound values each: under SQLite's 32,766 and PostgreSQL's
 * 65,535 parameters, and large enough that a million orders are a few thousand statements.
 */
async function insertAll<Table extends keyof Database & string>(
  db: Kysely<Database>,
  table: Table,
  rows: Insertable<Database[Table]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const chunk = Math.floor(30_000 / Object.keys(rows[0]!).length);
  for (let start = 0; start < rows.length; start += chunk)
    await db
      .insertInto(table)
      .values(rows.slice(start, start + chunk) as never)
      .execute();
}

/** Splits `total` into `parts` whole amounts, the remainder on the last. */
const split = (total: number, parts: number) => {
  const each = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, k) => (k === parts - 1 ? total - each * (parts - 1) : each));
};

interface SeededOrder {
  index: number;
  borrower_id: number;
  status: number;
  principal: number;
  total_due: number;
  term_days: number;
  periods: number;
  disbursed_on: CalendarDate;
}

/**
 * An order's plan (equal instalments at term/periods intervals) and its paid part: settled orders
 * paid every line, live ones every line already due (overdue ones all but the last of those, so
 * their oldest unpaid instalment is late), each paid by one payment on or a day or two before its
 * due date. The lines and payments are the order's once it has an id.
 */
function repaymentOf(order: SeededOrder, today: CalendarDate) {
  const lines: Omit<Insertable<Database['order_plan_lines']>, 'order_id'>[] = [];
  const payments: Omit<Insertable<Database['payments']>, 'order_id'>[] = [];
  const principals = split(order.principal, order.periods);
  const interests = split(order.total_due - order.principal, order.periods);
  const dues = principals.map((_, k) =>
    addDays(order.disbursed_on, Math.round((order.term_days * (k + 1)) / order.periods)),
  );
  const pastDue = dues.filter((due) => due < today).length;
  const paidCount =
    order.status === OrderStatus.Settled
      ? order.periods
      : order.status === OrderStatus.Overdue
        ? Math.max(0, pastDue - 1)
        : pastDue;
  let paid = 0;
  let lastPaidAt: string | null = null;
  for (let k = 0; k < order.periods; k += 1) {
    const amount = principals[k]! + interests[k]!;
    const isPaid = k < paidCount;
    lines.push({
      seq: k + 1,
      due_date: dues[k]!,
      principal: principals[k]!,
      interest: interests[k]!,
      amount,
      paid_amount: isPaid ? amount : 0,
      interest_paid: isPaid ? interests[k]! : 0,
      principal_paid: isPaid ? principals[k]! : 0,
    });
    if (!isPaid) continue;
    const paidOn = addDays(dues[k]! < today ? dues[k]! : today, -(order.index % 3));
    const paidAt = `${paidOn}T0${(order.index + k) % 10}:15:00.000Z`;
    paid += amount;
    lastPaidAt = paidAt;
    payments.push({
      provider: 'bench',
      txnid: `bench-${order.index}-${k + 1}`,
      borrower_id: order.borrower_id,
      kind: 'repayment',
      expected_amount: amount,
      received_amount: amount,
      channel: 'bench',
      status: 'paid',
      open_key: null,
      expires_at: paidAt,
      created_at: paidAt,
      updated_at: paidAt,
      paid_at: paidAt,
    });
  }
  return {
    paid,
    dueDate: dues[Math.min(paidCount, order.periods - 1)]!,
    settledAt: order.status === OrderStatus.Settled ? lastPaidAt : null,
    lines,
    payments,
  };
}

export async function seedBenchOrders(
  db: Kysely<Database>,
  count: number,
  now = new Date('2026-11-23T00:00:00Z'),
): Promise<{ phones: string[]; orderNos: string[] }> {
  const products = await db.selectFrom('products').select(['id', 'term_days', 'periods']).execute();
  if (products.length === 0) throw new Error('seed the demo products first (SEED_DEMO)');
  const today = now.toISOString().slice(0, 10);
  const borrowerCount = Math.ceil(count / 5);
  const phones: string[] = [];
  const batch = 1000;
  for (let start = 0; start < borrowerCount; start += batch) {
    const rows: Insertable<Database['borrowers']>[] = [];
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
    await db.transaction().execute(async (trx) => {
      const ids = await trx.insertInto('borrowers').values(rows).returning('id').execute();
      await insertAll(
        trx,
        'registrations',
        ids.flatMap(({ id }, offset) => {
          const campaign = BENCH_CAMPAIGNS[(start + offset) % 4];
          return campaign === undefined
            ? []
            : [
                {
                  borrower_id: id,
                  utm_tag: campaign,
                  user_name: '',
                  merchant_number: 0,
                  created_at: now.toISOString(),
                },
              ];
        }),
      );
    });
  }
  const firstBorrower = await db
    .selectFrom('borrowers')
    .select('id')
    .where('phone', '=', phones[0]!)
    .executeTakeFirstOrThrow();
  const orderNos: string[] = [];
  for (let start = 0; start < count; start += batch) {
    const rows: Insertable<Database['orders']>[] = [];
    const plans: (ReturnType<typeof repaymentOf> | null)[] = [];
    for (let index = start; index < Math.min(count, start + batch); index += 1) {
      const product = products[index % products.length]!;
      const status = STATUSES[index % STATUSES.length]!;
      const applied = new Date(now.getTime() - ((count - index) * YEAR_MS) / count).toISOString();
      // The lender's day (the benchmarks' default zone): a loan is never disbursed the day before
      // it was applied for, which the CIC file's validator would refuse.
      const appliedOn = calendarDateAt(new Date(applied), 'Asia/Manila');
      const borrowerId = firstBorrower.id + (index % borrowerCount);
      const principal = 500_000 + (index % 20) * 50_000;
      const totalDue = 600_000 + (index % 20) * 60_000;
      // Settled loans were disbursed the day after they were applied for; live ones within their
      // term, so part of their plan is still ahead.
      const disbursedOn =
        status < OrderStatus.Repaying
          ? null
          : LIVE.includes(status)
            ? latest(addDays(today, -((index * 7919) % product.term_days)), appliedOn)
            : earliest(addDays(appliedOn, 1), today);
      const plan =
        disbursedOn === null
          ? null
          : repaymentOf(
              {
                index,
                borrower_id: borrowerId,
                status,
                principal,
                total_due: totalDue,
                term_days: product.term_days,
                periods: product.periods,
                disbursed_on: disbursedOn,
              },
              today,
            );
      plans.push(plan);
      const orderNo = `BENCH${String(index).padStart(9, '0')}`;
      orderNos.push(orderNo);
      rows.push({
        order_no: orderNo,
        borrower_id: borrowerId,
        product_id: product.id,
        status,
        principal,
        total_due: totalDue,
        paid_amount: plan?.paid ?? 0,
        term_days: product.term_days,
        periods: product.periods,
        collection_complaints_allowed: 0,
        applied_at: applied,
        disbursed_on: disbursedOn,
        due_date: plan?.dueDate ?? null,
        settled_at: plan?.settledAt ?? null,
        created_at: applied,
        updated_at: applied,
        request_id: null,
        withdraw_confirmed_at: null,
      });
    }
    await db.transaction().execute(async (trx) => {
      const ids = await trx.insertInto('orders').values(rows).returning('id').execute();
      const ofOrder = <Row>(pick: (plan: ReturnType<typeof repaymentOf>) => Row[]) =>
        plans.flatMap((plan, offset) =>
          plan === null ? [] : pick(plan).map((row) => ({ ...row, order_id: ids[offset]!.id })),
        );
      await insertAll(
        trx,
        'order_plan_lines',
        ofOrder((plan) => plan.lines),
      );
      await insertAll(
        trx,
        'payments',
        ofOrder((plan) => plan.payments),
      );
    });
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
