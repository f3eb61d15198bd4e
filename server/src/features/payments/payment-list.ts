import type { Kysely } from 'kysely';
import type { PaymentStatus } from '@kwarta/contract';
import type { Database } from '../../db/schema.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { readPage, type PageRequest } from '../../lib/paging.ts';
import { streamedBatches } from '../../db/streamed-rows.ts';

/** The console's payment reads: the list, an order's payments and the dashboard's held count. */

export interface PaymentFilter extends PageRequest {
  status: PaymentStatus | '';
  provider: string;
}

const paymentRows = (db: Kysely<Database>) =>
  db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select([
      'payments.id',
      'payments.txnid',
      'payments.order_id',
      'orders.order_no',
      'payments.kind',
      'payments.provider',
      'payments.channel',
      'payments.expected_amount',
      'payments.received_amount',
      'payments.status',
      'payments.status_reason',
      'payments.created_at',
      'payments.paid_at',
    ]);

type PaymentRow = Awaited<ReturnType<ReturnType<typeof paymentRows>['executeTakeFirstOrThrow']>>;

const paymentView = (row: PaymentRow) => ({
  id: row.id,
  txnid: row.txnid,
  orderId: row.order_id,
  orderNo: row.order_no,
  kind: row.kind,
  provider: row.provider,
  channel: row.channel,
  expectedAmount: row.expected_amount,
  receivedAmount: row.received_amount,
  status: row.status,
  statusReason: row.status_reason,
  createdAt: row.created_at,
  paidAt: row.paid_at,
});

/**
 * The payments list, newest first, one page read like the order queue; a status or a provider
 * filter walks its own (status, id) or (provider, id) index.
 */
export async function paymentList(db: Kysely<Database>, filter: PaymentFilter) {
  let query = paymentRows(db);
  if (filter.status !== '') query = query.where('payments.status', '=', filter.status);
  const provider = filter.provider.trim();
  if (provider !== '') query = query.where('payments.provider', '=', provider);
  return readPage(query.orderBy('payments.id', 'desc'), filter, paymentView);
}

/** Every payment of one order, oldest first (an order has a handful). */
export async function orderPayments(db: Kysely<Database>, orderId: number) {
  const rows = await paymentRows(db)
    .where('payments.order_id', '=', orderId)
    .orderBy('payments.id')
    .execute();
  return rows.map(paymentView);
}

/** Payments held for review, for the dashboard (the status index answers it). */
export async function heldPaymentCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'held')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The posted payments (paid) of some orders, for promises to pay (decision 0098): the amount
 * received and when it was posted.
 */
export function postedPayments(db: Kysely<Database>, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('payments')
    .select(['order_id', 'received_amount', 'expected_amount', 'paid_at'])
    .where('order_id', 'in', orderIds)
    .where('status', '=', 'paid')
    .execute();
}

/** Every payment created in `bounds` (ISO instants; orders/order-export.ts createdBounds), oldest first. */
export function paymentExportRows(db: Kysely<Database>, bounds: { from?: string; before?: string }) {
  return streamedBatches(db, (lastId) => {
    let query = paymentRows(db).where('payments.id', '>', lastId);
    if (bounds.from) query = query.where('payments.created_at', '>=', bounds.from);
    if (bounds.before) query = query.where('payments.created_at', '<', bounds.before);
    return query.orderBy('payments.id');
  });
}

export const paymentExportColumns: CsvColumn<PaymentRow>[] = [
  { header: 'payment_id', cell: (row) => row.id },
  { header: 'txnid', cell: (row) => row.txnid },
  { header: 'order_id', cell: (row) => row.order_id },
  { header: 'order_no', cell: (row) => row.order_no },
  { header: 'kind', cell: (row) => row.kind },
  { header: 'provider', cell: (row) => row.provider },
  { header: 'channel', cell: (row) => row.channel },
  { header: 'expected_minor', cell: (row) => row.expected_amount },
  { header: 'received_minor', cell: (row) => row.received_amount },
  { header: 'status', cell: (row) => row.status },
  { header: 'status_reason', cell: (row) => row.status_reason },
  { header: 'created_at', instant: (row) => row.created_at },
  { header: 'paid_at', instant: (row) => row.paid_at },
];
