// The book as the CIC's monthly file reads it (decision 0106): every borrower with an instalment
// contract live in a month, with each contract's plan and its repayments paid by the month's end.
// A read model of the orders owner; the regulatory-reports feature maps it to the file's records.
import type { Kysely } from 'kysely';
import { OrderStatus, type CalendarDate } from '@kwarta/domain';
import type { Database } from '../../db/schema.ts';

export interface CicBookContract {
  orderId: number;
  orderNo: string;
  status: number;
  principal: number;
  periods: number;
  termDays: number;
  appliedAt: string;
  disbursedOn: CalendarDate;
  settledAt: string | null;
  writtenOffAt: string | null;
  lines: { seq: number; dueDate: CalendarDate; amount: number }[];
  /** Repayments paid before the month's end, oldest first: their instants and amounts received. */
  repayments: { paidAt: string; amount: number }[];
}

export interface CicBookBorrower {
  borrowerId: number;
  phone: string;
  fullName: string | null;
  contracts: CicBookContract[];
}

export interface CicBookMonth {
  /** The last day of the month (the lender's calendar). */
  referenceDate: CalendarDate;
  /** The month's first instant and the first instant after it, ISO UTC. */
  startsAt: string;
  endsBefore: string;
}

const DISBURSED: number[] = [
  OrderStatus.Repaying,
  OrderStatus.Due,
  OrderStatus.Overdue,
  OrderStatus.WrittenOff,
  OrderStatus.Settled,
];

/**
 * Borrowers in id order, a window of `batchSize` borrower ids at a time, each with every contract disbursed by the month's
 * end and not settled before it began (a contract closed in an earlier month was in that month's
 * file and is not sent again). Keyset pages keep memory flat at any size of book.
 */
export async function* cicBook(
  db: Kysely<Database>,
  month: CicBookMonth,
  batchSize = 500,
): AsyncGenerator<CicBookBorrower> {
  const live = db
    .selectFrom('orders')
    .where('orders.status', 'in', DISBURSED)
    .where('orders.disbursed_on', 'is not', null)
    .where('orders.disbursed_on', '<=', month.referenceDate)
    .where((eb) =>
      eb.or([eb('orders.settled_at', 'is', null), eb('orders.settled_at', '>=', month.startsAt)]),
    );
  // Windows of borrower ids, each read through the (borrower_id, id) index: a DISTINCT page of
  // borrowers sorted and cut at every step scanned the whole book again per page.
  const top = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.max('orders.borrower_id').as('top'))
    .executeTakeFirst();
  const last = Number(top?.top ?? 0);
  for (let after = 0; after < last; after += batchSize) {
    const orders = await live
      .innerJoin('borrowers', 'borrowers.id', 'orders.borrower_id')
      .select([
        'orders.id',
        'orders.order_no',
        'orders.borrower_id',
        'orders.status',
        'orders.principal',
        'orders.periods',
        'orders.term_days',
        'orders.applied_at',
        'orders.disbursed_on',
        'orders.settled_at',
        'orders.written_off_at',
        'borrowers.phone',
        'borrowers.full_name',
      ])
      .where('orders.borrower_id', '>', after)
      .where('orders.borrower_id', '<=', after + batchSize)
      .orderBy('orders.borrower_id')
      .orderBy('orders.id')
      .execute();
    if (orders.length === 0) continue;
    const orderIds = orders.map((order) => order.id);
    const [lines, repayments] = await Promise.all([
      db
        .selectFrom('order_plan_lines')
        .select(['order_id', 'seq', 'due_date', 'amount'])
        .where('order_id', 'in', orderIds)
        .orderBy('order_id')
        .orderBy('seq')
        .execute(),
      // Straight from payments by order (payments_order): joined to orders and filtered on the
      // join, PostgreSQL matched every payment against the whole id list, seconds per window.
      db
        .selectFrom('payments')
        .select([
          'payments.order_id',
          'payments.paid_at',
          'payments.received_amount',
          'payments.expected_amount',
        ])
        .where('payments.order_id', 'in', orderIds)
        .where('payments.kind', '=', 'repayment')
        .where('payments.status', '=', 'paid')
        .where('payments.paid_at', '<', month.endsBefore)
        .orderBy('payments.order_id')
        .orderBy('payments.paid_at')
        .execute(),
    ]);
    const contracts = new Map<number, CicBookContract>();
    let borrower = null as CicBookBorrower | null;
    const borrowers: CicBookBorrower[] = [];
    for (const order of orders) {
      if (borrower?.borrowerId !== order.borrower_id) {
        borrower = {
          borrowerId: order.borrower_id,
          phone: order.phone,
          fullName: order.full_name,
          contracts: [],
        };
        borrowers.push(borrower);
      }
      const contract: CicBookContract = {
        orderId: order.id,
        orderNo: order.order_no,
        status: order.status,
        principal: order.principal,
        periods: order.periods,
        termDays: order.term_days,
        appliedAt: order.applied_at,
        disbursedOn: order.disbursed_on!,
        settledAt: order.settled_at,
        writtenOffAt: order.written_off_at,
        lines: [],
        repayments: [],
      };
      contracts.set(order.id, contract);
      borrower.contracts.push(contract);
    }
    for (const line of lines)
      contracts
        .get(line.order_id)
        ?.lines.push({ seq: line.seq, dueDate: line.due_date, amount: line.amount });
    for (const payment of repayments)
      contracts.get(payment.order_id)?.repayments.push({
        paidAt: payment.paid_at!,
        amount: payment.received_amount ?? payment.expected_amount,
      });
    yield* borrowers;
  }
}
