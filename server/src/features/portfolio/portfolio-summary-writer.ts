import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  keptParts,
  orderContribution,
  PortfolioFigure,
  sumChanges,
  sumKey,
  type OrderContribution,
  type OrderMoneyRows,
  type SumPart,
} from './portfolio-contributions.ts';

/**
 * The one writer of the portfolio's summaries (decision 0111). Each money event that changes what
 * the portfolio shows (a payout paid, a payment applied, a write-off) calls `recordOrderPortfolio`
 * in its own transaction: the order's part of the sums is recomputed from its rows and only the
 * difference from its last part is added, so the sums commit or roll back with the event.
 */

/** A standing row not yet written by any event: what `takeStandings` inserts to lock and read through. */
const UNWRITTEN = {
  product_id: 0,
  utm_tag: '',
  outstanding_principal: 0,
  oldest_unpaid_due: null,
  sums: '[]',
  aging_day: null,
  penalty_owed: 0,
};

/**
 * The orders' standing rows, inserted when missing, each under its row lock on PostgreSQL: two
 * events on one order write its part one after the other, the second reading the first's rows
 * (read committed reads what committed before each statement). Their rows are read through it.
 */
async function takeStandings(db: Kysely<Database>, orderIds: number[]) {
  return db
    .insertInto('portfolio_order_standings')
    .values(orderIds.map((orderId) => ({ order_id: orderId, ...UNWRITTEN })))
    .onConflict((conflict) =>
      conflict.column('order_id').doUpdateSet((eb) => ({ order_id: eb.ref('excluded.order_id') })),
    )
    .returningAll()
    .execute();
}

/**
 * The orders' own rows, read through their standing rows (taken first): each order with its plan
 * lines in one statement (a row per line), and its paid payments. Two statements, not three: a
 * money event's summary is written in its transaction, and on PostgreSQL each statement is a
 * round trip (decision 0099).
 */
export async function orderMoneyRows(db: Kysely<Database>, orderIds: number[]): Promise<OrderMoneyRows[]> {
  if (orderIds.length === 0) return [];
  const through = () => db.selectFrom('portfolio_order_standings as standing');
  const [orderLines, payments] = await Promise.all([
    through()
      .innerJoin('orders', 'orders.id', 'standing.order_id')
      .leftJoin('registrations', 'registrations.borrower_id', 'orders.borrower_id')
      .leftJoin('order_plan_lines as line', 'line.order_id', 'orders.id')
      .select([
        'orders.id',
        'orders.product_id',
        'registrations.utm_tag',
        'orders.status',
        'orders.principal',
        'orders.total_due',
        'orders.penalty_amount',
        'orders.penalty_paid',
        'orders.disbursed_on',
        'line.seq',
        'line.due_date',
        'line.principal as line_principal',
        'line.principal_paid',
        'line.interest',
        'line.interest_paid',
        'line.amount',
        'line.paid_amount',
      ])
      .where('standing.order_id', 'in', orderIds)
      .orderBy('orders.id')
      .orderBy('line.seq')
      .execute(),
    through()
      .innerJoin('payments', 'payments.order_id', 'standing.order_id')
      .select(['payments.order_id', 'payments.paid_at', 'payments.received_amount'])
      .where('standing.order_id', 'in', orderIds)
      .where('payments.status', '=', 'paid')
      .execute(),
  ]);
  const byOrder = new Map<number, OrderMoneyRows>();
  for (const row of orderLines) {
    let order = byOrder.get(row.id);
    if (!order) {
      order = {
        orderId: row.id,
        productId: row.product_id,
        utmTag: row.utm_tag ?? '',
        status: row.status,
        principal: row.principal,
        totalDue: row.total_due,
        penaltyOwed: row.penalty_amount - row.penalty_paid,
        disbursedOn: row.disbursed_on,
        lines: [],
        paidPayments: [],
      };
      byOrder.set(row.id, order);
    }
    // An order without plan lines comes back as one row whose line columns are null.
    if (row.seq === null) continue;
    order.lines.push({
      seq: row.seq,
      dueDate: row.due_date!,
      principal: row.line_principal!,
      principalPaid: row.principal_paid!,
      interest: row.interest!,
      interestPaid: row.interest_paid!,
      amount: row.amount!,
      paidAmount: row.paid_amount!,
    });
  }
  for (const payment of payments) {
    byOrder
      .get(payment.order_id)
      ?.paidPayments.push({ paidAt: payment.paid_at, receivedAmount: payment.received_amount });
  }
  return [...byOrder.values()];
}

/** A change to one row of portfolio_sums. */
interface SumRow {
  figure: string;
  product_id: number;
  utm_tag: string;
  day: string;
  month: string;
  amount: number;
}

