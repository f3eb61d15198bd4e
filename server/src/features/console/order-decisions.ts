import type { Operator } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { audited } from '../operators/index.ts';
import { approveOrder, findOrderStatus, rejectOrder, TransitionRefused } from '../orders/index.ts';
import { withDb } from '../../lib/with-db.ts';

/**
 * An operator's decisions on an order, each with its audit row: the console's order page and
 * `npm run order` both come through here, so a decision made at a terminal is logged as the
 * console logs it (who: a signed-in operator, or the command line, cli/cli-actor.ts).
 */
type Actor = Pick<Operator, 'id' | 'name'>;
const moves = { 'order.approve': approveOrder, 'order.reject': rejectOrder } as const;

/** Approve (21 → 151) or reject (21 → 110), in one transaction with its audit row. */
export function decideOrderAudited<D extends Pick<Deps, 'db' | 'clock' | 'config'>>(
  deps: D,
  actor: Actor,
  action: keyof typeof moves,
  input: { orderId: number; reason: string },
) {
  return audited(deps, actor, async (trx) => {
    const statusBefore = await findOrderStatus(trx, input.orderId);
    if (statusBefore === undefined) throw new TransitionRefused(`Order ${input.orderId} does not exist.`);
    // The caller's deps (whatever the use case needs now or later), on this transaction.
    const order = await moves[action](
      withDb(deps, trx),
      input.orderId,
      `operator:${actor.name}`,
      input.reason,
    );
    return {
      result: order,
      audit: {
        action,
        subject: `order:${order.id}`,
        before: { status: statusBefore },
        after: {
          status: order.status,
          ...(input.reason ? { reason: input.reason } : {}),
          ...(order.disbursed_on ? { disbursedOn: order.disbursed_on, dueDate: order.due_date } : {}),
        },
      },
    };
  });
}
