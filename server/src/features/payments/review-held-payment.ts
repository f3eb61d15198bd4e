import type { Kysely } from 'kysely';
import { fillMessage, messages } from '@kwarta/contract';
import type { Database, Payment } from '../../db/schema.ts';
import { afterCommit, inTransaction } from '../../db/transaction.ts';
import { Refusal } from '../../lib/refusal.ts';
import type { Deps } from '../../lib/deps.ts';
import { defaultPayoutAccount, type PayoutAccount } from '../bank-binding/index.ts';
import { findOrderStatus } from '../orders/index.ts';
import { heldPaymentReturnedEntry } from '@kwarta/domain';
import { postJournalEntry } from '../ledger/index.ts';
import { applyPaidPayment, paymentPosting, type AppliedPayment, type PostingDeps } from './post-payment.ts';

/** The payment is not (or no longer) held: someone accepted or returned it first. */
export class PaymentReviewRefused extends Refusal {
  constructor(message: string) {
    super('refused', message);
  }
}

/** The money could not go back (no account, or the payout provider refused it): the payment stays held. */
export class PaymentReturnFailed extends PaymentReviewRefused {}

/**
 * The payout provider took the return but has not paid it yet: the payment stays `returning`
 * (neither accepted nor returned again) until the resume job hears the outcome.
 */
export class PaymentReturnPending extends PaymentReviewRefused {}

async function findPayment(db: Kysely<Database>, paymentId: number): Promise<Payment> {
  const payment = await db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
  if (!payment) throw Refusal.notFound();
  return payment;
}

/** Read again after a conditional move found nothing to move, so the refusal names the status that won. */
async function notHeld(db: Kysely<Database>, paymentId: number): Promise<PaymentReviewRefused> {
  const now = await findPayment(db, paymentId);
  return new PaymentReviewRefused(fillMessage(messages.paymentNotHeld, { paymentId, status: now.status }));
}

/**
 * What a held payment received, as the provider stated it. A payment held because that amount
 * was missing, unreadable, zero or negative has nothing to accept or return: finance settles it
 * with the provider first, so neither move may guess a figure.
 */
function receivedOf(payment: Payment): number {
  const received = payment.received_amount;
  if (received === null || received < 1) {
    throw new PaymentReviewRefused(fillMessage(messages.paymentAmountNotUsable, { paymentId: payment.id }));
  }
  return received;
}

export interface AcceptedPayment {
  before: Payment;
  payment: Payment;
  applied: AppliedPayment;
  orderStatus: number;
}

/**
 * Finance accepts a held payment (decision 0080): it becomes paid and the amount actually received
 * is applied to the order by the posting's own applying step — allocation by instalment, the rest
 * the borrower's credit, the order settled through its transition when nothing is owed. A held
 * extension's amount is not the fee, so it buys no extension: it is applied as a repayment.
 * Runs in the caller's transaction (the audit's). The move is conditional on `held`, so a second
 * accept, or one racing a return, finds nothing to move and is refused; nothing is applied twice.
 */
export async function acceptHeldPayment(
  deps: PostingDeps,
  paymentId: number,
  actor: string,
): Promise<AcceptedPayment> {
  return inTransaction(deps.db, async (trx) => {
    const before = await findPayment(trx, paymentId);
    if (before.status === 'held') receivedOf(before);
    const now = deps.clock.now();
    const at = now.toISOString();
    const payment = await trx
      .updateTable('payments')
      .set({ status: 'paid', status_reason: 'accepted_by_operator', paid_at: at, updated_at: at })
      .where('id', '=', paymentId)
      .where('status', '=', 'held')
      .returningAll()
      .executeTakeFirst();
    if (!payment) throw await notHeld(trx, paymentId);
    const applied = await applyPaidPayment(trx, payment, {
      as: 'repayment',
      actor,
      now,
      timeZone: deps.config.lenderTimeZone,
      coveredThreshold: deps.config.amlCoveredThreshold,
      from: 'suspense',
    });
    const orderStatus = await findOrderStatus(trx, payment.order_id);
    if (orderStatus === undefined) throw new Error(`payment ${paymentId} has no order ${payment.order_id}`);
    afterCommit(trx, () => deps.metrics.payment(payment.provider, 'accepted'));
    return { before, payment, applied, orderStatus };
  });
}

/** What a return came to, for a caller that records it with the outcome (the console's audit). */
export type ReturnOutcome =
  | { returned: true; before: Payment; payment: Payment; account: string }
  | { returned: false; before: Payment; account: string | null; reason: string };

export interface ReturnOptions {
  /** Runs inside the transaction that records the outcome, so what it writes commits with it. */
  recordOutcome?: (trx: Kysely<Database>, outcome: ReturnOutcome) => Promise<void>;
}

