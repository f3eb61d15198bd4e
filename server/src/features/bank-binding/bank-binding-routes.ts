import type { FastifyInstance } from 'fastify';
import { endpoints } from '@kwarta/contract';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { bindPaymentAccount, paymentAccountForm, type ProductOpenToBorrower } from './payment-accounts.ts';

/**
 * Spec §7 "Bank binding": the form and the binding, for the products `productOpenToBorrower`
 * (orders' answer, handed in by app.ts) lets the borrower bind an account for.
 */
export function bankBindingRoutes(productOpenToBorrower: ProductOpenToBorrower) {
  return async function bankBinding(app: FastifyInstance): Promise<void> {
    const deps = {
      db: app.db,
      clock: app.clock,
      config: app.config,
      accountKeys: app.accountKeys,
      productOpenToBorrower,
    };
    registerEndpoint(app, endpoints.cardInit, (input, { borrower }) =>
      paymentAccountForm(deps, borrower.id, input),
    );
    registerEndpoint(app, endpoints.bindCardNew, (input, { borrower }) =>
      bindPaymentAccount(deps, borrower.id, input),
    );
  };
}
