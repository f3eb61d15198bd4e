import type { Kysely } from 'kysely';
import { seesWhole, type OperatorRole } from '@kwarta/contract';
import { OrderStatus, calendarDateAt, daysBetween, weekdaysBefore } from '@kwarta/domain';
import { Limits } from '@kwarta/contract';
import type { Database, Order } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { maskPhone } from '../../lib/log-redaction.ts';
import { readPage, type PageRequest } from '../../lib/paging.ts';
import { defaultPayoutAccount, maskedDefaultAccount } from '../bank-binding/index.ts';
import { orderStatusText } from '../orders/index.ts';
import { heldPaymentCount, orderPayments } from '../payments/index.ts';

/** A borrower's phone as this role may see it: whole for those who call borrowers, else the last four. */
export const phoneFor = (role: OperatorRole, phone: string) =>
  seesWhole(role, 'phone') ? phone : maskPhone(phone);

/**
 * The borrower's default payout account as this role may see it: the number whole for those who
 * pay it, else masked; null when none is bound.
 */
async function payoutAccountFor(
  deps: Pick<Deps, 'db' | 'accountKeys'>,
  role: OperatorRole,
  borrowerId: number,
) {
  // Decrypted only for the roles that pay it.
  if (seesWhole(role, 'accountNumber')) {
    const account = await defaultPayoutAccount(deps, borrowerId);
    return account
      ? {
          institution: account.institutionName,
          holderName: account.holderName,
          accountNumber: account.accountNumber,
        }
      : null;
  }
  const account = await maskedDefaultAccount(deps.db, borrowerId);
  return account
    ? {
        institution: account.institutionName,
        holderName: account.holderName,
        accountNumber: account.maskedAccount,
      }
    : null;
}

/** The instant before which an unanswered complaint is past the 3-weekday service line. */
export function complaintLine(now: Date, timeZone: string): string {
  const today = calendarDateAt(now, timeZone);
  const back = daysBetween(weekdaysBefore(today, Limits.complaintReplyWeekdays), today);
  return new Date(now.getTime() - back * 86_400_000).toISOString();
}

export async function consoleDashboard(deps: Pick<Deps, 'db' | 'clock' | 'config'>) {
  const now = deps.clock.now();
  const today = calendarDateAt(now, deps.config.lenderTimeZone);
  const [byStatus, dueToday, complaints, paymentsHeld] = await Promise.all([
    deps.db
      .selectFrom('orders')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('status')
      .orderBy('status')
      .execute(),
    deps.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', 'in', [OrderStatus.Repaying, OrderStatus.Due])
      .where('due_date', '=', today)
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom('problems')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('replied_at', 'is', null)
      .where('created_at', '<', complaintLine(now, deps.config.lenderTimeZone))
      .executeTakeFirstOrThrow(),
    heldPaymentCount(deps.db),
  ]);
  return {
    byStatus: byStatus.map((row) => ({
      status: row.status,
      statusText: orderStatusText(row.status),
      count: Number(row.count),
    })),
    dueToday: Number(dueToday.count),
    overdue: Number(byStatus.find((row) => row.status === OrderStatus.Overdue)?.count ?? 0),
    complaintsPastLine: Number(complaints.count),
    paymentsHeld,
  };
}

export interface QueueFilter extends PageRequest {
  status: number | '';
  q: string;
}

/**
 * The order queue, newest first, one page read (plus one row to know whether more follow; no
 * count over the whole table). A search is an order number or a phone, each answered by a unique
 * index, so it costs the same at 100,000 orders as at 10.
 */
export async function orderQueue(db: Kysely<Database>, role: OperatorRole, filter: QueueFilter) {
  let query = db
    .selectFrom('orders')
    .innerJoin('borrowers', 'borrowers.id', 'orders.borrower_id')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .select([
      'orders.id',
      'orders.order_no',
      'orders.status',
      'orders.principal',
      'orders.applied_at',
      'borrowers.phone',
      'products.name as product_name',
    ]);
  if (filter.status !== '') query = query.where('orders.status', '=', filter.status);
  const q = filter.q.trim();
  if (q !== '') {
    // The phone is resolved to its borrower first (unique index), so the orders are found by
    // borrower_id or order_no, both indexed, instead of by a condition across the join.
    const digits = q.replace(/[\s-]/g, '');
    const borrower = /^\+?\d{6,15}$/.test(digits)
      ? await db.selectFrom('borrowers').select('id').where('phone', '=', digits).executeTakeFirst()
      : undefined;
    query = query.where((eb) =>
      eb.or([
        eb('orders.order_no', '=', q),
        ...(borrower ? [eb('orders.borrower_id', '=', borrower.id)] : []),
      ]),
    );
  }
  return readPage(query.orderBy('orders.id', 'desc'), filter, (row) => queueItem(role, row));
}

/** An order as the queue shows it (and the order page begins). */
const queueItem = (
  role: OperatorRole,
  row: Pick<Order, 'id' | 'order_no' | 'status' | 'principal' | 'applied_at'> & {
    phone: string;
    product_name: string;
  },
) => ({
  orderId: row.id,
  orderNo: row.order_no,
  status: row.status,
  statusText: orderStatusText(row.status),
  productName: row.product_name,
  phone: phoneFor(role, row.phone),
  principal: row.principal,
  appliedAt: row.applied_at,
});

/** One order for the order page, or undefined. */
export async function consoleOrderPage(
  deps: Pick<Deps, 'db' | 'accountKeys'>,
  role: OperatorRole,
  orderId: number,
) {
  const { db } = deps;
  const row = await db
    .selectFrom('orders')
    .innerJoin('borrowers', 'borrowers.id', 'orders.borrower_id')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .selectAll('orders')
    .select([
      'borrowers.phone',
      'borrowers.full_name',
      'borrowers.is_repeat_client',
      'products.name as product_name',
      'products.withdraw_confirm_url',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [plan, payments, history, complaints, payoutAccount] = await Promise.all([
    db.selectFrom('order_plan_lines').selectAll().where('order_id', '=', orderId).orderBy('seq').execute(),
    orderPayments(db, orderId),
    db.selectFrom('order_status_history').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),
    db
      .selectFrom('problems')
      .select(['id', 'content', 'created_at', 'replied_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    payoutAccountFor(deps, role, row.borrower_id),
  ]);
  return {
    order: {
      ...queueItem(role, row),
      totalDue: row.total_due,
      paidAmount: row.paid_amount,
      penaltyAmount: row.penalty_amount,
      termDays: row.term_days,
      periods: row.periods,
      disbursedOn: row.disbursed_on,
      dueDate: row.due_date,
      withdrawConfirmRequired: row.withdraw_confirm_url !== '',
      withdrawConfirmedAt: row.withdraw_confirmed_at,
    },
    borrower: {
      id: row.borrower_id,
      name: row.full_name,
      phone: phoneFor(role, row.phone),
      repeatClient: row.is_repeat_client === 1,
      payoutAccount,
    },
    plan: plan.map((line) => ({
      seq: line.seq,
      dueDate: line.due_date,
      principal: line.principal,
      interest: line.interest,
      amount: line.amount,
      paidAmount: line.paid_amount,
    })),
    payments,
    history: history.map((entry) => ({
      from: entry.from_status,
      to: entry.to_status,
      actor: entry.actor,
      reason: entry.reason,
      at: entry.created_at,
    })),
    complaints: complaints.map((problem) => ({
      id: problem.id,
      content: problem.content,
      createdAt: problem.created_at,
      repliedAt: problem.replied_at,
    })),
  };
}
