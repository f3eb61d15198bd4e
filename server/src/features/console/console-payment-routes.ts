import type { FastifyInstance } from 'fastify';
import { endpoints } from '@kwarta/contract';
import type { Payment } from '../../db/schema.ts';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { audited } from '../operators/index.ts';
import { acceptHeldPayment, paymentList, returnHeldPayment } from '../payments/index.ts';
import { registerPersonalDataRead } from '../data-privacy/index.ts';
import { withDb } from '../../lib/with-db.ts';

/** What the audit keeps of a reviewed payment, before and after. */
const reviewed = (payment: Payment) => ({
  status: payment.status,
  statusReason: payment.status_reason,
  orderId: payment.order_id,
  expectedAmount: payment.expected_amount,
  receivedAmount: payment.received_amount,
});

/**
 * The payments screens' calls (decision 0080): the list, and finance's accept or return of a payment
 * held for review. Both writes are use cases of features/payments; each is audited in the
 * transaction that records it.
 */
export function consolePaymentCalls(app: FastifyInstance): void {
  registerPersonalDataRead(app, endpoints.consolePayments, {
    what: 'payments list',
    read: (input) => paymentList(app.db, input),
    subjects: (page) => ({ orderIds: page.items.map((item) => item.orderId) }),
  });

  registerEndpoint(app, endpoints.consoleAcceptPayment, (input, { operator }) =>
    audited(app, operator, async (trx) => {
      const { before, payment, applied, orderStatus } = await acceptHeldPayment(
        withDb(app, trx),
        input.paymentId,
        `operator:${operator.name}`,
      );
      return {
        result: { paymentId: payment.id, status: payment.status, ...applied, orderStatus },
        audit: {
          action: 'payment.accept',
          subject: `payment:${payment.id}`,
          before: reviewed(before),
          after: { ...reviewed(payment), ...applied, orderStatus },
        },
      };
    }),
  );

  // Like the disbursement: the payout is an outside call that must not hold a transaction open,
  // and a refused one is audited although the payment stays held. The audit row is written in
  // the transaction that records the outcome.
  registerEndpoint(app, endpoints.consoleReturnPayment, async (input, { operator }) => {
    const { payment, account } = await returnHeldPayment(app, input.paymentId, {
      recordOutcome: (trx, outcome) =>
        audited({ db: trx, clock: app.clock }, operator, async () => ({
          result: undefined,
          audit: outcome.returned
            ? {
                action: 'payment.return',
                subject: `payment:${input.paymentId}`,
                before: reviewed(outcome.before),
                after: {
                  ...reviewed(outcome.payment),
                  account: outcome.account,
                  reference: outcome.payment.refund_reference,
                },
              }
            : {
                action: 'payment.return.refused',
                subject: `payment:${input.paymentId}`,
                before: reviewed(outcome.before),
                after: { ...reviewed(outcome.before), account: outcome.account, refusal: outcome.reason },
              },
        })),
    });
    return { paymentId: payment.id, status: payment.status, account };
  });
}
