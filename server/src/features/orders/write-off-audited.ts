import type { Config } from '../../config.ts';
import type { Operator } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { audited } from '../operators/index.ts';
import { findOrderStatus, TransitionRefused } from './order-lifecycle.ts';
import { writeOffOrder } from './order-ledger.ts';

/**
 * An operator writes an order off (decision 0099): the ledger's entry, the order's mark and the
 * operator audit (who, why, what was owed) commit together. The console's call and
 * `npm run order -- write-off` both come through here; who may is the caller's check (admin).
 */
export function writeOffAudited(
  deps: Pick<Deps, 'db' | 'clock'> & { config: Pick<Config, 'lenderTimeZone'> },
  operator: Pick<Operator, 'id' | 'name'>,
  input: { orderId: number; reason: string },
) {
  return audited(deps, operator, async (trx) => {
    const statusBefore = await findOrderStatus(trx, input.orderId);
    if (statusBefore === undefined) throw new TransitionRefused(`Order ${input.orderId} does not exist.`);
    const { order, owed } = await writeOffOrder(
      { db: trx, clock: deps.clock, config: deps.config },
      { orderId: input.orderId, reason: input.reason, actor: `operator:${operator.name}` },
    );
    const writtenOff = owed.principal + owed.interest + owed.fees + owed.penalty;
    return {
      result: { order, owed, writtenOff },
      audit: {
        action: 'order.write-off',
        subject: `order:${order.id}`,
        before: { status: statusBefore, owed },
        after: { status: order.status, writtenOffAt: order.written_off_at, reason: input.reason.trim() },
      },
    };
  });
}
