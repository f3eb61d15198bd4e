import type { FastifyInstance } from 'fastify';
import { endpoints } from '@kwarta/contract';
import { disburseOrder } from '../../src/features/disbursement/index.ts';
import { approveOrder } from '../../src/features/orders/index.ts';
import { callEndpoint } from './api.ts';
import { newBorrower } from './borrowers.ts';
import { bindCard } from './payment-accounts.ts';

/**
 * A borrower of the test's own (one per phone) with an approved Kwarta Starter order of ₱2,500
 * over 4 weeks and a bound payout account: what a money test starts from.
 */
export async function approvedOrder(t: { app: FastifyInstance }, phone: string) {
  const borrower = await newBorrower(t.app, phone);
  const product = await t.app.db
    .selectFrom('products')
    .select('id')
    .where('name', '=', 'Kwarta Starter')
    .executeTakeFirstOrThrow();
  await bindCard(t.app, borrower.session, product.id);
  const pushed = await callEndpoint(t.app, endpoints.loanDetailPush, {
    session: borrower.session,
    body: {
      productId: String(product.id),
      amount: '250000',
      periods: '4',
      termUnit: '1',
      requestId: `order-${phone}`,
    },
  });
  const orderId = (pushed.envelope!.data as { orderId: number }).orderId;
  await approveOrder(t.app, orderId, 'operator:test');
  return { borrowerId: borrower.borrowerId, orderId, productId: product.id, session: borrower.session };
}

/** The same order paid out by the sandbox: the loan is repaying. */
export async function disbursedOrder(t: { app: FastifyInstance }, phone: string) {
  const approved = await approvedOrder(t, phone);
  await disburseOrder(t.app, approved.orderId, 'operator:test');
  return approved;
}
