import { fillMessage, messages } from '@kwarta/contract';
import {
  canTransition,
  isOpenStatus,
  isOrderStatus,
  OrderStatus,
  type TransitionTrigger,
} from '@kwarta/domain';
import type { Kysely } from 'kysely';
import type { Database, Order } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Deps } from '../../lib/deps.ts';
import { Refusal } from '../../lib/refusal.ts';

/** A move the transition table (or the order's state) does not allow; the CLI prints its message. */
export class TransitionRefused extends Refusal {
  constructor(message: string) {
    super('refused', message);
  }
}

export interface TransitionRequest {
  orderId: number;
  /**
   * The order as the caller read or wrote it in this transaction under its row lock
   * (findOrderAccount with lock), so it is not read again: a round trip less on PostgreSQL
   * (decision 0099). The move still requires the status it shows.
   */
  current?: Order;
  to: OrderStatus;
  by: TransitionTrigger;
  /** Who: 'operator:<name>', 'job:<name>', 'borrower:<id>'. */
  actor: string;
  reason?: string | null;
  now: Date;
  /** Further columns to set with the status, decided from the order as it was read. */
  changes?: (order: Order, trx: Kysely<Database>) => Promise<Partial<Order>> | Partial<Order>;
}

/**
 * The one way an order changes status (D2): allowed by the domain's transition table for this
 * trigger, written only if the order is still in the status it was read in (so two operators or
 * an operator and the job cannot both move it), recorded in the history with actor and reason,
 * and the borrower's open-order place released when the order ends.
 */
export async function transitionOrder(db: Kysely<Database>, request: TransitionRequest): Promise<Order> {
  return inTransaction(db, async (trx) => {
    const order =
      request.current ??
      (await trx.selectFrom('orders').selectAll().where('id', '=', request.orderId).executeTakeFirst());
    if (!order) throw new TransitionRefused(`Order ${request.orderId} does not exist.`);
    const refused = () =>
      new TransitionRefused(
        fillMessage(messages.orderTransitionRefused, {
          orderId: order.id,
          status: order.status,
          to: request.to,
        }),
      );
    if (!isOrderStatus(order.status) || !canTransition(order.status, request.to, request.by)) throw refused();
    const at = request.now.toISOString();
    const changes = (await request.changes?.(order, trx)) ?? {};
    const updated = await trx
      .updateTable('orders')
      .set({ ...changes, status: request.to, updated_at: at })
      .where('id', '=', order.id)
      .where('status', '=', order.status)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw refused();
    await recordStatusChange(trx, {
      orderId: order.id,
      from: order.status,
      to: request.to,
      actor: request.actor,
      reason: request.reason ?? null,
      at,
    });
    if (!isOpenStatus(request.to)) {
      await trx.deleteFrom('borrower_open_orders').where('order_id', '=', order.id).execute();
    }
    return updated;
  });
}

/**
 * transitionOrder for many orders in one move from one status to another (the daily job's page):
 * the same table check, the same "still in the status it was read in" condition, the same history
 * rows, in a few statements whatever their number. Returns the ids it moved; an order moved,
 * repaid or extended meanwhile is left out, as transitionOrder would refuse it. Runs in the
 * caller's transaction when it is handed one.
 */
export async function transitionOrdersInBulk(
  db: Kysely<Database>,
  request: Omit<TransitionRequest, 'orderId' | 'reason' | 'changes'> & {
    from: OrderStatus;
    orders: readonly { orderId: number; reason: string | null }[];
  },
): Promise<number[]> {
  if (request.orders.length === 0) return [];
  if (!canTransition(request.from, request.to, request.by)) {
    throw new TransitionRefused(
      fillMessage(messages.orderTransitionRefused, {
        orderId: request.orders[0]!.orderId,
        status: request.from,
        to: request.to,
      }),
    );
  }
  return inTransaction(db, async (trx) => {
    const at = request.now.toISOString();
    const moved = await trx
      .updateTable('orders')
      .set({ status: request.to, updated_at: at })
      .where(
        'id',
        'in',
        request.orders.map((order) => order.orderId),
      )
      .where('status', '=', request.from)
      .returning('id')
      .execute();
    const movedIds = new Set(moved.map((row) => row.id));
    const changes = request.orders
      .filter((order) => movedIds.has(order.orderId))
      .map((order) => ({
        orderId: order.orderId,
        from: request.from,
        to: request.to,
        actor: request.actor,
        reason: order.reason,
        at,
      }));
    await recordStatusChanges(trx, changes);
    if (!isOpenStatus(request.to) && movedIds.size > 0) {
      await trx
        .deleteFrom('borrower_open_orders')
        .where('order_id', 'in', [...movedIds])
        .execute();
    }
    return changes.map((change) => change.orderId);
  });
}

interface StatusChange {
  orderId: number;
  from: number;
  to: number;
  actor: string;
  reason: string | null;
  at: string;
}

/** One history row: who moved the order from what to what, when and why. */
export async function recordStatusChange(trx: Kysely<Database>, change: StatusChange): Promise<void> {
  await recordStatusChanges(trx, [change]);
}

async function recordStatusChanges(trx: Kysely<Database>, changes: readonly StatusChange[]): Promise<void> {
  if (changes.length === 0) return;
  await trx
    .insertInto('order_status_history')
    .values(
      changes.map((change) => ({
        order_id: change.orderId,
        from_status: change.from,
        to_status: change.to,
        actor: change.actor,
        reason: change.reason?.trim() || null,
        created_at: change.at,
      })),
    )
    .execute();
}

/** The order's status now, or undefined when there is no such order; on `db`'s transaction when it is one. */
export async function findOrderStatus(db: Kysely<Database>, orderId: number): Promise<number | undefined> {
  const order = await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
  return order?.status;
}

/** Every status change of the order, oldest first. */
export function orderStatusHistory(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom('order_status_history')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

export type LifecycleDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

export function approveOrder(deps: LifecycleDeps, orderId: number, actor: string, reason?: string) {
  return transitionOrder(deps.db, {
    orderId,
    to: OrderStatus.Approved,
    by: 'operator',
    actor,
    reason: reason ?? null,
    now: deps.clock.now(),
  });
}

export async function rejectOrder(deps: LifecycleDeps, orderId: number, actor: string, reason: string) {
  if (!reason.trim()) throw new TransitionRefused('A rejection needs a reason (--reason).');
  return transitionOrder(deps.db, {
    orderId,
    to: OrderStatus.Rejected,
    by: 'operator',
    actor,
    reason,
    now: deps.clock.now(),
  });
}

/**
 * The borrower confirms the withdrawal of an approved order whose product asks for it. Once only;
 * a foreign or missing order, or one not awaiting confirmation, answers false.
 */
export async function confirmWithdrawal(
  deps: Pick<Deps, 'db' | 'clock'>,
  borrowerId: number,
  orderId: number,
): Promise<boolean> {
  const at = deps.clock.now().toISOString();
  const result = await deps.db
    .updateTable('orders')
    .set({ withdraw_confirmed_at: at, updated_at: at })
    .where('id', '=', orderId)
    .where('borrower_id', '=', borrowerId)
    .where('status', '=', OrderStatus.Approved)
    .where('withdraw_confirmed_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('products')
          .select('products.id')
          .whereRef('products.id', '=', 'orders.product_id')
          .where('products.withdraw_confirm_url', '!=', ''),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
