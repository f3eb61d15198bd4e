import {
  applyBps,
  calendarDateAt,
  allocatePayment,
  defaultAllocationOrder,
  extendPlan,
  nextDueDate,
  OrderStatus,
  owingStatuses,
  repayingStatuses,
  outstandingAmount,
  statusAfterRepayment,
  type AllocatedPayment,
  type OrderCharges,
  type OrderBalance,
  type PlanLineBalance,
  type RepaymentComponent,
} from '@kwarta/domain';
import type { Kysely } from 'kysely';
import type { Database, Order, Product } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordStatusChange, transitionOrder } from './order-lifecycle.ts';
import { updatePlanLines } from './plan-line-writes.ts';

/** An order with what it owes, component by component, as the domain reads it. */
export interface OrderAccount {
  order: Order;
  product: Pick<
    Product,
    | 'id'
    | 'name'
    | 'logo_url'
    | 'extension_enabled'
    | 'extension_fee_bps'
    | 'extension_days'
    | 'extension_max'
    | 'external_repay_url'
    | 'due_window_days'
  >;
  allocationOrder: readonly RepaymentComponent[];
  balance: OrderBalance;
}

export function parseAllocationOrder(text: string): readonly RepaymentComponent[] {
  const parts = text.split(',').map((part) => part.trim());
  const valid = parts.length === 3 && defaultAllocationOrder.every((component) => parts.includes(component));
  // A misconfigured product falls back to the default rather than refusing the borrower's money.
  return valid ? (parts as RepaymentComponent[]) : defaultAllocationOrder;
}

/**
 * The borrower's order with its balance; null for a missing or foreign order (the caller answers
 * both alike). Inside a transaction, `lock` first writes the order row so a concurrent posting on
 * the same order waits (PostgreSQL row lock; SQLite has one writer anyway). The order, its product
 * and its plan lines come in one statement, a row per line: every payment and page reads an
 * account, and on PostgreSQL each statement is a round trip (decision 0099).
 */
export async function findOrderAccount(
  db: Kysely<Database>,
  where: { orderId: number; borrowerId?: number },
  options: { lock?: boolean } = {},
): Promise<OrderAccount | null> {
  if (options.lock) {
    await db
      .updateTable('orders')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', where.orderId)
      .execute();
  }
  let query = db
    .selectFrom('orders')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .leftJoin('order_plan_lines as line', 'line.order_id', 'orders.id')
    .selectAll('orders')
    .select([
      'products.name as product_name',
      'products.logo_url as product_logo_url',
      'products.extension_enabled as product_extension_enabled',
      'products.extension_fee_bps as product_extension_fee_bps',
      'products.extension_days as product_extension_days',
      'products.extension_max as product_extension_max',
      'products.external_repay_url as product_external_repay_url',
      'products.due_window_days as product_due_window_days',
      'products.allocation_order as product_allocation_order',
      'line.seq as line_seq',
      'line.due_date as line_due_date',
      'line.interest as line_interest',
      'line.interest_paid as line_interest_paid',
      'line.principal as line_principal',
      'line.principal_paid as line_principal_paid',
    ])
    .where('orders.id', '=', where.orderId)
    .orderBy('line.seq');
  if (where.borrowerId !== undefined) query = query.where('orders.borrower_id', '=', where.borrowerId);
  const rows = await query.execute();
  const first = rows[0];
  if (!first) return null;
  const {
    product_name,
    product_logo_url,
    product_extension_enabled,
    product_extension_fee_bps,
    product_extension_days,
    product_extension_max,
    product_external_repay_url,
    product_due_window_days,
    product_allocation_order,
    line_seq: _seq,
    line_due_date: _dueDate,
    line_interest: _interest,
    line_interest_paid: _interestPaid,
    line_principal: _principal,
    line_principal_paid: _principalPaid,
    ...order
  } = first;
  const lines: PlanLineBalance[] = [];
  for (const row of rows) {
    // An order without plan lines yet comes back as one row whose line columns are null.
    if (row.line_seq === null) continue;
    lines.push({
      seq: row.line_seq,
      dueDate: row.line_due_date!,
      interest: row.line_interest!,
      interestPaid: row.line_interest_paid!,
      principal: row.line_principal!,
      principalPaid: row.line_principal_paid!,
    });
  }
  return {
    order,
    product: {
      id: order.product_id,
      name: product_name,
      logo_url: product_logo_url,
      extension_enabled: product_extension_enabled,
      extension_fee_bps: product_extension_fee_bps,
      extension_days: product_extension_days,
      extension_max: product_extension_max,
      external_repay_url: product_external_repay_url,
      due_window_days: product_due_window_days,
    },
    allocationOrder: parseAllocationOrder(product_allocation_order),
    balance: { penalty: order.penalty_amount, penaltyPaid: order.penalty_paid, lines },
  };
}