/**
 * Finance returns a held payment (decision 0080): the amount received goes back to the borrower's
 * default payment account through the payout port, as a disbursement does (decision 0052). The
 * payment is claimed first (held → returning, conditional, so a concurrent accept or return is
 * refused), the payout is sent outside any transaction under the attempt's own reference
 * (`refund-<id>-<attempt>`, which a real provider dedupes on), and the outcome is recorded:
 * returned, or back to held with the refusal. A provider call that throws leaves it `returning`
 * (the outcome is unknown), which blocks another return or an accept until it is looked into.
 */
export async function returnHeldPayment(
  deps: Pick<Deps, 'accountKeys' | 'payouts'> & PostingDeps,
  paymentId: number,
  options: ReturnOptions = {},
): Promise<{ payment: Payment; account: string }> {
  const before = await findPayment(deps.db, paymentId);
  if (before.status !== 'held') throw await notHeld(deps.db, paymentId);
  receivedOf(before);
  const account = await defaultPayoutAccount(deps, before.borrower_id);
  if (!account) {
    await inTransaction(deps.db, async (trx) => {
      await options.recordOutcome?.(trx, {
        returned: false,
        before,
        account: null,
        reason: 'no payment account',
      });
    });
    throw new PaymentReturnFailed(fillMessage(messages.paymentNoReturnAccount, { paymentId }));
  }

  const claimed = await deps.db
    .updateTable('payments')
    .set((eb) => ({
      status: 'returning',
      refund_attempts: eb('refund_attempts', '+', 1),
      refund_account_id: account.id,
      updated_at: deps.clock.now().toISOString(),
    }))
    .where('id', '=', paymentId)
    .where('status', '=', 'held')
    .returningAll()
    .executeTakeFirst();
  if (!claimed) throw await notHeld(deps.db, paymentId);

  const sent = await sendRefund(deps, claimed, account, async (trx, outcome) =>
    options.recordOutcome?.(
      trx,
      outcome.returned
        ? { returned: true, before, payment: outcome.payment, account: account.maskedAccount }
        : { returned: false, before, account: account.maskedAccount, reason: outcome.reason },
    ),
  );
  if (!sent.returned) {
    throw new PaymentReturnFailed(
      fillMessage(messages.paymentReturnFailed, {
        paymentId,
        account: account.maskedAccount,
        reason: sent.reason,
      }),
    );
  }
  return { payment: sent.payment, account: account.maskedAccount };
}

export type RefundOutcome = { returned: true; payment: Payment } | { returned: false; reason: string };

/**
 * Sends a `returning` payment's refund through the payout port and records the outcome:
 * `returned`, or back to `held` with the refusal. returnHeldPayment's second half, run again by
 * the resume job for a refund whose outcome a throw or a crash lost: the reference is the
 * attempt's own (`refund-<id>-<attempt>`), which the port answers idempotently, and recording is
 * conditional on `returning`, so of two runs one records (the other answers what it recorded).
 */
export async function sendRefund(
  deps: Pick<Deps, 'payouts'> & PostingDeps,
  claimed: Payment,
  account: PayoutAccount,
  recordOutcome?: (trx: Kysely<Database>, outcome: RefundOutcome) => Promise<unknown>,
): Promise<RefundOutcome> {
  // Outside any transaction: the provider is slow and external.
  const result = await deps.payouts.send({
    reference: `refund-${claimed.id}-${claimed.refund_attempts}`,
    amount: receivedOf(claimed),
    account,
  });
  // Not paid yet, not refused: nothing to record. It stays `returning`, and the resume job asks again.
  if (result.ok === 'pending') {
    throw new PaymentReturnPending(fillMessage(messages.paymentReturnPending, { paymentId: claimed.id }));
  }
  const at = deps.clock.now().toISOString();
  const outcomeOf = (payment: Payment): RefundOutcome =>
    payment.status === 'returned'
      ? { returned: true, payment }
      : { returned: false, reason: result.ok ? `the payment is ${payment.status}` : result.reason };
  return inTransaction(deps.db, async (trx) => {
    const settled = await trx
      .updateTable('payments')
      .set(
        result.ok
          ? {
              status: 'returned',
              status_reason: 'returned_by_operator',
              refund_reference: result.providerReference,
              updated_at: at,
            }
          : { status: 'held', updated_at: at },
      )
      .where('id', '=', claimed.id)
      .where('status', '=', 'returning')
      .returningAll()
      .executeTakeFirst();
    if (!settled) return outcomeOf(await findPayment(trx, claimed.id));
    if (result.ok) {
      // The held money leaves the suspense account through the payout provider's cash.
      await postJournalEntry(
        trx,
        heldPaymentReturnedEntry({ provider: deps.payouts.name, amount: receivedOf(settled) }),
        {
          ...paymentPosting(settled, 'returned', deps.clock.now(), deps.config.lenderTimeZone),
          provider: deps.payouts.name,
          providerRef: result.providerReference,
          memo: 'held payment returned to the borrower',
        },
      );
    }
    const outcome = outcomeOf(settled);
    await recordOutcome?.(trx, outcome);
    if (outcome.returned) afterCommit(trx, () => deps.metrics.payment(settled.provider, 'returned'));
    return outcome;
  });
}
