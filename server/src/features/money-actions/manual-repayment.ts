import { addDays, calendarDateAt, compareDates, owingStatuses, type CalendarDate } from '@kwarta/domain';
import { manualChannels, type ManualChannel } from '@kwarta/contract';
import { inTransaction } from '../../db/transaction.ts';
import { findOrderAccount } from '../orders/index.ts';
import { applyPaidPayment } from '../payments/index.ts';
import {
  checkAmount,
  checkReference,
  MoneyActionRefused,
  type MoneyActionDeps,
} from './money-action-refused.ts';

export interface ManualRepaymentInput {
  orderId: number;
  amount: number;
  channel: ManualChannel;
  /** The lender's calendar date the money was received (the slip's date). */
  receivedOn: CalendarDate;
  /** The bank's or branch's reference: the same reference posts once. */
  reference: string;
  note?: string;
}

/** How far back a deposit may be dated: a month covers a slip that reached finance late. */
const OLDEST_RECEIVED_DAYS = 31;

/**
 * Money received outside a provider, posted against an order by finance (decision 0110): a paid
 * payment of the configured cash account's provider (`cash:bank` by default), allocated and booked
 * by the same `applyPaidPayment` a provider's postback uses, so the statement, the borrower's page
 * and the reconciliation read it like any payment. Idempotent by reference: the payment's txnid is
 * `manual:<reference>` and (provider, txnid) is unique; the same reference for the same order and
 * amount answers the first posting, for anything else it is refused.
 */
export async function postManualRepayment(deps: MoneyActionDeps, actor: string, input: ManualRepaymentInput) {
  checkAmount(input.amount);
  const reference = checkReference(input.reference);
  if (!(manualChannels as readonly string[]).includes(input.channel)) {
    throw new MoneyActionRefused('moneyActionBadChannel', { channels: manualChannels.join(', ') }, 'invalid');
  }
  const now = deps.clock.now();
  const today = calendarDateAt(now, deps.config.lenderTimeZone);
  const earliest = addDays(today, -OLDEST_RECEIVED_DAYS);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(input.receivedOn) ||
    compareDates(input.receivedOn, earliest) < 0 ||
    compareDates(input.receivedOn, today) > 0
  ) {
    throw new MoneyActionRefused('moneyActionBadDate', { earliest, today }, 'invalid');
  }
  const provider = deps.config.backOffice.manualCashProvider;
  const txnid = `manual:${reference}`;
  return inTransaction(deps.db, async (trx) => {
    const account = await findOrderAccount(trx, { orderId: input.orderId }, { lock: true });
    if (!account)
      throw new MoneyActionRefused('moneyActionNotFound', { subject: `Order ${input.orderId}` }, 'not-found');
    const at = now.toISOString();
    const inserted = await trx
      .insertInto('payments')
      .values({
        provider,
        txnid,
        order_id: account.order.id,
        borrower_id: account.order.borrower_id,
        kind: 'repayment',
        expected_amount: input.amount,
        received_amount: input.amount,
        channel: input.channel,
        ref_no: reference,
        status: 'paid',
        extension_days: null,
        open_key: null,
        expires_at: at,
        created_at: at,
        updated_at: at,
        paid_at: at,
        received_at: at,
      })
      .onConflict((oc) => oc.columns(['provider', 'txnid']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) {
      const first = await trx
        .selectFrom('payments')
        .selectAll()
        .where('provider', '=', provider)
        .where('txnid', '=', txnid)
        .executeTakeFirstOrThrow();
      if (first.order_id !== account.order.id || first.expected_amount !== input.amount) {
        throw new MoneyActionRefused(
          'moneyActionReferenceUsed',
          {
            reference,
            subject: `order ${first.order_id} (${first.expected_amount} centavos)`,
          },
          'conflict',
        );
      }
      return { payment: first, applied: false as const };
    }
    // Checked after the insert, under the order's lock: a refusal rolls the payment back with it.
    if (!(owingStatuses as readonly number[]).includes(account.order.status)) {
      throw new MoneyActionRefused('moneyActionOrderNotOwing', {
        orderId: account.order.id,
        status: account.order.status,
      });
    }
    const result = await applyPaidPayment(trx, inserted, {
      as: 'repayment',
      actor,
      now,
      timeZone: deps.config.lenderTimeZone,
      coveredThreshold: deps.config.amlCoveredThreshold,
      from: 'provider',
    });
    await trx
      .insertInto('manual_repayments')
      .values({
        payment_id: inserted.id,
        channel: input.channel,
        received_on: input.receivedOn,
        reference,
        note: (input.note ?? '').trim().slice(0, 500),
        posted_by: actor,
        created_at: at,
      })
      .execute();
    return { payment: inserted, applied: true as const, ...result };
  });
}
