import type { Kysely } from 'kysely';
import { calendarDateAt, promiseState, type CalendarDate } from '@kwarta/domain';
import type { Database } from '../../db/schema.ts';
import { postedPayments } from '../payments/index.ts';

/**
 * What collectors recorded about orders (decision 0098), read for many orders at once so the
 * queue's page costs a fixed number of queries whatever its size.
 */

interface PromiseRow {
  id: number;
  order_id: number;
  amount: number;
  promised_on: string;
  created_at: string;
  made_by: string;
}

/** Each promise with its state today, judged from the order's posted payments (payments feature). */
async function withStates(
  db: Kysely<Database>,
  promises: readonly PromiseRow[],
  at: { today: CalendarDate; timeZone: string },
) {
  const orderIds = [...new Set(promises.map((promise) => promise.order_id))];
  const payments = (await postedPayments(db, orderIds)).map((payment) => ({
    orderId: payment.order_id,
    amount: payment.received_amount ?? payment.expected_amount,
    postedAt: payment.paid_at ?? '',
    postedOn: calendarDateAt(new Date(payment.paid_at ?? 0), at.timeZone),
  }));
  return promises.map((promise) => ({
    id: promise.id,
    orderId: promise.order_id,
    amount: promise.amount,
    promisedOn: promise.promised_on,
    madeBy: promise.made_by,
    madeAt: promise.created_at,
    state: promiseState({
      amount: promise.amount,
      promisedOn: promise.promised_on as CalendarDate,
      madeAt: promise.created_at,
      payments: payments.filter((payment) => payment.orderId === promise.order_id && payment.postedAt !== ''),
      today: at.today,
    }),
  }));
}

function promiseRows(db: Kysely<Database>) {
  return db
    .selectFrom('collection_promises as promise')
    .innerJoin('collection_contacts as contact', 'contact.id', 'promise.contact_id')
    .innerJoin('operators', 'operators.id', 'contact.operator_id')
    .select([
      'promise.id',
      'promise.order_id',
      'promise.amount',
      'promise.promised_on',
      'promise.created_at',
      'operators.name as made_by',
    ]);
}

/**
 * Per order of a queue page: the collector assigned, the last contact and the latest promise to
 * pay with its state.
 */
export async function collectionSummaries(
  db: Kysely<Database>,
  orderIds: readonly number[],
  at: { today: CalendarDate; timeZone: string },
) {
  if (orderIds.length === 0) return new Map<number, never>();
  const [assignments, lastContacts, latestPromiseIds] = await Promise.all([
    assignedCollectors(db, orderIds),
    db
      .selectFrom('collection_contacts')
      .select((eb) => ['order_id', eb.fn.max('created_at').as('last_at')])
      .where('order_id', 'in', orderIds)
      .groupBy('order_id')
      .execute(),
    db
      .selectFrom('collection_promises')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('order_id', 'in', orderIds)
      .groupBy('order_id')
      .execute(),
  ]);
  const ids = latestPromiseIds.map((row) => row.id);
  const promises =
    ids.length === 0
      ? []
      : await withStates(db, await promiseRows(db).where('promise.id', 'in', ids).execute(), at);
  return new Map(
    orderIds.map((orderId) => [
      orderId,
      {
        assignedTo: assignments.get(orderId) ?? null,
        lastContactAt: lastContacts.find((row) => row.order_id === orderId)?.last_at ?? null,
        promise: promises.find((promise) => promise.orderId === orderId) ?? null,
      },
    ]),
  );
}

/** One order's contact log (newest first) and promises (newest first) with their states. */
export async function orderCollectionRecords(
  db: Kysely<Database>,
  orderId: number,
  at: { today: CalendarDate; timeZone: string },
) {
  const [contacts, promises, assignment] = await Promise.all([
    db
      .selectFrom('collection_contacts')
      .innerJoin('operators', 'operators.id', 'collection_contacts.operator_id')
      .select([
        'collection_contacts.id',
        'collection_contacts.kind',
        'collection_contacts.outcome',
        'collection_contacts.note',
        'collection_contacts.created_at',
        'operators.name as operator',
      ])
      .where('collection_contacts.order_id', '=', orderId)
      .orderBy('collection_contacts.id', 'desc')
      .limit(100)
      .execute(),
    promiseRows(db).where('promise.order_id', '=', orderId).orderBy('promise.id', 'desc').limit(50).execute(),
    assignedCollector(db, orderId),
  ]);
  return {
    contacts: contacts.map((contact) => ({
      id: contact.id,
      kind: contact.kind,
      outcome: contact.outcome,
      note: contact.note,
      operator: contact.operator,
      at: contact.created_at,
    })),
    promises: (await withStates(db, promises, at)).map(({ orderId: _order, ...promise }) => promise),
    assignedTo: assignment?.name ?? null,
  };
}

/** The collector an order is assigned to, or undefined. */
export function assignedCollector(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom('collection_assignments')
    .innerJoin('operators', 'operators.id', 'collection_assignments.operator_id')
    .select(['operators.id', 'operators.name'])
    .where('collection_assignments.order_id', '=', orderId)
    .executeTakeFirst();
}

/** Who each of these orders is assigned to now (absent: nobody), in one query. */
export async function assignedCollectors(db: Kysely<Database>, orderIds: readonly number[]) {
  if (orderIds.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('collection_assignments')
    .innerJoin('operators', 'operators.id', 'collection_assignments.operator_id')
    .select(['collection_assignments.order_id', 'operators.name'])
    .where('collection_assignments.order_id', 'in', orderIds)
    .execute();
  return new Map(rows.map((row) => [row.order_id, row.name]));
}