/**
 * What an order's plan lines charge on top of principal (their `interest` column carries interest
 * and fees together), and of it the fees its disclosure itemised (orders.fees).
 */
export function chargesOf(account: Pick<OrderAccount, 'order' | 'balance'>): OrderCharges {
  const fees = (JSON.parse(account.order.fees) as { amount: number }[]).reduce(
    (sum, fee) => sum + fee.amount,
    0,
  );
  return { charges: account.balance.lines.reduce((sum, line) => sum + line.interest, 0), fees };
}

/** What a repayment pays now: the unpaid penalty and every open line due on or before the next due date. */
export function amountDueNow(balance: OrderBalance): number {
  const next = nextDueDate(balance.lines);
  const penalty = balance.penalty - balance.penaltyPaid;
  if (next === null) return penalty;
  return balance.lines
    .filter((line) => line.dueDate <= next)
    .reduce(
      (sum, line) => sum + line.interest - line.interestPaid + line.principal - line.principalPaid,
      penalty,
    );
}

async function writeBalance(
  trx: Kysely<Database>,
  orderId: number,
  before: OrderBalance,
  after: OrderBalance,
) {
  const changed = after.lines.filter((line) => {
    const was = before.lines.find((old) => old.seq === line.seq);
    return !was || was.interestPaid !== line.interestPaid || was.principalPaid !== line.principalPaid;
  });
  await updatePlanLines(
    trx,
    orderId,
    ['interest_paid', 'principal_paid', 'paid_amount'],
    changed.map((line) => ({
      seq: line.seq,
      interest_paid: line.interestPaid,
      principal_paid: line.principalPaid,
      paid_amount: line.interestPaid + line.principalPaid,
    })),
  );
}

export interface AppliedRepayment extends AllocatedPayment {
  order: Order;
  /** What the order owed before this payment: the ledger splits the charges paid by it. */
  before: OrderBalance;
  charges: OrderCharges;
  /** The order was written off: what this payment allocates is a recovery. */
  writtenOff: boolean;
}

/**
 * Applies a received repayment to an order (in the caller's transaction): allocation by the
 * domain in the product's order, plan lines and penalty paid, the order's paid amount, and 200
 * with settled_at (and history) once nothing is owed. A settled order takes nothing: all credit.
 */
