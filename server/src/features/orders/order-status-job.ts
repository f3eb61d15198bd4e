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
  type CalendarDate,
} from '@kwarta/domain';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { postJournalEntry } from '../ledger/index.ts';
import { transitionOrder, TransitionRefused } from './order-lifecycle.ts';
import { complianceProfileById } from './compliance.ts';
import { ordersWithProductAndBorrower } from './order-rows.ts';

export const ORDER_STATUS_JOB_ACTOR = 'job:order-status-daily';

export interface OrderStatusRun {
  due: number;
  overdue: number;
  penalties: number;
}

/**
 * The daily job (D2): on the lender's date of `at`, moves repaying orders into 174 inside the
 * product's due window and into 180 after the due date, then accrues each overdue order's late
 * penalty for that date — once: the accrual's unique (order, date) key makes a second run the same
 * day add nothing. It works from what the database says, so a run after a missed day catches up
 * (the penalty accrued is the domain's figure to date minus what was accrued before).
 */
export async function advanceOrdersByDate(
  deps: { db: Kysely<Database>; config: Pick<Config, 'lenderTimeZone'> },
  at: Date,
): Promise<OrderStatusRun> {
  const { db } = deps;
  const today = calendarDateAt(at, deps.config.lenderTimeZone);
  const counts: OrderStatusRun = { due: 0, overdue: 0, penalties: 0 };
  const orders = await ordersWithProductAndBorrower(db)
    .select([
      'orders.id',
      'orders.status',
      'orders.due_date',
      'products.due_window_days',
      'products.loan_rules',
      'borrowers.is_repeat_client',
      'orders.written_off_at',
    ])
    .where('orders.status', 'in', [OrderStatus.Repaying, OrderStatus.Due, OrderStatus.Overdue])
    .where('orders.due_date', 'is not', null)
    .orderBy('orders.id')
    .execute();

  for (const order of orders) {
    const dueDate = order.due_date!;
    let status = order.status as OrderStatus;
    const next = nextStatusByDate({ status, dueDate, today, dueWindowDays: order.due_window_days });
    if (next !== status) {
      try {
        await transitionOrder(db, {
          orderId: order.id,
          to: next,
          by: 'schedule',
          actor: ORDER_STATUS_JOB_ACTOR,
          reason: `due ${dueDate}, today ${today}`,
          now: at,
        });
        status = next;
        counts[next === OrderStatus.Due ? 'due' : 'overdue'] += 1;
      } catch (error) {
        // Repaid or extended since it was read: the next run starts from its new state.
        if (!(error instanceof TransitionRefused)) throw error;
        continue;
      }
    }
    // A written-off order owes nothing more to the lender's books: no penalty accrues on it.
    if (status !== OrderStatus.Overdue || order.written_off_at !== null) continue;
    const rules = loanRulesSchema.parse(JSON.parse(order.loan_rules));
    if (
      await accruePenalty(db, {
        orderId: order.id,
        dueDate,
        today,
        isRepeatClient: order.is_repeat_client === 1,
        rules,
        at,
        timeZone: deps.config.lenderTimeZone,
      })
    ) {
      counts.penalties += 1;
    }
  }
  return counts;
}

async function accruePenalty(
  db: Kysely<Database>,
  input: {
    orderId: number;
    dueDate: CalendarDate;
    today: CalendarDate;
    isRepeatClient: boolean;
    rules: ReturnType<typeof loanRulesSchema.parse>;
    at: Date;
    timeZone: string;
  },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const unpaid = await trx
      .selectFrom('order_plan_lines')
      .select((eb) =>
        eb.fn.sum<number | string | null>(eb('amount', '-', eb.ref('paid_amount'))).as('unpaid'),
      )
      .where('order_id', '=', input.orderId)
      .where('due_date', '<', input.today)
      .executeTakeFirst();
    const daysOverdue = countDaysOverdue(input.dueDate, input.today);
    const amountDue = Number(unpaid?.unpaid ?? 0);
    const toDate = latePenalty({
      unpaidMinor: amountDue,
      daysOverdue,
      isRepeatClient: input.isRepeatClient,
      rules: input.rules,
    }).total;
    const order = await trx
      .selectFrom('orders')
      .select(['penalty_amount', 'principal', 'total_due', 'extension_fees', 'compliance_profile'])
      .where('id', '=', input.orderId)
      .executeTakeFirstOrThrow();
    // D16: a covered order's penalties stay within its profile's monthly and total cost caps.
    const profile = complianceProfileById(order.compliance_profile);
    const window = profile
      ? await trx
          .selectFrom('order_penalty_accruals')
          .select((eb) => eb.fn.sum<number | string | null>('amount').as('amount'))
          .where('order_id', '=', input.orderId)
          .where('accrued_on', '>', addDays(input.today, -30))
          .where('accrued_on', '<', input.today)
          .executeTakeFirst()
      : undefined;
    const accrual = capPenaltyAccrual({
      profile,
      covered: profile !== null,
      wanted: Math.max(0, toDate - order.penalty_amount),
      amountDue,
      penaltyInWindow: Number(window?.amount ?? 0),
      principal: order.principal,
      charges: order.total_due - order.principal + order.extension_fees,
      penaltySoFar: order.penalty_amount,
    });
    const inserted = await trx
      .insertInto('order_penalty_accruals')
      .values({
        order_id: input.orderId,
        accrued_on: input.today,
        days_overdue: daysOverdue,
        amount: accrual.amount,
        created_at: input.at.toISOString(),
      })
      .onConflict((conflict) => conflict.columns(['order_id', 'accrued_on']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    await trx
      .updateTable('orders')
      .set({
        penalty_amount: order.penalty_amount + accrual.amount,
        charges_capped_by: accrual.cappedBy,
      })
      .where('id', '=', input.orderId)
      .execute();
    // The accrual's own (order, date) key already made this once-a-day; the event key says the same.
    await postJournalEntry(trx, accrualEntry({ penalty: accrual.amount }), {
      eventKey: `penalty:${input.orderId}:${input.today}`,
      at: input.at,
      timeZone: input.timeZone,
      orderId: input.orderId,
      memo: `late penalty, ${daysOverdue} days overdue`,
    });
    return true;
  });
}