const rowKey = (row: SumRow) => `${row.figure}|${row.product_id}|${row.utm_tag}|${row.day}|${row.month}`;

/**
 * Adds the changes to portfolio_sums, in the key's order: concurrent events on other orders lock
 * the rows they share (today's collections) in the same order, so they wait, never deadlock.
 */
async function addToSums(db: Kysely<Database>, rows: SumRow[]): Promise<void> {
  const sorted = [...rows].sort((a, b) => (rowKey(a) < rowKey(b) ? -1 : 1));
  for (let start = 0; start < sorted.length; start += 500) {
    await db
      .insertInto('portfolio_sums')
      .values(sorted.slice(start, start + 500))
      .onConflict((conflict) =>
        conflict
          .columns(['figure', 'product_id', 'utm_tag', 'day', 'month'])
          .doUpdateSet({ amount: sql`portfolio_sums.amount + excluded.amount` }),
      )
      .execute();
  }
}

const asRows = (parts: Iterable<SumPart>, productId: number, utmTag: string, sign: 1 | -1): SumRow[] =>
  [...parts].map(([figure, day, month, amount]) => ({
    figure,
    product_id: productId,
    utm_tag: utmTag,
    day,
    month,
    amount: sign * amount,
  }));

/**
 * Sorted, so a standing's JSON is the same for the same part however it was reached. The aging
 * penalty is left out: the standing keeps it in its own columns (`keptParts`).
 */
const partsJson = (contribution: OrderContribution) =>
  JSON.stringify(
    [...contribution.sums.values()]
      .filter(([figure]) => figure !== PortfolioFigure.AgingPenalty)
      .sort((a, b) => (sumKey(a[0], a[1], a[2]) < sumKey(b[0], b[1], b[2]) ? -1 : 1)),
  );

function standingOf(order: OrderMoneyRows, contribution: OrderContribution) {
  return {
    order_id: order.orderId,
    product_id: order.productId,
    utm_tag: order.utmTag,
    outstanding_principal: contribution.outstandingPrincipal,
    oldest_unpaid_due: contribution.oldestUnpaidDue,
    sums: partsJson(contribution),
    aging_day: contribution.agingDay,
    penalty_owed: contribution.penaltyOwed,
  };
}

/**
 * Writes an order's part of the portfolio anew, inside the caller's transaction (the money
 * event's). Idempotent: a second call with nothing changed adds nothing.
 */
export async function recordOrderPortfolio(
  db: Kysely<Database>,
  orderId: number,
  timeZone: string,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const [before] = await takeStandings(trx, [orderId]);
    const [order] = await orderMoneyRows(trx, [orderId]);
    if (!before || !order) return;
    const after = orderContribution(order, timeZone);
    const previous = keptParts(before);
    const moved = before.product_id !== order.productId || before.utm_tag !== order.utmTag;
    await addToSums(
      trx,
      moved
        ? [
            ...asRows(previous, before.product_id, before.utm_tag, -1),
            ...asRows(after.sums.values(), order.productId, order.utmTag, 1),
          ]
        : asRows(sumChanges(previous, after.sums.values()), order.productId, order.utmTag, 1),
    );
    await trx
      .updateTable('portfolio_order_standings')
      .set(standingOf(order, after))
      .where('order_id', '=', orderId)
      .execute();
  });
}

/**
 * The daily job's penalty accruals (one day's) added to the aging's penalty (decision 0118),
 * set-based inside the job's page transaction, after it raised the orders' penalties: each order's
 * standing counts the accrual at its aging day, and the sums grow by the accruals grouped by
 * product, campaign and aging day. The job changes no plan line, payment nor live status, so the
 * rest of an order's part stands; an order without an aging day (nothing but fees unpaid) or
 * without a standing (rows no event wrote: the rebuild's) counts no penalty.
 */
export async function addPenaltyAccruals(
  trx: Kysely<Database>,
  accruals: readonly { orderId: number; amount: number }[],
): Promise<void> {
  if (accruals.length === 0) return;
  const amountOf = new Map(accruals.map((accrual) => [accrual.orderId, accrual.amount]));
  const grown = await trx
    .updateTable('portfolio_order_standings')
    // Each order's own accrual, inlined: the job's integers, one CASE for the page's orders.
    .set({
      penalty_owed: sql`penalty_owed + case order_id ${sql.join(
        accruals.map((accrual) => sql`when ${sql.lit(accrual.orderId)} then ${sql.lit(accrual.amount)}`),
        sql` `,
      )} else 0 end`,
    })
    .where('order_id', 'in', [...amountOf.keys()])
    .where('aging_day', 'is not', null)
    .returning(['order_id', 'product_id', 'utm_tag', 'aging_day'])
    .execute();
  const changes = new Map<string, SumRow>();
  for (const row of grown) {
    const change: SumRow = {
      figure: PortfolioFigure.AgingPenalty,
      product_id: row.product_id,
      utm_tag: row.utm_tag,
      day: row.aging_day!,
      month: '',
      amount: amountOf.get(row.order_id) ?? 0,
    };
    const same = changes.get(rowKey(change));
    if (same) same.amount += change.amount;
    else changes.set(rowKey(change), change);
  }
  await addToSums(
    trx,
    [...changes.values()].filter((row) => row.amount !== 0),
  );
}

