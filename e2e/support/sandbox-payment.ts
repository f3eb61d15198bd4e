import type { Kysely } from 'kysely';
import { expect, inject } from 'vitest';
import { routes } from '@kwarta/contract';
import type { Database } from '../../server/src/db/schema.ts';
// postbackPath('sandbox'); payment-routes.ts itself pulls the server's features into the e2e's types.
import { sandboxPostback } from '../../server/src/features/payments/sandbox.ts';
import { sessionQuery, type DemoSession } from './session.ts';

/**
 * The borrower makes a pay code for the order (generate-vcode, channel BAYD), and the sandbox
 * cashier reports it paid with `amount` (by default what the payment expects) through its signed
 * postback, as a provider would. Resolves with the payment's id.
 */
export async function payThroughSandbox(input: {
  db: Kysely<Database>;
  sandboxSecret: string;
  session: Partial<DemoSession>;
  productId: number;
  orderId: number;
  refNo: string;
  amount?: number;
}): Promise<{ paymentId: number }> {
  const baseUrl = inject('baseUrl');
  const code = await fetch(`${baseUrl}${routes.generateVcode.path}?${sessionQuery(input.session)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
    body: new URLSearchParams({
      productId: String(input.productId),
      orderId: String(input.orderId),
      channelNumber: 'BAYD',
    }),
  });
  expect(await code.text()).toContain('"00"');
  const pending = await input.db
    .selectFrom('payments')
    .select(['id', 'txnid', 'expected_amount'])
    .where('order_id', '=', input.orderId)
    .executeTakeFirstOrThrow();
  const postback = await fetch(`${baseUrl}/payments/sandbox/postback`, {
    method: 'POST',
    body: sandboxPostback(input.sandboxSecret, {
      txnid: pending.txnid,
      refNo: input.refNo,
      status: 'S',
      amount: input.amount ?? pending.expected_amount,
    }),
  });
  expect(await postback.text()).toBe('result=OK');
  return { paymentId: pending.id };
}
