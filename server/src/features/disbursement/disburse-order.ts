import { fillMessage, messages } from '@kwarta/contract';
import {
  calendarDateAt,
  disbursementEntry,
  OrderStatus,
  payoutFailedEntry,
  payoutSendingEntry,
} from '@kwarta/domain';
import type { Kysely } from 'kysely';
import type { Database, Order } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Deps } from '../../lib/deps.ts';
import { defaultPayoutAccount, type PayoutAccount } from '../bank-binding/index.ts';
import { identityHoldsDisbursement } from '../identity/index.ts';
import { postJournalEntry, type JournalPosting } from '../ledger/index.ts';
import {
  orderCharges,
  TransitionRefused,
  findOrder,
  findOrderToDisburse,
  markOrderPaidOut,
  recordPayoutRefused,
} from '../orders/index.ts';
import { recordOrderPortfolio } from '../portfolio/index.ts';
import { recordCoveredTransaction } from '../aml/index.ts';

export type DisburseDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'accountKeys' | 'payouts'>;

/** What the attempt came to, for a caller that records it with the outcome (the console's audit). */
export type DisbursementOutcome =
  { paid: true; order: Order } | { paid: false; orderId: number; account: string; reason: string };

export interface DisburseOptions {
  /** Runs inside the transaction that records the outcome, so what it writes commits with it. */
  recordOutcome?: (trx: Kysely<Database>, outcome: DisbursementOutcome) => Promise<void>;
}

/** The payout was refused by the provider; the order stays approved and the borrower is asked to rebind. */
export class PayoutFailed extends TransitionRefused {}

/**
 * The provider took the payout but has not paid it yet: the attempt stays `sending` (blocking
 * another payout of the order) and the order approved, until the resume job hears the outcome.
 */
export class PayoutPending extends TransitionRefused {}

/**
 * 151 → 170 (decision 0052): the principal is paid out to the borrower's default payment account,
 * and only once the provider took it does the order move, with today's date (the lender's)
 * fixing the disbursement date and every due date; the amounts stay those confirmed.
 *
 * The attempt is recorded as `sending` before the provider is called, and the database allows
 * one sending-or-sent attempt per order, so two operators (or a retry) cannot pay twice. A
 * refused payout is recorded, the order stays in 151 and remembers the account, which makes the
 * order page ask for another one (cardNeedPop) until the borrower binds it; disbursing again
 * then pays the new default. A product that asks for a withdrawal confirmation is disbursed only
 * once the borrower gave it.
 */
