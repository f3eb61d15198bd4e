import type { FastifyInstance } from 'fastify';
import { endpoints } from '@kwarta/contract';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { bindPaymentAccount, paymentAccountForm } from './payment-accounts.ts';

/** Spec §7 "Bank binding": the form and the binding. */
export async function bankBindingRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, endpoints.cardInit, (input, { borrower }) =>
    paymentAccountForm(app, borrower.id, input),
  );
  registerEndpoint(app, endpoints.bindCardNew, (input, { borrower }) =>
    bindPaymentAccount(app, borrower.id, input),
  );
}
