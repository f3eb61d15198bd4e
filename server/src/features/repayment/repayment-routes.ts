import type { FastifyInstance } from 'fastify';
import { webRoutes, endpoints, type SessionQuery } from '@kwarta/contract';
import { moneyStyleFor } from '@kwarta/domain';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { ApiError } from '../../lib/api-error.ts';
import { startPayment } from '../payments/index.ts';
import { extensionInfo, repaymentInfo } from './repayment-info.ts';

/** Spec §7 "Repayment and loan": the instalment and extension pages' calls and generate-vcode. */
export async function repaymentRoutes(app: FastifyInstance): Promise<void> {
  // Amounts in the page's currency: system=1 means rupees (spec §1).
  const infoDeps = (session: SessionQuery) => ({
    db: app.db,
    config: app.config,
    money: moneyStyleFor(app.config.market.money, session.system),
    now: app.clock.now(),
  });

  registerEndpoint(app, endpoints.loanPlayDetail, async (input, { borrower, session }) => {
    const info = await repaymentInfo(infoDeps(session), borrower.id, input);
    if (!info) throw ApiError.notFound();
    return info;
  });

  registerEndpoint(app, endpoints.emphasisMiles, async (input, { borrower, session }) => {
    const info = await extensionInfo(infoDeps(session), borrower.id, input);
    if (!info) throw ApiError.notFound();
    return info;
  });

  registerEndpoint(app, endpoints.generateVcode, async (input, { borrower, session }) => {
    const started = await startPayment(app, {
      borrowerId: borrower.id,
      orderId: input.orderId,
      productId: input.productId,
      kind: input.isDelay === '1' ? 'extension' : 'repayment',
      channelId: input.channelNumber,
    });
    // A pay page of our own (the sandbox cashier) brings the borrower back to the order; the
    // session query rides only in this answer, never in what is stored.
    if (!started.payUrl.startsWith('/')) return started;
    const back = new URLSearchParams(
      Object.entries(session).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    back.set('productId', String(input.productId));
    back.set('orderId', String(input.orderId));
    const returnUrl = `${webRoutes.orderDetails}?${back.toString()}`;
    const joiner = started.payUrl.includes('?') ? '&' : '?';
    return { ...started, payUrl: `${started.payUrl}${joiner}return=${encodeURIComponent(returnUrl)}` };
  });
}
