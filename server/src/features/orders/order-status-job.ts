import {
  accrualEntry,
  addDays,
  calendarDateAt,
  capPenaltyAccrual,
  countDaysOverdue,
  latePenalty,
  loanRulesSchema,
  nextStatusByDate,
  OrderStatus,
  repayingStatuses,
  type CalendarDate,
  type LoanRules,
} from '@kwarta/domain';
import { PostgresAdapter, type Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { postJournalEntries } from '../ledger/index.ts';
import { addPenaltyAccruals } from '../portfolio/index.ts';
import { transitionOrdersInBulk } from './order-lifecycle.ts';
import { complianceProfileById } from '../products/index.ts';
import { ordersWithProductAndBorrower } from './order-rows.ts';

export const ORDER_STATUS_JOB_ACTOR = 'job:order-status-daily';

/**
 * Orders per page, each page one transaction. 1000 keeps a page's transaction short (tens of
 * milliseconds: about a dozen statements, its row locks held only that long) and its memory a few
 * megabytes, while a million-loan book is a thousand commits rather than two million. It also
 * keeps the bulk statements within both databases' bind-parameter limits (SQLite 32,766,
 * PostgreSQL 65,535): the largest, a page's journal lines, binds 6 × 2 × 1000.
 */
export const ORDER_STATUS_PAGE_SIZE = 1000;

export interface OrderStatusRun {
  due: number;
  overdue: number;
  penalties: number;
}

export interface OrderStatusPaging {
  pageSize?: number;
  /** Called after each page commits (progress, and the tests' injected failure). */
  afterPage?: (page: { lastOrderId: number; run: OrderStatusRun }) => void | Promise<void>;
}

interface PageContext {
  today: CalendarDate;
  at: Date;
  timeZone: string;
  rulesOf: (json: string) => LoanRules;
}

/**
 * The daily job (D2): on the lender's date of `at`, moves repaying orders into 174 inside the
 * product's due window and into 180 after the due date, then accrues each overdue order's late
 * penalty for that date — once: the accrual's unique (order, date) key makes a second run the same
 * day add nothing. It works from what the database says, so a run after a missed day catches up
 * (the penalty accrued is the domain's figure to date minus what was accrued before).
 *
 * The book is walked in pages by order id, one transaction each, so memory stays flat whatever
 * its size, and a run killed half-way loses at most the page it was in: that page rolled back
 * whole, and the rerun finds the pages before it already moved (status is by date) and accrued
 * (the (order, date) key and the entry's event key), so it books nothing twice.
 */
export async function advanceOrdersByDate(
  deps: { db: Kysely<Database>; config: Pick<Config, 'lenderTimeZone'> },
  at: Date,
  paging: OrderStatusPaging = {},
): Promise<OrderStatusRun> {
  const pageSize = paging.pageSize ?? ORDER_STATUS_PAGE_SIZE;
  const rulesByJson = new Map<string, LoanRules>();
  const context: PageContext = {
    today: calendarDateAt(at, deps.config.lenderTimeZone),
    at,
    timeZone: deps.config.lenderTimeZone,
    rulesOf: (json) => {
      let rules = rulesByJson.get(json);
      if (!rules) rulesByJson.set(json, (rules = loanRulesSchema.parse(JSON.parse(json))));
      return rules;
    },
  };
  const run: OrderStatusRun = { due: 0, overdue: 0, penalties: 0 };
  let lastOrderId = 0;
  for (;;) {
    const page = await inTransaction(deps.db, (trx) => advancePage(trx, context, lastOrderId, pageSize));
    if (page.orders === 0) break;
    run.due += page.due;
    run.overdue += page.overdue;
    run.penalties += page.penalties;
    lastOrderId = page.lastOrderId;
    await paging.afterPage?.({ lastOrderId, run: { ...run } });
    if (page.orders < pageSize) break;
  }
  return run;
}

/** One page of open orders after `afterId`: their status moves, then their accruals. */
async function advancePage(
  trx: Kysely<Database>,
  context: PageContext,
  afterId: number,
  pageSize: number,
): Promise<OrderStatusRun & { orders: number; lastOrderId: number }> {
  const { today } = context;
  const orders = await ordersWithProductAndBorrower(trx)
    // Today's accrual already booked (an hourly rerun, a rerun after a kill): not tried again, so a
    // rerun neither locks nor sums what is done. The accrual's unique key still guards a race.
    .leftJoin('order_penalty_accruals as accrued_today', (join) =>
      join.onRef('accrued_today.order_id', '=', 'orders.id').on('accrued_today.accrued_on', '=', today),
    )
    .select([
      'orders.id',
      'orders.status',
      'orders.due_date',
      'products.due_window_days',
      'products.loan_rules',
      'borrowers.is_repeat_client',
      'accrued_today.id as accrued_today',
    ])
    .where('orders.id', '>', afterId)
    .where('orders.status', 'in', repayingStatuses)
    .where('orders.due_date', 'is not', null)
    .orderBy('orders.id')
    .limit(pageSize)
    .execute();
  const counts = {
    due: 0,
    overdue: 0,
    penalties: 0,
    orders: orders.length,
    lastOrderId: orders.at(-1)?.id ?? afterId,
  };

  // Status moves, one statement per (from, to): an order moved, repaid or extended since the page
  // was read is not moved, and gets no accrual either (the next run starts from its new state).
  const moves = new Map<
    string,
    { from: OrderStatus; to: OrderStatus; orders: { orderId: number; reason: string }[] }
  >();
  const accruing: typeof orders = [];
  for (const order of orders) {
    const status = order.status as OrderStatus;
    const next = nextStatusByDate({
      status,
      dueDate: order.due_date!,
      today,
      dueWindowDays: order.due_window_days,
    });
    if (next === status) {
      if (status === OrderStatus.Overdue && order.accrued_today === null) accruing.push(order);
      continue;
    }
    const key = `${status}>${next}`;
    const move = moves.get(key) ?? { from: status, to: next, orders: [] };
    move.orders.push({ orderId: order.id, reason: `due ${order.due_date}, today ${today}` });
    moves.set(key, move);
  }
  const moved = new Set<number>();
  for (const move of moves.values()) {
    const ids = await transitionOrdersInBulk(trx, {
      from: move.from,
      to: move.to,
      orders: move.orders,
      by: 'schedule',
      actor: ORDER_STATUS_JOB_ACTOR,
      now: context.at,
    });
    counts[move.to === OrderStatus.Due ? 'due' : 'overdue'] += ids.length;
    if (move.to === OrderStatus.Overdue) for (const id of ids) moved.add(id);
  }
  accruing.push(...orders.filter((order) => moved.has(order.id)));
  counts.penalties = await accruePenalties(trx, context, accruing);
  return counts;
}

/**
 * Each overdue order's late penalty for today, once: the (order, date) accrual row and the
 * `penalty:<order>:<date>` entry. Returns how many it accrued.
 */
async function accruePenalties(
  trx: Kysely<Database>,
  context: PageContext,
  candidates: readonly {
    id: number;
    due_date: string | null;
    loan_rules: string;
    is_repeat_client: number;
  }[],
): Promise<number> {
  if (candidates.length === 0) return 0;
  const { today } = context;
  const ids = candidates.map((order) => order.id);
  // Read again under a row lock on PostgreSQL, so a payment or write-off that committed since the
  // page was read is seen and one that comes now waits for this page (SQLite's one connection
  // runs one transaction at a time).
  const current = await trx
    .selectFrom('orders')
    .select([
      'id',
      'status',
      'written_off_at',
      'penalty_amount',
      'principal',
      'total_due',
      'extension_fees',
      'compliance_profile',
    ])
    .where('id', 'in', ids)
    .$if(trx.getExecutor().adapter instanceof PostgresAdapter, (query) => query.forUpdate())
    .execute();
  // A written-off order owes nothing more to the lender's books: no penalty accrues on it.
  const owing = new Map(
    current
      .filter((order) => order.status === OrderStatus.Overdue && order.written_off_at === null)
      .map((order) => [order.id, order]),
  );
  if (owing.size === 0) return 0;
  const owingIds = [...owing.keys()];
  const unpaidRows = await trx
    .selectFrom('order_plan_lines')
    .select((eb) => [
      'order_id',
      eb.fn.sum<number | string | null>(eb('amount', '-', eb.ref('paid_amount'))).as('unpaid'),
    ])
    .where('order_id', 'in', owingIds)
    .where('due_date', '<', today)
    .groupBy('order_id')
    .execute();
  const unpaidOf = new Map(unpaidRows.map((row) => [row.order_id, Number(row.unpaid ?? 0)]));
  // D16: a covered order's penalties stay within its profile's monthly and total cost caps.
  const covered = owingIds.filter((id) => complianceProfileById(owing.get(id)!.compliance_profile));
  const windowRows =
    covered.length === 0
      ? []
      : await trx
          .selectFrom('order_penalty_accruals')
          .select((eb) => ['order_id', eb.fn.sum<number | string | null>('amount').as('amount')])
          .where('order_id', 'in', covered)
          .where('accrued_on', '>', addDays(today, -30))
          .where('accrued_on', '<', today)
          .groupBy('order_id')
          .execute();
  const windowOf = new Map(windowRows.map((row) => [row.order_id, Number(row.amount ?? 0)]));

  const accruals = candidates.flatMap((candidate) => {
    const order = owing.get(candidate.id);
    if (!order) return [];
    const daysOverdue = countDaysOverdue(candidate.due_date!, today);
    const amountDue = unpaidOf.get(order.id) ?? 0;
    const toDate = latePenalty({
      unpaidMinor: amountDue,
      daysOverdue,
      isRepeatClient: candidate.is_repeat_client === 1,
      rules: context.rulesOf(candidate.loan_rules),
    }).total;
    const profile = complianceProfileById(order.compliance_profile);
    const accrual = capPenaltyAccrual({
      profile,
      covered: profile !== null,
      wanted: Math.max(0, toDate - order.penalty_amount),
      amountDue,
      penaltyInWindow: windowOf.get(order.id) ?? 0,
      principal: order.principal,
      charges: order.total_due - order.principal + order.extension_fees,
      penaltySoFar: order.penalty_amount,
    });
    return [{ orderId: order.id, daysOverdue, ...accrual }];
  });
  const inserted = await trx
    .insertInto('order_penalty_accruals')
    .values(
      accruals.map((accrual) => ({
        order_id: accrual.orderId,
        accrued_on: today,
        days_overdue: accrual.daysOverdue,
        amount: accrual.amount,
        created_at: context.at.toISOString(),
      })),
    )
    .onConflict((conflict) => conflict.columns(['order_id', 'accrued_on']).doNothing())
    .returning('order_id')
    .execute();
  const accruedIds = new Set(inserted.map((row) => row.order_id));
  const accrued = accruals.filter((accrual) => accruedIds.has(accrual.orderId));
  // One update per cap outcome (there are three): the penalty grows by today's accrual row.
  const byCap = new Map<(typeof accrued)[number]['cappedBy'], typeof accrued>();
  for (const accrual of accrued) {
    const group = byCap.get(accrual.cappedBy);
    if (group) group.push(accrual);
    else byCap.set(accrual.cappedBy, [accrual]);
  }
  for (const [cappedBy, group] of byCap) {
    await trx
      .updateTable('orders')
      .set((eb) => ({
        penalty_amount: eb(
          'penalty_amount',
          '+',
          eb
            .selectFrom('order_penalty_accruals')
            .select('order_penalty_accruals.amount')
            .whereRef('order_penalty_accruals.order_id', '=', 'orders.id')
            .where('order_penalty_accruals.accrued_on', '=', today),
        ),
        charges_capped_by: cappedBy,
      }))
      .where(
        'id',
        'in',
        group.map((accrual) => accrual.orderId),
      )
      .execute();
  }
  // The aging report's penalty grows with them, set-based (decision 0118).
  await addPenaltyAccruals(trx, accrued);
  // The accrual's own (order, date) key already made this once a day; the event key says the same.
  await postJournalEntries(
    trx,
    accrued.map((accrual) => ({
      draft: accrualEntry({ penalty: accrual.amount }),
      posting: {
        eventKey: `penalty:${accrual.orderId}:${today}`,
        at: context.at,
        timeZone: context.timeZone,
        orderId: accrual.orderId,
        memo: `late penalty, ${accrual.daysOverdue} days overdue`,
      },
    })),
  );
  return accrued.length;
}
