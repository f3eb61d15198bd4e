import { fillMessage, messages } from '@kwarta/contract';
import {
  OrderStatus,
  receivablesOwed,
  repayingStatuses,
  writeOffEntry,
  type OrderCharges,
  type Receivables,
} from '@kwarta/domain';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database, Order } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Deps } from '../../lib/deps.ts';
import { postJournalEntry, receivablesByOrder } from '../ledger/index.ts';
import { chargesOf, findOrderAccount, type OrderAccount } from './order-repayment.ts';
import { TransitionRefused, transitionOrder } from './order-lifecycle.ts';
import { recordOrderPortfolio } from '../portfolio/index.ts';

/** What the order's plan lines and penalty say it owes, as the ledger's receivables. */
export function receivablesOwedBy(account: Pick<OrderAccount, 'order' | 'balance'>): Receivables {
  return receivablesOwed({ order: chargesOf(account), ...account.balance });
}

export async function orderCharges(db: Kysely<Database>, orderId: number): Promise<OrderCharges> {
  const account = await findOrderAccount(db, { orderId });
  if (!account) throw new Error(`order ${orderId} does not exist`);
  return chargesOf(account);
}

/**
 * An admin gives up on what a disbursed order still owes (decisions 0099, 0103): every receivable
 * the ledger holds for it is cleared into the write-off expense in one entry, and the order moves
 * to 190 (written off, with its history row and `written_off_at`) in the same transaction. From
 * then on no job, queue or reminder works on it and it takes no extension; a later payment is still
 * allocated to its plan lines (the borrower still owes them) and books as a recovery. Once only;
 * with a reason.
 */
export async function writeOffOrder(
  deps: Pick<Deps, 'db' | 'clock'> & { config: Pick<Config, 'lenderTimeZone'> },
  input: { orderId: number; reason: string; actor: string },
): Promise<{ order: Order; owed: Receivables }> {
  const reason = input.reason.trim();
  if (reason.length < 3 || reason.length > 500) {
    throw new TransitionRefused(fillMessage(messages.orderWriteOffNeedsReason, { orderId: input.orderId }));
  }
  return inTransaction(deps.db, async (trx) => {
    const account = await findOrderAccount(trx, { orderId: input.orderId }, { lock: true });
    if (!account) throw new TransitionRefused(`Order ${input.orderId} does not exist.`);
    const { order } = account;
    if (order.written_off_at !== null || !(repayingStatuses as readonly number[]).includes(order.status)) {
      throw new TransitionRefused(
        fillMessage(messages.orderNotWritableOff, { orderId: order.id, status: order.status }),
      );
    }
    const now = deps.clock.now();
    // What the books hold for it (equal to what its plan says it owes, decision 0099): exactly
    // what the entry clears, so no receivable is left behind whatever the records say.
    const owed = (await receivablesByOrder(trx, [order.id])).get(order.id);
    // Disbursed before the ledger and not rebuilt yet: the books hold nothing to clear.
    if (!owed)
      throw new TransitionRefused(fillMessage(messages.orderWriteOffNeedsLedger, { orderId: order.id }));
    const updated = await transitionOrder(trx, {
      orderId: order.id,
      to: OrderStatus.WrittenOff,
      by: 'write-off',
      actor: input.actor,
      reason,
      now,
      changes: () => ({ written_off_at: now.toISOString() }),
    });
    await postJournalEntry(trx, writeOffEntry(owed), {
      eventKey: `order:${order.id}:write-off`,
      at: now,
      timeZone: deps.config.lenderTimeZone,
      orderId: order.id,
      memo: `written off by ${input.actor}: ${reason}`,
    });
    await recordOrderPortfolio(trx, order.id, deps.config.lenderTimeZone);
    return { order: updated, owed };
  });
}

/** What the ledger's rebuild reads of an order's history (orders' own tables). */
export interface OrderLedgerHistory {
  account: OrderAccount;
  disbursements: {
    id: number;
    provider: string;
    amount: number;
    status: string;
    reference: string | null;
    created_at: string;
    updated_at: string;
  }[];
  penaltyAccruals: { accrued_on: string; amount: number; created_at: string }[];
}

export async function orderLedgerHistory(
  db: Kysely<Database>,
  orderId: number,
): Promise<OrderLedgerHistory | null> {
  const account = await findOrderAccount(db, { orderId });
  if (!account) return null;
  const disbursements = await db
    .selectFrom('disbursements')
    .select(['id', 'provider', 'amount', 'status', 'reference', 'created_at', 'updated_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  const penaltyAccruals = await db
    .selectFrom('order_penalty_accruals')
    .select(['accrued_on', 'amount', 'created_at'])
    .where('order_id', '=', orderId)
    .orderBy('accrued_on')
    .execute();
  return { account, disbursements, penaltyAccruals };
}

/** Orders money may have moved for: disbursed, or with a disbursement attempt. */
export async function ordersWithMoney(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('disbursed_on', 'is not', null),
        eb.exists(
          eb.selectFrom('disbursements').select('id').whereRef('disbursements.order_id', '=', 'orders.id'),
        ),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** What each payout provider paid out or holds in transit (attempts sending or sent). */
export async function payoutsByProvider(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('disbursements')
    .select((eb) => ['provider', eb.fn.sum<number | string>('amount').as('amount')])
    .where('status', 'in', ['sending', 'sent'])
    .groupBy('provider')
    .execute();
  return new Map(rows.map((row) => [row.provider, Number(row.amount)]));
}
