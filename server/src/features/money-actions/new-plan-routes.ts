import type { FastifyInstance } from 'fastify';
import { endpoints } from '@kwarta/contract';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { ApiError } from '../../lib/api-error.ts';
import { findOrderDetail } from '../orders/index.ts';
import { acceptRestructuring, offeredRestructuring } from './restructuring.ts';

/** The borrower's side of a new plan (decision 0110): its disclosure, and the acceptance. */
export async function newPlanRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, endpoints.newPlanOffer, async (input, { borrower }) => {
    const order = await findOrderDetail(app.db, borrower.id, input.orderId);
    // A foreign order, or one asked for under another product, is a missing one (as the order page).
    if (!order || order.product_id !== input.productId) throw ApiError.notFound();
    const offer = await offeredRestructuring(app, { orderId: order.id, borrowerId: borrower.id });
    return {
      orderId: order.id,
      productId: order.product_id,
      orderNo: order.order_no,
      offer: offer && {
        id: offer.id,
        owedNow: offer.owedNow,
        instalmentsLeft: offer.instalmentsLeft,
        nextDueDate: offer.nextDueDate,
        principalOwed: offer.principal_owed,
        interest: offer.interest,
        total: offer.total,
        instalments: offer.plan.map((line) => ({ ...line, amount: line.principal + line.interest })),
      },
    };
  });

  registerEndpoint(app, endpoints.newPlanAccept, async (input, { borrower }) => {
    const { order, applied } = await acceptRestructuring(app, {
      borrowerId: borrower.id,
      restructuringId: input.restructuringId,
    });
    return { orderId: order.id, orderStatus: order.status, applied };
  });
}
