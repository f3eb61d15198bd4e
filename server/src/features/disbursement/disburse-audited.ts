import type { Operator } from '../../db/schema.ts';
import { audited } from '../operators/index.ts';
import { findOrderStatus, TransitionRefused } from '../orders/index.ts';
import { disburseOrder, type DisburseDeps } from './disburse-order.ts';

type Actor = Pick<Operator, 'id' | 'name'>;

/**
 * 151 → 170 with its audit row. Not one transaction around the whole: the payout is an outside
 * call that must not hold a transaction open, and a refused payout is recorded (and audited)
 * although the order does not move. The audit row is written in the transaction that records
 * the outcome (decision 0052).
 */
export async function disburseOrderAudited(
  deps: DisburseDeps,
  actor: Actor,
  input: { orderId: number; reason: string },
) {
  const statusBefore = await findOrderStatus(deps.db, input.orderId);
  if (statusBefore === undefined) throw new TransitionRefused(`Order ${input.orderId} does not exist.`);
  const subject = `order:${input.orderId}`;
  return disburseOrder(deps, input.orderId, `operator:${actor.name}`, input.reason, {
    recordOutcome: (trx, outcome) =>
      audited({ db: trx, clock: deps.clock }, actor, async () => ({
        result: undefined,
        audit: outcome.paid
          ? {
              action: 'order.disburse',
              subject,
              before: { status: statusBefore },
              after: {
                status: outcome.order.status,
                ...(input.reason ? { reason: input.reason } : {}),
                disbursedOn: outcome.order.disbursed_on,
                dueDate: outcome.order.due_date,
              },
            }
          : {
              action: 'order.disburse.refused',
              subject,
              before: { status: statusBefore },
              after: { status: statusBefore, account: outcome.account, refusal: outcome.reason },
            },
      })),
  });
}
