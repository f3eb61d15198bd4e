import { calendarDateAt } from '@kwarta/domain';
import type { Deps } from '../../lib/deps.ts';
import { findBorrower } from '../borrowers/index.ts';
import { orderCollectionRecords } from '../collections/index.ts';
import { orderComplaints } from '../complaints/index.ts';
import { findOrderDecision } from '../credit-decisions/index.ts';
import { identityFields, identityState } from '../identity/index.ts';
import { borrowerLoans, orderStatusText } from '../orders/index.ts';
import { orderPayments } from '../payments/index.ts';
import { orderMessages } from '../sms/index.ts';
import { borrowerNotes } from './borrower-notes.ts';

/**
 * One borrower in one place (decision 0113): composed from each owner's read model (borrowers,
 * identity, orders, payments, sms, collections, complaints, credit decisions) and this feature's
 * notes. Phones and account numbers are whole here: the console shows them as the role may.
 * Undefined when there is no such borrower.
 */
export async function borrowerProfile(deps: Pick<Deps, 'db' | 'clock' | 'config'>, borrowerId: number) {
  const { db } = deps;
  const borrower = await findBorrower(db, borrowerId);
  if (!borrower) return undefined;
  const at = {
    today: calendarDateAt(deps.clock.now(), deps.config.lenderTimeZone),
    timeZone: deps.config.lenderTimeZone,
  };
  const [identityStatus, identity, loans, notes] = await Promise.all([
    identityState(db, borrowerId),
    identityFields(db, borrowerId),
    borrowerLoans(db, borrowerId),
    borrowerNotes(db, borrowerId),
  ]);
  // A borrower has a handful of orders: each owner's per-order read, all at once.
  const perOrder = await Promise.all(
    loans.map(async (loan) => {
      const [payments, messages, records, complaints, decision] = await Promise.all([
        orderPayments(db, loan.id),
        orderMessages(db, loan.id),
        orderCollectionRecords(db, loan.id, at),
        orderComplaints(db, loan.id),
        findOrderDecision(db, loan.id),
      ]);
      return { orderNo: loan.order_no, payments, messages, records, complaints, decision };
    }),
  );
  const newestFirst = <T extends { at: string }>(rows: T[]) => rows.sort((a, b) => b.at.localeCompare(a.at));
  return {
    borrower: {
      id: borrower.id,
      name: borrower.full_name,
      phone: borrower.phone,
      repeatClient: borrower.is_repeat_client === 1,
      registeredAt: borrower.created_at,
    },
    identityStatus,
    identity,
    loans: loans.map((loan) => ({
      orderId: loan.id,
      orderNo: loan.order_no,
      status: loan.status,
      statusText: orderStatusText(loan.status),
      productName: loan.product_name,
      principal: loan.principal,
      appliedAt: loan.applied_at,
      dueDate: loan.due_date,
      balance: loan.balance,
    })),
    payments: perOrder.flatMap((order) => order.payments).sort((a, b) => b.id - a.id),
    messages: newestFirst(
      perOrder.flatMap((order) =>
        order.messages.map((message) => ({
          orderNo: order.orderNo,
          purpose: message.purpose,
          status: message.status,
          createdAt: message.created_at,
          text: message.text,
          at: message.created_at,
        })),
      ),
    ).map(({ at: _at, ...message }) => message),
    contacts: newestFirst(
      perOrder.flatMap((order) =>
        order.records.contacts.map((contact) => ({ orderNo: order.orderNo, ...contact })),
      ),
    ).map(({ id: _id, ...contact }) => contact),
    complaints: perOrder.flatMap((order) =>
      order.complaints.map((problem) => ({
        id: problem.id,
        orderNo: order.orderNo,
        content: problem.content,
        createdAt: problem.created_at,
        repliedAt: problem.replied_at,
      })),
    ),
    decisions: perOrder.flatMap((order) =>
      order.decision
        ? [
            {
              orderNo: order.orderNo,
              outcome: order.decision.outcome,
              reasons: order.decision.reasons,
              limit: order.decision.limit?.amount ?? null,
              decidedAt: order.decision.decidedAt,
              overridden: order.decision.overrides.length > 0,
            },
          ]
        : [],
    ),
    notes,
  };
}