export async function applyRepayment(
  db: Kysely<Database>,
  input: { orderId: number; amount: number; actor: string; reason: string; now: Date; timeZone: string },
): Promise<AppliedRepayment> {
  return inTransaction(db, async (trx) => {
    const account = await findOrderAccount(trx, { orderId: input.orderId }, { lock: true });
    if (!account) throw new Error(`order ${input.orderId} does not exist`);
    const { order, balance } = account;
    // A written-off order still takes payments: the borrower still owes its lines (a recovery).
    const open = (owingStatuses as readonly number[]).includes(order.status);
    const result = open
      ? allocatePayment(balance, input.amount, account.allocationOrder)
      : { allocations: [], credit: input.amount, balance, settled: outstandingAmount(balance) === 0 };
    const booked = {
      before: balance,
      charges: chargesOf(account),
      writtenOff: order.status === OrderStatus.WrittenOff || order.written_off_at !== null,
    };
    const allocated = input.amount - result.credit;
    if (allocated === 0) return { ...result, ...booked, order };
    await writeBalance(trx, order.id, balance, result.balance);
    const at = input.now.toISOString();
    const paid = await trx
      .updateTable('orders')
      .set((eb) => ({
        penalty_paid: result.balance.penaltyPaid,
        paid_amount: eb('paid_amount', '+', allocated),
        updated_at: at,
      }))
      .where('id', '=', order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const updated = result.settled
      ? await transitionOrder(trx, {
          orderId: order.id,
          current: paid,
          to: OrderStatus.Settled,
          by: 'repayment',
          actor: input.actor,
          reason: input.reason,
          now: input.now,
          changes: () => ({ settled_at: at }),
        })
      : await moveToNextInstalment(trx, paid, account.product.due_window_days, result.balance, input);
    return { ...result, ...booked, order: updated };
  });
}

/**
 * After a repayment that did not settle the order: its due date becomes its earliest unpaid
 * instalment's (what the daily job, reminders and collections read), and an order that was due or
 * overdue only for what has now been paid goes back to the status that date calls for, with
 * history (statusAfterRepayment). Without this a paid first instalment left the order overdue
 * from its due date on, accruing penalty on nothing.
 */
async function moveToNextInstalment(
  trx: Kysely<Database>,
  order: Order,
  dueWindowDays: number,
  balance: OrderBalance,
  input: { actor: string; reason: string; now: Date; timeZone: string },
): Promise<Order> {
  const dueDate = nextDueDate(balance.lines);
  if (dueDate === null || dueDate === order.due_date) return order;
  const status = statusAfterRepayment({
    status: order.status as OrderStatus,
    dueDate,
    today: calendarDateAt(input.now, input.timeZone),
    dueWindowDays,
    penaltyOwed: balance.penalty - balance.penaltyPaid,
  });
  if (status !== order.status) {
    return transitionOrder(trx, {
      orderId: order.id,
      current: order,
      to: status,
      by: 'repayment',
      actor: input.actor,
      reason: input.reason,
      now: input.now,
      changes: () => ({ due_date: dueDate }),
    });
  }
  return trx
    .updateTable('orders')
    .set({ due_date: dueDate, updated_at: input.now.toISOString() })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A paid extension (in the caller's transaction): every open plan line and the order's due date
 * move by `days`, the count goes up, and the order returns to 170 — from 174/180 through the
 * transition table, from 170 as a recorded stay — with history either way. Null when the order
 * cannot be extended any more (settled meanwhile, limit reached): the caller keeps the fee as credit.
 */
export async function applyExtension(
  db: Kysely<Database>,
  input: { orderId: number; days: number; actor: string; reason: string; now: Date },
): Promise<Order | null> {
  return inTransaction(db, async (trx) => {
    const account = await findOrderAccount(trx, { orderId: input.orderId }, { lock: true });
    if (!account) return null;
    const { order, product, balance } = account;
    // A written-off order (190) takes no extension: the books gave up on it.
    const extendable = (repayingStatuses as readonly number[]).includes(order.status);
    if (!extendable || order.extension_count >= product.extension_max || outstandingAmount(balance) === 0) {
      return null;
    }
    const moved = extendPlan(balance.lines, input.days);
    const changes = async (_order: Order, inner: Kysely<Database>) => {
      await updatePlanLines(
        inner,
        order.id,
        ['due_date'],
        moved.lines.map((line) => ({ seq: line.seq, due_date: line.dueDate })),
      );
      return {
        due_date: moved.dueDate ?? order.due_date,
        extension_count: order.extension_count + 1,
        // The fee is a charge of the order under D16's total cost cap, at the product's rate as quoted.
        extension_fees: order.extension_fees + applyBps(order.principal, product.extension_fee_bps),
      };
    };
    if (order.status !== OrderStatus.Repaying) {
      return transitionOrder(trx, {
        orderId: order.id,
        current: order,
        to: OrderStatus.Repaying,
        by: 'extension',
        actor: input.actor,
        reason: input.reason,
        now: input.now,
        changes,
      });
    }
    const at = input.now.toISOString();
    const updated = await trx
      .updateTable('orders')
      .set({ ...(await changes(order, trx)), updated_at: at })
      .where('id', '=', order.id)
      .where('status', '=', OrderStatus.Repaying)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordStatusChange(trx, {
      orderId: order.id,
      from: order.status,
      to: OrderStatus.Repaying,
      actor: input.actor,
      reason: input.reason,
      at,
    });
    return updated;
  });
}
