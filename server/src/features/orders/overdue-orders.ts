import { sql, type Kysely } from 'kysely';
import {
  bucketDueDates,
  collectionBuckets,
  daysPastDue,
  repayingStatuses,
  type CalendarDate,
  type CollectionBucket,
} from '@kwarta/domain';
import type { Database } from '../../db/schema.ts';
import { readPage, type PageRequest } from '../../lib/paging.ts';

/**
 * The collections queue's orders (decision 0098): live orders (170, 174, 180) with an instalment
 * unpaid past its due date, by the due date of the oldest such line. A multi-instalment order
 * still 170 or 174 with an earlier line missed is as overdue as a 180. Phones are whole: the
 * console masks them for the operator's role.
 */
const LIVE = [...repayingStatuses];

/** Per order: the oldest unpaid due date and what is unpaid of the lines due by `today`. */
function unpaidLines(db: Kysely<Database>, today: CalendarDate) {
  return db
    .selectFrom('order_plan_lines')
    .select((eb) => [
      'order_id',
      eb.fn.min('due_date').as('oldest_due'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when('due_date', '<=', today)
            .then(sql<number>`amount - paid_amount`)
            .else(0)
            .end(),
        )
        .as('lines_due'),
    ])
    .whereRef('paid_amount', '<', 'amount')
    .groupBy('order_id');
}

function overdueOrders(db: Kysely<Database>, today: CalendarDate) {
  return db
    .selectFrom('orders')
    .innerJoin(unpaidLines(db, today).as('unpaid'), 'unpaid.order_id', 'orders.id')
    .innerJoin('borrowers', 'borrowers.id', 'orders.borrower_id')
    .where('orders.status', 'in', LIVE)
    .where('unpaid.oldest_due', '<', today);
}

export interface OverdueOrder {
  orderId: number;
  orderNo: string;
  borrowerName: string | null;
  phone: string;
  daysPastDue: number;
  /** Unpaid lines due by today plus unpaid penalty. */
  amountDueNow: number;
}

/** Whose orders a queue shows: everyone's, the unassigned ones, or one collector's (by operator id). */
export type AssigneeFilter =
  { kind: 'all' } | { kind: 'unassigned' } | { kind: 'collector'; operatorId: number };

/**
 * One page of overdue orders, the longest overdue first (or by the amount due now), optionally of
 * one bucket and one assignee. The assignment is joined here, in the queue's one query, so a
 * filtered page is still one page read.
 */
export async function overdueOrderPage(
  db: Kysely<Database>,
  input: PageRequest & {
    today: CalendarDate;
    bucket: CollectionBucket | '';
    assignee?: AssigneeFilter;
    sort?: '' | 'daysPastDue' | 'amountDueNow';
    dir?: '' | 'asc' | 'desc';
  },
) {
  let query = overdueOrders(db, input.today)
    .leftJoin('collection_assignments', 'collection_assignments.order_id', 'orders.id')
    .select([
      'orders.id',
      'orders.order_no',
      'orders.penalty_amount',
      'orders.penalty_paid',
      'borrowers.full_name',
      'borrowers.phone',
      'unpaid.oldest_due',
      'unpaid.lines_due',
    ]);
  if (input.bucket !== '') {
    const { earliest, latest } = bucketDueDates(input.bucket, input.today);
    query = query.where('unpaid.oldest_due', '<=', latest);
    if (earliest !== null) query = query.where('unpaid.oldest_due', '>=', earliest);
  }
  const assignee: AssigneeFilter = input.assignee ?? { kind: 'all' };
  if (assignee.kind === 'unassigned') query = query.where('collection_assignments.order_id', 'is', null);
  if (assignee.kind === 'collector')
    query = query.where('collection_assignments.operator_id', '=', assignee.operatorId);
  // Days past due grow as the oldest due date falls back: "longest first" is the earliest date first.
  const dir = input.dir === '' || input.dir === undefined ? null : input.dir;
  const sorted =
    input.sort === 'amountDueNow'
      ? query.orderBy(sql`unpaid.lines_due + orders.penalty_amount - orders.penalty_paid`, dir ?? 'desc')
      : query.orderBy('unpaid.oldest_due', (dir ?? 'desc') === 'desc' ? 'asc' : 'desc');
  return readPage(sorted.orderBy('orders.id'), input, (row): OverdueOrder => ({
    orderId: row.id,
    orderNo: row.order_no,
    borrowerName: row.full_name,
    phone: row.phone,
    daysPastDue: daysPastDue(row.oldest_due as CalendarDate, input.today),
    amountDueNow: Number(row.lines_due) + row.penalty_amount - row.penalty_paid,
  }));
}

/**
 * How many orders are overdue today: the one definition the dashboard and the collections queue
 * share (an instalment unpaid past its due date), not the count of status 180.
 */
export async function countOverdueOrders(db: Kysely<Database>, today: CalendarDate): Promise<number> {
  const row = await overdueOrders(db, today)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** How many overdue orders each bucket holds today (one pass, no row read per order). */
export async function overdueCounts(db: Kysely<Database>, today: CalendarDate) {
  const row = await overdueOrders(db, today)
    .select((eb) =>
      collectionBuckets.map(({ key }) => {
        const { earliest, latest } = bucketDueDates(key, today);
        const inBucket = eb.and([
          eb('unpaid.oldest_due', '<=', latest),
          ...(earliest === null ? [] : [eb('unpaid.oldest_due', '>=', earliest)]),
        ]);
        return eb.fn.sum<number>(eb.case().when(inBucket).then(1).else(0).end()).as(`b${key}`);
      }),
    )
    .executeTakeFirst();
  const counts = (row ?? {}) as Record<string, number | string | null>;
  return collectionBuckets.map(({ key }) => ({ bucket: key, count: Number(counts[`b${key}`] ?? 0) }));
}

/** One order's standing for collections: days past due and the amount due now, or undefined. */
export async function overdueStanding(db: Kysely<Database>, orderId: number, today: CalendarDate) {
  const row = await db
    .selectFrom('orders')
    .leftJoin(unpaidLines(db, today).as('unpaid'), 'unpaid.order_id', 'orders.id')
    .innerJoin('borrowers', 'borrowers.id', 'orders.borrower_id')
    .select([
      'orders.id',
      'orders.borrower_id',
      'orders.status',
      'orders.penalty_amount',
      'orders.penalty_paid',
      'orders.due_date',
      'borrowers.full_name',
      'borrowers.phone',
      'unpaid.oldest_due',
      'unpaid.lines_due',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!row) return undefined;
  const live = (LIVE as number[]).includes(row.status);
  return {
    orderId: row.id,
    borrowerId: row.borrower_id,
    /** Still repaying (170, 174, 180): settled or written off, nobody may be asked to pay it. */
    live,
    borrowerName: row.full_name,
    phone: row.phone,
    /** The oldest unpaid line's due date: the text of a collection SMS. */
    dueDate: (row.oldest_due ?? row.due_date) as CalendarDate | null,
    daysPastDue: live ? daysPastDue((row.oldest_due ?? null) as CalendarDate | null, today) : 0,
    amountDueNow: live ? Number(row.lines_due ?? 0) + row.penalty_amount - row.penalty_paid : 0,
  };
}

/** Which of these orders are overdue today (the queue's definition): one query on their ids. */
export async function overdueAmong(
  db: Kysely<Database>,
  orderIds: readonly number[],
  today: CalendarDate,
): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await overdueOrders(db, today)
    .select('orders.id')
    .where('orders.id', 'in', orderIds)
    .execute();
  return new Set(rows.map((row) => row.id));
}
