import type { Kysely } from 'kysely';
import type { Database, Payment, PaymentAllocationTable } from '../../db/schema.ts';

/** A payment with what it paid for, as the ledger's rebuild replays it. */
export interface PaymentWithAllocations {
  payment: Payment;
  allocations: Pick<PaymentAllocationTable, 'component' | 'plan_seq' | 'amount'>[];
}

/** An order's payments that moved money (paid, held, being returned, returned), oldest first. */
export async function orderPaymentHistory(
  db: Kysely<Database>,
  orderId: number,
): Promise<PaymentWithAllocations[]> {
  const payments = await db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', 'in', ['paid', 'held', 'returning', 'returned'])
    .orderBy('id')
    .execute();
  if (payments.length === 0) return [];
  const allocations = await db
    .selectFrom('payment_allocations')
    .select(['payment_id', 'component', 'plan_seq', 'amount'])
    .where(
      'payment_id',
      'in',
      payments.map((payment) => payment.id),
    )
    .orderBy('id')
    .execute();
  return payments
    .map((payment) => ({
      payment,
      allocations: allocations.filter((allocation) => allocation.payment_id === payment.id),
    }))
    .sort(
      (a, b) =>
        (a.payment.paid_at ?? a.payment.updated_at).localeCompare(
          b.payment.paid_at ?? b.payment.updated_at,
        ) || a.payment.id - b.payment.id,
    );
}

/** What reached each payment provider and stays with the lender: paid, held or being returned. */
export async function receivedByProvider(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('payments')
    .select((eb) => ['provider', eb.fn.sum<number | string>('received_amount').as('amount')])
    .where('status', 'in', ['paid', 'held', 'returning', 'returned'])
    .where('received_amount', '>', 0)
    .groupBy('provider')
    .execute();
  return new Map(rows.map((row) => [row.provider, Number(row.amount)]));
}

/** What went back to borrowers through the payout provider (held payments returned). */
export async function returnedTotal(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.sum<number | string | null>('received_amount').as('amount'))
    .where('status', '=', 'returned')
    .executeTakeFirst();
  return Number(row?.amount ?? 0);
}

/** A payment the provider reported paid, as the daily reconciliation pairs it with the journal. */
export interface PaidPayment {
  id: number;
  provider: string;
  order_id: number;
  txnid: string;
  ref_no: string;
  received_amount: number;
  received_at: string;
}

// A reversed payment's money did arrive on its day; its reversal leaves like a return (decision 0110).
const MONEY_ARRIVED = ['paid', 'held', 'returning', 'returned', 'reversed'] as const;

function paidPayments(db: Kysely<Database>) {
  return db
    .selectFrom('payments')
    .select(['id', 'provider', 'order_id', 'txnid', 'ref_no', 'received_amount', 'received_at'])
    .where('status', 'in', MONEY_ARRIVED)
    .where('received_amount', '>', 0)
    .where('received_at', 'is not', null)
    .$narrowType<{ received_amount: number; received_at: string }>();
}

/**
 * Payments whose money arrived (received_at, held ones included) between two instants (ISO, UTC): the caller widens a lender's day
 * to whole UTC days and keeps those of its day, as the portfolio's collected amounts do.
 */
export async function paymentsPaidBetween(
  db: Kysely<Database>,
  range: { from: string; to: string },
): Promise<PaidPayment[]> {
  return paidPayments(db)
    .where('received_at', '>=', range.from)
    .where('received_at', '<', range.to)
    .orderBy('id')
    .execute();
}

/** The payments among `ids` whose money arrived (a journal entry names a payment: was it paid, when?). */
export async function paidPaymentsById(db: Kysely<Database>, ids: readonly number[]): Promise<PaidPayment[]> {
  if (ids.length === 0) return [];
  return paidPayments(db).where('id', 'in', ids).orderBy('id').execute();
}