const PAGE = 1_000;

/** Thrown to roll a check's transaction back: it only inserted standing rows to read through. */
class CheckDone extends Error {}

export interface PortfolioRebuild {
  orders: number;
  /** What the kept summaries say against what the rows say; empty when they agree. */
  differences: string[];
}

/**
 * Recomputes every summary from the orders' rows (`npm run report -- portfolio --rebuild`), or
 * with `check` compares the kept ones with that recomputation and changes nothing. One
 * transaction; on PostgreSQL it locks the summaries first, so an event committing meanwhile
 * either committed before (and is read) or waits and then writes its difference on the rebuilt rows.
 * `orderIds`: every order money moved for (orders' `ordersWithMoney`).
 */
export async function rebuildPortfolioSummaries(
  db: Kysely<Database>,
  options: { orderIds: number[]; timeZone: string; check: boolean },
): Promise<PortfolioRebuild> {
  const differences: string[] = [];
  const work = async (trx: Kysely<Database>) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`lock table portfolio_order_standings, portfolio_sums in exclusive mode`.execute(trx);
    }
    if (!options.check) {
      await trx.deleteFrom('portfolio_order_standings').execute();
      await trx.deleteFrom('portfolio_sums').execute();
    }
    const totals = new Map<string, SumRow>();
    for (let start = 0; start < options.orderIds.length; start += PAGE) {
      const page = options.orderIds.slice(start, start + PAGE);
      const kept = new Map((await takeStandings(trx, page)).map((row) => [row.order_id, row]));
      const standings = [];
      for (const order of await orderMoneyRows(trx, page)) {
        const contribution = orderContribution(order, options.timeZone);
        const standing = standingOf(order, contribution);
        standings.push(standing);
        for (const row of asRows(contribution.sums.values(), order.productId, order.utmTag, 1)) {
          const total = totals.get(rowKey(row));
          if (total) total.amount += row.amount;
          else totals.set(rowKey(row), row);
        }
        const was = kept.get(order.orderId);
        // An order no event wrote whose rows add nothing (a payout refused) is no difference.
        const neverWritten = was?.product_id === UNWRITTEN.product_id;
        if (options.check && was && !(neverWritten && contribution.sums.size === 0)) {
          const found = {
            ...standing,
            outstanding_principal: Number(was.outstanding_principal),
            oldest_unpaid_due: was.oldest_unpaid_due,
            product_id: was.product_id,
            utm_tag: was.utm_tag,
            sums: was.sums,
            aging_day: was.aging_day,
            penalty_owed: Number(was.penalty_owed),
          };
          if (JSON.stringify(found) !== JSON.stringify(standing)) {
            differences.push(
              `order ${order.orderId}: kept ${describeStanding(found)}, its rows say ${describeStanding(standing)}`,
            );
          }
        }
      }
      if (!options.check) {
        await trx.deleteFrom('portfolio_order_standings').where('order_id', 'in', page).execute();
        if (standings.length) await trx.insertInto('portfolio_order_standings').values(standings).execute();
      }
    }
    if (!options.check) {
      await addToSums(
        trx,
        [...totals.values()].filter((row) => row.amount !== 0),
      );
      return;
    }
    const stored = await trx.selectFrom('portfolio_sums').selectAll().execute();
    const keptSums = new Map(stored.map((row) => [rowKey({ ...row, amount: 0 }), Number(row.amount)]));
    for (const key of new Set([...keptSums.keys(), ...totals.keys()])) {
      const kept = keptSums.get(key) ?? 0;
      const recomputed = totals.get(key)?.amount ?? 0;
      if (kept !== recomputed) differences.push(`${key}: kept ${kept}, the rows say ${recomputed}`);
    }
    throw new CheckDone();
  };
  try {
    await db.transaction().execute(work);
  } catch (error) {
    if (!(error instanceof CheckDone)) throw error;
  }
  return { orders: options.orderIds.length, differences };
}

function describeStanding(standing: ReturnType<typeof standingOf>): string {
  return `product ${standing.product_id}, campaign '${standing.utm_tag}', outstanding ${standing.outstanding_principal}, oldest unpaid ${standing.oldest_unpaid_due ?? 'none'}, sums ${standing.sums}`;
}
