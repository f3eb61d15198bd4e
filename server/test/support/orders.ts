import type { FastifyInstance } from 'fastify';
import { endpoints } from '@kwarta/contract';
import { disburseOrder } from '../../src/features/disbursement/index.ts';
import { approveOrder } from '../../src/features/orders/index.ts';
import { callEndpoint } from './api.ts';
import { newBorrower } from './borrowers.ts';
import { bindCard } from './payment-accounts.ts';

export interface OrderTerms {
  /** Centavos; ₱10,000 unless said. */
  amount?: number;
  periods?: number;
  /** The product by name; the first product the market seeds unless said. */
  productName?: string;
}

/**
 * A borrower of the test's own (one per phone) with a bound payout account and an order applied
 * for (status 21) through the borrower's own call.
 */
export async function appliedOrder(t: { app: FastifyInstance }, phone: string, terms: OrderTerms = {}) {
  const borrower = await newBorrower(t.app, phone);
  let products = t.app.db.selectFrom('products').select('id').orderBy('id');
  if (terms.productName) products = products.where('name', '=', terms.productName);
  const product = await products.executeTakeFirstOrThrow();
  await bindCard(t.app, borrower.session, product.id);
  const pushed = await callEndpoint(t.app, endpoints.loanDetailPush, {
    session: borrower.session,
    body: {
      productId: String(product.id),
      amount: String(terms.amount ?? 1_000_000),
      periods: String(terms.periods ?? 3),
      termUnit: '1',
      requestId: `order-${phone}`,
    },
  });
  const orderId = (pushed.envelope!.data as { orderId: number }).orderId;
  return { borrowerId: borrower.borrowerId, orderId, productId: product.id, session: borrower.session };
}

/**
 * An approved Kwarta Starter order of ₱2,500 over 4 weeks with a bound payout account: what a
 * money test starts from.
 */
export async function approvedOrder(t: { app: FastifyInstance }, phone: string) {
  const applied = await appliedOrder(t, phone, {
    amount: 250_000,
    periods: 4,
    productName: 'Kwarta Starter',
  });
  await approveOrder(t.app, applied.orderId, 'operator:test');
  return applied;
}

/** The same order paid out by the sandbox: the loan is repaying. */
export async function disbursedOrder(t: { app: FastifyInstance }, phone: string) {
  const approved = await approvedOrder(t, phone);
  await disburseOrder(t.app, approved.orderId, 'operator:test');
  return approved;
}
