import {
  allocatedPaymentEntry,
  cashAccount,
  extensionFeeEntry,
  heldPaymentEntry,
  LedgerAccount,
  OrderStatus,
  repaymentEntry,
  type JournalEntryDraft,
} from '@kwarta/domain';
import { MAX_INT } from '@kwarta/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import { postJournalEntry } from '../ledger/index.ts';
import { applyExtension, applyRepayment, findOrderAccount } from '../orders/index.ts';
import { recordOrderPortfolio } from '../portfolio/index.ts';
import { recordCoveredTransaction } from '../aml/index.ts';
import type { Database, Payment } from '../../db/schema.ts';
import { afterCommit, inTransaction } from '../../db/transaction.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProviderPaymentState } from './payment-provider.ts';

export type PostingOutcome =
  /** Paid and applied to the order (repayment or extension). */
  | 'posted'
  /** Paid, but not the amount we asked for: kept for review, nothing applied. */
  | 'held'
  /** Marked failed or expired. */
  | 'closed'
  /** Nothing to do: still pending, already final, or a paid payment told it failed. */
  | 'unchanged'
  /** No payment of ours has this txnid. */
  | 'unknown';

export interface PostingInput {
  provider: string;
  txnid: string;
  /** The provider's confirmed state (after its status re-query where it has one). */
  state: ProviderPaymentState;
}

/** What posting needs: the lender's time zone dates its journal entries. */
export type PostingDeps = Pick<Deps, 'db' | 'clock' | 'metrics'> & {
  config: Pick<Config, 'lenderTimeZone' | 'amlCoveredThreshold'>;
};

/** Statuses a payment may leave for paid: money that arrives after we gave up on it still counts. */
const PAYABLE = ['pending', 'failed', 'expired'] as const;

/**
 * Posts a provider's confirmed word on one payment, exactly once (D8). Idempotent per
 * (provider, txnid): every move is a conditional update from the statuses it may come from, so
 * a replay, a concurrent duplicate or a later contrary word changes nothing — a paid payment
 * never moves back. A paid amount other than the one we asked for is held for review, not
 * posted: finance accepts or returns it in the console (review-held-payment.ts). Runs in the
 * caller's transaction when given one (the provider callback's).
 */
export async function postPayment(
  deps: PostingDeps,
  input: PostingInput,
): Promise<{ outcome: PostingOutcome; payment: Payment | null }> {
  return inTransaction(deps.db, async (trx) => {
    const counted = (outcome: 'posted' | 'held' | 'closed') =>
      afterCommit(trx, () => deps.metrics.payment(input.provider, outcome));
    const now = deps.clock.now();
    const at = now.toISOString();
    const payment = await trx
      .selectFrom('payments')
      .selectAll()
      .where('provider', '=', input.provider)
      .where('txnid', '=', input.txnid)
      .executeTakeFirst();
    if (!payment) return { outcome: 'unknown' as const, payment: null };
    const { state } = input;
    const move = (changes: Partial<Payment>, from: readonly Payment['status'][]) =>
      trx
        .updateTable('payments')
        .set({ ...changes, open_key: null, updated_at: at })
        .where('id', '=', payment.id)
        .where('status', 'in', from)
        .returningAll()
        .executeTakeFirst();

    if (state.status === 'pending') return { outcome: 'unchanged' as const, payment };
    if (state.status === 'failed' || state.status === 'expired') {
      const moved = await move({ status: state.status, ref_no: state.refNo || payment.ref_no }, ['pending']);
      if (moved) counted('closed');
      return { outcome: moved ? ('closed' as const) : ('unchanged' as const), payment: moved ?? payment };
    }
    // An amount the provider did not state, or that could not be read, never counts as the one
    // asked for: it is held like a wrong one, for finance to check with the provider. So is one
    // beyond what a money column holds (PostgreSQL's integer, ±₱21,474,836.47, decision 0102): it
    // is recorded as unknown, where storing it failed every retry of the postback with a 500.
    const stated = state.amount;
    const outOfRange = stated !== null && Math.abs(stated) > MAX_INT;
    const received = outOfRange ? null : stated;
    if (stated !== payment.expected_amount) {
      const held = await move(
        {
          status: 'held',
          status_reason:
            stated === null ? 'amount_unreadable' : outOfRange ? 'amount_out_of_range' : 'amount_mismatch',
          received_amount: received,
          received_at: at,
          ref_no: state.refNo || payment.ref_no,
        },
        PAYABLE,
      );
      if (!held) return { outcome: 'unchanged' as const, payment };
      // The money is ours to hold until finance accepts or returns it; an amount nobody could
      // read books nothing until finance settles it with the provider.
      if (received !== null && received > 0) {
        await postJournalEntry(trx, heldPaymentEntry({ provider: held.provider, amount: received }), {
          ...paymentPosting(held, 'held', now, deps.config.lenderTimeZone),
          memo: `held for review: ${held.status_reason}`,
        });
      }
      counted('held');
      return { outcome: 'held' as const, payment: held };
    }
    const paid = await move(
      {
        status: 'paid',
        received_amount: received,
        received_at: at,
        paid_at: at,
        ref_no: state.refNo || payment.ref_no,
      },
      PAYABLE,
    );
    if (!paid) return { outcome: 'unchanged' as const, payment };
    await applyPaidPayment(trx, paid, {
      as: paid.kind,
      actor: `payment:${paid.provider}:${paid.txnid}`,
      now,
      timeZone: deps.config.lenderTimeZone,
      coveredThreshold: deps.config.amlCoveredThreshold,
      from: 'provider',
    });
    counted('posted');
    return { outcome: 'posted' as const, payment: paid };
  });
}

