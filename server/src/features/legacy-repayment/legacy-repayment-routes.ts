import type { FastifyInstance } from 'fastify';
import { messages, endpoints } from '@kwarta/contract';
import type { Borrower } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { registerEndpoint, type HandlerContext } from '../../lib/contract-route.ts';
import { createCardDebitProvider, type CardDebitProvider } from './card-debit.ts';
import {
  commitLegacyRepayment,
  confirmLegacyRepayment,
  legacyRepaymentOptions,
  onlineRepaymentUrl,
  type LegacyCaller,
} from './legacy-repayments.ts';

const callerOf = (borrower: Borrower, context: HandlerContext<'borrower'>): LegacyCaller => ({
  borrowerId: borrower.id,
  phone: borrower.phone,
  ip: context.request.ip,
  deviceId: context.session.deviceId,
});

/**
 * Spec §7 "Legacy": the /carpmm bank-card repayment's four calls (decision 0075). Without a card
 * provider (CARD_DEBIT_PROVIDER=none) the card calls answer that card repayment is not offered,
 * so nothing is committed that nobody can debit; repaying online (huichao) still works.
 */
export async function legacyRepaymentRoutes(
  app: FastifyInstance,
  options: { cardDebit?: CardDebitProvider } = {},
): Promise<void> {
  const cardDebit = options.cardDebit ?? createCardDebitProvider(app.config);
  const notOffered = () => Promise.reject(ApiError.conflict(messages.legacyCardNotOffered));
  registerEndpoint(app, endpoints.repaymentWay, (input, { borrower }) =>
    cardDebit ? legacyRepaymentOptions(app, borrower.id, input) : notOffered(),
  );
  registerEndpoint(app, endpoints.repaymentCommit, (input, context) =>
    cardDebit
      ? commitLegacyRepayment(
          { ...pickDeps(app), smsGateway: app.smsGateway, cardDebit },
          callerOf(context.borrower, context),
          input,
        )
      : notOffered(),
  );
  registerEndpoint(app, endpoints.repaymentConfirm, (input, context) =>
    cardDebit
      ? confirmLegacyRepayment({ ...pickDeps(app), cardDebit }, callerOf(context.borrower, context), input)
      : notOffered(),
  );
  registerEndpoint(app, endpoints.repaymentHuichao, (input, { borrower }) =>
    onlineRepaymentUrl(app, borrower.id, input),
  );
}

const pickDeps = (app: FastifyInstance) => ({
  db: app.db,
  clock: app.clock,
  config: app.config,
  store: app.store,
  accountKeys: app.accountKeys,
  log: app.log,
  metrics: app.metrics,
});
