import type { FastifyInstance } from 'fastify';
import { repaymentCommit, repaymentConfirm, repaymentHuichao, repaymentWay } from '@kwarta/contract';
import type { Borrower } from '../../db/schema.ts';
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

/** Spec §7 "Legacy": the /carpmm bank-card repayment's four calls (decision 0075). */
export async function legacyRepaymentRoutes(
  app: FastifyInstance,
  options: { cardDebit?: CardDebitProvider } = {},
): Promise<void> {
  const cardDebit = options.cardDebit ?? createCardDebitProvider();
  registerEndpoint(app, repaymentWay, (input, { borrower }) =>
    legacyRepaymentOptions(app, borrower.id, input),
  );
  registerEndpoint(app, repaymentCommit, (input, context) =>
    commitLegacyRepayment(app, callerOf(context.borrower, context), input),
  );
  registerEndpoint(app, repaymentConfirm, (input, context) =>
    confirmLegacyRepayment({ ...pickDeps(app), cardDebit }, callerOf(context.borrower, context), input),
  );
  registerEndpoint(app, repaymentHuichao, (input, { borrower }) =>
    onlineRepaymentUrl(app, borrower.id, input),
  );
}

const pickDeps = (app: FastifyInstance) => ({
  db: app.db,
  clock: app.clock,
  store: app.store,
  accountKeys: app.accountKeys,
  log: app.log,
});
