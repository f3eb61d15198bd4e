import type { Kysely } from 'kysely';
import { messages, seesWhole, type OperatorRole } from '@kwarta/contract';
import { calendarDateAt, repayingStatuses } from '@kwarta/domain';
import type { Database, Order } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { maskPhone } from '../../lib/log-redaction.ts';
import { defaultPayoutAccount, maskedDefaultAccount } from '../bank-binding/index.ts';
import { countComplaintsPastLine, orderComplaints } from '../complaints/index.ts';
import { orderMessages } from '../sms/index.ts';
import { orderRestructurings } from '../money-actions/index.ts';
import {
  countOverdueOrders,
  findOrderAccount,
  findOrderWithBorrowerAndProduct,
  listDisbursements,
  orderAgreements,
  listPlanLines,
  orderCounts,
  orderQueue,
  orderStatusHistory,
  orderStatusText,
  receivablesOwedBy,
  type QueueFilter,
} from '../orders/index.ts';
import { heldPaymentCount, orderPayments } from '../payments/index.ts';
import { recordedProfileView } from '../products/index.ts';

/**
 * The console's dashboard, order queue and order page: each composed from the read models of the
 * tables' owners (orders, complaints, payments, bank-binding), shown as the operator's role may
 * see them.
 */

/** A borrower's phone as this role may see it: whole for those who call borrowers, else the last four. */
export const phoneFor = (role: OperatorRole, phone: string) =>
  seesWhole(role, 'phone') ? phone : maskPhone(phone);

/**
 * The borrower's default payout account as this role may see it: the number whole for those who
 * pay it, else masked; null when none is bound.
 */
export async function payoutAccountFor(
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

export async function consoleDashboard(deps: Pick<Deps, 'db' | 'clock' | 'config'>) {
  const now = deps.clock.now();
  const today = calendarDateAt(now, deps.config.lenderTimeZone);
  const [orders, overdue, complaintsPastLine, paymentsHeld] = await Promise.all([
    orderCounts(deps.db, today),
    countOverdueOrders(deps.db, today),
    countComplaintsPastLine(deps.db, { now, timeZone: deps.config.lenderTimeZone }),
    heldPaymentCount(deps.db),
  ]);
  return {
    byStatus: orders.byStatus.map((row) => ({
      status: row.status,
      statusText: orderStatusText(row.status),
      count: row.count,
    })),
    dueToday: orders.dueToday,
    // The collections queue's definition (decision 0098), so both screens give one number.
    overdue,
    complaintsPastLine,
    paymentsHeld,
  };
}

/** The order queue (orders' read model), each order as this role may see it. */
export async function orderQueueFor(db: Kysely<Database>, role: OperatorRole, filter: QueueFilter) {
  const page = await orderQueue(db, filter);
  return { ...page, items: page.items.map((row) => queueItem(role, row)) };
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
  const row = await findOrderWithBorrowerAndProduct(db, orderId);
  if (!row) return undefined;
  const [
    plan,
    payouts,
    payments,
    history,
    complaints,
    payoutAccount,
    agreements,
    sms,
    account,
    restructurings,
  ] = await Promise.all([
    listPlanLines(db, orderId),
    listDisbursements(db, orderId),
    orderPayments(db, orderId),
    orderStatusHistory(db, orderId),
    orderComplaints(db, orderId),
    payoutAccountFor(deps, role, row.borrower_id),
    orderAgreements(db, orderId),
    orderMessages(db, orderId),
    findOrderAccount(db, { orderId }),
    orderRestructurings(db, orderId),
  ]);
  // What a money action's confirmation states (decision 0110): what the plan says is still owed.
  const owed =
    account && (repayingStatuses as readonly number[]).includes(row.status)
      ? receivablesOwedBy(account)
      : null;
  return {
    order: {
      ...queueItem(role, row),
      totalDue: row.total_due,
      paidAmount: row.paid_amount,
      penaltyAmount: row.penalty_amount,
      owed: owed && {
        total: owed.principal + owed.interest + owed.fees + owed.penalty,
        penalty: owed.penalty,
        charges: owed.interest + owed.fees,
      },
      termDays: row.term_days,
      periods: row.periods,
      disbursedOn: row.disbursed_on,
      dueDate: row.due_date,
      withdrawConfirmRequired: row.withdraw_confirm_url !== '',
      withdrawConfirmedAt: row.withdraw_confirmed_at,
      complianceProfile: recordedProfileView(row.compliance_profile),
      chargesCapNotice: row.charges_capped_by ? messages.chargesReachedCap : '',
    },
    agreements: agreements.map((agreement) => ({
      document: agreement.document,
      version: agreement.version,
      sha256: agreement.sha256,
      agreedAt: agreement.agreed_at,
    })),
    messages: sms.map((message) => ({
      createdAt: message.created_at,
      purpose: message.purpose,
      status: message.status,
      attempts: message.attempts,
      sentAt: message.sent_at,
      lastError: message.last_error,
      text: message.text,
    })),
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
    restructurings,
    payouts: payouts.map((payout) => ({
      amount: payout.amount,
      provider: payout.provider,
      status: payout.status,
      reference: payout.reference,
      failure: payout.failure,
      at: payout.updated_at,
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
