import { reminderSms, webRoutes } from '@kwarta/contract';
import {
  addDays,
  calendarDateAt,
  contactDecision,
  defaultContactRules,
  formatMoney,
  loanRulesSchema,
  repayingStatuses,
  type CalendarDate,
} from '@kwarta/domain';
import { afterCommit } from '../../db/transaction.ts';
import type { Deps } from '../../lib/deps.ts';
import { queueSmsMessages } from '../sms/index.ts';
import { shownBrandName } from '../brand/index.ts';

type ReminderDeps = Pick<Deps, 'db' | 'config' | 'metrics'>;

/** Lines read and messages written per round trip: memory stays flat however many orders are due. */
const BATCH = 1_000;

/** The one key of a reminder: its plan line, its day relative to the due date, and that due date. */
export function reminderKey(lineId: number, day: number, dueDate: CalendarDate): string {
  return `reminder:${lineId}:${day}:${dueDate}`;
}

/**
 * Queues today's due-date reminders (lender's date at `at`): for each day of a product's
 * reminder schedule, every unpaid line of a live order due that many days from today gets one
 * message, keyed so that no rerun, second instance or catch-up run queues it again. A message
 * queued outside the lawful hours waits for them (its first try is the next allowed instant),
 * unless the line is further past due than the profile's exception. Lines are read in batches
 * by id, so the work is flat in memory.
 */
export async function queueDueReminders(deps: ReminderDeps, at: Date): Promise<{ queued: number }> {
  const { db, config } = deps;
  const today = calendarDateAt(at, config.lenderTimeZone);
  const rules = config.compliance?.contact ?? defaultContactRules;
  const schedules = new Map<number, readonly number[]>();
  for (const product of await db.selectFrom('products').select(['id', 'loan_rules']).execute()) {
    schedules.set(product.id, loanRulesSchema.parse(JSON.parse(product.loan_rules)).reminderDays);
  }
  const days = [...new Set([...schedules.values()].flat())].sort((a, b) => a - b);
  const brand = await shownBrandName(deps);
  let queued = 0;
  for (const day of days) {
    const dueDate = addDays(today, -day);
    const decision = contactDecision({
      at,
      timeZone: config.lenderTimeZone,
      rules,
      daysPastDue: Math.max(0, day),
    });
    const firstTry = (decision.allowed ? at : decision.nextAllowedAt).toISOString();
    let afterId = 0;
    for (;;) {
      const lines = await db
        .selectFrom('order_plan_lines as line')
        .innerJoin('orders', 'orders.id', 'line.order_id')
        .innerJoin('borrowers', 'borrowers.id', 'orders.borrower_id')
        .select([
          'line.id',
          'line.amount',
          'line.paid_amount',
          'orders.id as order_id',
          'orders.product_id',
          'borrowers.phone',
        ])
        .where('line.due_date', '=', dueDate)
        .where('line.id', '>', afterId)
        .where('orders.status', 'in', repayingStatuses)
        .whereRef('line.paid_amount', '<', 'line.amount')
        .orderBy('line.id')
        .limit(BATCH)
        .execute();
      if (lines.length === 0) break;
      afterId = lines.at(-1)!.id;
      const rows = lines
        .filter((line) => schedules.get(line.product_id)?.includes(day))
        .map((line) => ({
          dedupe_key: reminderKey(line.id, day, dueDate),
          purpose: 'reminder' as const,
          order_id: line.order_id,
          plan_line_id: line.id,
          phone: line.phone,
          text: reminderSms({
            brand,
            amount: formatMoney(line.amount - line.paid_amount, config.market.money),
            dueDate,
            queuedOn: today,
            link: config.publicUrl
              ? `${config.publicUrl}${webRoutes.repay}?productId=${line.product_id}&orderId=${line.order_id}`
              : null,
          }),
          any_hour: decision.allowed && decision.by === 'past-due-exception' ? 1 : 0,
          next_attempt_at: firstTry,
          created_at: at.toISOString(),
        }));
      queued += await queueSmsMessages(db, rows);
    }
  }
  afterCommit(db, () => deps.metrics.reminder('queued', queued));
  return { queued };
}