export interface AppliedPayment {
  /** Applied to what the order owed (or, for an extension, its fee). */
  allocated: number;
  /** Beyond what was owed: the borrower's credit. */
  credit: number;
}

/**
 * Applies a paid payment's received amount to its order (in the caller's transaction) and keeps
 * what it paid for: allocations by instalment, or the extension; anything beyond what is owed is
 * the borrower's credit. `as` is the payment's kind, except for a held extension an operator
 * accepts: its amount is not the fee, so it cannot buy the extension and is applied as a repayment.
 */
export async function applyPaidPayment(
  trx: Kysely<Database>,
  payment: Payment,
  how: {
    as: Payment['kind'];
    actor: string;
    now: Date;
    timeZone: string;
    /** Centavos above which the payment is a covered transaction (AML_COVERED_THRESHOLD, decision 0112). */
    coveredThreshold: number;
    /** Where the money is: just received at the provider, or held in suspense and now accepted. */
    from: 'provider' | 'suspense';
  },
): Promise<AppliedPayment> {
  const { actor, now } = how;
  const amount = payment.received_amount ?? payment.expected_amount;
  let credit = 0;
  const source = how.from === 'provider' ? cashAccount(payment.provider) : LedgerAccount.HeldPaymentsSuspense;
  let entry: JournalEntryDraft | null;
  const rows: {
    component: Database['payment_allocations']['component'];
    plan_seq: number | null;
    amount: number;
  }[] = [];
  // An extension paid for an order written off since: the money is a recovery, not credit (0103).
  // Read under the order's row lock (PostgreSQL), which a write-off takes too, so none slips between.
  const writtenOff =
    how.as === 'extension' &&
    (await findOrderAccount(trx, { orderId: payment.order_id }, { lock: true }))?.order.status ===
      OrderStatus.WrittenOff;
  const as = writtenOff ? 'repayment' : how.as;
  if (as === 'extension') {
    const extended = await applyExtension(trx, {
      orderId: payment.order_id,
      days: payment.extension_days ?? 0,
      actor,
      reason: 'extension paid',
      now,
    });
    if (extended) {
      rows.push({ component: 'extension_fee', plan_seq: null, amount });
      entry = extensionFeeEntry({ source, fee: amount });
    } else {
      // The order cannot take the extension any more (repaid, limit reached meanwhile): the fee is the borrower's.
      credit = amount;
      entry = repaymentEntry({ source, allocations: [], credit, feesPaid: 0 });
    }
  } else {
    const applied = await applyRepayment(trx, {
      orderId: payment.order_id,
      amount,
      actor,
      reason: 'repayment',
      now,
      timeZone: how.timeZone,
    });
    for (const allocation of applied.allocations) {
      rows.push({ component: allocation.component, plan_seq: allocation.seq, amount: allocation.amount });
    }
    credit = applied.credit;
    entry = allocatedPaymentEntry({
      source,
      order: applied.charges,
      before: applied.before,
      applied,
      writtenOff: applied.writtenOff,
    });
  }
  await postJournalEntry(trx, entry, {
    ...paymentPosting(payment, 'applied', now, how.timeZone),
    memo: `${how.as}${as === how.as ? '' : ' (applied as a repayment: the order was written off)'} ${how.from === 'suspense' ? 'accepted from review' : 'received'} by ${actor}`,
  });
  if (credit > 0) {
    rows.push({ component: 'credit', plan_seq: null, amount: credit });
    await trx
      .insertInto('borrower_credits')
      .values({
        borrower_id: payment.borrower_id,
        payment_id: payment.id,
        amount: credit,
        created_at: now.toISOString(),
      })
      .execute();
  }
  if (rows.length) {
    await trx
      .insertInto('payment_allocations')
      .values(rows.map((row) => ({ ...row, payment_id: payment.id, order_id: payment.order_id })))
      .execute();
  }
  await recordOrderPortfolio(trx, payment.order_id, how.timeZone);
  // Above the threshold a payment is a covered transaction, flagged once per payment (decision 0112).
  await recordCoveredTransaction(trx, {
    key: `payment:${payment.id}`,
    what: 'payment',
    borrowerId: payment.borrower_id,
    orderId: payment.order_id,
    paymentId: payment.id,
    amount,
    at: now,
    timeZone: how.timeZone,
    threshold: how.coveredThreshold,
  });
  return { allocated: amount - credit, credit };
}

/** The ledger's posting of a payment's step, keyed by payment so a replayed postback books once. */
export function paymentPosting(payment: Payment, step: string, at: Date, timeZone: string) {
  return {
    eventKey: `payment:${payment.id}:${step}`,
    at,
    timeZone,
    orderId: payment.order_id,
    paymentId: payment.id,
    provider: payment.provider,
    providerRef: payment.ref_no || payment.txnid,
  };
}
