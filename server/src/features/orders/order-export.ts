import type { Kysely } from 'kysely';
import { addDays, zonedInstant, type CalendarDate } from '@kwarta/domain';
import type { Database } from '../../db/schema.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { streamedBatches } from '../../db/streamed-rows.ts';
import { orderStatusText } from './order-cards.ts';

/** Created from `from` to `to` (the lender's calendar dates, both included); either may be open. */
export interface CreatedRange {
  from?: CalendarDate;
  to?: CalendarDate;
}

/**
 * The ISO instants a created-at range covers: from the first day's start to before the day after
 * the last, days of the lender's zone, as the export's times are written in it.
 */
export function createdBounds(range: CreatedRange, timeZone: string): { from?: string; before?: string } {
  const startOf = (date: CalendarDate) => zonedInstant(date, 0, timeZone).toISOString();
  return {
    from: range.from ? startOf(range.from) : undefined,
    before: range.to ? startOf(addDays(range.to, 1)) : undefined,
  };
}

const exportQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('orders')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .select([
      'orders.id',
      'orders.order_no',
      'orders.borrower_id',
      'products.name as product',
      'orders.status',
      'orders.principal',
      'orders.total_due',
      'orders.paid_amount',
      'orders.penalty_amount',
      'orders.penalty_paid',
      'orders.extension_fees',
      'orders.term_days',
      'orders.periods',
      'orders.applied_at',
      'orders.disbursed_on',
      'orders.due_date',
      'orders.settled_at',
      'orders.written_off_at',
      'orders.compliance_profile',
    ]);

type OrderExportRow = Awaited<ReturnType<ReturnType<typeof exportQuery>['executeTakeFirstOrThrow']>>;

/** Every order created in the range, oldest first, a batch at a time (db/streamed-rows.ts). */
export function orderExportRows(
  db: Kysely<Database>,
  range: CreatedRange,
  timeZone: string,
): AsyncGenerator<OrderExportRow[]> {
  const { from, before } = createdBounds(range, timeZone);
  return streamedBatches(db, (lastId) => {
    let query = exportQuery(db).where('orders.id', '>', lastId);
    if (from) query = query.where('orders.created_at', '>=', from);
    if (before) query = query.where('orders.created_at', '<', before);
    return query.orderBy('orders.id');
  });
}

export const orderExportColumns: CsvColumn<OrderExportRow>[] = [
  { header: 'order_id', cell: (row) => row.id },
  { header: 'order_no', cell: (row) => row.order_no },
  { header: 'borrower_id', cell: (row) => row.borrower_id },
  { header: 'product', cell: (row) => row.product },
  { header: 'status', cell: (row) => row.status },
  { header: 'status_text', cell: (row) => orderStatusText(row.status) },
  { header: 'principal_minor', cell: (row) => row.principal },
  { header: 'total_due_minor', cell: (row) => row.total_due },
  { header: 'paid_minor', cell: (row) => row.paid_amount },
  { header: 'penalty_minor', cell: (row) => row.penalty_amount },
  { header: 'penalty_paid_minor', cell: (row) => row.penalty_paid },
  { header: 'extension_fees_minor', cell: (row) => row.extension_fees },
  { header: 'term_days', cell: (row) => row.term_days },
  { header: 'periods', cell: (row) => row.periods },
  { header: 'applied_at', instant: (row) => row.applied_at },
  { header: 'disbursed_on', cell: (row) => row.disbursed_on },
  { header: 'due_date', cell: (row) => row.due_date },
  { header: 'settled_at', instant: (row) => row.settled_at },
  { header: 'written_off_at', instant: (row) => row.written_off_at },
  { header: 'compliance_profile', cell: (row) => row.compliance_profile },
];
