import { randomBytes } from 'node:crypto';
import type { PaymentKind } from '../../src/db/schema.ts';
import type { Deps } from '../../src/lib/deps.ts';
import { postPayment } from '../../src/features/payments/index.ts';
import type { RepayApp } from './repayment.ts';

// Apart from repayment.ts, which the e2e scripts import: posting pulls in the server's features.
/**
 * A payment on the order that the provider says was paid with `received` instead of what was
 * asked: posted through postPayment, so it is held for review exactly as a postback leaves it.
 */
export async function heldPayment(
  app: RepayApp & Pick<Deps, 'metrics'>,
  order: { orderId: number; borrowerId: number },
  options: { expected: number; received: number | null; kind?: PaymentKind; provider?: string },
) {
  const at = app.clock.now().toISOString();
  const txnid = `KWTEST${randomBytes(6).toString('hex').toUpperCase()}`;
  const provider = options.provider ?? 'sandbox';
  const { id } = await app.db
    .insertInto('payments')
    .values({
      provider,
      txnid,
      order_id: order.orderId,
      borrower_id: order.borrowerId,
      kind: options.kind ?? 'repayment',
      expected_amount: options.expected,
      received_amount: null,
      channel: 'BAYD',
      status: 'pending',
      extension_days: options.kind === 'extension' ? 7 : null,
      open_key: null,
      expires_at: at,
      created_at: at,
      updated_at: at,
      paid_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const posted = await postPayment(app, {
    provider,
    txnid,
    state: { status: 'paid', amount: options.received, refNo: `REF${id}` },
  });
  if (posted.outcome !== (options.received === options.expected ? 'posted' : 'held')) {
    throw new Error(`posting answered ${posted.outcome}`);
  }
  return id;
}