export async function disburseOrder(
  deps: DisburseDeps,
  orderId: number,
  actor: string,
  reason?: string,
  options: DisburseOptions = {},
): Promise<Order> {
  const order = await findOrderToDisburse(deps.db, orderId);
  if (!order) throw new TransitionRefused(`Order ${orderId} does not exist.`);
  if (order.status !== OrderStatus.Approved) {
    throw new TransitionRefused(
      fillMessage(messages.orderTransitionRefused, {
        orderId,
        status: order.status,
        to: OrderStatus.Repaying,
      }),
    );
  }
  // A product asks for the confirmation by naming where the borrower gives it (playeduL).
  if (order.withdraw_confirm_url !== '' && !order.withdraw_confirmed_at) {
    throw new TransitionRefused(fillMessage(messages.orderAwaitsWithdrawalConfirmation, { orderId }));
  }
  // Know the borrower before money leaves (decision 0108).
  const identityHold = await identityHoldsDisbursement(deps, order.borrower_id, orderId);
  if (identityHold) throw new TransitionRefused(identityHold);
  const account = await defaultPayoutAccount(deps, order.borrower_id);
  if (!account) throw new TransitionRefused(fillMessage(messages.orderNoPayoutAccount, { orderId }));

  const startedAt = deps.clock.now().toISOString();
  let attemptId: number;
  try {
    // The principal leaves the provider's cash with the attempt: in transit until the outcome.
    const attempt = await inTransaction(deps.db, async (trx) => {
      const inserted = await trx
        .insertInto('disbursements')
        .values({
          order_id: orderId,
          account_id: account.id,
          amount: order.principal,
          provider: deps.payouts.name,
          status: 'sending',
          actor,
          created_at: startedAt,
          updated_at: startedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await postJournalEntry(
        trx,
        payoutSendingEntry({ provider: deps.payouts.name, amount: order.principal }),
        {
          ...payoutPosting(deps, { id: inserted.id, orderId }, 'sending'),
          at: new Date(startedAt),
        },
      );
      return inserted;
    });
    attemptId = attempt.id;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new TransitionRefused(fillMessage(messages.orderPayoutInProgress, { orderId }));
    }
    throw error;
  }

  return sendDisbursement(
    deps,
    { id: attemptId, orderId, account, amount: order.principal, actor, reason: reason ?? null },
    options,
  );
}

/** A disbursement recorded as `sending`: what is paid, to whom, for whom. */
export interface SendingDisbursement {
  id: number;
  orderId: number;
  account: PayoutAccount;
  amount: number;
  actor: string;
  reason: string | null;
}

/**
 * Pays a `sending` attempt through the payout port and records the outcome: the disbursement's
 * second half, run by disburseOrder and again by the resume job for an attempt whose outcome a
 * crash lost. The port is idempotent on the reference (`disbursement-<id>`), so asking again
 * never pays twice; recording is conditional on the attempt still being `sending`, so only one
 * of two runs records it (the other answers the order as it is).
 */
export async function sendDisbursement(
  deps: DisburseDeps,
  attempt: SendingDisbursement,
  options: DisburseOptions = {},
): Promise<Order> {
  const { id: attemptId, orderId, account } = attempt;
  // Outside any transaction: the provider is slow and external. If it throws, the attempt stays
  // `sending` (the outcome is unknown), which blocks a second payout until the resume job asks again.
  const result = await deps.payouts.send({
    reference: `disbursement-${attemptId}`,
    amount: attempt.amount,
    account,
  });
  // Not paid yet, not refused: nothing to record. It stays `sending`, and the resume job asks again.
  if (result.ok === 'pending') throw new PayoutPending(fillMessage(messages.orderPayoutPending, { orderId }));
  const at = deps.clock.now().toISOString();
  const settle = (
    trx: Kysely<Database>,
    changes: { status: 'sent' | 'failed'; reference?: string; failure?: string },
  ) =>
    trx
      .updateTable('disbursements')
      .set({ ...changes, updated_at: at })
      .where('id', '=', attemptId)
      .where('status', '=', 'sending')
      .executeTakeFirst()
      .then((update) => Number(update.numUpdatedRows) === 1);

  if (!result.ok) {
    const recorded = await inTransaction(deps.db, async (trx) => {
      if (!(await settle(trx, { status: 'failed', failure: result.reason }))) return false;
      await postJournalEntry(
        trx,
        payoutFailedEntry({ provider: deps.payouts.name, amount: attempt.amount }),
        { ...payoutPosting(deps, attempt, 'failed'), memo: `payout refused: ${result.reason}` },
      );
      await recordPayoutRefused(trx, orderId, account.id, at);
      await options.recordOutcome?.(trx, {
        paid: false,
        orderId,
        account: account.maskedAccount,
        reason: result.reason,
      });
      return true;
    });
    if (!recorded) return findOrder(deps.db, orderId);
    throw new PayoutFailed(
      fillMessage(messages.orderPayoutFailed, {
        orderId,
        account: account.maskedAccount,
        reason: result.reason,
      }),
    );
  }

  const today = calendarDateAt(deps.clock.now(), deps.config.lenderTimeZone);
  return inTransaction(deps.db, async (trx) => {
    if (!(await settle(trx, { status: 'sent', reference: result.providerReference }))) {
      return findOrder(trx, orderId);
    }
    const disbursed = await markOrderPaidOut(trx, {
      orderId,
      actor: attempt.actor,
      reason: attempt.reason,
      now: deps.clock.now(),
      today,
    });
    await postJournalEntry(
      trx,
      disbursementEntry({ principal: attempt.amount, ...(await orderCharges(trx, orderId)) }),
      { ...payoutPosting(deps, attempt, 'sent'), providerRef: result.providerReference },
    );
    await recordOrderPortfolio(trx, orderId, deps.config.lenderTimeZone);
    // Above the threshold a payout is a covered transaction, flagged once per attempt (decision 0112).
    await recordCoveredTransaction(trx, {
      key: `payout:${attemptId}`,
      what: 'payout',
      borrowerId: disbursed.borrower_id,
      orderId,
      amount: attempt.amount,
      at: deps.clock.now(),
      timeZone: deps.config.lenderTimeZone,
      threshold: deps.config.amlCoveredThreshold,
    });
    await options.recordOutcome?.(trx, { paid: true, order: disbursed });
    return disbursed;
  });
}

/** The ledger's posting of a disbursement attempt's step, keyed by attempt so each books once. */
function payoutPosting(
  deps: DisburseDeps,
  attempt: { id: number; orderId: number },
  step: 'sending' | 'sent' | 'failed',
): JournalPosting {
  return {
    eventKey: `disbursement:${attempt.id}:${step}`,
    at: deps.clock.now(),
    timeZone: deps.config.lenderTimeZone,
    orderId: attempt.orderId,
    provider: deps.payouts.name,
    memo: `disbursement ${attempt.id} ${step}`,
  };
}
